"""Combat carried to players window by window (issue 14, pbem-combat §2): which window each
combat decision belongs to, what a player is told when a window opens, and his answers typed in
the standing-order notation.

A round asks a player at most twice (issue 32): ``lure`` (lures), then, once random
assignment is done, ``encounter`` (who takes a denizen he won, deployments, charges, the
Encounter action) with ``melee`` (targets and every secret play) asked ahead in the same stop
(:func:`rules.evening.melee.ask_ahead`) — the Melee Step stops again only for a choice that
appears only then. The start of combat asks one or two ``natives`` windows (drinks; paying off
an Insult or a Challenge). Fatigue and wounds wait only with the engine's ``wait_for_fatigue``
option, in a ``fatigue`` window (:meth:`rules.day.context.Ctx.ask`).

Typed answers (:func:`read_plays`) are lines such as ``target: Giant`` or ``attack: FIGHT H5*
smash``, read exactly as the standing combat orders of the day's orders are
(:mod:`rules.orders.combat`), and answer the open decisions their clauses answer now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.decisions.ids import CombatId, clearing_of
from rules.decisions.kinds import COMBAT_KINDS, Window, about, kind_of
from rules.evening import encounter, kit
from rules.evening.counters import dark, is_native, showing
from rules.evening.standing import situation
from rules.evening.state import CombatState
from rules.events import Decision
from rules.magic import uncastable
from rules.magic.casting import CAST
from rules.magic.state import committed
from rules.orders.conditions import CombatOrders, Situation, cast_spell, standing_answer
from rules.orders.parse import parse_orders
from rules.orders.problems import ProblemCode
from rules.orders.reader import Problem
from rules.phrases import Phrase, phrase, verbatim
from rules.state import GameState

#: The standing-order key that answers each decision kind in a typed answer
#: (:attr:`rules.decisions.kinds.CombatKind.key`).
KEY_OF: dict[str, str] = {k.name: k.key for k in COMBAT_KINDS.values() if k.key is not None}

#: The kinds asked in a window that no standing key answers, typed as ``KIND ABOUT: OPTION``
#: (:func:`rules.decisions.kinds.about`): a hireling's (``deploy Company 1: Giant 1``), which
#: hireling takes a denizen won (``assign Giant 1: Company 1``).
TYPED_BY_KIND = frozenset(
    k.name for k in COMBAT_KINDS.values() if k.window is not None and k.key is None
)


def window_of(decision: Decision) -> Window | None:
    """The window of a combat decision (by its kind); None for any other decision."""
    where = decision.where
    return kind_of(where).window if isinstance(where, CombatId) else None


def fight_of(state: GameState, who: str, clearing: str | None = None) -> CombatState | None:
    """The combat ``who`` decides in where the state waits: ``clearing``'s if given, else the
    one he takes part in, else the one being fought (None outside combat). Clearings fighting
    at once (8.1.3b) are each a combat."""
    evening = state.today.evening
    if evening is None:
        return None
    if clearing is not None:
        return evening.fight_at(clearing)
    fights = evening.in_progress()
    return next((c for c in fights if who in c.participants), fights[0] if fights else None)


def brief(
    catalog: Catalog,
    state: GameState,
    who: str,
    clearing: str | None = None,
    decisions: Sequence[Decision] = (),
) -> list[Phrase]:
    """What ``who`` needs to decide ``decisions`` in the combat of ``clearing`` (see
    :func:`fight_of`), from the state where combat waits: the counters on his sheet with the
    side they show and their move and attack times, his action chits in play and those played
    this round, the asterisks he may still play (8.4.5f.2) when one of ``decisions`` plays
    chits, the spells he cannot cast now and why when his Encounter action is asked
    (:func:`rules.magic.uncastable.reasons`), his wounds and fatigue: a phrase a line. Empty
    when no combat is being fought."""
    combat = fight_of(state, who, clearing)
    if combat is None or who not in state.characters:
        return []
    character = state.characters[who]
    lines = [phrase("evening.brief_combat", clearing=combat.clearing, round=combat.round)]
    counters = []
    for denizen in combat.sheets.get(who, []):
        face = showing(catalog, state, combat.dark_parts, denizen)
        side = (
            phrase("evening.dark_side")
            if dark(state, combat.dark_parts, denizen)
            else phrase("evening.light_side")
        )
        kind = (
            phrase("evening.a_native")
            if is_native(catalog, denizen)
            else phrase("evening.a_monster")
        )
        if face.attack is None:
            counters.append(
                phrase(
                    "evening.brief_counter", denizen=denizen, kind=kind, side=side, move=face.move
                )
            )
        else:
            counters.append(
                phrase(
                    "evening.brief_attacker",
                    denizen=denizen,
                    kind=kind,
                    side=side,
                    move=face.move,
                    attack=face.attack,
                    harm=str(face.harm),
                )
            )
    lines.append(
        phrase("evening.brief_sheet", counters=tuple(counters))
        if counters
        else phrase("evening.brief_sheet_empty")
    )
    played = combat.used.get(who, [])
    unused = kit.unused(character, played, committed(state.spells, who))
    lines.append(
        phrase("evening.brief_chits", chits=tuple(unused))
        if unused
        else phrase("evening.brief_no_chits")
    )
    if played:
        lines.append(phrase("evening.brief_played", chits=tuple(played)))
    if any(kind_of(d.where).plays_chits for d in decisions if isinstance(d.where, CombatId)):
        limit = kit.effort_limit(catalog, state, character)
        if limit is None:
            lines.append(phrase("evening.brief_asterisks_any"))
        else:
            left = max(0, limit - kit.effort(played))
            lines.append(phrase("evening.brief_asterisks_left", left=left))
    if any(d.kind == "action" for d in decisions):
        lines += _uncastable(catalog, state, combat, who)
    wounded = sum(1 for c in character.chits if c.status == "wounded")
    fatigued = sum(1 for c in character.chits if c.status == "fatigued")
    lines.append(phrase("evening.brief_wounds", wounded=wounded, fatigued=fatigued))
    return lines


def _uncastable(catalog: Catalog, state: GameState, combat: CombatState, who: str) -> list[Phrase]:
    """The line naming the spells he cannot cast now, each with its reason, by semicolons;
    none if he can cast every spell of his (or has none)."""
    ctx = Ctx.start(catalog, state)
    found = uncastable.reasons(ctx, combat, who, encounter.move_times(ctx, combat, who))
    if not found:
        return []
    spells = [phrase("evening.spell_why", spell=name, why=why) for name, why in found]
    listed = spells[-1]
    for spell in reversed(spells[:-1]):
        listed = phrase("evening.semicolon", first=spell, rest=listed)
    return [phrase("evening.brief_uncastable", spells=listed)]


def typed_example(decisions: Sequence[Decision]) -> str | None:
    """The line that would answer the first of ``decisions`` that no standing key answers
    (``deploy Company 1: Giant 1``, a hireling's; ``shift_attack: thrust``), to show a player
    how such a choice is typed; None when every one has its key."""
    for decision in decisions:
        if decision.kind in TYPED_BY_KIND and decision.options:
            head = f"{decision.kind} {about(decision.where)}".strip()
            return f"{head}: {decision.options[0]}"
    return None


@dataclass(frozen=True)
class TypedPlays:
    """A player's typed answers: the answer to each open decision they answer, by decision
    id, the problems with what he wrote (nothing is answered when there are problems), and the
    keys he wrote that answer none of his open decisions (``place: spread`` with nothing on
    his sheet, say) — said back to him, not refused, when others answer something."""

    answers: dict[str, str]
    problems: tuple[Problem, ...]
    unused: tuple[str, ...] = ()


def read_plays(
    catalog: Catalog, state: GameState, who: str, text: str, decisions: Sequence[Decision]
) -> TypedPlays:
    """``who``'s answers to ``decisions`` (his open combat decisions) typed as standing
    combat lines — and, for a hireling's decisions, which no standing key answers, as
    ``deploy Company 1: Giant`` (the kind, the hireling or denizen the decision is about, and
    one of its options); every problem at once — a line that does not read, a hireling's line
    that answers no open decision, or lines of which none answers any. A ``target:`` line that
    is one of his open target decision's options as written — a spell's target the standing
    notation does not name (himself, his clearing or tile, a spell in effect, his own chits
    with or without their ``chit:WHO/``, several targets in the order announced:
    ``target: Demon, Witch King``) — answers it so
    (issue 34); any other is read as the standing ``target:`` instruction, a priority list."""
    answers, problems, rest = _hireling_lines(text, decisions)
    rest = _exact_targets(rest, decisions, answers)
    result = parse_orders("-\n" + "\n".join(rest), state, who, catalog=catalog)
    problems += [p.model_copy(update={"line": max(1, p.line - 1)}) for p in result.errors]
    if problems or result.orders is None:
        return TypedPlays({}, tuple(problems))
    if not result.orders.instructions.combat.clauses and answers:
        return TypedPlays(answers, ())
    orders = result.orders.instructions.combat
    combat = fight_of(state, who, clearing_of(decisions[0].id) if decisions else None)
    if combat is None:
        return TypedPlays({}, (_nothing_open(text),))
    facts = situation(Ctx.start(catalog, state), combat, who)
    for decision in decisions:
        found = standing_answer(orders, decision, facts)
        if found is not None and found in decision.options:
            answers[decision.id] = found
    casting = _casting(decisions, answers, facts)
    if casting is not facts:  # his cast's targets, asked ahead, as they will be answered
        facts = casting
        for decision in decisions:
            if decision.kind == "target" and decision.id not in answers:
                found = standing_answer(orders, decision, facts)
                if found is not None and found in decision.options:
                    answers[decision.id] = found
    missed = _not_among_options(orders, decisions, answers, facts)
    if missed:
        return TypedPlays({}, tuple(missed))
    answered = {d.kind for d in decisions if d.id in answers}
    useless = {c.key for c in orders.clauses if not answered & set(c.kinds)}
    if answers and orders.clauses:
        return TypedPlays(answers, (), tuple(sorted(useless)))
    if useless or not orders.clauses:
        open_keys = sorted({KEY_OF[d.kind] for d in decisions if d.kind in KEY_OF})
        return TypedPlays(
            {},
            (
                Problem(
                    code=ProblemCode.BAD_INSTRUCTION,
                    line=1,
                    phase=None,
                    text=", ".join(sorted(useless)) or text[:60],
                    message=(
                        phrase("evening.answers_nothing", written=tuple(sorted(useless)))
                        if useless
                        else phrase("evening.nothing_written")
                    ),
                    hint=(
                        phrase("evening.open_now", keys=tuple(open_keys))
                        if open_keys
                        else phrase("evening.nothing_open_now")
                    ),
                ),
            ),
        )
    return TypedPlays(answers, ())


def _casting(decisions: Sequence[Decision], answers: dict[str, str], facts: Situation) -> Situation:
    """``facts`` as they will be once the cast his typed plays answer his open ``action``
    decision with is revealed: a ``cast:`` line typed in the encounter window names the targets
    of his spell, asked ahead there (issue 34), as it would once the cast is known."""
    for decision in decisions:
        answer = answers.get(decision.id, "")
        if decision.kind == "action" and answer.startswith(CAST):
            return replace(facts, cast=cast_spell(answer.removeprefix(CAST)))
    return facts


def _not_among_options(
    orders: CombatOrders,
    decisions: Sequence[Decision],
    answers: dict[str, str],
    facts: Situation,
) -> list[Problem]:
    """A problem for each open decision that a clause of his, its condition holding now,
    meant to answer with a play not among its options (``target: Giant 1`` when no Giant 1 may
    be targeted) and that no clause of the same key answered: what he wrote is not refused as
    answering nothing, but said to be no choice of his now, with the choices he has (issue
    32); one problem a key."""
    problems = []
    done = {KEY_OF.get(d.kind) for d in decisions if d.id in answers}
    for decision in decisions:
        key = KEY_OF.get(decision.kind)
        if key is None or key in done:  # a lure names some denizens, not all
            continue
        meant = [
            c
            for c in orders.clauses_for(decision.kind, facts.round)
            if c.holds(facts) and (c.key != "cast" or decision.kind == "action")
        ]
        if not meant:
            continue
        done.add(key)
        written = ", ".join(meant[0].plays)
        problems.append(
            Problem(
                code=ProblemCode.BAD_INSTRUCTION,
                line=1,
                phase=None,
                text=f"{key}: {written}"[:80],
                message=phrase("evening.not_a_choice", key=key, written=verbatim(written)),
                hint=phrase(
                    "evening.you_may", key=key, options=verbatim(_listed(decision.options))
                ),
            )
        )
    return problems


def _exact_targets(
    lines: list[str], decisions: Sequence[Decision], answers: dict[str, str]
) -> list[str]:
    """``lines`` with each ``target:`` line that is an option of his open ``target``
    decisions (case and spaces aside) taken as the answer of each that offers it, into
    ``answers``, and blanked (kept as a blank line, so that problems name the lines as
    written)."""
    rest: list[str] = []
    for line in lines:
        head, colon, value = line.partition(":")
        wanted = " ".join(value.split()).casefold()
        found = {}
        if colon and head.strip().casefold() == KEY_OF["target"]:
            for decision in decisions:
                if decision.kind != "target" or decision.id in answers:
                    continue
                for option in decision.options:
                    if wanted in (option.casefold(), _as_typed(option, decision.character)):
                        found[decision.id] = option
                        break
        if not found:
            rest.append(line)
            continue
        answers.update(found)
        rest.append("")
    return rest


def _as_typed(option: str, who: str) -> str:
    """A target option as he may type it: casefolded, his own Magic chits without the
    ``chit:WHO/`` that names their owner (``MAGIC VI3*, MAGIC VI2*``)."""
    return option.replace(f"chit:{who}/", "").casefold()


def _hireling_lines(
    text: str, decisions: Sequence[Decision]
) -> tuple[dict[str, str], list[Problem], list[str]]:
    """The answers of the ``KIND SUBJECT: OPTION`` lines, their problems, and the other lines
    (kept in place as blank ones, so that problems name the lines as written)."""
    answers: dict[str, str] = {}
    problems: list[Problem] = []
    rest: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        head, colon, value = line.partition(":")
        kind, _, subject = " ".join(head.split()).partition(" ")
        if not colon or kind.casefold() not in TYPED_BY_KIND:
            rest.append(line)
            continue
        rest.append("")
        wanted = " ".join(value.split()).casefold()
        found = [
            d
            for d in decisions
            if d.kind == kind.casefold() and about(d.where).casefold() == subject.casefold()
        ]
        option = next((o for d in found for o in d.options if _same(o, wanted, d.kind)), None)
        if not found or option is None:
            hint = (
                phrase("evening.one_of", options=verbatim(_listed(found[0].options)))
                if found
                else phrase(
                    "evening.open_typed",
                    open=verbatim(
                        ", ".join(
                            f"{d.kind} {about(d.where)}".strip()
                            for d in decisions
                            if d.kind in TYPED_BY_KIND
                        )
                    ),
                )
            )
            problems.append(
                Problem(
                    code=ProblemCode.BAD_INSTRUCTION,
                    line=number,
                    phase=None,
                    text=line.strip()[:80],
                    message=phrase(
                        "evening.line_answers_nothing", line=verbatim(repr(line.strip()[:60]))
                    ),
                    hint=hint,
                )
            )
            continue
        answers[found[0].id] = option
    return answers, problems, rest


def _same(option: str, wanted: str, kind: str) -> bool:
    """Whether the typed ``wanted`` (casefolded, spaces collapsed) is ``option``: as written,
    or for a ``color`` answer the same colour chits in any order (``MAGIC V3*, MAGIC IV4*``)."""
    if option.casefold() == wanted:
        return True
    if kind != "color":
        return False
    return sorted(" ".join(p.split()) for p in option.casefold().split(",")) == sorted(
        " ".join(p.split()) for p in wanted.split(",")
    )


def _listed(options: Sequence[str]) -> str:
    """Options told in a hint: by commas, or by bars when one holds a comma (a ``color``
    answer of several chits)."""
    return (" | " if any("," in o for o in options) else ", ").join(options)


def _nothing_open(text: str) -> Problem:
    return Problem(
        code=ProblemCode.BAD_INSTRUCTION,
        line=1,
        phase=None,
        text=text[:60],
        message=phrase("evening.no_combat_waiting"),
        hint=phrase("evening.plays_in_window"),
    )
