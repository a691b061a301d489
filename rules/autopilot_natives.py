"""What the autopilot does with natives (issue 16): it trades, hires now and then, and records
its hirelings' orders, so that demo campaigns use natives.

- **Trade** (7.6): ``T <group>`` when the unhired leader of a group stands in his clearing, the
  group is at least Neutral to him (:func:`rules.meeting.friendliness`), and the first item of
  the group's box he can afford is one he can use (:func:`usable`) — the first he can afford
  being what the Trade phase's default buys (:mod:`rules.daylight.trading`) — at the lowest
  price his column of the Meeting Table asks but a Boon, :data:`LOWEST_PRICE` (Price x 2 unless
  Ally), so that a good roll is not wasted.
- **Hire** (7.7.1): ``HR <group>`` when members of a group that is Friendly or Ally to him stand
  unhired in his clearing and his recorded gold pays their wages (those the phase would hire,
  :mod:`rules.daylight.hiring`: the Rogues and the Order one at a time) at
  :data:`LOWEST_PRICE`.
- **His hirelings**: each one in his clearing follows him (6.2.7, 7.7.2–7.7.3), in a section of
  his orders (:mod:`rules.orders.sections`); a hired leader elsewhere walks toward him and
  hides; an underling elsewhere is left to his default, a blank day.

Each is read from the state at Birdsong and changes nothing. Whether he does business on a day
he may is drawn from the autopilot's private ``random.Random`` (:mod:`rules.autopilot`), never
from the game's dice, and only on such a day, so that the other days' choices stay as they were.
"""

from __future__ import annotations

import heapq
import random

from rules.catalog import Catalog
from rules.chits import alteration, current, printed, spendable_gold
from rules.day.context import Ctx
from rules.daylight.hirelings import is_actor
from rules.daylight.hiring import ONE_AT_A_TIME, members, order, wages
from rules.daylight.looting import loose_items
from rules.daylight.moving import carrying_strength, item_weight
from rules.daylight.trading import leader_of
from rules.daylight.wares import partner_box, price
from rules.meeting import relationship
from rules.orders.entitlement import entitlement
from rules.orders.model import Activity, ActivityKind
from rules.orders.parse import parse_orders
from rules.orders.world import EDGE, Map
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import Relationship
from rules.schema.tiles import ClearingType
from rules.schema.treasures import Activation
from rules.state import GameState, Place

#: How often he trades, and hires, on a day he may.
TRADE_CHANCE = 0.5
HIRE_CHANCE = 0.4
#: The lowest multiple of the basic price each column of the Meeting Table (L5482–5505) asks
#: but for a Boon: what he must be able to pay before he tries to buy.
LOWEST_PRICE = {Relationship.NEUTRAL: 2, Relationship.FRIENDLY: 2, Relationship.ALLY: 1}


def business(
    catalog: Catalog, state: GameState, character: str, rng: random.Random
) -> Activity | None:
    """Today's Hire or Trade phase for ``character`` where he stands, or None: of his
    :func:`deals`, the Hire with :data:`HIRE_CHANCE`, else the Trade with
    :data:`TRADE_CHANCE`; ``rng`` is drawn from only when he has a deal."""
    for deal in deals(catalog, state, character):
        chance = HIRE_CHANCE if deal.kind is ActivityKind.HIRE else TRADE_CHANCE
        if rng.random() < chance:
            return deal
    return None


def deals(catalog: Catalog, state: GameState, character: str) -> list[Activity]:
    """The Hire and the Trade he may do where he stands at Birdsong (see the module), at most
    one of each, the Hire first; the groups are tried in alphabetical order."""
    here = state.clearing_of(character)
    if here is None:
        return []
    natives = catalog.native_counters
    groups = sorted(
        {catalog.group_of(p).name for p in state.at(Place.clearing(here)) if p in natives}
    )
    if not groups:
        return []
    ctx = Ctx.start(catalog, state)
    found: list[Activity] = []
    hire = next((g for g in groups if _may_hire(ctx, character, g, here)), None)
    if hire is not None:
        found.append(Activity(kind=ActivityKind.HIRE, target=hire))
    trade = next((g for g in groups if _may_trade(ctx, character, g, here)), None)
    if trade is not None:
        found.append(Activity(kind=ActivityKind.TRADE, target=trade))
    return found


def hireling_sections(catalog: Catalog, state: GameState, character: str) -> list[str]:
    """The sections of his orders for his hirelings, by piece id: ``<piece>: F <character>`` for
    each one standing in his clearing; for a hired leader or controlled monster elsewhere, Moves
    toward him along the shortest way he may walk (:func:`catching_up`), then Hide. Each is
    read as that hireling's orders before it is written; one that is not, is left out, and so
    is an underling elsewhere, who can only follow (7.7.3): his default is a blank day."""
    here = state.clearing_of(character)
    if here is None:
        return []
    sections = []
    for piece, minion in sorted(state.minions.items()):
        if minion.employer != character:
            continue
        if state.clearing_of(piece) == here:
            sections.append(f"{piece}: F {character}")
        elif is_actor(catalog, state, piece):
            moves = catching_up(catalog, state, piece, here)
            text = ", ".join([*(f"M {m}" for m in moves), "H"])
            if parse_orders(text, state, piece, catalog=catalog).orders is not None:
                sections.append(f"{piece}: {text}")
    return sections


def catching_up(catalog: Catalog, state: GameState, piece: str, goal: str) -> list[str]:
    """The clearings a hired leader walks to today toward ``goal``: along the fewest Moves by
    roadways he may use (7.3.1a; a mountain clearing takes two, 7.3.1c.1), no cave (whose
    Sunlight rules, 6.2.2b, are left alone), as many as his Basic and Sunlight phases allow but
    one, kept for his Hide."""
    world = Map(catalog, state, piece)
    start = world.here()
    if start is None or world.board.clearing_type(goal) is ClearingType.CAVE:
        return []
    came: dict[str, str] = {}
    cost = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, at = heapq.heappop(queue)
        if at == goal:
            break
        if spent > cost[at]:
            continue
        for nxt in world.reachable(at):
            if nxt == EDGE or world.board.clearing_type(nxt) is ClearingType.CAVE:
                continue
            step = 2 if world.board.clearing_type(nxt) is ClearingType.MOUNTAIN else 1
            if nxt not in cost or spent + step < cost[nxt]:
                cost[nxt], came[nxt] = spent + step, at
                heapq.heappush(queue, (spent + step, nxt))
    if goal not in came:
        return []
    path = [goal]
    while path[-1] in came and came[path[-1]] != start:
        path.append(came[path[-1]])
    ent = entitlement(catalog, state, piece)
    budget = ent.basic + ent.sunlight - 1
    moves: list[str] = []
    for clearing in reversed(path):
        need = 2 if world.board.clearing_type(clearing) is ClearingType.MOUNTAIN else 1
        if len(moves) + need > budget:
            break
        moves += [clearing] * need
    return moves


def usable(catalog: Catalog, state: GameState, character: str, item: str) -> bool:
    """Whether he would use ``item``: one he can carry when he moves (7.3.1e) and a weapon when
    he has none and a Fight chit strong enough for it (as :func:`rules.autopilot.fighting`
    chooses), a piece of armor of a kind he lacks (a suit only without helmet or breastplate),
    a horse when he has none, or a Treasure card that works without activating it (always
    active, 4.4.1b)."""
    pieces = pieces_of(catalog)
    sheet = state.characters[character]
    kind = pieces[item].kind
    owned = [pieces[i] for i in state.at(Place.owner(character))]
    if kind is Kind.HORSE:
        return not any(p.kind is Kind.HORSE for p in owned)
    weight = item_weight(catalog, item).rank
    if weight > carrying_strength(catalog, state, sheet).rank:
        return False
    if kind is Kind.TREASURE:
        return catalog.treasures[pieces[item].name].activation is Activation.ALWAYS_ACTIVE
    if kind is Kind.WEAPON:
        altered = alteration(catalog, sheet)
        fights = (
            current(c.label, altered).strength
            for c in sheet.chits
            if c.status != "wounded" and c.color is None and printed(c.label).action is Action.FIGHT
        )
        strong = any(s is not None and s.rank >= weight for s in fights)
        return strong and not any(p.kind is Kind.WEAPON for p in owned)
    worn = {catalog.armor[p.name].kind for p in owned if p.kind is Kind.ARMOR}
    wanted = catalog.armor[pieces[item].name].kind
    if wanted == "suit of armor":
        return not worn & {"helmet", "breastplate", "suit of armor"}
    return wanted not in worn and "suit of armor" not in worn


def _may_trade(ctx: Ctx, character: str, group: str, here: str) -> bool:
    """7.6.1: the group's leader unhired in his clearing, the group not hostile to him, and the
    first ware he can afford one he would use, at :data:`LOWEST_PRICE`."""
    leader = leader_of(ctx, group)
    state = ctx.state
    if leader is None or leader in state.minions or state.clearing_of(leader) != here:
        return False
    level = relationship(ctx.catalog, state, character, group)
    if level < Relationship.NEUTRAL:
        return False
    try:
        box = partner_box(ctx, group)
    except ValueError:
        return False
    gold = spendable_gold(state.characters[character], state.spells)
    affordable = [
        (item, cost)
        for item in loose_items(ctx, box)
        if (cost := price(ctx, item)) is not None and cost <= gold
    ]
    if not affordable:
        return False
    item, cost = affordable[0]
    return cost * LOWEST_PRICE[level] <= gold and usable(ctx.catalog, state, character, item)


def _may_hire(ctx: Ctx, character: str, group: str, here: str) -> bool:
    """7.7.1: unhired members of a Friendly or Ally group in his clearing, whose wages (those the
    phase would hire) his recorded gold pays at :data:`LOWEST_PRICE`."""
    level = relationship(ctx.catalog, ctx.state, character, group)
    if level < Relationship.FRIENDLY:
        return False
    unhired = [p for p in members(ctx, group, here) if p not in ctx.state.minions]
    if not unhired:
        return False
    chosen = order(ctx, unhired)[:1] if group in ONE_AT_A_TIME else unhired
    cost = wages(ctx, tuple(chosen)) * LOWEST_PRICE[level]
    return cost <= spendable_gold(ctx.state.characters[character], ctx.state.spells)
