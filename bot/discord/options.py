"""The options that name a campaign or a character, offering names as they are typed.

``campaign: CampaignOption | None = None`` is a campaign's name, offered from the campaigns the
asker may see (his server's, or by DM his own: :mod:`bot.directory`); left out, the command
means the campaign of its channel (:mod:`bot.discord.where`). :data:`FreeCharacter` offers the
characters no one has joined the campaign as, :data:`SeatedCharacter` those seated in it; the
campaign is the one named in the command so far, else the channel's.

What is offered is what the asker could learn by asking: nothing of a server he is not in,
nothing secret. An offer is a quick read of the database; it never raises (a failure is logged
and offers nothing), since Discord shows the user nothing useful of an error there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord
from discord import app_commands

from bot import directory
from bot.discord.where import Place
from bot.i18n import Language
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.options")

#: The longest campaign name and character name an option takes.
CAMPAIGN_LENGTH = 100
CHARACTER_LENGTH = 40

Choices = list[app_commands.Choice[str]]

#: The languages realmbot speaks, as a command offers them: each by its own name and code.
LANGUAGE_CHOICES: Choices = [
    app_commands.Choice(name=f"{spoken.native_name} ({spoken.value})", value=spoken.value)
    for spoken in Language
]


def service_of(interaction: discord.Interaction) -> CampaignService | None:
    """The campaign service of the bot the interaction came to."""
    service = getattr(interaction.client, "service", None)
    return service if isinstance(service, CampaignService) else None


def choices(names: list[str]) -> Choices:
    return [app_commands.Choice(name=name, value=name) for name in names]


async def offer(
    interaction: discord.Interaction, what: str, find: Callable[[CampaignService], list[str]]
) -> Choices:
    """The choices ``find(service)`` gives, read in a thread; none if anything fails."""
    service = service_of(interaction)
    if service is None:
        return []
    try:
        return choices(await asyncio.to_thread(find, service))
    except RequestError:
        return []
    except Exception:
        log.exception("offering %s failed", what)
        return []


class _Name(app_commands.Transformer):
    """A name typed as text, trimmed, of at most :attr:`length` characters."""

    length = CAMPAIGN_LENGTH

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return self.length

    async def transform(self, interaction: discord.Interaction, value: str, /) -> str:
        return value.strip()


class CampaignTransformer(_Name):
    """A campaign's name, offered from those the asker may see."""

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str, /
    ) -> Choices:
        def find(service: CampaignService) -> list[str]:
            return directory.campaign_names(service.engine, value)

        return await offer(interaction, "campaigns", find)


def _campaign_here(interaction: discord.Interaction, service: CampaignService) -> str:
    """The campaign the command names so far, else its channel's (blocks)."""
    named = getattr(interaction.namespace, "campaign", None)
    return Place.of(interaction).campaign(service.engine, named if isinstance(named, str) else None)


class FreeCharacterTransformer(_Name):
    """A character to join as, offered from those free in the campaign."""

    length = CHARACTER_LENGTH

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str, /
    ) -> Choices:
        def find(service: CampaignService) -> list[str]:
            campaign = _campaign_here(interaction, service)
            free = directory.free_characters(service.engine, service.catalog, campaign)
            return directory.offered(value, free)

        return await offer(interaction, "free characters", find)


class SeatedCharacterTransformer(_Name):
    """A seat's character, offered from those seated in the campaign."""

    length = CHARACTER_LENGTH

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction, value: str, /
    ) -> Choices:
        def find(service: CampaignService) -> list[str]:
            campaign = _campaign_here(interaction, service)
            return directory.offered(value, directory.seated_characters(service.engine, campaign))

        return await offer(interaction, "seated characters", find)


CampaignOption = app_commands.Transform[str, CampaignTransformer]
FreeCharacter = app_commands.Transform[str, FreeCharacterTransformer]
SeatedCharacter = app_commands.Transform[str, SeatedCharacterTransformer]
