"""A finished campaign's settings, lock and seats no longer change (issue 20's bad-input table
found a game over and scored that still took them); a rollback is the way back to play."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope

CHANGES: dict[str, Callable[[CampaignService], object]] = {
    "a setting": lambda s: s.moderation.configure(
        "Test", moderator="gm", setting="decision_hours", value="5"
    ),
    "the lock": lambda s: s.moderation.lock("Test", moderator="gm"),
    "the autopilot": lambda s: s.moderation.set_autopilot(
        "Test", moderator="gm", character="Amazon"
    ),
    "a seat": lambda s: s.moderation.replace(
        "Test", moderator="gm", character="Amazon", player="p9", player_name="P9"
    ),
}


def finished(service: CampaignService) -> None:
    service.campaigns.create("Test", moderator="gm", seed=7)
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Test", moderator="gm")
    service.moderation.end_early("Test", moderator="gm", agreed=True)


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_finished_campaign_does_not_change(service: CampaignService, change: str) -> None:
    finished(service)
    with session_scope(service.engine) as session:
        before = repo.get_campaign(session, name="Test")
        assert before is not None and before.status == "finished"
        options, locked = dict(before.options), before.locked
    with pytest.raises(RequestError, match=r"Test is finished: .* Nothing changed"):
        CHANGES[change](service)
    with session_scope(service.engine) as session:
        after = repo.get_campaign(session, name="Test")
        assert after is not None and (after.options, after.locked) == (options, locked)
        seat = repo.list_seats(session, campaign_id=after.id or 0)[0]
        assert (seat.player, seat.autopilot) == ("p1", False)
