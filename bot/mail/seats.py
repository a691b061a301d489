"""Who writes a mail, and where a mail player's messages go (issue 36).

A mail player's seats keep his address (``Seat.email``) and each its secret
(``Seat.mail_secret``), given when he joins by mail (:meth:`MailSeats.enrol`). A mail is taken as
its writer's (:meth:`MailSeats.identify`) by its secret, carried as the plus-tag of the bot's
address or on a password line, or by its From address:

- the secret of a seat, from that seat's address: its player;
- the secret of a seat, from an address no seat has: its player (a player may write from
  another address of his), and the seat's owner is told at his own address;
- the secret of a seat, from another seat's address: refused, and the seat's owner is told (a
  player never plays another's seat);
- no secret (or none of a seat), from a seat's address: its player;
- neither: a newcomer, who may only join or ask for help (:mod:`bot.mail.inbound`).

From alone can be forged: a player who fears it writes with his secret (his replies carry it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import col, select

from bot.i18n import _
from bot.mail.addresses import is_secret, new_secret, normalized, player_of
from bot.store import RequestError, Store
from db.models import Seat


@dataclass(frozen=True)
class Identity:
    """Who a mail is taken as: ``player`` (a mail player's id, seated or a newcomer), or None
    when it is refused; ``seated`` whether he holds a seat; ``warn``, the seats' owners to tell
    that their secret was used from another address (their addresses)."""

    player: str | None
    seated: bool = False
    warn: tuple[str, ...] = ()


@dataclass(frozen=True)
class Destination:
    """Where a mail player's messages about one campaign go: his ``address``, and the seat's
    ``secret`` the bot's reply address carries."""

    address: str
    secret: str


class MailSeats:
    """The mail players' seats over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def enrol(self, campaign_name: str, *, player: str, address: str) -> str:
        """Give ``player``'s seat in the campaign the ``address`` his messages go to, and a
        secret (the one it has, kept): the secret. Refused if he holds no seat there."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seat = self.store.player_seat(session, campaign, player)
            if seat is None:
                raise RequestError(
                    _("You play in no seat of %(campaign)s") % {"campaign": campaign.name}
                )
            seat.email = normalized(address)
            if seat.mail_secret is None:
                seat.mail_secret = new_secret()
            return seat.mail_secret

    def identify(self, sender: str, secrets: Sequence[str]) -> Identity:
        """Whom a mail from ``sender`` carrying ``secrets`` (plus-tags and password lines, in
        the order found) is taken as (see the module)."""
        address = normalized(sender)
        wanted = [s for s in secrets if is_secret(s)]
        with self.store.unit() as session:
            owned = session.exec(select(Seat).where(col(Seat.email) == address)).first()
            keyed = (
                session.exec(select(Seat).where(col(Seat.mail_secret).in_(wanted))).all()
                if wanted
                else []
            )
            holder = next((seat for s in wanted for seat in keyed if seat.mail_secret == s), None)
            if holder is None:
                return Identity(player_of(address), seated=owned is not None)
            if holder.email == address:
                return Identity(holder.player, seated=True)
            told = (holder.email,) if holder.email else ()
            if owned is not None:
                return Identity(None, warn=told)
            return Identity(holder.player, seated=True, warn=told)

    def secret_at(self, address: str) -> str | None:
        """A secret of a seat of the player writing from ``address`` (any of his proves him),
        or None when he holds none."""
        with self.store.unit() as session:
            seat = session.exec(
                select(Seat)
                .where(col(Seat.email) == normalized(address), col(Seat.mail_secret).is_not(None))
                .order_by(col(Seat.id))
            ).first()
            return None if seat is None else seat.mail_secret

    def destinations(self) -> dict[tuple[int, str], Destination]:
        """Where each mail player's messages about each campaign go, by campaign id and
        player."""
        with self.store.unit() as session:
            seats = session.exec(select(Seat).where(col(Seat.email).is_not(None))).all()
            return {
                (seat.campaign_id, seat.player): Destination(seat.email, seat.mail_secret)
                for seat in seats
                if seat.email is not None and seat.mail_secret is not None
            }
