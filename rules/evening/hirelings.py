"""Hirelings in combat (8.3.4c, 8.3.5a.3, 8.3.6a, 8.4.2a, 8.4.2e, 8.6.1): hired natives, hired
and controlled monsters fighting for the character who employs them, and the Melee Sections
denizens own when they are attacked by denizens.

A Melee Section belongs to a character, or to a denizen being attacked by denizens (the
*defender*, 8.3.6a.2): ``combat.sheets[owner]`` lists the attackers on it, the newest last. A
hireling lures one attacker onto a sheet of its own (8.3.4c.2), receives attackers its employer
wins at random assignment when he cannot take them himself (8.3.5a.3), or is deployed against a
character, monster or native (8.3.6a); an uncontrolled defender attacks its newest attacker
(8.4.2a), a hireling defender the attacker its employer names (8.4.2e). Every denizen sheet is
given up at the end of the round (8.6.1).

Readings: a hireling's employer is asked which hireling takes a denizen he wins (8.3.5a.3) and
whom each hireling lures, attacks or targets; the defaults are none, or for what must be chosen
the first hireling and the newest attacker. The employer may turn a hireling and its horse
over as he deploys it (8.3.6a.4); one moved onto its ex-attacker's sheet (a.6) keeps its sides,
and so does one defending on its own sheet (a.4 lets him turn it when he plays his attacks and
maneuvers: pbem-combat §1 lists no such decision, and a hired defender keeps the side it lies
on). Hired natives' horses turn over at the start of each Melee Step (8.4.1,
:func:`turn_horses`). A red-side-up Tremendous monster
attacked by a hireling keeps attacking its target (8.3.6a.8) while the hireling attacks it on
its own sheet.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.decisions.ids import CombatId
from rules.evening import natives, standing, tactics
from rules.evening.answers import NONE
from rules.evening.counters import is_native, mount, red_side_up, tremendous
from rules.evening.state import CombatState
from rules.evening.sunset import denizens
from rules.events import Decision
from rules.events.daylight import Unhidden
from rules.events.evening import Assigned, Deployed, Held, Lured, Turned
from rules.hidden import found_enemies
from rules.magic.spells.peace import pacified
from rules.phrases import Phrase, phrase


def here(ctx: Ctx, combat: CombatState) -> list[str]:
    """The hirelings in the clearing, by piece id."""
    return sorted(m for m in ctx.state.minions if ctx.where(m) == combat.clearing)


def employer(ctx: Ctx, piece: str) -> str:
    return ctx.state.minions[piece].employer


def of(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """``who``'s hirelings in the clearing."""
    return [m for m in here(ctx, combat) if employer(ctx, m) == who]


def hidden(ctx: Ctx, piece: str) -> bool:
    return ctx.state.minions[piece].sheet.hidden


def unhide(ctx: Ctx, piece: str, reason: Phrase) -> None:
    sheet = ctx.state.minions[piece].sheet
    if sheet.hidden:
        sheet.hidden = False
        ctx.emit(Unhidden(who=piece, reason=reason))


def attacked(combat: CombatState, piece: str) -> bool:
    """Whether ``piece`` owns a Melee Section with attackers on it."""
    return bool(combat.sheets.get(piece))


def attacking(combat: CombatState, piece: str) -> str | None:
    """The owner of the sheet ``piece`` attacks on, if any."""
    return next((owner for owner, on in combat.sheets.items() if piece in on), None)


def lured_by_hireling(ctx: Ctx, combat: CombatState, denizen: str) -> bool:
    """8.3.4d: a denizen a hireling lured, or one assigned to a hireling, cannot be lured away."""
    owner = attacking(combat, denizen)
    return owner is not None and owner in ctx.state.minions


def _id(ctx: Ctx, combat: CombatState, kind: str, who: str, subject: str | None = None) -> CombatId:
    """The id of a decision of ``kind`` in the round being fought: a hireling's (``who``, the
    hireling its employer decides for), or its employer's about ``subject``."""
    return combat.decision_id(ctx.state.game_day, kind, who, subject)


def lures(ctx: Ctx, combat: CombatState, who: str, lurable: list[str]) -> list[tuple[str, str]]:
    """8.3.4c: the decisions of ``who``'s hirelings not yet attacked, each luring one of
    ``lurable`` or none (as (hireling, answer))."""
    asked: list[tuple[str, str]] = []
    for piece in of(ctx, combat, who):
        if attacked(combat, piece) or attacking(combat, piece) is not None:
            continue
        if pacified(ctx.state, piece):
            continue  # Peace, L4713: a hired denizen under it cannot lure
        options = [NONE, *(d for d in lurable if not lured_by_hireling(ctx, combat, d))]
        if len(options) == 1:
            continue
        decision = Decision(
            id=_id(ctx, combat, "hireling_lure", piece).format(),
            character=who,
            kind="hireling_lure",
            prompt=phrase("evening.hireling_lure_prompt", piece=piece),
            options=tuple(options),
            default=NONE,
        )
        asked.append((piece, standing.ask(ctx, combat, decision)))
    return asked


def lure(ctx: Ctx, combat: CombatState, piece: str, denizen: str) -> None:
    """8.3.4c.2–c.3, e: ``piece`` takes ``denizen`` onto a sheet of its own and is unhidden; a
    native lured sets its group battling the employer."""
    for sheet in combat.sheets.values():
        if denizen in sheet:
            sheet.remove(denizen)
    combat.sheets[piece] = [denizen]
    ctx.emit(Lured(who=piece, denizen=denizen, at=combat.clearing, round=combat.round))
    unhide(ctx, piece, phrase("evening.hireling_lures"))
    if is_native(ctx.catalog, denizen):
        group = natives.group_of(ctx, denizen)
        natives.start_battling(
            ctx, combat, group, employer(ctx, piece), phrase("evening.native_lured")
        )


def takes(ctx: Ctx, combat: CombatState, who: str) -> str | None:
    """8.3.5a.3: who gets a denizen ``who`` won at random assignment: himself when he is
    unhidden in the clearing, else the first of his unhidden hirelings there."""
    if ctx.where(who) == combat.clearing and not ctx.sheet(who).hidden and who not in combat.left:
        return who
    return next((p for p in of(ctx, combat, who) if not hidden(ctx, p)), None)


def takers(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """8.3.5a.3: those of his unhidden hirelings in the clearing who may take what ``who`` wins
    at random assignment, when he cannot take it himself (empty when he can)."""
    if takes(ctx, combat, who) in (None, who):
        return []
    return [p for p in of(ctx, combat, who) if not hidden(ctx, p)]


def taker_choices(ctx: Ctx, combat: CombatState) -> list[tuple[str, str]]:
    """8.3.5a.3: for each denizen won by a character who cannot take it himself and has
    several unhidden hirelings there (:attr:`CombatState.won`), the hireling he names (the first
    by default); the choices as (denizen, answer)."""
    asked: list[tuple[str, str]] = []
    for denizen, who in combat.won.items():
        choices = takers(ctx, combat, who)
        decision = Decision(
            id=_id(ctx, combat, "assign", who, denizen).format(),
            character=who,
            kind="assign",
            prompt=phrase("evening.assign_prompt", denizen=denizen),
            options=tuple(choices),
            default=choices[0],
        )
        asked.append((denizen, standing.ask(ctx, combat, decision)))
    return asked


def place_won(ctx: Ctx, combat: CombatState, denizen: str, taker: str) -> None:
    """8.3.5: ``denizen`` goes onto ``taker``'s sheet."""
    combat.won.pop(denizen, None)
    combat.sheets.setdefault(taker, []).append(denizen)
    ctx.emit(Assigned(denizen=denizen, to=taker, at=combat.clearing, round=combat.round))


def can_roll(ctx: Ctx, combat: CombatState, who: str) -> bool:
    """8.3.5a.1: he rolls if he is unhidden in the clearing or has an unhidden hireling there."""
    return takes(ctx, combat, who) is not None


def finds_hidden(ctx: Ctx, piece: str) -> bool:
    """A hired leader who has found hidden enemies today (8.3.6c)."""
    name = ctx.state.minions[piece].sheet.name
    leader = name in ctx.catalog.native_counters and ctx.catalog.native_counters[name].leader
    return leader and piece in ctx.today.found_hidden_enemies


def deploy_targets(
    ctx: Ctx, combat: CombatState, piece: str, characters: list[str], *, ahead: bool = False
) -> list[str]:
    """8.3.6a, c: what ``piece`` may be deployed against: the other characters in the clearing
    (a hidden one only by a hired leader who found hidden enemies today), the unhired monsters
    and natives, and the other employers' hirelings but those a red-side-up Tremendous monster
    holds (8.6.2). ``ahead``, when the choice is asked: also a hidden character his employer
    may unhide first by charging him, having found hidden enemies (c's example)."""
    boss = employer(ctx, piece)
    finds = finds_hidden(ctx, piece) or (ahead and found_enemies(ctx, boss))
    people = [c for c in characters if c != boss and (finds or not ctx.sheet(c).hidden)]
    denizens = [d for d in _denizens(ctx, combat) if d != piece]
    held = set(combat.held.values())  # 8.6.2: no other denizen attacks them
    others = [m for m in here(ctx, combat) if employer(ctx, m) != boss and m not in held]
    return [*people, *denizens, *others]


def _denizens(ctx: Ctx, combat: CombatState) -> list[str]:
    return denizens(ctx, combat.clearing)


def deployments(
    ctx: Ctx, combat: CombatState, who: str, characters: list[str]
) -> list[tuple[str, str]]:
    """8.3.6a: the decisions of ``who``'s hirelings not being attacked, each sent against one
    target or none: ``TARGET`` as it lies, or turned (a.4) — ``TARGET, dark``, and for a
    mounted native ``TARGET, dark, horse gallop`` (:func:`side_options`)."""
    asked: list[tuple[str, str]] = []
    for piece in of(ctx, combat, who):
        if attacked(combat, piece) or attacking(combat, piece) is not None:
            continue
        sides = side_options(ctx, piece)
        options = [NONE]
        for target in deploy_targets(ctx, combat, piece, characters, ahead=True):
            options += [target, *(f"{target}, {side}" for side in sides)]
        decision = Decision(
            id=_id(ctx, combat, "deploy", piece).format(),
            character=who,
            kind="deploy",
            prompt=phrase("evening.deploy_prompt", piece=piece),
            options=tuple(options),
            default=NONE,
        )
        asked.append((piece, standing.ask(ctx, combat, decision)))
    return asked


def side_options(ctx: Ctx, piece: str) -> list[str]:
    """8.3.6a.4: the sides ``piece`` may be turned to as it is deployed — ``light`` or
    ``dark``, and for a native riding, his horse's too (``dark, horse gallop``); none for a
    Tremendous monster, which never turns by choice (8.4.7c)."""
    if tremendous(ctx.catalog, piece):
        return []
    horse = mount(ctx.catalog, ctx.board, ctx.state, piece)
    sides = ["light", "dark"]
    if horse is None:
        return sides
    return [f"{side}, horse {gait}" for side in sides for gait in ("walk", "gallop")]


def split_deployment(answer: str) -> tuple[str, list[str]]:
    """A deployment answer's target and the sides it asks for (:func:`side_options`)."""
    target, *sides = answer.split(", ")
    return target, sides


def turn(
    ctx: Ctx, combat: CombatState, piece: str, sides: list[str], rule: str = "8.3.6a.4"
) -> None:
    """Turn ``piece`` (and its horse) to the sides chosen, as ``rule`` says (the employer's
    choice by default, 8.3.6a.4): dark is a horse's galloping side. A Tremendous monster does
    not turn (8.4.7c)."""
    horse = mount(ctx.catalog, ctx.board, ctx.state, piece)
    for side in sides:
        counter = horse if side.startswith("horse ") else piece
        dark = side in ("dark", "horse gallop")
        if counter is None or (counter in ctx.state.dark_side_up) == dark:
            continue
        if counter == piece and tremendous(ctx.catalog, piece):
            continue
        tactics.flip(ctx, combat, counter)
        ctx.emit(
            Turned(
                piece=counter,
                side="dark" if dark else "light",
                rule=rule,
                at=combat.clearing,
                round=combat.round,
            )
        )


def turn_horses(ctx: Ctx, combat: CombatState) -> None:
    """8.4.1: at the start of the Melee Step the horses hired natives ride turn over (those of
    unhired natives show their galloping side, :func:`rules.evening.counters.horse_side`)."""
    for piece in here(ctx, combat):
        horse = mount(ctx.catalog, ctx.board, ctx.state, piece)
        if horse is not None:
            gait = "walk" if horse in ctx.state.dark_side_up else "gallop"
            turn(ctx, combat, piece, [f"horse {gait}"], rule="8.4.1")


def settle_sides(ctx: Ctx, combat: CombatState) -> None:
    """8.8.6: at the end of combat the hired and controlled denizens in the clearing, and their
    horses, turn dark side up if they are hidden and light side up if not."""
    for piece in here(ctx, combat):
        horse = mount(ctx.catalog, ctx.board, ctx.state, piece)
        side = "dark" if hidden(ctx, piece) else "light"
        gait = "gallop" if side == "dark" else "walk"
        turn(ctx, combat, piece, [side, *([f"horse {gait}"] if horse else [])], rule="8.8.6")


def deploy(ctx: Ctx, combat: CombatState, piece: str, target: str, red: bool) -> None:
    """8.3.6a.1–a.9: ``piece`` attacks ``target``. On a character's sheet it stands like a
    monster (a.1). A denizen attacked becomes a defender on a sheet of its own (a.2, a.3),
    leaving the sheet it attacked on (a.5) — unless it is a red-side-up Tremendous monster,
    which keeps its target (a.8); a defender left alone moves onto its ex-attacker's sheet as its
    newest attacker (a.6). Deploying against an unhired native sets its group battling the
    employer (a.9)."""
    boss = employer(ctx, piece)
    if target not in ctx.state.characters and not red:
        before = attacking(combat, target)
        if before is not None:
            combat.sheets[before].remove(target)
            if not combat.sheets[before] and before not in ctx.state.characters:
                del combat.sheets[before]
                combat.sheets.setdefault(target, []).append(piece)
                combat.sheets[target].append(before)
                _deployed(ctx, combat, piece, target, boss)
                return
    combat.sheets.setdefault(target, []).append(piece)
    _deployed(ctx, combat, piece, target, boss)


def _deployed(ctx: Ctx, combat: CombatState, piece: str, target: str, boss: str) -> None:
    ctx.emit(Deployed(hireling=piece, target=target, at=combat.clearing, round=combat.round))
    unhide(ctx, piece, phrase("evening.deployed"))
    if target in ctx.state.characters and ctx.sheet(target).hidden:
        ctx.sheet(target).hidden = False
        ctx.emit(Unhidden(who=target, reason=phrase("evening.leader_deployed")))
    if is_native(ctx.catalog, target) and target not in ctx.state.minions:
        group = natives.group_of(ctx, target)
        natives.start_battling(ctx, combat, group, boss, phrase("evening.hireling_deployed"))


def defenders(ctx: Ctx, combat: CombatState) -> list[str]:
    """The denizens owning a Melee Section with attackers, in sheet order."""
    return [o for o, on in sorted(combat.sheets.items()) if on and o not in ctx.state.characters]


def target_choices(ctx: Ctx, combat: CombatState, who: str) -> list[tuple[str, str]]:
    """8.4.2e: ``who`` chooses the target of each of his hirelings defending on its own sheet:
    one of its attackers (the newest by default); the choices as (hireling, answer)."""
    asked: list[tuple[str, str]] = []
    for piece in of(ctx, combat, who):
        attackers = combat.sheets.get(piece, [])
        if not attackers:
            continue
        decision = Decision(
            id=_id(ctx, combat, "hireling_target", piece).format(),
            character=who,
            kind="hireling_target",
            prompt=phrase("evening.hireling_target_prompt", piece=piece),
            options=tuple(attackers),
            default=attackers[-1],
        )
        asked.append((piece, standing.ask(ctx, combat, decision)))
    return asked


def disengage(ctx: Ctx, combat: CombatState) -> None:
    """8.6.1: at the end of the round only the monsters and unhired natives on characters'
    sheets stay assigned; every other denizen, hired or not, becomes unassigned — except a
    red-side-up Tremendous monster assigned to a hireling, which stays with it: from the next
    round the monster defends on its own sheet with the hireling as its target (8.6.2),
    :attr:`CombatState.held`."""
    minions, characters = ctx.state.minions, ctx.state.characters
    held: dict[str, str] = {}

    def red(piece: str) -> bool:
        return red_side_up(ctx.catalog, ctx.state, combat.dark_parts, piece)

    for owner, on in combat.sheets.items():
        if owner in minions:
            held.update({d: owner for d in on if d not in minions and red(d)})
        elif owner not in characters and red(owner):
            target = combat.targets.get(owner)
            if target in minions:
                held[owner] = target
    combat.sheets = {
        owner: [d for d in on if d not in minions]
        for owner, on in combat.sheets.items()
        if owner in characters
    }
    for sheet in combat.sheets.values():
        sheet[:] = [d for d in sheet if d not in held]
    combat.held = {
        monster: piece
        for monster, piece in held.items()
        if ctx.where(monster) == combat.clearing and ctx.where(piece) == combat.clearing
    }
    for monster, piece in combat.held.items():
        combat.sheets[monster] = [piece]
        ctx.emit(Held(monster=monster, hireling=piece, at=combat.clearing, round=combat.round))
    for piece in list(combat.targets):
        if piece not in characters:
            del combat.targets[piece]
