"""Denizens pacified by a spell in effect (8.4.4b, 7.7.5a): Persuade (L4852) and Deal with
Goblins (L5171).

A pacifying spell leaves its targets where they are, unhired. While it is in effect they "act
like unhired natives who are not battling the spellcaster: they stop attacking and blocking him
and his hirelings, but they continue to block and attack other characters normally" (8.4.4b):
:func:`pacified` says so for the random assignment of combat (8.3.5) and for blocking in
Daylight (7.12.2). To meet them on the Meeting Table he "uses the trading relationship defined by
the spell rather than his normal trading relationships" (7.6.5a L1897, 7.7.1b.3 L1932):
:func:`meeting_column`. The spell's controller is its caster, or "the character who holds the
item" that cast it — its owner, who played it (8.3.9c.5).

While such a spell is in effect in Daylight its controller and his hired leaders "can use Hire
phases to hire the target denizens" (7.7.5a L1980): a Hire phase that names the spell
(``HR Deal with Goblins``, ``HR Persuade``) hires the monsters among its targets
(:func:`hireable`; :mod:`rules.daylight.hiring`). Natives a Persuade pacifies are hired by
naming their group, in the spell's column.

Pure functions of the game state, for the Meeting Table's and the Hire activity's modules to
read them.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.catalog import Catalog
from rules.pieces import Kind, pieces_of
from rules.schema.base import Relationship
from rules.state import GameState, Place

#: The spells that pacify their targets, with the Meeting Table column they set (L4852 "he
#: uses the Friendly column of the Meeting Table", L5171 "the Neutral column").
PACIFYING: dict[str, Relationship] = {
    "Persuade": Relationship.FRIENDLY,
    "Deal with Goblins": Relationship.NEUTRAL,
}


def _boss(state: GameState, who: str) -> str:
    """``who``, or the character who employs him if he is a minion (his hirelings are spared as
    he is, 8.4.4b)."""
    minion = state.minions.get(who)
    return minion.employer if minion is not None else who


def pacified(state: GameState, who: str, piece: str) -> bool:
    """Whether ``piece`` is pacified toward ``who`` (a character, or a hireling of one): a target
    of a pacifying spell in effect that ``who`` or his employer controls (8.4.4b)."""
    boss = _boss(state, who)
    return any(
        s.spell in PACIFYING and s.controller == boss and piece in s.targets for s in state.spells
    )


def meeting_column(state: GameState, who: str, pieces: Iterable[str]) -> Relationship | None:
    """The column of the Meeting Table a pacifying spell in effect sets for ``who`` (or his
    employer: a hired leader uses his relationships, 7.7.2b) with the denizens ``pieces`` — one
    of them a target of the spell — None without one (7.6.5a L1897 "Special"). Reading: with two
    such spells on them, the friendlier column."""
    boss = _boss(state, who)
    among = set(pieces)
    found = [
        PACIFYING[s.spell]
        for s in state.spells
        if s.spell in PACIFYING and s.controller == boss and among & set(s.targets)
    ]
    return max(found, default=None)


def spells_hiring(catalog: Catalog, state: GameState, who: str) -> list[str]:
    """The pacifying spells in effect whose monsters ``who`` (a character, or a hired leader
    for his employer) may name in a Hire phase (7.7.5a), by name, once each."""
    boss = _boss(state, who)
    pieces = pieces_of(catalog)
    found = [
        s.spell
        for s in state.spells
        if s.spell in PACIFYING
        and s.controller == boss
        and any(pieces[t].kind is Kind.MONSTER for t in s.targets if t in pieces)
    ]
    return list(dict.fromkeys(found))


def hireable(catalog: Catalog, state: GameState, who: str, spell: str, clearing: str) -> list[str]:
    """7.7.5a–b: the monsters in ``clearing`` that a ``spell`` (Persuade, Deal with Goblins) in
    effect of ``who``'s (his employer's) pacifies, hired or not, in the order they stand there
    (none when none is; its Meeting column is :data:`PACIFYING`'s). "The target monsters must
    be hired together, as a group" (b): a group is one spell's targets. Reading: with two such
    spells of one name (a Persuade on the Giants and one on the Ogres), the first cast whose
    monsters stand there is the one named."""
    boss = _boss(state, who)
    pieces = pieces_of(catalog)
    here = state.at(Place.clearing(clearing))
    for spell_in_effect in state.spells:
        if spell_in_effect.spell != spell or spell_in_effect.controller != boss:
            continue
        targets = set(spell_in_effect.targets)
        found = [p for p in here if p in targets and pieces[p].kind is Kind.MONSTER]
        if found:
            return found
    return []
