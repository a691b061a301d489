"""The big fight's Evening, run by ``make bench``: eight characters, four monsters and a native
group in one clearing, the natives battling some of them (8.2).

:func:`big_fight_state` builds it deterministically from a new game (seed :data:`SEED`): the
first eight characters of the catalog's order, unhidden (so that the monsters are assigned to
them, 8.3.5b), the monsters of :data:`MONSTERS` and the unhired natives of :data:`NATIVES` put in
:data:`CLEARING`, at Sunset, each character's orders a blank phase and the autopilot's standing
combat instructions (``rules.autopilot.fighting``). At the start of combat every character rolls
on the Meeting Table for the group (8.2.2; the drinks and pay-off choices take their defaults),
and those the roll sets battling fight like monsters. :func:`big_fight` resolves it once and
checks, untimed, that it is that fight: one combat in the clearing, no decision pending, the
natives battling at least one character, monsters and natives both among those killed or
fighting.

The big fight with spells (:func:`spell_fight_state`) is the same with the magic-users first
among the eight, each with the autopilot's battle spell and a colour chit for it, casting it at
whatever attacks him (issue 33: "a big fight with spells under 20 ms a round").
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from rules.autopilot import fighting
from rules.autopilot_magic import autopilot_setup, battle_spell
from rules.catalog import Catalog
from rules.day.engine import resolve
from rules.magic.colors import chit_color
from rules.orders.parse import parse_orders
from rules.setup.characters import CharacterSetup, setup_choices
from rules.setup.game import new_game
from rules.state import GameState, Place
from tests.measure import timed

#: The game's seed: the one whose Meeting Table rolls set the group battling.
SEED = 1
#: The clearing of the fight: a woods clearing with nothing in it at setup on seed 1's map.
CLEARING = "BL1"
#: The monsters in the clearing.
MONSTERS = ("Giant 1", "Ogre 1", "Goblin Axe 1", "Wolf 1")
#: The native group in the clearing: its leader and four of its men.
NATIVES = ("Bashkars HQ", "Bashkars 1", "Bashkars 2", "Bashkars 3", "Bashkars 4")
#: How many characters fight.
CHARACTERS = 8


def big_fight_state(data: Catalog) -> GameState:
    """The big fight at Sunset (see the module's docstring)."""
    cast = list(data.characters)[:CHARACTERS]
    return in_the_clearing(data, new_game(data, SEED, cast), cast)


def spell_fight_state(data: Catalog) -> GameState:
    """The big fight with spells at Sunset: the same monsters and natives, and
    :data:`CHARACTERS` characters, first every one the autopilot gives a battle spell
    (:func:`rules.autopilot_magic.autopilot_setup`) with that spell recorded and a colour chit for
    it (3.3.3-3.3.4), then the others in the catalog's order; the casters cast it at whatever
    attacks them (:func:`rules.autopilot_magic.casting_line`)."""
    casters = [name for name in data.characters if autopilot_setup(data, name)]
    others = [name for name in data.characters if name not in casters]
    cast = (casters + others)[:CHARACTERS]
    setups = []
    for name in cast:
        choices = setup_choices("\n".join(autopilot_setup(data, name)))
        setups.append(CharacterSetup.model_validate({**choices, "name": name}))
    state = new_game(data, SEED, setups)
    for name in casters:
        battle = battle_spell(data, state, name)
        if battle is not None and battle.color_chit is not None and not battle.enchanted:
            chit = next(c for c in state.characters[name].chits if c.label == battle.color_chit)
            chit.color = chit_color(chit.label)
    return in_the_clearing(data, state, cast)


def in_the_clearing(data: Catalog, state: GameState, cast: list[str]) -> GameState:
    """``state`` with ``cast``, unhidden, and the monsters and natives in :data:`CLEARING`, at
    Sunset (:func:`at_sunset_fighting`)."""
    place = Place.clearing(CLEARING)
    if state.at(place):
        raise RuntimeError(f"the big fight's {CLEARING} is not empty (seed {SEED})")
    for name in cast:
        state.put(name, place)
        state.characters[name].hidden = False
    for piece in MONSTERS + NATIVES:
        state.put(piece, place)
    return at_sunset_fighting(data, state, cast)


def at_sunset_fighting(data: Catalog, state: GameState, cast: list[str]) -> GameState:
    """``state`` at Sunset, ``cast`` in that turn order, each with a blank phase and the
    autopilot's standing combat instructions (``rules.autopilot.fighting``); raises if any do
    not parse."""
    state.today.stage = "sunset"
    state.today.turn_order = cast
    for name in cast:
        text = "-\n" + "\n".join(fighting(data, state, name))
        orders = parse_orders(text, state, name, catalog=data).orders
        if orders is None:
            raise RuntimeError(f"the {name}'s combat instructions do not parse: {text!r}")
        state.today.orders[name] = orders
    return state


@dataclass(frozen=True)
class Fight:
    """What the big fight's Evening did: its ``rounds``, the (group, character) pairs
    ``battling``, and the pieces ``killed``."""

    rounds: int
    battling: tuple[tuple[str, str], ...]
    killed: tuple[str, ...]


def big_fight(data: Catalog, state: GameState, *, spells: bool = False) -> Fight:
    """Resolve ``state``'s Evening once and check it is the big fight (see the module's
    docstring) — with ``spells``, that spells took effect in it; raises if not."""
    result = resolve(state, {}, catalog=data, until="evening")
    if spells and not any(e.type == "spell_took_effect" for e in result.events):
        raise RuntimeError("no spell took effect in the big fight with spells")
    ended = [e.fields for e in result.events if e.type == "combat_ended"]
    pairs = {(e.fields["group"], e.fields["who"]) for e in result.events if e.type == "battling"}
    battling = tuple(sorted(pairs))
    killed = tuple(e.fields["who"] for e in result.events if e.type == "killed")
    fight = Fight(sum(f["rounds"] for f in ended), battling, killed)
    if result.pending or [f["at"] for f in ended] != [CLEARING] or not battling:
        raise RuntimeError(
            f"the big fight is no longer one: combats {ended}, battling {battling}, pending "
            f"{len(result.pending)}: change its seed or natives"
        )
    return fight


def big_fight_benchmark(data: Catalog, repeat: int = 15, *, spells: bool = False) -> None:
    """The big fight's Evening (with ``spells``, :func:`spell_fight_state`'s), ``repeat``
    times: the wall-clock median and best, the mean CPU time of a run (the machine may be
    shared), and the fight's shape."""
    state = spell_fight_state(data) if spells else big_fight_state(data)
    fight = big_fight(data, state, spells=spells)
    cpu = time.process_time()
    timings = timed(lambda _: resolve(state, {}, catalog=data, until="evening"), repeat)
    cpu = (time.process_time() - cpu) / repeat
    median = statistics.median(timings)
    label = f"Evening, {CHARACTERS} chars, {len(MONSTERS)} monsters, {len(NATIVES)} natives"
    label += ", spells" if spells else ""
    print(
        f"{label:<48} median {median * 1000:8.1f} ms   best {min(timings) * 1000:8.1f} ms   "
        f"cpu {cpu * 1000:.1f} ms a run"
    )
    groups = sorted({group for group, _ in fight.battling})
    print(
        f"{'Evening, big fight' + (' with spells' if spells else '') + ': shape':<48} "
        f"one clearing, {fight.rounds} rounds "
        f"({median / fight.rounds * 1000:.1f} ms per round); {', '.join(groups)} battling "
        f"{len(fight.battling)} characters; {len(fight.killed)} killed"
    )
