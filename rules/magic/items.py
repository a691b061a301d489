"""Artifacts and Spell Books played like Magic chits to cast their awakened spells (4.6.6,
8.3.9c).

An active Artifact or Spell Book is a Magic chit of its red Roman numeral's type (the catalog's
``chit: {kind: magic, type: ...}``) that casts only the Spell cards awakened with it
(``item:<piece>``, :func:`rules.state.Place.item`) of that type (4.6.6b, d; c.1), with time 0
and no effort (8.3.9c), once per Evening (c.4: :attr:`rules.day.state.DayState.items_cast`), and
never while a spell it cast is in effect (c.3). The item is the spell's caster, its owner the
controller (c.5); no chit is committed, so killing the owner does not break it (c.6,
:func:`rules.magic.lifecycle.killed`).

An energized Enchant Artifact on the item adds a Magic type and a spell to it
(:func:`rules.magic.spells.artifact.added`, L5053–5056): it then casts the added spell, and its
own cards of the added type, as a Magic chit of that type; each type once an Evening, and a type
committed to a spell in effect leaves the others free (:func:`types`, :func:`spells`).
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.magic import builtin
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.spells import Spell
from rules.schema.treasures import Treasure
from rules.state import GameState, Place

#: Enchant Artifact's ``text_key`` (:class:`rules.schema.spells.Spell`).
ENCHANT_ARTIFACT = "enchant_artifact"

#: The behaviour keys of the Treasure cards that cast their Spell cards (4.6.6).
SPELL_ITEMS = frozenset({"artifact", "spell_book"})


def treasure(ctx: Ctx, piece: str) -> Treasure | None:
    """The Artifact or Spell Book card ``piece`` is, or None if it is not one."""
    pieces = pieces_of(ctx.catalog)
    if piece not in pieces or pieces[piece].kind is not Kind.TREASURE:
        return None
    card = ctx.catalog.treasures[pieces[piece].name]
    return card if SPELL_ITEMS & set(card.behaviour) and card.chit is not None else None


def built_in_card(ctx: Ctx, piece: str) -> Treasure | None:
    """The Treasure card ``piece`` is when it has a built-in spell that can be cast (the
    Dragonfang Necklace, :mod:`rules.magic.builtin`), else None."""
    pieces = pieces_of(ctx.catalog)
    if piece not in pieces or pieces[piece].kind is not Kind.TREASURE:
        return None
    name = pieces[piece].name
    return ctx.catalog.treasures[name] if builtin.is_built_in(ctx.catalog, name) else None


def is_item(ctx: Ctx, piece: str) -> bool:
    """Whether ``piece`` is played like a Magic chit to cast: an Artifact, a Spell Book, or a
    Treasure card with a built-in spell "played exactly like an Artifact" (L4552)."""
    return treasure(ctx, piece) is not None or built_in_card(ctx, piece) is not None


def owned(ctx: Ctx, who: str) -> list[str]:
    """His Artifacts and Spell Books, active or not, in the order of his sheet."""
    return [piece for piece in ctx.sheet(who).items if treasure(ctx, piece) is not None]


def awakened(ctx: Ctx, piece: str) -> list[str]:
    """The names of the Spell cards awakened with ``piece``, top first (7.5.6c.1)."""
    pieces = pieces_of(ctx.catalog)
    return [pieces[card].name for card in reversed(ctx.state.at(Place.item(piece)))]


def types(ctx: Ctx, piece: str) -> list[str]:
    """The Magic types of the Artifact or Spell Book ``piece`` now: its red numeral's, then
    those energized Enchant Artifact spells add (L5053)."""
    card = treasure(ctx, piece)
    own = [str(card.chit.type)] if card is not None and card.chit is not None else []
    more = [kind for kind, _ in added(ctx.catalog, ctx.state, piece)]
    return list(dict.fromkeys([*own, *more]))


def spells(ctx: Ctx, piece: str) -> list[str]:
    """The spells ``piece`` holds now: its awakened cards (7.5.6c.1), then the spells energized
    Enchant Artifact spells add to it, "automatically awakened" (L5053)."""
    more = [name for _, name in added(ctx.catalog, ctx.state, piece)]
    return list(dict.fromkeys([*awakened(ctx, piece), *more]))


def in_effect(ctx: Ctx, piece: str, kind: str | None = None) -> bool:
    """Whether a spell ``piece`` cast is in effect: the item is committed to it (8.3.9c.3) —
    with ``kind``, its Magic type of that type only: "when one Magic type is committed to a
    target, the item can still be played to use the other Magic type" (L5055)."""
    return any(
        spell.caster == piece
        and (kind is None or str(builtin.card(ctx.catalog, spell.spell).type) == kind)
        for spell in ctx.state.spells
    )


def cast_key(ctx: Ctx, piece: str, kind: str) -> str:
    """How :attr:`rules.day.state.DayState.items_cast` records that ``piece`` cast with its Magic
    type ``kind`` this Evening: its own type by the item's name (c.4), an added type beside it
    ("Each Magic type on the target item can be used once per day", L5055)."""
    own = types(ctx, piece)[:1]
    return piece if [kind] == own else f"{piece} {kind}"


def options(ctx: Ctx, who: str) -> list[str]:
    """Each ``SPELL with ITEM`` he could name: each spell each of his Artifacts and Spell Books
    holds (:func:`spells`), and each card's built-in spell (whether the rules allow it now is
    :func:`refusal`'s)."""
    found = [f"{name} with {piece}" for piece in owned(ctx, who) for name in spells(ctx, piece)]
    for piece in ctx.sheet(who).items:
        card = built_in_card(ctx, piece)
        if card is not None:
            found.append(f"{card.name} with {piece}")
    return found


def refusal(ctx: Ctx, who: str, piece: str, spell: Spell) -> Phrase | None:
    """Why his item ``piece`` cannot cast ``spell`` now, or None (8.3.9c.1, c.3, c.4; with the
    types and spells Enchant Artifact adds, L5053–5055): the spell's type is the Magic type he
    plays the item as. A built-in spell's card casts its own spell only, as an Artifact
    (L4552)."""
    held = ctx.sheet(who).items.get(piece)
    own = built_in_card(ctx, piece)
    if own is not None:
        if held is None:
            return phrase("magic.item_not_his", item=piece)
        if own.needs_activation and not held.active:
            return phrase("magic.item_not_active", item=piece)
        if spell.name != own.name:
            return phrase("magic.item_own_spell_only", item=piece)
        return _in_use(ctx, piece, str(spell.type))
    card = treasure(ctx, piece)
    if card is None or card.chit is None or held is None:
        return phrase("magic.not_an_artifact", item=piece)
    if not held.active:
        return phrase("magic.item_not_active", item=piece)
    if spell.name not in spells(ctx, piece):
        return phrase("magic.not_awakened", spell=spell.name, item=piece)
    kind = str(spell.type)
    if kind not in types(ctx, piece):
        return phrase(
            "magic.item_wrong_type",
            item=piece,
            type=str(card.chit.type),
            spell=spell.name,
            spell_type=str(spell.type),
        )
    return _in_use(ctx, piece, kind)


def _in_use(ctx: Ctx, piece: str, kind: str) -> Phrase | None:
    """Why ``piece`` cannot cast again as a Magic chit of type ``kind`` now: a spell of that
    type it cast is in effect (8.3.9c.3, L5055) or it has cast with that type this Evening
    (c.4)."""
    if in_effect(ctx, piece, kind):
        return phrase("magic.item_committed", item=piece)
    if cast_key(ctx, piece, kind) in ctx.state.today.items_cast:
        return phrase("magic.item_cast_already", item=piece)
    return None


def added(catalog: Catalog, state: GameState, piece: str) -> list[tuple[str, str]]:
    """The Magic types and spells that energized Enchant Artifact spells add to the item
    ``piece`` now (rule 1: "Whenever the Enchant Artifact spell is energized, the target
    contains the added type and spell in addition to its own"), as (type, spell), in casting
    order (rule 4: "The same item can be enchanted any number of times")."""
    return [
        (str(catalog.spells[spell.adds].type), spell.adds)
        for spell in state.spells
        if spell.energized
        and spell.adds is not None
        and spell.targets[:1] == [piece]
        and builtin.card(catalog, spell.spell).text_key == ENCHANT_ARTIFACT
    ]
