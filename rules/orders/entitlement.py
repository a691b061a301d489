"""How many phases a character gets today, and which source pays for each phase (6.2.2–6.2.4).

:func:`entitlement` reads the state at Birdsong: the two Basic phases (6.2.2a L1503), the two
Sunlight phases (6.2.2b L1504: lost when he starts the day in a cave clearing or records a Move
into one; never for the Dwarf, L3713), and every extra phase (6.2.2c L1505–1508) with its source
and its limits — Special Advantages (:class:`~rules.schema.characters.ExtraPhase` effects), an
active horse (7.3.2b L1692–1698; none while he is in a cave, 6.2.2c.1 L1506) and active Birdsong
cards (``extra_phase:*`` behaviours, L4270–4294). It also lists the sources that let him record
the enhanced activities P, RE and FL on his regular phases (6.2.1a–b L1497–1498).

:func:`assign_sources` gives each recorded phase a source — :data:`~rules.orders.model.BASIC`,
:data:`~rules.orders.model.SUNLIGHT` or an extra source's name — obeying: an activity-specific extra
only for its activity (6.2.4a L1511); pony Moves never first and alternating with other Moves
(6.2.4c L1516); Sunlight only if he has it (7.3.1c.2 L1659). Sources the player names are kept.
Of the legal assignments it picks the one a player would want, by these preferences in turn:

1. fewest extra phases that cannot be used where they stand (a location-limited extra whose phase
   would not start in its place, 6.2.4b L1512–1514, 7.3.1d L1660; a horse's Move when the horse
   cannot be active at that phase's start, 7.3.2b L1692) — such a phase is only warned about,
   since the rules let it be recorded and cancel it when done (6.2.4e–f L1518–1519);
2. fewest Sunlight phases (never spend a Sunlight phase where an extra fits);
3. fewest flexible extras (keep the Captain's Reputation or the Shielded Lantern for activities
   nothing else can pay for);
4. fewest extras from belongings (each commits him to keep the card or horse, 6.2.4d L1517);
5. generic phases as early as possible, so the 1st and 2nd generic phases are the Basic ones and
   the 3rd and 4th the Sunlight ones, as in the book's example (7.3.1c.2 L1659).

Everything here is pure: no state is changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from rules.board import Board
from rules.catalog import Catalog
from rules.orders.model import BASIC, SUNLIGHT, ActivityKind
from rules.schema.characters import Ability, AbilityKey, ExtraPhase
from rules.state import GameState, Place

K = ActivityKind
#: The enhanced activities: recordable only with a source (6.2.1a–b L1497–1498).
ENHANCED = frozenset({K.PEER, K.FLY, K.REMOTE_ENCHANT})
#: The "normal" activities an any-activity extra may be used for (L3653, L4288).
NORMAL = frozenset(set(K) - ENHANCED - {K.FOLLOW})

Where = Literal["anywhere", "dwelling", "cave", "mountain"]
SourceKind = Literal["advantage", "horse", "treasure"]

_ADVANTAGE_ACTIVITIES: dict[str, frozenset[ActivityKind]] = {
    "move": frozenset({K.MOVE}),
    "rest": frozenset({K.REST}),
    "hide": frozenset({K.HIDE}),
    "alert": frozenset({K.ALERT}),
    "enchant": frozenset({K.ENCHANT, K.ENCHANT_FIRST, K.REMOTE_ENCHANT}),
    "any": NORMAL,
}
#: ``extra_phase:*`` treasure behaviours (L4276–4292): activities, place, and enhanced activity.
_TREASURE_EXTRAS: dict[str, tuple[frozenset[ActivityKind], Where, frozenset[ActivityKind]]] = {
    "move": (frozenset({K.MOVE}), "anywhere", frozenset()),
    "hide": (frozenset({K.HIDE}), "anywhere", frozenset()),
    "search": (frozenset({K.SEARCH}), "anywhere", frozenset()),
    "trade": (frozenset({K.TRADE}), "anywhere", frozenset()),
    "hire": (frozenset({K.HIRE}), "anywhere", frozenset()),
    "enchant": (frozenset({K.ENCHANT, K.ENCHANT_FIRST, K.REMOTE_ENCHANT}), "anywhere", frozenset()),
    "mountain_peer": (frozenset({K.PEER}), "mountain", frozenset({K.PEER})),
    "cave": (NORMAL, "cave", frozenset()),
}
_ENABLER_BEHAVIOURS = {"enhanced_peer": K.PEER, "remote_enchant": K.REMOTE_ENCHANT}
_NAMES = {
    K.MOVE: "Move",
    K.HIDE: "Hide",
    K.SEARCH: "Search",
    K.TRADE: "Trade",
    K.REST: "Rest",
    K.ALERT: "Alert",
    K.HIRE: "Hire",
    K.FOLLOW: "Follow",
    K.ENCHANT_FIRST: "Enchant",
    K.ENCHANT: "Enchant",
    K.PEER: "Peer",
    K.FLY: "Fly",
    K.REMOTE_ENCHANT: "Remote Enchant",
    K.CACHE: "Cache",
    K.BLANK: "blank",
}


def activity_name(kind: ActivityKind) -> str:
    """The activity's name as the Daylight Activities table gives it (L5509–5531)."""
    return _NAMES[kind]


@dataclass(frozen=True)
class ExtraSource:
    """One source of extra phases (6.2.2c L1505): its name as the player writes it in
    parentheses, what gives it, the activities its phase may be used for (6.2.4a), where the
    phase must start (6.2.4b; ``target_where``: where the recorded clearing must be), the
    enhanced activities it enables in its own phase, and whether it is a pony (6.2.4c: any number
    of Moves, each after a Move from another source)."""

    name: str
    kind: SourceKind
    activities: frozenset[ActivityKind]
    where: Where = "anywhere"
    target_where: Where = "anywhere"
    enables: frozenset[ActivityKind] = frozenset()
    pony: bool = False
    rule: str = ""

    @property
    def flexible(self) -> bool:
        """True for an extra that fits any normal activity (Reputation, Shielded Lantern)."""
        return self.activities == NORMAL

    @property
    def what(self) -> str:
        """``"extra Move"``, ``"extra phase for any activity, started at a dwelling"``."""
        if self.pony:
            return "a Move after each other Move"
        if self.flexible:
            what = "extra phase for any activity"
        else:
            plain = sorted(self.activities - ENHANCED) or sorted(self.activities)
            what = "extra " + "/".join(dict.fromkeys(activity_name(k) for k in plain))
        where = {"anywhere": "", "dwelling": ", started at a dwelling"}.get(
            self.where, f", started in a {self.where} clearing"
        )
        return what + where

    def describe(self) -> str:
        """:attr:`what` and the name: ``"extra Move (Stamina)"``."""
        return f"{self.what} ({self.name})"


@dataclass(frozen=True)
class Entitlement:
    """A character's phases today (6.2.2): ``basic`` and ``sunlight`` counts (``no_sunlight``
    says why he has none, ``sunlight_lost`` how many a cave took from him), his ``extras``, the
    ``enablers`` of enhanced activities on regular phases (activity, source name), and
    ``unavailable`` sources he has but cannot use today (name, reason)."""

    character: str
    clearing: str | None
    basic: int = 2
    sunlight: int = 2
    no_sunlight: str | None = None
    sunlight_lost: int = 0
    extras: tuple[ExtraSource, ...] = ()
    enablers: tuple[tuple[ActivityKind, str], ...] = ()
    unavailable: tuple[tuple[str, str], ...] = ()

    @property
    def total(self) -> int:
        """Phases today, not counting pony Moves (which depend on his other Moves)."""
        return self.basic + self.sunlight + sum(1 for e in self.extras if not e.pony)

    def extra(self, name: str) -> ExtraSource | None:
        """The extra source called ``name`` (exactly), or None."""
        return next((e for e in self.extras if e.name == name), None)

    def enablers_of(self, kind: ActivityKind) -> tuple[str, ...]:
        """The sources that let him record enhanced ``kind`` on any of his phases."""
        return tuple(name for k, name in self.enablers if k is kind)

    def can_record(self, kind: ActivityKind) -> bool:
        """Whether some source lets him record ``kind`` (always, for non-enhanced ones)."""
        return (
            kind not in ENHANCED
            or bool(self.enablers_of(kind))
            or any(kind in e.enables for e in self.extras)
        )

    def describe(self) -> str:
        """``"5 phases today: 2 basic, 2 sunlight, 1 extra Move (Stamina)"``."""
        parts = [f"{self.basic} basic"]
        if self.sunlight:
            parts.append(f"{self.sunlight} sunlight")
        parts += [f"1 {e.describe()}" if not e.pony else e.describe() for e in self.extras]
        return f"{self.total} phases today: {', '.join(parts)}"


def _clearing(state: GameState, character: str) -> str | None:
    kind, rest = Place.split(state.place_of(character))
    return rest if kind == "at" else None


def clearing_qualities(board: Board, state: GameState, clearing: str) -> frozenset[str]:
    """What matters about a clearing for extra phases: its type (``"cave"``, ``"mountain"`` or
    ``"woods"``) and ``"dwelling"`` when a dwelling or campfire stands there (L3653)."""
    found = {str(board.clearing_type(clearing))}
    if any(p in board.catalog.dwellings for p in state.at(Place.clearing(clearing))):
        found.add("dwelling")
    return frozenset(found)


def entitlement(
    catalog: Catalog,
    state: GameState,
    character: str,
    *,
    cave_moves: Sequence[str] = (),
) -> Entitlement:
    """The phases ``character`` gets today (6.2.2), from the state at Birdsong.

    ``cave_moves`` are the cave clearings his recorded Moves enter: any of them costs him his
    Sunlight phases (6.2.2b L1504). Sources come from his advantages at his level, his active
    horse (not while he is in a cave, 6.2.2c.1) and his active Birdsong cards (6.2.2c.1: active at
    Birdsong). A hired leader or controlled monster has two Basic and two Sunlight phases and
    the extra Moves of the native horse he rides (6.2.5, 7.3.2e.1), but no Special Advantages
    (7.7.1f.1). Spells are not handled yet.
    """
    sheet = state.sheet(character)
    advantages = (
        catalog.characters[character].advantages_at(sheet.level)
        if character in state.characters
        else ()
    )
    here = _clearing(state, character)
    board = Board(catalog, state.tiles)
    in_cave = here is not None and "cave" in clearing_qualities(board, state, here)

    extras: list[ExtraSource] = []
    unavailable: list[tuple[str, str]] = []
    no_sunlight: str | None = None
    sunlight_lost = 0
    for advantage in advantages:
        gives = [e for e in advantage.effects if isinstance(e, ExtraPhase)]
        for effect in gives:
            extras.append(
                ExtraSource(
                    advantage.name,
                    "advantage",
                    _ADVANTAGE_ACTIVITIES[effect.activity],
                    where=effect.where,
                    rule=f"L{advantage.line}",
                )
            )
        if any(
            isinstance(e, Ability) and e.key is AbilityKey.NO_SUNLIGHT_PHASES
            for e in advantage.effects
        ):
            no_sunlight = f"{advantage.name}, L{advantage.line}"
        if not gives:
            unavailable.append((advantage.name, f"{advantage.name} gives no extra phase"))

    for piece, item in sheet.items.items():
        if state.place_of(piece) != Place.owner(character):
            continue
        if piece in catalog.horses:
            _horse(catalog, piece, item.active, in_cave, extras, unavailable)
        elif piece in catalog.treasures:
            _treasure(catalog, piece, item.active, extras, unavailable)

    if no_sunlight is None and in_cave:
        no_sunlight = f"you start the day in a cave clearing, {here} (6.2.2b)"
        sunlight_lost = 2
    elif no_sunlight is None and cave_moves:
        no_sunlight = (
            f"you record a Move into a cave clearing, {', '.join(dict.fromkeys(cave_moves))}"
            " (6.2.2b)"
        )
        sunlight_lost = 2
    enablers = [
        (_ENABLER_BEHAVIOURS[b], piece)
        for piece, item in sheet.items.items()
        if item.active and piece in catalog.treasures
        for b in catalog.treasures[piece].behaviour
        if b in _ENABLER_BEHAVIOURS
    ]
    enablers += [
        (K.FLY, piece)
        for piece, item in sheet.items.items()
        if item.active
        and piece in catalog.treasures
        and (spell := catalog.treasures[piece].built_in_spell) is not None
        and spell.fly is not None
    ]
    return Entitlement(
        character=character,
        clearing=here,
        sunlight=0 if no_sunlight else 2,
        no_sunlight=no_sunlight,
        sunlight_lost=sunlight_lost,
        extras=tuple(extras),
        enablers=tuple(enablers),
        unavailable=tuple(unavailable),
    )


def _horse(
    catalog: Catalog,
    piece: str,
    active: bool,
    in_cave: bool,
    extras: list[ExtraSource],
    unavailable: list[tuple[str, str]],
) -> None:
    """A horse's extra Moves (7.3.2b L1692–1698): workhorse one, pony one after each other Move,
    warhorse none; only if active at Birdsong and not in a cave (6.2.2c.1 L1506)."""
    horse = catalog.horses[piece]
    if horse.move_bonus is None:
        unavailable.append((piece, f"{piece} is a warhorse: it gives no extra phases (7.3.2b.1)"))
    elif in_cave:
        unavailable.append(
            (piece, "a horse gives no extra phases while you are in a cave (6.2.2c.1)")
        )
    elif not active:
        unavailable.append(
            (piece, f"{piece} is not active: it must be active at Birdsong (6.2.2c.1)")
        )
    else:
        pony = horse.move_bonus == "double"
        rule = "7.3.2b.3 L1698" if pony else "7.3.2b.2 L1696"
        extras.append(ExtraSource(piece, "horse", frozenset({K.MOVE}), pony=pony, rule=rule))


def _treasure(
    catalog: Catalog,
    piece: str,
    active: bool,
    extras: list[ExtraSource],
    unavailable: list[tuple[str, str]],
) -> None:
    """A Birdsong card's extra phase (L4276–4292); the card must be active (6.2.2c.1)."""
    for behaviour in catalog.treasures[piece].behaviour:
        kind, _, what = behaviour.partition(":")
        if kind != "extra_phase" or what not in _TREASURE_EXTRAS:
            continue
        if not active:
            why = f"{piece} is not active: it must be active at Birdsong (6.2.2c.1)"
            unavailable.append((piece, why))
            continue
        activities, where, enables = _TREASURE_EXTRAS[what]
        target: Where = "mountain" if what == "mountain_peer" else "anywhere"
        extras.append(
            ExtraSource(piece, "treasure", activities, where, target, enables, rule="L4278")
        )


# --- naming a source ------------------------------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """A problem with the phases and their sources: a stable ``code`` (see
    ``rules.orders.parse.CODES``),
    the 1-based ``phase`` (None for the whole day), ``message`` and ``hint``."""

    code: str
    phase: int | None
    message: str
    hint: str = ""


_GENERIC_WORDS = {"basic": BASIC, "sunlight": SUNLIGHT, "sun": SUNLIGHT}
_HORSE_WORDS = ("pony", "workhorse", "warhorse", "horse")


def match_source(ent: Entitlement, text: str) -> tuple[str | None, Issue | None]:
    """The source a player names in parentheses (``"stamina"``, ``"pony"``, ``"sunlight"``).

    Case-insensitive; a unique prefix of 3 letters or more is enough. Returns the source's name
    (an extra's name, :data:`BASIC`, :data:`SUNLIGHT`, or an enabler such as ``"Crystal Ball"``),
    or an :class:`Issue` (codes ``unknown-source``, ``source-inactive``, ``ambiguous``).
    """
    word = " ".join(text.split()).casefold()
    if word in _GENERIC_WORDS:
        return _GENERIC_WORDS[word], None
    usable = [e.name for e in ent.extras] + [name for _, name in ent.enablers]
    names = list(dict.fromkeys(usable + [n for n, _ in ent.unavailable]))
    exact = [n for n in names if n.casefold() == word]
    if not exact and word in _HORSE_WORDS:
        exact = [
            e.name
            for e in ent.extras
            if e.kind == "horse" and (word == "horse" or e.name.casefold().startswith(word))
        ]
    if not exact and len(word) >= 3:
        exact = [n for n in names if n.casefold().startswith(word)]
    exact = list(dict.fromkeys(exact))
    valid = ", ".join(["basic", "sunlight", *dict.fromkeys(usable)])
    if len(exact) > 1:
        return None, Issue(
            "ambiguous", None, f"{text!r} could be {', '.join(exact)}", "write the full name"
        )
    if not exact:
        return None, Issue(
            "unknown-source",
            None,
            f"{text!r} is not a source of phases you have",
            f"your sources today: {valid}",
        )
    name = exact[0]
    if name not in usable:
        reason = dict(ent.unavailable)[name]
        return None, Issue("source-inactive", None, reason, f"your sources today: {valid}")
    return name, None


# --- assigning sources ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedPhase:
    """One recorded phase as :func:`assign_sources` needs it: the activity, the source the
    player named (None: infer), what his clearing is at the phase's start as the orders plan it
    (:func:`clearing_qualities`; None when unknown, e.g. after a Fly), what the recorded clearing
    is (for P), and whether his horse can be active at the phase's start (7.3.2b L1692)."""

    kind: ActivityKind
    source: str | None = None
    places: frozenset[str] | None = None
    target_places: frozenset[str] | None = None
    horse_ready: bool = True


@dataclass(frozen=True)
class Assignment:
    """The source of each phase (None when there is an error), notes for the echo (one per
    inferred extra phase or enhanced activity), errors and warnings."""

    sources: tuple[str, ...] | None
    notes: tuple[str, ...] = ()
    errors: tuple[Issue, ...] = ()
    warnings: tuple[Issue, ...] = ()


_RANK = {"advantage": 1, "treasure": 2, "horse": 3}
Sums = tuple[int, int, int, int]
Best = tuple[Sums, tuple[int, ...], int, tuple[int, ...]]


@dataclass
class _Problem:
    """One assignment search: options per phase (0 = a generic phase, i = extras[i - 1])."""

    ent: Entitlement
    phases: Sequence[PlannedPhase]
    relax_activity: bool = False
    relax_pony: bool = False
    generic: int = 0
    stars: int = 0
    options: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.generic = self.ent.basic + self.ent.sunlight
        self.stars = sum(1 for p in self.phases if p.source == SUNLIGHT)
        self.options = [self._options(p) for p in self.phases]

    def _fits(self, extra: ExtraSource, phase: PlannedPhase) -> bool:
        if phase.kind is K.BLANK:
            return not extra.pony or self.relax_activity
        if not self.relax_activity and phase.kind not in extra.activities:
            return False
        if (
            phase.kind in ENHANCED
            and phase.kind not in extra.enables
            and not self.ent.enablers_of(phase.kind)
        ):
            return False
        return not (
            extra.target_where != "anywhere"
            and phase.target_places is not None
            and extra.target_where not in phase.target_places
        )

    def _options(self, phase: PlannedPhase) -> list[int]:
        if phase.source in (BASIC, SUNLIGHT):
            return [0]
        named = [i + 1 for i, e in enumerate(self.ent.extras) if e.name == phase.source]
        if named:
            return named if self._fits(self.ent.extras[named[0] - 1], phase) else []
        generic_ok = phase.kind not in ENHANCED or bool(self.ent.enablers_of(phase.kind))
        extras = [i + 1 for i, e in enumerate(self.ent.extras) if self._fits(e, phase)]
        return ([0] if generic_ok else []) + extras

    def cost(self, option: int, phase: PlannedPhase) -> tuple[Sums, int]:
        if option == 0:
            return (0, 0, 0, 0), 0
        extra = self.ent.extras[option - 1]
        return (
            int(_unusable(extra, phase) is not None),
            0,
            int(extra.flexible),
            int(extra.kind != "advantage"),
        ), _RANK[extra.kind]

    def solve(self) -> Best | None:
        n, phases = len(self.phases), self.phases

        @cache
        def best(i: int, left: int, used: int, last: int) -> Best | None:
            if i == n:
                spent = self.generic - left
                sun = max(spent - self.ent.basic, self.stars)
                return (0, sun, 0, 0), (), 1, ()
            found: Best | None = None
            count = 0
            for option in self.options[i]:
                extra = self.ent.extras[option - 1] if option else None
                if option == 0 and left == 0:
                    continue
                if extra is not None and not extra.pony and used & (1 << option):
                    continue
                move = phases[i].kind is K.MOVE
                if extra is not None and extra.pony and move and not self.relax_pony and last != 1:
                    continue
                new_last = (2 if extra is not None and extra.pony else 1) if move else last
                rest = best(
                    i + 1,
                    left - (option == 0),
                    used | (1 << option if extra is not None and not extra.pony else 0),
                    new_last,
                )
                if rest is None:
                    continue
                (w, s, f, b), rank = self.cost(option, phases[i])
                sums: Sums = (w + rest[0][0], s + rest[0][1], f + rest[0][2], b + rest[0][3])
                candidate: Best = (sums, (rank, *rest[1]), rest[2], (option, *rest[3]))
                if found is None or sums < found[0]:
                    found, count = candidate, rest[2]
                elif sums == found[0]:
                    count += rest[2]
                    if candidate[1] < found[1]:
                        found = candidate
            if found is None:
                return None
            return found[0], found[1], min(count, 2), found[3]

        return best(0, self.generic, 0, 0)


def _unusable(extra: ExtraSource, phase: PlannedPhase) -> str | None:
    """Why ``extra`` cannot be used in ``phase`` as planned (None when it can)."""
    if extra.where != "anywhere" and phase.places is not None and extra.where not in phase.places:
        place = "at a dwelling" if extra.where == "dwelling" else f"in a {extra.where} clearing"
        return f"it must start {place} (6.2.4b; 7.3.1d)"
    if extra.kind == "horse" and not phase.horse_ready:
        return f"{extra.name} cannot be active at the start of that phase (7.3.2a.1, 7.3.2b)"
    return None


def assign_sources(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Assignment:
    """Give each phase a source (see the module docstring for the preferences).

    Errors: ``no-sunlight`` / ``sunlight-cave`` (a Sunlight phase he does not have),
    ``too-many-phases``, ``source-activity`` (a named extra used for another activity),
    ``extra-activity`` (the extras left cannot pay for the activities recorded), ``pony``
    (6.2.4c), ``not-enhanced`` (P, FL or RE without a source), ``bad-target`` (the only source
    of a P cannot reach its clearing). Warnings: ``unusable-extra``.
    """
    errors = _precheck(ent, phases)
    if errors:
        return Assignment(None, errors=tuple(errors))
    most = ent.total + ent.sunlight_lost
    if len(phases) > (2 * most if any(e.pony for e in ent.extras) else most):
        return Assignment(None, errors=(_too_many(ent, phases),))  # no search needed
    solved = _Problem(ent, phases).solve()
    if solved is None:
        return Assignment(None, errors=(_diagnose(ent, phases),))
    _, _, count, options = solved
    return _finish(ent, phases, options, several=count > 1)


def _precheck(ent: Entitlement, phases: Sequence[PlannedPhase]) -> list[Issue]:
    errors: list[Issue] = []
    stars = [i + 1 for i, p in enumerate(phases) if p.source == SUNLIGHT]
    if len(stars) > ent.sunlight:
        code = "sunlight-cave" if ent.sunlight_lost else "no-sunlight"
        errors.append(
            Issue(
                code,
                stars[ent.sunlight] if ent.sunlight < len(stars) else None,
                f"you have no Sunlight phase for this: {ent.no_sunlight or 'only 2 a day'}",
                "remove the '*', or stay out of the caves today (7.3.1c.2)"
                if ent.sunlight_lost
                else "remove the '*'",
            )
        )
    if sum(1 for p in phases if p.source == BASIC) > ent.basic:
        errors.append(Issue("too-many-phases", None, f"you have only {ent.basic} basic phases"))
    for number, phase in enumerate(phases, 1):
        extra = ent.extra(phase.source) if phase.source else None
        if phase.kind in ENHANCED and not ent.can_record(phase.kind):
            errors.append(
                Issue(
                    "not-enhanced",
                    number,
                    f"{activity_name(phase.kind)} ({phase.kind.value}) is an enhanced activity: "
                    "you need a Special Advantage, Treasure card or spell that gives it (6.2.1a)",
                    "none of your active belongings gives it today",
                )
            )
        if extra is not None and phase.kind is not K.BLANK and phase.kind not in extra.activities:
            errors.append(
                Issue(
                    "source-activity",
                    number,
                    f"{extra.name} gives an {extra.what} only, not a "
                    f"{activity_name(phase.kind)} phase (6.2.4a L1511)",
                    "drop the source in parentheses, or use it for its own activity",
                )
            )
    pony = [i + 1 for i, p in enumerate(phases) if (e := ent.extra(p.source or "")) and e.pony]
    if pony:
        errors += _pony_errors(ent, phases)
    if not errors:
        errors += _target_errors(ent, phases)
    return errors


def _target_errors(ent: Entitlement, phases: Sequence[PlannedPhase]) -> list[Issue]:
    """Enhanced phases whose only sources cannot reach the recorded clearing (Ancient Telescope:
    a mountain clearing, L4280)."""
    problem = _Problem(ent, phases)
    return [
        Issue(
            "bad-target",
            number,
            f"your source of {activity_name(phase.kind)} here, "
            + ", ".join(e.name for e in ent.extras if phase.kind in e.enables)
            + ", reaches only a mountain clearing (L4280)",
            "record a mountain clearing",
        )
        for number, (phase, options) in enumerate(zip(phases, problem.options, strict=True), 1)
        if not options and phase.kind in ENHANCED
    ]


def _pony_errors(ent: Entitlement, phases: Sequence[PlannedPhase]) -> list[Issue]:
    """6.2.4c L1516: a named pony Move first, or right after another pony Move."""
    errors: list[Issue] = []
    last: str | None = None
    for number, phase in enumerate(phases, 1):
        if phase.kind is not K.MOVE:
            continue
        extra = ent.extra(phase.source or "")
        if extra is not None and extra.pony:
            if last != "other":
                what = "the first Move" if last is None else "right after another pony Move"
                errors.append(
                    Issue(
                        "pony",
                        number,
                        f"a pony Move cannot be {what} (6.2.4c L1516)",
                        "each pony Move must follow a Move from another source",
                    )
                )
            last = "pony"
        else:
            last = "other"
    return errors


def _diagnose(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Issue:
    """Why no assignment is legal: the most specific of the relaxed searches that succeed."""
    recorded = f"you recorded {len(phases)}"
    first_extra = min(ent.total + 1, len(phases))
    if ent.sunlight_lost:
        more = replace(ent, sunlight=ent.sunlight_lost, sunlight_lost=0)
        if _Problem(more, phases).solve() is not None:
            return Issue(
                "sunlight-cave",
                first_extra,
                f"you have {ent.describe()}; {recorded}. Phase {first_extra} would need a "
                f"Sunlight phase, and you have none: {ent.no_sunlight}; a Sunlight phase cannot "
                "be used on a day you enter or are in a cave (7.3.1c.2 L1659)",
                "drop phases, or keep out of the caves today",
            )
    relaxed = _Problem(ent, phases, relax_activity=True, relax_pony=True).solve()
    if relaxed is None:
        return _too_many(ent, phases)
    if _Problem(ent, phases, relax_pony=True).solve() is not None:
        others = ent.basic + ent.sunlight
        others += sum(1 for e in ent.extras if K.MOVE in e.activities and not e.pony)
        return Issue(
            "pony",
            None,
            "your pony's Moves must each follow a Move from another source, and it cannot give "
            f"the first Move (6.2.4c L1516): with {others} other Moves today, at most {others} "
            "pony Moves",
            "put another Move before each pony Move",
        )
    options = relaxed[3]
    for number, (option, phase) in enumerate(zip(options, phases, strict=True), 1):
        extra = ent.extras[option - 1] if option else None
        if extra is not None and phase.kind is not K.BLANK and phase.kind not in extra.activities:
            return Issue(
                "extra-activity",
                number,
                f"no phase is left for this {activity_name(phase.kind)}: you have "
                f"{ent.describe()}, and an extra phase that names an activity can only be used "
                "for it (6.2.4a L1511)",
                "record the activity your extra phase is for, or fewer other activities",
            )
    return Issue("too-many-phases", None, f"you have {ent.describe()}; {recorded}")


def _too_many(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Issue:
    why = f" (no Sunlight phases: {ent.no_sunlight})" if ent.no_sunlight else ""
    pony = any(e.pony for e in ent.extras)
    return Issue(
        "too-many-phases",
        min(ent.total + 1, len(phases)),
        f"you have {ent.describe()}; you recorded {len(phases)}{why}",
        f"record at most {ent.total} phases" + (" besides your pony Moves" if pony else ""),
    )


def _finish(
    ent: Entitlement, phases: Sequence[PlannedPhase], options: Iterable[int], *, several: bool
) -> Assignment:
    sources: list[str] = []
    notes: list[str] = []
    warnings: list[Issue] = []
    basic_left = ent.basic - sum(1 for p in phases if p.source == BASIC)
    for number, (option, phase) in enumerate(zip(options, phases, strict=True), 1):
        if option == 0:
            if phase.source in (BASIC, SUNLIGHT):
                sources.append(phase.source)
            elif basic_left > 0:
                sources.append(BASIC)
                basic_left -= 1
            else:
                sources.append(SUNLIGHT)
            for enabler in ent.enablers_of(phase.kind)[:1]:
                notes.append(
                    f"phase {number}: {activity_name(phase.kind)} by your {enabler} (6.2.4d)"
                )
            continue
        extra = ent.extras[option - 1]
        sources.append(extra.name)
        if phase.source != extra.name:
            what = "phase" if extra.flexible else activity_name(phase.kind)
            notes.append(f"phase {number} is your {extra.name} {what}")
        why = _unusable(extra, phase)
        if why is not None:
            warnings.append(
                Issue(
                    "unusable-extra",
                    number,
                    f"phase {number} ({extra.name}) will be cancelled as planned: {why}",
                    "it still counts if an earlier Move fails; otherwise record fewer phases",
                )
            )
    inferred = [s for s, p in zip(sources, phases, strict=True) if ent.extra(s) and s != p.source]
    if several and inferred:
        notes.append(
            "other assignments of your extra phases were legal too: to choose, name a phase's "
            f"source in parentheses after it, e.g. '({inferred[0]})' (6.2.4d)"
        )
    return Assignment(tuple(sources), tuple(notes), (), tuple(warnings))
