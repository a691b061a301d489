"""What may be recorded in a phase: :class:`LegalOptions`, phase by phase, and
:func:`legal_activities`, one phase of it: the single source of truth for the Birdsong builder,
the autopilot, the parser's hints and the Timeless Jewel.

A phase is legal when the day recorded so far with it added is one the order parser
(:func:`rules.orders.parse.parse_orders`) accepts with no problem at all, neither error nor
warning; :meth:`LegalOptions.allows` judges it with the parser's own parts — the target read back
(:func:`rules.orders.targets.target`), the day's path (:class:`rules.orders.path.Path`), what a
hireling or familiar may record, the sources that pay for each phase
(:func:`rules.orders.sources.payable`, 6.2.2, 6.2.4) — and :meth:`LegalOptions.options` lists
those of its candidates it allows. The candidates follow the Daylight Activities table
(L5509–5531) from where the earlier phases leave him: Follow only as the first and only phase
(6.2.7), Moves along roadways he may use now (7.3.1a), targets that may be reached first
(6.2.4e), enhanced activities (P, FL, RE) only with a source that gives them (6.2.1a), Fly to his
tile or one next to it (7.3.3), Cache only under the Caching rule (10.A.4). The property tests of
``tests/proofs/legality.py`` prove that the parser and this module agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.daylight.hirelings import forbidden
from rules.orders.entitlement import Entitlement, entitlement, every_chit_down
from rules.orders.model import BASIC, SUNLIGHT, Activity, ActivityKind
from rules.orders.path import Path
from rules.orders.problems import ProblemCode
from rules.orders.sources import PlannedPhase, payable
from rules.orders.targets import (
    SEARCH_TABLES,
    OrderError,
    enchanters,
    hiring_spells,
    target,
    visitors,
)
from rules.orders.world import EDGE, Map
from rules.state import GameState

K = ActivityKind


class LegalOptions:
    """What ``character`` may record in each phase of his day, phase by phase: the single source
    of truth for the Birdsong builder, the autopilot, the parser's hints and the Timeless Jewel's
    choices (:func:`legal_activities` is one phase of it).

    Made from ``state`` at Birdsong, it judges phase :attr:`phase` (1 unless ``phase`` says
    otherwise: a phase of a turn under way, from where he stands now): :meth:`allows` says
    whether an activity may be recorded in it, :meth:`options` lists those it offers, and
    :meth:`record` records that phase's activity and moves on to the next, from where it leaves
    him (:class:`rules.orders.path.Path`, 7.3.1); :attr:`complete` says whether the day may end
    there.

    An activity is allowed when the day so far with it added parses with no problem, neither
    error nor warning (:func:`rules.orders.parse.parse_orders`), as its canonical text (its
    target as the parser writes it, its source as :class:`~rules.orders.model.Activity` does:
    ``basic`` for a phase whose source is left to the parser, ``sunlight`` for ``*``, or an extra
    phase's source by its name); so nothing is allowed after a phase with a problem. A day planned
    from Birdsong (phase 1) must be paid for: each phase by a source he has (6.2.2, 6.2.4), the
    first Move of a climb into a mountain clearing only with a phase left for the second
    (7.3.1c.1). A turn under way has its phases already: its activities are judged alone.

    The options follow the Daylight Activities table, in this order: F with each other character,
    hired leader or controlled monster in his clearing (phase 1 only, 6.2.7; 7.7.2); M to each
    clearing one roadway away that he may use now (open roads, tunnels, discovered hidden paths
    and secret passages, ``Edge`` off the map; 7.3.1a); H; R; A (bare, ``unalert`` and each of his
    Magic and Berserk chits); S (bare and each Search table); T with each native group and visitor
    and HR with each group, present or not (they may be reached first, 6.2.4e); EM and E with each
    active Magic chit of Types I–V that is not a colour chit, then ``tile`` and it (7.10.2); P,
    RE (each clearing with each of his chits of Types I–V, as E names them) and FL only with a
    source (6.2.1a), FL to his tile or one next to it, or to the tile he flew to and those next
    to it (7.3.3a.2); C under the Caching rule (10.A.4); ``-``. On a roadway after running away
    his first phase may only be a Move to one of its ends (8.3.8d.1), in the forest a Move to one
    of :func:`rules.forest.exits` (7.10.4d.2, 8.3.8f); after the first Move of a
    climb only the second; after a Follow nothing more (6.2.7). A minion or a familiar gets only
    what he may record (:func:`rules.daylight.hirelings.forbidden`); a familiar's P names no
    clearing (L3926). A character with every chit fatigued or wounded records only Rest
    (9.1.1c), but for the Moves off the roadway he ran away along (8.3.8d.1, see
    :attr:`Path.leaving_road`). :meth:`allows` is wider than the list: it also allows what the
    parser accepts and the list leaves out (``A weapon``, a Search's place, an Enchant with a
    chit not active yet...).

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
        self.planning = phase == 1
        self._goals = frozenset((*self.world.board.clearings(), EDGE))
        self.ent = entitlement(data, state, character)
        self._dark: Entitlement | None = None
        self._only_rest = every_chit_down(state, character)
        self._allowed = {k: self._recordable(k) for k in K}
        self._middle = self._kept(self._anywhere())
        self._tail = self._kept(self._last())
        self._listed: dict[tuple[bool, str | None, str | None], list[Activity]] = {}
        self._planned: list[PlannedPhase] = []
        self._horse_ready = True
        self._clean = True
        self._meditates = phase > 1 and character in state.today.meditated
        self._offered: list[Activity] | None = None
        self._judged: tuple[Activity, int, bool] | None = None
        self._paid: dict[tuple[bool, tuple[PlannedPhase, ...]], bool] = {}
        self._read: dict[tuple[ActivityKind, str | None], bool] = {}

    def options(self) -> list[Activity]:
        """What he may record in phase :attr:`phase`, in the order of the class docstring: the
        candidates that :meth:`allows`."""
        if self._offered is None:
            self._offered = [a for a in self._candidates() if self.allows(a)]
        return list(self._offered)

    def allows(self, activity: Activity) -> bool:
        """Whether ``activity`` may be recorded as phase :attr:`phase` (see the class
        docstring)."""
        judged = self._judged
        if judged is not None and judged[0] == activity and judged[1] == self.phase:
            return judged[2]
        verdict = self._allows(activity)
        self._judged = (activity, self.phase, verdict)
        return verdict

    @property
    def complete(self) -> bool:
        """Whether the day recorded so far may end here: something is recorded, all of it
        allowed, and no climb into a mountain clearing waits for its second Move (7.3.1c.1)."""
        return self.path.steps > 0 and self._clean and self.path.climbing is None

    def record(self, activity: Activity) -> None:
        """Record ``activity`` as phase :attr:`phase`, legal or not (any activity may be recorded
        in any phase, 6.2.3: the parser judges the day), and move on to the next phase. A Move's
        target is read as the parser reads it; one naming no clearing moves him nowhere."""
        self._clean = self._clean and self.allows(activity)
        self._meditates = self._meditates or activity.kind in (K.ENCHANT_FIRST, K.ENCHANT)
        if activity.kind is K.FOLLOW:
            self.followed = True
        goal = activity.target
        if activity.kind is K.MOVE and goal is not None and goal not in self._goals:
            try:
                goal = target(self.world, K.MOVE, goal)
            except OrderError:
                goal = None
        start = self.path.step(self.phase, activity.kind, goal)
        if self.planning:
            planned = self._planned_phase(activity, start, self._source(activity))
            self._planned.append(planned)
            self._horse_ready = planned.horse_ready
        self.phase += 1
        self._offered = None

    # --- judging a phase ---------------------------------------------------------------------

    def _allows(self, activity: Activity) -> bool:
        kind = activity.kind
        if not self._clean or self.followed:
            return False
        if not (self._allowed[kind] or self._leaves_road(kind)):
            return False
        if kind is K.FOLLOW:
            return self._follows(activity.target)
        if kind is K.REMOTE_ENCHANT and not self._meditates:
            return False  # 7.10.5: an EM (or E) recorded before it
        if kind is K.ENCHANT and activity.target and not self._meditates:
            return False  # 7.10.1: the day's first Enchant phase is the meditation (EM)
        if not self._readable(activity):
            return False
        heard: list[ProblemCode] = []
        path = self.path.fork(lambda number, code, message, hint: heard.append(code))
        start = path.step(self.phase, kind, activity.target)
        if heard:
            return False
        if not self.planning:
            return True
        source = self._source(activity)
        if not (source is None or source == SUNLIGHT or self.ent.extra(source) is not None):
            return False  # no source of that phase today (6.2.4d)
        planned = [*self._planned, self._planned_phase(activity, start, source)]
        if path.climbing is not None:  # the climb's second Move must be paid for too (7.3.1c.1)
            first = planned[-1]
            planned.append(PlannedPhase(K.MOVE, None, first.places, None, first.horse_ready))
        return self._payable(path.caves, tuple(planned))

    def _leaves_road(self, kind: ActivityKind) -> bool:
        """A Move off the roadway he ran away along, which he records with every chit down too
        (:attr:`rules.orders.path.Path.leaving_road`, 8.3.8d.1 over 9.1.1c)."""
        return kind is K.MOVE and self._only_rest and self.path.leaving_road

    def _recordable(self, kind: ActivityKind) -> bool:
        """Whether he may record ``kind`` at all today: what a minion or familiar may record
        (6.2.5, L3926), only Rest with every chit down (9.1.1c), Cache under the Caching rule
        (10.A.4), and an enhanced activity with a source (6.2.1a)."""
        if forbidden(self.catalog, self.state, self.character, kind) is not None:
            return False
        if self._only_rest and kind not in (K.REST, K.BLANK):
            return False
        if kind is K.CACHE and not self.state.options.get("caching"):
            return False
        return self.ent.can_record(kind)

    def _follows(self, name: str | None) -> bool:
        """F as the first phase of his day, naming one he may follow (6.2.7)."""
        return self.phase == 1 and self.path.steps == 0 and name in self.world.followable

    def _readable(self, activity: Activity) -> bool:
        """Whether the activity's target is one the parser reads, and reads as itself."""
        key = (activity.kind, activity.target)
        if key not in self._read:
            try:
                self._read[key] = (
                    target(self.world, activity.kind, activity.target or "") == activity.target
                )
            except OrderError:
                self._read[key] = False
        return self._read[key]

    def _source(self, activity: Activity) -> str | None:
        """The source ``activity`` names as the parser takes it: None when it is left to the
        parser (``basic``, or what lets him record an enhanced activity on any phase),
        :data:`SUNLIGHT`, or a name (6.2.4d)."""
        source = activity.source
        if source == BASIC or source in self.ent.enablers_of(activity.kind):
            return None
        return source

    def _planned_phase(
        self, activity: Activity, start: str | None, source: str | None
    ) -> PlannedPhase:
        """The phase as :func:`rules.orders.sources.assign_sources` needs it, starting in
        ``start``; his horse cannot be active once a phase starts in a cave, as the parser
        reads it with no rearrangement (7.3.2a.1, 7.3.2b)."""
        places = self.world.places(start)
        aims = activity.target if activity.kind is K.PEER and activity.target else None
        return PlannedPhase(
            activity.kind,
            source,
            places,
            self.world.places(aims),
            self._horse_ready and not (places is not None and "cave" in places),
        )

    def _payable(self, caves: Sequence[str], planned: tuple[PlannedPhase, ...]) -> bool:
        """Whether the sources he has pay for ``planned`` (6.2.2, 6.2.4), with no Sunlight
        phases if his Moves enter ``caves`` (6.2.2b)."""
        key = (bool(caves), planned)
        if key not in self._paid:
            ent = self.ent
            if caves:
                if self._dark is None:
                    self._dark = entitlement(
                        self.catalog, self.state, self.character, cave_moves=caves
                    )
                ent = self._dark
            self._paid[key] = payable(ent, planned)
        return self._paid[key]

    # --- the candidates ----------------------------------------------------------------------

    def _candidates(self) -> list[Activity]:
        if self.followed:
            return []  # Follow is the whole day (6.2.7)
        road = self.path.road or self.path.forest  # 8.3.8d.1; 7.10.4d.2, 8.3.8f
        if road is not None and self.path.steps == 0:
            return [Activity(kind=K.MOVE, target=end, source=BASIC) for end in road]
        climb = self.path.climbing
        if climb is not None and self._leaves_road(K.MOVE):
            return [Activity(kind=K.MOVE, target=climb, source=BASIC)]
        here = self.path.here
        key = (self.phase == 1, here, self.path.tile)
        listed = self._listed.get(key)
        if listed is None:
            listed = [*self._kept(self._near(here)), *self._middle]
            listed += self._kept(self._flights()) + self._tail
            self._listed[key] = listed
        return listed

    def _kept(self, found: list[Activity]) -> list[Activity]:
        """``found`` without what he may not record (9.1.1c; hirelings and familiars)."""
        return [a for a in found if self._allowed[a.kind]]

    def _near(self, here: str | None) -> list[Activity]:
        """F with those in his clearing on phase 1, and M to each clearing he may reach."""
        if here is None:
            return []
        found = []
        if self.phase == 1:
            found += [Activity(kind=K.FOLLOW, target=n) for n in self.world.followable]
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
        found += [Activity(kind=K.HIRE, target=s) for s in hiring_spells(self.world)]  # 7.7.5a
        if enchanters(self.world):  # 7.10.1: only with Magic chits of Types I-V
            found.append(Activity(kind=K.ENCHANT_FIRST))
        found += [
            Activity(kind=K.ENCHANT, target=aim) for aim in _enchantments(self.world, active=True)
        ]
        if character in state.familiars:
            found.append(Activity(kind=K.PEER))  # L3926: it peers into its own clearing only
        else:
            found += [
                Activity(kind=kind, target=target, source=source)
                for kind, target, source in _enhanced(self.world, self.ent)
            ]
        return found

    def _flights(self) -> list[Activity]:
        """FL to his tile or one next to it, with a source that gives it (7.3.3, 6.2.1a)."""
        if self.character in self.state.familiars or not self.ent.enablers_of(K.FLY):
            return []
        return [Activity(kind=K.FLY, target=tile) for tile in self.path.flights() or ()]

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


def phase_activities(
    state: GameState, character: str, phase: int, source: str, *, catalog: Catalog
) -> list[Activity]:
    """What ``character`` may do as phase ``phase`` of his turn, which he recorded with
    ``source``, when he chooses it as he does it (the Timeless Jewel, L4315; Prophecy, L4725):
    :func:`legal_activities` from where he stands, only the kinds an extra phase pays for unless
    it is flexible (6.2.4a)."""
    offered = legal_activities(state, character, phase, catalog=catalog)
    extra = entitlement(catalog, state, character).extra(source)
    if extra is not None and not extra.flexible:
        offered = [a for a in offered if a.kind in extra.activities] or offered
    return offered


def _enhanced(world: Map, ent: Entitlement) -> list[tuple[ActivityKind, str, str]]:
    """P and RE templates, each with the source that allows it (6.2.1a)."""
    clearings = world.board.clearings()
    found = [(K.PEER, c, BASIC) for c in clearings] if ent.enablers_of(K.PEER) else []
    for extra in ent.extras:
        if K.PEER in extra.enables:
            found += [
                (K.PEER, c, extra.name)
                for c in clearings
                if extra.target_where in (world.places(c) or ())
            ]
    if ent.enablers_of(K.REMOTE_ENCHANT):
        aims = _enchantments(world, active=False)
        found += [(K.REMOTE_ENCHANT, f"{c} {aim}", BASIC) for c in clearings for aim in aims]
    return found


def _enchantments(world: Map, *, active: bool) -> list[str]:
    """What an Enchant phase may name (7.10.2): each of his Magic chits of Types I–V, to enchant
    it and to enchant his tile with it (``MAGIC III4*``, ``tile MAGIC III4*``); with ``active``,
    only those active and not colour chits now."""
    labels = enchanters(world)
    if active:
        ready = {
            c.label
            for c in world.state.sheet(world.character).chits
            if c.status == "active" and c.color is None
        }
        labels = [label for label in labels if label in ready]
    return [aim for label in labels for aim in (label, f"tile {label}")]
