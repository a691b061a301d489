"""A spellcaster's targets (8.4.2d): what his Attention chit may name for his spell, and whether
what he named is of the sort the spell requires.

The ``target`` decision of a character who cast a spell this round offers, after ``none``, the
targets of the spell's sort — for a spell of several targets (``multiple``), every set of
individuals in the clearing, each with each of them first (the first bears his Attention chit),
written ``Giant 1, Amazon`` — and then every other individual in the clearing: naming one is
naming a target of the wrong sort, which breaks the spell before it works (8.4.2d,
:func:`right_sort`). The sorts built: a character, an individual, several individuals, the
clearing, the hex tile, a character or the hex tile (Illusion, Lost), a weapon (d.1–d.4), an
Artifact or Spell Book he has active (Enchant Artifact), a monster (Absorb Essence; one Spider or
Octopus for Guide Spider or Octopus, :data:`ONLY`), a spell in effect or a Curse
(:func:`spells_here`), his own Magic chits (4.6.10c, :func:`own_chits`: every set of them,
written ``chit:Witch/MAGIC II3*, chit:Witch/MAGIC VIII2*``), and the sets a spell names all of
at once (all of the Bats, all of the Goblins, a native group or all of the Giants or Ogres:
:func:`groups`, written as the set); the others are offered as individuals and judged when a
spell of theirs is built. A hidden individual is offered only to one who may name him (d.6,
:func:`seen`).
"""

from __future__ import annotations

from itertools import combinations

from rules import hidden
from rules.board import parse_clearing_id
from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.evening import hirelings
from rules.evening.answers import NONE
from rules.evening.counters import is_monster, is_native
from rules.evening.state import CombatState
from rules.evening.sunset import denizens, present
from rules.magic import builtin, in_clearing, items
from rules.magic.altering import TRANSFORMING, chit_target, magic_type
from rules.magic.state import committed
from rules.pieces import Kind, pieces_of
from rules.schema.base import MagicType, Weight
from rules.schema.chits import ChitKind
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


def sound_chits(ctx: Ctx) -> list[str]:
    """Every face-up Sound chit on the map, in a clearing or a tile, in the order of the
    catalog's map chits (Whistle for Monsters, L5179: "one face-up Sound chit anywhere on the
    map")."""
    return [
        name
        for name, chit in ctx.catalog.map_chits.items()
        if chit.kind is ChitKind.SOUND and name in ctx.state.face_up and tile_of(ctx, name)
    ]


def tile_of(ctx: Ctx, chit: str) -> str | None:
    """The tile a map chit lies in, None off the map."""
    try:
        kind, where = Place.split(ctx.state.place_of(chit))
    except KeyError:
        return None
    if kind == "tile":
        return where
    if kind == "at":
        return parse_clearing_id(where)[0]
    return None


#: The Magic types each spell that alters Magic chits may target (L4731, L4843, L4869); a spell
#: not listed (Unleash Power, L5076) targets any.
ALTERABLE: dict[str, tuple[MagicType, ...]] = {
    name: tuple(change) for name, change in TRANSFORMING.items()
}


def own_chits(
    ctx: Ctx, combat: CombatState, who: str, cast: tuple[str, str] | None = None
) -> list[str]:
    """4.6.10c (L1327): the Magic chits his spell may alter, as targets: his own active Magic
    chits — not fatigued or wounded, not enchanted (colour chits) or alerted, not committed to
    a spell in effect, nor the one he plays to cast it — of the types the spell alters, by
    their type now (:func:`rules.magic.altering.magic_type`), once each label. ``cast``: the
    spell and chit he would cast with, before he casts (:func:`ahead`); else his cast's."""
    spell, played = cast or (combat.casts[who].spell, combat.casts[who].chit)
    types = ALTERABLE.get(spell)
    taken = committed(ctx.state.spells, who)
    found: list[str] = []
    for chit in ctx.sheet(who).chits:
        magic = magic_type(ctx.state.spells, who, chit.label)
        if magic is None or chit.status != "active" or chit.color is not None or chit.alerted:
            continue
        if chit.label in taken or chit.label == played:
            continue
        if types is None or magic in types:
            found.append(chit_target(who, chit.label))
    return list(dict.fromkeys(found))


def of_sort(
    ctx: Ctx, combat: CombatState, who: str, kind: TargetKind, spell: str | None = None
) -> list[str] | None:
    """The single targets of sort ``kind`` he may name here; None for several individuals
    (``multiple``) or a sort not built yet. ``spell``: the spell he would cast, before he
    casts; else his cast's."""
    match kind:
        case TargetKind.CHARACTER:
            return [name for name in seen(ctx, combat, who) if name in ctx.state.characters]
        case TargetKind.INDIVIDUAL:
            return seen(ctx, combat, who)
        case TargetKind.CLEARING:
            return [combat.clearing]
        case TargetKind.HEX:
            return [ctx.board.tile_of(combat.clearing).tile]
        case TargetKind.HEX_OR_HUMAN:
            people = [name for name in seen(ctx, combat, who) if name in ctx.state.characters]
            return [*people, ctx.board.tile_of(combat.clearing).tile]
        case TargetKind.WEAPON:
            return weapons(ctx, combat)
        case TargetKind.DEMON:
            pieces = pieces_of(ctx.catalog)
            return [
                p
                for p in seen(ctx, combat, who)
                if is_monster(ctx.catalog, p) and pieces[p].name in ("Demon", "Winged Demon")
            ]
        case TargetKind.SOUND_CHIT:
            return sound_chits(ctx)
        case TargetKind.MONSTER:  # "any monster, even if it is controlled or hired" (L4942)
            return [p for p in seen(ctx, combat, who) if is_monster(ctx.catalog, p)]
        case TargetKind.ARTIFACT:  # "one Artifact or Spell Book that the spellcaster has active"
            return [p for p in items.owned(ctx, who) if ctx.sheet(who).items[p].active]
        case TargetKind.SPELL:
            return spells_here(ctx, combat, who, spell)
    return None


#: The monsters a spell of sort ``monster`` names only some of, by the spell (L5173).
ONLY: dict[str, frozenset[str]] = {
    "Guide Spider or Octopus": frozenset({"Heavy Spider", "Tremendous Spider", "Octopus"}),
    "Dragonfang Necklace": frozenset(
        {"Heavy Dragon", "Heavy Flying Dragon", "Tremendous Dragon", "Tremendous Flying Dragon"}
    ),
}
#: The monsters a spell's target is all of in the clearing, by its sort (L5157, L5171).
ALL_OF: dict[TargetKind, tuple[str, ...]] = {
    TargetKind.BATS: ("Giant Bat",),
    TargetKind.GOBLINS: ("Goblin Axe", "Goblin Great Sword", "Goblin Spear"),
}


def of_spell(ctx: Ctx, combat: CombatState, who: str, spell: str) -> list[str] | None:
    """The single targets his ``spell`` may name here (:func:`of_sort`), only those of the
    monsters it names when it names some (:data:`ONLY`)."""
    single = of_sort(ctx, combat, who, builtin.card(ctx.catalog, spell).target.kind, spell)
    if single is None or spell not in ONLY:
        return single
    pieces = pieces_of(ctx.catalog)
    return [p for p in single if pieces[p].kind is Kind.MONSTER and pieces[p].name in ONLY[spell]]


def groups(ctx: Ctx, combat: CombatState, who: str, kind: TargetKind) -> list[list[str]] | None:
    """The sets of individuals here a spell of sort ``kind`` names all of at once: all of the
    Bats, all of the Goblins (L5157, L5171: every one of them he may name, d.6); for a human
    group (Persuade, L4852) each native group's unhired members here, all of the Giants, all of
    the Ogres. Reading: "one native group" is its members in his clearing, the spell's targets
    being where he is (8.4.2d); natives hired by others are not among them (7.7.5c). None for
    any other sort."""
    pieces = pieces_of(ctx.catalog)
    people = seen(ctx, combat, who)
    if kind in ALL_OF:
        found = [p for p in people if pieces[p].name in ALL_OF[kind]]
        return [found] if found else []
    if kind is not TargetKind.HUMAN_GROUP:
        return None
    natives_here = [p for p in people if is_native(ctx.catalog, p)]
    free = [p for p in natives_here if p not in ctx.state.minions or _employs(ctx, who, p)]
    found_groups: dict[str, list[str]] = {}
    for piece in free:
        found_groups.setdefault(ctx.catalog.group_of(piece).name, []).append(piece)
    options = list(found_groups.values())
    for name in ("Giant", "Ogre"):
        same = [p for p in people if pieces[p].kind is Kind.MONSTER and pieces[p].name == name]
        if same:
            options.append(same)
    return options


def _employs(ctx: Ctx, who: str, piece: str) -> bool:
    minion = ctx.state.minions.get(piece)
    return minion is not None and minion.employer == who


def spells_here(ctx: Ctx, combat: CombatState, who: str, spell: str | None = None) -> list[str]:
    """A spell's targets of the sort ``spell`` (L5049, L5177): the spells in effect in the
    clearing as his targets are named — they "must already exist", none being cast this round
    —, the Flying Carpets' spells energized here (L4558), and, for Remedy, the Curses of the
    characters here (:mod:`rules.magic.in_clearing`); ``spell``: the spell he would cast, before
    he casts; else his cast's."""
    found = list(in_clearing.spells(ctx.state, combat.clearing))
    found += in_clearing.carpets(ctx.state, ctx.today.carpets, combat.clearing)
    name = spell or combat.casts[who].spell
    if builtin.card(ctx.catalog, name).text_key == "remedy":
        found += in_clearing.curses(ctx.state, combat.clearing)
    return found


def target_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """What his spell may be cast on (see the module docstring): none, the targets of its
    sort, then the other individuals here (of the wrong sort)."""
    cast = combat.casts[who]
    return options_for(ctx, combat, who, (cast.spell, cast.chit))


def ahead(ctx: Ctx, combat: CombatState, who: str, casts: list[tuple[str, str]]) -> list[str]:
    """The targets he may name for any of ``casts`` (spell, chit: those his Encounter action
    offers), before he casts: the target decision asked ahead in the encounter window offers
    them besides his attack targets (issue 34), his spell being secret until its targets are
    named (8.4.2d). None first, each once, in the order of ``casts``."""
    found = [NONE]
    for cast in casts:
        found += options_for(ctx, combat, who, cast)
    return list(dict.fromkeys(found))


def options_for(ctx: Ctx, combat: CombatState, who: str, cast: tuple[str, str]) -> list[str]:
    """:func:`target_options` for the spell and chit of ``cast``, cast or not yet."""
    name, chit = cast
    spell = builtin.card(ctx.catalog, name)
    people = seen(ctx, combat, who)
    single = of_spell(ctx, combat, who, spell.name)
    sets = groups(ctx, combat, who, spell.target.kind)
    options = [NONE]
    if sets is not None:
        options += [AND.join(found) for found in sets]
    elif single is not None:
        options += single
    elif spell.target.kind is TargetKind.MAGIC_CHITS:
        pool = own_chits(ctx, combat, who, (name, chit))[:MOST]
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
    """8.4.2d: whether his spell's targets are of the sort it requires (at least one), and of
    the weight it requires (Broomstick's Light character, :func:`fits`)."""
    return of_right_sort(ctx, combat, who, combat.casts[who].targets)


def of_right_sort(ctx: Ctx, combat: CombatState, who: str, named: list[str]) -> bool:
    """:func:`right_sort` for the targets ``named`` for his cast, named or not yet."""
    cast = combat.casts[who]
    kind = builtin.card(ctx.catalog, cast.spell).target.kind
    if not named:
        return False
    sets = groups(ctx, combat, who, kind)
    if sets is not None:
        return named in sets
    if kind is TargetKind.MULTIPLE:
        people = seen(ctx, combat, who)
        return all(t in people for t in named)
    if kind is TargetKind.MAGIC_CHITS:
        mine = own_chits(ctx, combat, who)
        return len(set(named)) == len(named) and all(t in mine for t in named)
    single = of_spell(ctx, combat, who, cast.spell)
    return (
        single is not None
        and len(named) == 1
        and named[0] in single
        and fits(ctx.catalog, cast.spell, named[0])
    )


def fits(catalog: Catalog, spell: str, target: str) -> bool:
    """Whether ``target`` is of the kind ``spell`` requires beyond its sort (8.4.2d): Broomstick
    "can be cast only on a target with Light weight" — a Light character (L4955)."""
    if builtin.card(catalog, spell).text_key != "broomstick":
        return True
    return target in catalog.characters and catalog.characters[target].weight is Weight.LIGHT
