"""The status board: with the campaign setting ``status_board``, one message pinned in the
campaign's channel and edited in place as the day goes — the day, the deadline, and for each
character whether his orders are in and whether he is ready, never what anyone ordered.

The service says what each board should read (:meth:`StatusBoards.status_boards`) and records
what was posted (:meth:`StatusBoards.board_posted`); the transport posts, pins and edits
(:mod:`bot.discord.status_board`), only when the text changed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import col, select

from bot.cards import Card, Seat, board_card
from bot.i18n import speaking
from bot.outbox_writer import campaign_language
from bot.render import render
from bot.store import Store, row_id
from db import repo
from db.models import Campaign

#: The campaigns that have a board: the others have no day or no deadline to show.
SHOWN = ("running", "paused", "finished")


@dataclass(frozen=True)
class Board:
    """What one campaign's board should read (``text``, and the same as a ``card``), and what
    was posted: its message (``message``, a Discord id, None before the first) and its text
    then (``posted``)."""

    campaign_id: int
    channel: str
    text: str
    message: str | None
    posted: str | None
    card: Card | None = None


class StatusBoards:
    """The campaigns' status boards, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def status_boards(self) -> list[Board]:
        """Every board there should be: of each campaign with ``status_board`` on, a channel
        and a day."""
        boards = []
        with self.store.unit() as session:
            shown = select(Campaign).where(
                col(Campaign.status).in_(SHOWN),
                col(Campaign.channel).is_not(None),
                col(Campaign.options)["status_board"].as_boolean().is_(True),
            )
            for campaign in session.exec(shown):
                if campaign.channel is None:
                    continue
                seats = self.store.seats(session, campaign)
                submitted = repo.current_orders(
                    session, campaign_id=row_id(campaign), day=campaign.day
                )
                marks = [Seat(s.character, row_id(s) in submitted, s.ready) for s in seats]
                with speaking(campaign_language(campaign)):  # the channel's
                    text = render(
                        "messages/status_board.txt.j2",
                        campaign=campaign,
                        seats=[(s.character, s.has_orders, s.ready) for s in marks],
                    )
                    card = board_card(campaign, marks)
                boards.append(
                    Board(
                        campaign_id=row_id(campaign),
                        channel=campaign.channel,
                        text=text,
                        message=campaign.board_message,
                        posted=campaign.board_text,
                        card=card,
                    )
                )
        return boards

    def board_posted(self, campaign_id: int, *, message: str, text: str) -> None:
        """Record that the campaign's board is the message ``message`` and reads ``text``."""
        with self.store.unit() as session:
            campaign = session.get(Campaign, campaign_id)
            if campaign is None:
                return
            repo.lock_campaign(session, campaign_id=campaign_id)
            session.refresh(campaign)
            campaign.board_message, campaign.board_text = message, text
