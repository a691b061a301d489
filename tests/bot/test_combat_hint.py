"""A player who sends no standing combat instructions, in a campaign that asks combat by DM,
is proposed some in his orders' echo (issue 32), so that most Evenings need no window."""

from __future__ import annotations

import pytest

from bot.service import CampaignService


def seated(service: CampaignService, *, waits: bool) -> None:
    service.campaigns.create("Test", moderator="gm", seed=7, options={"wait_for_decisions": waits})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Test", moderator="gm")


def test_orders_without_combat_instructions_are_proposed_his_own(service: CampaignService):
    seated(service, waits=True)
    echo = service.players.submit_orders("Test", player="p1", text="H, H").text
    tip = echo.split("Tip:", 1)[1]
    assert "asks you by DM" in tip
    assert "target: any attacker on my sheet" in tip
    assert "attack: FIGHT" in tip  # one of the Amazon's own Fight chits
    again = service.players.submit_orders("Test", player="p1", text=f"H, H\n{_lines(tip)}").text
    assert "Tip:" not in again, "taken: nothing more to propose"


@pytest.mark.parametrize("text", ["H, H\ntarget: none", "H, H"])
def test_no_tip_where_combat_is_not_asked_by_dm_or_he_gave_some(
    service: CampaignService, text: str
):
    seated(service, waits=text == "H, H\ntarget: none")
    assert "Tip:" not in service.players.submit_orders("Test", player="p1", text=text).text


def _lines(tip: str) -> str:
    return "\n".join(line for line in tip.splitlines() if ": " in line and "Tip" not in line)
