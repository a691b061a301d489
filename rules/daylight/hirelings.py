"""Hired and controlled denizens: who they are and when they stop being hired (7.7).

A *minion* is a hired or controlled denizen (:class:`~rules.state.Minion`, kept in
``GameState.minions`` by piece id). Hired native leaders and controlled monsters are *actors*:
they record activities and take a turn like characters (6.2.5, 7.7.2, 7.7.5e). Every other minion
is an *underling*, who can only follow (7.7.3, 7.7.5f).

:func:`hire` is the change of state a Hire phase makes once the price is paid; the Hire activity
itself — the Meeting Table, prices and rehiring (7.7.1) — is a later issue and is reported as not
implemented. :func:`expire_terms` runs at Midnight (7.7.4a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.board import Board, board_for
from rules.catalog import Catalog
from rules.daylight import familiar
from rules.events.trade import Hired, Unhired
from rules.orders.model import ActivityKind
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.tiles import ClearingType
from rules.state import CharacterState, GameState, ItemState, Minion, Place

if TYPE_CHECKING:
    from rules.day.context import Ctx

#: A term of hire, in days, counting the day of hire (7.7.1c).
TERM = 14


def is_actor(catalog: Catalog, state: GameState, name: str) -> bool:
    """Whether ``name`` is a hired leader or a controlled monster: a minion with a turn of his
    own (6.2.5)."""
    minion = state.minions.get(name)
    if minion is None:
        return False
    if minion.controlled:
        return True
    return name in catalog.native_counters and catalog.native_counters[name].leader


def individuals(catalog: Catalog, state: GameState) -> list[str]:
    """The characters, then the hired leaders and controlled monsters by piece id: everyone who
    takes a turn, can be followed, blocks and is blocked (6.2.5, 7.12.1)."""
    return [*state.characters, *(m for m in sorted(state.minions) if is_actor(catalog, state, m))]


def guides(catalog: Catalog, state: GameState, follower: str) -> list[str]:
    """Whom ``follower`` may follow, wherever they are: every individual but himself (6.2.7,
    7.7.2, 7.7.3)."""
    return [name for name in individuals(catalog, state) if name != follower]


#: What each kind of minion may not record, and why.
_UNDERLING = phrase("hire.underling_follows")
_NO_ENCHANT = phrase("hire.no_enchant")
_NO_TRADE = phrase("hire.no_trade")
_ENCHANTS = frozenset(
    {ActivityKind.ENCHANT, ActivityKind.ENCHANT_FIRST, ActivityKind.REMOTE_ENCHANT}
)


def forbidden(catalog: Catalog, state: GameState, name: str, kind: ActivityKind) -> Phrase | None:
    """Why the minion ``name`` may not record ``kind``, or None (always None for a character).
    Rest and Alert are allowed: a hired leader records them for his followers (6.2.5). A
    familiar records only Move, Follow and Peer (L3926), a phantasm only Move, Peer and Enchant
    (L5066; :mod:`rules.daylight.familiar`)."""
    if name in state.familiars:
        return familiar.forbidden(name, kind)
    minion = state.minions.get(name)
    if minion is None:
        return None
    if not is_actor(catalog, state, name):
        return None if kind in (ActivityKind.FOLLOW, ActivityKind.BLANK) else _UNDERLING
    if kind in _ENCHANTS:
        return _NO_ENCHANT
    if minion.controlled and kind in (ActivityKind.TRADE, ActivityKind.HIRE):
        return _NO_TRADE
    return None


def hire(
    catalog: Catalog,
    state: GameState,
    piece: str,
    employer: str,
    *,
    days: int = TERM,
    controlled: bool = False,
) -> Hired:
    """``piece`` becomes ``employer``'s, for ``days`` days counting today (7.7.1c); a controlled
    monster with ``controlled`` (7.7.5e). A native's own horse goes with him (7.3.2e): he rides
    it, active, unless he stands in a cave (7.3.2e.2)."""
    kind = pieces_of(catalog)[piece].kind
    if piece in state.minions:
        employer_now = state.minions[piece].employer
        raise ValueError(f"{piece} is already the {employer_now}'s: no one hires him away (7.7.1a)")
    if kind not in (Kind.NATIVE, Kind.MONSTER):
        raise ValueError(f"{piece} is not a native or a monster: only denizens are hired (7.7)")
    if controlled and kind is not Kind.MONSTER:
        raise ValueError(f"{piece} is a native: only monsters are controlled (7.7.5)")
    at = Place.split(state.place_of(piece))[1]
    sheet = CharacterState(name=piece, start=at, hidden=False, gold=0, chits=[])
    state.minions[piece] = Minion(
        employer=employer,
        last_day=state.game_day + days - 1,
        controlled=controlled,
        sheet=sheet,
    )
    horse = _own_horse(catalog, piece)
    if horse is not None and state.place_of(horse) == Place.clearing(at):
        state.put(horse, Place.owner(piece))
        sheet.items[horse] = ItemState(active=True)
        _ride_unless_in_cave(catalog, board_for(catalog, state.tiles), state, piece)
    return Hired(piece=piece, by=employer, until=state.minions[piece].last_day)


def unhire(ctx: Ctx, piece: str, reason: Phrase) -> None:
    """7.7.4: ``piece`` is unhired. He is unhidden and stays where he is; his horse is put back
    beside him; a leader's group takes the belongings he carried, and his gold and discoveries
    are cancelled (7.7.2a.4). The orders his employer recorded for him lapse with his hire
    (6.2.5): he is no one's to order, and a saved game keeps no orders for him."""
    catalog, state = ctx.catalog, ctx.state
    minion = state.minions.pop(piece)
    state.today.orders.pop(piece, None)
    where = state.place_of(piece)
    horse = _own_horse(catalog, piece)
    box = group_box(catalog, piece)
    for item in list(state.at(Place.owner(piece))):
        if item == horse:
            state.put(item, where)
        elif box is not None:
            state.put(item, box)
        else:
            state.put(item, where)  # a controlled monster abandons them (7.7.5e.2)
    ctx.emit(Unhired(piece=piece, employer=minion.employer, reason=reason))


def expire_terms(ctx: Ctx) -> None:
    """7.7.4a: at Midnight of the last day of his term, each minion becomes unhired."""
    for piece, minion in sorted(ctx.state.minions.items()):
        if minion.last_day <= ctx.state.game_day:
            unhire(ctx, piece, phrase("hire.term_over", who=piece))


def remount(catalog: Catalog, board: Board, state: GameState) -> None:
    """7.3.2e.2: hired natives cannot ride in caves but ride again once out of one — each
    native minion's own horse is active for the next day unless he stands in a cave."""
    for piece in state.minions:
        _ride_unless_in_cave(catalog, board, state, piece)


def _ride_unless_in_cave(catalog: Catalog, board: Board, state: GameState, piece: str) -> None:
    horse = _own_horse(catalog, piece)
    items = state.minions[piece].sheet.items
    if horse is None or horse not in items:
        return
    where = state.clearing_of(piece)
    items[horse].active = where is None or board.clearing_type(where) is not ClearingType.CAVE


def _own_horse(catalog: Catalog, piece: str) -> str | None:
    """The native horse ``piece`` rides, if he is a native with one (2.2.4)."""
    return catalog.native_counters[piece].horse if piece in catalog.native_counters else None


def group_box(catalog: Catalog, piece: str) -> str | None:
    """The Set Up Card box of a native's group, where a leader's belongings go (7.7.2a.4)."""
    if piece not in catalog.native_counters:
        return None
    group = catalog.group_of(piece).name
    box = next((b for b in catalog.setup_card.values() if b.natives == group), None)
    return Place.box(box.name) if box is not None else None
