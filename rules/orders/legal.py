"""What may be recorded in a phase: :class:`LegalOptions`, phase by phase, and
:func:`legal_activities`, one phase of it: the single source of truth for the Birdsong builder,
the autopilot, the parser's hints and the Timeless Jewel.

The list follows the Daylight Activities table (L5509–5531) from where the earlier phases leave
him: Follow only as the first and only phase (6.2.7), Moves along roadways he may use now
(7.3.1a), targets that may be reached first (6.2.4e), enhanced activities (P, FL, RE) only with a
source that gives them (6.2.1a), Fly to his tile or one next to it (7.3.3), Cache only under the
Caching rule (10.A.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.daylight.hirelings import forbidden, guides
from rules.orders.entitlement import Entitlement, entitlement
from rules.orders.model import BASIC, Activity, ActivityKind
from rules.orders.path import Path
from rules.orders.targets import EDGE, SEARCH_TABLES, Map, OrderError, target, visitors
from rules.state import GameState, Place

K = ActivityKind


class LegalOptions:
    """What ``character`` may record in each phase of his day, phase by phase: the single source
    of truth for the Birdsong builder, the autopilot, the parser's hints and the Timeless Jewel's
    choices (:func:`legal_activities` is one phase of it).

    Made from ``state`` at Birdsong, it lists the options of phase :attr:`phase` (1 unless
    ``phase`` says otherwise: a phase of a turn under way, from where he stands now) with
    :meth:`options`; :meth:`record` records that phase's activity and moves on to the next, from
    where it leaves him (:class:`rules.orders.path.Path`, 7.3.1). The options follow the Daylight
    Activities table, in this order: F with each other character, hired leader or controlled
    monster in his clearing (phase 1 only, 6.2.7; 7.7.2); M to each clearing one roadway away that
    he may use now (open roads, tunnels, discovered hidden paths and secret passages, ``Edge`` off
    the map; 7.3.1a); H; R; A (bare, ``unalert`` and each of his Magic and Berserk chits); S (bare
    and each Search table); T with each native group and visitor and HR with each group, present
    or not (they may be reached first, 6.2.4e); EM; E (bare, ``tile`` and each active Magic chit);
    P, RE and FL only with a source (6.2.1a), FL to his tile or one next to it (7.3.3); C under the
    Caching rule (10.A.4); ``-``. On a roadway after running away his first phase may only be a
    Move to one of its ends (8.3.8d.1); after a Follow nothing more (6.2.7). Whether he has a
    phase for an activity is :func:`rules.orders.sources.assign_sources`'s business. A minion or a
    familiar gets only what he may record (:func:`rules.daylight.hirelings.forbidden`); a
    familiar's P names no clearing (L3926). A character with every chit fatigued or wounded
    records only Rest (9.1.1c).

    What does not depend on where he stands is listed once. The state must not change while the
    options are in use."""

    def __init__(
        self, state: GameState, character: str, *, catalog: Catalog | None = None, phase: int = 1
    ) -> None:
        if phase < 1:
            raise ValueError(f"phases count from 1, not {phase}")
        self.state, self.character, self.phase = state, character, phase
        self.catalog = data = catalog or default_catalog()
        self.world = Map(data, state, character)
        self.path = Path(self.world)
        self.followed = False
        self._goals = frozenset((*self.world.board.clearings(), EDGE))
        self.ent = entitlement(data, state, character)
        mine = state.characters.get(character)
        down = mine is not None and not mine.dead and bool(mine.chits)
        self._only_rest = (
            down and mine is not None and all(c.status != "active" for c in mine.chits)
        )
        self._allowed = {k: forbidden(data, state, character, k) is None for k in K}
        self._middle = self._kept(self._anywhere())
        self._tail = self._kept(self._last())
        self._listed: dict[tuple[bool, str | None], tuple[list[Activity], frozenset[Activity]]] = {}

    def options(self) -> list[Activity]:
        """What he may record in phase :attr:`phase`, in the order of the class docstring."""
        return list(self._now()[0])

    def allows(self, activity: Activity) -> bool:
        """Whether ``activity`` is among :meth:`options`."""
        return activity in self._now()[1]

    def record(self, activity: Activity) -> None:
        """Record ``activity`` as phase :attr:`phase`, legal or not (any activity may be recorded
        in any phase, 6.2.3: the parser judges the day), and move on to the next phase. A Move's
        target is read as the parser reads it; one naming no clearing moves him nowhere."""
        if activity.kind is K.FOLLOW:
            self.followed = True
        goal = activity.target
        if activity.kind is K.MOVE and goal is not None and goal not in self._goals:
            try:
                goal = target(self.world, K.MOVE, goal)
            except OrderError:
                goal = None
        self.path.step(self.phase, activity.kind, goal)
        self.phase += 1

    def _now(self) -> tuple[list[Activity], frozenset[Activity]]:
        here = self.path.here
        key = (self.phase == 1, here)
        if self.followed:
            return [], frozenset()  # Follow is the whole day (6.2.7)
        road = self.path.road
        if road is not None and self.path.steps == 0:
            ends = [Activity(kind=K.MOVE, target=end, source=BASIC) for end in road]
            return ends, frozenset(ends)
        listed = self._listed.get(key)
        if listed is None:
            found = [*self._kept(self._near(here)), *self._middle]
            found += self._kept(self._flights(here)) + self._tail
            listed = self._listed[key] = (found, frozenset(found))
        return listed

    def _kept(self, found: list[Activity]) -> list[Activity]:
        """``found`` without what he may not record (9.1.1c; hirelings and familiars)."""
        if self._only_rest:
            found = [a for a in found if a.kind in (K.REST, K.BLANK)]
        return [a for a in found if self._allowed[a.kind]]

    def _near(self, here: str | None) -> list[Activity]:
        """F with those in his clearing on phase 1, and M to each clearing he may reach."""
        if here is None:
            return []
        state = self.state
        found = []
        if self.phase == 1:
            found += [
                Activity(kind=K.FOLLOW, target=name)
                for name in guides(self.catalog, state, self.character)
                if state.place_of(name) == Place.clearing(here)
            ]
        found += [Activity(kind=K.MOVE, target=goal) for goal in self.world.reachable(here)]
        return found

    def _anywhere(self) -> list[Activity]:
        """The options from H to RE, which do not depend on where he stands."""
        data, state, character = self.catalog, self.state, self.character
        sheet = state.sheet(character)
        found = [Activity(kind=K.HIDE), Activity(kind=K.REST)]
        found += [Activity(kind=K.ALERT), Activity(kind=K.ALERT, target="unalert")]
        found += [
            Activity(kind=K.ALERT, target=label)
            for label in dict.fromkeys(
                c.label for c in sheet.chits if c.label.split()[0] in ("MAGIC", "BERSERK")
            )
        ]
        found += [
            Activity(kind=K.SEARCH),
            *(Activity(kind=K.SEARCH, target=t) for t in SEARCH_TABLES),
        ]
        found += [Activity(kind=K.TRADE, target=g) for g in [*data.natives, *visitors(data)]]
        found += [Activity(kind=K.HIRE, target=g) for g in data.natives]
        found += [Activity(kind=K.ENCHANT_FIRST), Activity(kind=K.ENCHANT)]
        found += [Activity(kind=K.ENCHANT, target="tile")]
        found += [
            Activity(kind=K.ENCHANT, target=label)
            for label in dict.fromkeys(
                c.label
                for c in sheet.chits
                if c.status == "active" and c.label.startswith("MAGIC ")
            )
        ]
        if character in state.familiars:
            found.append(Activity(kind=K.PEER))  # L3926: it peers into its own clearing only
        else:
            found += [
                Activity(kind=kind, target=target, source=source)
                for kind, target, source in _enhanced(self.world, self.ent)
            ]
        return found

    def _flights(self, here: str | None) -> list[Activity]:
        """FL to his tile or one next to it, with a source that gives it (7.3.3, 6.2.1a)."""
        if self.character in self.state.familiars or here is None:
            return []
        if not self.ent.enablers_of(K.FLY):
            return []
        return [Activity(kind=K.FLY, target=tile) for tile in self.world.tiles_near(here)]

    def _last(self) -> list[Activity]:
        """C under the Caching rule (10.A.4), and the blank phase."""
        found = [Activity(kind=K.CACHE)] if self.state.options.get("caching") else []
        return [*found, Activity(kind=K.BLANK)]


def legal_activities(
    state: GameState,
    character: str,
    phase: int,
    *,
    catalog: Catalog | None = None,
    earlier: Sequence[Activity] = (),
) -> list[Activity]:
    """What ``character`` may record as phase ``phase``, after the ``earlier`` phases, from where
    those leave him (:class:`LegalOptions`): with no ``earlier`` phases, from where he stands now.
    Raises ValueError if ``earlier`` does not hold ``phase - 1`` phases."""
    if len(earlier) not in (0, phase - 1) or phase < 1:
        raise ValueError(f"phase {phase} comes after {phase - 1} phases, not {len(earlier)}")
    legal = LegalOptions(state, character, catalog=catalog, phase=1 if earlier else phase)
    for activity in earlier:
        legal.record(activity)
    return legal.options()


def _enhanced(world: Map, ent: Entitlement) -> list[tuple[ActivityKind, str, str]]:
    """P and RE templates, each with the source that allows it (6.2.1a)."""
    clearings = world.board.clearings()
    found = [(K.PEER, c, BASIC) for c in clearings if ent.enablers_of(K.PEER)]
    for extra in ent.extras:
        if K.PEER in extra.enables:
            found += [
                (K.PEER, c, extra.name)
                for c in clearings
                if extra.target_where in (world.places(c) or ())
            ]
    found += [(K.REMOTE_ENCHANT, c, BASIC) for c in clearings if ent.enablers_of(K.REMOTE_ENCHANT)]
    return found
