"""A transmorphized character's combat plays (8.4.5p L2561): "Instead of playing his own chits,
a transmorphized character plays unused chits symbol side up as dummies, and each chit has the
values defined by the spell."

The Melee Step offers them (:mod:`rules.evening.melee`), reveals them at the creature's values
(:mod:`rules.evening.reveal`), resolves his attack with the creature's harm
(:mod:`rules.evening.resolving`); the Encounter Step lets him charge and run with them
(:mod:`rules.evening.charging`, :mod:`rules.evening.encounter`); the Fatigue Step charges
nothing for them (:mod:`rules.evening.fatigue`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import kit
from rules.evening.answers import ATTACKS, BOX_OF, NONE
from rules.evening.counters import values
from rules.evening.state import Attack, CombatState, Maneuver
from rules.events.evening import Flipped
from rules.magic.forms import TRANSMORPHIZING, creature
from rules.magic.state import committed
from rules.schema.base import Weight

#: How a play turns the monster he absorbed over as he plays the dummy (``turned MAGIC IV3*
#: smash``; Absorb Essence, rule 2).
TURNED = "turned "


def chits(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """8.4.5p (L2561): "Instead of playing his own chits, a transmorphized character plays
    unused chits symbol side up as dummies, and each chit has the values defined by the spell"
    — any action chit in play not yet played this round and not committed to a spell; Boots,
    Gloves and his horse are transmorphized with him (4.6.9b.1)."""
    used = kit.used(combat, who)
    return kit.unused(ctx.sheet(who), used, committed(ctx.state.spells, who))


def played(
    ctx: Ctx, combat: CombatState, who: str, attack: Attack | None, maneuver: Maneuver | None
) -> set[str]:
    """The chits ``who`` played this round as dummies (8.4.5p), while a spell makes him a
    creature: his ``attack`` and ``maneuver`` (made after spells take effect, 8.4.3), and every
    other chit he played this round unless the spell took effect on him this very round (he
    played those as himself). A dummy is played "symbol side up" with the creature's values,
    his own chits "frozen and unusable" (4.6.9e): its asterisks count toward neither his effort
    limit (8.4.5f.2) nor the Fatigue Step (8.5.1) — the reading chosen for L2561 and L2797 ("A
    transmorphized character pays his fatigue costs normally on the round he is
    transmorphized": for what he played as himself before the spell took effect, such as a
    charge in the Encounter Step)."""
    if creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up) is None:
        return set()
    found = {attack.chit} if attack is not None and attack.spell is None else set()
    if maneuver is not None and maneuver.chit is not None:
        found.add(maneuver.chit)
    struck_now = any(
        cast.spell in TRANSMORPHIZING and who in cast.targets and cast.status == "working"
        for cast in combat.casts.values()
    )
    return found if struck_now else found | set(kit.used(combat, who))


def may_turn(ctx: Ctx, who: str) -> bool:
    """Whether ``who`` may turn the monster he absorbed over as he plays a chit (Absorb
    Essence, rule 2, L4947): "If the monster is Medium or Heavy, he can turn it either side up
    whenever he plays a chit (it does not change tactics). If it is Tremendous ... once it is
    red side up, he can turn it red side down whenever he plays a chit"."""
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    if shape is None or shape.absorbed is None:
        return False
    return ctx.catalog.monsters[shape.name].size is not Weight.TREMENDOUS or shape.red


def turn(ctx: Ctx, combat: CombatState, who: str) -> None:
    """``who`` turns the monster he absorbed over as he plays a dummy (:func:`may_turn`, the
    play written ``turned CHIT BOX``): its other side is up from this play on."""
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    if shape is None or shape.absorbed is None or not may_turn(ctx, who):
        return
    piece = shape.absorbed
    dark = ctx.state.dark_side_up
    if piece in dark:
        dark.remove(piece)
    else:
        dark.append(piece)
    side = "dark" if piece in dark else "light"
    ctx.emit(Flipped(denizen=piece, side=side, at=combat.clearing, round=combat.round))


#: The sides a head or club is played on (Absorb Essence, rule 2.1, L4948).
SIDES = ("light", "dark")


def head_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Absorb Essence, rule 2.1 (L4948): "If the monster has a head or club, the spellcaster
    can play it during combat as a second attack against his target. Heads and Clubs can be
    played either side up, even when the body is red-side-up" — each head or club of the
    monster he absorbed, on either side, in each Attack circle (``Dragon Head dark thrust``),
    or none; nothing for one who is no such monster, or whose spell works this round (he makes
    no other attack, 8.4.5a). Reading: the head or club needs his target, not the body's
    attack."""
    cast = combat.casts.get(who)
    if cast is not None and cast.status == "working":
        return []
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    if shape is None or shape.absorbed is None or not shape.parts:
        return []
    plays = [
        f"{part} {side} {ATTACKS[box]}" for part in shape.parts for side in SIDES for box in ATTACKS
    ]
    return [NONE, *plays]


def head_attack(ctx: Ctx, combat: CombatState, who: str, answer: str) -> Attack | None:
    """The head or club ``who`` plays (:func:`head_options`), revealed with his other plays
    (8.4.5e): its attack time and length on the side played, from the circle played; not
    played at all with no target named (8.4.2b.3), as an attack."""
    if answer == NONE or who not in combat.targets:
        return None
    play, _, circle = answer.rpartition(" ")
    part, _, side = play.rpartition(" ")
    face = values(ctx.catalog, part, side == "dark")
    if face.attack is None:
        return None
    return Attack(chit=play, direction=BOX_OF[circle], time=face.attack, length=face.length)
