"""The day's path (7.3.1, 7.3.3, 8.3.8d.1), walked phase by phase.

:class:`Path` follows where a character's recorded phases take him, one phase at a time: Moves
along roadways he may use now (7.3.1a), the two consecutive Moves that enter a mountain clearing
(7.3.1c.1 L1655), hidden paths and secret passages he has not discovered (6.2.4e L1518), Flies,
after which he is known to be in the tile he flew to but not in which clearing (7.3.3a.2, b.1),
and the first Move off the roadway he ran away along (8.3.8d.1), or out of the forest (7.10.4d.2,
8.3.8f, :mod:`rules.forest`). It is the one walk of the day:
the parser checks the recorded phases with it (:meth:`rules.orders.reader.Reader.walk`), and
:class:`rules.orders.legal.LegalOptions` knows from it where each next phase starts and tries each
candidate phase on a :meth:`Path.fork` of it. Each problem it finds is passed to its ``report``,
with the number of the phase it concerns (None when there is no phase to name).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from rules.orders.model import ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.targets import either
from rules.orders.world import EDGE, Map
from rules.phrases import Phrase, phrase
from rules.schema.tiles import RoadType

K = ActivityKind

#: Where a problem is (a phase number, or None), its code, its message and its hint.
Report = Callable[[int | None, ProblemCode, Phrase, Phrase | None], None]

_FREE = frozenset({RoadType.OPEN, RoadType.TUNNEL})
_ROAD_NAMES = {
    RoadType.HIDDEN: phrase("orders.hidden_path"),
    RoadType.SECRET: phrase("orders.secret_passage"),
}


def ignore(number: int | None, code: ProblemCode, message: Phrase, hint: Phrase | None) -> None:
    """A :data:`Report` that keeps nothing: for a walk whose problems do not matter."""


class Path:
    """The day's path from where ``world``'s character stands at Birdsong.

    :meth:`step` takes the phases in order, each once; :attr:`here` is where the next phase
    starts (None: unknown, after a Fly or off the map), :attr:`tile` the tile he is in when
    only that is known (after a Fly), :attr:`caves` the cave clearings his Moves have entered.
    A Move into a mountain clearing moves him only with the same Move right after it
    (7.3.1c.1): :attr:`climbing` is its clearing until then; a lone one is reported when the
    next phase, or :meth:`finish`, shows it alone, and leaves him where he was."""

    def __init__(self, world: Map, report: Report = ignore) -> None:
        self.world = world
        self.report = report
        self.here: str | None = world.here()
        self.tile: str | None = world.over()
        self.road = world.road()
        self.forest = world.forest()  # 7.10.4d.2, 8.3.8f: where his first Move may go
        self.caves: list[str] = []
        self.steps = 0
        self._climb: tuple[str, int] | None = None  # a climb's first Move: its goal and phase
        self._warned_fly = False

    @property
    def leaving_road(self) -> bool:
        """Whether the next phase is one of the Moves off the roadway he ran away along
        (8.3.8d.1): the first phase of his day on it, or the second Move of the climb into a
        mountain clearing at its end ("he must use two Move phases").

        Reading (L2376 against 9.1.1c L2894): with every chit fatigued or wounded he may still
        record these Moves, though 9.1.1c allows "only ... a Rest phase". 8.3.8d.1 says he
        "must" start his turn with them and that "the Move chit he played to run away has
        already paid" for them; read the other way, the two rules leave him no day at all, on
        the roadway for good, which no rule contemplates. Every phase after them is a Rest."""
        if self.road is None and self.forest is None:
            return False
        return self.steps == 0 or (self.steps == 1 and self._climb is not None)

    @property
    def climbing(self) -> str | None:
        """The mountain clearing the last phase's Move started to climb into, if the next phase
        must be the same Move to finish the climb (7.3.1c.1); else None."""
        return self._climb[0] if self._climb is not None else None

    def fork(self, report: Report) -> Path:
        """A copy of this walk as it stands, reporting to ``report``: to try a next phase
        without taking it."""
        twin = copy.copy(self)
        twin.report, twin.caves = report, list(self.caves)
        return twin

    def flights(self) -> list[str] | None:
        """The tiles he may fly to next: his tile and those next to it (7.3.3a.2); None when
        where he is is not known (off the map, or walked to after a Fly)."""
        if self.here is not None:
            return self.world.tiles_near(self.here)
        if self.tile is not None:
            return self.world.tiles_around(self.tile)
        return None

    def step(self, number: int, kind: ActivityKind | None, target: str | None) -> str | None:
        """Phase ``number`` (the next), of ``kind`` with its canonical ``target`` (None when it
        has none or it could not be read); returns the clearing where it starts."""
        from_forest = self.steps == 0 and self.forest is not None
        if self.steps == 0 and self.road is not None:
            self.here = self._off_road(number, kind, target, self.road)
        if from_forest and not (kind is K.MOVE and target in (self.forest or ())):
            self._in_forest(number)
            from_forest = False
        self.steps += 1
        climb, self._climb = self._climb, None
        if climb is not None and not (kind is K.MOVE and target == climb[0]):
            self._lone_climb(*climb)
        start = self.here
        if kind is K.FLY:
            self._fly(number, target)
            return start
        if kind is not K.MOVE or target is None:
            return start
        self.tile = None
        goal, world = target, self.world
        if goal != EDGE and "cave" in (world.places(goal) or ()):
            self.caves.append(goal)
        if climb is not None and climb[0] == goal:  # the second Move of a climb (7.3.1c.1)
            self.here = goal
            return start
        if self.here is None and not from_forest:
            if not self._warned_fly:
                self.report(
                    number,
                    ProblemCode.UNCHECKED_MOVE,
                    phrase("orders.unchecked_move"),
                    None,
                )
                self._warned_fly = True
            self.here = None if goal == EDGE else goal
            return start
        if self.here is not None:  # out of the forest: along no roadway (7.10.4d.2, 8.3.8f)
            self._move(number, self.here, goal)
        if goal != EDGE and "mountain" in (world.places(goal) or ()):
            self._climb = (goal, number)
            return start
        self.here = None if goal == EDGE else goal
        return start

    def finish(self) -> None:
        """The day's phases are over: a climb they leave unfinished is reported, and a day on a
        roadway or in the forest with no phase at all (8.3.8d.1, 7.10.4d.2, 8.3.8f)."""
        if self._climb is not None:
            self._lone_climb(*self._climb)
            self._climb = None
        if self.steps == 0 and self.road is not None:
            self._off_road(None, None, None, self.road)
        if self.steps == 0 and self.forest is not None:
            self._in_forest(None)

    def _off_road(
        self,
        number: int | None,
        kind: ActivityKind | None,
        target: str | None,
        road: tuple[str, str],
    ) -> str | None:
        """8.3.8d.1: on a roadway after running away, his first phase is a Move to one of its
        ends, along that roadway: the walk starts from the other end. Anything else is
        reported, and the walk starts nowhere."""
        if kind is K.MOVE and target in road:
            return road[1] if target == road[0] else road[0]
        message = phrase("orders.on_roadway", one=road[0], other=road[1])
        hint = phrase("orders.start_with_either", one=road[0], other=road[1])
        self.report(number, ProblemCode.ON_ROADWAY, message, hint)
        return None

    def _in_forest(self, number: int | None) -> None:
        """7.10.4d.2, 8.3.8f: in the forest his first phase is a Move to one of
        :attr:`forest`, along no roadway; anything else is reported (as on a roadway, 8.3.8d.1),
        and the walk starts nowhere."""
        exits = self.forest or ()
        self.report(
            number,
            ProblemCode.ON_ROADWAY,
            phrase("orders.in_forest", exits=either(exits)),
            phrase("orders.start_with", clearing=exits[0]) if exits else None,
        )
        self.here = None

    def _lone_climb(self, goal: str, number: int) -> None:
        self.report(
            number,
            ProblemCode.MOUNTAIN_CLIMB,
            phrase("orders.mountain_climb", clearing=goal),
            phrase("orders.write_climb", clearing=goal),
        )

    def _fly(self, number: int, tile: str | None) -> None:
        """7.3.3: a Fly to his tile or one next to it (7.3.3a.2), from his clearing, or from the
        tile an earlier Fly took him to; he lands there in a clearing not known yet (7.3.3b.1),
        and the walk goes on from that tile even when this Fly is refused."""
        near = self.flights()
        if near is not None and tile and tile not in near:
            self.report(
                number,
                ProblemCode.BAD_TILE,
                phrase("orders.fly_near", tile=tile),
                phrase("orders.flights_from", start=self.here or self.tile, tiles=tuple(near)),
            )
        self.here, self.tile = None, tile or None

    def _move(self, number: int, here: str, goal: str) -> None:
        """A Move from ``here`` to ``goal``: along a roadway (7.3.1a), one he may use now, or
        through the woods of his tile (7.3.4)."""
        world = self.world
        if goal == here:
            self.report(
                number,
                ProblemCode.NO_ROAD,
                phrase("orders.already_in", number=number, clearing=here),
                phrase("orders.drop_move"),
            )
            return
        roads = [c for c in world.board.connections(here) if (c.to or EDGE) == goal]
        if goal in world.woods(here):
            return  # 7.3.4: a beast walks the woods, whatever the roadways
        if not roads:
            reachable = world.reachable(here)
            self.report(
                number,
                ProblemCode.NO_ROAD,
                phrase("orders.no_road", start=here, goal=goal),
                phrase("orders.roads_lead", start=here, goals=tuple(reachable))
                if reachable
                else phrase("orders.roads_lead_nowhere", start=here),
            )
        elif not any(world.open_to(here, c) for c in roads):
            types = sorted({t for c in roads for t in c.types - _FREE})
            kinds = [_ROAD_NAMES[t] for t in types]
            way = (
                kinds[0]
                if len(kinds) == 1
                else phrase("orders.either_way", first=kinds[0], second=kinds[1])
            )
            self.report(
                number,
                ProblemCode.HIDDEN_ROAD,
                phrase("orders.hidden_way", start=here, goal=goal, way=way),
                phrase("orders.search_for_ways"),
            )
