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
from bot.deadlines import when
from bot.i18n import _
from bot.render import render, word
from bot.sheets import sheet_reply
from bot.store import Reply, RequestError, Store, row_id
from bot.terms import term
from bot.wording import pronouns
from db import repo
from db.models import Campaign, Seat
from rules import Catalog, GameState, ParseResult, in_play, noted, parse_orders


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
            _(
                "The %(character)s has left the map: %(he)s takes no more part in %(campaign)s "
                "(9.2.2b). Nothing was stored."
            )
            % {
                "character": term(seat.character),
                "he": pronouns(seat.character).he,
                "campaign": campaign.name,
            }
        )
    raise RequestError(
        _(
            "The %(character)s is dead (%(cause)s): %(he)s takes no orders. Start again from game "
            "day %(day)s with a DM whose first line is 'restart %(campaign)s' and whose lines "
            "below are your choices: 'character: <name>' (default the same), 'victory: fame 2, "
            "gold 3' (9.1.2). Nothing was stored."
        )
        % {
            "character": term(seat.character),
            "cause": word(departure.cause, pronouns(seat.character)),
            "he": pronouns(seat.character).he,
            "day": departure.restart_day,
            "campaign": campaign.name,
        }
    )


def require_orders_open(session: Session, campaign: Campaign) -> None:
    """Refuse what changes a day's orders while they are closed: the campaign locked by its
    moderators, or its day being resolved (it waits for players' decisions: its orders are
    in, and the next day's are not open yet)."""
    if campaign.locked:
        raise RequestError(
            _("%(campaign)s is locked by its moderators; orders wait") % {"campaign": campaign.name}
        )
    if repo.open_decisions(session, campaign_id=row_id(campaign)):
        raise RequestError(
            _(
                "Day %(day)s of %(campaign)s is being resolved and waits for players' decisions: "
                "its orders are in; send day %(next)s's once its report is out. Nothing was stored."
            )
            % {"day": campaign.day, "campaign": campaign.name, "next": campaign.day + 1}
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
            shown = noted(result, word)
            submission = repo.submit_orders(
                session,
                seat=seat,
                day=campaign.day,
                text=text,
                canonical=shown,
                submitted_at=store.clock(),
            )
            version = submission.version
            return Reply(
                render(
                    "messages/order_echo.txt.j2",
                    character=seat.character,
                    day=campaign.day,
                    tag=version_tag(version, shown),
                    echo=shown,
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
                term(s.character)
                for s in self.store.seats(session, campaign)
                if not s.ready and in_play(state, s.character)
            ]
            if ready and not waiting:
                rules = self.store.deadline_rules(campaign)
                early = self.store.clock() + timedelta(minutes=rules.cooloff_minutes)
                if campaign.deadline is None or early < campaign.deadline:
                    campaign.deadline = early
            said = (
                _("The %(character)s is ready for day %(day)s.")
                if ready
                else _("The %(character)s is not ready for day %(day)s.")
            )
            return Reply(
                said % {"character": term(seat.character), "day": campaign.day}
                + " "
                + (
                    _("Still waiting for: %(waiting)s.") % {"waiting": ", ".join(waiting)}
                    if waiting
                    else _("Everyone is ready: the day resolves after a short cool-off.")
                )
            )

    def away(self, campaign_name: str, *, player: str, days: float) -> Reply:
        """Announce an absence (0 days ends it): while away a player is not reminded, and the
        days he misses do not count toward the autopilot; his standing orders still apply."""
        if not 0 <= days <= 30:
            raise RequestError(_("An absence lasts 0 to 30 days"))
        with self.store.unit() as session:
            _campaign, seat = self.store.running_seat(session, campaign_name, player)
            seat.away_until = self.store.clock() + timedelta(days=days) if days else None
            if seat.away_until is None:
                return Reply(
                    _("Welcome back: the %(character)s is no longer away.")
                    % {"character": term(seat.character)}
                )
            until = when(seat.away_until)
            return Reply(
                _("The %(character)s is away until %(until)s UTC.")
                % {"character": term(seat.character), "until": until}
            )

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
                    " " + _("Standing orders: %(orders)s") % {"orders": seat.standing_orders}
                    if seat.standing_orders
                    else ""
                )
                return Reply(
                    _("No orders for the %(character)s on day %(day)s.")
                    % {"character": term(seat.character), "day": campaign.day}
                    + standing
                )
            tag = version_tag(row.version, row.canonical)
            return Reply(
                _("Day %(day)s, %(tag)s:") % {"day": campaign.day, "tag": tag}
                + f"\n{row.canonical}"
            )

    def clear_orders(self, campaign_name: str, *, player: str) -> Reply:
        """Withdraw today's orders (his standing orders or the autopilot will apply), while
        orders are open (:func:`require_orders_open`): the orders of a day being resolved are
        the record a rollback plays the day again with."""
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            require_orders_open(session, campaign)
            repo.clear_orders(session, seat=seat, day=campaign.day, submitted_at=self.store.clock())
            return Reply(
                _("Orders for the %(character)s on day %(day)s cleared.")
                % {"character": term(seat.character), "day": campaign.day}
            )

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
                    _(
                        "Standing orders cannot say 'suicide: at midnight': they stand for every "
                        "day without orders. Send it in the orders of the day he is to die "
                        "(9.2.2a). Nothing was stored."
                    )
                )
            seat.standing_orders = text
            return Reply(
                _("Standing orders for the %(character)s:") % {"character": term(seat.character)}
                + f"\n{noted(result, word)}"
            )
