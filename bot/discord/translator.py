"""The slash commands in the language of each member's Discord client (issue 35): discord.py
asks :class:`CatalogTranslator` for every command's, group's and option's name and description,
and every choice's name, in each locale Discord has, when the commands are synced; it answers
from realmbot's own message catalog (:mod:`bot.i18n`) for the locales of a language realmbot
speaks (``es-ES`` and ``es-419`` are Spanish), and Discord shows a client set to one of them
the translation.

A name (of a command, a group or an option) is looked up under the message context
:data:`NAME_CONTEXT`, since it must stay one lowercase word (``órdenes``) where its description
is a sentence; a translated name that Discord would refuse is left untranslated rather than
failing the sync. A message the catalog lacks keeps its English.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, Language, UnknownLanguageError, language, translations

#: The catalog's context of a command's, a group's or an option's name.
NAME_CONTEXT = "discord name"
#: What Discord takes as a name: lowercase letters, digits, ``-`` and ``_``, 1 to 32.
_NAME = re.compile(r"^[-_\w]{1,32}$")
_NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


def locale_language(locale: discord.Locale) -> Language | None:
    """The language realmbot speaks that a Discord ``locale`` is in (``es-419``: Spanish), or
    None."""
    try:
        return language(str(locale.value).partition("-")[0])
    except UnknownLanguageError:
        return None


class CatalogTranslator(app_commands.Translator):
    """The commands' words from realmbot's message catalogs (see the module)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        spoken = locale_language(locale)
        if spoken is None or spoken is DEFAULT:
            return None
        catalog = translations(spoken)
        if context.location in _NAMES:
            said = catalog.pgettext(NAME_CONTEXT, string.message)
            valid = _NAME.match(said) is not None and said == said.lower()
            return said if said != string.message and valid else None
        said = catalog.gettext(string.message)
        return said if said != string.message else None
