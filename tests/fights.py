"""A fight staged in a started campaign's saved game, for the tests and benchmarks of combat
by DM (issue 14): two characters, unhidden, alone with a Giant in the first one's clearing."""

from __future__ import annotations

from sqlalchemy import Engine

from rules.schema.base import MagicColor
from rules.state import GameState, Place
from tests.snapshots import rewrite_latest

#: Plays that answer each combat window without fighting, by a decision kind it asks.
QUIET_PLAYS = {
    "lure": "lure: none",
    "charge": "charge: none\nencounter: none",
    "action": "encounter: none",
    "target": (
        "target: none\nattack: none\nmaneuver: fastest; none\nshield: toward most attackers\n"
        "place: spread"
    ),
}


def quiet_plays(kinds: set[str]) -> str | None:
    """The quiet plays for a window asking ``kinds``, if it asks any of :data:`QUIET_PLAYS`:
    those of each (a window after random assignment asks the Encounter's and the Melee's,
    issue 32), each line once."""
    lines = [line for k in QUIET_PLAYS if k in kinds for line in QUIET_PLAYS[k].splitlines()]
    return "\n".join(dict.fromkeys(lines)) or None


def stage_giant_fight(
    engine: Engine,
    campaign_id: int,
    first: str,
    second: str,
    monsters: tuple[str, ...] = ("Giant 1",),
) -> None:
    """Rewrite the latest snapshot of the campaign ``campaign_id`` (a started game): ``second``
    moved to ``first``'s clearing, everything else there taken out, a Giant (or ``monsters``)
    put in, and every character unhidden."""

    def change(state: GameState) -> None:
        here = state.place_of(first)
        for piece in list(state.at(here)):
            if piece != first:
                state.put(piece, Place.OUT)
        state.put(second, here)
        for monster in monsters:
            state.put(monster, here)
        for character in state.characters.values():
            character.hidden = False

    rewrite_latest(engine, campaign_id, change)


def stage_two_fights(engine: Engine, campaign_id: int, first: str, second: str) -> str:
    """Rewrite the latest snapshot of the campaign ``campaign_id`` (a started game): ``first``
    alone with Giant 1 in his clearing, ``second`` alone with Giant 2 in a clearing next to
    it, both unhidden. Returns the second clearing."""
    from rules.board import board_for
    from rules.catalog import catalog

    def change(state: GameState) -> str:
        here = state.place_of(first)
        other = board_for(catalog(), state.tiles).neighbours(here.removeprefix("at:"))[0]
        for place in (here, Place.clearing(other)):
            for piece in list(state.at(place)):
                if piece != first:
                    state.put(piece, Place.OUT)
        state.put(second, Place.clearing(other))
        state.put("Giant 1", here)
        state.put("Giant 2", Place.clearing(other))
        for character in state.characters.values():
            character.hidden = False
        return other

    return rewrite_latest(engine, campaign_id, change)


#: The colour chits the casters of :func:`stage_demon_fight` are given (4.6.4: a Magic chit of
#: Types I-V enchanted to its colour), so that they may cast on day 1 without a source there:
#: the Wizard's Blend Into Background (II/Gray), the Witch King's Elemental Spirit and Dissolve
#: Spell (IV and VI/Purple, one chit each) and a Black chit to play beside his action.
CASTERS_COLOURS = {
    "Wizard": (("MAGIC II3*", "gray"),),
    "Witch King": (("MAGIC V3*", "black"), ("MAGIC IV4*", "purple"), ("MAGIC IV4*", "purple")),
}


def stage_demon_fight(engine: Engine, campaign_id: int, first: str, second: str) -> None:
    """:func:`stage_giant_fight` with a Demon, ``first`` and ``second`` given their
    :data:`CASTERS_COLOURS`."""
    stage_giant_fight(engine, campaign_id, first, second, ("Demon",))

    def change(state: GameState) -> None:
        for who in (first, second):
            for label, color in CASTERS_COLOURS.get(who, ()):
                chit = next(
                    c for c in state.characters[who].chits if c.label == label and c.color is None
                )
                chit.color = MagicColor(color)

    rewrite_latest(engine, campaign_id, change)
