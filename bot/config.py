"""The application's settings: one typed object read from the environment (and ``.env``).

Every setting is explained in ``deploy/.env.example``. A Discord token that is still the example's
placeholder is refused with a clear message rather than tried against Discord.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PLACEHOLDER_TOKENS = frozenset({"", "changeme", "your-bot-token-here", "replace-me"})


class Settings(BaseSettings):
    """What realmbot needs to run: where its database is, where the local transport writes,
    and, to run on Discord, the bot token."""

    model_config = SettingsConfigDict(
        env_prefix="", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    database_url: str = "sqlite:///realmbot.db"
    discord_token: str | None = None
    output_dir: Path = Path("realmbot-output")
    demo_days: int = 3
    demo_characters: str = "Amazon,Black Knight,Dwarf,Elf,Wizard,Woods Girl"
    demo_seed: int = 7

    @field_validator("discord_token")
    @classmethod
    def _real_token(cls, token: str | None) -> str | None:
        if token is None:
            return None
        if token.strip().casefold() in PLACEHOLDER_TOKENS:
            raise ValueError(
                "DISCORD_TOKEN is still the placeholder of deploy/.env.example: put your bot's "
                "token there (Discord Developer Portal > your application > Bot > Reset Token), "
                "or unset it to run the local demo"
            )
        return token.strip()

    @property
    def discord(self) -> bool:
        """Whether to run the Discord bot (a token is configured) rather than the local demo."""
        return self.discord_token is not None
