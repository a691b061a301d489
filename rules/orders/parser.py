"""The whole day's checks of one message, once read (6.2, 6.2.7, 7.2.2, 7.11.5).

:class:`Parser` is a :class:`~rules.orders.reader.Reader` that checks the day as a whole: Follow is
recorded alone and names a character in his clearing (6.2.7 L1526–1528); P, FL and RE need a source
that gives them (6.2.1a), and RE an earlier EM (7.10.5); each phase gets its source, Sunlight and
extra phases included (:func:`rules.orders.sources.assign_sources`, 6.2.2, 6.2.4), his horse being
unusable after he enters a cave (7.3.2a.1, 7.3.2b); a rearrangement names one of his phases and does
not abandon or deactivate the source of a later one (6.2.4d L1517); ``stop following`` goes with a
Follow (7.11.5).
The result is built by :func:`rules.orders.parse.parse_orders`.
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.daylight.hirelings import forbidden, guides, is_actor
from rules.orders.entitlement import Entitlement, entitlement, every_chit_down
from rules.orders.model import BASIC, SUNLIGHT, ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.reader import Phase, Reader, Step
from rules.orders.sections import PHANTASM_HEAD
from rules.orders.source_names import Issue, match_source
from rules.orders.sources import PlannedPhase, assign_sources, not_enhanced
from rules.orders.targets import either, quote
from rules.phrases import Phrase, phrase
from rules.pieces import is_phantasm
from rules.state import GameState

K = ActivityKind


class Parser(Reader):
    """One message checked as a whole day: Follow (6.2.7), sources (6.2.4), rearrangements."""

    def __init__(self, text: str, state: GameState, character: str, catalog: Catalog) -> None:
        super().__init__(text, state, character, catalog)
        self.notes: list[Phrase] = []
        self.ent: Entitlement | None = None
        self.following = False

    def from_issue(self, issue: Issue) -> None:
        if issue.phase is not None and 0 < issue.phase <= len(self.phases):
            phase = self.phases[issue.phase - 1]
            self.flag(phase, issue.code, issue.message, issue.hint)
        else:
            line = self.phases[0].line if self.phases else 1
            text = ", ".join(p.text for p in self.phases)
            self.problem(issue.code, line, None, text, issue.message, issue.hint)

    # --- the whole day ----------------------------------------------------------------------

    def day(self) -> None:
        if not self.phases:
            if not self.errors:
                message, hint = phrase("orders.no_phases"), phrase("orders.empty_hint")
                self.problem(ProblemCode.EMPTY, 1, None, self.text[:60], message, hint)
            return
        for phase in self.phases:
            self.activity(phase)
        self.hireling_limits()
        self.meditation()
        follows = [p for p in self.phases if p.kind is K.FOLLOW]
        if follows:
            self.following = len(self.phases) == 1
            self.follow(follows)
            return
        steps, caves, _ = self.walk()
        self.ent = entitlement(self.world.catalog, self.state, self.character, cave_moves=caves)
        self.named_sources()
        if any(p.kind is None for p in self.phases):
            self.not_enhanced()
            return
        self.sources(steps)

    def hireling_limits(self) -> None:
        """A hired leader or controlled monster records what a character can, but Enchant, and a
        controlled monster no Trade or Hire; an underling only follows (6.2.5, 7.7.3)."""
        for phase in self.phases:
            if phase.kind is None:
                continue
            why = forbidden(self.world.catalog, self.state, self.character, phase.kind)
            if why is not None:
                underling = self.character in self.state.minions and not is_actor(
                    self.world.catalog, self.state, self.character
                )
                hint = (
                    phrase("orders.record_follow", who=self.character)
                    if underling
                    else phrase("orders.record_phantasm")
                    if is_phantasm(self.character)
                    else phrase("orders.record_familiar")
                    if self.character in self.state.familiars
                    else phrase("orders.record_another")
                )
                self.flag(phase, ProblemCode.HIRELING_ACTIVITY, why, hint)

    def meditation(self) -> None:
        """7.10.5: a Remote Enchant needs an EM phase recorded before it that day — or an E, the
        day's first Enchant phase being the meditation whatever he wrote (7.10.1): an E recorded
        as that first one enchants nothing, which a warning says."""
        meditates = False
        for phase in self.phases:
            if phase.kind is K.ENCHANT and not meditates and phase.target:
                self.flag(
                    phase,
                    ProblemCode.MEDITATION,
                    phrase("orders.meditates", number=phase.number, chit=phase.target),
                    phrase("orders.em_then", chit=phase.target),
                )
            if phase.kind is K.REMOTE_ENCHANT and not meditates:
                self.flag(
                    phase,
                    ProblemCode.NO_MEDITATION,
                    phrase("orders.remote_needs_em"),
                    phrase("orders.em_before"),
                )
            meditates = meditates or phase.kind in (K.ENCHANT_FIRST, K.ENCHANT)

    def not_enhanced(self) -> None:
        """P, FL and RE without any source (6.2.1a), reported even beside other errors."""
        assert self.ent is not None
        for phase in self.phases:
            if phase.kind is not None and not self.ent.can_record(phase.kind):
                self.flag(
                    phase,
                    ProblemCode.NOT_ENHANCED,
                    not_enhanced(phase.kind),
                    phrase("orders.nothing_gives_it"),
                )

    def follow(self, follows: list[Phase]) -> None:
        """6.2.7 L1526–1528: F alone, naming a character in his clearing; not with every chit
        fatigued or wounded, when he can do only the Rest activity (7.8.4, 9.1.1c: Follow is an
        activity of his own, and would move him with his guide)."""
        first = follows[0]
        if every_chit_down(self.state, self.character):
            self._only_rest(first, None)
        if len(self.phases) > 1:
            self.flag(
                first,
                ProblemCode.FOLLOW_ALONE,
                phrase("orders.follow_alone", who=self.character),
                phrase("orders.follow_alone_hint"),
            )
        name = " ".join((first.target or "").split())
        here = self.world.here()
        everyone = guides(self.world.catalog, self.state, self.character)
        present = self.world.followable
        wanted = [n for n in (self.character, *everyone) if n.casefold() == name.casefold()]
        hint: Phrase | None = (
            phrase("orders.in_your_clearing", names=tuple(present))
            if present
            else phrase("orders.nobody_with_you")
        )
        if here is None:
            why, hint = phrase("orders.not_in_clearing"), None
        elif wanted and wanted[0] == self.character:
            why, hint = phrase("orders.not_yourself"), None
        elif is_phantasm(name) or name.casefold() == PHANTASM_HEAD:
            why = phrase("orders.phantasm_unfollowed")
        elif name.casefold() in (f.casefold() for f in self.state.familiars):
            why = phrase("orders.familiar_unfollowed")
        elif not wanted or wanted[0] not in present:
            why = phrase("orders.nobody_to_follow", name=quote(name), clearing=here)
        else:
            first.target = wanted[0]
            return
        self.flag(first, ProblemCode.FOLLOW_ABSENT, why, hint)

    def named_sources(self) -> None:
        """The sources named in parentheses (6.2.4d), each checked against his entitlement."""
        assert self.ent is not None
        for phase in self.phases:
            if phase.source is None or phase.source == SUNLIGHT:
                continue
            name, issue = match_source(self.ent, phase.source)
            if issue is not None:
                self.from_issue(Issue(issue.code, phase.number, issue.message, issue.hint))
                phase.source = None
            elif phase.kind is not None and name in self.ent.enablers_of(phase.kind):
                phase.enabler, phase.source = name, None
            elif name in {n for _, n in self.ent.enablers} and self.ent.extra(name or "") is None:
                kinds = [k.value for k, n in self.ent.enablers if n == name]
                self.flag(
                    phase,
                    ProblemCode.SOURCE_ACTIVITY,
                    phrase("orders.enabler_only", source=name, letters=either(kinds)),
                    phrase("orders.drop_the_name"),
                )
                phase.source = None
            else:
                phase.source = name

    def sources(self, steps: list[Step]) -> None:
        assert self.ent is not None
        planned: list[PlannedPhase] = []
        ready = self._horse_ready(steps)
        for phase, step, horse_ready in zip(self.phases, steps, ready, strict=True):
            assert phase.kind is not None
            source = phase.source
            target_places = None
            if phase.kind is K.PEER and phase.target:
                target_places = self.world.places(phase.target)
            planned.append(
                PlannedPhase(phase.kind, source, step.places, target_places, horse_ready)
            )
        if self.errors:  # report what needs no assignment, and stop
            self.not_enhanced()
            return
        result = assign_sources(self.ent, planned)
        for issue in (*result.errors, *result.warnings):
            self.from_issue(issue)
        self.notes += result.notes
        if result.sources is not None:
            for phase, source in zip(self.phases, result.sources, strict=True):
                phase.source = source

    def _horse_ready(self, steps: list[Step]) -> list[bool]:
        """Whether his horse can be active at each phase's start (7.3.2a.1, 7.3.2b): not after
        he enters a cave, unless his instructions activate it again a phase earlier."""
        ready, result = True, []
        horses = {e.name for e in (self.ent.extras if self.ent else ()) if e.kind == "horse"}
        for number, step in enumerate(steps, 1):
            change = self.rearrange.get(number, {})
            in_cave = step.places is not None and "cave" in step.places
            if in_cave or horses & set(change.get("deactivate", ())):
                ready = False
            result.append(ready)
            if not in_cave and horses & set(change.get("activate", ())):
                ready = True  # usable from the next phase on (7.3.2b)
        return result

    # --- rearrangements -------------------------------------------------------------------

    def check_rearrangements(self) -> None:
        """The orders' own phases: a rearrangement names one, and a source of a later extra
        phase may not be abandoned before it (6.2.4d L1517) and should stay active."""
        count = len(self.phases)
        for phase, change in sorted(self.rearrange.items()):
            line, text = self.rearrange_lines[phase]
            if phase > count and not self.following:
                self.on_line(
                    line,
                    text,
                    ProblemCode.BAD_INSTRUCTION,
                    phrase("orders.recorded_only", phase=phase, count=count),
                    phrase("orders.phase_from_1", count=count),
                )
            for later in self.phases[phase - 1 :]:
                if later.source in (None, BASIC, SUNLIGHT):
                    continue
                if later.source in change.get("abandon", ()):
                    self.flag(
                        later,
                        ProblemCode.COMMITTED_SOURCE,
                        phrase("orders.committed", source=later.source, number=later.number),
                        phrase("orders.abandon_after", number=later.number),
                    )
                reactivated = any(
                    later.source in self.rearrange.get(n, {}).get("activate", ())
                    for n in range(phase + 1, later.number + 1)
                )
                if later.source in change.get("deactivate", ()) and not reactivated:
                    self.flag(
                        later,
                        ProblemCode.SOURCE_DEACTIVATED,
                        phrase("orders.must_be_active", source=later.source, number=later.number),
                        phrase("orders.activate_again"),
                    )

    def check(self) -> None:
        """The whole day's checks, once the message is read."""
        self.day()
        if self.ent is not None or self.following:
            self.check_rearrangements()
        if "stop_following" in self.instructions and not self.following:
            number, line = self.key_lines["stop following"]
            message, hint = phrase("orders.stop_following_alone"), phrase("orders.drop_or_f")
            self.on_line(number, line, ProblemCode.BAD_INSTRUCTION, message, hint)
