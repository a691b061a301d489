"""Reading and writing the tables: small functions that take a session and keyword arguments.

They add, flush (so new rows have their ids) and query; they never commit (the caller's
:func:`db.engine.session_scope` does) and hold no game or moderation rules (the service does).
Lists come back in a stable order. JSON values are stored as given: pass new ones, never change
a stored one in place.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, func, select

from db.models import (
    Campaign,
    ModeratorAction,
    OrderSubmission,
    PendingDecision,
    Seat,
    Snapshot,
)
from db.rows import add, get

# Campaigns


def create_campaign(
    session: Session,
    *,
    name: str,
    created_at: datetime,
    guild: str | None = None,
    channel: str | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    moderators: list[str] | None = None,
) -> Campaign:
    """Add a campaign (status ``enrolling``, day 0)."""
    campaign = Campaign(
        name=name,
        created_at=created_at,
        guild=guild,
        channel=channel,
        seed=seed,
        options=dict(options or {}),
        moderators=list(moderators or []),
    )
    return add(session, campaign)


def get_campaign(session: Session, *, name: str, guild: str | None = None) -> Campaign | None:
    """The campaign called ``name`` in the server ``guild``, whatever the case (names are
    unique in a server, case aside; the command line's campaigns have no server), if any."""
    query = select(Campaign).where(
        func.lower(col(Campaign.name)) == func.lower(name), Campaign.guild == guild
    )
    return session.exec(query).first()


def lock_campaign(session: Session, *, campaign_id: int) -> None:
    """Take the campaign's write lock for the rest of the session's transaction.

    Every unit of work that changes a campaign's rows calls this first (right after loading
    the campaign), so two of them for one campaign never interleave: the second waits here
    until the first commits or rolls back, then reads what it wrote. That is what keeps
    read-then-write steps such as :func:`submit_orders`' next version from racing.

    On PostgreSQL (any database but SQLite) it is a row lock on the campaign,
    ``SELECT ... FOR NO KEY UPDATE``: it excludes other lockers and writers of the row but not
    inserts of rows that reference it, and it is released at commit or rollback. The campaign
    is re-read under the lock, so a ``Campaign`` this session already holds shows the committed
    values (pending changes are flushed first). This relies on READ COMMITTED, PostgreSQL's
    default isolation: later statements of the transaction see what the previous holder
    committed. On SQLite it does nothing: :func:`db.engine.make_engine` begins every
    transaction with ``BEGIN IMMEDIATE``, which already serialises all writers of the file.
    Raises ``LookupError`` if there is no such campaign.
    """
    bind = session.get_bind()
    if bind.dialect.name == "sqlite":
        return
    query = (
        select(Campaign)
        .where(Campaign.id == campaign_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    if session.exec(query).first() is None:
        raise LookupError(f"no Campaign with id {campaign_id}")


def unfinished_in_channel(session: Session, *, channel: str | None) -> list[Campaign]:
    """The campaigns not finished whose channel is ``channel`` (none when it is None)."""
    if channel is None:
        return []
    query = (
        select(Campaign)
        .where(Campaign.channel == channel, Campaign.status != "finished")
        .order_by(col(Campaign.id))
    )
    return list(session.exec(query))


def get_campaign_by_id(session: Session, *, campaign_id: int) -> Campaign | None:
    """The campaign with this id, if any."""
    return session.get(Campaign, campaign_id)


def list_running_campaigns(session: Session) -> list[Campaign]:
    """The campaigns whose status is ``running``, in id order."""
    query = select(Campaign).where(Campaign.status == "running").order_by(col(Campaign.id))
    return list(session.exec(query))


def list_due_campaigns(session: Session, *, now: datetime) -> list[Campaign]:
    """The running campaigns whose deadline is at or before ``now``, earliest deadline first."""
    query = (
        select(Campaign)
        .where(Campaign.status == "running", col(Campaign.deadline) <= now)
        .order_by(col(Campaign.deadline), col(Campaign.id))
    )
    return list(session.exec(query))


# Seats


def add_seat(
    session: Session,
    *,
    campaign_id: int,
    character: str,
    player: str,
    player_name: str,
    joined_at: datetime,
    setup: dict[str, Any] | None = None,
) -> Seat:
    """Seat ``player`` as ``character`` in a campaign."""
    seat = Seat(
        campaign_id=campaign_id,
        character=character,
        player=player,
        player_name=player_name,
        joined_at=joined_at,
        setup=dict(setup or {}),
    )
    return add(session, seat)


def list_seats(session: Session, *, campaign_id: int) -> list[Seat]:
    """A campaign's seats, in the order they were taken."""
    query = select(Seat).where(Seat.campaign_id == campaign_id).order_by(col(Seat.id))
    return list(session.exec(query))


def seats_by_campaign(session: Session) -> dict[int, list[Seat]]:
    """Every campaign's seats (as :func:`list_seats` gives them), by campaign id, in one query;
    a campaign without seats is left out."""
    found: dict[int, list[Seat]] = {}
    for seat in session.exec(select(Seat).order_by(col(Seat.id))):
        found.setdefault(seat.campaign_id, []).append(seat)
    return found


def list_player_seats(
    session: Session, *, player: str, campaign_id: int | None = None
) -> list[Seat]:
    """The seats ``player`` holds, in every campaign or in one."""
    query = select(Seat).where(Seat.player == player)
    if campaign_id is not None:
        query = query.where(Seat.campaign_id == campaign_id)
    return list(session.exec(query.order_by(col(Seat.id))))


def get_seat(session: Session, *, campaign_id: int, character: str) -> Seat | None:
    """The seat of ``character`` in a campaign, if taken."""
    query = select(Seat).where(Seat.campaign_id == campaign_id, Seat.character == character)
    return session.exec(query).first()


# Orders


def submit_orders(
    session: Session,
    *,
    seat: Seat,
    day: int,
    text: str,
    canonical: str,
    submitted_at: datetime,
    source: str = "player",
    cleared: bool = False,
) -> OrderSubmission:
    """Store a new version of a seat's orders for ``day`` (the previous highest version + 1)."""
    assert seat.id is not None, "the seat must be flushed first"
    latest = session.exec(
        select(func.max(OrderSubmission.version)).where(
            OrderSubmission.seat_id == seat.id, OrderSubmission.day == day
        )
    ).one()
    submission = OrderSubmission(
        campaign_id=seat.campaign_id,
        seat_id=seat.id,
        day=day,
        version=(latest or 0) + 1,
        text=text,
        canonical=canonical,
        source=source,
        cleared=cleared,
        submitted_at=submitted_at,
    )
    return add(session, submission)


def clear_orders(
    session: Session, *, seat: Seat, day: int, submitted_at: datetime, source: str = "player"
) -> OrderSubmission:
    """Withdraw a seat's orders for ``day``: a new, empty version marked ``cleared``."""
    return submit_orders(
        session,
        seat=seat,
        day=day,
        text="",
        canonical="",
        submitted_at=submitted_at,
        source=source,
        cleared=True,
    )


def current_orders(session: Session, *, campaign_id: int, day: int) -> dict[int, OrderSubmission]:
    """The orders in force for ``day`` by seat id; cleared orders are not in force."""
    query = (
        select(OrderSubmission)
        .where(OrderSubmission.campaign_id == campaign_id, OrderSubmission.day == day)
        .order_by(col(OrderSubmission.seat_id), col(OrderSubmission.version))
    )
    newest = {row.seat_id: row for row in session.exec(query)}
    return {seat_id: row for seat_id, row in newest.items() if not row.cleared}


# Snapshots


def content_hash(state: str) -> str:
    """The SHA-256 hex digest of a snapshot's canonical JSON."""
    return hashlib.sha256(state.encode("utf-8")).hexdigest()


def save_snapshot(
    session: Session,
    *,
    campaign_id: int,
    day: int,
    step: str,
    state: str,
    created_at: datetime,
    ledger: dict[str, Any] | None = None,
) -> Snapshot:
    """Store the state (canonical JSON) after a step, with its content hash and the service's
    ``ledger`` of that moment."""
    snapshot = Snapshot(
        campaign_id=campaign_id,
        day=day,
        step=step,
        content_hash=content_hash(state),
        state=state,
        ledger=ledger or {},
        created_at=created_at,
    )
    return add(session, snapshot)


def latest_snapshot(session: Session, *, campaign_id: int) -> Snapshot | None:
    """The snapshot of a campaign saved last, if any."""
    query = (
        select(Snapshot)
        .where(Snapshot.campaign_id == campaign_id)
        .order_by(col(Snapshot.id).desc())
    )
    return session.exec(query).first()


def latest_snapshot_id(session: Session, *, campaign_id: int) -> int | None:
    """The id of the snapshot of a campaign saved last (without loading its state), if any."""
    query = (
        select(Snapshot.id)
        .where(Snapshot.campaign_id == campaign_id)
        .order_by(col(Snapshot.id).desc())
    )
    return session.exec(query).first()


def get_snapshot(session: Session, *, campaign_id: int, day: int, step: str) -> Snapshot | None:
    """The last snapshot saved for a day and step, if any."""
    query = (
        select(Snapshot)
        .where(Snapshot.campaign_id == campaign_id, Snapshot.day == day, Snapshot.step == step)
        .order_by(col(Snapshot.id).desc())
    )
    return session.exec(query).first()


# Decisions


def add_decision(
    session: Session,
    *,
    campaign_id: int,
    day: int,
    ref: str,
    character: str,
    kind: str,
    prompt: str,
    options: list[str],
    default: str,
    asked_at: datetime,
    due_at: datetime | None = None,
    salt: str | None = None,
) -> PendingDecision:
    """Store a choice the engine asks a player for; ``ref`` is the engine's decision id, unique
    for the campaign and day (a second one raises ``IntegrityError``). ``salt``: its sealed
    set's secret salt (None: a fresh one of its own)."""
    decision = PendingDecision(
        campaign_id=campaign_id,
        day=day,
        ref=ref,
        character=character,
        kind=kind,
        prompt=prompt,
        options=list(options),
        default=default,
        asked_at=asked_at,
        due_at=due_at,
    )
    if salt is not None:
        decision.salt = salt
    return add(session, decision)


def list_decisions(session: Session, *, campaign_id: int, day: int) -> list[PendingDecision]:
    """Every decision asked on a campaign's ``day``, answered or not, oldest first."""
    query = select(PendingDecision).where(
        PendingDecision.campaign_id == campaign_id, PendingDecision.day == day
    )
    return list(session.exec(query.order_by(col(PendingDecision.id))))


def open_decisions(
    session: Session, *, campaign_id: int, character: str | None = None
) -> list[PendingDecision]:
    """A campaign's unanswered decisions (of one character, if given), oldest first."""
    query = select(PendingDecision).where(
        PendingDecision.campaign_id == campaign_id, col(PendingDecision.answer).is_(None)
    )
    if character is not None:
        query = query.where(PendingDecision.character == character)
    return list(session.exec(query.order_by(col(PendingDecision.id))))


def open_decisions_by_campaign(session: Session) -> dict[int, list[PendingDecision]]:
    """Every campaign's unanswered decisions (as :func:`open_decisions` gives them), by
    campaign id, in one query; a campaign without any is left out."""
    query = select(PendingDecision).where(col(PendingDecision.answer).is_(None))
    found: dict[int, list[PendingDecision]] = {}
    for decision in session.exec(query.order_by(col(PendingDecision.id))):
        found.setdefault(decision.campaign_id, []).append(decision)
    return found


def answer_decision(session: Session, *, decision_id: int, answer: str) -> PendingDecision:
    """Record the answer to a decision (``LookupError`` if there is no such decision)."""
    decision = get(session, PendingDecision, decision_id)
    decision.answer = answer
    return add(session, decision)


# Moderator actions


def log_action(
    session: Session,
    *,
    campaign_id: int,
    moderator: str,
    action: str,
    detail: str,
    at: datetime,
    moderator_name: str | None = None,
) -> ModeratorAction:
    """Log a moderator action for the public log."""
    entry = ModeratorAction(
        campaign_id=campaign_id,
        moderator=moderator,
        moderator_name=moderator_name,
        action=action,
        detail=detail,
        at=at,
    )
    return add(session, entry)


def list_actions(session: Session, *, campaign_id: int) -> list[ModeratorAction]:
    """A campaign's moderator log, oldest first."""
    query = (
        select(ModeratorAction)
        .where(ModeratorAction.campaign_id == campaign_id)
        .order_by(col(ModeratorAction.id))
    )
    return list(session.exec(query))
