"""The application's settings: one typed object read from the environment (and ``.env``).

Every setting is explained in ``deploy/.env.example``. A Discord token that is still the example's
placeholder is refused with a clear message rather than tried against Discord. The token is a
:class:`~pydantic.SecretStr`: it never shows in ``repr``, ``str`` or a dump of the settings;
:meth:`Settings.token` gives its value to the one place that needs it.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.logs import LEVELS

PLACEHOLDER_TOKENS = frozenset({"", "changeme", "your-bot-token-here", "replace-me"})


class Settings(BaseSettings):
    """What realmbot needs to run: where its database is, where the local transport writes,
    and, to run on Discord, the bot token."""

    model_config = SettingsConfigDict(
        env_prefix="", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    database_url: str = "sqlite:///realmbot.db"
    discord_token: SecretStr | None = None
    output_dir: Path = Path("realmbot-output")
    demo_days: int = 3
    demo_characters: str = "Amazon,Black Knight,Dwarf,Elf,Wizard,Woods Girl"
    demo_seed: int = 7
    log_level: str = "INFO"
    mail_imap_url: SecretStr | None = None
    """The mailbox the players' mails arrive in (issue 36): ``imaps://user:password@host[:port]``
    (``imap://`` for a server on this machine, with STARTTLS where it offers it); the folder
    after a slash, ``INBOX`` by default."""
    mail_smtp_url: SecretStr | None = None
    """Where the bot's mails leave: ``smtps://user:password@host[:port]`` (implicit TLS),
    ``smtp://...`` (STARTTLS where the server offers it; none on this machine's loopback)."""
    mail_from: str | None = None
    """The bot's own address (``realmbot@example.org``); each seat's replies go to it with the
    seat's secret as a plus-tag (``realmbot+<secret>@example.org``)."""
    mail_max_bytes: int = 1_000_000
    """The largest mail read; a bigger one is refused in one line, unread."""
    mail_per_hour: int = 30
    """How many mails one sender may send in an hour; the next are refused in one line."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _real_token(cls, token: object) -> object:
        if isinstance(token, SecretStr):
            token = token.get_secret_value()
        if not isinstance(token, str):
            return token
        if token.strip().casefold() in PLACEHOLDER_TOKENS:
            raise ValueError(
                "DISCORD_TOKEN is still the placeholder of deploy/.env.example: put your bot's "
                "token there (Discord Developer Portal > your application > Bot > Reset Token), "
                "or unset it to run the local demo"
            )
        return token.strip()

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, level: str) -> str:
        if level.strip().upper() not in LEVELS:
            raise ValueError(f"LOG_LEVEL must be one of {', '.join(LEVELS)}, not {level!r}")
        return level.strip().upper()

    def token(self) -> str:
        """The Discord token's value (a ValueError without one: run the demo instead)."""
        if self.discord_token is None:
            raise ValueError("no DISCORD_TOKEN is set")
        return self.discord_token.get_secret_value()

    @property
    def mail(self) -> bool:
        """Whether mail is configured: a mailbox to read, a server to send by, an address."""
        return None not in (self.mail_imap_url, self.mail_smtp_url, self.mail_from)

    @property
    def discord(self) -> bool:
        """Whether to run the Discord bot (a token is configured) rather than the local demo."""
        return self.discord_token is not None
