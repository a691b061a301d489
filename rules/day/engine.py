"""Resolving a day (5.1): new day (6.1), Sunrise (6.3), Daylight (7), Sunset, Evening, Midnight
(8.9).

:func:`resolve` runs the day from where the state says it stopped until the part asked for is
done or a player's decision is needed. It never changes the state it is given: it works on a copy
and returns it in the :class:`~rules.events.Resolution` with the events it produced. The same
state, orders and answers always give the same result, byte for byte: all randomness comes from
the state's dice.

What later issues add is reported, never skipped: each rule not implemented yet produces a
``not_implemented`` event naming it (combat 8, and the Search, Trade, Hire, Enchant, Peer, Fly
and Cache activities). Prowling and summoning at the end of each turn (7.13) and the end of the
week's regeneration (6.3.4) are in :mod:`rules.daylight.prowling`; blocking (7.12) is
:meth:`_Day.phase_end_blocking` and :meth:`_Day.arrivals_block`.

Hired leaders and controlled monsters (:mod:`rules.daylight.hirelings`) take turns with the same
steps as characters, on their own sheets (6.2.5, 7.7.2, 7.7.5e): their Attention chits are mixed
with the others, they block and are blocked, and they summon at the end of their turns; underlings
only follow, and never block, nor summon (7.7.3, 7.12.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from rules.board import Board
from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.chits import in_play, printed, rest, restable
from rules.chits import midnight as fatigue_alerted
from rules.daylight import hirelings, moving, prowling
from rules.dice import Dice
from rules.events import Audience, Decision, Event, Resolution
from rules.orders.model import (
    BASIC,
    DEFAULT_REST,
    SUNLIGHT,
    Activity,
    ActivityKind,
    Instructions,
    Orders,
    TradeOffer,
)
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey, Action, DieTable, OneDie
from rules.schema.chits import ChitKind
from rules.schema.tiles import ClearingType, TileType
from rules.state import CharacterState, DayState, GameState, ItemState, Place, TurnState

Until = Literal["daylight", "evening", "day"]

#: The colour magic days 14, 21 and 28 supply (6.1.2, L1491); Day 7 supplies White and Black.
SEVENTH_DAY_COLORS = {14: ("gray",), 21: ("purple",), 28: ("gold",)}

#: Activities of later issues, with the rule that will implement them.
LATER = {
    ActivityKind.SEARCH: "7.5",
    ActivityKind.TRADE: "7.6",
    ActivityKind.HIRE: "7.7",
    ActivityKind.ENCHANT_FIRST: "7.10",
    ActivityKind.ENCHANT: "7.10",
    ActivityKind.PEER: "7.5.4i",
    ActivityKind.FLY: "7.3.3",
    ActivityKind.REMOTE_ENCHANT: "7.10.5",
    ActivityKind.CACHE: "10.A.4",
}


def _trade_key(name: str, offer: TradeOffer) -> str:
    """The same key for a trade from either side, so that it is made once."""
    sides = sorted(
        [(name, offer.give, offer.give_gold), (offer.partner, offer.get, offer.get_gold)]
    )
    return repr(sides)


class OrdersError(ValueError):
    """Orders that cannot be resolved: for a character not in the game, or missing a name."""


def resolve(
    state: GameState,
    orders: Mapping[str, Orders],
    answers: Mapping[str, str] | None = None,
    *,
    catalog: Catalog | None = None,
    until: Until = "day",
) -> Resolution:
    """Resolve the day from where ``state`` stands until ``until`` is reached (the end of
    ``daylight``, of the ``evening``, or of the whole ``day`` through Midnight) or a decision
    is pending.

    ``orders`` are the day's orders by character; characters without orders do nothing (a blank
    day). They are recorded at Birdsong and ignored when resuming. ``answers`` are the players'
    answers to decisions, keyed by decision id (:attr:`~rules.events.Decision.id`); whatever is
    asked and not answered takes its default unless the game's option ``wait_for_decisions`` is on, in which case resolution
    stops with the decision pending.
    """
    day = _Day(catalog or default_catalog(), state.model_copy(deep=True), answers or {})
    if day.state.today.stage == "birdsong":
        day.record(orders)
    day.run(until)
    return Resolution(state=day.state, events=day.events, pending=day.pending)


class _PendingDecisionError(Exception):
    """Raised to stop resolution at a decision the player must make."""


class _Day:
    def __init__(
        self, catalog: Catalog, state: GameState, answers: Mapping[str, str]
    ) -> None:
        self.catalog = catalog
        self.state = state
        self.today: DayState = state.today
        self.answers = answers
        self.dice = Dice(state.dice)
        self.board = Board(catalog, state.tiles)
        self.events: list[Event] = []
        self.pending: list[Decision] = []
        #: Followers of the current turn's guide already put back on the map (7.12.1c).
        self.landed: set[str] = set()

    # --- plumbing ------------------------------------------------------------------------------

    def emit(self, type_: str, *, private_to: Sequence[str] = (), **fields: object) -> None:
        """Record an event: public, or private to the characters named in ``private_to``."""
        audience: Audience = "private" if private_to else "public"
        self.events.append(
            Event(type=type_, fields=dict(fields), audience=audience, to=tuple(private_to))
        )

    def ask(self, decision: Decision) -> str:
        """The player's answer to ``decision`` (by its id), else the default — or, with the option
        ``wait_for_decisions``, the default for now while the decision is added to those pending
        (see :meth:`wait_if_pending`)."""
        answer = self.answers.get(decision.id)
        if answer is not None:
            return answer if answer in decision.options else decision.default
        if self.state.options.get("wait_for_decisions", False):
            self.pending.append(decision)
        return decision.default

    def decision_id(self, kind: str, who: str) -> str:
        """The stable id of a decision of ``kind`` for ``who`` in the current phase of the
        current turn: ``d{game day}/{whose turn}/p{phase}/{kind}/{who}``."""
        turn = self.today.turn
        assert turn is not None, "decisions arise during a turn"
        return f"d{self.state.game_day}/{turn.character}/p{turn.phase + 1}/{kind}/{who}"

    def wait_if_pending(self) -> None:
        """After every decision of a step has been asked — all at once — stop if any awaits its
        player; the step runs again on resuming, with the answers."""
        if self.pending:
            raise _PendingDecisionError

    def character(self, name: str) -> CharacterState:
        """The sheet of a character, or of a minion (hired leaders' and controlled monsters' turns
        use the same steps, 6.2.5)."""
        return self.state.sheet(name)

    def eyes(self, name: str) -> str:
        """The character who learns what ``name`` learns: himself, or a minion's employer
        (7.7.1f, 7.7.2a)."""
        minion = self.state.minions.get(name)
        return minion.employer if minion is not None else name

    def is_character(self, name: str) -> bool:
        return name in self.state.characters

    def acts(self, name: str) -> bool:
        """A character, hired leader or controlled monster: an individual who takes a turn,
        blocks and is blocked, and summons (6.2.5, 7.12.1, 7.13.2); not an underling."""
        return self.is_character(name) or hirelings.is_actor(self.catalog, self.state, name)

    def where(self, name: str) -> str | None:
        return moving.clearing_of(self.state, name)

    # --- Birdsong and the stages ------------------------------------------------------------------

    def record(self, orders: Mapping[str, Orders]) -> None:
        """Birdsong (6.2): the day's orders are recorded, secretly — the characters', and those
        each employer records for his hired leaders, controlled monsters and underlings (6.2.5,
        6.3.1)."""
        everyone = [*self.state.characters, *sorted(self.state.minions)]
        for name in orders:
            if name not in everyone:
                raise OrdersError(f"orders for {name!r}, who is not in the game")
        self.today.orders = {name: orders[name] for name in everyone if name in orders}
        self.today.stage = "sunrise"

    def run(self, until: Until) -> None:
        stages = {
            "sunrise": self.sunrise,
            "daylight": self.daylight,
            "sunset": self.sunset,
            "evening": self.evening,
            "midnight": self.midnight,
        }
        stop_after = {"daylight": "daylight", "evening": "evening", "day": "midnight"}[until]
        try:
            while self.today.stage in stages:
                stage = self.today.stage
                stages[stage]()
                if stage == stop_after:
                    return
        except _PendingDecisionError:
            return

    # --- 6.1 and 6.3 ---------------------------------------------------------------------------

    def sunrise(self) -> None:
        """A new day (6.1) and Sunrise (6.3): followers declared, the monster roll, the
        Attention chits mixed."""
        state = self.state
        colors = self._seventh_day_colors()
        self.emit("day_started", day=state.day, month=state.month, colors=list(colors))
        self._declare_followers()
        roll = self.dice.game_roll("monster roll")
        self.today.monster_roll = roll.result
        self.emit("monster_roll", roll=roll.result)
        self.events.append(prowling.prowling(self.catalog, roll.result))
        self.events.extend(prowling.regenerate(self.catalog, state))
        turns = [
            name
            for name in hirelings.individuals(self.catalog, state)
            if name not in self.today.followers and state.place_of(name) != Place.OUT
        ]
        self.dice.shuffle(turns)
        self.today.turn_order = turns
        self.today.stage = "daylight"

    def _seventh_day_colors(self) -> tuple[str, ...]:
        """6.1.2: Day 7 White and Black, 14 Grey, 21 Purple, 28 Gold (the game lasts one month,
        so the alternation of White and Black for longer games never arises)."""
        if self.state.day == 7:
            return ("white", "black")
        return SEVENTH_DAY_COLORS.get(self.state.day, ())

    def _declare_followers(self) -> None:
        """6.3.2 and 6.2.7a: a follower must share a clearing with his guide at Birdsong;
        followers who follow each other do nothing that day. Hired leaders can be followed like
        characters (7.7.2); underlings follow characters or hired leaders (7.7.3, 6.3.1)."""
        wanted = {n: o.follow for n, o in self.today.orders.items() if o.follow is not None}
        for follower, guide in wanted.items():
            if not self.acts(guide) or self.where(guide) != self.where(follower):
                self.emit(
                    "phase_cancelled",
                    who=follower,
                    phase=1,
                    reason=f"{guide} is not in his clearing (6.2.7a)",
                )
                continue
            self.today.followers[follower] = guide
        for follower in list(self.today.followers):
            seen = {follower}
            guide = self.today.followers[follower]
            while guide in self.today.followers:
                if guide in seen:
                    break
                seen.add(guide)
                guide = self.today.followers[guide]
            if guide in seen:
                continue
            self.today.followers[follower] = guide
        loops = {f for f, g in self.today.followers.items() if g in self.today.followers}
        for follower in loops:
            self.emit(
                "phase_cancelled",
                who=follower,
                phase=1,
                reason="followers who follow each other do nothing (6.3.2b)",
            )
        for follower, guide in self.today.followers.items():
            if follower not in loops:
                self.emit("follows", who=follower, guide=guide)

    # --- 7: Daylight ---------------------------------------------------------------------------

    def daylight(self) -> None:
        """7.1: each character's turn, in the order the Attention chits were drawn."""
        while self.today.next_turn < len(self.today.turn_order):
            name = self.today.turn_order[self.today.next_turn]
            if self.today.turn is None and name in self.today.blocked:
                self.emit("turn_lost", who=name, reason="he was blocked before his turn (7.12.4)")
                self.today.next_turn += 1
                continue
            if self.today.turn is None:
                self.today.turn = TurnState(character=name)
                self._start_turn(name)
            self._take_turn(self.today.turn)
            self.today.turn = None
            self.landed = set()
            self.today.next_turn += 1
        self.today.stage = "sunset"

    def followers_of(self, guide: str) -> list[str]:
        return [f for f, g in self.today.followers.items() if g == guide]

    def _start_turn(self, name: str) -> None:
        """7.1.2 and 7.11.4: he and his followers become unhidden."""
        self.emit("turn_started", who=name)
        for who in (name, *self.followers_of(name)):
            if self.character(who).hidden:
                self.character(who).hidden = False
                self.emit("unhidden", who=who, reason="his turn starts (7.1.2)")

    def _take_turn(self, turn: TurnState) -> None:
        orders = self.today.orders.get(turn.character)
        phases = orders.phases if orders is not None and orders.follow is None else ()
        while (
            turn.phase < len(phases)
            and self.state.place_of(turn.character) != Place.OUT
            and turn.character not in self.today.blocked
        ):
            self._phase(turn, turn.phase + 1, phases[turn.phase])
            turn.phase += 1
            self.phase_end_blocking(turn.character)
            self._ex_followers_end(turn)
        where = self.where(turn.character)
        for follower in self.followers_of(turn.character):
            if self.where(follower) != where and where is not None:
                self.state.put(follower, Place.clearing(where))
            self.emit("turn_ended", who=follower, at=self.where(follower))
        self.emit("turn_ended", who=turn.character, at=where)
        self._prowl(turn.character)
        for follower in self.followers_of(turn.character):
            self._land(follower)
            self._prowl(follower)

    def _prowl(self, name: str) -> None:
        """7.13.2: the end of an individual's turn in a clearing — prowling monsters in his tile
        move to him, the tile's chits turn up and summon (followers each separately, 7.11.8; hired
        leaders as if they were characters, 7.7.2d; underlings never, 7.7.3b); the Druid's
        Warning and Sound chits do not summon (Peace with Nature, L3681)."""
        where = self.where(name)
        if where is not None and self.acts(name):
            peaceful = self._has(name, AbilityKey.PEACE_WITH_NATURE)
            events = prowling.end_turn(
                self.catalog, self.board, self.state, where, peaceful=peaceful
            )
            self.events.extend(events)
            self.arrivals_block(events)

    # --- 7.12: blocking --------------------------------------------------------------------------
    #
    # Characters, hired leaders and controlled monsters block only as their standing
    # instructions say (``block``: never, the default; unhidden; all — rules-map K1–K3): nobody
    # is asked. Unhired monsters block automatically. Underlings never block nor are blocked
    # (7.12.1). Natives and visitors block only on the Meeting Table (7.12.6), with Trade and
    # Hire (later issues); flying is a later issue too.

    def _following(self, name: str) -> bool:
        """7.12.1c: a follower cannot block or be blocked until he is put back on the map (at
        the end of his guide's turn, or when he stops or is left behind)."""
        guide = self.today.followers.get(name)
        if guide is None:
            return False
        turn = self.today.turn
        if turn is not None and turn.character == guide:
            return name not in self.landed
        order = self.today.turn_order
        return guide not in order or order.index(guide) >= self.today.next_turn

    def _land(self, follower: str) -> None:
        """A follower is put back on the map: he can block and be blocked (7.12.1c, 4.3.4b)."""
        self.landed.add(follower)
        self.phase_end_blocking(follower)

    def _individuals_at(self, where: str, besides: str) -> list[str]:
        """The characters, hired leaders and controlled monsters in ``where`` who can block or be
        blocked (7.12.1), but ``besides``."""
        return [
            other
            for other in hirelings.individuals(self.catalog, self.state)
            if other != besides and self.where(other) == where and not self._following(other)
        ]

    def _monsters_at(self, where: str) -> list[str]:
        """The unhired, uncontrolled monsters in ``where``, who block automatically (7.12.2a);
        hired monsters are underlings and controlled ones block as individuals (7.12.1)."""
        pieces = pieces_of(self.catalog)
        return [
            p
            for p in self.state.at(Place.clearing(where))
            if pieces[p].kind is Kind.MONSTER and p not in self.state.minions
        ]

    def _blocks(self, blocker: str, hidden: bool) -> bool:
        """Whether the character ``blocker`` blocks an individual by his instructions (7.12.2c):
        ``unhidden`` blocks monsters and unhidden characters, ``all`` also the hidden ones he can
        see (only if he found hidden enemies today)."""
        how = self._instructions(blocker).block
        if not hidden:
            return how in ("unhidden", "all")
        return how == "all" and blocker in self.today.found_hidden_enemies

    def phase_end_blocking(self, name: str) -> None:
        """7.12.2 (5.1 step 4.3.3): at the end of each of his phases — whatever he did, even a
        cancelled phase, and a climber's first Move before he moves (L2119) — an unhidden
        individual is blocked by every unhired monster in his clearing, prowling or dormant
        (a), and by the characters there whose instructions say so (a, b: the hidden only by
        those who found hidden enemies today); he blocks, by his own instructions, the monsters
        and the characters there (c). Monsters already in the clearing block only him, not the
        others there (4.3.3)."""
        where = self.where(name)
        if where is None or self._following(name) or not self.acts(name):
            return
        for monster in self._monsters_at(where):
            if not self.character(name).hidden:
                self._block(name, monster, where, by_monster=True)
            elif self._blocks(name, hidden=False):
                self._block(monster, name, where, by_monster=False)
        for other in self._individuals_at(where, name):
            if self._blocks(other, self.character(name).hidden):
                self._block(name, other, where)
            elif self._blocks(name, self.character(other).hidden):
                self._block(other, name, where)

    def arrivals_block(self, events: Sequence[Event]) -> None:
        """7.12.3a (5.1 step 4.3.4a): each monster that moves to or appears in a clearing at the
        end of a turn blocks every unhidden individual there, and the individuals there may
        block it (hidden ones too, by their instructions).

        7.12.3b says that monsters present "at the start of the day" do not block the unhidden
        in their clearing at the end of another individual's turn; the Blocking Summary (L2106)
        says "at the start of the turn". The rulebook's examples settle it: the Giant that was
        with the Dwarf since the start of the day does not block him at the end of the
        Swordsman's turn (7.12.3b), and the Bats summoned to clearing 4 at the Dwarf's turn end
        block nobody there until they move to the Elf (7.13.2 Day 3, L2165). So only arrivals
        block at a turn's end: a monster that did not just move to or appear in the clearing —
        since the start of the day or since an earlier turn — never blocks bystanders then,
        and both wordings agree; no start-of-day positions need keeping."""
        pieces = pieces_of(self.catalog)
        for event in events:
            if event.type == "denizen_moved":
                to = event.fields.get("to")
            elif event.type == "summoned":
                to = event.fields.get("at")
            else:
                continue
            piece = event.fields.get("piece")
            if not isinstance(to, str) or not isinstance(piece, str):
                continue
            if (
                pieces[piece].kind is not Kind.MONSTER
                or piece in self.state.minions
                or self.where(piece) != to
            ):
                continue
            for other in self._individuals_at(to, piece):
                if not self.character(other).hidden:
                    self._block(other, piece, to, by_monster=True)
                elif self._blocks(other, hidden=False):
                    self._block(piece, other, to, by_monster=False)

    def _block(self, who: str, by: str, at: str, *, by_monster: bool | None = None) -> None:
        """``by`` blocks ``who`` in ``at`` — and is blocked by him (7.12.1a): each character of
        the two is unhidden (7.12.4a) and blocked for the day (no more trading, 7.12.4b; his
        turn ends, or is lost if he has not had it yet, 7.12.4); a monster stops prowling for
        the day (7.12.5). ``by_monster``: True when ``by`` is the monster, False when ``who``
        is, None when both are characters."""
        pieces = pieces_of(self.catalog)
        fields: dict[str, object] = {"who": who, "by": by, "at": at}
        if by_monster is True:
            fields.update(by=pieces[by].name, piece=by)
        elif by_monster is False:
            fields.update(who=pieces[who].name, piece=who)
        self.events.append(Event(type="blocked", fields=fields))
        for individual in (who, by):
            if individual not in self.today.blocked:
                self.today.blocked.append(individual)
            if self.acts(individual) and self.character(individual).hidden:
                self.character(individual).hidden = False
                self.emit("unhidden", who=individual, reason="blocking (7.12.4a)")

    def _phase(self, turn: TurnState, number: int, activity: Activity) -> None:
        """One phase (5.1 step 4.3): the phase's source must be usable, belongings are
        rearranged, followers may stop, then the activity is done."""
        name = turn.character
        prefers = self._rest_choices(name) if activity.kind is ActivityKind.REST else {}
        self.emit("phase_started", who=name, phase=number, activity=str(activity))
        if turn.climbing is not None and not (
            activity.kind is ActivityKind.MOVE and activity.target == turn.climbing
        ):
            turn.climbing = None
        reason = self._source_unusable(name, activity)
        self._trade_with_characters(name)
        self._rearrange(name, number)
        self._followers_stop(turn, number)
        if reason is not None:
            self.emit("phase_cancelled", who=name, phase=number, reason=reason)
            return
        if (
            activity.kind is not ActivityKind.REST
            and self.is_character(name)
            and not in_play(self.character(name))
        ):
            self.emit(
                "phase_cancelled",
                who=name,
                phase=number,
                reason="every chit is fatigued or wounded: he can only rest (7.8.4)",
            )
            return
        if activity.source == SUNLIGHT:
            turn.sunlight_used = True
        if activity.kind is ActivityKind.BLANK:
            return
        if activity.kind is ActivityKind.MOVE:
            self._move(turn, number, activity)
        elif activity.kind is ActivityKind.HIDE:
            self._hide(name)
        elif activity.kind is ActivityKind.REST:
            self._rest(name, prefers)
        elif activity.kind is ActivityKind.ALERT:
            self._alert(name, number, activity)
        elif activity.kind in LATER:
            self.emit(
                "not_implemented",
                rule=LATER[activity.kind],
                what=f"the {activity.kind.name.replace('_', ' ').lower()} activity",
                who=name,
                phase=number,
            )
        else:
            self.emit(
                "phase_cancelled",
                who=name,
                phase=number,
                reason=f"{activity.kind.value} cannot be done in a phase",
            )

    def _source_unusable(self, name: str, activity: Activity) -> str | None:
        """Why the phase's source cannot be used now (6.2.4a–d, 7.3.2b), or None."""
        source = activity.source
        character = self.character(name)
        where = self.where(name)
        in_cave = where is not None and self.board.clearing_type(where) is ClearingType.CAVE
        if source == SUNLIGHT and in_cave:
            return "no Sunlight phase in a cave (7.3.1c.2)"
        if source in (BASIC, SUNLIGHT):
            return None
        if source in character.items:
            if not character.items[source].active:
                return f"{source} is not active at the start of the phase (7.3.2b, 6.2.4d)"
            piece = pieces_of(self.catalog)[source]
            if piece.kind is Kind.HORSE and in_cave:
                return f"{source} cannot be ridden in a cave (7.3.2a.1)"
            if piece.kind is Kind.TREASURE:
                return self._card_phase_unusable(piece.name, where, in_cave)
            return None
        card = self.catalog.characters[name] if self.is_character(name) else None
        advantage = next((a for a in card.advantages if a.name == source), None) if card else None
        if advantage is None:
            return f"{source} gives him no extra phase"
        for effect in advantage.effects:
            if (
                getattr(effect, "kind", None) == "extra_phase"
                and getattr(effect, "where", "") == "dwelling"
            ):
                dwellings = [
                    p
                    for p in self.state.at(Place.clearing(where or ""))
                    if pieces_of(self.catalog)[p].kind is Kind.DWELLING
                ]
                if not dwellings:
                    return f"{source} is used only when the phase starts at a dwelling (7.3.1d)"
        return None

    def _trade_with_characters(self, name: str) -> None:
        """7.2.1: at the start of each of his phases he trades with the characters in his
        clearing whose orders hold the mirror of an offer in his (rules-map P2); not while
        either is blocked (7.2.1d)."""
        for offer in self._instructions(name).trades:
            partner = offer.partner
            key = _trade_key(name, offer)
            if key in self.today.trades_done or partner not in self.state.characters:
                continue
            if self.where(partner) is None or self.where(partner) != self.where(name):
                continue
            if name in self.today.blocked or partner in self.today.blocked:
                continue
            if not any(offer.mirrors(o, name) for o in self._instructions(partner).trades):
                continue
            self.today.trades_done.append(key)
            reason = self._unable_to_trade(name, offer.give, offer.give_gold) or (
                self._unable_to_trade(partner, offer.get, offer.get_gold)
            )
            if reason is not None:
                self.emit(
                    "trade_failed",
                    private_to=[name, partner],
                    who=name,
                    partner=partner,
                    reason=reason,
                )
                continue
            self._hand_over(name, partner, offer.give, offer.give_gold)
            self._hand_over(partner, name, offer.get, offer.get_gold)
            self.emit("traded", who=name, partner=partner)
            self.emit(
                "traded_detail",
                private_to=[name, partner],
                who=name,
                partner=partner,
                gave=offer.describe(),
            )

    def _unable_to_trade(self, who: str, items: Sequence[str], gold: int) -> str | None:
        character = self.character(who)
        missing = [i for i in items if i not in character.items]
        if missing:
            return f"{who} no longer has {', '.join(missing)}"
        if character.gold < gold:
            return f"{who} has less than {gold} gold"
        return None

    def _hand_over(self, giver: str, taker: str, items: Sequence[str], gold: int) -> None:
        """Items change owner and come in inactive (rules-map P10); gold is paid. An item too
        heavy for the taker's active horse or Boots makes him deactivate them, or abandon the
        item if his instructions say so (7.3.1f.1, 7.3.2a; P9)."""
        source, target = self.character(giver), self.character(taker)
        for item in items:
            source.items.pop(item)
            self.state.put(item, Place.owner(taker))
            target.items[item] = ItemState(active=False)
            self._keep_mounts_able(taker, item)
        source.gold -= gold
        target.gold += gold

    def _keep_mounts_able(self, name: str, new_item: str) -> None:
        character = self.character(name)
        for mount, state in list(character.items.items()):
            if not state.active or mount == new_item:
                continue
            state.active = False
            refused = moving.activation_refused(self.catalog, self.state, character, mount)
            state.active = True
            if refused is None:
                continue
            where = self.where(name)
            if not self._instructions(name).keep_heavy_items and where is not None:
                self.events.append(moving.abandon(self.state, character, new_item, where))
                return
            state.active = False
            self.emit("deactivated", who=name, item=mount, reason=refused)

    def _card_phase_unusable(self, card: str, where: str | None, in_cave: bool) -> str | None:
        """A card's extra phase limited to certain clearings must start in one (6.2.4b): the
        Shielded Lantern's in a cave (L4290), the Ancient Telescope's on a mountain (L4280)."""
        keys = self.catalog.treasures[card].behaviour
        if "extra_phase:cave" in keys and not in_cave:
            return f"the {card}'s phase must start in a cave clearing (6.2.4b)"
        on_mountain = where is not None and (
            self.board.clearing_type(where) is ClearingType.MOUNTAIN
        )
        if "extra_phase:mountain_peer" in keys and not on_mountain:
            return f"the {card}'s phase must start in a mountain clearing (6.2.4b)"
        return None

    def _rearrange(self, name: str, phase: int) -> None:
        """7.2.2: the belongings his standing instructions change at the start of this phase."""
        orders = self.today.orders.get(name)
        if orders is None:
            return
        character = self.character(name)
        for change in orders.instructions.rearrange:
            if change.phase != phase:
                continue
            for item in change.deactivate:
                if item in character.items and character.items[item].active:
                    character.items[item].active = False
                    self.emit("deactivated", who=name, item=item, reason="rearranged")
            for item in change.activate:
                if item not in character.items or character.items[item].active:
                    continue
                refused = moving.activation_refused(self.catalog, self.state, character, item)
                if refused is not None:
                    self.emit("activation_refused", who=name, item=item, reason=refused)
                    continue
                character.items[item].active = True
                self.emit("activated", who=name, item=item)
            for item in change.abandon:
                where = self.where(name)
                if item in character.items and where is not None:
                    self.events.append(moving.abandon(self.state, character, item, where))

    def _followers_stop(self, turn: TurnState, phase: int) -> None:
        """7.11.5: a follower may stop at the start of any of the guide's activities; his turn
        ends in the guide's clearing, and he summons and blocks when the phase is over
        (:meth:`_ex_followers_end`)."""
        for follower in self.followers_of(turn.character):
            orders = self.today.orders.get(follower)
            if orders is not None and orders.instructions.stop_following == phase:
                del self.today.followers[follower]
                self.emit("follower_stopped", who=follower, guide=turn.character)
                self.emit("turn_ended", who=follower, at=self.where(follower))
                turn.stopped.append(follower)

    def _ex_followers_end(self, turn: TurnState) -> None:
        """7.11.5 (L2066): "When the guide finishes the phase the game pieces in the
        ex-follower's tile summon denizens in the normal manner, and the ex-follower can then
        block and be blocked normally" — in the middle of the guide's turn (7.13.2 exception)."""
        for follower in turn.stopped:
            self.phase_end_blocking(follower)
            self._prowl(follower)
        turn.stopped.clear()

    # --- activities ------------------------------------------------------------------------------

    def _move(self, turn: TurnState, number: int, activity: Activity) -> None:
        """7.3.1: one roadway to the recorded clearing; two consecutive Moves into a mountain
        (c.1); no cave on a day a Sunlight phase is used (c.2)."""
        name = turn.character
        character = self.character(name)
        start = self.where(name)
        if activity.target == moving.EDGE and start is not None:
            self._leave_map(name, number, start)
            return
        target = moving.resolve_target(self.board, activity.target)
        if start is None or isinstance(target, moving.Cancelled):
            reason = target.reason if isinstance(target, moving.Cancelled) else "he is off the map"
            self.emit("phase_cancelled", who=name, phase=number, reason=reason)
            return
        blocked = moving.roadway(self.catalog, self.board, character, start, target)
        if blocked is not None:
            self.emit("phase_cancelled", who=name, phase=number, reason=blocked.reason)
            return
        kind = self.board.clearing_type(target)
        if kind is ClearingType.CAVE and turn.sunlight_used:
            self.emit(
                "phase_cancelled",
                who=name,
                phase=number,
                reason="he used a Sunlight phase today and cannot enter a cave (7.3.1c.2)",
            )
            return
        if kind is ClearingType.MOUNTAIN and turn.climbing != target:
            turn.climbing = target
            self.emit("climbing", who=name, to=target)
            return
        turn.climbing = None
        pony_move = moving.is_pony(self.catalog, activity.source)
        used = moving.discoveries_used(self.board, start, target)
        watchers = self._spies(name, (start, target)) if used else []
        self.events.extend(
            moving.step(self.catalog, self.board, self.state, character, start, target)
        )
        self._followers_move(name, start, target, pony_move)
        for spy in watchers:
            self._discover(spy, used, f"spying on the {name} (4.5.6b.1)")

    def _spies(self, name: str, clearings: Sequence[str]) -> list[str]:
        """Who spies on ``name`` (4.5.6a): every character in those clearings if he is unhidden;
        if he is hidden, only those who found hidden enemies today."""
        hidden = self.character(name).hidden
        return [
            other
            for other in self.state.characters
            if other != name
            and other not in self.today.followers
            and self.where(other) in clearings
            and (not hidden or other in self.today.found_hidden_enemies)
        ]

    def _discover(self, who: str, discoveries: Sequence[str], how: str) -> None:
        """``who`` crosses these discoveries off his list (privately); underlings record none
        (7.7.3), and a hired leader's are his employer's to see (7.7.2a)."""
        if not self.acts(who):
            return
        character = self.character(who)
        for discovery in discoveries:
            if discovery not in character.discoveries:
                character.discoveries.append(discovery)
                self.emit(
                    "discovered", private_to=[self.eyes(who)], who=who, what=discovery, how=how
                )

    def _leave_map(self, name: str, number: int, start: str) -> None:
        """7.3.1a.4: a Move along a roadway to the map edge takes him out of the game (9.2.2b);
        his followers leave with him."""
        character = self.character(name)
        exits = [c for c in self.board.connections(start) if c.to is None]
        if not any(moving.usable(self.catalog, self.board, character, start, c) for c in exits):
            self.emit(
                "phase_cancelled",
                who=name,
                phase=number,
                reason=f"no roadway from {start} leads off the map",
            )
            return
        for who in (name, *self.followers_of(name)):
            self.state.put(who, Place.OUT)
            self.emit("left_map", who=who, **{"from": start})
        for piece, minion in sorted(self.state.minions.items()):
            if minion.employer == name:
                reason = f"the {name} left the map (7.7.4b)"
                self.events.append(hirelings.unhire(self.catalog, self.state, piece, reason))
        self.emit("not_implemented", rule="9.2.2b", what="scoring a character who left the map")

    def _followers_move(self, guide: str, start: str, target: str, pony_move: bool) -> None:
        """7.11.6a: followers move with the guide; a hidden guide may leave some behind (a.1),
        a pony Move leaves behind those without ponies (a.2); hidden paths do not stop them and
        they discover them (a.3)."""
        guide_state = self.character(guide)
        orders = self.today.orders.get(guide)
        dropped = (
            set(orders.instructions.drop_followers) if orders and guide_state.hidden else set()
        )
        for follower in self.followers_of(guide):
            character = self.character(follower)
            rides_pony = moving.is_pony(
                self.catalog, moving.active_horse(self.catalog, self.state, character)
            )
            leave = (follower in dropped and follower not in self.today.found_hidden_enemies) or (
                pony_move and not rides_pony
            )
            if leave:
                del self.today.followers[follower]
                self.emit("follower_left", who=follower, guide=guide, at=start)
                self.emit("turn_ended", who=follower, at=start)
                self.phase_end_blocking(follower)
                self._prowl(follower)
                continue
            self._discover(
                follower,
                moving.discoveries_used(self.board, start, target),
                f"following the {guide} (7.11.6a.3)",
            )
            self.events.extend(
                moving.step(self.catalog, self.board, self.state, character, start, target)
            )

    def _hide(self, name: str) -> None:
        """7.4: roll on the Hide Table unless already hidden (7.4.1); followers share the
        guide's result (7.11.6b)."""
        character = self.character(name)
        if character.hidden:
            self.emit("hid", who=name, success=True, roll=None)
            return
        one_die = self._one_die(name, DieTable.HIDE)
        roll = self.dice.roll(name, "Hide Table", one_die=one_die)
        self.emit("roll", who=name, purpose="Hide Table", dice=list(roll.dice), result=roll.result)
        result = self.catalog.tables["Hide Table"].result(roll.result)
        success = result.key == "hide"
        self.emit("hid", who=name, success=success, roll=roll.result)
        for who in (name, *self.followers_of(name)):
            if success:
                self.character(who).hidden = True

    def _has(self, name: str, key: AbilityKey) -> bool:
        """Whether the character ``name`` has the ability ``key`` at his level (10.E.5.2.1); a
        character's Special Advantages never apply to his hirelings (7.7.1f.1)."""
        if not self.is_character(name):
            return False
        return self.catalog.characters[name].has_ability(key, self.character(name).level)

    def _one_die(self, name: str, table: DieTable) -> int:
        """How many "one die" modifications apply to his roll on ``table`` (4.1.2): his
        advantages where they apply, and his active treasures' one-die keys (L4338–4362). A
        hireling has neither: he activates no treasures (7.7.2a.2) and the character's
        modifiers are not his (7.7.1f.1)."""
        if not self.is_character(name):
            return 0
        where = self.where(name)
        count = 0
        level = self.character(name).level
        for effect in self.catalog.characters[name].effects(level):
            if (
                isinstance(effect, OneDie)
                and table in effect.tables
                and self._applies(effect.where, where)
            ):
                count += 1
        character = self.character(name)
        for item, item_state in character.items.items():
            piece = pieces_of(self.catalog)[item]
            if piece.kind is Kind.TREASURE and item_state.active:
                keys = self.catalog.treasures[piece.name].behaviour
                if f"one_die:{table.value}" in keys or "one_die:all" in keys:
                    count += 1
        return count

    def _applies(self, scope: str, where: str | None) -> bool:
        if scope == "anywhere":
            return True
        if where is None:
            return False
        if scope == "cave_clearing":
            return self.board.clearing_type(where) is ClearingType.CAVE
        if scope == "woods_tile":
            return self.board.tile(self.board.tile_of(where).tile).type is TileType.WOODS
        return False

    def _rest_choices(self, name: str) -> dict[str, str | None]:
        """Before a Rest changes anything, ask each resting character which chit he rests first
        when he has a choice his instructions do not settle (7.8.2; rules-map P32)."""
        prefers: dict[str, str | None] = {}
        for who in (name, *self.followers_of(name)):
            if not self.is_character(who):
                continue  # hirelings record Rest only for their followers' benefit (6.2.5)
            character = self.character(who)
            instructions = self._instructions(who)
            choices = restable(character)
            prefers[who] = None
            if len(choices) > 1 and instructions.rest is None:
                best = rest(character.model_copy(deep=True), 1, DEFAULT_REST)
                prefers[who] = self.ask(
                    Decision(
                        id=self.decision_id("rest", who),
                        character=who,
                        kind="rest",
                        prompt="Which chit do you rest first? (7.8.2)",
                        options=tuple(choices),
                        default=best[0].chit if best else choices[0],
                    )
                )
        self.wait_if_pending()
        return prefers

    def _instructions(self, name: str) -> Instructions:
        orders = self.today.orders.get(name)
        return orders.instructions if orders is not None else Instructions()

    def _rest(self, name: str, prefers: dict[str, str | None]) -> None:
        """7.8: one Rest (two asterisks for the Dwarf, L3715); followers who are characters
        rest with the guide (7.11.6f)."""
        for who, prefer in prefers.items():
            character = self.character(who)
            extra = self._has(who, AbilityKey.EXTRA_REST_ASTERISK)
            priority = self._instructions(who).rest or DEFAULT_REST
            steps = rest(character, 2 if extra else 1, priority, prefer)
            if not steps:
                self.emit("rested", who=who, chit=None, to=None, option="nothing to rest")
            for step in steps:
                self.emit(
                    "rested",
                    who=who,
                    chit=step.chit,
                    to=step.to,
                    option=step.option,
                    change=step.change,
                )

    def _alert(self, name: str, number: int, activity: Activity) -> None:
        """7.9: turn the active weapon either side up (default: alerted), or alert one Magic
        chit (time 0 until Midnight, 7.9.3). Characters following him alert too, each as his
        own instructions say (7.11.6f)."""
        what = activity.target or self._instructions(name).alert
        if self.is_character(name) and not self._alert_one(name, what):
            self.emit(
                "phase_cancelled",
                who=name,
                phase=number,
                reason=f"he has nothing to alert ({what})",
            )
        for follower in self.followers_of(name):
            if self.is_character(follower):
                self._alert_one(follower, self._instructions(follower).alert)

    def _alert_one(self, name: str, what: str) -> bool:
        """Alert ``what`` for one character; False when he has nothing of the kind in play."""
        character = self.character(name)
        if what.lower() == "berserk":
            self.emit("not_implemented", rule="L3598", what="playing the Berserk chit", who=name)
            return True
        if what.upper().startswith("MAGIC"):
            chit = next(
                (
                    c
                    for c in character.chits
                    if c.label == what.upper()
                    and c.status == "active"
                    and c.color is None
                    and printed(c.label).action is Action.MAGIC
                ),
                None,
            )
            if chit is None:
                return False
            chit.alerted = True
            self.emit("alerted", who=name, item=chit.label, alerted=True)
            return True
        weapons = [
            i
            for i in self.state.at(Place.owner(name))
            if pieces_of(self.catalog)[i].kind is Kind.WEAPON and character.items[i].active
        ]
        if not weapons:
            return False
        alerted = what.lower() != "unalert"
        character.items[weapons[0]].alerted = alerted
        self.emit("alerted", who=name, item=weapons[0], alerted=alerted)
        return True

    # --- Sunset, Evening, Midnight ------------------------------------------------------------

    def sunset(self) -> None:
        """5.1 step 5: Day spells expire (none exist yet)."""
        self.today.stage = "evening"

    def evening(self) -> None:
        """8: combat in each clearing — a later issue."""
        self.emit("not_implemented", rule="8", what="Evening combat")
        self.today.stage = "midnight"

    def midnight(self) -> None:
        """8.9: weapons unalert, alerted Magic chits fatigue, face-up map chits (but the Lost
        City and Lost Castle) turn face down — Site and Sound chits stay in their clearings
        (7.13.2b) — hidden enemies lapse, terms of hire end (7.7.4a); the next day begins."""
        state = self.state
        for name, order in self.today.orders.items():
            for offer in order.instructions.trades:
                if _trade_key(name, offer) not in self.today.trades_done:
                    self.emit(
                        "trade_not_made",
                        private_to=[name],
                        who=name,
                        partner=offer.partner,
                        offer=offer.describe(),
                    )
        for character in state.characters.values():
            for item in character.items.values():
                item.alerted = False
            for label in fatigue_alerted(character):
                self.emit("fatigued", who=character.name, chit=label)
        specials = {
            c.name
            for c in self.catalog.map_chits.values()
            if c.kind in (ChitKind.LOST_CITY, ChitKind.LOST_CASTLE)
        }
        state.face_up = [
            p
            for p in state.face_up
            if p in specials or pieces_of(self.catalog)[p].kind is not Kind.MAP_CHIT
        ]
        self.events.extend(hirelings.expire_terms(self.catalog, self.state))
        hirelings.remount(self.catalog, self.board, self.state)
        self.emit(
            "midnight",
            what="weapons unalert, alerted Magic chits fatigue, map chits turn face down",
        )
        self.emit("day_ended", day=state.day, month=state.month)
        if state.day == 28:
            state.today = DayState(stage="over")
            return
        state.day += 1
        state.today = DayState()
