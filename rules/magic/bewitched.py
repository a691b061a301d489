"""Who a spell in effect bewitches now, and the spells that act in Daylight through it (the
List of Spells L4665–5232; 4.6.7g–h): pure functions of the game state, read where the spell
acts — the orders' extra phases (:mod:`rules.orders.entitlement`), the Search tables, the end
of a turn.

A spell in effect affects an individual (:func:`affecting`) when it names him as a target, or
names the clearing he stands in, or his tile (a hex spell "affects every character, hired
leader, controlled monster, phantasm, or familiar in that tile", L4845). A Day spell affects its
targets all through the Daylight after it is cast (4.6.7g.2); a Permanent spell only while it is
energized (4.6.7h.1–h.2): an inert one still names its targets (:func:`on`) but does nothing.

The extra phases (:data:`SPELL_PHASES`): Blend Into Background (L4721, an extra Hide phase),
See Hidden Signs (L4854, an extra Search phase), Sense Danger (L5165, an extra Alert phase) and
Blazing Light (L4858, an extra phase for any normal activity, to whoever is in its cave
clearing during Birdsong). Each is a source of phases named after its spell, written in the
orders as ``H (Blend Into Background)`` (SCENARIOS part 3). Fog (L4723) forbids the Peer table
in a Search (:func:`fog`); Illusion (L4845) and Bad Luck (L5169) add to rolls
(:func:`spell_modifier`).

Readings. A spell on him gives its extra phase once, however many copies name him (the card
gives "an extra ... phase"; a second copy gives nothing more). A Permanent spell on him lets him
record its phase inert or energized, since a colour chit may energize it as the phase starts
(4.6.7h.6); the phase is cancelled if the spell is inert when it starts (6.2.4e–f: a source that
cannot be used when its phase starts cancels it, :func:`phase_unusable`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import ClearingError, parse_clearing_id
from rules.catalog import Catalog
from rules.magic import builtin
from rules.magic.state import SpellInEffect
from rules.orders.model import ActivityKind
from rules.phrases import Phrase, phrase
from rules.schema.characters import SEARCH_TABLES, DieTable
from rules.schema.spells import Duration
from rules.state import GameState

K = ActivityKind

BLAZING_LIGHT = "Blazing Light"
#: Peace with Nature (VII, Gold, Permanent; L5159): read as the individual's turn ends
#: (:func:`rules.daylight.prowling.prowl`).
PEACE_WITH_NATURE = "Peace with Nature"
#: World Fades (VI, Black, Permanent; L5081): a cause of Magic Sight (7.5.7), read by
#: :func:`rules.daylight.search.magic_sight`.
WORLD_FADES = "World Fades"


@dataclass(frozen=True)
class SpellPhase:
    """The extra phase a spell gives: what it may be used for (``None``: any normal activity,
    L4858), the line of its text in the List of Spells, and whether it must start in a cave
    clearing (Blazing Light's, in its own; the orders warn of one planned elsewhere)."""

    activity: ActivityKind | None
    line: int
    cave: bool = False


#: The spells that give an extra phase (L4721, L4854, L4858, L5165), by Spell card name.
SPELL_PHASES: dict[str, SpellPhase] = {
    "Blend Into Background": SpellPhase(K.HIDE, 4721),
    "See Hidden Signs": SpellPhase(K.SEARCH, 4854),
    "Sense Danger": SpellPhase(K.ALERT, 5165),
    BLAZING_LIGHT: SpellPhase(None, 4858, cave=True),
}


def _tile_of(clearing: str | None) -> str | None:
    if clearing is None:
        return None
    try:
        return parse_clearing_id(clearing)[0]
    except ClearingError:
        return None


def names(state: GameState, spell: SpellInEffect, who: str) -> bool:
    """Whether ``spell`` names ``who``: as a target, or the clearing he stands in, or its tile."""
    if who in spell.targets:
        return True
    here = state.clearing_of(who) if _placed(state, who) else None
    return here is not None and (here in spell.targets or _tile_of(here) in spell.targets)


def _placed(state: GameState, who: str) -> bool:
    try:
        state.place_of(who)
    except KeyError:
        return False
    return True


def on(state: GameState, who: str, name: str) -> list[SpellInEffect]:
    """The spells in effect called ``name`` that name ``who`` (:func:`names`), energized or not,
    in casting order."""
    return [s for s in state.spells if s.spell == name and names(state, s, who)]


def at_work(catalog: Catalog, spell: SpellInEffect) -> bool:
    """Whether ``spell`` does what it does now: a Permanent spell only while energized
    (4.6.7h.1), any other while it is in effect."""
    permanent = (
        spell.spell in catalog.spells  # a Treasure card's own spell is in no index (4.4.8)
        and builtin.card(catalog, spell.spell).duration is Duration.PERMANENT
    )
    return spell.energized or not permanent


def affecting(catalog: Catalog, state: GameState, who: str, name: str) -> SpellInEffect | None:
    """The first spell in effect called ``name`` that affects ``who`` now (named and at work,
    :func:`at_work`), None if none does."""
    return next((s for s in on(state, who, name) if at_work(catalog, s)), None)


def phase_spells(state: GameState, who: str) -> list[str]:
    """The spells that give ``who`` an extra phase today, by name, in the order of
    :data:`SPELL_PHASES`: each on him (:func:`on`; Blazing Light on the clearing he is in
    during Birdsong, L4858)."""
    return [name for name in SPELL_PHASES if on(state, who, name)]


def phase_unusable(catalog: Catalog, state: GameState, who: str, name: str) -> Phrase | None:
    """Why ``who`` cannot use the extra phase of the spell ``name`` as the phase starts, None
    if he can: no such spell names him any more (broken or expired: 6.2.4e–f); it is an inert
    Permanent spell (4.6.7h.1: "only while energized"); Blazing Light names a clearing he is
    not in ("He must also be in the clearing when he starts the phase or the activity is
    cancelled", L4858)."""
    found = on(state, who, name)
    line = SPELL_PHASES[name].line
    if not found:
        if name == BLAZING_LIGHT:
            return phrase("magic.not_in_its_clearing", spell=name, line=line)
        return phrase("magic.none_on_him", spell=name, line=line)
    if not any(at_work(catalog, s) for s in found):
        return phrase("magic.inert_as_phase_starts", spell=name, line=line)
    return None


FOG = "Fog"


def fog(state: GameState, clearings: list[str]) -> SpellInEffect | None:
    """Fog (II, Grey, the spellcaster's hex tile, Day; L4723): the Fog in effect on the tile of
    any of ``clearings`` (where the searcher stands, and the clearing he Peers into), None if
    none: "This spell prevents an individual who is doing the Search activity from using the
    Peer table", in the tile or searching a clearing of it ("he cannot Peer into the tile from a
    mountain in an adjacent tile")."""
    tiles = {_tile_of(c) for c in clearings}
    return next((s for s in state.spells if s.spell == FOG and tiles & set(s.targets)), None)


ILLUSION = "Illusion"
BAD_LUCK = "Bad Luck"


def spell_modifier(catalog: Catalog, state: GameState, name: str, table: DieTable | None) -> int:
    """What the spells in effect on ``name`` add to his result on ``table`` (None: a table no
    advantage names, such as the Curses Table): Illusion (III, Gold, one character or the
    spellcaster's hex tile, Permanent; L4845) "adds one to his result whenever he uses any
    Search table" — every character, hired leader, controlled monster, phantasm or familiar in
    a target tile; Bad Luck (VIII, any colour, one character, Permanent; L5169) "adds one to
    his result whenever he uses any table (except where specified in the rules or table
    descriptions)". Each only while energized (:func:`affecting`). Reading: each spell adds one
    however many copies of it affect him (the cards say "adds one"); the two add up, as the
    Treasure cards' modifications do (L4340). Who rolls which table asks: combat tables such as
    repositioning and game rolls are no one's (L4340), and their callers do not ask."""
    added = 0
    if table in SEARCH_TABLES and affecting(catalog, state, name, ILLUSION) is not None:
        added += 1
    if affecting(catalog, state, name, BAD_LUCK) is not None:
        added += 1
    return added
