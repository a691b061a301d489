"""The slash commands' names and descriptions for clients set to Spanish, from realmbot's
catalog (issue 35): what the bot syncs carries each translation the catalog has, a name only
where Discord would take it, and nothing for English clients."""

from __future__ import annotations

import gettext

import discord
import pytest

import bot.discord.translator as translator
from bot.discord.translator import NAME_CONTEXT, CatalogTranslator, locale_language
from bot.i18n import Language
from tests.bot.discord.conftest import Table

NAMES = {"settings": "ajustes", "language": "idioma", "campaign": "Campaña Mía"}
MESSAGES = {
    "The language of your messages": "El idioma de tus mensajes",
    "the language you read": "el idioma que lees",
}


class Catalog(gettext.NullTranslations):
    """A Spanish catalog of a few messages (the project's has none of the commands' yet)."""

    def pgettext(self, context: str, message: str) -> str:
        return NAMES.get(message, message) if context == NAME_CONTEXT else message

    def gettext(self, message: str) -> str:
        return MESSAGES.get(message, message)


def test_a_discord_locale_is_in_the_language_of_its_code() -> None:
    assert locale_language(discord.Locale.spain_spanish) is Language.ES
    assert locale_language(discord.Locale.latin_american_spanish) is Language.ES
    assert locale_language(discord.Locale.american_english) is Language.EN
    assert locale_language(discord.Locale.french) is None


@pytest.mark.asyncio
async def test_the_settings_commands_are_synced_with_their_spanish(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = table.bot.tree
    assert isinstance(tree.translator, CatalogTranslator), "set up with the bot"
    monkeypatch.setattr(translator, "translations", lambda spoken: Catalog())
    settings = next(c for c in tree.get_commands() if c.name == "settings")
    payload = await settings.get_translated_payload(tree, tree.translator)
    assert payload["name_localizations"] == {"es-ES": "ajustes", "es-419": "ajustes"}
    (chosen,) = [o for o in payload["options"] if o["name"] == "language"]
    assert chosen["name_localizations"] == {"es-ES": "idioma", "es-419": "idioma"}
    assert chosen["description_localizations"]["es-419"] == "El idioma de tus mensajes"
    (option,) = [o for o in chosen["options"] if o["name"] == "language"]
    assert option["description_localizations"]["es-ES"] == "el idioma que lees"
    (campaign,) = [o for o in chosen["options"] if o["name"] == "campaign"]
    assert not campaign.get("name_localizations"), "'Campaña Mía' is no name Discord takes"
    reminders = next(o for o in payload["options"] if o["name"] == "reminders")
    assert not reminders.get("name_localizations"), "what the catalog lacks stays English"
