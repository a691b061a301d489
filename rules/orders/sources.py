"""Which source pays for each recorded phase (6.2.4 L1510–1520; 7.3.1c.2, 7.3.2b).

:func:`~rules.orders.source_names.match_source` reads the source a player names in parentheses
(6.2.4d L1517). :func:`assign_sources` gives each recorded phase a source —
:data:`~rules.orders.model.BASIC`, :data:`~rules.orders.model.SUNLIGHT` or an extra source's name,
from his :class:`~rules.orders.entitlement.Entitlement` — obeying: an activity-specific extra only
for its activity (6.2.4a L1511); pony Moves never first and alternating with other Moves (6.2.4c
L1516); Sunlight only if he has it (7.3.1c.2 L1659). Sources the player names are kept. Of the legal
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

from rules.orders.entitlement import Entitlement, ExtraSource, activity_name
from rules.orders.model import BASIC, SUNLIGHT, ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.source_names import Issue
from rules.phrases import Phrase, phrase

K = ActivityKind


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
    notes: tuple[Phrase, ...] = ()
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


def _unusable(extra: ExtraSource, phase: PlannedPhase) -> Phrase | None:
    """Why ``extra`` cannot be used in ``phase`` as planned (None when it can)."""
    if extra.where != "anywhere" and phase.places is not None and extra.where not in phase.places:
        if extra.where == "dwelling":
            return phrase("orders.must_start_at_dwelling")
        if extra.where == "cave":
            return phrase("orders.must_start_in_cave")
        return phrase("orders.must_start_in_mountain")
    if extra.kind == "horse" and not phase.horse_ready:
        return phrase("orders.horse_not_ready", horse=extra.name)
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
                phrase(
                    "orders.no_sunlight_phase",
                    why=ent.no_sunlight or phrase("orders.only_two_a_day"),
                ),
                phrase("orders.remove_star_or_caves")
                if ent.sunlight_lost
                else phrase("orders.remove_star"),
            )
        )
    if sum(1 for p in phases if p.source == BASIC) > ent.basic:
        errors.append(
            Issue(
                ProblemCode.TOO_MANY_PHASES,
                None,
                phrase("orders.only_basic", count=ent.basic),
            )
        )
    for number, phase in enumerate(phases, 1):
        extra = ent.extra(phase.source) if phase.source else None
        if not ent.can_record(phase.kind):
            errors.append(
                Issue(
                    ProblemCode.NOT_ENHANCED,
                    number,
                    not_enhanced(phase.kind),
                    phrase("orders.nothing_gives_it"),
                )
            )
        if extra is not None and phase.kind is not K.BLANK and phase.kind not in extra.activities:
            errors.append(
                Issue(
                    ProblemCode.SOURCE_ACTIVITY,
                    number,
                    phrase(
                        "orders.gives_only",
                        source=extra.name,
                        what=extra.what,
                        activity=activity_name(phase.kind),
                    ),
                    phrase("orders.drop_source_or_use"),
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
            phrase(
                "orders.reaches_only_mountain",
                activity=activity_name(phase.kind),
                sources=tuple(e.name for e in ent.extras if phase.kind in e.enables),
            ),
            phrase("orders.record_mountain"),
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
                message = (
                    phrase("orders.pony_first")
                    if last is None
                    else phrase("orders.pony_after_pony")
                )
                hint = phrase("orders.pony_follows")
                errors.append(Issue(ProblemCode.PONY, number, message, hint))
            last = "pony"
        else:
            last = "other"
    return errors


def _diagnose(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Issue:
    """Why no assignment is legal: the most specific of the relaxed searches that succeed."""
    first_extra = min(ent.total + 1, len(phases))
    if ent.sunlight_lost:
        more = replace(ent, sunlight=ent.sunlight_lost, sunlight_lost=0)
        if _Search(more, phases).solve() is not None:
            return Issue(
                ProblemCode.SUNLIGHT_CAVE,
                first_extra,
                phrase(
                    "orders.would_need_sunlight",
                    entitled=ent.describe(),
                    recorded=len(phases),
                    phase=first_extra,
                    why=ent.no_sunlight,
                ),
                phrase("orders.drop_phases_or_caves"),
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
            phrase("orders.pony_moves_at_most", others=others),
            phrase("orders.another_move_first"),
        )
    options = relaxed[3]
    for number, (option, phase) in enumerate(zip(options, phases, strict=True), 1):
        extra = ent.extras[option - 1] if option else None
        if extra is not None and phase.kind is not K.BLANK and phase.kind not in extra.activities:
            return Issue(
                ProblemCode.EXTRA_ACTIVITY,
                number,
                phrase(
                    "orders.no_phase_left",
                    activity=activity_name(phase.kind),
                    entitled=ent.describe(),
                ),
                phrase("orders.record_extra_activity"),
            )
    recorded = phrase("orders.recorded", entitled=ent.describe(), recorded=len(phases))
    return Issue(ProblemCode.TOO_MANY_PHASES, None, recorded)


def _too_many(ent: Entitlement, phases: Sequence[PlannedPhase]) -> Issue:
    recorded = (
        phrase(
            "orders.recorded_no_sunlight",
            entitled=ent.describe(),
            recorded=len(phases),
            why=ent.no_sunlight,
        )
        if ent.no_sunlight
        else phrase("orders.recorded", entitled=ent.describe(), recorded=len(phases))
    )
    hint = (
        phrase("orders.at_most_besides_pony", count=ent.total)
        if any(e.pony for e in ent.extras)
        else phrase("orders.at_most", count=ent.total)
    )
    return Issue(ProblemCode.TOO_MANY_PHASES, min(ent.total + 1, len(phases)), recorded, hint)


def _finish(
    ent: Entitlement, phases: Sequence[PlannedPhase], options: Iterable[int], *, several: bool
) -> Assignment:
    sources: list[str] = []
    notes: list[Phrase] = []
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
                notes.append(enabled(number, phase.kind, enabler))
            continue
        extra = ent.extras[option - 1]
        sources.append(extra.name)
        if phase.source != extra.name:
            notes.append(
                phrase("orders.note_extra_phase", number=number, source=extra.name)
                if extra.flexible
                else phrase(
                    "orders.note_extra",
                    number=number,
                    source=extra.name,
                    activity=activity_name(phase.kind),
                )
            )
        why = _unusable(extra, phase)
        if why is not None:
            warnings.append(
                Issue(
                    ProblemCode.UNUSABLE_EXTRA,
                    number,
                    phrase(
                        "orders.cancelled_as_planned", number=number, source=extra.name, why=why
                    ),
                    phrase("orders.still_counts"),
                )
            )
    inferred = [s for s, p in zip(sources, phases, strict=True) if ent.extra(s) and s != p.source]
    if several and inferred:
        notes.append(phrase("orders.note_other_assignments", source=inferred[0]))
    return Assignment(tuple(sources), tuple(notes), (), tuple(warnings))


def not_enhanced(kind: ActivityKind) -> Phrase:
    """That ``kind`` is an enhanced activity, which needs a source that gives it (6.2.1a)."""
    return phrase("orders.enhanced_activity", activity=activity_name(kind), letters=kind.value)


def enabled(number: int, kind: ActivityKind, enabler: str) -> Phrase:
    """The echo's note that phase ``number``'s enhanced ``kind`` is done by ``enabler``
    (6.2.4d)."""
    return phrase(
        "orders.note_enabled", number=number, activity=activity_name(kind), enabler=enabler
    )
