"""The Power of the Pit Table (L5236–5251; 4.6.8b, b.4): one roll, six results, applied in a
round of combat — by the Power of the Pit spell (L4966, the caster rolls) and by a Demon's or a
Winged Demon's magic attack (8.4.7b.1, the target rolls "with himself as the target").

1. **Fiery Chasm Opens**: every unhidden character, native and monster in the clearing is killed
   (visitors and the hidden are not affected).
2. **Carried Away**: the target is killed.
3. **Terror**: each character in the clearing wounds all his Light and Medium Move and Fight
   chits; every Light and Medium monster, native and horse in the clearing is killed.
4. **Blight**: the target's active chits with effort asterisks are wounded.
5. **Forget**: the target's active Magic chits are fatigued.
6. **Rust**: the target's active armor counters are damaged, those already damaged destroyed
   (armor cards and inactive counters are not affected).

Note 1: the killed's belongings and recorded gold are disposed of normally — a kill is credited
as an attack's: to the spellcaster who rolled, or to the Demon (a monster's victim abandons his
belongings, 8.7.2). Note 2: Blight, Forget and Rust do not affect denizens or horses. 4.6.8b.4:
the chits' status changes, not how they fatigue and rest later.

Readings: when the Fiery Chasm kills the spellcaster himself, its kills are all at one instant
and no one's: nobody takes the belongings of those it kills, they are abandoned in the clearing
(a dead caster cannot take them, and 8.4.9m applies simultaneous kills together). "In the
clearing" counts the hidden too for Terror (only Fiery Chasm spares them). A chit committed to
a spell in effect is not in play (4.6.7g): Terror, Blight and Forget leave it. Forget's "active
Magic chits" are those showing their Magic side, colour chits included (an enchanted Magic
chit, 4.6.4h): they fatigue and revert like any colour chit.
"""

from __future__ import annotations

from rules.chits import alteration, current, uncommitted
from rules.day import leaving
from rules.day.context import Ctx
from rules.evening import armor, hirelings
from rules.evening.counters import is_native, mount, vulnerability
from rules.evening.spoils import character_killed, denizen_killed
from rules.evening.state import CombatState
from rules.evening.sunset import denizens, present
from rules.events.daylight import Fatigued
from rules.events.evening import Killed, Wounded
from rules.magic import spell_tables
from rules.magic.spell_tables import PIT_TABLE
from rules.magic.state import committed
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import Weight
from rules.state import ChitState, Place

#: The strengths Terror strikes (L5244).
LIGHT_AND_MEDIUM = (Weight.LIGHT, Weight.MEDIUM)


#: The round of the :func:`in_daylight` scene: no round of combat.
DAYLIGHT = 0


def in_daylight(ctx: Ctx, clearing: str) -> CombatState:
    """The scene of a roll made in Daylight (the Toadstool Circle's 5, L4217): the characters
    in ``clearing``, with no round of combat (:data:`DAYLIGHT`); its kills are Daylight deaths
    (:func:`rules.day.leaving.die`)."""
    here = [n for n, s in ctx.state.characters.items() if not s.dead and ctx.where(n) == clearing]
    return CombatState(clearing=clearing, round=DAYLIGHT, participants=here)


def power_of_the_pit(ctx: Ctx, combat: CombatState, roller: str, target: str, by: str) -> list[str]:
    """``roller`` rolls on the Power of the Pit Table for ``target`` (``roll``, ``spell_table``)
    and the result is applied in the clearing of ``combat`` (a round of combat, or the
    :func:`in_daylight` scene), its kills ``by``'s (the spellcaster, or the Demon whose attack
    it is); returns the individuals killed, in the order they were killed."""
    at, round = combat.clearing, _round(combat)
    _, result = spell_tables.told(ctx, roller, PIT_TABLE, target, at=at, round=round, combat=combat)
    combat.eventful = True
    match result.key:
        case "fiery_chasm":
            return _kill(ctx, combat, [p for p in _here(ctx, combat) if not _hidden(ctx, p)], by)
        case "carried_away":
            return _kill(ctx, combat, [target], by)
        case "terror":
            return _terror(ctx, combat, by)
        case "blight":
            _blight(ctx, combat, target)
        case "forget":
            _forget(ctx, combat, target)
        case "rust":
            _rust(ctx, combat, target)
    return []


def _round(combat: CombatState) -> int | None:
    return None if combat.round == DAYLIGHT else combat.round


def _here(ctx: Ctx, combat: CombatState) -> list[str]:
    """The characters, monsters and natives in the clearing, hirelings included, in the
    Evening's order."""
    return [*present(ctx, combat), *denizens(ctx, combat.clearing), *hirelings.here(ctx, combat)]


def _hidden(ctx: Ctx, name: str) -> bool:
    if name in ctx.state.characters:
        return ctx.sheet(name).hidden
    minion = ctx.state.minions.get(name)
    return minion is not None and minion.sheet.hidden


def _kill(ctx: Ctx, combat: CombatState, victims: list[str], by: str) -> list[str]:
    """Each of ``victims`` is killed by ``by`` (note 1), in order — credited to no one if
    ``by`` is among them (see the module docstring)."""
    killer = None if by in victims else by
    for victim in victims:
        ctx.emit(Killed(who=victim, by=by, at=combat.clearing, round=_round(combat)))
        if victim in ctx.state.characters and combat.round == DAYLIGHT:
            cause = phrase("magic.killed_by_pit", clearing=combat.clearing)
            leaving.die(ctx, victim, "killed", moment="daylight", cause=cause)
        elif victim in ctx.state.characters:
            character_killed(ctx, combat, victim, killer, "the Power of the Pit")
        else:
            credit = [killer] if killer in ctx.state.characters else []
            denizen_killed(ctx, combat, victim, credit)
    return victims


def _in_play(ctx: Ctx, who: str) -> list[ChitState]:
    """His active chits not committed to a spell in effect."""
    chits = uncommitted(ctx.sheet(who).chits, committed(ctx.state.spells, who))
    return [c for c in chits if c.status == "active"]


def _terror(ctx: Ctx, combat: CombatState, by: str) -> list[str]:
    """Terror (L5244): each character here wounds his Light and Medium Move and Fight chits —
    in play or fatigued, at their current strength (4.6.10 alterations) — then the Light and
    Medium monsters, natives and horses here are killed, characters' horses too."""
    for who in present(ctx, combat):
        sheet = ctx.sheet(who)
        altered = alteration(ctx.catalog, sheet)
        spared = set(committed(ctx.state.spells, who))
        for chit in sheet.chits:
            face = current(chit.label, altered)
            if chit.status == "wounded" or chit.label in spared:
                continue
            if face.action in (Action.MOVE, Action.FIGHT) and face.strength in LIGHT_AND_MEDIUM:
                _wound(ctx, combat, who, chit)
    people = [p for p in _here(ctx, combat) if p not in ctx.state.characters]
    weak = [p for p in people if vulnerability(ctx.catalog, p) in LIGHT_AND_MEDIUM]
    killed = _kill(ctx, combat, weak, by)
    pieces = pieces_of(ctx.catalog)
    for rider in [p for p in people if p not in weak and is_native(ctx.catalog, p)]:
        horse = mount(ctx.catalog, ctx.board, ctx.state, rider)
        if horse is not None and ctx.catalog.horses[pieces[horse].name].vulnerability in (
            LIGHT_AND_MEDIUM
        ):
            _horse_killed(ctx, combat, horse, None, by)
    for who in present(ctx, combat):
        for horse in [i for i in ctx.state.at(Place.owner(who)) if pieces[i].kind is Kind.HORSE]:
            if ctx.catalog.horses[pieces[horse].name].vulnerability in LIGHT_AND_MEDIUM:
                _horse_killed(ctx, combat, horse, who, by)
    return killed


def _horse_killed(ctx: Ctx, combat: CombatState, horse: str, owner: str | None, by: str) -> None:
    """A horse killed (8.4.9i): out of play, off its owner's sheet."""
    if owner is not None:
        ctx.sheet(owner).items.pop(horse, None)
    ctx.state.put(horse, Place.OUT)
    ctx.emit(Killed(who=horse, by=by, at=combat.clearing, round=_round(combat)))


def _wound(ctx: Ctx, combat: CombatState, who: str, chit: ChitState) -> None:
    chit.status = "wounded"
    chit.color = None
    chit.alerted = False
    ctx.emit(Wounded(who=who, chit=chit.label, at=combat.clearing, round=_round(combat)))


def _blight(ctx: Ctx, combat: CombatState, target: str) -> None:
    """Blight (L5246): the target's active chits that show effort asterisks are wounded —
    a character's only (note 2)."""
    if target not in ctx.state.characters:
        return
    for chit in _in_play(ctx, target):
        if current(chit.label).effort > 0:
            _wound(ctx, combat, target, chit)


def _forget(ctx: Ctx, combat: CombatState, target: str) -> None:
    """Forget (L5248): the target's active Magic chits fatigue — a character's only (note
    2)."""
    if target not in ctx.state.characters:
        return
    for chit in _in_play(ctx, target):
        if current(chit.label).action is Action.MAGIC:
            chit.status = "fatigued"
            chit.color = None
            chit.alerted = False
            ctx.emit(
                Fatigued(
                    who=target,
                    chit=chit.label,
                    reason=phrase("magic.pit_forget"),
                    at=combat.clearing,
                    round=_round(combat),
                )
            )


def _rust(ctx: Ctx, combat: CombatState, target: str) -> None:
    """Rust (L5250): each of the target's active armor counters is damaged, or destroyed if it
    was damaged already — a character's only (note 2); armor cards are not counters."""
    if target not in ctx.state.characters:
        return
    sheet = ctx.sheet(target)
    pieces = pieces_of(ctx.catalog)
    for piece in [i for i in ctx.state.at(Place.owner(target)) if pieces[i].kind is Kind.ARMOR]:
        if sheet.items[piece].active:
            armor.damage(ctx, combat, target, piece, destroyed=sheet.items[piece].damaged)
