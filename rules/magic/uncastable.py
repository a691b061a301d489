"""Why a spellcaster cannot cast a spell of his now (8.3.9b–c): the spells his combat window's
brief names beside his Encounter action (:func:`rules.evening.windows.brief`), each with one
reason, so that a spell missing from the casts offered him
(:func:`rules.magic.casting.cast_options`) is not a mystery.

His spells are those recorded on his sheet, then those awakened in his Artifacts and Spell
Books and the built-in spells of his Treasure cards (:func:`rules.magic.items.options`), each
named once: ``Poison (Beast Pipes)`` for an item's. A spell he may cast some way now is not
named. The reason given is the first that holds of: a clearing at peace (L5259), a spell cast
already this round (8.3.9b.2), committed to a spell in effect (8.4.3c; an item's 8.3.9c), the
item's own refusal (not active, cast this Evening), the place the spell must be cast in, no
Magic chit of its type left to play (8.3.9b.3), every chit of its type too slow for a move time
on his sheet or over his effort limit (8.3.9b.5, 8.4.5f.2), no colour supplying it (8.3.9b.6) —
the one the player can least do anything about first. Reasons are phrases
(:mod:`rules.phrases`), said in the reader's language.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.magic import builtin, casting, items, truce
from rules.magic.altering import magic_type
from rules.magic.casting import CAST
from rules.phrases import Phrase, phrase
from rules.schema.spells import Spell


def reasons(ctx: Ctx, combat: CombatState, who: str, times: list[int]) -> list[tuple[str, Phrase]]:
    """Each spell of his he cannot cast now (see the module), as (name, reason), in the order
    of his sheet and then of his items; ``times``: the move times on his sheet
    (:func:`rules.evening.encounter.move_times`)."""
    offered = casting.cast_options(ctx, combat, who, times)
    found: list[tuple[str, Phrase]] = []
    for name in dict.fromkeys(ctx.sheet(who).spells):
        if not any(casting.read(o)[0] == name and not _by_item(ctx, o) for o in offered):
            why = _recorded(ctx, combat, who, name, times)
            if why is not None:
                found.append((name, why))
    for cast in items.options(ctx, who):
        name, _, piece = cast.rpartition(" with ")
        if not any(o.startswith(f"{CAST}{cast}") for o in offered):
            why = _held(ctx, combat, who, name, piece)
            if why is not None:
                found.append((f"{name} ({piece})", why))
    return found


def _by_item(ctx: Ctx, option: str) -> bool:
    return items.is_item(ctx, casting.read(option)[1])


def _common(ctx: Ctx, combat: CombatState, who: str) -> Phrase | None:
    """A reason that holds of every spell of his."""
    if truce.reigns(ctx, combat.clearing):
        return phrase("magic.at_peace")
    if who in combat.casts:
        return phrase("magic.you_cast_already")
    return None


def _recorded(
    ctx: Ctx, combat: CombatState, who: str, name: str, times: list[int]
) -> Phrase | None:
    """Why he cannot cast his recorded spell ``name`` now with any Magic chit, or None."""
    spell = ctx.catalog.spells.get(name)
    if spell is None:
        return None
    common = _common(ctx, combat, who)
    if common is not None:
        return common
    if name not in casting.free_spells(ctx, who):
        return phrase("magic.committed")
    if not casting.place_allows(ctx, combat, spell):
        return phrase("magic.only_in", place=str(spell.cast_in))
    chits = [
        c
        for c in casting.castable(ctx, combat, who)
        if magic_type(ctx.state.spells, who, c.label) == spell.type
    ]
    if not chits:
        return phrase("magic.no_chit_left", type=str(spell.type))
    slow = [casting.chit_refused(ctx, combat, who, c, times) for c in chits]
    first = slow[0]
    if first is not None and all(why is not None for why in slow):
        return phrase("magic.chit_refused", chit=chits[0].label, why=first)
    return _colour(ctx, combat, who, spell)


def _held(ctx: Ctx, combat: CombatState, who: str, name: str, piece: str) -> Phrase | None:
    """Why his item ``piece`` cannot cast ``name`` now, or None."""
    if not (name in ctx.catalog.spells or builtin.is_built_in(ctx.catalog, name)):
        return None
    spell = builtin.card(ctx.catalog, name)
    common = _common(ctx, combat, who)
    if common is not None:
        return common
    refused = items.refusal(ctx, who, piece, spell)
    if refused is not None:
        return refused
    if not casting.place_allows(ctx, combat, spell):
        return phrase("magic.only_in", place=str(spell.cast_in))
    return _colour(ctx, combat, who, spell)


def _colour(ctx: Ctx, combat: CombatState, who: str, spell: Spell) -> Phrase | None:
    """Why no colour supplies ``spell`` to him here, or None if one does."""
    found = casting.sources(ctx, who, spell)
    if found:
        return None
    return phrase("magic.no_colour", color=str(spell.color))
