"""One's own sheet as its owner reads it (``/me`` on Discord, ``local sheet``): his character,
his magic (:mod:`rules.magic.sheet`) and his hirelings (7.7) — where each stands, the game day
his term ends, his horse, and for a hired leader or controlled monster his gold and belongings
(7.7.2a), which only his employer and the moderators may know."""

from __future__ import annotations

from dataclasses import dataclass

from bot.cards import Carded
from bot.render import render
from bot.sheet_card import chit_statuses, sheet_card
from rules import (
    Catalog,
    GameState,
    ItemView,
    Kind,
    MinionView,
    is_actor,
    spell_sheet,
    view_for,
)


@dataclass(frozen=True)
class Hireling:
    """One line of the sheet's hirelings: his ``name``, where he is (``at``, None off the map),
    ``until`` (the game day his term ends at Midnight, 7.7.1c), his ``horse``, and for one with a
    turn of his own (``acts``) his ``gold`` and other ``belongings``."""

    name: str
    at: str | None
    until: int
    controlled: bool
    horse: str | None
    acts: bool
    gold: int | None
    belongings: tuple[ItemView, ...]


def hirelings_of(
    catalog: Catalog, state: GameState, minions: tuple[MinionView, ...], employer: str
) -> list[Hireling]:
    """The lines for ``employer``'s hirelings among ``minions`` (his view's), by piece id."""
    found: list[Hireling] = []
    for minion in minions:
        if minion.employer != employer:
            continue
        sheet = minion.sheet
        horses = [i for i in sheet.belongings if i.kind == Kind.HORSE]
        acts = is_actor(catalog, state, sheet.name)
        found.append(
            Hireling(
                name=sheet.name,
                at=sheet.at,
                until=minion.last_day,
                controlled=minion.controlled,
                horse=horses[0].id if horses else None,
                acts=acts,
                gold=sheet.gold if acts else None,
                belongings=tuple(i for i in sheet.belongings if i.kind != Kind.HORSE),
            )
        )
    return found


def sheet_text(
    catalog: Catalog, state: GameState, character: str, campaign: str, *, moderator: bool = False
) -> str:
    """``character``'s sheet in ``campaign``, as he may see it: private, for his DMs alone, or
    for a ``moderator``'s eyes, headed so."""
    return sheet_reply(catalog, state, character, campaign, moderator=moderator).text


def sheet_reply(
    catalog: Catalog, state: GameState, character: str, campaign: str, *, moderator: bool = False
) -> Carded:
    """The sheet as :func:`sheet_text` and as a card (:func:`bot.sheet_card.sheet_card`) with
    the same data: for ``/me`` and ``/gm sheet``."""
    view = view_for(catalog, state, character)
    sheet = next(c for c in view.characters if c.name == character)
    hirelings = hirelings_of(catalog, state, view.minions, character)
    departed = state.characters[character].departed if character in state.characters else None
    magic = spell_sheet(catalog, state, character)
    text = render(
        "messages/sheet.txt.j2",
        character=sheet,
        magic=magic,
        statuses=chit_statuses(sheet, magic),
        campaign=campaign,
        hirelings=hirelings,
        moderator=moderator,
        departed=departed,
    )
    card = sheet_card(
        sheet, campaign, hirelings, moderator=moderator, departed=departed, magic=magic
    )
    return Carded(text, card=card)
