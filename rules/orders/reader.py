"""Reading a message into phases and standing-instruction lines, and walking the day's path.

:class:`Reader` splits a message into its phases (6.2.3–6.2.6 L1509–1524: one activity each,
separated by commas or new lines, case-insensitive; ``*`` marks a Sunlight phase and a source may be
named in parentheses; ``#`` comments, the echo's ``note:`` lines, backticks and ``>`` quotes are
ignored) and its ``key: value`` lines (:mod:`rules.orders.instructions`, ``before N:``
rearrangements 7.2.2), reads each phase's
activity and target (:func:`rules.orders.targets.target`), and walks the day's path with
:class:`rules.orders.path.Path` (7.3.1): Moves along roadways he may use, mountain climbs (7.3.1c.1
L1655), hidden roads he has not found (6.2.4e L1518), Flies (7.3.3). Every problem is recorded as
a :class:`Problem`, among the warnings or the errors as its
:class:`~rules.orders.problems.ProblemCode`'s severity says. The whole-day checks are
:class:`rules.orders.parser.Parser`'s, the result :mod:`rules.orders.parse`'s.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from rules.catalog import Catalog
from rules.magic.nullifying import PROTECTION_FROM_MAGIC
from rules.orders import combat, instructions
from rules.orders.conditions import Clause
from rules.orders.entitlement import every_chit_down
from rules.orders.instructions import INSTRUCTION_KEYS
from rules.orders.meetings import MEETING_KEYS
from rules.orders.model import SUNLIGHT, ActivityKind, TradeOffer
from rules.orders.path import Path
from rules.orders.problems import MAX_LINES, ProblemCode, Severity
from rules.orders.targets import OrderError, quote, target
from rules.orders.world import Map
from rules.phrases import Phrase, phrase
from rules.pieces import is_phantasm
from rules.state import GameState, Place

K = ActivityKind

_WORDS: dict[str, ActivityKind] = {k.value.casefold(): k for k in K} | {
    "move": K.MOVE,
    "hide": K.HIDE,
    "search": K.SEARCH,
    "trade": K.TRADE,
    "rest": K.REST,
    "alert": K.ALERT,
    "hire": K.HIRE,
    "follow": K.FOLLOW,
    "enchant": K.ENCHANT,
    "peer": K.PEER,
    "fly": K.FLY,
    "cache": K.CACHE,
    "blank": K.BLANK,
}
_LETTERS = frozenset(string.ascii_letters)
_KEY_CHARACTERS = _LETTERS | {" "}


@dataclass(frozen=True)
class InstructionLine:
    """A ``key: value`` line as written: the ``key`` (letters and spaces), the phase ``number`` of
    ``before N:`` (digits, or None) and the ``value`` after the first colon."""

    key: str
    number: str | None
    value: str


def split_instruction(line: str) -> InstructionLine | None:
    """``line`` read as ``key [N]: value``, or None if it is not one. String methods only, so the
    time is linear in the line's length whatever it holds."""
    head, colon, value = line.partition(":")
    if not colon:
        return None
    head = head.rstrip()
    key = head.rstrip(string.digits)
    number = head[len(key) :] or None
    key = key.rstrip()
    if not key or key[0] not in _LETTERS or not set(key) <= _KEY_CHARACTERS:
        return None
    return InstructionLine(key, number, value.strip())


def split_source(text: str) -> tuple[str, str | None]:
    """A phase's text without the source named in parentheses at its end, and that source (None
    when there is none): ``M BV4 (Stamina)`` gives ``("M BV4", "Stamina")``. Linear time."""
    body = text.rstrip()
    if not body.endswith(")"):
        return text, None
    opening = body.rfind("(", 0, len(body) - 1)
    inside = body[opening + 1 : -1]
    if opening < 0 or ")" in inside:
        return text, None
    return body[:opening].rstrip(), inside


def split_phase(text: str) -> tuple[bool, str, str] | None:
    """A phase's text read as ``[*] activity [target]``: whether ``*`` marks a Sunlight phase, the
    activity word (ASCII letters, or ``-``) and the rest; None if it does not start with a word.
    Linear time."""
    star = text.startswith("*")
    rest = (text[1:] if star else text).lstrip()
    if rest.startswith("-"):
        end = 1
    else:
        end = 0
        while end < len(rest) and rest[end] in _LETTERS:
            end += 1
        if end == 0:
            return None
    word, after = rest[:end], rest[end:]
    if after and not after[0].isspace():
        return None
    return star, word, after.lstrip()


class Problem(BaseModel):
    """One problem with an order: its ``code`` (a warning or an error, as the code's severity
    says), where it is (``line``, ``phase``), the offending ``text``, what is wrong (``message``)
    and how to fix it (``hint``). In JSON the code is its string, e.g. ``"no-road"``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: ProblemCode
    line: int
    phase: int | None
    text: str
    message: Phrase
    hint: Phrase | None = None


@dataclass
class Phase:
    """One phase as written, and what was read from it."""

    number: int
    line: int
    text: str
    kind: ActivityKind | None = None
    target: str | None = None
    source: str | None = None
    enabler: str | None = None


@dataclass
class Step:
    """Where the day's path stands at a phase's start: the clearing (None: unknown) and what
    matters about it (:func:`rules.orders.entitlement.clearing_qualities`)."""

    start: str | None
    places: frozenset[str] | None


class Reader:
    """One message as read for ``character``: its phases, standing instructions and problems."""

    def __init__(self, text: str, state: GameState, character: str, catalog: Catalog) -> None:
        self.text = text
        self.state = state
        self.character = character
        self.world = Map(catalog, state, character)
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        self.phases: list[Phase] = []
        self.instructions: dict[str, object] = {}
        self.trades: list[TradeOffer] = []
        self.rearrange: dict[int, dict[str, list[str]]] = {}
        self.seen_keys: set[str] = set()
        self.rearrange_lines: dict[int, tuple[int, str]] = {}
        self.key_lines: dict[str, tuple[int, str]] = {}
        self.combat: list[Clause] = []
        self.meeting: dict[str, object] = {}

    def problem(
        self,
        code: ProblemCode,
        line: int,
        phase: int | None,
        text: str,
        message: Phrase,
        hint: Phrase | None = None,
    ) -> None:
        """Report a problem: among the warnings or the errors, as ``code.severity`` says."""
        into = self.warnings if code.severity is Severity.WARNING else self.errors
        into.append(
            Problem(code=code, line=line, phase=phase, text=text[:200], message=message, hint=hint)
        )

    # --- reading ----------------------------------------------------------------------------

    def read(self) -> None:
        lines = self.text.splitlines()
        if sum(1 for line in lines if line.strip()) > MAX_LINES:
            message = phrase("orders.over_lines", lines=MAX_LINES)
            hint = phrase("orders.send_orders_only")
            self.problem(ProblemCode.TOO_LONG, 1, None, self.text[:60], message, hint)
            return
        for number, raw in enumerate(lines, 1):
            line = raw.replace("`", "").strip()
            start = 0
            while start < len(line) and (line[start] == ">" or line[start].isspace()):
                start += 1  # '>' quotes, however many
            line = line[start:]
            if not line or line.startswith("#") or _is_note(line):
                continue
            written = split_instruction(line)
            if written is not None and self._is_instruction(written):
                self.instruction(number, line, written)
                continue
            for chunk in line.split(","):
                if chunk.strip():
                    self.phases.append(Phase(len(self.phases) + 1, number, chunk.strip()))
        self.task_warnings()

    def _is_instruction(self, written: InstructionLine) -> bool:
        key = " ".join(written.key.split()).casefold()
        first = key.split()[0]
        return key in INSTRUCTION_KEYS or first in ("before", "trade") or first not in _WORDS

    def activity(self, phase: Phase) -> None:
        text, source_text = split_source(phase.text)
        found = split_phase(text)
        star, word, rest = found if found is not None else (False, "", "")
        word = word.casefold()
        if found is None or word not in _WORDS:
            valid = "H, M, S, T, R, A, HR, F, EM, E, P, FL, RE, C, -"
            hint = phrase("orders.activities", valid=valid)
            if word in ("take", "abandon"):  # 7.2.4: chits are taken by a standing instruction
                hint = phrase("orders.own_line", line=f"{word}: {rest or '...'}")
            self.flag(
                phase,
                ProblemCode.UNKNOWN_ACTIVITY,
                phrase("orders.no_activity", text=quote(phase.text)),
                hint,
            )
            return
        phase.kind = _WORDS[word]
        if phase.kind is K.CACHE and not self.state.options.get("caching"):
            self.flag(
                phase,
                ProblemCode.OPTIONAL_RULE,
                phrase("orders.caching_unused"),
                phrase("orders.record_another_activity"),
            )
        try:
            phase.target = target(self.world, phase.kind, rest)
        except OrderError as refused:
            self.flag(phase, refused.code, refused.message, refused.hint)
        if star and source_text is not None:
            self.flag(
                phase,
                ProblemCode.TWO_SOURCES,
                phrase("orders.two_sources"),
                phrase("orders.keep_one_of_them"),
            )
        elif star:
            phase.source = SUNLIGHT
        elif source_text is not None:
            phase.source = source_text

    def on_line(
        self,
        number: int,
        line: str,
        code: ProblemCode,
        message: Phrase,
        hint: Phrase | None = None,
    ) -> None:
        """Report a problem with a standing-instruction line."""
        self.problem(code, number, None, line, message, hint)

    def flag(
        self, phase: Phase, code: ProblemCode, message: Phrase, hint: Phrase | None = None
    ) -> None:
        """Report a problem with ``phase``."""
        self.problem(code, phase.line, phase.number, phase.text, message, hint)

    # --- the day's path ------------------------------------------------------------------

    def walk(self) -> tuple[list[Step], list[str], str | None]:
        """The day's path (:class:`rules.orders.path.Path`, 7.3.1): his clearing at each phase's
        start, the cave clearings his Moves enter, and where he ends (None: unknown); Move
        problems are reported."""
        path = Path(self.world, self._on_phase)
        steps: list[Step] = []
        only_rest = every_chit_down(self.state, self.character)
        for phase in self.phases:
            if only_rest and phase.kind not in (K.REST, K.BLANK, None):
                self._only_rest(phase, path)
            start = path.step(phase.number, phase.kind, phase.target)
            steps.append(Step(start, self.world.places(start)))
        path.finish()
        return steps, path.caves, path.here

    def _only_rest(self, phase: Phase, path: Path | None) -> None:
        """9.1.1c: with every chit fatigued or wounded he records only Rest phases, but for the
        Moves off the roadway he ran away along (:attr:`Path.leaving_road`, 8.3.8d.1; ``path``
        the day's so far, None for a Follow)."""
        if phase.kind is K.MOVE and path is not None and path.leaving_road:
            return
        self.flag(
            phase,
            ProblemCode.ONLY_REST,
            phrase("orders.only_rest", who=self.character),
            phrase("orders.record_rest", who=self.character),
        )

    def _on_phase(
        self, number: int | None, code: ProblemCode, message: Phrase, hint: Phrase | None
    ) -> None:
        """A problem of phase ``number`` (None: of the day, on the first line)."""
        if number is None:
            self.problem(code, 1, None, "", message, hint)
        else:
            self.flag(self.phases[number - 1], code, message, hint)

    # --- standing instructions ---------------------------------------------------------------

    def instruction(self, number: int, line: str, written: InstructionLine) -> None:
        key = " ".join(written.key.split()).casefold()
        value = " ".join(written.value.split())
        if is_phantasm(self.character):
            self.on_line(
                number,
                line,
                ProblemCode.BAD_INSTRUCTION,
                phrase("orders.phantasm_instruction", key=quote(written.key)),
                phrase("orders.phantasm_instruction_hint"),
            )
            return
        if self.character in self.state.familiars and key != "stop following":
            self.on_line(
                number,
                line,
                ProblemCode.BAD_INSTRUCTION,
                phrase("orders.familiar_instruction", key=quote(written.key)),
                phrase("orders.familiar_instruction_hint"),
            )
            return
        if key == "before" and written.number is not None:
            self.before(number, line, int(written.number), value)
            return
        if key in combat.CLAUSE_KEYS or (key == "round" and written.number is not None):
            clauses, refusals = combat.read_line(
                self.world, key, written.number, value, self.seen_keys
            )
            for refused in refusals:
                self.problem(refused.code, number, None, line, refused.message, refused.hint)
            self.combat += clauses
            return
        if key.startswith("trade ") and written.number is None:
            try:
                offer = TradeOffer.model_validate(
                    instructions.trade(self.world, " ".join(written.key.split())[6:], value)
                )
            except OrderError as refused:
                self.problem(refused.code, number, None, line, refused.message, refused.hint)
                return
            self.trades.append(offer)
            return
        if key not in INSTRUCTION_KEYS or written.number is not None:
            keys = ", ".join(INSTRUCTION_KEYS)
            self.on_line(
                number,
                line,
                ProblemCode.UNKNOWN_INSTRUCTION,
                phrase("orders.not_an_instruction", key=quote(written.key)),
                phrase("orders.keys", keys=keys),
            )
            return
        if key in self.seen_keys:
            self.on_line(
                number,
                line,
                ProblemCode.DUPLICATE_INSTRUCTION,
                phrase("orders.given_twice", key=key),
                phrase("orders.keep_one_line"),
            )
            return
        self.seen_keys.add(key)
        self.key_lines[key] = (number, line)
        try:
            if key in MEETING_KEYS:
                self.meeting.update(instructions.meeting(self.world.catalog, key, value))
            else:
                self.instructions.update(instructions.instruction(self.world, key, value))
        except OrderError as refused:
            self.problem(refused.code, number, None, line, refused.message, refused.hint)

    def task_warnings(self) -> None:
        """7.2.4a, c: the chits his ``take:`` names that he could not take as he stands."""
        take = self.instructions.get("take")
        if not isinstance(take, tuple) or "take" not in self.key_lines:
            return
        number, line = self.key_lines["take"]
        abandons = bool(self.instructions.get("abandon_campaign"))
        for reason in instructions.take_warnings(self.world, take, abandons):
            self.on_line(number, line, ProblemCode.CHIT_NOT_TAKEN, reason)

    def _protection(self, item: str) -> bool:
        """Whether ``item`` names the Protection from Magic that waits on him: he activates its
        chit "exactly as if it were an item" (4.6.7f)."""
        return item.casefold() == PROTECTION_FROM_MAGIC.casefold() and _protection_waits(
            self.state, self.character
        )

    def before(self, number: int, line: str, phase: int, value: str) -> None:
        owned = [
            p
            for p in self.state.sheet(self.character).items
            if self.state.place_of(p) == Place.owner(self.character)
        ]
        change = self.rearrange.setdefault(phase, {})
        self.rearrange_lines.setdefault(phase, (number, line))
        if phase < 1:
            message = phrase("orders.phases_count_from_1")
            self.problem(ProblemCode.BAD_INSTRUCTION, number, None, line, message)
        for part in filter(None, (p.strip() for p in value.split(";"))):
            verb, _, items = part.partition(" ")
            verb = verb.casefold()
            if verb not in ("activate", "deactivate", "abandon"):
                self.on_line(
                    number,
                    line,
                    ProblemCode.BAD_INSTRUCTION,
                    phrase("orders.say_what_to_do", text=quote(part)),
                    phrase("orders.before_example"),
                )
                continue
            for item in filter(None, (i.strip() for i in items.split(","))):
                if verb == "activate" and self._protection(item):
                    change.setdefault(verb, []).append(PROTECTION_FROM_MAGIC)  # 4.6.7f.1
                    continue
                found = [p for p in owned if p.casefold() == item.casefold()]
                if not found:
                    self.on_line(
                        number,
                        line,
                        ProblemCode.BAD_INSTRUCTION,
                        phrase("orders.not_your_item", item=quote(item)),
                        phrase("orders.yours", names=tuple(owned))
                        if owned
                        else phrase("orders.no_items"),
                    )
                    continue
                change.setdefault(verb, []).append(found[0])


def _protection_waits(state: GameState, character: str) -> bool:
    """Whether a Protection from Magic waits, not yet activated, on ``character`` (4.6.7f)."""
    return any(
        s.spell == PROTECTION_FROM_MAGIC and character in s.targets and not s.energized
        for s in state.spells
    )


def _is_note(line: str) -> bool:
    """Whether ``line`` is one of the echo's ``note:`` lines (:func:`rules.orders.parse.echo`):
    a remark of the bot's, read as a comment, so that an echo sent back reads as the orders."""
    return line.partition(":")[0].strip().casefold() == "note"
