"""Issue 30, part 6: the settings are strict at every door that sets them. A key that is no
setting — a typo, or the service's own bookkeeping, which has its own columns — is refused,
naming the key and the settings there are, and nothing is stored; and a campaign whose stored
settings hold one is refused by name, not read with the key dropped."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import select

from bot.campaign_settings import SETTINGS, known_keys
from bot.cli import main
from bot.discord.cogs.moderators import SETTING_CHOICES
from bot.service import CampaignService, RequestError
from db.engine import session_scope
from db.models import Campaign

#: Keys that are no setting: a typo, and the bookkeeping that left the settings.
NOT_SETTINGS = ("colour", "report_due", "paused_at", "moderator_names", "missed_windows")


def stored_settings(service: CampaignService, name: str) -> dict[str, object]:
    return dict(service.campaigns.campaign(name).options)


@pytest.mark.parametrize("key", NOT_SETTINGS)
def test_a_campaign_is_not_created_with_a_key_that_is_no_setting(
    service: CampaignService, key: str
) -> None:
    with pytest.raises(RequestError) as refused:
        service.campaigns.create("Valley", moderator="gm", options={"weeks": 2, key: 1})
    message = str(refused.value)
    assert message.startswith(f"The campaign cannot be created: Unknown setting {key!r}; ")
    assert "settings: " + ", ".join(known_keys()) in message
    with pytest.raises(RequestError, match="There is no campaign called 'Valley'"):
        service.campaigns.campaign("Valley")


def test_an_unknown_deadline_rule_is_refused_at_creation_by_its_name(
    service: CampaignService,
) -> None:
    with pytest.raises(
        RequestError, match=r"Unknown setting 'deadlines\.colour'; deadline rules: "
    ):
        service.campaigns.create("Valley", moderator="gm", options={"deadlines": {"colour": 1}})


@pytest.mark.parametrize("key", NOT_SETTINGS)
def test_config_refuses_a_key_that_is_no_setting_and_changes_nothing(
    service: CampaignService, key: str
) -> None:
    service.campaigns.create("Valley", moderator="gm")
    before = stored_settings(service, "Valley")
    with pytest.raises(RequestError) as refused:
        service.moderation.configure("Valley", moderator="gm", setting=key, value="3")
    assert str(refused.value) == f"Unknown setting {key!r}; settings: {', '.join(SETTINGS)}"
    assert stored_settings(service, "Valley") == before
    assert key not in before


def test_discord_offers_gm_config_the_settings_and_nothing_else() -> None:
    """``/gm config``'s setting is one of its choices (Discord refuses any other: see
    test_commands' ``colour``), and its choices are the settings."""
    assert [choice.value for choice in SETTING_CHOICES] == list(SETTINGS)


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str]:
    status = main(["local", "--db", db, *argv])
    return status, capsys.readouterr().err


def test_local_config_refuses_a_key_that_is_no_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    assert local(capsys, db, "create", "Valley", "--moderator", "gm")[0] == 0
    status, err = local(capsys, db, "config", "Valley", "--moderator", "gm", "report_due", "3")
    assert status == 2
    assert err == f"realmbot: Unknown setting 'report_due'; settings: {', '.join(SETTINGS)}\n"


def test_local_create_takes_no_setting_but_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``local create`` sets the weeks (``--weeks``) and nothing else: any other option is
    refused by name before a campaign is made."""
    db = f"sqlite:///{tmp_path / 'game.db'}"
    with pytest.raises(SystemExit) as refused:
        local(capsys, db, "create", "Valley", "--moderator", "gm", "--colour", "red")
    assert refused.value.code == 2
    assert "unrecognized arguments: --colour red" in capsys.readouterr().err
    status, err = local(capsys, db, "create", "Valley", "--moderator", "gm", "--weeks", "25")
    assert status == 2 and err.startswith("realmbot: The campaign cannot be created: weeks: 25")


def test_stored_settings_with_a_key_that_is_no_setting_are_refused_by_name(
    service: CampaignService,
) -> None:
    """A key written into the stored settings by hand is not dropped when they are read:
    every request that reads them says which campaign, which key, and the settings."""
    service.campaigns.create("Valley", moderator="gm")
    with session_scope(service.engine) as session:
        campaign = session.get(Campaign, service.campaigns.campaign("Valley").id)
        assert campaign is not None
        campaign.options = {**campaign.options, "colour": "red"}
    with pytest.raises(RequestError) as refused:
        service.moderation.configure("Valley", moderator="gm", setting="decision_hours", value="3")
    assert str(refused.value).startswith(
        "Valley's stored settings are damaged: Unknown setting 'colour'; settings: "
    )
    assert stored_settings(service, "Valley")["colour"] == "red", "nothing is dropped"


def test_a_campaign_with_damaged_settings_keeps_no_other_from_its_wake_ups(
    service: CampaignService,
) -> None:
    """The wake-ups of every campaign are read in one pass, and the start after downtime gives
    every overdue campaign its grace period: one campaign's damaged settings stop neither; its
    own wake-up, at its deadline, refuses it by name."""
    for name in ("Valley", "Hills"):
        service.campaigns.create(name, moderator="gm", seed=7)
        service.campaigns.join(name, player=f"{name}-p", player_name="P", character="Amazon")
        service.campaigns.start(name, moderator="gm")
    with session_scope(service.engine) as session:
        campaign = session.get(Campaign, service.campaigns.campaign("Valley").id)
        assert campaign is not None
        campaign.options = {**campaign.options, "colour": "red"}
    woken = {ref for ref, _, _ in service.timekeeper.wake_ups()}
    assert len(woken) == 2, "both still wake, the damaged one at its deadline"
    with session_scope(service.engine) as session:
        for campaign in session.exec(select(Campaign)):
            assert campaign.deadline is not None
            campaign.deadline -= timedelta(days=3)
    assert service.timekeeper.after_downtime() == ["Hills"]
    with pytest.raises(RequestError, match="Valley's stored settings are damaged"):
        service.timekeeper.wake("Valley", 1)
