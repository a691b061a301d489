"""The outbox a unit of work writes (:class:`Outbox`, the one writer of every message): each
message said in its reader's language, written in the transaction of the change it reports.
The transports deliver it after the commit (:mod:`bot.outbox`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from bot.campaign_settings import CampaignSettings, SettingError
from bot.i18n import DEFAULT, Language, speaking
from bot.mail.addresses import PREFIX, is_mail_player
from db import messages
from db.models import Campaign, Seat

#: The key of ``Session.info`` under which a unit of work keeps the ids of the campaigns
#: whose seats in the database hold no mail player (:meth:`Outbox._mail_players`).
_NO_MAIL_PLAYERS = "realmbot.outbox.no_mail_players"

#: What a message says: its text, or what renders it in the reader's language
#: (:meth:`Outbox.language`), called once while that language is spoken.
Text = str | Callable[[], str]


@dataclass(frozen=True)
class Outbox:
    """Where one unit of work writes the messages about one campaign — its channel, a player's
    DMs, its moderators — in the transaction of the change they report; the transport delivers
    them after the commit, exactly once.

    Each message is said in its reader's language (:meth:`language`, issue 35): given as what
    renders it (a callable), the outbox calls it while that language is spoken
    (:func:`bot.i18n.speaking`); given as text, it was rendered so by the caller (``with
    speaking(outbox.language(player)):``)."""

    session: Session
    campaign: Campaign
    clock: Callable[[], datetime]

    def language(self, player: str | None = None) -> Language:
        """The language ``player`` reads this campaign's messages in: his seat's choice, else
        the campaign's; the campaign's for its channel and moderators (``player`` None) and
        for anyone who holds no seat in it."""
        if player is not None:
            seat = self._seat(player)
            if seat is not None and seat.language:
                return Language(seat.language)
        return campaign_language(self.campaign)

    @property
    def _campaign_id(self) -> int:
        if self.campaign.id is None:
            raise AssertionError("campaign not flushed")
        return self.campaign.id

    def _seat(self, player: str) -> Seat | None:
        """``player``'s seat in the campaign: the one this unit of work holds already, as it
        holds it (the services read the seats once a unit), else read."""
        campaign_id = self._campaign_id
        for held in self.session.identity_map.values():
            if isinstance(held, Seat) and held.campaign_id == campaign_id and held.player == player:
                return held
        with self.session.no_autoflush:  # the messages added so far wait for the commit
            return self.session.exec(
                select(Seat).where(col(Seat.campaign_id) == campaign_id, col(Seat.player) == player)
            ).first()

    def channel(self, content: Text, *, attachment: tuple[str, bytes] | None = None) -> None:
        """A message to the campaign's public channel, with an attachment (name, bytes), in
        the campaign's language; and a copy of it (kind ``public``, the same text and
        attachment, whose bytes are stored once) to each mail player seated in the campaign,
        who reads no channel (:mod:`bot.mail`)."""
        said = self._said(content, None)
        self._add("channel", None, said, attachment)
        for player in self._mail_players():
            self._add("public", player, said, attachment)

    def dm(self, player: str, content: Text) -> None:
        """A private message to ``player``, in his language."""
        self._add("dm", player, self._said(content, player), None)

    def moderators(self, content: Text) -> None:
        """A message to the campaign's moderators (their channel), in the campaign's language;
        it holds no secret."""
        self._add("moderators", None, self._said(content, None), None)

    def moderators_only(self, content: Text) -> None:
        """A message for the moderators that the public must not see (about a fight going
        on): by DM to each, since the moderators' channel may be the campaign's own; in the
        campaign's language, as the moderators' channel is."""
        said = self._said(content, None)
        for moderator in self.campaign.moderators:
            self._add("dm", moderator, said, None)

    def _mail_players(self) -> list[str]:
        """The mail players seated in the campaign, in the order of their seats: those of the
        database and those this unit of work seated, but the seats it deleted. A campaign with
        none in the database is read so once a unit (most have none: the unit's next channel
        messages cost no query), the seats this unit adds looked for in its session."""
        campaign_id = self._campaign_id
        known = self.session.info.setdefault(_NO_MAIL_PLAYERS, set())
        stored: list[tuple[int | None, str]] = []
        if campaign_id not in known:
            with self.session.no_autoflush:  # the messages added so far wait for the commit
                stored = list(
                    self.session.exec(
                        select(Seat.id, Seat.player)
                        .where(
                            col(Seat.campaign_id) == campaign_id,
                            col(Seat.player).startswith(PREFIX, autoescape=True),
                        )
                        .order_by(col(Seat.id))
                    ).all()
                )
            if not stored:
                known.add(campaign_id)
        gone = {seat.id for seat in self.session.deleted if isinstance(seat, Seat)}
        players = [player for seat_id, player in stored if seat_id not in gone]
        held = [*self.session.identity_map.values(), *self.session.new]
        for seat in held:
            if (
                isinstance(seat, Seat)
                and seat.campaign_id == campaign_id
                and is_mail_player(seat.player)
                and seat not in self.session.deleted
                and seat.player not in players
            ):
                players.append(seat.player)
        return players

    def _said(self, content: Text, reader: str | None) -> str:
        """``content``'s text: rendered in ``reader``'s language (:meth:`language`) when it is
        what renders it."""
        if isinstance(content, str):
            return content
        with speaking(self.language(reader)):
            return content()

    def _add(
        self, kind: str, to: str | None, content: str, attachment: tuple[str, bytes] | None
    ) -> None:
        messages.add_message(
            self.session,
            campaign_id=self._campaign_id,
            kind=kind,
            to=to,
            content=content,
            attachment_name=attachment[0] if attachment else None,
            attachment=attachment[1] if attachment else None,
            created_at=self.clock(),
            day=self.campaign.day,
            flush=False,
        )


def english(text: Text) -> str:
    """``text`` said in English (the stored form of a line)."""
    if isinstance(text, str):
        return text
    with speaking(DEFAULT):
        return text()


def campaign_language(campaign: Campaign) -> Language:
    """The language of ``campaign``'s channel and moderators (its ``language`` setting); the
    default where its stored settings are damaged, which its next request is refused for
    (:meth:`Store.settings`): a message already due is still said."""
    try:
        return CampaignSettings.of(campaign.options).language
    except SettingError:
        return DEFAULT
