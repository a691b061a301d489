"""What players are told about time: a notice in the channel whenever a day's deadline moves
(an extension, a resume that gives back the paused time), the line that opens the next day, and
the clock restarted after a pause.

The clock is the service's (injected); times are written in UTC (``2026-11-24 20:00 UTC``),
which the Discord transport shows as timestamps in each reader's own time zone."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.campaign_settings import CampaignSettings
from bot.deadlines import when
from bot.i18n import _, speaking
from bot.outbox_writer import Outbox
from db.models import Campaign


def utc_text(moment: datetime) -> str:
    """``2026-11-24 20:00 UTC``: how the outbox writes a moment, in the language spoken
    (:func:`bot.deadlines.when`)."""
    return when(moment) + " UTC"


def announce_deadline(out: Outbox, campaign: Campaign, before: datetime | None) -> None:
    """Tell the channel, once, that the deadline of the campaign's day moved from ``before``
    (nothing when it did not move, or the campaign has none)."""
    after = campaign.deadline
    if after is None or after == before:
        return
    with speaking(out.language()):
        words = {"campaign": campaign.name, "day": campaign.day, "due": utc_text(after)}
        if before is None:
            said = _("%(campaign)s: the deadline of day %(day)s is now %(due)s.") % words
        else:
            said = _(
                "%(campaign)s: the deadline of day %(day)s is now %(due)s (it was %(was)s)."
            ) % {**words, "was": utc_text(before)}
        out.channel(said)


def day_opened(campaign: Campaign, deadline: datetime) -> str:
    """The channel's line after a day's report: the next day is open, until ``deadline`` (a
    forced day moves it: the next deadline counts from the force)."""
    return _("%(campaign)s: day %(day)s is open; orders are due %(due)s.") % {
        "campaign": campaign.name,
        "day": campaign.day,
        "due": utc_text(deadline),
    }


def paused_time(
    paused_at: datetime | None, paused_until: datetime | None, now: datetime
) -> timedelta:
    """How long the clock stood still: from the pause (``paused_at``) to now, or to the
    pause's expiry when that came first; nothing for a pause of unknown start."""
    if paused_at is None:
        return timedelta(0)
    end = min(now, paused_until) if paused_until is not None else now
    return max(end - paused_at, timedelta(0))


def restart_clock(campaign: Campaign, settings: CampaignSettings, now: datetime) -> None:
    """Resume ``campaign``'s clock at ``now``: running again, the time it stood still added
    back to the deadline (so the players lose none of theirs), and the deadline never less
    than the grace period away."""
    stood = paused_time(campaign.paused_at, campaign.paused_until, now)
    campaign.status = "running"
    campaign.paused_until = None
    campaign.paused_at = None
    grace = now + timedelta(hours=settings.deadlines.grace_hours)
    if campaign.deadline is not None:
        campaign.deadline += stood
    if campaign.deadline is None or campaign.deadline < grace:
        campaign.deadline = grace
