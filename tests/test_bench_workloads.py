"""The big fight's workload is the one the README's figure names (issue 31). No time is
asserted. The month's and the sweep's workloads are checked by their benchmarks as they run
(``make bench`` stops when a character of the month dies or a campaign's day is not resolved and
delivered): played here they would cost the suite half a minute."""

from __future__ import annotations

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.state import Place
from tests import bench_evening


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


def test_the_big_fight_with_spells_has_its_magic_users_cast_in_it() -> None:
    """Issue 33's Evening bench: the same clearing, the six characters with a battle spell
    first among the eight (five with a colour chit for it: the Magician has one chit of each
    type), several casts taking effect."""
    data = catalog()
    state = bench_evening.spell_fight_state(data)
    here = set(state.at(Place.clearing(bench_evening.CLEARING)))
    assert len(state.characters) == 8 and set(state.characters) <= here
    casters = {n for n, s in state.characters.items() if any(c.color for c in s.chits)}
    assert casters == {"Druid", "Sorcerer", "Witch", "Witch King", "Wizard"}
    result = resolve(state, {}, catalog=data, until="evening")
    took = [e for e in result.events if e.type == "spell_took_effect"]
    assert len(took) >= 3
    assert {e.fields["spell"] for e in took} == {"Fiery Blast", "Stones Fly"}
