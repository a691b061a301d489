"""Whether the source of a phase can still pay for it as the phase starts (6.2.4a–d, 7.3.2b):
a Sunlight phase outside a cave, an extra phase's belonging active (a horse not in a cave, a
card's phase in its kind of clearing), a card in his clearing (L4292), an advantage's phase at
a dwelling (7.3.1d), a spell in effect (:func:`rules.magic.bewitched.phase_unusable`). Read
by :func:`rules.daylight.turn.phase`, which cancels a phase whose source cannot.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.magic import bewitched
from rules.modifiers import cards_in_clearing
from rules.orders.model import BASIC, SUNLIGHT, Activity
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.tiles import ClearingType
from rules.state import Place


def source_unusable(ctx: Ctx, name: str, activity: Activity) -> Phrase | None:
    """Why the phase's source cannot be used now (6.2.4a–d, 7.3.2b; a card in his clearing,
    L4292; a spell in effect, :func:`rules.magic.bewitched.phase_unusable`), or None."""
    source = activity.source
    character = ctx.sheet(name)
    where = ctx.where(name)
    in_cave = where is not None and ctx.board.clearing_type(where) is ClearingType.CAVE
    if source == SUNLIGHT and in_cave:
        return phrase("daylight.no_sunlight_in_cave")
    if source in (BASIC, SUNLIGHT):
        return None
    if source in bewitched.SPELL_PHASES:
        return bewitched.phase_unusable(ctx.catalog, ctx.state, name, source)
    pieces = pieces_of(ctx.catalog)
    if source in character.items:
        if not character.items[source].active:
            return phrase("daylight.source_inactive", source=source)
        piece = pieces[source]
        if piece.kind is Kind.HORSE and in_cave:
            return phrase("daylight.no_riding_in_cave", source=source)
        if piece.kind is Kind.TREASURE:
            return _card_phase_unusable(ctx, piece.name, where, in_cave)
        return None
    if source in pieces and pieces[source].kind is Kind.TREASURE:
        return _clearing_card_phase_unusable(ctx, source, where)
    card = ctx.catalog.characters[name] if ctx.is_character(name) else None
    advantage = next((a for a in card.advantages if a.name == source), None) if card else None
    if advantage is None:
        return phrase("daylight.no_extra_phase", source=source)
    for effect in advantage.effects:
        if (
            getattr(effect, "kind", None) == "extra_phase"
            and getattr(effect, "where", "") == "dwelling"
        ):
            dwellings = [
                p
                for p in ctx.state.at(Place.clearing(where or ""))
                if pieces[p].kind is Kind.DWELLING
            ]
            if not dwellings:
                return phrase("daylight.only_at_dwelling", source=source)
    return None


def _card_phase_unusable(ctx: Ctx, card: str, where: str | None, in_cave: bool) -> Phrase | None:
    """A card's extra phase limited to certain clearings must start in one (6.2.4b): the
    Shielded Lantern's in a cave (L4290), the Ancient Telescope's on a mountain (L4280)."""
    keys = ctx.catalog.treasures[card].behaviour
    if "extra_phase:cave" in keys and not in_cave:
        return phrase("daylight.phase_in_cave", card=card)
    on_mountain = where is not None and (ctx.board.clearing_type(where) is ClearingType.MOUNTAIN)
    if "extra_phase:mountain_peer" in keys and not on_mountain:
        return phrase("daylight.phase_on_mountain", card=card)
    return None


def _clearing_card_phase_unusable(ctx: Ctx, card: str, where: str | None) -> Phrase | None:
    """The extra phase a card in his clearing gives (L4292): the Toadstool Circle's Enchant is
    his "if he is in that clearing both when he records the phase and when he does it" — it
    must be among the cards in his clearing now (:func:`rules.modifiers.cards_in_clearing`:
    drawn, in the clearing of its box's Site chit, L4206). A card that gives no such phase
    gives him none."""
    keys = ctx.catalog.treasures[pieces_of(ctx.catalog)[card].name].behaviour
    if not any(key.startswith("clearing_extra_phase:") for key in keys):
        return phrase("daylight.no_extra_phase", source=card)
    if where is None or card not in cards_in_clearing(ctx.catalog, ctx.state, where):
        return phrase("daylight.not_in_card_clearing", card=card)
    return None
