"""Leaving play (rules/day/leaving.py): the order of departures and of fresh starts (9.1.2b), and
what one who leaves the map keeps for his score (9.2.2b)."""

from __future__ import annotations

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.day.leaving import die, left_map, pick_order
from rules.end.scoring import score_character
from rules.events import visible_to
from rules.phrases import phrase, verbatim
from rules.state import Place
from rules.state_check import check_state
from tests.rules.games import fresh

CAST = ("Amazon", "Berserker", "Elf")


def test_the_first_killed_picks_first_and_those_killed_together_roll_one_die_each() -> None:
    state = fresh(3, CAST, Amazon="BL1", Berserker="BL1", Elf="CN1")
    state.dice.forced = [[2], [5]]
    ctx = Ctx.start(catalog(), state)
    die(ctx, "Elf", "killed", moment="combat in CN1, round 1, instant 1", cause=verbatim("test"))
    die(ctx, "Amazon", "killed", moment="combat in BL1, round 2, instant 1", cause=verbatim("test"))
    die(
        ctx,
        "Berserker",
        "killed",
        moment="combat in BL1, round 2, instant 1",
        cause=verbatim("test"),
    )
    seqs = {n: state.characters[n].departed.seq for n in CAST}  # type: ignore[union-attr]
    assert seqs == {"Elf": 1, "Amazon": 2, "Berserker": 2}
    pick_order(ctx)
    picks = {n: state.characters[n].departed.pick for n in CAST}  # type: ignore[union-attr]
    assert picks == {"Elf": 1, "Berserker": 2, "Amazon": 3}
    rolls = [(e.fields["who"], e.fields["roll"]) for e in ctx.events if e.type == "restart_roll"]
    assert rolls == [("Amazon", 2), ("Berserker", 5)]
    assert [e.fields["order"] for e in ctx.events if e.type == "restart_order"] == [
        ["Elf", "Berserker", "Amazon"]
    ]


def test_a_death_is_told_to_his_player_alone_and_abandons_his_belongings_here() -> None:
    state = fresh(3, CAST, Amazon="BL1", Berserker="BL1", Elf="CN1")
    belongings = list(state.at(Place.owner("Amazon")))
    ctx = Ctx.start(catalog(), state)
    die(ctx, "Amazon", "suicide", moment="midnight", cause=phrase("day.suicide"))
    sheet = state.characters["Amazon"]
    assert sheet.dead and sheet.gold == 0 and not sheet.items
    assert state.place_of("Amazon") == Place.OUT
    assert set(belongings) <= set(state.at(Place.clearing("BL1")))
    told = [e for e in ctx.events if e.type == "death_told"]
    assert [e.recipients for e in told] == [("Amazon",)]
    assert not [e for e in visible_to(ctx.events, "Berserker") if e.type == "death_told"]
    assert not [e for e in visible_to(ctx.events, "public") if e.type == "death_told"]


def test_leaving_the_map_keeps_his_sheet_as_it_stood_and_takes_his_belongings_out() -> None:
    state = fresh(3, CAST, Amazon="BL1")
    state.characters["Amazon"].fame = 7
    belongings = list(state.at(Place.owner("Amazon")))
    ctx = Ctx.start(catalog(), state)
    state.put("Amazon", Place.OUT)
    left_map(ctx, "Amazon")
    departure = state.characters["Amazon"].departed
    assert departure is not None and departure.how == "left_map"
    assert departure.restart_day is None and departure.belongings == belongings
    assert departure.sheet is not None and departure.sheet["fame"] == 7
    assert sorted(departure.sheet["items"]) == sorted(belongings)
    assert all(state.place_of(item) == Place.OUT for item in belongings)
    assert not state.characters["Amazon"].dead
    check_state(state, catalog())
    [scored] = [e for e in ctx.events if e.type == "departure_scored"]
    assert scored.recipients == ("Amazon",) and not scored.visible_to("public")
    assert scored.fields["total"] == score_character(catalog(), state, "Amazon").total
    state.characters["Amazon"].fame = 0  # what he records after he left does not count
    assert scored.fields["total"] == score_character(catalog(), state, "Amazon").total
