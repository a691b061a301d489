"""The events of Search (7.5): the tables, what is discovered, looted or learned, and the curses
and treasures' powers a search meets."""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class Discovered(Private, type="discovered"):
    """``who`` discovers the ``what``, ``how``."""

    who: str
    what: str
    how: Phrase


class Searched(Public, type="searched"):
    """``who`` searches on the ``table`` Table in ``at``: ``roll``, ``result``; ``phase`` is
    None for a search done in no phase (Talk to Wise Bird's remote Peer in the Evening)."""

    who: str
    phase: int | None
    table: str
    at: str
    dice: tuple[int, ...]
    roll: int
    result: str


class SearchChoice(Private, type="search_choice"):
    """``who`` chooses ``result`` (7.5.4, Choice)."""

    who: str
    result: str


class Looked(Private, type="looked"):
    """``who`` looks secretly at the map chits of ``tile``: ``chits``."""

    who: str
    tile: str
    chits: tuple[str, ...]


class SubstituteExchanged(Public, type="substitute_exchanged"):
    """``who`` exchanges a map chit of ``tile`` for ``count`` chits (7.5.4c)."""

    who: str
    tile: str
    count: int


class FoundEnemies(Private, type="found_enemies"):
    """``who`` finds hidden enemies for the rest of the day."""

    who: str


class FoundBySight(Private, type="found_by_sight"):
    """``who`` sees by Magic Sight the hidden enemies of a kind (``kind``) for the day."""

    who: str
    kind: str


class Looted(Private, type="looted"):
    """``who`` takes the ``item`` from ``from_``."""

    who: str
    item: str
    from_: str


class LootedShown(Public, type="looted_shown"):
    """``who`` takes the ``item`` from ``from_``, openly (7.5.5e)."""

    who: str
    item: str
    from_: str


class LootedCard(Public, type="looted_card"):
    """``who`` takes a Treasure card from ``from_``."""

    who: str
    from_: str


class SiteOpened(Public, type="site_opened"):
    """``who`` opens the ``site`` with ``by`` (7.5.5d.2)."""

    who: str
    site: str
    by: str


class GoldFound(Private, type="gold_found"):
    """``who`` adds ``gold`` Gold to his recorded Gold, from ``from_``."""

    who: str
    gold: int
    from_: str


class Teleported(Public, type="teleported"):
    """``who`` teleports from ``from_`` to ``to``."""

    who: str
    from_: str
    to: str


class PeersAnywhere(Public, type="peers_anywhere"):
    """``who`` may Peer and Enchant in any clearing for the rest of the day (L4216)."""

    who: str


class ChitsRestored(Public, type="chits_restored"):
    """``who``'s action chits return to play: ``chits``."""

    who: str
    chits: tuple[str, ...]
    by: str | None = None
    reason: Phrase | None = None


class ExchangedCard(Public, type="exchanged_card"):
    """``who`` exchanges the ``card`` for its treasures."""

    who: str
    card: str


class ExchangedInto(Private, type="exchanged_into"):
    """``who`` takes the ``card``'s treasures: ``items``, and ``gold`` Gold."""

    who: str
    card: str
    items: tuple[str, ...]
    gold: int


class LootedNothing(Public, type="looted_nothing"):
    """``who`` finds nothing to take in ``from_``."""

    who: str
    from_: str


class ChitShown(Public, type="chit_shown"):
    """The site chit ``chit`` is shown to all in ``at`` (7.5.5b.2)."""

    chit: str
    at: str


class SpellLearned(Private, type="spell_learned"):
    """``who`` learns the spell ``spell`` from ``from_``."""

    who: str
    spell: str
    from_: str


class SpellAwakened(Private, type="spell_awakened"):
    """``who`` awakens the spell ``spell`` in ``from_``."""

    who: str
    spell: str
    from_: str


class SpellNotLearned(Private, type="spell_not_learned"):
    """``who`` cannot record the spell ``spell``: ``reason``."""

    who: str
    spell: str
    reason: Phrase


class SpellsSeen(Private, type="spells_seen"):
    """``who`` looks at the Spell cards of ``from_``: ``spells``."""

    who: str
    spells: tuple[str, ...]
    from_: str


class Cursed(Public, type="cursed"):
    """``who`` is cursed: ``curse``."""

    who: str
    curse: str
    dice: tuple[int, ...]
    roll: int
    again: bool
