"""The outbox as a transport and an operator see it: what waits, what keeps failing, and a
failure recorded together with the moderators' notice of it; messages loaded with their
attachments, marked delivered a batch at a time, and attachments pruned once delivered.

The services write the outbox (:class:`bot.outbox_writer.Outbox`); the transports' courier
(:class:`bot.delivery.Courier`) reads it with this module's queries (the light columns first, so
that a long queue of messages with map attachments costs little), loads messages with their
attachments' bytes (:class:`Outgoing`, from :mod:`db.blobs`), marks them delivered a batch at a
time in one transaction (:func:`mark_delivered`: one message for Discord, a hundred for the local
folder) and records failed attempts; this module also prunes the attachments no undelivered
message needs (:func:`prune_attachments`, the bot's periodic job). A message is *failing* when
it is undelivered and was tried at least once (``attempts`` > 0); the messages queued after a
failing one to the same destination are *held* behind it (:func:`destination`). All functions
block: run them in a thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select, update

from bot.cards import Field, with_fields
from bot.deadlines import when
from bot.i18n import DEFAULT, Language, _, ngettext
from bot.mail.addresses import is_mail_player
from bot.outbox_writer import Outbox, campaign_language
from bot.service import CampaignService, NotModeratorError, Reply
from bot.store import system_clock
from bot.terms import term
from db import blobs, messages, repo
from db.engine import session_scope
from db.models import Campaign, OutboxMessage

#: How many ids one query loads at most (well under every database's limit on parameters).
CHUNK = 500


def destination(kind: str, to: str | None, campaign_id: int) -> str:
    """Where a message goes, as a key: one player's DMs (in every campaign: it is one DM
    channel; a mail player's copies of the channels' messages, ``public``, go there too, in
    order with his DMs), or one campaign's channel, or its moderators' channel."""
    return f"dm:{to}" if kind in ("dm", "public") else f"{kind}:{campaign_id}"


@dataclass(frozen=True)
class Queued:
    """An undelivered message without its content and attachment, with its campaign's name
    (``campaign``: a transport files or posts by it, and a pass needs no other campaign's)."""

    id: int
    campaign_id: int
    kind: str
    to: str | None
    attempts: int
    created_at: datetime
    campaign: str

    @property
    def destination(self) -> str:
        return destination(self.kind, self.to, self.campaign_id)


def queued(
    engine: Engine,
    *,
    campaign_id: int | None = None,
    with_channel: bool | None = None,
    mail: bool | None = None,
) -> list[Queued]:
    """Every undelivered message (of one campaign, or all; of the campaigns with a channel or
    without one if ``with_channel`` says, :func:`db.messages.has_channel`; to mail players or to
    none if ``mail`` says, :func:`db.messages.to_mail`), oldest first. One
    query, which reads the undelivered rows through the index on ``delivered_at`` and only
    their campaigns' names: what a pass costs grows with what waits, never with the messages
    delivered before or the campaigns that have nothing waiting."""
    table = OutboxMessage.__table__.c  # type: ignore[attr-defined]
    campaigns = Campaign.__table__.c  # type: ignore[attr-defined]
    query = (
        sa_select(
            table.id,
            table.campaign_id,
            table.kind,
            table.to,
            table.attempts,
            table.created_at,
            campaigns.name,
        )
        .join_from(OutboxMessage.__table__, Campaign.__table__, campaigns.id == table.campaign_id)  # type: ignore[attr-defined]
        .where(table.delivered_at.is_(None))
        .order_by(table.id)
    )
    if campaign_id is not None:
        query = query.where(table.campaign_id == campaign_id)
    if with_channel is not None:  # as db.messages.has_channel, on the campaign joined
        channel = campaigns.channel
        query = query.where(channel.is_not(None) if with_channel else channel.is_(None))
    if mail is not None:
        query = query.where(messages.to_mail(mail))
    with session_scope(engine) as session:
        return [
            Queued(id=i, campaign_id=c, kind=k, to=t, attempts=a, created_at=at, campaign=n)
            for i, c, k, t, a, at, n in session.connection().execute(query)
        ]


@dataclass(frozen=True)
class Outgoing:
    """A message to send, with its attachment's bytes (None without one)."""

    message: OutboxMessage
    attachment: bytes | None = None

    @property
    def id(self) -> int:
        assert self.message.id is not None
        return self.message.id


def _outgoing(session: Session, rows: Sequence[OutboxMessage]) -> list[Outgoing]:
    found = blobs.attachments(session, rows)
    return [Outgoing(m, found.get(m.id)) for m in rows if m.id is not None]


def load(engine: Engine, ids: Sequence[int]) -> dict[int, Outgoing]:
    """The whole messages with these ids and their attachments, by id (detached rows)."""
    found: dict[int, Outgoing] = {}
    with session_scope(engine) as session:
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            query = select(OutboxMessage).where(col(OutboxMessage.id).in_(chunk))
            found.update((o.id, o) for o in _outgoing(session, list(session.exec(query))))
    return found


def pending(
    engine: Engine,
    *,
    limit: int = CHUNK,
    with_channel: bool | None = None,
    mail: bool | None = None,
) -> list[Outgoing]:
    """The first ``limit`` undelivered messages with their attachments, in id order (only of
    the campaigns with a channel or without one if ``with_channel`` says; only to mail players
    or to none if ``mail`` says)."""
    with session_scope(engine) as session:
        found = messages.undelivered_messages(
            session, limit=limit, with_channel=with_channel, mail=mail
        )
        return _outgoing(session, found)


def mark_delivered(engine: Engine, ids: Sequence[int], *, at: datetime) -> int:
    """Mark the messages with these ids delivered at ``at``, all in one transaction (those
    marked already keep their time); how many were marked now. A transport calls it once it
    has sent them all: a crash before it sends them again, never one marked."""
    marked = 0
    with session_scope(engine) as session:
        for start in range(0, len(ids), CHUNK):
            query = (
                update(OutboxMessage)
                .where(
                    col(OutboxMessage.id).in_(ids[start : start + CHUNK]),
                    col(OutboxMessage.delivered_at).is_(None),
                )
                .values(delivered_at=at)
            )
            marked += session.exec(query).rowcount
    return marked


def prune_attachments(engine: Engine) -> int:
    """Delete every campaign's attachments that no undelivered message needs
    (:func:`db.blobs.prune`), each campaign in a unit of work of its own under its lock, so
    that no writer of it queues a message naming one as it goes; how many were deleted."""
    with session_scope(engine) as session:
        campaigns = blobs.prunable(session)
    pruned = 0
    for campaign_id in campaigns:
        with session_scope(engine) as session:
            repo.lock_campaign(session, campaign_id=campaign_id)
            pruned += blobs.prune(session, campaign_id=campaign_id)
    return pruned


def record_failure(
    engine: Engine, message: OutboxMessage, *, notice: str | None, at: datetime
) -> int:
    """Count one more failed attempt of ``message`` and, in the same transaction, queue
    ``notice`` (if any) for its campaign's moderators; returns the attempts so far."""
    assert message.id is not None
    with session_scope(engine) as session:
        attempts = messages.record_attempt(session, message_id=message.id)
        if notice is not None:
            messages.add_message(
                session,
                campaign_id=message.campaign_id,
                kind="moderators",
                content=notice,
                created_at=at,
            )
    return attempts


def language_of(engine: Engine, campaign_id: int) -> Language:
    """The language of the campaign's channel and moderators (its ``language`` setting); the
    default for a campaign that is gone."""
    with session_scope(engine) as session:
        campaign = session.get(Campaign, campaign_id)
        return DEFAULT if campaign is None else campaign_language(campaign)


def reader_language(engine: Engine, campaign_id: int, player: str | None) -> Language:
    """The language ``player`` reads the campaign's DMs in, as the outbox chose it when it
    wrote them (:meth:`bot.outbox_writer.Outbox.language`): what a DM's buttons and selects,
    made at delivery, speak; the default for a campaign that is gone."""
    with session_scope(engine) as session:
        campaign = session.get(Campaign, campaign_id)
        if campaign is None:
            return DEFAULT
        return Outbox(session, campaign, system_clock).language(player)


def recipient(engine: Engine, campaign_id: int, player: str | None) -> str:
    """How moderators know the recipient ``player`` of a campaign's DM: ``bob (the Elf)``, a
    moderator by his name (``the moderator Gandalf``), else his id."""
    if player is None:
        return _("nobody")
    with session_scope(engine) as session:
        seats = repo.list_player_seats(session, player=player, campaign_id=campaign_id)
        campaign = session.get(Campaign, campaign_id)
        names = dict(campaign.moderator_names) if campaign else {}
    if not seats:
        if player in names:
            return _("the moderator %(name)s") % {"name": names[player]}
        if is_mail_player(player):
            return _("the mail player %(id)s") % {"id": player}
        return _("the Discord user %(id)s") % {"id": player}
    characters = _(" and the ").join(term(seat.character) for seat in seats)
    return _("%(player)s (the %(characters)s)") % {
        "player": seats[0].player_name,
        "characters": characters,
    }


@dataclass(frozen=True)
class Backlog:
    """What waits in (part of) the outbox.

    ``failing`` are the messages tried without success, each with how many messages wait behind
    it (later, to the same destination: ``held`` in all); ``waiting`` are the others, not tried
    yet, which a working transport sends within its next pass.
    """

    waiting: tuple[Queued, ...]
    failing: tuple[tuple[Queued, int], ...]

    @property
    def held(self) -> int:
        return sum(behind for _, behind in self.failing)

    @property
    def total(self) -> int:
        return len(self.waiting) + len(self.failing) + self.held


def backlog(entries: Sequence[Queued]) -> Backlog:
    """The backlog of ``entries`` (undelivered messages in id order)."""
    failing: dict[int, Queued] = {}
    behind: dict[int, int] = {}
    first_failing: dict[str, int] = {}
    waiting: list[Queued] = []
    for entry in entries:
        head = first_failing.get(entry.destination)
        if entry.attempts > 0:
            failing[entry.id] = entry
            behind[entry.id] = 0
            first_failing.setdefault(entry.destination, entry.id)
        elif head is not None:
            behind[head] += 1
        else:
            waiting.append(entry)
    return Backlog(
        waiting=tuple(waiting),
        failing=tuple((entry, behind[entry.id]) for entry in failing.values()),
    )


def _moment(at: datetime) -> str:
    return f"{when(at)} UTC"


def delivery_lines(engine: Engine, campaign_id: int) -> list[str]:
    """The deliveries part of the moderators' status, under its heading (``Deliveries``): what
    waits, and each failing message (where it goes, how many attempts, since when) — never what
    a message says."""
    entries = queued(engine, campaign_id=campaign_id)
    if not entries:
        return [_("everything has been delivered.")]
    found = backlog(entries)
    lines = [
        _("%(total)s waiting, %(failing)s undeliverable so far.")
        % {"total": found.total, "failing": len(found.failing)}
    ]
    for entry, behind in found.failing:
        if entry.kind == "dm":
            where = _("a direct message to %(whom)s") % {
                "whom": recipient(engine, campaign_id, entry.to)
            }
        elif entry.kind == "public":
            where = _("the campaign's channel's message to %(whom)s") % {
                "whom": recipient(engine, campaign_id, entry.to)
            }
        elif entry.kind == "channel":
            where = _("a message to the campaign's channel")
        else:
            where = _("a message to the moderators")
        held = (
            ngettext("; %(count)s more waits behind it", "; %(count)s more wait behind it", behind)
            % {"count": behind}
            if behind
            else ""
        )
        tries = ngettext(
            "%(count)s failed attempt", "%(count)s failed attempts", entry.attempts
        ) % {"count": entry.attempts}
        lines.append(
            _("  %(where)s: %(tries)s, queued %(when)s%(held)s")
            % {"where": where, "tries": tries, "when": _moment(entry.created_at), "held": held}
        )
    return lines


def moderators_status(service: CampaignService, campaign_name: str, *, moderator: str) -> Reply:
    """``/gm status``: the campaign's public status, then its deliveries; moderators only."""
    campaign = service.campaigns.campaign(campaign_name)
    public = service.campaigns.status(campaign_name)
    if campaign.id is None:
        return public
    if moderator not in campaign.moderators:
        raise NotModeratorError(
            _("Only the moderators of %(campaign)s may do that") % {"campaign": campaign.name}
        )
    deliveries = "\n".join(delivery_lines(service.engine, campaign.id))
    heading = _("Deliveries")
    text = "\n".join([public.text.rstrip("\n"), "", f"{heading}: {deliveries}"])
    return with_fields(public, [Field(heading, deliveries)], text)
