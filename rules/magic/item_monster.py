"""Absorb Essence cast by an Artifact or Spell Book (rule 4, L4950): "the item transmorphizes
when the spell becomes energized. The character holding the item transmorphizes into the
monster; if the item is not held by a character, the item itself becomes the monster, and it
functions like a normal monster in all respects. When the monster is killed the spell is broken
and the item reappears."

The spell in effect says who the monster is through its ``controller``: the character holding
the item when the spell was last energized (he has the monster's form while it is energized,
:func:`rules.magic.forms.form`), or the item itself (its ``caster``) once no character held it
then; the item is the monster while it is out of play (:func:`is_monster`). :func:`energized`
is called as the spell is energized, :func:`reverts` as it falls inert or ends.

Readings. Who holds the item is looked at only as the spell is energized ("the item
transmorphizes when the spell becomes energized"): a character who gives the item away while
he is the monster stays it until the spell falls inert. The item held by a native, or lying in
a clearing, is "not held by a character"; the monster then takes its place in that clearing, and
an item off the map (in a native group's box) transmorphizes into nothing. When the spell falls
inert the monster goes back into the spell and the item reappears where the monster stands —
as a character held by the spell is himself again while it is inert (4.6.7h.1).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.events.spells import ItemReappeared, ItemTransmorphized
from rules.magic.forms import ABSORB_ESSENCE
from rules.magic.state import SpellInEffect
from rules.state import GameState, Place


def cast_by_item(state: GameState, spell: SpellInEffect) -> bool:
    """Whether ``spell`` is an Absorb Essence an Artifact or Spell Book cast (its caster is
    the item, no Magic chit committed to it) with its monster still in it."""
    return (
        spell.spell == ABSORB_ESSENCE
        and spell.chit is None
        and spell.caster not in state.characters
        and bool(spell.targets)
    )


def is_monster(state: GameState, spell: SpellInEffect) -> bool:
    """Whether the item that cast ``spell`` is its monster now (rule 4): out of play, its
    monster in play in its stead."""
    return cast_by_item(state, spell) and state.place_of(spell.caster) == Place.OUT


def energized(ctx: Ctx, spell: SpellInEffect) -> None:
    """Rule 4 as ``spell`` becomes energized: the character holding the item is the monster
    (he becomes the spell's controller); held by no character and in a clearing, the item
    leaves play and the monster comes into play there (``item_transmorphized``)."""
    state = ctx.state
    if not cast_by_item(state, spell) or is_monster(state, spell):
        return
    item, monster = spell.caster, spell.targets[0]
    kind, holder = Place.split(state.place_of(item))
    if kind == "with" and holder in state.characters and not state.characters[holder].dead:
        spell.controller = holder
        return
    where = holder if kind == "at" else state.clearing_of(holder) if kind == "with" else None
    if where is None:
        return
    spell.controller = item
    state.put(item, Place.OUT)
    state.put(monster, Place.clearing(where))
    ctx.emit(ItemTransmorphized(item=item, monster=monster, at=where))


def reverts(ctx: Ctx, spell: SpellInEffect, *, ends: bool = False) -> None:
    """Rule 4 as ``spell`` falls inert (the monster goes back into the spell) or ``ends`` (the
    monster stays where it is: killed, the killing takes it out of play; broken otherwise,
    rule 1.2, it is in play already): the item reappears where the monster stands
    (``item_reappeared``). Nothing when the item is not the monster."""
    state = ctx.state
    if not is_monster(state, spell):
        return
    item, monster = spell.caster, spell.targets[0]
    where = state.clearing_of(monster)
    if where is None:  # the monster is nowhere on the map: the item has nowhere to reappear
        return
    state.put(item, Place.clearing(where))
    if not ends:
        state.put(monster, Place.OUT)
    ctx.emit(ItemReappeared(item=item, monster=monster, at=where))
