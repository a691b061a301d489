"""``python -m tests.proofs.legality [--examples N] [--seed N]``: the proof that the order parser
and :class:`rules.orders.legal.LegalOptions` are one legality (issue 30, part 3) — the full form;
:mod:`tests.proofs.test_legality` is the quick form.

Both properties are drawn by hypothesis over game states across seeded games (:func:`games`):
every character, a hired leader (on his horse or not), an underling, a controlled monster, the
Witch's familiar; where the game put him, anywhere on the map, or on a roadway after running away;
a horse and Birdsong treasures that give extra phases or enhanced activities, active or not; his
chits fresh, some or all fatigued or wounded; the Caching rule; the hidden roads out of his
clearing discovered; others in his clearing to follow.

1. :func:`check_path`: every path through :meth:`LegalOptions.options`, ended where
   :attr:`LegalOptions.complete` lets it end, written in the notation, parses with no problem —
   no error and no warning — to the same phases.
2. :func:`check_day`: a day of canonical activities, legal or not (the options offered, and any
   target of the game's vocabulary, with ``*`` or a source named in parentheses), parses with no
   problem exactly when LegalOptions allows each of its phases in turn and is complete at its
   end.

The full form runs each property for ``--examples`` examples (default :data:`EXAMPLES`) and
prints its figures as ``figure:`` lines; it exits 1 if hypothesis finds a counterexample.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from rules.board import board_for
from rules.catalog import catalog
from rules.daylight.hirelings import guides, hire
from rules.daylight.moving import discoveries_used
from rules.orders.entitlement import entitlement, every_chit_down
from rules.orders.legal import LegalOptions
from rules.orders.model import BASIC, SUNLIGHT, Activity, ActivityKind
from rules.orders.parse import ParseResult, parse_orders
from rules.orders.targets import PILE, SEARCH_TABLES, sites, visitors
from rules.orders.world import EDGE
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

K = ActivityKind

#: The examples of each property in the full form.
EXAMPLES = 5_000
#: The seeded games and their casts: every character is in one of them.
CASTS: dict[int, tuple[str, ...]] = {
    3: ("Witch", "Amazon", "Black Knight", "Swordsman"),
    7: ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard"),
    11: ("Berserker", "Druid", "Elf", "Pilgrim", "White Knight", "Woods Girl"),
    13: ("Sorcerer", "Witch King", "Witch", "Captain", "Dwarf"),
}
HORSES = ("Pony M3/M4", "Workhorse L4/L5", "Warhorse T3/T5")
#: Treasures that give an extra phase (L4276–4292) or an enhanced activity (6.2.1a).
TREASURES = (
    "Crystal Ball",
    "Ancient Telescope",
    "Flying Carpet",
    "Shielded Lantern",
    "7-League Boots",
    "Cloak of Mist",
    "Magic Spectacles",
    "Regent of Jewels",
    "Royal Sceptre",
    "Toadstool Ring",
)
#: Natives he may have hired in his clearing: leaders (one on his horse), an underling, and a
#: monster he controls.
HIRELINGS = ("Company HQ", "Lancers HQ", "Company 1", "Giant 1")
#: How many phases a drawn day has at most.
LONGEST = 7

#: What the properties have checked so far, for the full form's figures.
tally: Counter[str] = Counter()


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, str]:
    """A game at Birdsong and the individual whose orders are judged (see the module
    docstring)."""
    data = catalog()
    number = draw(st.sampled_from(sorted(CASTS)))
    cast = CASTS[number]
    state = fresh(number, cast)
    board = board_for(data, state.tiles)
    who = draw(st.sampled_from(cast))
    where = draw(st.sampled_from(("start", "clearing", "clearing", "roadway")))
    if where == "clearing":
        state.put(who, Place.clearing(draw(st.sampled_from(board.clearings()))))
    elif where == "roadway":
        start = state.clearing_of(who)
        assert start is not None
        ends = sorted({c.to for c in board.connections(start) if c.to})
        state.put(who, Place.road(start, draw(st.sampled_from(ends))))
    sheet = state.characters[who]
    horse = draw(st.sampled_from((None, *HORSES)))
    owned = draw(st.lists(st.sampled_from(TREASURES), max_size=3, unique=True))
    for item in [*([horse] if horse else []), *owned]:
        state.put(item, Place.owner(who))
        sheet.items[item] = ItemState(active=draw(st.integers(0, 4)) > 0)
    chits = draw(st.sampled_from(("fresh", "fresh", "fresh", "some", "some", "down")))
    for chit in sheet.chits:
        if chits == "down":
            chit.status = draw(st.sampled_from(("fatigued", "wounded")))
        elif chits == "some":
            chit.status = draw(st.sampled_from(("active", "fatigued", "wounded")))
    state.options["caching"] = draw(st.booleans())
    here = state.clearing_of(who)
    if here is None:
        return state, who
    if draw(st.booleans()):
        for road in board.connections(here):
            if road.to is not None:
                sheet.discoveries.extend(discoveries_used(board, here, road.to))
    for other in draw(st.lists(st.sampled_from(cast), max_size=3, unique=True)):
        state.put(other, Place.clearing(here))
    hired = draw(st.sampled_from((None, *HIRELINGS)))
    if hired is not None:
        state.put(hired, Place.clearing(here))
        hire(data, state, hired, who, controlled=hired.startswith("Giant"))
        if draw(st.booleans()):
            who = hired
    familiar = next((f for f, owner in state.familiars.items() if owner == who), None)
    if familiar is not None and state.clearing_of(familiar) is not None and draw(st.booleans()):
        who = familiar
    return state, who


def text_of(day: list[Activity]) -> str:
    """A day in the notation, as the builder writes it (6.2.6)."""
    return ", ".join(str(activity) for activity in day)


def parsed_day(result: ParseResult) -> list[tuple[ActivityKind, str | None]]:
    """The phases of accepted orders, each as its activity and target."""
    assert result.orders is not None
    if result.orders.follow is not None:
        return [(K.FOLLOW, result.orders.follow)]
    return [(a.kind, a.target) for a in result.orders.phases]


def check_path(state: GameState, who: str, data: st.DataObject) -> None:
    """Property 1: a path through the options, ended where it may end, parses with no
    problem, to the same phases."""
    legal = LegalOptions(state, who)
    day: list[Activity] = []
    while options := legal.options():
        if legal.complete and data.draw(st.integers(0, 5)) == 0:
            break
        day.append(data.draw(st.sampled_from(options)))
        legal.record(day[-1])
    assert day and legal.complete, "every state offers a day (8.3.8d.1 even with every chit down)"
    if state.road_of(who) is not None and every_chit_down(state, who):
        tally["days off a roadway with every chit down (8.3.8d.1)"] += 1
    result = parse_orders(text_of(day), state, who)
    assert (result.errors, result.warnings) == ((), ()), (text_of(day), result)
    assert parsed_day(result) == [(a.kind, a.target) for a in day]
    tally["paths"] += 1
    tally["phases on paths"] += len(day)


def check_day(state: GameState, who: str, data: st.DataObject) -> None:
    """Property 2: a drawn day parses with no problem exactly when LegalOptions allows each of
    its phases in turn and it may end there."""
    legal = LegalOptions(state, who)
    draw = _drawer(state, who, legal, data)
    day: list[Activity] = []
    for _ in range(data.draw(st.integers(1, LONGEST))):
        day.append(draw())
        legal.record(day[-1])
    result = parse_orders(text_of(day), state, who)
    clean = (result.errors, result.warnings) == ((), ())
    assert clean == legal.complete, (text_of(day), legal.complete, result)
    if clean:
        assert parsed_day(result) == [(a.kind, a.target) for a in day]
    tally["days judged"] += 1
    tally["days with no problem" if clean else "days with a problem"] += 1
    for problem in (*result.errors, *result.warnings):
        tally[f"problem {problem.code.value}"] += 1


def _drawer(
    state: GameState, who: str, legal: LegalOptions, data: st.DataObject
) -> Callable[[], Activity]:
    """Draws a next phase: often one of the options, else any activity of the game's vocabulary
    (:func:`_anything`), now and then with its source named."""
    game = catalog()
    ent = entitlement(game, state, who)
    named = [
        *(e.name for e in ent.extras),
        *(name for _, name in ent.enablers),
        *(name for name, _ in ent.unavailable),
        "Nothing",
    ]

    def draw() -> Activity:
        options = legal.options()
        if options and data.draw(st.integers(0, 2)) > 0:
            activity = data.draw(st.sampled_from(options))
        else:
            activity = _anything(state, who, legal, data)
        source = data.draw(st.sampled_from((BASIC,) * 6 + (SUNLIGHT, "named")))
        if source == "named":
            source = data.draw(st.sampled_from(named))
        return activity.model_copy(update={"source": source})

    return draw


def _anything(state: GameState, who: str, legal: LegalOptions, data: st.DataObject) -> Activity:
    """Any activity with a target of the game's vocabulary, legal or not."""
    game = catalog()
    board = legal.world.board
    clearings = list(board.clearings())
    kind = data.draw(st.sampled_from(list(K)))
    targets: list[str | None] = [None]
    here = legal.path.here
    if kind is K.MOVE:
        near = [c.to or EDGE for c in board.connections(here)] if here else []
        targets = [*near, *near, EDGE, *clearings[:: len(clearings) // 8 or 1]]
        if state.road_of(who):
            targets += list(state.road_of(who) or ())
    elif kind is K.FOLLOW:
        targets = [*guides(game, state, who), *state.familiars, who]
    elif kind is K.SEARCH:
        places = [*sites(game), PILE, *(t.name for t in game.treasures.values() if t.spells)]
        chosen = data.draw(st.sampled_from(clearings))
        place = data.draw(st.sampled_from(places))
        targets += [*SEARCH_TABLES, f"Peer {chosen}", f"Loot {place}", f"Reading Runes {place}"]
    elif kind is K.TRADE:
        targets = [*game.natives, *visitors(game)]
    elif kind is K.HIRE:
        targets = list(game.natives)
    elif kind in (K.ALERT, K.ENCHANT):
        labels = [c.label for c in state.sheet(who).chits]
        targets += ["weapon", "unalert", "tile", *labels]
    elif kind in (K.PEER, K.REMOTE_ENCHANT):
        targets += clearings
    elif kind is K.FLY:
        targets = [p.tile for p in board.tiles]
    return Activity(kind=kind, target=data.draw(st.sampled_from(targets)))


QUICK = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@given(game=games(), data=st.data())
def path_property(game: tuple[GameState, str], data: st.DataObject) -> None:
    check_path(*game, data)


@given(game=games(), data=st.data())
def day_property(game: tuple[GameState, str], data: st.DataObject) -> None:
    check_day(*game, data)


def main(argv: list[str]) -> int:
    """The full form: each property for ``--examples`` examples; its figures."""
    parser = argparse.ArgumentParser(prog="python -m tests.proofs.legality")
    parser.add_argument("--examples", type=int, default=EXAMPLES)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args(argv)
    heavy = settings(QUICK, max_examples=args.examples, database=None)
    start = time.perf_counter()
    failed = False
    prop: Any
    for name, prop in (("paths", path_property), ("days", day_property)):
        try:
            seed(args.seed)(heavy(prop))()
        except Exception as error:  # hypothesis' counterexample, already printed
            print(f"FAILED {name}: {type(error).__name__}: {error}"[:2000])
            failed = True
    print(f"figure: examples: {args.examples} per property (seed {args.seed})")
    for what, count in sorted(tally.items()):
        print(f"figure: {what}: {count}")
    print(f"figure: counterexamples: {int(failed)}")
    print(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
