"""The benchmarks' workloads are the ones the README's figures name (issue 31): their builders,
run small. No time is asserted."""

from __future__ import annotations

from rules.catalog import catalog
from rules.state import Place
from tests import bench_evening, bench_sweep
from tests.bench_pipeline import MONTH_SEED
from tests.bench_seed import survivors


def test_the_big_fight_is_eight_characters_monsters_and_battling_natives_in_one_clearing() -> None:
    data = catalog()
    state = bench_evening.big_fight_state(data)
    here = set(state.at(Place.clearing(bench_evening.CLEARING)))
    assert len(state.characters) == 8
    assert set(state.characters) <= here
    assert {p for p in here if p in bench_evening.MONSTERS} == set(bench_evening.MONSTERS)
    assert {p for p in here if p in bench_evening.NATIVES} == set(bench_evening.NATIVES)
    fight = bench_evening.big_fight(data, state)
    assert fight.battling and all(group == "Bashkars" for group, _ in fight.battling)
    assert fight.rounds >= 3


def test_the_month_benchmark_seed_keeps_all_sixteen_characters_alive_the_whole_month() -> None:
    """The month as a process claims 16 characters' work (the engine alone plays the same game
    as the demo's service; the benchmark checks the process's own database too)."""
    data = catalog()
    alive, combats = survivors(data, MONTH_SEED)
    assert alive == len(data.characters) == 16
    assert combats > 0


def test_the_sweep_wakes_resolves_and_delivers_through_the_scheduler() -> None:
    result = bench_sweep.sweep(catalog(), 1)
    assert (result.resolved, result.orders) == (1, len(bench_sweep.SWEEP_CAST))
    assert result.delivered > 0 and result.files >= result.delivered
