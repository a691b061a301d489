"""The Witch's familiar: her second Special Advantage (L3925–3929).

"She uses an extra game piece to represent this familiar. Each day she records a separate turn
for the familiar: it gets the same basic and sunlight phases as do the characters, and it can do
only the Move, Follow, and Peer activities (the only clearing it can search is the clearing it
is in). It takes its turn just before she takes her turn, when her Attention chit is picked. The
familiar cannot block or be blocked, it does not summon denizens nor cause monsters to move, and
it cannot take part in combat." (L3926)

Where each part is done:

- The piece is ``Familiar`` (:mod:`rules.pieces`); in play it stands on the map and is listed in
  ``GameState.familiars`` with its owner. It starts with her (L3931 "Inn (Witch and familiar)",
  :func:`bring`) when she has the advantage at her level (a 1st-level Witch has none, 10.E.5.2.1).
- Its orders are hers to record (L3926): a ``Familiar:`` section of her message
  (:mod:`rules.orders.parse`), or orders keyed by its id. It may record only Move, Follow, Peer
  or a blank phase (:func:`forbidden`), with two Basic and two Sunlight phases and no extra ones
  (:mod:`rules.orders.entitlement`); its Peer names no clearing, since it searches only its own.
- Its turn comes just before hers (:func:`place_turns`) and is taken like any other, but it is
  not an individual who blocks, is blocked or summons: :func:`rules.daylight.hirelings.individuals`
  does not list it and :meth:`rules.day.context.Ctx.acts` is false for it, so blocking (7.12)
  and the end-of-turn prowling and summoning (7.13.2) pass it by. Its Peer is a Search of its own
  clearing (7.5.4i); what it finds is written on the list it shares with the Witch (L3929).
- It follows and spies like a character (L3927): it may follow any individual in its clearing,
  sees a hidden path or secret passage used by an unhidden mover beside it
  (:func:`rules.daylight.moving.spies`), and is itself never followed (it is not among the
  guides) nor spied on. Following her, it moves with her and weighs nothing she must carry.
- It carries nothing and records no gold (L3928): its sheet holds nothing, so it cannot
  activate, abandon or trade. The Discoveries list is hers and its (L3929): see
  :meth:`rules.state.GameState.sheet`. The hidden enemies it finds she sees only while she stands
  in its clearing (L3929, :func:`rules.hidden.found_enemies`).

The phantasm a Phantasm spell gives its target (L5064–5069, :mod:`rules.magic.phantasm`) is a
piece of the same sort, and goes through the same machinery: it is listed in
``GameState.familiars`` with the character who records its turn, takes its turn just before his,
shares his Discoveries list, is not an individual who blocks, is blocked or summons, carries
nothing and is neither followed nor spied on. What differs is what it may do: only Move, Peer
and Enchant (L5066, :func:`forbidden`) — it neither follows nor spies (L5069) —, and it leaves
play when its spell ends. :func:`familiar_of` names a true familiar only; :func:`companions_of`
names both.

Readings where the text leaves a gap:

- If she follows someone she has no Attention chit in the draw (6.3.2): her familiar takes its
  turn just before her guide's, the turn in which she moves.
- If she is blocked before her turn her chit is still picked (7.12.4): the familiar, which cannot
  be blocked, still takes its turn.
- Where the familiar stands is public: it is a game piece on the board (L3926). What it is
  ordered to do and what it discovers are hers alone.
- When she leaves the map (or dies) the familiar leaves play with her: it is part of her
  advantage, and nobody else can record its turn.
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.modifiers import has
from rules.orders.model import ActivityKind
from rules.phrases import Phrase, phrase
from rules.pieces import is_phantasm, pieces_of
from rules.schema.characters import AbilityKey
from rules.state import GameState, Place

#: What a familiar may record (L3926): Move, Follow and Peer; a blank phase is doing nothing.
ACTIVITIES = frozenset(
    {ActivityKind.MOVE, ActivityKind.FOLLOW, ActivityKind.PEER, ActivityKind.BLANK}
)
_ONLY = phrase("daylight.familiar_only")
#: What a phantasm may record (L5066): Move, Peer and Enchant (the day's first Enchant phase
#: too, 7.10.1); a blank phase is doing nothing.
PHANTASM_ACTIVITIES = frozenset(
    {
        ActivityKind.MOVE,
        ActivityKind.PEER,
        ActivityKind.ENCHANT,
        ActivityKind.ENCHANT_FIRST,
        ActivityKind.BLANK,
    }
)
_PHANTASM_ONLY = phrase("daylight.phantasm_only")


def forbidden(piece: str, kind: ActivityKind) -> Phrase | None:
    """Why the familiar or phantasm ``piece`` may not record ``kind``, or None."""
    if is_phantasm(piece):
        return None if kind in PHANTASM_ACTIVITIES else _PHANTASM_ONLY
    return None if kind in ACTIVITIES else _ONLY


def familiar_of(state: GameState, owner: str) -> str | None:
    """The familiar in play that ``owner`` records turns for (not a phantasm), or None."""
    return next((f for f, o in state.familiars.items() if o == owner and not is_phantasm(f)), None)


def companions_of(state: GameState, owner: str) -> list[str]:
    """The familiar and phantasm in play that ``owner`` records turns for (L3926, L5066), in
    id order."""
    return sorted(f for f, o in state.familiars.items() if o == owner)


def bring(catalog: Catalog, state: GameState, owner: str) -> None:
    """Put ``owner``'s familiar into play in his clearing if he has one at his level (L3926,
    L3931); otherwise it stays where it is (out of play)."""
    where = state.clearing_of(owner)
    if where is None or not has(catalog, state, owner, AbilityKey.FAMILIAR):
        return
    for piece, whose in pieces_of(catalog).familiars.items():
        if whose == owner:
            state.put(piece, Place.clearing(where))
            state.familiars[piece] = owner


def leave(state: GameState, owner: str) -> None:
    """``owner``'s familiar and phantasm, those he has in play, leave play with him (he left the
    map or died), and the orders he recorded for them lapse (L3926: it moves only as she
    records). A phantasm's piece goes back unused, in no stack (L5066)."""
    for piece in companions_of(state, owner):
        if is_phantasm(piece):
            state.take(piece)
        else:
            state.put(piece, Place.OUT)
        lapse(state, piece)


def lapse(state: GameState, piece: str) -> None:
    """The familiar ``piece``, out of play, is no one's any more, and the orders recorded for it
    lapse (L3926: it moves only as its owner records). Any other piece is left as it is."""
    if state.familiars.pop(piece, None) is not None:
        state.today.orders.pop(piece, None)


def place_turns(state: GameState, turns: list[str], followers: dict[str, str]) -> None:
    """Give each familiar in play its turn "just before she takes her turn, when her Attention
    chit is picked" (L3926): just before its owner in ``turns`` (the Attention chits in the order
    they will be drawn), or before her guide's when she follows (``followers``, 6.3.2). A
    familiar that follows has no turn of its own (6.2.7), nor one whose owner takes no turn."""
    for piece, owner in sorted(state.familiars.items()):
        if piece in followers:
            continue
        mover = followers.get(owner, owner)
        if mover in turns:
            turns.insert(turns.index(mover), piece)
