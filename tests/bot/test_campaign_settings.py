"""Campaign settings as one typed record: a moderator's text is checked against the type and
range, and what is stored is read back as the type says."""

from __future__ import annotations

import pytest

from bot.campaign_settings import DEADLINE_SETTINGS, SETTINGS, CampaignSettings, SettingError
from bot.service import CampaignService
from db.engine import make_engine
from rules.catalog import catalog


def test_whole_numbers_stay_whole_and_the_day_still_resolves_with_them():
    """`/gm config autopilot_after 3` once stored 3.0, and every later resolution failed."""
    settings = CampaignSettings().configured("autopilot_after", "3")
    stored = settings.stored()
    assert stored["autopilot_after"] == 3 and isinstance(stored["autopilot_after"], int)
    assert CampaignSettings.of({"autopilot_after": 3.0}).autopilot_after == 3, "old campaigns"
    with pytest.raises(SettingError, match=r"autopilot_after: '2\.5' is not allowed"):
        CampaignSettings().configured("autopilot_after", "2.5")


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("autopilot_after", "0", "autopilot_after: '0' is not allowed"),
        ("autopilot_after", "15", "is not allowed"),
        ("decision_hours", "lots", "decision_hours: 'lots' is not allowed"),
        ("decision_hours", "nan", "is not allowed"),
        ("wait_for_decisions", "maybe", "yes or no"),
        ("weekdays", "0,9", "weekdays: '0,9' is not allowed"),
        ("time", "25:00", "time: '25:00' is not allowed"),
        ("colour", "red", "Unknown setting 'colour'"),
        ("weeks", "0", "weeks: '0' is not allowed"),
        ("weeks", "25", "weeks: '25' is not allowed"),
        ("weeks", "two", "weeks: 'two' is not allowed"),
    ],
)
def test_bad_values_are_refused_and_change_nothing(key: str, text: str, message: str):
    settings = CampaignSettings()
    with pytest.raises(SettingError, match=message):
        settings.configured(key, text)
    assert settings == CampaignSettings()


def test_every_setting_round_trips_through_its_stored_form():
    settings = (
        CampaignSettings()
        .configured("wait_for_decisions", "yes")
        .configured("decision_hours", "6.5")
        .configured("weekdays", "0, 2,4")
        .configured("time", "18:30")
        .configured("timezone", "Europe/Paris")
        .configured("weeks", "8")
    )
    again = CampaignSettings.of(settings.stored())
    assert again == settings
    assert again.deadlines.weekdays == (0, 2, 4) and again.decision_hours == 6.5
    assert again.weeks == 8 and CampaignSettings().weeks == 4


def test_a_configured_campaign_still_resolves(migrated_sqlite_url):
    from datetime import UTC, datetime

    from bot.service import CampaignService
    from db.engine import make_engine
    from rules.catalog import catalog

    engine = make_engine(migrated_sqlite_url)
    service = CampaignService(engine, catalog(), clock=lambda: datetime(2026, 11, 23, tzinfo=UTC))
    service.campaigns.create("Cfg", moderator="gm", seed=1)
    service.campaigns.join("Cfg", player="p1", player_name="P1", character="Amazon")
    service.campaigns.start("Cfg", moderator="gm")
    service.moderation.configure("Cfg", moderator="gm", setting="autopilot_after", value="3")
    service.moderation.configure("Cfg", moderator="gm", setting="decision_hours", value="2")
    for day in (1, 2, 3, 4):
        assert (
            f"day {day} resolved"
            in service.resolver.resolve_day("Cfg", day=day, moderator="gm").text
        )


@pytest.mark.parametrize(
    "settings",
    [
        CampaignSettings(),
        CampaignSettings()
        .configured("wait_for_decisions", "yes")
        .configured("decision_hours", "6.5")
        .configured("lure_hours", "0.25")
        .configured("weekdays", "0, 2,4")
        .configured("time", "07:05")
        .configured("timezone", "Europe/Paris")
        .configured("min_hours", "1.5")
        .configured("weeks", "8"),
    ],
)
def test_each_setting_is_shown_as_a_moderator_writes_it(settings: CampaignSettings):
    """What the moderator is shown of a setting, given back to `config`, changes nothing."""
    shown = settings.shown()
    assert [key for key, _, _ in shown] == list(SETTINGS)
    for key, text, about in shown:
        assert settings.configured(key, text) == settings, (key, text)
        assert about == SETTINGS[key]
        assert "True" not in text and "(" not in text and "datetime" not in text


def test_a_new_campaign_shows_the_settings_it_was_created_with(migrated_sqlite_url):
    engine = make_engine(migrated_sqlite_url)
    service = CampaignService(engine, catalog())
    reply = service.campaigns.create(
        "Valley", moderator="gm", options={"weeks": 2, "decision_hours": 3}
    )
    lines = reply.text.splitlines()
    assert lines[0] == "Campaign Valley created. Players join with their character's name."
    assert "• weeks: 2 (" in reply.text and "• decision_hours: 3 (" in reply.text
    assert "• wait_for_decisions: no (" in reply.text and "• time: 20:00 (" in reply.text
    assert sum(line.startswith("• ") for line in lines) == len(SETTINGS)


def test_the_settings_hold_what_moderators_set_and_nothing_else() -> None:
    """Every stored key is a setting of ``/gm config`` (its deadline rules among
    ``deadlines``), or the moderators' channel, which a moderator sets by its own command; the
    service's bookkeeping is not among them (it has the campaign's own columns)."""
    stored = CampaignSettings().stored()
    assert set(stored) - {"deadlines", "moderators_channel"} == set(SETTINGS) - DEADLINE_SETTINGS


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "Unknown setting 'colour'; settings: wait_for_decisions, "),
        ({"report_due": 3, "weeks": 2}, "Unknown setting 'report_due'; settings: "),
        ({"deadlines": {"time": "20:00"}}, "Unknown setting 'deadlines.time'; deadline rules: "),
        ({"weeks": 0}, "weeks: 0 is not allowed"),
    ],
)
def test_stored_or_created_settings_refuse_a_key_that_is_no_setting(
    options: dict[str, object], message: str
) -> None:
    for read in (CampaignSettings.of, CampaignSettings.created):
        with pytest.raises(SettingError, match=message):
            read(options)


def test_combat_windows_are_short_by_default_and_the_natives_take_the_lure_windows_hours():
    """Issue 32: an Evening fits in an evening — each window an hour unless the moderator
    says; the natives' drinks and pay-offs before the blows as long as a lure window."""
    settings = CampaignSettings()
    assert [settings.window_hours(w) for w in ("natives", "lure", "encounter", "melee")] == [1] * 4
    longer = settings.configured("lure_hours", "3")
    assert longer.window_hours("natives") == longer.window_hours("lure") == 3
    assert settings.window_hours(None) == settings.decision_hours == 12


@pytest.mark.parametrize("text", ["es", "Spanish", "ESPAÑOL", " español "])
def test_the_campaigns_language_is_read_by_its_code_or_name(text: str) -> None:
    from bot.i18n import Language

    settings = CampaignSettings().configured("language", text)
    assert settings.language is Language.ES and CampaignSettings().language is Language.EN
    assert settings.value_text("language") == "es"
    assert CampaignSettings.of(settings.stored()) == settings


def test_a_language_realmbot_does_not_speak_is_refused_with_those_it_speaks() -> None:
    from bot.i18n import UnknownLanguageError, language

    with pytest.raises(UnknownLanguageError) as told:
        language("Klingon")
    settings = CampaignSettings()
    with pytest.raises(SettingError) as refused:
        settings.configured("language", "Klingon")
    assert str(refused.value) == str(told.value)
    assert "en (English)" in str(refused.value) and "es (español)" in str(refused.value)
    with pytest.raises(SettingError, match="Unknown language 'Klingon': realmbot speaks"):
        CampaignSettings.created({"language": "Klingon"})
    assert settings == CampaignSettings()


def test_a_campaign_created_in_spanish_shows_it_and_a_moderator_may_change_it(
    migrated_sqlite_url,
):
    from bot.inbox import Request, take
    from bot.store import RequestError

    service = CampaignService(make_engine(migrated_sqlite_url), catalog())
    created = take(service, Request("create", "Valle", "gm", options={"language": "Spanish"}))
    assert "• language: es (" in created.text
    assert service.store.settings(service.store.read("Valle")).language == "es"
    with pytest.raises(RequestError, match="Unknown language 'xx': realmbot speaks"):
        take(service, Request("create", "Otro", "gm", options={"language": "xx"}))
    assert service.campaigns.listing().text.startswith("Valle:") and "Otro" not in str(
        service.campaigns.campaign_names()
    )
    with pytest.raises(RequestError, match="Unknown language 'fr': realmbot speaks"):
        service.moderation.configure("Valle", moderator="gm", setting="language", value="fr")
    assert service.store.read("Valle").options["language"] == "es", "nothing changed"
    service.moderation.configure("Valle", moderator="gm", setting="language", value="English")
    assert service.store.read("Valle").options["language"] == "en"
