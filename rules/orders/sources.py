"""Which source pays for each recorded phase (6.2.4 L1510–1520; 7.3.1c.2, 7.3.2b).

:func:`match_source` reads the source a player names in parentheses (6.2.4d L1517).
:func:`assign_sources` gives each recorded phase a source — :data:`~rules.orders.model.BASIC`,
:data:`~rules.orders.model.SUNLIGHT` or an extra source's name, from his
:class:`~rules.orders.entitlement.Entitlement` — obeying: an activity-specific extra only for its
activity (6.2.4a L1511); pony Moves never first and alternating with other Moves (6.2.4c L1516);
Sunlight only if he has it (7.3.1c.2 L1659). Sources the player names are kept. Of the legal
assignments it picks the one a player would want, by these preferences in turn:

1. fewest extra phases that cannot be used where they stand (a location-limited extra whose phase
   would not start in its place, 6.2.4b L1512–1514, 7.3.1d L1660; a horse's Move when the horse
   cannot be active at that phase's start, 7.3.2b L1692) — such a phase is only warned about,
   since the rules let it be recorded and cancel it when done (6.2.4e–f L1518–1519);
2. fewest Sunlight phases (never spend a Sunlight phase where an extra fits);
3. fewest flexible extras (keep the Captain's Reputation or the Shielded Lantern for activities
   nothing else can pay for);
4. fewest extras from belongings (each commits him to keep the card or horse, 6.2.4d L1517;
   a spell's or a Special Advantage's commits him to nothing);
5. generic phases as early as possible, so the 1st and 2nd generic phases are the Basic ones and
   the 3rd and 4th the Sunlight ones, as in the book's example (7.3.1c.2 L1659).

What is wrong is an :class:`Issue` with a :class:`~rules.orders.problems.ProblemCode`. Everything
here is pure: no state is changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from rules.magic.bewitched import SPELL_PHASES
from rules.orders.entitlement import Entitlement, ExtraSource, activity_name
from rules.orders.model import BASIC, SUNLIGHT, ActivityKind
from rules.orders.problems import ProblemCode

K = ActivityKind


# --- naming a source ------------------------------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """A problem with the phases and their sources: its ``code``, the 1-based ``phase`` (None
    for the whole day), ``message`` and ``hint``."""

    code: ProblemCode
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
            ProblemCode.AMBIGUOUS,
            None,
            f"{text!r} could be {', '.join(exact)}",
            "write the full name",
        )
    if not exact:
        spell = next((n for n in SPELL_PHASES if n.casefold() == word), None)
        if spell is not None:
            return None, Issue(
                ProblemCode.SOURCE_INACTIVE,
                None,
                f"no {spell} in effect names you or your clearing today: its extra phase is "
                f"only its target's (L{SPELL_PHASES[spell].line})",
                f"your sources today: {valid}",
            )
        return None, Issue(
            ProblemCode.UNKNOWN_SOURCE,
            None,
            f"{text!r} is not a source of phases you have",
            f"your sources today: {valid}",
        )
    name = exact[0]
    if name not in usable:
        reason = dict(ent.unavailable)[name]
        return None, Issue(
            ProblemCode.SOURCE_INACTIVE, None, reason, f"your sources today: {valid}"
        )
    return name, None


# --- assigning sources ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedPhase:
    """One recorded phase as :func:`assign_sources` needs it: the activity, the source the
    player named (None: infer), what his clearing is at the phase's start as the orders plan it
    (:func:`~rules.orders.entitlement.clearing_qualities`; None when unknown, e.g. after a Fly),
    what the recorded clearing is (for P), and whether his horse can be active at the phase's
    start (7.3.2b L1692)."""

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


_RANK = {"advantage": 1, "spell": 1, "treasure": 2, "horse": 3}
Sums = tuple[int, int, int, int]
Best = tuple[Sums, tuple[int, ...], int, tuple[int, ...]]


@dataclass
class _Search:
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
            self.ent.enhanced(phase.kind)
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
        generic_ok = not self.ent.enhanced(phase.kind) or bool(self.ent.enablers_of(phase.kind))
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
            int(extra.kind in ("treasure", "horse")),
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
    solved = _Search(ent, phases).solve()
    if solved is None:
        return Assignment(None, errors=(_diagnose(ent, phases),))
    _, _, count, options = solved
    return _finish(ent, phases, options, several=count > 1)


def payable(ent: Entitlement, phases: Sequence[PlannedPhase]) -> bool:
    """Whether :func:`assign_sources` gives ``phases`` their sources with no error and no
    warning: the judgement :class:`rules.orders.legal.LegalOptions` makes of each phase it
    offers. A day that his Basic and Sunlight phases pay for alone, with no source named but
    ``*`` and no enhanced activity that needs an extra phase, is payable without the search."""
    generic = ent.basic + ent.sunlight
    if (
        len(phases) <= generic
        and sum(1 for p in phases if p.source == SUNLIGHT) <= ent.sunlight
        and all(
            p.source in (None, SUNLIGHT)
            and (not ent.enhanced(p.kind) or bool(ent.enablers_of(p.kind)))
            for p in phases
        )
    ):
        return True
    result = assign_sources(ent, phases)
    return not result.errors and not result.warnings


def _precheck(ent: Entitlement, phases: Sequence[PlannedPhase]) -> list[Issue]:
    errors: list[Issue] = []
    stars = [i + 1 for i, p in enumerate(phases) if p.source == SUNLIGHT]
    if len(stars) > ent.sunlight:
        code = ProblemCode.SUNLIGHT_CAVE if ent.sunlight_lost else ProblemCode.NO_SUNLIGHT
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
        errors.append(
            Issue(ProblemCode.TOO_MANY_PHASES, None, f"you have only {ent.basic} basic phases")
        )
    for number, phase in enumerate(phases, 1):
        extra = ent.extra(phase.source) if phase.source else None
        if not ent.can_record(phase.kind):
            errors.append(
                Issue(
                    ProblemCode.NOT_ENHANCED,
                    number,
                    f"{activity_name(phase.kind)} ({phase.kind.value}) is an enhanced activity: "
                    "you need a Special Advantage, Treasure card or spell that gives it (6.2.1a)",
                    "none of your active belongings gives it today",
                )
            )
        if extra is not None and phase.kind is not K.BLANK and phase.kind not in extra.activities:
            errors.append(
                Issue(
                    ProblemCode.SOURCE_ACTIVITY,
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
    search = _Search(ent, phases)
    return [
        Issue(
            ProblemCode.BAD_TARGET,
            number,
            f"your source of {activity_name(phase.kind)} here, "
            + ", ".join(e.name for e in ent.extras if phase.kind in e.enables)
            + ", reaches only a mountain clearing (L4280)",
            "record a mountain clearing",
        )
        for number, (phase, options) in enumerate(zip(phases, search.options, strict=True), 1)
        if not options and ent.enhanced(phase.kind)
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
                        ProblemCode.PONY,
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
        if _Search(more, phases).solve() is not None:
            return Issue(
                ProblemCode.SUNLIGHT_CAVE,
                first_extra,
                f"you have {ent.describe()}; {recorded}. Phase {first_extra} would need a "
                f"Sunlight phase, and you have none: {ent.no_sunlight}; a Sunlight phase cannot "
                "be used on a day you enter or are in a cave (7.3.1c.2 L1659)",
                "drop phases, or keep out of the caves today",
            )
    relaxed = _Search(ent, phases, relax_activity=True, relax_pony=True).solve()
    if relaxed is None:
        return _too_many(ent, phases)
    if _Search(ent, phases, relax_pony=True).solve() is not None:
        others = ent.basic + ent.sunlight
        others += sum(1 for e in ent.extras if K.MOVE in e.activities and not e.pony)
        return Issue(
            ProblemCode.PONY,
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
                ProblemCode.EXTRA_ACTIVITY,
                number,
                f"no phase is left for this {activity_name(phase.kind)}: you have "
                f"{ent.describe()}, and an extra phase that names an activity can only be used "
                "for it (6.2.4a L1511)",
                "record the activity your extra phase is for, or fewer other activities",
            )
    return Issue(ProblemCode.TOO_MANY_PHASES, None, f"you have {ent.describe()}; {recorded}")


def _too_many(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Issue:
    why = f" (no Sunlight phases: {ent.no_sunlight})" if ent.no_sunlight else ""
    pony = any(e.pony for e in ent.extras)
    return Issue(
        ProblemCode.TOO_MANY_PHASES,
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
                    ProblemCode.UNUSABLE_EXTRA,
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
