"""The service's own replies name a character in his reader's words (issue 35): a Spanish
player reads "la Amazona" (Amazona), never the English name, and "her" orders in English."""

from __future__ import annotations

import re

from bot.i18n import speaking
from bot.service import CampaignService


def seated(service: CampaignService) -> None:
    service.campaigns.create("Valle", moderator="gm", seed=7)
    service.campaigns.join("Valle", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Valle", player="p2", player_name="P2", character="Black Knight")
    service.campaigns.start("Valle", moderator="gm")


def test_a_player_s_replies_name_his_character_in_spanish(service: CampaignService):
    seated(service)
    with speaking("es"):
        replies = [
            service.players.ready("Valle", player="p1").text,
            service.players.away("Valle", player="p1", days=2).text,
            service.players.away("Valle", player="p1", days=0).text,
            service.players.show_orders("Valle", player="p1").text,
            service.players.clear_orders("Valle", player="p1").text,
            service.players.set_standing("Valle", player="p1", text="H, H").text,
            service.reminders.set_reminders("Valle", player="p1", on=False).text,
            service.reminders.set_remind_before("Valle", player="p1", hours=3).text,
            service.moderation.excuse("Valle", moderator="gm", character="Amazon").text,
            service.moderation.set_autopilot(
                "Valle", moderator="gm", character="Amazon", on=True
            ).text,
            service.moderation.view_orders("Valle", moderator="gm", character="Black Knight").text,
        ]
    for reply in replies:
        assert not re.search(r"\bAmazon\b|Black Knight", reply), reply
    assert sum("Amazona" in reply for reply in replies) >= 9
    assert "Caballero Negro" in replies[-1]


def test_a_reminder_setting_says_her_orders_for_the_amazon(service: CampaignService):
    seated(service)
    said = service.reminders.set_remind_before("Valle", player="p1", hours=3).text
    assert said.endswith("deadline when her orders are missing.")
    told = service.reminders.set_remind_before("Valle", player="p2", hours=3).text
    assert told.endswith("deadline when his orders are missing.")
