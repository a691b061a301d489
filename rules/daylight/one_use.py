"""The One-Use cards (List of Treasures 4, L4320–4336): used at once when activated, once; "if he
cannot use it, he cannot activate it" (L4322). The Chest opens with the Lost Keys
(:func:`rules.daylight.exchanges.open_chest`); the Amulet cures a Curse or breaks a spell (L4325);
the Withered Claw rolls once for a Wish and a Curse (L4336).

Readings: the Amulet's owner "chooses exactly which Curse or Spell is canceled" (L4325); the
engine takes his own first Curse, else the first of another character in his clearing, else the
first spell in effect (in casting order) whose spellcaster or target is in his clearing, so that
no decision stops his phase's start. Such a spell is broken when its spellcaster (the character
who controls it) is there; else it is "partially" broken: its targets there are released, as
Exorcise does (4.6.10g.1), and it breaks if none is left. A used card goes back to its box (the
Shaman's) at once rather than at Midnight: it cannot be used again either way.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.day.midnight import discard_box
from rules.daylight import runes
from rules.events.daylight import CardUsed, CurseCured
from rules.magic import in_clearing, lifecycle, spell_tables, wishes
from rules.magic.spell_tables import CURSES_TABLE, WISHES_TABLE
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of

#: How the Amulet names itself as the reason a spell is broken or a target released.
AMULET = phrase("daylight.card_named", card="Amulet")


def refused(ctx: Ctx, who: str, item: str) -> Phrase | None:
    """Why ``who`` cannot activate the one-use card ``item`` now, or None (L4322): the Amulet
    needs a Curse to cure or a spell to break in his clearing."""
    if pieces_of(ctx.catalog)[item].name == "Amulet" and not (
        _cursed(ctx, who) or _spells(ctx, who)
    ):
        return phrase("daylight.amulet_useless")
    return None


def use(ctx: Ctx, who: str, item: str) -> None:
    """The card ``item``, just activated, is used (L4322) and goes back to its box."""
    record = pieces_of(ctx.catalog)[item]
    if record.kind is not Kind.TREASURE:
        return
    name = record.name
    card = ctx.catalog.treasures[name]
    if "cure_or_break" in card.behaviour:
        _amulet(ctx, who)
    elif "wish_and_curse" in card.behaviour:
        _claw(ctx, who, name)
    else:
        return
    if card.discard_to is not None:
        ctx.sheet(who).items.pop(item, None)
        ctx.state.put(item, discard_box(ctx.catalog, card.discard_to))
        ctx.emit(CardUsed(who=who, item=name))


def _cursed(ctx: Ctx, who: str) -> list[str]:
    """The cursed characters in his clearing, he first."""
    here = ctx.where(who)
    others = sorted(n for n in ctx.state.characters if n != who and ctx.where(n) == here)
    return [n for n in (who, *others) if n in ctx.state.characters and ctx.sheet(n).curses]


def _spells(ctx: Ctx, who: str) -> list[SpellInEffect]:
    """The spells in effect whose spellcaster or target is in his clearing."""
    here = ctx.where(who)
    return [] if here is None else list(in_clearing.spells(ctx.state, here).values())


def _amulet(ctx: Ctx, who: str) -> None:
    """L4325: one Curse of one character in his clearing is cured, or one spell whose
    spellcaster or target is there broken (see the module's reading of the choice)."""
    cursed = _cursed(ctx, who)
    if not cursed:
        _break(ctx, who)
        return
    target = cursed[0]
    curse = ctx.sheet(target).curses.pop(0)
    ctx.emit(CurseCured(who=target, curse=curse, by=who))


def _claw(ctx: Ctx, who: str, card: str) -> None:
    """L4336: he rolls once for a Wish and a Curse, "the same die roll to find his result on
    both tables": the Wish is granted (:func:`rules.magic.wishes.grant`), then the Curse
    inflicted — but not after the Wish for a vision, which says "Do not roll for Curses"
    (L5258)."""
    at = ctx.where(who)
    rolled, wish = spell_tables.told(ctx, who, WISHES_TABLE, who, at=at)
    wishes.grant(ctx, who, wish, card)
    if wish.key == "vision":
        return
    curse = ctx.catalog.tables[CURSES_TABLE].result(rolled.result)
    spell_tables.said(ctx, who, CURSES_TABLE, rolled, curse, who)
    runes.afflict(ctx, who, curse, rolled)


def _break(ctx: Ctx, who: str) -> None:
    """L4325: the Amulet breaks (or partially breaks) the first spell of :func:`_spells`."""
    found = _spells(ctx, who)
    if not found:
        return
    spell, here = found[0], ctx.where(who)
    if ctx.state.clearing_of(spell.controller) == here:
        lifecycle.break_spell(ctx, spell, AMULET, by=who)
        return
    assert here is not None
    for target in [t for t in spell.targets if in_clearing.is_here(ctx.state, here, t)]:
        lifecycle.release(ctx, spell, target, by=who, reason=AMULET)
