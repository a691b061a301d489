"""What people read names people by their display names, and echoes choices as the rulebook
writes them: never a Discord id, never a Python printout."""

from __future__ import annotations

import pytest

from bot.service import CampaignService
from db import repo
from db.engine import session_scope

from .conftest import Table, bot_messages, last_dm, private_answer, seat_two_players, text_of


@pytest.mark.asyncio
async def test_the_moderators_log_names_him_not_his_id(
    table: Table, service: CampaignService
) -> None:
    gandalf = table.member("gandalf", global_name="Gandalf", manage_guild=True)
    created = await gandalf.slash(table.channel, "gm create", name="Test")
    assert private_answer(created).startswith("Campaign Test created")
    locked = await gandalf.slash(table.channel, "gm lock", campaign="Test")
    assert private_answer(locked) == "Test is locked."
    await table.bot.deliver_once()
    public = "\n".join(text_of(m) for m in bot_messages(table.channel.history()))
    assert "\\[moderator\\] Gandalf: created Test" in public
    assert "\\[moderator\\] Gandalf: locked" in public
    assert str(gandalf.user.id) not in public
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        logged = repo.list_actions(session, campaign_id=campaign.id or 0)
        assert [a.moderator_name for a in logged] == ["Gandalf", "Gandalf"]
        assert {a.moderator for a in logged} == {str(gandalf.user.id)}


@pytest.mark.asyncio
async def test_setup_choices_are_echoed_as_the_rulebook_writes_them(table: Table) -> None:
    await seat_two_players(table)
    await table.alice.send_dm("setup Test\nvictory: fame 2, gold 3")
    echo = last_dm(table.alice)
    assert echo.endswith("stored (secret): victory: Fame 2, Gold 3"), echo
    assert "{" not in echo and "'" not in echo
