"""The slash commands' names and descriptions for clients set to Spanish, from realmbot's
catalog (issue 35): what the bot syncs carries each translation the catalog has, a name only
where Discord would take it, and nothing for English clients."""

from __future__ import annotations

import gettext
import unicodedata
from pathlib import Path
from typing import Any

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
from bot.i18n import Language, translations
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


#: Discord's longest name, description and choice name.
NAME_LENGTH, TEXT_LENGTH = 32, 100
#: The locales whose clients read Spanish.
SPANISH = ("es-ES", "es-419")


def discord_takes(name: str) -> bool:
    """Whether Discord takes ``name`` as a command's or an option's name: 1 to 32 letters,
    digits, ``-`` or ``_`` (``^[-_\\p{L}\\p{N}...]{1,32}$``), none of them uppercase."""
    allowed = all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
    return 0 < len(name) <= NAME_LENGTH and allowed and name == name.lower()


def names_said(payloads: list[dict[str, Any]], locale: str, where: str) -> list[str]:
    """The problems of the names ``payloads`` (commands, or one command's options) show a
    client in ``locale``: a name Discord refuses, one the catalog translates but the sync left
    English, two siblings named alike; then the same within each of them."""
    catalog = translations(Language.ES)
    problems: list[str] = []
    seen: dict[str, str] = {}
    for payload in payloads:
        english = payload["name"]
        said = (payload.get("name_localizations") or {}).get(locale, english)
        path = f"{where} {english}".strip()
        if not discord_takes(said):
            problems.append(f"{path}: {said!r} is no Discord name")
        if said == english and catalog.pgettext(NAME_CONTEXT, english) != english:
            problems.append(f"{path}: its Spanish was refused")
        if said in seen:
            problems.append(f"{path}: named {said!r} as {seen[said]} is")
        seen[said] = english
        texts = [payload.get("description_localizations") or {}]
        texts += [c.get("name_localizations") or {} for c in payload.get("choices", [])]
        problems += [
            f"{path}: {t[locale]!r} is too long"
            for t in texts
            if len(t.get(locale, "")) > TEXT_LENGTH
        ]
        problems += names_said(payload.get("options", []), locale, path)
    return problems


@pytest.mark.asyncio
async def test_every_command_has_a_spanish_name_discord_takes_unique_among_its_siblings(
    table: Table,
) -> None:
    """With the project's Spanish catalog: each command's, group's and option's name is
    translated into a name Discord takes (:func:`discord_takes`), no two commands of one group
    (or of the top level) and no two options of one command share a Spanish name, and no
    description or choice is longer than Discord shows."""
    tree = table.bot.tree
    assert isinstance(tree.translator, CatalogTranslator), "set up with the bot"
    commands = tree.get_commands(type=discord.AppCommandType.chat_input)
    payloads = [await c.get_translated_payload(tree, tree.translator) for c in commands]
    for locale in SPANISH:
        assert names_said(payloads, locale, "") == []
