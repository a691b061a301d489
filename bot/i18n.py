"""The languages a person may read realmbot in, and the one being spoken now.

Every sentence is rendered in the reader's language (issue 35): a campaign's public reports in
the campaign's language, each player's DMs in his own. The words live in message catalogs,
one ``templates/locale/<language>/LC_MESSAGES/realmbot.po`` per language, extracted from the
templates' ``{% trans %}`` blocks and the code's :func:`gettext` calls by ``make
translations`` (Babel); a third language is a translator's ``.po`` file, not a programmer's
change. English is the source language: its catalog is the messages themselves.

The language being spoken is a context variable, as Red-DiscordBot keeps its locale: whoever
writes to a reader says ``with speaking(language):`` around what it renders, and every
template and :func:`gettext` inside speaks it (:func:`current`). Code that says nothing speaks
English. A ``.po`` file is compiled in memory the first time its language is spoken, so no
compiled ``.mo`` file is kept beside it to fall out of date.
"""

from __future__ import annotations

import enum
import gettext as gettext_module
import io
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from rules import glossary

#: The catalogs' domain: ``realmbot.po`` in each language's folder.
DOMAIN = "realmbot"


class Language(enum.StrEnum):
    """A language realmbot speaks, by its ISO 639-1 code (what the settings store)."""

    EN = "en"
    ES = "es"

    @property
    def native_name(self) -> str:
        """The language's name in itself (``English``, ``español``), as a choice is shown."""
        return _native_name(self.value)


@cache
def _native_name(code: str) -> str:
    return str(Locale.parse(code).get_display_name(code))


#: The language of anything that names none: the project's source language.
DEFAULT = Language.EN

#: What a person may type to choose a language: its code, its English name and its own name.
_NAMES: dict[str, Language] = {
    name: language
    for language in Language
    for name in (
        language.value,
        *(
            str(Locale.parse(language.value).get_display_name(locale)).casefold()
            for locale in ("en", language.value)
        ),
    )
}


class UnknownLanguageError(ValueError):
    """A language realmbot does not speak; the message names those it does."""


def named(text: str) -> Language | None:
    """The language ``text`` names, as :func:`language` reads it, or None: for a caller to
    whom another language is no mistake (a Discord client's locale)."""
    return _NAMES.get(text.strip().casefold())


def language(text: str) -> Language:
    """The language ``text`` names: its code (``es``), its English name (``Spanish``) or its
    own (``español``), in any case. Anything else raises :class:`UnknownLanguageError`."""
    found = named(text)
    if found is None:
        raise UnknownLanguageError(
            gettext("Unknown language %(text)s: realmbot speaks %(languages)s.")
            % {
                "text": repr(text.strip()[:40]),
                "languages": ", ".join(f"{lang.value} ({lang.native_name})" for lang in Language),
            }
        )
    return found


_SPOKEN: ContextVar[Language] = ContextVar("realmbot_language", default=DEFAULT)


def current() -> Language:
    """The language being spoken here (:func:`speaking`); English where none was said."""
    return _SPOKEN.get()


@contextmanager
def speaking(spoken: Language | str | None) -> Iterator[Language]:
    """Speak ``spoken`` (None: the default) in the ``with`` block, in this thread or task only;
    the language spoken before is spoken again after it."""
    chosen = DEFAULT if spoken is None else Language(spoken)
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def enter(spoken: Language | str | None) -> None:
    """Speak ``spoken`` (None: the default) for the rest of the current task (and the threads
    it starts): a Discord interaction's, which a task of its own serves, from its first line;
    a reply about a campaign still speaks its reader's (:func:`speaking`)."""
    _SPOKEN.set(DEFAULT if spoken is None else Language(spoken))


@cache
def translations(spoken: Language) -> gettext_module.NullTranslations:
    """The message catalog of ``spoken``, compiled in memory from its ``.po`` file. English,
    the messages' own language, has none: its translations are the messages themselves. A
    message the catalog lacks, or marks fuzzy, is said in English."""
    if spoken is DEFAULT:
        return gettext_module.NullTranslations()
    path = resources.files("templates") / "locale" / spoken.value / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=spoken.value, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext_module.GNUTranslations(compiled)


def gettext(message: str) -> str:
    """``message`` in the language being spoken."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the language being spoken (its
    own plural rule: Spanish, like English, has two forms; another may have more)."""
    return translations(current()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language being spoken, as said in ``context`` (a word whose
    translation depends on where it stands: a map legend's "cave clearing" is not a
    sentence's)."""
    return translations(current()).pgettext(context, message)


#: The marker :func:`gettext` is found by: ``_("...")`` in the code is extracted and translated.
_ = gettext


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """``message`` itself, marked for extraction: a constant said later, in the reader's
    language, by :func:`gettext` (a ``_()`` at import time would say it in English for good)."""
    return message


def later(message: str, **values: object) -> Callable[[], str]:
    """What says ``message`` (marked with :func:`N_`), its ``%(name)s`` filled from
    ``values`` (a game name in that language's rulebook's words), in the language spoken when
    it is called: a line written now and read later in its reader's language
    (:class:`bot.outbox_writer.Outbox` calls it so)."""

    def said() -> str:
        if not values:
            return gettext(message)
        spoken = glossary(current().value)
        return gettext(message) % {
            k: spoken.term(v) if isinstance(v, str) else v for k, v in values.items()
        }

    return said


def patterns(message: str, groups: Mapping[str, str]) -> list[str]:
    """``message`` as each language realmbot speaks says it, as regular expressions (one a
    language) in which each placeholder ``%(name)s`` of ``groups`` is its expression: for
    reading back a message the bot wrote, whatever its reader's language."""
    found = []
    for spoken in Language:
        text = re.escape(translations(spoken).gettext(message))
        for name, group in groups.items():
            text = text.replace(re.escape(f"%({name})s"), group)
        found.append(text)
    return found
