"""The Fatigue Step (8.5): each character pays for the effort he played this round, then takes
the round's wounds; wounds that leave him no chit kill him (4.2.5b, 9.1.1b).

Each payment is a decision: which chit pays the one asterisk due (8.5.1a, making change by
4.2.4a), and which chits the wounds fall on (8.5.3, within the order of 4.2.5a). The defaults
take the least valuable chits: for fatigue a one-asterisk chit before a two-asterisk one, then
the slowest, then the weakest; for wounds the same order, after 4.2.5a's priority (unenchanted
chits in play, then colour chits, then fatigued chits).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations

from rules.chits import change_type, printed, uncommitted
from rules.day.context import Ctx
from rules.daylight.rest import vial_of_healing
from rules.evening import dummies, kit, standing
from rules.evening.answers import NONE
from rules.evening.encounter import combat_id
from rules.evening.spoils import character_killed
from rules.evening.state import CombatState
from rules.evening.sunset import present
from rules.events import Decision
from rules.events.daylight import Fatigued
from rules.events.evening import Killed, MadeChange, Wounded
from rules.magic.state import committed
from rules.phrases import phrase
from rules.schema.action_chits import Action
from rules.state import CharacterState, ChitState

#: The most wound choices offered at once; beyond it, only the default order is offered.
MAX_WOUND_OPTIONS = 512


def due(
    combat: CombatState, who: str, dummies: Collection[str] = ()
) -> tuple[int, dict[Action, int]]:
    """8.5.1: the asterisks he must fatigue this round — one less than those he played on Fight,
    Move, Berserk and Duck chits, cancelled plays included (c, 8.4.5g) — and how many he played
    of each type: the asterisks fatigued are of the types played, the one left free of his
    choice (a). The ``dummies`` he played as a creature cost nothing
    (:func:`rules.evening.dummies.played`)."""
    played: dict[Action, int] = {}
    for label in combat.used.get(who, []):
        if kit.is_card(label) or label in dummies:
            continue  # Boots and Gloves cards are never fatigued (8.4.5j)
        chit = printed(label)
        if chit.action in kit.PHYSICAL and chit.effort:
            kind = change_type(chit)
            played[kind] = played.get(kind, 0) + chit.effort
    return max(0, sum(played.values()) - 1), played


def _value(chit: ChitState) -> tuple[int, int, int, str]:
    face = printed(chit.label)
    strength = face.strength.rank if face.strength is not None else 0
    return (face.effort, -face.time, strength, chit.label)


def fatigue_options(
    character: CharacterState,
    stars: int,
    played: dict[Action, int],
    committed: Sequence[str] = (),
) -> list[str]:
    """The ways to fatigue ``stars`` asterisks of the types played (8.5.1a, 4.2.4a–b): chits in
    play whose asterisks add up to ``stars``, no more of a type than he played of it; failing
    that, one more asterisk with a two-asterisk chit (making change when he can, or losing the
    extra). Least valuable first, as comma lists of labels. Chits ``committed`` to spells are
    not in play (:func:`rules.chits.uncommitted`)."""
    chits = sorted(
        (
            c
            for c in uncommitted(character.chits, committed)
            if c.status == "active"
            and c.color is None
            and printed(c.label).effort
            and change_type(printed(c.label)) in played
        ),
        key=_value,
    )

    def fits(combo: tuple[ChitState, ...], slack: int) -> bool:
        per: dict[Action, int] = {}
        for chit in combo:
            kind = change_type(printed(chit.label))
            per[kind] = per.get(kind, 0) + printed(chit.label).effort
        return sum(per.values()) == stars + slack and all(per[k] <= played[k] + slack for k in per)

    for slack in (0, 1):
        found: list[str] = []
        for size in range(1, stars + slack + 1):
            for combo in combinations(chits, size):
                text = ", ".join(c.label for c in combo)
                if fits(combo, slack) and text not in found:
                    found.append(text)
        if found:
            return found
    return []


def pay(ctx: Ctx, who: str, labels: str, stars: int, *, combat: CombatState | None = None) -> None:
    """Fatigue the chits ``labels`` for ``stars`` asterisks; one asterisk over is made up in
    change, a fatigued one-asterisk chit of the two-asterisk chit's type coming back (4.2.4a).
    In ``combat`` (the Fatigue Step), its events say where and in which round."""
    at, round = (combat.clearing, combat.round) if combat is not None else (None, None)
    character = ctx.sheet(who)
    free = uncommitted(character.chits, committed(ctx.state.spells, who))
    paid = 0
    doubles: list[ChitState] = []
    for label in (p.strip() for p in labels.split(",")):
        chit = next(c for c in free if c.label == label and c.status == "active")
        chit.status = "fatigued"
        paid += printed(label).effort
        if printed(label).effort == 2:
            doubles.append(chit)
        ctx.emit(Fatigued(who=who, chit=label, at=at, round=round))
    if paid > stars and doubles:
        face = printed(doubles[0].label)
        change = next(
            (
                c
                for c in character.chits
                if c.status == "fatigued"
                and c not in doubles
                and printed(c.label).effort == 1
                and change_type(printed(c.label)) is change_type(face)
            ),
            None,
        )
        if change is not None:
            change.status = "active"
            ctx.emit(MadeChange(who=who, chit=change.label, paid=doubles[0].label))


def woundable(character: CharacterState, committed: Sequence[str] = ()) -> list[ChitState]:
    """The chits a wound may fall on now (4.2.5a): unenchanted chits in play, else colour
    chits, else fatigued chits — never one ``committed`` to a spell (9.1.1b)."""
    chits = uncommitted(character.chits, committed)
    for tier in (
        [c for c in chits if c.status == "active" and c.color is None],
        [c for c in chits if c.status == "active" and c.color is not None],
        [c for c in chits if c.status == "fatigued"],
    ):
        if tier:
            return sorted(tier, key=_value)
    return []


def wound_options(
    character: CharacterState, count: int, committed: Sequence[str] = ()
) -> list[str]:
    """Every choice of ``count`` chits to wound within 4.2.5a's order (as comma lists), the
    default first; only the default when there are too many to list. Chits ``committed`` to
    spells are never wounded."""
    order = woundable(character, committed)
    default = _default_wounds(character, count, committed)
    if (
        len(order) > count
        and len(list(combinations(range(len(order)), count))) <= MAX_WOUND_OPTIONS
    ):
        options = [", ".join(c.label for c in combo) for combo in combinations(order, count)]
        return [default, *sorted(set(options) - {default})]
    return [default]


def _default_wounds(character: CharacterState, count: int, committed: Sequence[str]) -> str:
    copy = character.model_copy(deep=True)
    chosen: list[str] = []
    for _ in range(count):
        left = woundable(copy, committed)
        if not left:
            break
        left[0].status = "wounded"
        chosen.append(left[0].label)
    return ", ".join(chosen) or NONE


def fatigue_step(ctx: Ctx, combat: CombatState) -> None:
    """8.5: each character in the clearing fatigues and takes his wounds; the wounds that leave
    him no chit in play kill him (4.2.5b). With the Vial of Healing active, "any new wounds he
    receives are also converted to fatigued chits" (L4390): they are, before death is judged."""
    asked: list[tuple[str, str, str]] = []
    for who in [
        *present(ctx, combat),
        *[n for n in combat.wounds if n not in present(ctx, combat)],
    ]:
        character = ctx.sheet(who)
        if character.dead:
            continue
        plays = combat.plays.get(who)
        attack, maneuver = (plays.attack, plays.maneuver) if plays is not None else (None, None)
        stars, played = due(combat, who, dummies.played(ctx, combat, who, attack, maneuver))
        if stars and who in present(ctx, combat):
            options = fatigue_options(character, stars, played, committed(ctx.state.spells, who))
            if options:
                answer = standing.ask(
                    ctx,
                    combat,
                    Decision(
                        id=combat_id(ctx, combat, "fatigue", who).format(),
                        character=who,
                        kind="fatigue",
                        prompt=phrase("evening.fatigue_prompt", stars=stars),
                        options=tuple(options),
                        default=options[0],
                    ),
                )
                asked.append((who, f"fatigue {stars}", answer))
        wounds = combat.wounds.get(who, 0)
        if wounds:
            options = wound_options(character, wounds, committed(ctx.state.spells, who))
            answer = standing.ask(
                ctx,
                combat,
                Decision(
                    id=combat_id(ctx, combat, "wound", who).format(),
                    character=who,
                    kind="wound",
                    prompt=phrase("evening.wounds_prompt", wounds=wounds),
                    options=tuple(options),
                    default=options[0],
                ),
            )
            asked.append((who, "wound", answer))
    ctx.wait_if_pending()
    for who, kind, answer in asked:
        if kind.startswith("fatigue"):
            pay(ctx, who, answer, int(kind.split()[1]), combat=combat)
            combat.eventful = True
            continue
        character = ctx.sheet(who)
        tied = committed(ctx.state.spells, who)
        for label in [p.strip() for p in answer.split(",") if p.strip() and answer != NONE]:
            chit = next((c for c in woundable(character, tied) if c.label == label), None)
            if chit is None:
                continue
            chit.status = "wounded"
            ctx.emit(Wounded(who=who, chit=label, at=combat.clearing, round=combat.round))
            combat.eventful = True
        vial_of_healing(ctx, who)
        if all(c.status == "wounded" for c in uncommitted(character.chits, tied)):  # 9.1.1b
            ctx.emit(Killed(who=who, by="wounds", at=combat.clearing, round=combat.round))
            character_killed(ctx, combat, who, None)
    combat.wounds = {}
    combat.step = "end"
