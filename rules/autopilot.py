"""Autopilot: legal, sensible Birdsong orders for a character whose player missed the day, or
who is played by the demo (6.2: the day's phases recorded in the rulebook notation).

Every phase is checked with :class:`rules.orders.legal.LegalOptions`, which follows the plan
phase by phase from where the phases before it leave him, so the text always parses
(:func:`rules.orders.parse.parse_orders`), and the day's whole entitlement is
used (:func:`rules.orders.entitlement.entitlement`, 6.2.2): Basic and Sunlight phases, and each
extra phase for an activity it may pay for (6.2.4a), or as a blank phase at the end when it pays for
none of his or must start where he is not at Birdsong (6.2.4b: the Captain's Reputation away from a
dwelling). Pony Moves (6.2.4c) are not used. The plan, in order:

1. with every chit fatigued or wounded he can only Rest (7.8.4): R on each phase that may pay for
   it, ``-`` on the others;
2. H first when denizens prowl nearby: a monster in his tile or in a clearing one roadway away;
3. one R per chit out of play (7.8.2), up to his generic phases (his own extra Rest first);
4. explore: Moves toward the nearest tiles with face-down map chits (3.5) he has not passed today,
   one of the three nearest picked at random, then on from there; two consecutive Moves into a
   mountain clearing (7.3.1c.1), never off the map (7.3.1a.4), never along a roadway he may not
   use (7.3.1a); no cave while that would cost his Sunlight phases (6.2.2b, 7.3.1c.2) unless no
   other Move is possible; no Move at all while he carries what he could not carry moving, which
   he would have to abandon (7.3.1e);
5. H at the end of the turn, so that he is hidden when the denizens prowl (7.4); a phase no Move
   can use (a mountain climb with one phase left) is a Rest if a chit is out of play, else H.

A magic-user with a battle spell and no colour chit for it meditates and enchants one after his
Rests (``EM``, ``E MAGIC IV4*``), when his day has three generic phases to spare; in the Evening
he casts it at whatever attacks him (:mod:`rules.autopilot_magic`).

Before exploring (step 4) he searches where he starts, keeping a phase for his last H: he loots
twice the one site he has discovered there (or the one pile), else Locates once where his
tile's map chits are not all known to him or a Site chit he knows lies undiscovered in his
clearing (:meth:`_Pilot.search`), so that a campaign on autopilot finds treasure. Before that,
after his Rests, he sometimes Trades with or Hires natives who stand with him, when he has a
generic phase to spare for it (:mod:`rules.autopilot_natives`), and on a day he Hires he does not
explore, so that those he hires stand with him the next day; he never Follows. The Witch's
familiar follows her when it stands with her (L3927), and otherwise waits where it is; so do his
hirelings (:func:`rules.autopilot_natives.hireling_sections`).

Randomness: the autopilot never draws from the game's dice (4.1: ``state.dice`` is the game's
only stream and every draw is logged), so ordering it does not change any roll of the game. Its
choices come from a private ``random.Random`` seeded with the dice seed, the month, the day and
the character's name, so the same state always gives the same orders.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache

from rules.autopilot_magic import casting_line, to_enchant
from rules.autopilot_natives import business, hireling_sections
from rules.board import Board, parse_clearing_id
from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.chits import alteration, current, in_play, printed
from rules.day.context import Ctx
from rules.daylight import finding, looting
from rules.daylight.familiar import familiar_of
from rules.daylight.moving import too_heavy
from rules.magic.state import committed
from rules.orders.entitlement import Entitlement, clearing_qualities, entitlement
from rules.orders.legal import LegalOptions
from rules.orders.model import Activity, ActivityKind
from rules.orders.world import EDGE, Map
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.chits import ChitKind
from rules.schema.tiles import ClearingType
from rules.state import GameState, Place

K = ActivityKind
HIDE, REST, BLANK = Activity(kind=K.HIDE), Activity(kind=K.REST), Activity(kind=K.BLANK)
MEDITATE = Activity(kind=K.ENCHANT_FIRST)
#: How many of the nearest unexplored tiles a day's goal is drawn from.
CHOICES = 3
#: What walking back through a clearing entered today adds to a route's length.
REVISIT = 3


def autopilot_orders(state: GameState, character: str, *, catalog: Catalog | None = None) -> str:
    """``character``'s orders for today in the rulebook notation (``"M CV2, M CV5, H"``): see
    the module docstring. Pure: the state, its dice included, is not changed."""
    data = catalog or default_catalog()
    text = ", ".join(str(a) for a in _Pilot(data, state, character).day())
    text += "".join(f"\n{line}" for line in fighting(data, state, character))
    piece = familiar_of(state, character)
    if piece is not None and state.clearing_of(piece) == state.clearing_of(character):
        text += f"\n{piece}: F {character}"
    text += "".join(f"\n{line}" for line in hireling_sections(data, state, character))
    return text


def fighting(catalog: Catalog, state: GameState, character: str) -> list[str]:
    """Standing combat instructions for the Evening (pbem-combat §3): attack whatever attacks
    him with his strongest Fight chit his weapon allows (the fewest asterisks, then the fastest),
    maneuver with his fastest Move chit when something attacks him (and not otherwise, which
    would only tire him and keep the combat going), run away by the road he came in by once
    he has three wounds, and else cast his battle spell at whatever attacks him
    (:func:`rules.autopilot_magic.casting_line`). Strength and time are read from each chit's
    current face, as his active Belt of Strength, Draught or Garb of Speed alter it
    (L4364–4378)."""
    sheet = state.characters[character]
    altered = alteration(catalog, sheet)
    owned = state.at(Place.owner(character))
    weapons = [
        catalog.weapons[pieces_of(catalog)[i].name]
        for i in owned
        if pieces_of(catalog)[i].kind is Kind.WEAPON and sheet.items[i].active
    ]
    needed = weapons[0].weight.rank if weapons else 0
    labels = sorted({c.label for c in sheet.chits if c.status != "wounded" and c.color is None})

    def strength(label: str) -> int:
        letter = current(label, altered).strength
        return letter.rank if letter is not None else 0

    fights = [
        label
        for label in labels
        if printed(label).action is Action.FIGHT and strength(label) >= needed
    ]
    moves = [label for label in labels if printed(label).action is Action.MOVE]
    lines = ["target: any attacker on my sheet"]
    if fights:
        best = min(
            fights, key=lambda c: (-strength(c), printed(c).effort, current(c, altered).time)
        )
        lines.append(f"attack: {best} thrust")
    lines.append("maneuver: fastest if an attacker is on me; none")
    if moves:
        fastest = min(moves, key=lambda c: (current(c, altered).time, printed(c).effort))
        lines.append(f"run: {fastest} to the road I came by if I have 3 wounds")
    spell = casting_line(catalog, state, character)  # after running, which comes first
    return [*lines, spell] if spell is not None else lines


def autopilot_all(
    state: GameState, names: Iterable[str], *, catalog: Catalog | None = None
) -> dict[str, str]:
    """:func:`autopilot_orders` for each of ``names``."""
    return {name: autopilot_orders(state, name, catalog=catalog) for name in names}


@lru_cache(maxsize=256)
def tile_code(clearing: str) -> str:
    """The tile code of a clearing id (``"CV5"`` → ``"CV"``)."""
    return parse_clearing_id(clearing)[0]


class _Pilot:
    """One character's day being planned."""

    options: LegalOptions  # what the next phase of the plan may be: made with each plan

    def __init__(self, catalog: Catalog, state: GameState, character: str) -> None:
        self.catalog, self.state, self.character = catalog, state, character
        self.world = Map(catalog, state, character)
        self.board: Board = self.world.board
        self.sheet = state.characters[character]
        seed = f"{state.dice.seed}:{state.month}:{state.day}:{character}"
        self.rng = random.Random(seed)
        self.plan: list[Activity] = []
        self.been: set[str] = set()  # clearings entered today: walked back through last
        self._neighbours: dict[tuple[str, bool], list[str]] = {}  # the state does not change

    def day(self) -> list[Activity]:
        """The day's phases: without caves if any Move is possible so (6.2.2b), else with them."""
        here = self.world.here()
        road = self.world.road() or self.world.forest()
        if road is not None:  # 8.3.8d.1: off the roadway first (or out of the forest, 7.10.4d.2,
            # 8.3.8f), to a clearing not a mountain
            end = min(road, key=lambda c: (self.board.clearing_type(c) is ClearingType.MOUNTAIN, c))
            climb = self.board.clearing_type(end) is ClearingType.MOUNTAIN
            return [Activity(kind=K.MOVE, target=end)] * (2 if climb else 1)
        if here is None:  # off the map: nothing to plan
            return [BLANK]
        ent = entitlement(self.catalog, self.state, self.character)
        plan = self.planned(ent, here, caves=ent.sunlight == 0)
        if ent.sunlight and not any(a.kind is K.MOVE for a in plan):
            dark = entitlement(self.catalog, self.state, self.character, cave_moves=("cave",))
            with_caves = self.planned(dark, here, caves=True)
            if any(self.is_cave(a.target) for a in with_caves if a.kind is K.MOVE):
                return with_caves
        return plan

    def planned(self, ent: Entitlement, here: str, *, caves: bool) -> list[Activity]:
        """Steps 1–5 of the module docstring with the phases of ``ent``."""
        self.plan = []
        self.options = LegalOptions(self.state, self.character, catalog=self.catalog)
        places = clearing_qualities(self.board, self.state, here)
        extras = [e for e in ent.extras if not e.pony]
        flexible = [e for e in extras if e.flexible and e.where in ("anywhere", *places)]
        generic = ent.basic + ent.sunlight + len(flexible)
        own = Counter(
            next((k for k in (K.MOVE, K.HIDE, K.REST) if k in e.activities), K.BLANK)
            if e.where in ("anywhere", *places)
            else K.BLANK
            for e in extras
            if e not in flexible
        )  # what each other extra pays for (6.2.4a); BLANK: none of M, H, R, or not here (6.2.4b)
        moves, hides, rests, blanks = (own[k] for k in (K.MOVE, K.HIDE, K.REST, K.BLANK))
        tired = sum(1 for c in self.sheet.chits if c.status != "active")
        if not in_play(self.sheet, committed(self.state.spells, self.character)):  # 7.8.4
            self.add(REST, generic + rests)
            self.add(BLANK, moves + hides + blanks)
            return self.plan
        if self.prowled(here):  # hide first (7.4), with his own extra Hide if he has one
            hides, generic = (hides - 1, generic) if hides else (hides, generic - 1)
            self.add(HIDE)
        self.add(REST, rests if tired else 0)
        blanks += 0 if tired else rests
        resting = min(max(tired - rests, 0), generic)
        self.add(REST, resting)
        generic -= resting
        enchanting = to_enchant(self.catalog, self.state, self.character)
        if enchanting is not None and generic >= 3 and self.legal(MEDITATE):  # one kept for H
            self.record(MEDITATE)
            self.add(Activity(kind=K.ENCHANT, target=enchanting))
            generic -= 2
        staying = False
        if generic >= 2:  # one is kept for his last H
            deal = business(self.catalog, self.state, self.character, self.rng)
            if deal is not None and self.legal(deal):
                self.record(deal)
                generic -= 1
                staying = deal.kind is K.HIRE  # so that tomorrow those hired follow him
        searching = self.search(here, max(generic - 1, 0))
        generic -= searching
        ending = hides or min(generic, 1)  # the last H: his extra Hide, else a generic phase
        generic -= 0 if hides else ending
        heavy = bool(too_heavy(self.catalog, self.state, self.sheet))  # he would drop them
        walked = 0 if heavy or staying else self.explore(here, generic + moves, caves=caves)
        self.add(REST if tired else HIDE, max(generic - max(walked - moves, 0), 0))
        self.add(HIDE, ending)
        self.add(BLANK, blanks + max(moves - walked, 0))
        return self.plan

    # --- the phases -----------------------------------------------------------------------------

    def legal(self, activity: Activity) -> bool:
        """Whether ``activity`` may be the next phase (:meth:`LegalOptions.allows`)."""
        return self.options.allows(activity)

    def record(self, activity: Activity) -> None:
        """Record ``activity`` as the next phase, unchecked."""
        self.plan.append(activity)
        self.options.record(activity)

    def add(self, activity: Activity, count: int = 1) -> None:
        """Record ``activity`` ``count`` times, each checked legal (H, R and ``-`` always are)."""
        for _ in range(count):
            self.record(activity if self.legal(activity) else BLANK)

    def explore(self, here: str, budget: int, *, caves: bool) -> int:
        """Record up to ``budget`` Moves toward unexplored tiles; the number recorded."""
        seen, self.been = {tile_code(here)}, {here}
        spent = 0
        while (route := self.route(here, seen, caves=caves)) is not None:
            for goal in route:
                need = 2 if self.board.clearing_type(goal) is ClearingType.MOUNTAIN else 1
                step = Activity(kind=K.MOVE, target=goal)
                if spent + need > budget or not self.legal(step):
                    return spent
                for _ in range(need):  # a climb is two Moves in a row (7.3.1c.1)
                    self.record(step)
                spent += need
                here = goal
                seen.add(tile_code(goal))
                self.been.add(goal)
        return spent

    def search(self, here: str, budget: int) -> int:
        """Record up to ``budget`` Search phases where he starts: Loot, twice, where he has
        discovered the one site (or there is the one pile) he may loot (7.5.5b); else one
        Locate where his tile's map chits are not all known to him or a Site chit he knows lies
        undiscovered in his clearing (7.5.4). The number recorded."""
        if budget < 1:
            return 0
        ctx = Ctx.start(self.catalog, self.state)
        if len(looting.lootable(ctx, self.character, here)) == 1:
            loot = Activity(kind=K.SEARCH, target="Loot")
            count = min(2, budget)
            self.add(loot, count)
            return count
        pieces = pieces_of(self.catalog)
        chits = finding.map_chits(ctx, tile_code(here))
        number = parse_clearing_id(here)[1]
        unknown = any(c not in self.sheet.known for c in chits)
        undiscovered = any(
            self.catalog.map_chits[pieces[c].name].clearing == number
            and self.catalog.map_chits[pieces[c].name].kind is ChitKind.SITE
            and pieces[c].name not in self.sheet.discoveries
            for c in chits
            if c in self.sheet.known
        )
        if unknown or undiscovered:
            self.add(Activity(kind=K.SEARCH, target="Locate"))
            return 1
        return 0

    # --- the map -------------------------------------------------------------------------------

    def is_cave(self, clearing: str | None) -> bool:
        return clearing is not None and self.board.clearing_type(clearing) is ClearingType.CAVE

    def prowled(self, clearing: str) -> bool:
        """Whether a monster stands in his tile or one roadway from him ("denizens prowl")."""
        code = tile_code(clearing)
        near = {c for c in self.board.clearings() if tile_code(c) == code}
        near.update(self.board.neighbours(clearing))
        pieces = pieces_of(self.catalog)
        return any(
            p in pieces and pieces[p].kind is Kind.MONSTER
            for c in near
            for p in self.state.at(Place.clearing(c))
        )

    @cached_property
    def unexplored(self) -> frozenset[str]:
        """Tiles whose forest holds a face-down map chit (3.5.4)."""
        return frozenset(
            place.partition(":")[2]
            for place, pieces in self.state.stacks.items()
            if place.startswith("tile:") and any(p not in self.state.face_up for p in pieces)
        )

    def route(self, start: str, seen: set[str], *, caves: bool) -> list[str] | None:
        """The clearings to walk to (``start`` excluded) toward one of the :data:`CHOICES`
        nearest tiles not in ``seen``, preferring tiles with face-down map chits; None if none.

        Distances count a mountain clearing twice (7.3.1c.1) and a clearing already entered today
        :data:`REVISIT` more, so he turns back only when he must; caves are left out unless
        ``caves``; only roadways he may use now (7.3.1a), never the map's edge."""
        cost, came = self.distances(start, caves=caves)
        tiles: dict[str, str] = {}
        for clearing in sorted(cost, key=lambda c: (cost[c], c)):
            tiles.setdefault(tile_code(clearing), clearing)
        fresh = [t for t in tiles if t not in seen]
        wanted = [t for t in fresh if t in self.unexplored] or fresh
        if not wanted:
            return None
        goal = tiles[self.rng.choice(wanted[:CHOICES])]
        path = [goal]
        while (back := came.get(path[-1])) is not None:
            path.append(back)
        return path[::-1][1:]

    def distances(self, start: str, *, caves: bool) -> tuple[dict[str, int], dict[str, str]]:
        """Dijkstra from ``start``: each reachable clearing's cost and predecessor."""
        cost, came = {start: 0}, {}
        queue = [(0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > cost[here]:
                continue
            for goal in self.neighbours(here, caves=caves):
                step = 2 if self.board.clearing_type(goal) is ClearingType.MOUNTAIN else 1
                step += REVISIT if goal in self.been else 0
                if goal not in cost or spent + step < cost[goal]:
                    cost[goal], came[goal] = spent + step, here
                    heapq.heappush(queue, (spent + step, goal))
        return cost, came

    def neighbours(self, clearing: str, *, caves: bool) -> Sequence[str]:
        """The clearings one roadway from ``clearing`` that he may use now (not the map's edge),
        caves only with ``caves``."""
        found = self._neighbours.get((clearing, caves))
        if found is None:
            found = self._neighbours[clearing, caves] = [
                c
                for c in self.world.reachable(clearing)
                if c != EDGE and (caves or not self.is_cave(c))
            ]
        return found
