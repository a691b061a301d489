"""The Evening's pace in public (issue 32): when a day's Evening first waits for its players,
the campaign's channel is told how long a round of combat waits and when the fights under way
are expected to end, so that nobody waits without knowing for how long.

The notice names no character and no clearing, and says nothing of who is asked: only that the
day's combat is fought by DM, which the day's report makes public as soon as the Evening ends,
and which no player can act on before then (his orders for the day are in).

The expected end is an estimate: combat in a clearing ends once two rounds in a row pass with
nothing happening (8.8.2), and a fight is taken to last :data:`TYPICAL_ROUNDS` rounds in all,
each waiting its windows in full (a lure window, then one for the encounter and the melee);
windows close earlier once everyone asked has played.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.campaign_settings import CampaignSettings
from bot.render import render
from db.models import Campaign
from rules import GameState

#: The rounds a fight is taken to last, for the expected end (see the module).
TYPICAL_ROUNDS = 4


def round_hours(settings: CampaignSettings) -> float:
    """The hours a round of combat waits at most, nobody answering: its lure window, then its
    encounter and melee window (asked together)."""
    return settings.lure_hours + settings.after_assignment_hours


def rounds_left(state: GameState) -> int:
    """The rounds the fights under way are expected to take still, the one waiting included:
    at least until two rounds pass with nothing happening (8.8.2), and until the fight has
    lasted :data:`TYPICAL_ROUNDS` rounds."""
    evening = state.today.evening
    fights = evening.in_progress() if evening is not None else []
    return max(
        (max(TYPICAL_ROUNDS - fight.round + 1, 2 - fight.quiet, 1) for fight in fights),
        default=0,
    )


def expected_end(state: GameState, due: datetime, settings: CampaignSettings) -> datetime:
    """When the fights under way are expected to end: the round waiting closes at ``due``, each
    round after it waits :func:`round_hours`."""
    later = max(rounds_left(state) - 1, 0)
    return due + timedelta(hours=later * round_hours(settings))


def evening_notice(
    campaign: Campaign, state: GameState, due: datetime, settings: CampaignSettings
) -> str:
    """The channel's notice of the Evening's pace (see the module)."""
    return render(
        "messages/evening_pace.txt.j2",
        campaign=campaign,
        hours=round_hours(settings),
        end=expected_end(state, due, settings),
    )
