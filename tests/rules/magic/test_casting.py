"""Casting in the Evening with colour chits and alerted Magic chits (8.3.9a–b; rules.magic.
casting): a colour chit supplies a cast once and fatigues, the colour chits played beside the
action fatigue, an alerted Magic chit casts at time 0. The scenario key that gives a character
colour or alerted chits is another part's (``characters.color_chits``, ``alerted_chits``), so
these games are scenarios whose state is given those chits before the engine resolves it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from bot.event_text import english
from rules.catalog import Catalog, catalog
from rules.day.context import Ctx
from rules.day.engine import resolve
from rules.evening.state import CombatState
from rules.events import Event, Resolution
from rules.events.casting import Cast
from rules.events.daylight import Fatigued
from rules.events.magic import ColorSupplied
from rules.magic.casting import refusal
from rules.magic.energizing import options
from rules.orders.model import Orders
from rules.schema.base import MagicColor
from rules.state import GameState
from scenarios.build import build_state
from scenarios.format import load_scenario
from scenarios.run import Outcome, run

#: The Sorcerer with a Goblin Axe (move time 3) on his sheet, on a day without Purple magic.
BASE: dict[str, Any] = {
    "name": "casting with colour chits",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0], "rotation": 0}]},
    "start": "sunset",
    "day": 3,
    "dice": [[4], [5, 4], [4, 1]],
    "characters": {"Sorcerer": {"at": "DW5", "spells": ["Fiery Blast"]}},
    "denizens": [{"name": "Goblin Axe", "at": "DW5"}],
    "until": "evening",
    "expect": {},
}


CAST_IV3 = "cast Fiery Blast with MAGIC IV3*"


def played(
    round_one: dict[str, Any], prepare: Callable[[GameState], None], *, rounds: int = 1
) -> Outcome:
    """The scenario :data:`BASE` with the Sorcerer's plays of round 1, the state given what
    ``prepare`` does before every resolution."""
    data = {**BASE, "plays": {"Sorcerer": [{"round": 1, **round_one}]}}

    def prepared(
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str] | None = None,
        *,
        catalog: Catalog | None = None,
        until: Literal["daylight", "evening", "day"] = "day",
    ) -> Resolution:
        prepare(state)
        return resolve(state, orders, answers, catalog=catalog, until=until)

    return run(catalog(), load_scenario(data), resolve=prepared)


def colored(*labels: str) -> Callable[[GameState], None]:
    """Turn the Sorcerer's active chits ``labels`` (one each) into Purple colour chits, unless
    they are already."""

    def prepare(state: GameState) -> None:
        chits = state.characters["Sorcerer"].chits
        left = list(labels)
        for chit in chits:  # each resolution starts again from the same state
            if chit.label in left and chit.color is not None:
                left.remove(chit.label)
        for chit in chits:
            if chit.label in left and chit.status == "active" and chit.color is None:
                chit.color = MagicColor.PURPLE
                left.remove(chit.label)

    return prepare


def of(kind: type[Event], events: list[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_his_colour_chit_supplies_a_cast_once_then_fatigues_and_reverts() -> None:
    outcome = played(
        {
            "action": {
                "cast": {"spell": "Fiery Blast", "chit": "MAGIC IV3*", "color_chit": "MAGIC IV5*"}
            },
            "target": ["Goblin Axe"],
        },
        colored("MAGIC IV5*"),
    )
    supplied = of(ColorSupplied, outcome.events)
    assert [(s.color, s.source, s.use) for s in supplied] == [("purple", "MAGIC IV5*", "cast")]
    assert [c.chit for c in of(Cast, outcome.events)] == ["MAGIC IV3*"]
    chit = next(c for c in outcome.state.characters["Sorcerer"].chits if c.label == "MAGIC IV5*")
    assert (chit.status, chit.color) == ("fatigued", None)


def test_without_the_colour_the_cast_is_not_offered_and_nothing_fatigues() -> None:
    """The cast is not among his options (issue 34: only what is castable is offered), so the
    answer is his default, none; the rules' reason is the refusal's."""
    outcome = played(
        {
            "action": {"cast": {"spell": "Fiery Blast", "chit": "MAGIC IV3*"}},
            "target": "Goblin Axe",
        },
        lambda state: None,
    )
    assert not of(Cast, outcome.events)
    assert not [f for f in of(Fatigued, outcome.events) if f.chit.startswith("MAGIC")]
    state = load_and_build()
    ctx = Ctx.start(catalog(), state)
    why = refusal(ctx, CombatState(clearing="DW5"), "Sorcerer", CAST_IV3, [])
    assert why is not None and "purple" in english(why)


def test_colour_chits_played_beside_the_action_fatigue_each() -> None:
    outcome = played(
        {
            "action": {
                "cast": {"spell": "Fiery Blast", "chit": "MAGIC IV3*", "color_chit": "MAGIC IV5*"}
            },
            "color_chits": ["MAGIC IV3*"],
            "target": ["Goblin Axe"],
        },
        colored("MAGIC IV5*", "MAGIC IV3*"),
    )
    fatigued = [f.chit for f in of(Fatigued, outcome.events) if f.round == 1]
    assert fatigued[:2] == ["MAGIC IV5*", "MAGIC IV3*"]
    sorcerer = outcome.state.characters["Sorcerer"]
    assert not [c for c in sorcerer.chits if c.color is not None]


def test_an_alerted_magic_chit_casts_at_time_0_whatever_is_on_his_sheet() -> None:
    def alert(state: GameState) -> None:
        chit = next(c for c in state.characters["Sorcerer"].chits if c.label == "MAGIC IV5*")
        chit.alerted = True
        colored("MAGIC IV3*")(state)

    outcome = played(
        {
            "action": {
                "cast": {"spell": "Fiery Blast", "chit": "MAGIC IV5*", "color_chit": "MAGIC IV3*"}
            },
            "target": ["Goblin Axe"],
        },
        alert,
    )
    assert [(c.chit, c.time) for c in of(Cast, outcome.events)] == [("MAGIC IV5*", 0)]


def test_the_colour_decision_offers_every_set_of_his_colour_chits_none_first() -> None:
    state = load_and_build()
    assert options(catalog(), state, "Sorcerer", "DW5") == ["none"]
    colored("MAGIC IV5*", "MAGIC IV3*")(state)
    assert options(catalog(), state, "Sorcerer", "DW5") == [
        "none",
        "MAGIC IV3*",
        "MAGIC IV5*",
        "MAGIC IV3*, MAGIC IV5*",
    ]


def load_and_build() -> GameState:
    return build_state(catalog(), load_scenario({**BASE, "plays": {}}))
