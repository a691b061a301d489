"""Moving (7.3.1–7.3.2): which roadways he may use, mountains and caves, what he can carry,
horses and Boots, what he may activate; one step along a roadway, abandoning items; and the
discoveries made by watching a Move (spying 4.5.6) or following one (7.11.6a.3).

The Move activity itself is :mod:`rules.daylight.move`. The order checks and the autopilot ask
the same questions as the day does, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.board import Board, ClearingError, Connection, board_for, parse_clearing_id
from rules.catalog import Catalog
from rules.chits import alteration, in_play, move_strength
from rules.daylight import missions
from rules.daylight.lists import each_the
from rules.discoveries import RoadDiscovery
from rules.events.daylight import Abandoned, AbandonedCard, AbandonedCardNamed, Deactivated, Moved
from rules.events.search import Discovered
from rules.hidden import finds
from rules.magic.altering import unleashed, unleashed_face
from rules.magic.forms import belongings_frozen, creature, untransmorphized
from rules.modifiers import sheet_has
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, is_phantasm, pieces_of
from rules.schema.base import Weight
from rules.schema.characters import AbilityKey
from rules.schema.tiles import ClearingType, RoadType
from rules.state import CharacterState, GameState, Place

if TYPE_CHECKING:
    from rules.day.context import Ctx

#: What a Move records to leave the map by a roadway to its edge (7.3.1a.4).
EDGE = "Edge"


@dataclass(frozen=True)
class Cancelled:
    """Why a recorded Move cannot be done: it becomes a blank phase (7.3.1b, 6.2.4f)."""

    reason: Phrase


def item_weight(catalog: Catalog, item: str) -> Weight:
    """The weight of a carried item (7.3.1e.3): weapons, armor and Treasure cards."""
    piece = pieces_of(catalog)[item]
    if piece.kind is Kind.WEAPON:
        return catalog.weapons[piece.name].weight
    if piece.kind is Kind.ARMOR:
        return catalog.armor[piece.name].weight
    if piece.kind is Kind.TREASURE:
        return catalog.treasures[piece.name].weight or Weight.NEGLIGIBLE
    return Weight.NEGLIGIBLE


def horse_strength(catalog: Catalog, horse: str) -> Weight:
    """A horse's strength: the stronger of its two sides may be used (7.3.2a)."""
    record = catalog.horses[horse]
    return max(record.gallop.strength, record.walk.strength, key=lambda w: w.rank)


def _horses(catalog: Catalog, state: GameState, character: CharacterState) -> list[str]:
    owned = state.at(Place.owner(character.name))
    return [i for i in owned if pieces_of(catalog)[i].kind is Kind.HORSE]


def active_horse(catalog: Catalog, state: GameState, character: CharacterState) -> str | None:
    """The horse he is riding, if any (7.3.2: one active horse at most)."""
    for horse in _horses(catalog, state, character):
        item = character.items.get(horse)
        if item is not None and item.active:
            return horse
    return None


def carrying_strength(
    catalog: Catalog, state: GameState, character: CharacterState, helpers: Sequence[str] = ()
) -> Weight:
    """What he can carry when he moves (7.3.1e): the best of his active Move chits, the horse
    he rides (7.3.2c), active Boots (7.3.1f) and the move strength of the underlings following
    him, ``helpers`` (7.3.1h, L1674; 7.11.6d); Negligible without any (e.4). His Move chits
    carry by their current strength: by asterisks under an active Belt of Strength (L4370,
    :func:`rules.chits.alteration`); the Move/Fight chits of Unleash Power carry like Move
    chits (L5076)."""
    candidates = [
        move_strength(character, alteration(catalog, character)),
        denizen_strength(catalog, character.name),
    ]
    candidates += [denizen_strength(catalog, helper) for helper in helpers]
    freed = unleashed(state.spells, character.name) if state.spells else frozenset()
    candidates += [
        unleashed_face(c.label).strength
        for c in in_play(character)
        if c.label in freed and c.color is None
    ]
    horse = active_horse(catalog, state, character)
    if horse is not None:
        candidates.append(horse_strength(catalog, horse))
    for item in state.at(Place.owner(character.name)):
        piece = pieces_of(catalog)[item]
        if piece.kind is Kind.TREASURE and character.items.get(item, None) is not None:
            card = catalog.treasures[piece.name]
            if character.items[item].active and card.chit is not None and card.chit.kind == "move":
                candidates.append(card.chit.strength)
    known = [c for c in candidates if c is not None]
    return max(known, key=lambda w: w.rank) if known else Weight.NEGLIGIBLE


def _packed(catalog: Catalog, state: GameState, character: CharacterState) -> set[str]:
    """Inactive items his inactive horses carry as pack horses (7.3.1i): each item goes on the
    strongest inactive horse able to carry it."""
    packs = [
        (horse_strength(catalog, h), h)
        for h in _horses(catalog, state, character)
        if not character.items[h].active
    ]
    packed: set[str] = set()
    if not packs:
        return packed
    strongest = max(strength.rank for strength, _ in packs)
    for item in state.at(Place.owner(character.name)):
        if pieces_of(catalog)[item].kind is Kind.HORSE or character.items[item].active:
            continue
        if item_weight(catalog, item).rank <= strongest:
            packed.add(item)
    return packed


def too_heavy(
    catalog: Catalog, state: GameState, character: CharacterState, helpers: Sequence[str] = ()
) -> list[str]:
    """The items he must abandon to move: heavier than he can carry (with ``helpers``, the
    underlings following him, 7.3.1h) and not on a pack horse (7.3.1e.3–e.4, i.4). Horses are
    never carried (e.1). Belongings transmorphized with him weigh nothing and move with him
    (4.6.9b.2, :func:`rules.magic.forms.belongings_frozen`); those he gained since, he must
    carry "using the creature's move strength" (4.6.9b.4 L1304,
    :func:`rules.magic.forms.untransmorphized`). The reading chosen: the creature's strength
    alone — he keeps his belongings inactive, so he rides no untransmorphized horse, and a
    creature carries no pack (7.3.1i is a character's)."""
    if belongings_frozen(state.spells, character.name):
        owned = state.at(Place.owner(character.name))
        shape = creature(catalog, state.spells, character.name)
        strength = shape.strength if shape is not None else Weight.NEGLIGIBLE
        return [
            item
            for item in untransmorphized(state.spells, character.name, owned)
            if pieces_of(catalog)[item].kind is not Kind.HORSE
            and item_weight(catalog, item).rank > strength.rank
        ]
    strength = carrying_strength(catalog, state, character, helpers)
    packed = _packed(catalog, state, character)
    return [
        item
        for item in state.at(Place.owner(character.name))
        if pieces_of(catalog)[item].kind is not Kind.HORSE
        and item not in packed
        and item_weight(catalog, item).rank > strength.rank
    ]


def discoveries_used(board: Board, start: str, target: str) -> list[str]:
    """The hidden paths and secret passages a Move from ``start`` to ``target`` uses, written as
    discoveries (those who move along it with a guide discover it, 7.11.6a.3)."""
    connection = next((c for c in board.connections(start) if c.to == target), None)
    code, a = parse_clearing_id(start)
    other, b = parse_clearing_id(target)
    placed = board.placed(code)
    if connection is None or placed is None or code != other:
        return []
    return [
        str(RoadDiscovery(code, placed.enchanted, kind, min(a, b), max(a, b)))
        for kind in sorted(connection.types & {RoadType.HIDDEN, RoadType.SECRET})
    ]


def knows_every_road(catalog: Catalog, character: CharacterState) -> bool:
    """The Wizard's Experience (L3986): he knows every hidden path and secret passage."""
    return sheet_has(catalog, character, AbilityKey.EXPERIENCE)


def usable(
    catalog: Catalog,
    board: Board,
    character: CharacterState,
    start: str,
    connection: Connection,
    *,
    mist: bool = False,
) -> bool:
    """Whether he may use ``connection`` out of ``start`` now: open roads and tunnels always,
    hidden paths and secret passages once discovered on the tile's face that is up (7.3.1a.1–a.2,
    7.10.4d) or known by Experience. In ``mist`` (Melt into Mist, L5060: "The target can move
    along hidden paths and secret passages that he has not discovered") he may use every
    roadway between two clearings."""
    if not connection.types & {RoadType.HIDDEN, RoadType.SECRET}:
        return True
    if knows_every_road(catalog, character):
        return True
    if connection.to is None:
        return False
    if mist:
        return True
    return all(d in character.discoveries for d in discoveries_used(board, start, connection.to))


def roadway(
    catalog: Catalog,
    board: Board,
    character: CharacterState,
    start: str,
    target: str,
    *,
    mist: bool = False,
) -> Cancelled | None:
    """Why he cannot move from ``start`` to ``target`` along one roadway, or None if he can
    (7.3.1a); in ``mist``, along any roadway (L5060, :func:`usable`)."""
    connection = next((c for c in board.connections(start) if c.to == target), None)
    if connection is None:
        neighbours = tuple(sorted({c.to for c in board.connections(start) if c.to}))
        return Cancelled(
            phrase("daylight.no_roadway", start=start, target=target, neighbours=neighbours)
        )
    if not usable(catalog, board, character, start, connection, mist=mist):
        missing = [
            d for d in discoveries_used(board, start, target) if d not in character.discoveries
        ]
        return Cancelled(phrase("daylight.road_undiscovered", discoveries=each_the(missing)))
    return None


def secret_card(catalog: Catalog, state: GameState, item: str) -> bool:
    """Whether ``item`` is a Treasure card whose face is secret: every one not face up, since a
    card stays secret when it is found, bought from a character or abandoned (4.4.1c, 4.5.3)."""
    return pieces_of(catalog)[item].kind is Kind.TREASURE and item not in state.face_up


def abandon(
    ctx: Ctx, character: CharacterState, item: str, clearing: str, *, round: int | None = None
) -> None:
    """Abandon ``item`` in ``clearing``'s pile (4.3.4: under the pile). Everyone sees what he
    abandons, but a face-down Treasure card only as "a Treasure card": its name goes to him (a
    hireling's employer) alone (4.4.1c). In combat, its events say the ``round``."""
    ctx.state.take(item)
    ctx.state.stacks.setdefault(Place.clearing(clearing), []).insert(0, item)
    character.items.pop(item, None)
    if not secret_card(ctx.catalog, ctx.state, item):
        ctx.emit(Abandoned(who=character.name, item=item, at=clearing, round=round))
        return
    ctx.emit(AbandonedCard(who=character.name, at=clearing, round=round))
    eyes = (ctx.eyes(character.name),)
    named = AbandonedCardNamed(
        recipients=eyes, who=character.name, item=item, at=clearing, round=round
    )
    ctx.emit(named)


def step(
    ctx: Ctx, character: CharacterState, start: str, target: str, helpers: Sequence[str] = ()
) -> None:
    """Move one individual one roadway (already checked legal), abandoning what he cannot carry
    even with ``helpers``, the underlings moving with him (7.3.1e, 7.3.1h), and dismounting in a
    cave (7.3.2a.1). The road he came by is remembered: he may run away only by it (8.3.8b)."""
    for item in too_heavy(ctx.catalog, ctx.state, character, helpers):
        abandon(ctx, character, item, start)
    ctx.state.put(character.name, Place.clearing(target))
    ctx.today.entered_from[character.name] = start
    ctx.emit(Moved(who=character.name, from_=start, to=target))
    missions.entered(ctx, character.name, target)  # 7.2.4e.4
    frozen = belongings_frozen(ctx.state.spells, character.name)  # 4.6.9b.2: not rearranged
    if ctx.board.clearing_type(target) is ClearingType.CAVE and not frozen:
        horse = active_horse(ctx.catalog, ctx.state, character)
        if horse is not None:
            character.items[horse].active = False
            ctx.emit(Deactivated(who=character.name, item=horse, reason=phrase("daylight.caves")))


def resolve_target(board: Board, target: str | None) -> str | Cancelled:
    """The clearing id a recorded Move names, or why it names none."""
    if target is None:
        return Cancelled(phrase("daylight.move_names_no_clearing"))
    try:
        return board.resolve(target)
    except ClearingError as error:
        return Cancelled(error.phrase)


def is_pony(catalog: Catalog, piece: str | None) -> bool:
    """Whether ``piece`` is a pony (7.3.2b.3); False for anything that is not a horse."""
    return piece is not None and piece in catalog.horses and catalog.horses[piece].kind == "pony"


def denizen_strength(catalog: Catalog, name: str) -> Weight | None:
    """A hired leader's or controlled monster's own move strength, its vulnerability (7.3.1g,
    7.7.5e); None for a character, who carries with chits."""
    if name in catalog.native_counters:
        return catalog.native_counters[name].vulnerability
    piece = pieces_of(catalog)[name]
    if piece.kind is Kind.MONSTER:
        return catalog.monsters[piece.name].size
    return None


def weight_of(catalog: Catalog, name: str) -> Weight:
    """The weight of the individual ``name`` himself: a character's, a native's, a monster's
    size (2.1.1, 4.3.1)."""
    if name in catalog.characters:
        return catalog.characters[name].weight
    if name in catalog.native_counters:
        return catalog.native_counters[name].weight
    return catalog.monsters[pieces_of(catalog)[name].name].size


def activation_refused(
    catalog: Catalog, state: GameState, character: CharacterState, item: str
) -> Phrase | None:
    """Why ``item`` cannot be activated now, or None (4.3.6–4.3.8, 7.3.1f, 7.3.2a): one active
    weapon, one of each kind of armor counter, one horse — never in a cave, and strong enough
    for him and what he carries — and one Boots card, strong enough for him and all he owns.
    Transmorphized by Transform or Melt into Mist, he activates none but Enchanted cards: his
    transmorphized belongings "cannot be used" (4.6.9b.2 L1302) and "He must keep the
    belongings inactive (except for Enchanted cards)" he gains (b.4 L1304)."""
    pieces = pieces_of(catalog)
    piece = pieces[item]
    owned = [i for i in state.at(Place.owner(character.name)) if i != item]
    active = [i for i in owned if character.items.get(i) is not None and character.items[i].active]
    me = weight_of(catalog, character.name)
    enchanted = piece.kind is Kind.TREASURE and catalog.treasures[piece.name].enchanted
    if state.spells and belongings_frozen(state.spells, character.name) and not enchanted:
        return phrase("daylight.transmorphized_inactive")
    if is_weapon(catalog, item) and any(is_weapon(catalog, i) for i in active):
        return phrase("daylight.one_weapon")
    if piece.kind is Kind.ARMOR:
        kind = catalog.armor[piece.name].kind
        if any(
            pieces[i].kind is Kind.ARMOR and catalog.armor[pieces[i].name].kind == kind
            for i in active
        ):
            return phrase("daylight.one_armor", kind=str(kind))
    if piece.kind is Kind.HORSE:
        where = state.clearing_of(character.name)
        if (
            where is not None
            and board_for(catalog, state.tiles).clearing_type(where) is ClearingType.CAVE
        ):
            return phrase("daylight.no_horse_in_cave")
        if any(pieces[i].kind is Kind.HORSE for i in active):
            return phrase("daylight.one_horse")
        strength = horse_strength(catalog, item)
        packed = _packed(catalog, state, character)
        carried = [i for i in owned if pieces[i].kind is not Kind.HORSE and i not in packed]
        heaviest = max([me, *(item_weight(catalog, i) for i in carried)], key=lambda w: w.rank)
        if strength.rank < heaviest.rank:
            return phrase("daylight.horse_cannot_carry", item=item, weight=str(heaviest))
    if piece.kind is Kind.TREASURE:
        card = catalog.treasures[piece.name]
        if "boots" in card.behaviour and card.chit is not None and card.chit.strength is not None:
            if any(
                pieces[i].kind is Kind.TREASURE
                and "boots" in catalog.treasures[pieces[i].name].behaviour
                for i in active
            ):
                return phrase("daylight.one_boots")
            everything = [
                me,
                *(item_weight(catalog, i) for i in owned if pieces[i].kind is not Kind.HORSE),
            ]
            heaviest = max(everything, key=lambda w: w.rank)
            if card.chit.strength.rank < heaviest.rank:
                return phrase("daylight.boots_cannot_carry", item=item, weight=str(heaviest))
    return None


def is_weapon(catalog: Catalog, item: str) -> bool:
    """A weapon counter, or a weapon card, "used just like weapons" (L4428)."""
    piece = pieces_of(catalog)[item]
    if piece.kind is Kind.WEAPON:
        return True
    return piece.kind is Kind.TREASURE and catalog.treasures[piece.name].weapon is not None


def spies(ctx: Ctx, name: str, clearings: Sequence[str]) -> list[str]:
    """Who spies on ``name`` (4.5.6a): every character and familiar (it spies like a character,
    L3927) in those clearings if he is unhidden; if he is hidden, only those who see him
    (:func:`rules.hidden.finds`). Nobody spies on a familiar (L3927) or a phantasm, and a
    phantasm spies on nobody (L5069)."""
    if name in ctx.state.familiars:
        return []
    hidden = ctx.sheet(name).hidden
    return [
        other
        for other in (*ctx.state.characters, *ctx.state.familiars)
        if other != name
        and not is_phantasm(other)
        and other not in ctx.today.followers
        and ctx.where(other) in clearings
        and (not hidden or finds(ctx, other, name))
    ]


def discover(ctx: Ctx, who: str, discoveries: Sequence[str], how: Phrase) -> None:
    """``who`` crosses these discoveries off his list (privately); underlings record none
    (7.7.3), a hired leader's are his employer's to see (7.7.2a), and a familiar's list is its
    owner's (L3929)."""
    if not ctx.acts(who) and who not in ctx.state.familiars:
        return
    character = ctx.sheet(who)
    for discovery in discoveries:
        if discovery not in character.discoveries:
            character.discoveries.append(discovery)
            ctx.emit(Discovered(recipients=(ctx.eyes(who),), who=who, what=discovery, how=how))
