"""The slash commands' names and descriptions for clients set to Spanish, from realmbot's
catalog (issue 35): what the bot syncs carries each translation the catalog has, a name only
where Discord would take it, and nothing for English clients."""

from __future__ import annotations

import gettext
from pathlib import Path

import discord
import pytest
from babel.messages.extract import extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.util import pathmatch

import bot.discord.translator as translator
from bot.discord.cogs.moderators import SETTING_CHOICES
from bot.discord.options import LANGUAGE_CHOICES
from bot.discord.translator import (
    NAME_CONTEXT,
    CatalogTranslator,
    locale_language,
)
from bot.help import TOPICS
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


def extracted() -> tuple[set[str], set[str]]:
    """The names and the texts ``make translations`` extracts from the cogs, by the extractor
    ``babel.cfg`` names for them."""
    with Path("babel.cfg").open(encoding="utf-8") as config:
        methods, _ = parse_mapping_cfg(config)
    names: set[str] = set()
    texts: set[str] = set()
    for path in sorted(Path("bot/discord/cogs").glob("*.py")):
        method = next(m for pattern, m in methods if pathmatch(pattern, path.as_posix()))
        assert method == "bot.discord.translator:extract_commands", path
        for _, message, _, context in extract_from_file(method, str(path)):
            assert context in (None, NAME_CONTEXT) and isinstance(message, str)
            (names if context == NAME_CONTEXT else texts).add(message)
    return names, texts


@pytest.mark.asyncio
async def test_every_word_of_the_commands_is_extracted_for_the_translators(table: Table) -> None:
    """Each command's, group's and option's name and description, and each choice's name,
    reaches the catalog: but the choices made from data (the settings, the languages, the help's
    topics)."""
    names, texts = extracted()
    dynamic = {c.name for c in [*SETTING_CHOICES, *LANGUAGE_CHOICES]} | set(TOPICS)
    missing: list[str] = []
    for command in table.bot.tree.walk_commands():
        missing += [w for w in (command.name,) if w not in names]
        missing += [w for w in (command.description,) if w not in texts]
        for parameter in getattr(command, "parameters", []):
            missing += [w for w in (parameter.name,) if w not in names]
            missing += [w for w in (parameter.description,) if w not in texts and w != "…"]
            choices = [c.name for c in parameter.choices if c.name not in dynamic]
            missing += [w for w in choices if w not in texts]
    assert missing == []
