"""Campaigns are their server's: a request from one Discord server, or a player's DM, sees only
the campaigns it may, and one elsewhere is answered as if it did not exist."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.scope import Scope, scoped
from bot.service import CampaignService, RequestError
from db.engine import make_engine
from rules.catalog import catalog

HERE, THERE = Scope(guild="111"), Scope(guild="222")


@pytest.fixture
def service(migrated_sqlite_url: str) -> CampaignService:
    engine = make_engine(migrated_sqlite_url)
    service = CampaignService(engine, catalog(), clock=lambda: datetime(2026, 11, 23, tzinfo=UTC))
    with scoped(HERE):
        service.campaigns.create("Valley", moderator="gm")
        service.campaigns.create("Secret Vale", moderator="gm")
        service.campaigns.join(
            "Secret Vale", player="alice", player_name="Alice", character="Amazon"
        )
    with scoped(THERE):
        service.campaigns.create("Valley", moderator="gm2")
    return service


def test_names_repeat_across_servers_and_each_server_sees_its_own(service: CampaignService):
    with scoped(HERE):
        assert service.campaigns.campaign("Valley").guild == "111"
        with pytest.raises(RequestError, match="'Valley' exists already"):
            service.campaigns.create("Valley", moderator="gm")
    with scoped(THERE):
        assert service.campaigns.campaign("Valley").guild == "222"


def test_a_campaign_elsewhere_does_not_exist_and_is_never_listed(service: CampaignService):
    with scoped(THERE), pytest.raises(RequestError) as refused:
        service.campaigns.status("Secret Vale")
    assert str(refused.value) == "There is no campaign called 'Secret Vale'; campaigns: Valley"
    with scoped(THERE), pytest.raises(RequestError, match="no campaign called"):
        service.campaigns.history("Secret Vale", day=1)


def test_a_dm_sees_only_the_campaigns_its_sender_plays(service: CampaignService):
    with scoped(Scope(player="alice")):
        assert service.campaigns.campaign("Secret Vale").name == "Secret Vale"
        with pytest.raises(RequestError) as refused:
            service.campaigns.campaign("Valley")
    assert str(refused.value) == "There is no campaign called 'Valley'; campaigns: Secret Vale"
    with scoped(Scope(player="mallory")), pytest.raises(RequestError) as nothing:
        service.campaigns.campaign("Secret Vale")
    assert str(nothing.value) == "There is no campaign called 'Secret Vale'"


def test_without_a_scope_a_shared_name_is_ambiguous_and_an_id_is_not(service: CampaignService):
    with pytest.raises(RequestError, match="Campaigns of several servers are called 'Valley'"):
        service.campaigns.campaign("Valley")
    assert service.campaigns.campaign("#3").guild == "222"
    with pytest.raises(RequestError, match="does not start with '#'"):
        service.campaigns.create("#4", moderator="gm")
