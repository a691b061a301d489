"""The tables: campaigns, seats, orders, snapshots, events, decisions, moderator actions, outbox,
the attachments' bytes, and the Ask Demon exchanges between players.

The engine's state is stored as its own canonical JSON (``Snapshot.state``); rows never hold
engine objects. Every datetime is timezone-aware UTC. JSON columns are treated as immutable:
code assigns a new value rather than changing one in place.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, LargeBinary, Text, UniqueConstraint, text, true
from sqlmodel import Field, SQLModel


def _json(default: Any, *, server_default: str | None = None) -> Any:
    column = Column(JSON, nullable=False, server_default=server_default)
    return Field(default_factory=default, sa_column=column)


class Campaign(SQLModel, table=True):
    """One game and its moderation: where it is played, its deadlines and its options.

    ``status`` is ``enrolling`` (players join), ``running``, ``paused`` or ``finished``.
    ``day`` is the game day awaiting orders; ``deadline`` is when it resolves (UTC).
    ``options`` hold the campaign's settings, what its moderators set
    (:class:`bot.campaign_settings.CampaignSettings`: deadline rules, optional rules, whether
    decisions wait for players), and nothing else; ``moderators`` the user ids who may moderate.
    A name is unique in its Discord server (``guild``; the command line's campaigns, with none,
    count as one server), whatever its case, not across servers: a unique index on the server
    and the name in lower case (players type names in any case, :func:`db.repo.get_campaign`).

    The columns after ``moderators`` are the service's own bookkeeping, which it writes as the
    campaign runs (no moderator sets them; a row inserted without them has none, its JSON ones
    empty):

    - ``reminded_day`` is the day of the last reminders of missing orders, ``reminded_seats``
      the seats (ids) reminded that day, each once (:mod:`bot.reminders`);
    - ``report_due`` is the resolved day whose reports are not posted yet, ``report_snapshot``
      the id of its end snapshot (:meth:`bot.publishing.Publisher.publish`);
    - ``moderator_names`` is each moderator's display name by user id, for the lines people
      read (:mod:`bot.wording`);
    - ``paused_at`` is when the running pause began, whose time a resume adds back to the
      deadline (:func:`bot.notifications.restart_clock`);
    - ``board_message`` and ``board_text`` are the status board's message and what it read
      when last posted (:mod:`bot.status_board`);
    - ``window_reminded`` is the closing time of the last combat window whose silent players
      were reminded; ``missed_windows`` counts, for the day ``missed_day``, the combat windows
      each character let run out, and ``defaulted`` holds the engine ids of the decisions left
      to their defaults that day (:mod:`bot.windows`, :mod:`bot.window_books`);
      ``held_reports`` holds, by player, the combat rounds' reports kept for his next window
      of the day, the stops since asking him nothing (:meth:`bot.windows.Windows.ask`);
      ``evening_noticed`` is the last day whose Evening's pace the channel was told
      (:mod:`bot.evening_notice`), once, whatever rollbacks follow.
    """

    __table_args__ = (
        Index(
            "uq_campaign_name_folded",
            text("coalesce(guild, '')"),
            text("lower(name)"),
            unique=True,
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, max_length=100)
    guild: str | None = Field(default=None, max_length=32)
    channel: str | None = Field(default=None, max_length=32)
    status: str = Field(default="enrolling", max_length=16)
    seed: int = 0
    day: int = 0
    deadline: datetime | None = None
    paused_until: datetime | None = None
    pause_reason: str | None = Field(default=None, max_length=300)
    locked: bool = False
    extensions_used: int = 0
    created_at: datetime
    options: dict[str, Any] = _json(dict)
    moderators: list[str] = _json(list)
    reminded_day: int | None = None
    reminded_seats: list[int] = _json(list, server_default="[]")
    report_due: int | None = None
    report_snapshot: int | None = None
    moderator_names: dict[str, str] = _json(dict, server_default="{}")
    paused_at: datetime | None = None
    board_message: str | None = Field(default=None, max_length=32)
    board_text: str | None = Field(default=None, sa_column=Column(Text))
    window_reminded: datetime | None = None
    missed_day: int | None = None
    missed_windows: dict[str, int] = _json(dict, server_default="{}")
    defaulted: list[str] = _json(list, server_default="[]")
    held_reports: dict[str, str] = _json(dict, server_default="{}")
    evening_noticed: int | None = None


class Seat(SQLModel, table=True):
    """A character in a campaign and the player who plays him (one player per character); after
    a death and a fresh start (9.1.2), the seat plays the new character and keeps the old in
    ``lives``."""

    __table_args__ = (
        UniqueConstraint("campaign_id", "character", name="uq_seat_character"),
        UniqueConstraint("mail_secret", name="uq_seat_mail_secret"),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    character: str = Field(max_length=40)
    player: str = Field(index=True, max_length=32)
    player_name: str = Field(max_length=100)
    joined_at: datetime
    ready: bool = False
    missed_days: int = 0
    autopilot: bool = False
    excused_day: int | None = None
    standing_orders: str | None = Field(default=None, sa_column=Column(Text))
    setup: dict[str, Any] = _json(dict)
    away_until: datetime | None = None
    lives: list[dict[str, Any]] = _json(list)
    """The seat's past characters, oldest first (9.1.2): each ``character``, ``player``, how he
    left play (``how``, ``cause``), the game day he ``died`` on and the ``restarted`` day his
    player started again as the seat's next character (the current one is ``character``)."""
    reminders: bool = Field(default=True, sa_column_kwargs={"server_default": true()})
    """Whether the player is reminded of missing orders (:mod:`bot.reminders`)."""
    remind_before_hours: float | None = None
    """How long before a deadline he is reminded; None: the campaign's ``reminder_hours``."""
    language: str | None = Field(default=None, max_length=8)
    """The language he reads his DMs and replies in (a :class:`bot.i18n.Language`'s code);
    None: the campaign's language."""
    email: str | None = Field(default=None, max_length=254)
    """A mail player's address (:mod:`bot.mail`): where his messages go; None for a player of
    another door."""
    mail_secret: str | None = Field(default=None, max_length=16)
    """The seat's secret, which proves a mail is its player's (:mod:`bot.mail.addresses`)."""


class OrderSubmission(SQLModel, table=True):
    """One accepted order message for a seat and day; the highest version is the one in force."""

    __table_args__ = (UniqueConstraint("seat_id", "day", "version", name="uq_order_version"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    seat_id: int = Field(foreign_key="seat.id", index=True, ondelete="CASCADE")
    day: int
    version: int
    text: str = Field(sa_column=Column(Text, nullable=False))
    canonical: str = Field(sa_column=Column(Text, nullable=False))
    source: str = Field(default="player", max_length=16)
    cleared: bool = False
    submitted_at: datetime


class Snapshot(SQLModel, table=True):
    """The game state after one resolved step (``start`` of a day, ``daylight``, ``end``).

    ``ledger`` is the service's own bookkeeping at that moment, which a rollback restores with
    the state: each seat's missed days and readiness (by seat id), the day whose reminder was
    sent."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    day: int
    step: str = Field(max_length=16)
    content_hash: str = Field(max_length=64)
    state: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime
    ledger: dict[str, Any] = _json(dict)


class EventRecord(SQLModel, table=True):
    """One engine event of a resolved day, with its audience."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    day: int
    seq: int
    type: str = Field(max_length=40)
    audience: str = Field(max_length=16)
    recipients: list[str] = _json(list)
    fields: dict[str, Any] = _json(dict)


class PendingDecision(SQLModel, table=True):
    """A choice the engine asked a player for mid-day, and his answer once given.

    ``ref`` is the engine's decision id (:attr:`rules.events.Decision.id`), which the answer is
    given back under; a decision is stored once per campaign and day. ``salt`` is the secret
    salt of its player's sealed set in its combat window (:mod:`bot.sealing`), drawn from the
    operating system's randomness, never the game's dice, and told to no one before the
    reveal.
    """

    __table_args__ = (UniqueConstraint("campaign_id", "day", "ref", name="uq_decision_ref"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    day: int
    character: str = Field(max_length=40)
    kind: str = Field(max_length=40)
    prompt: str = Field(sa_column=Column(Text, nullable=False))
    options: list[str] = _json(list)
    default: str = Field(max_length=200)
    answer: str | None = Field(default=None, max_length=200)
    asked_at: datetime
    due_at: datetime | None = None
    ref: str = Field(max_length=200)
    salt: str = Field(default_factory=lambda: secrets.token_hex(16), max_length=32)


class ModeratorAction(SQLModel, table=True):
    """One moderator action, as the public log shows it: ``moderator`` is his id, and
    ``moderator_name`` how the log named him (his display name when it was known)."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    moderator: str = Field(max_length=100)
    action: str = Field(max_length=40)
    detail: str = Field(sa_column=Column(Text, nullable=False))
    at: datetime
    moderator_name: str | None = Field(default=None, max_length=100)


class OutboxMessage(SQLModel, table=True):
    """A message to deliver, written in the same transaction as the change it reports.

    ``kind`` is ``channel`` (the campaign's public channel), ``dm`` (a player, ``to`` is his id),
    ``public`` (a copy of a ``channel`` message to the mail player ``to``, who reads no channel)
    or ``moderators``. The transport delivers undelivered messages in id order and sets
    ``delivered_at`` once a message is sent, never before: a crash between commit and send loses
    none, and one between sending and marking sends again only what was not marked (the
    Discord transport marks each message as it goes; the local one a batch at once, in one
    transaction, rewriting the same files after a crash).

    An attachment (``attachment_name``, the map) is stored apart, once, by its content
    (:mod:`db.blobs`): ``attachment_sha256`` names it. Once the message is delivered its bytes
    may be pruned; the hash stays, saying what was sent.
    """

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    kind: str = Field(max_length=16)
    to: str | None = Field(default=None, max_length=32)
    content: str = Field(sa_column=Column(Text, nullable=False))
    attachment_name: str | None = Field(default=None, max_length=100)
    created_at: datetime
    delivered_at: datetime | None = Field(default=None, index=True)
    attempts: int = 0
    attachment_sha256: str | None = Field(default=None, max_length=64)
    day: int | None = None
    """The campaign's day when it was written (a mail is threaded with that day's others);
    None for a message written before it was kept."""


class Blob(SQLModel, table=True):
    """The bytes of an attachment, stored once per campaign under their SHA-256 (:mod:`db.blobs`
    says why and when they go)."""

    campaign_id: int = Field(foreign_key="campaign.id", primary_key=True, ondelete="CASCADE")
    sha256: str = Field(primary_key=True, max_length=64)
    size: int
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime


class DemonExchange(SQLModel, table=True):
    """The question a spellcaster asks another player by Ask Demon, and its answer (L4953:
    "Question and answer must be kept secret from the other players"), relayed by DM between
    the two of them (:mod:`bot.demon_exchange`). The cast is the private ``asked_demon`` event
    stored as ``seq`` of ``day`` (one question per cast): ``caster`` asked the player of
    ``asked`` (characters), ``question`` at ``asked_at``, answered ``answer`` at
    ``answered_at`` (None until then)."""

    __table_args__ = (
        UniqueConstraint("campaign_id", "day", "seq", name="uq_demon_exchange_event"),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, ondelete="CASCADE")
    day: int
    seq: int
    caster: str = Field(max_length=40)
    asked: str = Field(max_length=40)
    question: str = Field(sa_column=Column(Text, nullable=False))
    asked_at: datetime
    answer: str | None = Field(default=None, sa_column=Column(Text))
    answered_at: datetime | None = None


class MailReceived(SQLModel, table=True):
    """A mail read from the mailbox (issue 36), kept to read none twice (a mail server may
    deliver one again, a crash may read it again before it is marked) and to count what each
    sender sends an hour: its ``message_id`` (or, without one, its content's SHA-256), its
    ``sender``'s address and when it was read."""

    __table_args__ = (Index("ix_mailreceived_sender_at", "sender", "received_at"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(max_length=998, unique=True)
    sender: str = Field(max_length=254)
    received_at: datetime
