"""Names as people type them: campaigns and characters whatever the case, typos answered with
the closest names (issue 19)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy.exc import IntegrityError

from bot.names import closest, did_you_mean, matching
from bot.scope import Scope, scoped
from bot.service import CampaignService, RequestError
from db import repo
from db.engine import session_scope

HERE = Scope(guild="111")


def test_a_name_matches_whatever_its_case_and_spaces():
    assert matching("amazon", ["Amazon", "Elf"]) == "Amazon"
    assert matching("  black   KNIGHT ", ["Black Knight"]) == "Black Knight"
    assert matching("Amazn", ["Amazon"]) is None
    assert matching("test", ["Test", "TEST"]) is None, "two differ by case only: not a guess"
    assert matching("Test", ["Test", "TEST"]) == "Test"
    assert closest("Amazn", ["Amazon", "Elf", "Dwarf"]) == ["Amazon"]
    assert did_you_mean("Xyzzy", ["Amazon"]) == ""


def test_a_campaign_is_found_whatever_the_case_and_its_name_is_taken_so(service: CampaignService):
    with scoped(HERE):
        service.campaigns.create("North Sea", moderator="gm")
        assert service.campaigns.campaign("north sea").name == "North Sea"
        assert service.campaigns.campaign("NORTH SEA").name == "North Sea"
        with pytest.raises(RequestError, match="A campaign called 'north sea' exists already"):
            service.campaigns.create("north sea", moderator="gm")
        with pytest.raises(RequestError) as refused:
            service.campaigns.campaign("Nort Sea")
    assert str(refused.value) == "There is no campaign called 'Nort Sea'; did you mean 'North Sea'?"


def test_a_character_joins_whatever_the_case_and_a_typo_is_answered(service: CampaignService):
    service.campaigns.create("Test", moderator="gm")
    joined = service.campaigns.join("test", player="p1", player_name="P1", character="amazon")
    assert joined.text == "You play the Amazon in Test."
    joined = service.campaigns.join("Test", player="p2", player_name="P2", character="BLACK KNIGHT")
    assert joined.text == "You play the Black Knight in Test."
    with pytest.raises(RequestError, match="The Amazon is taken"):
        service.campaigns.join("Test", player="p3", player_name="P3", character="AMAZON")
    with pytest.raises(RequestError) as typo:
        service.campaigns.join("Test", player="p3", player_name="P3", character="Amazn")
    assert str(typo.value) == "Unknown character 'Amazn'; did you mean 'Amazon'?"


def test_a_character_joins_by_the_name_his_rulebook_gives_him(service: CampaignService):
    service.campaigns.create("Test", moderator="gm")
    joined = service.campaigns.join("Test", player="p1", player_name="P1", character="amazona")
    assert joined.text == "You play the Amazon in Test."
    joined = service.campaigns.join(
        "Test", player="p2", player_name="P2", character="Chica del Bosque"
    )
    assert joined.text == "You play the Woods Girl in Test."
    with pytest.raises(RequestError, match="The Amazon is taken"):
        service.campaigns.join("Test", player="p3", player_name="P3", character="Amazona")


def test_a_moderator_names_a_seat_whatever_the_case(service: CampaignService):
    service.campaigns.create("Test", moderator="gm")
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Elf")
    service.campaigns.start("Test", moderator="gm")
    assert (
        "Amazon"
        in service.moderation.set_autopilot("Test", moderator="gm", character="amazon").text
    )
    with pytest.raises(RequestError) as refused:
        service.moderation.excuse("Test", moderator="gm", character="Amazn")
    assert str(refused.value) == (
        "No seat plays the Amazn in Test (Amazon, Elf); did you mean 'Amazon'?"
    )


def test_the_database_itself_refuses_a_name_of_its_server_that_differs_by_case_only(
    service: CampaignService,
):
    """Two creates that race past the service's check both reach the database: its unique index
    on the server and the lower-cased name refuses the second, and the service answers it as a
    name taken (a name of another server is free)."""
    with scoped(HERE):
        service.campaigns.create("Valley", moderator="gm")
    with pytest.raises(IntegrityError), session_scope(service.engine) as session:
        repo.create_campaign(
            session,
            name="VALLEY",
            guild="111",
            channel=None,
            seed=0,
            created_at=datetime.now(UTC),
            options={},
            moderators=["gm"],
        )
    with scoped(Scope(guild="222")):
        service.campaigns.create("VALLEY", moderator="gm")
        assert service.campaigns.campaign("valley").name == "VALLEY"
    with scoped(HERE):
        assert service.campaigns.campaign("valley").name == "Valley"
