"""dice log to events

Revision ID: c4e81f2a9d60
Revises: a7d3e9c41b52
Create Date: 2026-11-26 15:00:00.000000
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, NamedTuple

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "c4e81f2a9d60"
down_revision: str | Sequence[str] | None = "a7d3e9c41b52"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_campaign = sa.table("campaign", sa.column("id", sa.Integer))
_snapshot = sa.table(
    "snapshot",
    sa.column("id", sa.Integer),
    sa.column("campaign_id", sa.Integer),
    sa.column("day", sa.Integer),
    sa.column("step", sa.String),
    sa.column("state", sa.Text),
    sa.column("content_hash", sa.String),
)
_event = sa.table(
    "eventrecord",
    sa.column("campaign_id", sa.Integer),
    sa.column("day", sa.Integer),
    sa.column("seq", sa.Integer),
    sa.column("type", sa.String),
    sa.column("audience", sa.String),
    sa.column("recipients", sa.JSON),
    sa.column("fields", sa.JSON),
)


#: A roll's fields at their defaults, which the application's ``dice_log`` leaves out.
_DEFAULTS: dict[str, Any] = {"modifier": 0, "forced": False}


class _Saved(NamedTuple):
    """A snapshot without its state: where in its game it stands."""

    id: int
    day: int
    step: str
    stage: str


def upgrade() -> None:
    """Upgrade data: the dice log leaves the saved game (issue 18).

    Until now every snapshot kept every roll of its game in ``dice.log``. Each day's rolls are
    kept as one moderator-only ``dice_log`` event after that day's events, as the application
    now stores them: the rolls the day's last snapshot holds beyond those of the snapshot its
    day began from (both on the campaign's current timeline: the latest such snapshots, so
    that days rolled back and played again count once). A day whose stored events were rolled
    back gets none. Then every snapshot is saved without its log, its content hash anew.
    """
    bind = op.get_bind()
    for (campaign_id,) in bind.execute(sa.select(_campaign.c.id)).all():
        saved = [_saved(bind, *row) for row in _snapshot_rows(bind, campaign_id)]
        for day in _days_with_events(bind, campaign_id):
            rolls = _rolls_of(bind, saved, day)
            if rolls:
                _add_dice_log(bind, campaign_id, day, rolls)
        for each in saved:
            _drop_log(bind, each.id)


def _snapshot_rows(bind: sa.Connection, campaign_id: int) -> list[tuple[int, int, str]]:
    query = (
        sa.select(_snapshot.c.id, _snapshot.c.day, _snapshot.c.step)
        .where(_snapshot.c.campaign_id == campaign_id)
        .order_by(_snapshot.c.id)
    )
    return [(int(i), int(day), str(step)) for i, day, step in bind.execute(query)]


def _state(bind: sa.Connection, snapshot_id: int) -> dict[str, Any]:
    text = bind.execute(sa.select(_snapshot.c.state).where(_snapshot.c.id == snapshot_id)).scalar()
    data = json.loads(text or "{}")
    return data if isinstance(data, dict) else {}


def _saved(bind: sa.Connection, snapshot_id: int, day: int, step: str) -> _Saved:
    today = _state(bind, snapshot_id).get("today") or {}
    return _Saved(snapshot_id, day, step, str(today.get("stage", "birdsong")))


def _days_with_events(bind: sa.Connection, campaign_id: int) -> list[int]:
    query = (
        sa.select(_event.c.day)
        .where(_event.c.campaign_id == campaign_id)
        .group_by(_event.c.day)
        .order_by(_event.c.day)
    )
    return [int(day) for (day,) in bind.execute(query).all()]


def _log(bind: sa.Connection, snapshot_id: int) -> list[Any]:
    dice = _state(bind, snapshot_id).get("dice") or {}
    log = dice.get("log") if isinstance(dice, dict) else None
    return log if isinstance(log, list) else []


def _rolls_of(bind: sa.Connection, saved: Sequence[_Saved], day: int) -> list[Any]:
    """The rolls of ``day``: from its latest Birdsong snapshot to the latest one after it that
    ends the day (the next day's Birdsong, or the game over), else the latest of the day."""
    starts = [s for s in saved if s.day == day and s.stage == "birdsong"]
    if not starts:
        return []
    start = starts[-1]
    later = [s for s in saved if s.id > start.id]
    ends = [
        s
        for s in later
        if s.step == "end"
        and ((s.day, s.stage) == (day + 1, "birdsong") or (s.day, s.stage) == (day, "over"))
    ]
    end = ends[-1] if ends else next((s for s in reversed(later) if s.day == day), None)
    if end is None:
        return []
    before, after = _log(bind, start.id), _log(bind, end.id)
    if after[: len(before)] != before:
        return []  # not one timeline: nothing is made up
    return after[len(before) :]


def _add_dice_log(bind: sa.Connection, campaign_id: int, day: int, rolls: list[Any]) -> None:
    last = bind.execute(
        sa.select(sa.func.max(_event.c.seq)).where(
            _event.c.campaign_id == campaign_id, _event.c.day == day
        )
    ).scalar()
    kept = [
        {
            key: value
            for key, value in roll.items()
            if key not in _DEFAULTS or value != _DEFAULTS[key]
        }
        for roll in rolls
        if isinstance(roll, dict)
    ]
    bind.execute(
        _event.insert().values(
            campaign_id=campaign_id,
            day=day,
            seq=0 if last is None else last + 1,
            type="dice_log",
            audience="moderator",
            recipients=[],
            fields={"rolls": kept},
        )
    )


def _drop_log(bind: sa.Connection, snapshot_id: int) -> None:
    state = _state(bind, snapshot_id)
    dice = state.get("dice")
    if not isinstance(dice, dict) or "log" not in dice:
        return
    dice.pop("log")
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    bind.execute(
        _snapshot.update()
        .where(_snapshot.c.id == snapshot_id)
        .values(state=text, content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest())
    )


def downgrade() -> None:
    """Downgrade data: nothing to undo. The older application reads a state without a log (it
    defaults to none) and ignores the moderator-only ``dice_log`` events."""
