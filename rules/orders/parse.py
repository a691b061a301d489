"""Birdsong orders from the rulebook notation (6.2, the Daylight Activities table L5509–5531).

A message holds the day's phases, in order, separated by commas or new lines, case-insensitive
(6.2.3–6.2.6 L1509–1524)::

    M CV2, M CV5 (Stamina), *H
    S Loot HOARD 6
    block: unhidden
    before 2: activate Pony M3/M4

Each phase is one activity (:class:`~rules.orders.model.ActivityKind`): ``M <clearing>``, ``H``,
``S [table [where]]`` (``S Peer <clearing>``, ``S Loot <site or pile>``, ``S Reading Runes
<site>``), ``R``, ``A [weapon|unalert|chit]``, ``T <group or visitor>``, ``HR <group>``, ``EM``,
``E [tile] <Magic chit>``, ``P <clearing>``, ``FL <tile>``, ``RE <clearing> [tile] <Magic
chit>``, ``C`` (Caching rule only), ``-`` (blank); or ``F <character>`` alone for the whole day
(6.2.7). Every target is a word of the game's vocabulary, written back canonically: nothing a
player typed beyond it is kept.
Full names (``Move``, ``Hide``, ``Fly``...) work too. A clearing is a tile code and a number
(``cv5``, ``CV 5``, ``Curst Valley 5``); ``CG CL CS CN`` tell the four C tiles apart (6.2.6), so
``C5`` is refused with the candidates. A phase may name its source in parentheses (``M BV4
(Stamina)``, ``M CV5 (pony)``, ``P CV5 (Crystal Ball)``); ``*`` before the activity marks a
Sunlight phase. Lines starting with ``#`` are comments, and so are the echo's ``note:`` lines (an
echo sent back reads as the same orders); backticks and ``>`` quotes are ignored.

Standing instructions (:class:`~rules.orders.model.Instructions`) are ``key: value`` lines, see
:data:`INSTRUCTION_KEYS`. After his own lines come the orders he records for his familiar and
hirelings, each in a section that starts ``Name: ...`` (:mod:`rules.orders.sections`); they are
read as that individual's orders and kept in ``Orders.recorded``. Every problem is reported at
once as a :class:`Problem` with a stable :class:`~rules.orders.problems.ProblemCode`, an error or
a warning; with any error there are no orders. Moves are checked along the day's path (7.3.1);
:func:`legal_activities` is what may be recorded in a phase from where he stands.

This module is the public entry: the result and its echo, the message limits and the codes by
their strings (:data:`CODES`). The parts live in :mod:`rules.orders.problems` (the problem codes),
:mod:`rules.orders.targets` (clearings, tiles, groups, chits), :mod:`rules.orders.instructions` (the
``key: value`` lines), :mod:`rules.orders.reader` (phases as read, and the day's path),
:mod:`rules.orders.parser` (the whole day's checks) and :mod:`rules.orders.legal`
(:func:`legal_activities`).

Judgement calls (documented here because the rules leave them open):

- A single ``M`` into a mountain clearing not followed by the same ``M`` is a *warning*
  (``mountain-climb``), not an error: 7.3.1c.1 L1655 needs two consecutive Moves to enter and he
  does not move on the first alone, but 6.2.3 lets any activity be recorded in any phase and
  6.2.4e–f make an activity that cannot be done a blank phase. A lone climb is almost surely a
  slip, so the warning says how to write the climb; the path then stays where he was.
- A Move along a hidden path or secret passage he has not discovered is accepted with a warning
  (6.2.4e L1518); the path continues from its end. A Move with no roadway at all is an error: no
  discovery can make it possible. A failed Move's path also continues from its end, so one slip
  gives one error.
- ``T`` and ``HR`` need a real native group (or, for ``T``, visitor) but not one present now:
  he may plan to reach it (6.2.4e). Nothing may follow the group: what he buys, sells or hires
  is decided when the phase is done (Trade and Hire, 7.6–7.7), and text kept from an order would
  reach the public report with the phase.
- A message holding a character that is not text — a lone surrogate, which no database can
  store as UTF-8, or a control character other than tab and line ends — is refused whole
  (``bad-text``) before it is read.
- A location-limited extra phase planned where it cannot be used is a warning (6.2.4b).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.orders import sections
from rules.orders.conditions import CombatOrders
from rules.orders.instructions import INSTRUCTION_KEYS
from rules.orders.legal import legal_activities
from rules.orders.meetings import MeetingOrders
from rules.orders.model import BASIC, Activity, ActivityKind, Instructions, Orders, Rearrangement
from rules.orders.parser import Parser
from rules.orders.problems import MAX_CHARS, MAX_LINES, MAX_PHASES, ProblemCode, Severity
from rules.orders.reader import Problem
from rules.orders.sources import enabled
from rules.phrases import Phrase, phrase
from rules.state import GameState

__all__ = [
    "CODES",
    "INSTRUCTION_KEYS",
    "MAX_CHARS",
    "MAX_LINES",
    "MAX_PHASES",
    "ParseResult",
    "Problem",
    "echo",
    "legal_activities",
    "noted",
    "parse_orders",
]

K = ActivityKind
#: The key of the note that an enabler does a phase's enhanced activity (6.2.4d).
ENABLED = "orders.note_enabled"

#: One character that is not text: a lone surrogate (not a Unicode scalar value, so it cannot be
#: stored as UTF-8), or a control character other than tab and line ends.
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: Every problem code and its meaning, a warning's marked ``warning:``: a read-only view of
#: :class:`~rules.orders.problems.ProblemCode` for those who check codes by their strings.
CODES: Mapping[str, Phrase] = MappingProxyType(
    {
        code.value: phrase("problems.warning", meaning=code.meaning)
        if code.severity is Severity.WARNING
        else code.meaning
        for code in ProblemCode
    }
)


class ParseResult(BaseModel):
    """The outcome of parsing one message: the orders (None when there is any error), every
    error and warning, the canonical echo of the accepted orders, and the notes that go with
    it (one per inference: an extra phase's source, an enhanced activity's enabler), each with
    the number of the echo's lines it follows, shown as ``note:`` lines (:func:`noted`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    orders: Orders | None
    errors: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    echo: str = ""
    notes: tuple[tuple[int, Phrase], ...] = ()


def noted(result: ParseResult, say: Callable[[Phrase], str]) -> str:
    """``result``'s echo with its notes (:attr:`ParseResult.notes`, each said by ``say`` in the
    reader's language) as ``note:`` lines where they go: what the player is shown, and what the
    reader skips when it is sent back (:func:`rules.orders.reader._is_note`)."""
    lines = result.echo.split("\n")
    ordered = sorted(result.notes, key=lambda n: n[0])  # each note after those before it
    for after, note in ordered[::-1]:
        lines.insert(after, f"note: {say(note)}")
    return "\n".join(lines)


def echo(orders: Orders) -> str:
    """The canonical form of accepted orders: the phases (6.2.6 notation, ``*`` for Sunlight,
    sources of extra phases in parentheses), the standing instructions that differ from the
    defaults and the combat keys (:mod:`rules.orders.combat`); the notes are apart
    (:attr:`ParseResult.notes`)."""
    lines = [orders.canonical()]
    given, default = orders.instructions, Instructions()
    if given.block != default.block:
        lines.append(f"block: {given.block}")
    if given.rest is not None:
        lines.append(f"rest: {', '.join(k.lower() for k in given.rest) or 'none'}")
    if given.alert != default.alert:
        lines.append(f"alert: {given.alert}")
    if given.search != default.search:
        lines.append(f"search: {given.search}")
    for change in given.rearrange:
        parts = [
            f"{verb} {', '.join(items)}"
            for verb, items in (
                ("activate", change.activate),
                ("deactivate", change.deactivate),
                ("abandon", change.abandon),
            )
            if items
        ]
        lines.append(f"before {change.phase}: {'; '.join(parts)}")
    if given.stop_following is not None:
        lines.append(f"stop following: before {given.stop_following}")
    if given.drop_followers:
        lines.append(f"drop: {', '.join(given.drop_followers)}")
    if not given.keep_heavy_items:
        lines.append("heavy items: abandon")
    for offer in given.trades:
        lines.append(f"trade {offer.partner}: {offer.describe()}")
    if given.turn != default.turn:
        lines.append(f"turn: {given.turn if given.turn == 'first' else 'after ' + given.turn}")
    if given.take:
        lines.append(f"take: {', '.join(given.take)}")
    if given.abandon_campaign:
        lines.append("abandon: campaign")
    if given.suicide:
        lines.append("suicide: at midnight")
    lines += given.meeting.lines()
    lines += given.combat.lines()
    return "\n".join(lines)


def parse_orders(
    text: str, state: GameState, character: str, *, catalog: Catalog | None = None
) -> ParseResult:
    """Parse ``character``'s orders for today from ``text`` (see the module docstring).

    Never raises on any text: every problem is a :class:`Problem` in the result, all of them
    at once; with any error ``orders`` is None. ``echo`` is the canonical form of the orders.
    Orders for someone not in the game are refused with ``not-in-game``, read no further.
    """
    if character not in (*state.characters, *state.minions, *state.familiars):
        return _refused(
            ProblemCode.NOT_IN_GAME,
            character,
            phrase("orders.not_in_game", name=repr(character[:60])),
            phrase("orders.name_someone"),
        )
    if len(text) > MAX_CHARS:
        return _refused(
            ProblemCode.TOO_LONG,
            text,
            phrase("orders.too_many_characters", count=len(text), most=MAX_CHARS),
            phrase("orders.send_phases_only"),
        )
    bad = _NOT_TEXT.search(text)
    if bad is not None:
        before = (text[: bad.start()] + ".").splitlines()
        line = len(before)
        return _refused(
            ProblemCode.BAD_TEXT,
            text,
            phrase(
                "orders.not_text", line=line, column=len(before[-1]), character=ascii(bad.group())
            ),
            phrase("orders.plain_text"),
            line=line,
        )
    lines = sum(1 for line in text.splitlines() if line.strip())
    if lines > MAX_LINES:
        message = phrase("orders.too_many_lines", count=lines, most=MAX_LINES)
        return _refused(ProblemCode.TOO_LONG, text, message, phrase("orders.send_orders_only"))
    data = catalog or default_catalog()
    names = sections.recorded_by(state, character)
    own, parts = sections.split(
        text, names, lambda head: sections.not_recorded(data, state, character, head)
    )
    result = _result(Parser(own, state, character, data))
    recorded = [(part, _section(part, state, data, names)) for part in parts]
    return _with_sections(_hint_sections(result, names), recorded)


def _hint_sections(result: ParseResult, names: Sequence[str]) -> ParseResult:
    """``result`` with the hint of an unknown instruction naming the sections he may write."""
    if not names or not result.errors:
        return result
    errors = tuple(
        p.model_copy(update={"hint": phrase("orders.or_section", hint=p.hint, names=tuple(names))})
        if p.code is ProblemCode.UNKNOWN_INSTRUCTION
        else p
        for p in result.errors
    )
    return result.model_copy(update={"errors": errors})


def _section(
    part: sections.Section, state: GameState, catalog: Catalog, names: Sequence[str]
) -> ParseResult:
    """The orders of one section, its problems named after him and on the message's lines; a
    section for someone he does not record for is one ``not-your-hireling`` problem."""
    if part.refused is not None:
        hint = (
            phrase("orders.sections_only_for", names=tuple(names))
            if names
            else phrase("orders.no_one_recorded")
        )
        problem = Problem(
            code=ProblemCode.NOT_YOUR_HIRELING,
            line=part.first_line,
            phase=None,
            text=part.who[:60],
            message=part.refused,
            hint=hint,
        )
        return ParseResult(orders=None, errors=(problem,))
    result = parse_orders(part.text, state, part.who, catalog=catalog)

    def moved(problem: Problem) -> Problem:
        line = problem.line + part.first_line - 1
        message = phrase("orders.theirs", name=part.who, message=problem.message)
        return problem.model_copy(update={"line": line, "message": message})

    return result.model_copy(
        update={
            "errors": tuple(moved(p) for p in result.errors),
            "warnings": tuple(moved(p) for p in result.warnings),
        }
    )


def _with_sections(
    own: ParseResult, recorded: Sequence[tuple[sections.Section, ParseResult]]
) -> ParseResult:
    """His own orders with those he records for others (:mod:`rules.orders.sections`): every
    problem of each, in message order, and no orders if any has an error; an individual given
    two sections is refused."""
    if not recorded:
        return own
    errors = [*own.errors, *(p for _, r in recorded for p in r.errors)]
    warnings = [*own.warnings, *(p for _, r in recorded for p in r.warnings)]
    seen: set[str] = set()
    for part, _ in recorded:
        if part.who in seen:
            errors.append(
                Problem(
                    code=ProblemCode.RECORDED_TWICE,
                    line=part.first_line,
                    phase=None,
                    text=part.who,
                    message=phrase("orders.sections_twice", name=part.who),
                    hint=phrase("orders.one_section_each"),
                )
            )
        seen.add(part.who)

    warnings.sort(key=_where)
    if errors or own.orders is None:
        return ParseResult(
            orders=None, errors=tuple(sorted(errors, key=_where)), warnings=tuple(warnings)
        )
    theirs = [r.orders for _, r in recorded if r.orders is not None]
    echoes = [own.echo, *(f"{part.who}: {r.echo}" for part, r in recorded)]
    notes, before = list(own.notes), 0
    for echoed, (_, result) in zip(echoes, [(None, own), *recorded], strict=True):
        if result is not own:
            notes += [(before + after, note) for after, note in result.notes]
        before += echoed.count("\n") + 1
    return ParseResult(
        orders=own.orders.model_copy(update={"recorded": tuple(theirs)}),
        warnings=tuple(warnings),
        echo="\n".join(echoes),
        notes=tuple(notes),
    )


def not_text(text: str) -> str | None:
    """The first character of ``text`` that is not text — a lone surrogate (not Unicode, and
    unstorable) or a control character but tab and line ends — as an escape (``'\\ud800'``),
    or None. Everything a person types is checked with it before it is read or stored."""
    bad = _NOT_TEXT.search(text)
    return ascii(bad.group()) if bad is not None else None


def _refused(
    code: ProblemCode, text: str, message: Phrase, hint: Phrase, *, line: int = 1
) -> ParseResult:
    """Orders refused before reading them, with one problem; its ``text`` is cut to 60
    characters, and anything that is not text in it is written as an escape."""
    shown = _NOT_TEXT.sub(lambda m: ascii(m.group())[1:-1], text[:60])
    problem = Problem(code=code, line=line, phase=None, text=shown, message=message, hint=hint)
    return ParseResult(orders=None, errors=(problem,))


def _result(parser: Parser) -> ParseResult:
    """Read the message, check the day unless it is too long, and build the result."""
    parser.read()
    if any(p.code is ProblemCode.TOO_LONG for p in parser.errors):
        return _finish(parser)
    if len(parser.phases) > MAX_PHASES:
        parser.errors = []
        message = phrase("orders.too_many_read", count=len(parser.phases), most=MAX_PHASES)
        hint = phrase("orders.record_fewer")
        parser.problem(ProblemCode.TOO_LONG, 1, None, parser.text[:60], message, hint)
        return _finish(parser)
    parser.check()
    return _finish(parser)


def _where(problem: Problem) -> tuple[int, int]:
    """A problem's place in the message, to sort by."""
    return problem.line, problem.phase or 0


def _finish(parser: Parser) -> ParseResult:
    """The result: every problem in message order, and the orders and their echo if no error."""
    warnings = tuple(sorted(parser.warnings, key=_where))
    if parser.errors:
        errors = tuple(sorted(parser.errors, key=_where))
        return ParseResult(orders=None, errors=errors, warnings=warnings)
    rearrange = tuple(
        Rearrangement(
            phase=n,
            activate=tuple(c.get("activate", ())),
            deactivate=tuple(c.get("deactivate", ())),
            abandon=tuple(c.get("abandon", ())),
        )
        for n, c in sorted(parser.rearrange.items())
    )
    fields = {**parser.instructions, "rearrange": rearrange}
    if parser.trades:
        fields["trades"] = tuple(parser.trades)
    if parser.combat:
        fields["combat"] = CombatOrders(clauses=tuple(parser.combat))
    if parser.meeting:
        fields["meeting"] = MeetingOrders.model_validate(parser.meeting)
    instructions = Instructions.model_validate(fields)
    if parser.following:
        orders = Orders(
            character=parser.character, follow=parser.phases[0].target, instructions=instructions
        )
    else:
        phases = tuple(
            Activity(kind=p.kind, target=p.target, source=p.source or BASIC)
            for p in parser.phases
            if p.kind is not None
        )
        orders = Orders(character=parser.character, phases=phases, instructions=instructions)
    notes = parser.notes
    for phase in parser.phases:
        if phase.enabler is not None:
            notes = [n for n in notes if n.named.get("number") != phase.number or n.key != ENABLED]
            notes.append(enabled(phase.number, phase.kind or K.BLANK, phase.enabler))
    canonical = echo(orders)
    after = canonical.count("\n") + 1
    return ParseResult(
        orders=orders,
        warnings=warnings,
        echo=canonical,
        notes=tuple((after, note) for note in notes),
    )
