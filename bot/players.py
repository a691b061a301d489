"""What a player does in a running campaign (:class:`Players`): his orders for the day —
stored only if every line is valid, versioned and echoed in canonical form with a version tag —
his standing orders, whether he is ready, his absence, and his own sheet.

Each method is one unit of work on the store (:class:`bot.store.Store`).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from sqlmodel import Session

from bot.cards import Refusal
from bot.render import render
from bot.sheets import sheet_reply
from bot.store import Reply, RequestError, Store, row_id
from bot.wording import pronouns
from db import repo
from db.models import Campaign, Seat
from rules import Catalog, GameState, ParseResult, in_play, parse_orders


def version_tag(version: int, text: str) -> str:
    """``v3 · a1b2``: the version of a player's orders and a short hash of their text."""
    return f"v{version} · {hashlib.sha256(text.encode()).hexdigest()[:4]}"


def checked(
    catalog: Catalog, text: str, state: GameState, character: str
) -> tuple[ParseResult, Refusal | None]:
    """Parse orders; with any problem, the refusal listing every one (nothing is stored)."""
    result = parse_orders(text, state, character, catalog=catalog)
    if result.orders is not None:
        return result, None
    refusal = render(
        "messages/order_errors.txt.j2",
        character=character,
        errors=result.errors,
        warnings=result.warnings,
    )
    return result, Refusal(refusal)


def require_in_play(campaign: Campaign, seat: Seat, state: GameState) -> None:
    """Refuse orders for a character who left play (9.1.1, 9.2.2), saying what his player
    may do."""
    sheet = state.characters.get(seat.character)
    departure = sheet.departed if sheet is not None else None
    if departure is None:
        return
    if departure.how == "left_map":
        raise RequestError(
            f"The {seat.character} has left the map: {pronouns(seat.character).he} takes no more "
            "part in "
            f"{campaign.name} (9.2.2b). Nothing was stored."
        )
    raise RequestError(
        f"The {seat.character} is dead ({departure.cause}): {pronouns(seat.character).he} takes "
        "no orders. Start again "
        f"from game day {departure.restart_day} with a DM whose first line is 'restart "
        f"{campaign.name}' and whose lines below are your choices: 'character: <name>' "
        "(default the same), 'victory: fame 2, gold 3' (9.1.2). Nothing was stored."
    )


def require_orders_open(session: Session, campaign: Campaign) -> None:
    """Refuse what changes a day's orders while they are closed: the campaign locked by its
    moderators, or its day being resolved (it waits for players' decisions: its orders are
    in, and the next day's are not open yet)."""
    if campaign.locked:
        raise RequestError(f"{campaign.name} is locked by its moderators; orders wait")
    if repo.open_decisions(session, campaign_id=row_id(campaign)):
        raise RequestError(
            f"Day {campaign.day} of {campaign.name} is being resolved and waits for "
            f"players' decisions: its orders are in; send day {campaign.day + 1}'s once "
            "its report is out. Nothing was stored."
        )


class Players:
    """The players' requests in a running campaign, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def submit_orders(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Store ``player``'s orders for the current day if every line is valid; otherwise
        store nothing and say every problem. While the day is being resolved (it waits for
        mid-day decisions) its orders are in and the next day's are not open yet: orders are
        refused, saying so, rather than stored and never used.

        The orders are read outside the write transaction, against the game as it stood; if
        the game moved on before the write (another day resolved, a rollback), they are read
        again against the new state inside it."""
        store, catalog = self.store, self.store.catalog
        with store.unit() as session:
            campaign, seat = store.running_seat(session, campaign_name, player)
            state = store.state(session, campaign)
            seen = store.state_id(session, campaign)
            require_in_play(campaign, seat, state)
        result, refusal = checked(catalog, text, state, seat.character)
        with store.unit() as session:
            campaign, seat = store.running_seat(session, campaign_name, player)
            require_orders_open(session, campaign)
            if store.state_id(session, campaign) != seen:
                state = store.state(session, campaign)
                result, refusal = checked(catalog, text, state, seat.character)
            if refusal is not None:
                return refusal
            submission = repo.submit_orders(
                session,
                seat=seat,
                day=campaign.day,
                text=text,
                canonical=result.echo,
                submitted_at=store.clock(),
            )
            version = submission.version
            return Reply(
                render(
                    "messages/order_echo.txt.j2",
                    character=seat.character,
                    day=campaign.day,
                    tag=version_tag(version, result.echo),
                    echo=result.echo,
                    warnings=result.warnings,
                    combat_hint=self._combat_hint(campaign, result, state, seat.character),
                )
            )

    def _combat_hint(
        self, campaign: Campaign, result: ParseResult, state: GameState, character: str
    ) -> list[str]:
        """Standing combat instructions proposed to a player whose orders have none, in a
        campaign that asks combat by DM (issue 32): the autopilot's for his character
        (:func:`rules.autopilot.fighting`), so that most Evenings need no window; none
        otherwise."""
        settings = self.store.settings(campaign)
        orders = result.orders
        if not (settings.wait_for_decisions and settings.combat_by_dm) or orders is None:
            return []
        if orders.instructions.combat.clauses:
            return []
        from rules import fighting  # the autopilot: not for a command that only reads

        return fighting(self.store.catalog, state, character)

    def ready(self, campaign_name: str, *, player: str, ready: bool = True) -> Reply:
        """Mark the player ready (or not); when every seat is ready the day may resolve early.
        Refused while orders are closed (:func:`require_orders_open`)."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            require_orders_open(session, campaign)
            seat.ready = ready
            state = self.store.state(session, campaign)
            waiting = [
                s.character
                for s in self.store.seats(session, campaign)
                if not s.ready and in_play(state, s.character)
            ]
            if ready and not waiting:
                rules = self.store.deadline_rules(campaign)
                early = self.store.clock() + timedelta(minutes=rules.cooloff_minutes)
                if campaign.deadline is None or early < campaign.deadline:
                    campaign.deadline = early
            status = "ready" if ready else "not ready"
            return Reply(
                f"The {seat.character} is {status} for day {campaign.day}."
                + (
                    f" Still waiting for: {', '.join(waiting)}."
                    if waiting
                    else " Everyone is ready: the day resolves after a short cool-off."
                )
            )

    def away(self, campaign_name: str, *, player: str, days: float) -> Reply:
        """Announce an absence (0 days ends it): while away a player is not reminded, and the
        days he misses do not count toward the autopilot; his standing orders still apply."""
        if not 0 <= days <= 30:
            raise RequestError("An absence lasts 0 to 30 days")
        with self.store.unit() as session:
            _, seat = self.store.running_seat(session, campaign_name, player)
            seat.away_until = self.store.clock() + timedelta(days=days) if days else None
            if seat.away_until is None:
                return Reply(f"Welcome back: the {seat.character} is no longer away.")
            until = f"{seat.away_until:%Y-%m-%d %H:%M} UTC"
            return Reply(f"The {seat.character} is away until {until}.")

    def sheet(self, campaign_name: str, *, player: str) -> Reply:
        """The player's own sheet, as his view shows it, with his hirelings (private)."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            state = self.store.state(session, campaign)
            return sheet_reply(self.store.catalog, state, seat.character, campaign.name)

    def show_orders(self, campaign_name: str, *, player: str) -> Reply:
        """The player's orders in force for today, with their version."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            current = repo.current_orders(session, campaign_id=row_id(campaign), day=campaign.day)
            row = current.get(row_id(seat))
            if row is None:
                standing = (
                    f" Standing orders: {seat.standing_orders}" if seat.standing_orders else ""
                )
                return Reply(f"No orders for the {seat.character} on day {campaign.day}.{standing}")
            return Reply(
                f"Day {campaign.day}, {version_tag(row.version, row.canonical)}:\n{row.canonical}"
            )

    def clear_orders(self, campaign_name: str, *, player: str) -> Reply:
        """Withdraw today's orders (his standing orders or the autopilot will apply), while
        orders are open (:func:`require_orders_open`): the orders of a day being resolved are
        the record a rollback plays the day again with."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            require_orders_open(session, campaign)
            repo.clear_orders(session, seat=seat, day=campaign.day, submitted_at=self.store.clock())
            return Reply(f"Orders for the {seat.character} on day {campaign.day} cleared.")

    def set_standing(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """Orders used on any day the player sends none; checked as today's orders are. A
        suicide (9.2.2a) is refused there: it is one day's deliberate order, never a default."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            state = self.store.state(session, campaign)
            require_in_play(campaign, seat, state)
            result, refusal = checked(self.store.catalog, text, state, seat.character)
            if refusal is not None:
                return refusal
            if result.orders is not None and result.orders.instructions.suicide:
                raise RequestError(
                    "Standing orders cannot say 'suicide: at midnight': they stand for every "
                    "day without orders. Send it in the orders of the day he is to die "
                    "(9.2.2a). Nothing was stored."
                )
            seat.standing_orders = text
            return Reply(f"Standing orders for the {seat.character}:\n{result.echo}")
