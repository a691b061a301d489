"""The settings: the token never shows, the log level is checked."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.config import Settings

TOKEN = "MTIzNDU2Nzg5.secret-part.do-not-print"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)


def test_the_token_is_kept_out_of_repr_str_and_dumps(clean_env: None) -> None:
    settings = Settings(_env_file=None, discord_token=f"  {TOKEN}\n")  # type: ignore[call-arg, arg-type]
    for shown in (repr(settings), str(settings), settings.model_dump_json(), str(vars(settings))):
        assert "secret-part" not in shown
    assert settings.discord and settings.token() == TOKEN


def test_the_token_from_the_environment_is_secret_too(
    clean_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert "secret-part" not in repr(settings) and settings.token() == TOKEN


def test_without_a_token_there_is_none_to_give(clean_env: None) -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert not settings.discord
    with pytest.raises(ValueError, match="no DISCORD_TOKEN"):
        settings.token()


def test_the_log_level_is_one_of_logging_s(clean_env: None) -> None:
    assert Settings(_env_file=None).log_level == "INFO"  # type: ignore[call-arg]
    assert Settings(_env_file=None, log_level="debug").log_level == "DEBUG"  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="LOG_LEVEL must be one of DEBUG, INFO"):
        Settings(_env_file=None, log_level="loud")  # type: ignore[call-arg]
