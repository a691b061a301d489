"""The slash commands in the language of each member's Discord client (issue 35): discord.py
asks :class:`CatalogTranslator` for every command's, group's and option's name and description,
and every choice's name, in each locale Discord has, when the commands are synced; it answers
from realmbot's own message catalog (:mod:`bot.i18n`) for the locales of a language realmbot
speaks (``es-ES`` and ``es-419`` are Spanish), and Discord shows a client set to one of them
the translation.

A name (of a command, a group or an option) is looked up under the message context
:data:`NAME_CONTEXT`, since it must stay one lowercase word (``órdenes``) where its description
is a sentence; a translated name that Discord would refuse is left untranslated rather than
failing the sync. A message the catalog lacks keeps its English. ``make translations`` extracts
the words from the cogs' decorators (:func:`extract_commands`, named in ``babel.cfg``).
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Iterator
from textwrap import TextWrapper
from typing import IO, Any

import discord
from babel.messages.extract import extract_python
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, Language, named, translations

#: The catalog's context of a command's, a group's or an option's name.
NAME_CONTEXT = "discord name"
#: What Discord takes as a name: lowercase letters, digits, ``-`` and ``_``, 1 to 32.
_NAME = re.compile(r"^[-_\w]{1,32}$")
_NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


def locale_language(locale: discord.Locale) -> Language | None:
    """The language realmbot speaks that a Discord ``locale`` is in (``es-419``: Spanish), or
    None."""
    return named(str(locale.value).partition("-")[0])


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
        if context.location in _NAMES:
            said = name_in(spoken, string.message)
        else:
            said = translations(spoken).gettext(string.message)
        return said if said != string.message else None


def name_in(spoken: Language, name: str) -> str:
    """A command's, group's or option's ``name`` as a Discord client in ``spoken`` shows it:
    its translation where Discord takes it as a name, else ``name``."""
    said = translations(spoken).pgettext(NAME_CONTEXT, name)
    return said if _NAME.match(said) is not None and said == said.lower() else name


def command_in(spoken: Language, qualified_name: str) -> str:
    """A slash command (``gm create``) as a client in ``spoken`` shows it: ``/gm crear``."""
    return "/" + " ".join(name_in(spoken, part) for part in qualified_name.split())


# --- extraction into the catalog ----------------------------------------------------------------

#: A message found in a cog's source: its line, Babel's function name, what it is (the name's
#: context and the name, or the text), and no comment.
Found = tuple[int, str, str | tuple[str, str], list[str]]

#: An option's description as discord.py keeps it, on one line of at most 100 characters, and
#: asks it translated (``discord.utils._shorten``).
_OPTION_TEXT = TextWrapper(width=100, max_lines=1, replace_whitespace=True, placeholder="…")

#: The calls whose ``name`` is a name and ``description`` a text: a command, a group.
_DECLARING = frozenset({"command", "Group"})


def extract_commands(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Any]:
    """Babel's extractor of a cog's words (``babel.cfg``): every command's, group's and option's
    name (``pgettext`` under :data:`NAME_CONTEXT`) and description, and every choice's name,
    as the decorators and the ``GroupCog`` class arguments write them — a literal, or a
    constant of the module bound to one; then its code's own messages (``_()``, Babel's Python
    extractor), since a file is read by one extractor."""
    source = fileobj.read()
    yield from _decorated(ast.parse(source))
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)


def _decorated(tree: ast.Module) -> Iterator[Found]:
    """The commands' words in a cog's syntax ``tree`` (see :func:`extract_commands`)."""
    constants = {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }

    def text(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        return constants.get(node.id) if isinstance(node, ast.Name) else None

    def said(line: int, name: str | None, description: str | None) -> Iterator[Found]:
        if name is not None:
            yield line, "pgettext", (NAME_CONTEXT, name), []
        if description is not None:
            yield line, "gettext", description, []

    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            given = {k.arg: text(k.value) for k in node.keywords if k.arg}
            yield from said(node.lineno, given.get("group_name"), given.get("group_description"))
        elif isinstance(node, ast.AsyncFunctionDef):
            if any(_called(d) == "command" for d in node.decorator_list):
                for arg in node.args.args[2:] + node.args.kwonlyargs:  # after self, interaction
                    yield from said(node.lineno, arg.arg, None)
        elif isinstance(node, ast.Call):
            called = _called(node)
            given = {k.arg: text(k.value) for k in node.keywords if k.arg}
            if called in _DECLARING:
                yield from said(node.lineno, given.get("name"), given.get("description"))
            elif called == "describe":  # each option's name is its parameter's, found above
                for description in given.values():
                    shown = None if description is None else _OPTION_TEXT.fill(description)
                    yield from said(node.lineno, None, shown)
            elif called == "Choice":
                yield from said(node.lineno, None, given.get("name"))
        elif isinstance(node, ast.Subscript) and _named(node.value) == "Literal":
            # a Literal's strings are its option's choices, each named by itself
            chosen = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            for choice in chosen:
                yield from said(node.lineno, None, text(choice))


def _called(node: ast.expr) -> str | None:
    """The name of the function ``node`` calls (``app_commands.command`` -> ``command``)."""
    return _named(node.func) if isinstance(node, ast.Call) else None


def _named(node: ast.expr) -> str | None:
    """The last name of ``node`` (``typing.Literal`` -> ``Literal``)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None
