"""A spellcaster's targets (8.4.2d): what his Attention chit may name for his spell, and whether
what he named is of the sort the spell requires.

The ``target`` decision of a character who cast a spell this round offers, after ``none``, the
targets of the spell's sort — for a spell of several targets (``multiple``), every set of
individuals in the clearing, each with each of them first (the first bears his Attention chit),
written ``Giant 1, Amazon`` — and then every other individual in the clearing: naming one is
naming a target of the wrong sort, which breaks the spell before it works (8.4.2d,
:func:`right_sort`). The sorts built: a character, an individual, several individuals, the
clearing, the hex tile, a weapon (d.1–d.4), his own Magic chits (4.6.10c, :func:`own_chits`:
every set of them, written ``chit:Witch/MAGIC II3*, chit:Witch/MAGIC VIII2*``); the others are
offered as individuals and judged when a spell of theirs is built. A hidden individual is
offered only to one who may name him (d.6, :func:`seen`).
"""

from __future__ import annotations

from itertools import combinations

from rules import hidden
from rules.day.context import Ctx
from rules.evening import hirelings
from rules.evening.answers import NONE
from rules.evening.counters import is_native
from rules.evening.state import CombatState
from rules.evening.sunset import denizens, present
from rules.magic.altering import TRANSFORMING, chit_target, magic_type
from rules.magic.state import committed
from rules.pieces import Kind, pieces_of
from rules.schema.base import MagicType
from rules.schema.spells import TargetKind
from rules.state import Place

#: The separator of several targets in an answer.
AND = ", "
#: The most individuals whose every set is offered for a spell of several targets.
MOST = 8


def individuals(ctx: Ctx, combat: CombatState) -> list[str]:
    """The characters, monsters and natives in the clearing (d.1), hirelings included."""
    return [*present(ctx, combat), *denizens(ctx, combat.clearing), *hirelings.here(ctx, combat)]


def seen(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """The individuals here he may name (d.6): a hidden one only if he has found hidden enemies
    today, or sees him (:func:`rules.hidden.finds`); himself always."""
    return [
        name
        for name in individuals(ctx, combat)
        if name == who or not _hidden(ctx, name) or hidden.finds(ctx, who, name)
    ]


def _hidden(ctx: Ctx, name: str) -> bool:
    if name in ctx.state.characters:
        return ctx.sheet(name).hidden
    minion = ctx.state.minions.get(name)
    return minion is not None and minion.sheet.hidden


def weapons(ctx: Ctx, combat: CombatState) -> list[str]:
    """d.4: every weapon counter owned by a character in the clearing, active or not, and every
    native, Goblin and Ogre counter there (the Giants' clubs are not built yet)."""
    pieces = pieces_of(ctx.catalog)
    found = [
        item
        for who in present(ctx, combat)
        for item in ctx.state.at(Place.owner(who))
        if pieces[item].kind is Kind.WEAPON
    ]
    for piece in [*denizens(ctx, combat.clearing), *hirelings.here(ctx, combat)]:
        name = pieces[piece].name
        if is_native(ctx.catalog, piece) or name.startswith("Goblin") or name == "Ogre":
            found.append(piece)
    return found


#: The Magic types each spell that alters Magic chits may target (L4731, L4843, L4869); a spell
#: not listed (Unleash Power, L5076) targets any.
ALTERABLE: dict[str, tuple[MagicType, ...]] = {
    name: tuple(change) for name, change in TRANSFORMING.items()
}


def own_chits(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """4.6.10c (L1327): the Magic chits his spell may alter, as targets: his own active Magic
    chits — not fatigued or wounded, not enchanted (colour chits) or alerted, not committed to
    a spell in effect, nor the one he plays to cast it — of the types the spell alters, by
    their type now (:func:`rules.magic.altering.magic_type`), once each label."""
    cast = combat.casts[who]
    types = ALTERABLE.get(cast.spell)
    taken = committed(ctx.state.spells, who)
    found: list[str] = []
    for chit in ctx.sheet(who).chits:
        magic = magic_type(ctx.state.spells, who, chit.label)
        if magic is None or chit.status != "active" or chit.color is not None or chit.alerted:
            continue
        if chit.label in taken or chit.label == cast.chit:
            continue
        if types is None or magic in types:
            found.append(chit_target(who, chit.label))
    return list(dict.fromkeys(found))


def of_sort(ctx: Ctx, combat: CombatState, who: str, kind: TargetKind) -> list[str] | None:
    """The single targets of sort ``kind`` he may name here; None for several individuals
    (``multiple``) or a sort not built yet."""
    match kind:
        case TargetKind.CHARACTER:
            return [name for name in seen(ctx, combat, who) if name in ctx.state.characters]
        case TargetKind.INDIVIDUAL:
            return seen(ctx, combat, who)
        case TargetKind.CLEARING:
            return [combat.clearing]
        case TargetKind.HEX:
            return [ctx.board.tile_of(combat.clearing).tile]
        case TargetKind.WEAPON:
            return weapons(ctx, combat)
    return None


def target_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """What his spell may be cast on (see the module docstring): none, the targets of its
    sort, then the other individuals here (of the wrong sort)."""
    spell = ctx.catalog.spells[combat.casts[who].spell]
    people = seen(ctx, combat, who)
    single = of_sort(ctx, combat, who, spell.target.kind)
    options = [NONE]
    if single is not None:
        options += single
    elif spell.target.kind is TargetKind.MAGIC_CHITS:
        pool = own_chits(ctx, combat, who)[:MOST]
        for size in range(1, len(pool) + 1):
            options += [AND.join(combo) for combo in combinations(pool, size)]
    elif spell.target.kind is TargetKind.MULTIPLE:
        pool = people[:MOST]
        for size in range(1, len(pool) + 1):
            for combo in combinations(pool, size):
                for first in combo:
                    options.append(AND.join([first, *(p for p in combo if p != first)]))
    options += [p for p in people if p not in options]
    return list(dict.fromkeys(options))


def named(answer: str) -> list[str]:
    """The targets an answer names, in order."""
    return [] if answer == NONE else [t.strip() for t in answer.split(AND.strip()) if t.strip()]


def right_sort(ctx: Ctx, combat: CombatState, who: str) -> bool:
    """8.4.2d: whether his spell's targets are of the sort it requires (at least one)."""
    cast = combat.casts[who]
    kind = ctx.catalog.spells[cast.spell].target.kind
    if not cast.targets:
        return False
    if kind is TargetKind.MULTIPLE:
        people = seen(ctx, combat, who)
        return all(t in people for t in cast.targets)
    if kind is TargetKind.MAGIC_CHITS:
        mine = own_chits(ctx, combat, who)
        return len(set(cast.targets)) == len(cast.targets) and all(t in mine for t in cast.targets)
    single = of_sort(ctx, combat, who, kind)
    return single is not None and len(cast.targets) == 1 and cast.targets[0] in single
