"""Rendering of person-facing text from the Jinja2 templates in the ``templates`` package.

Templates run in an immutable sandbox with strict undefined names; their output is capped. For
text bound for Discord, every value a template prints is escaped for Markdown and mentions (a
player named ``@everyone`` or ``**bold**`` prints harmlessly); values the code marks as trusted
with :class:`markupsafe.Markup` are printed as they are. Forum posts (``posts/*.j2``) print
every value through a filter of their format: ``bbcode`` (:func:`escape_bbcode`), ``markdown``
(:func:`escape_markdown`) and ``fence`` (:func:`markdown_fence`) for a Markdown code block.
Each template is compiled once and kept compiled in the user's cache (:class:`CompiledTemplates`).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from datetime import datetime
from functools import cache, partial
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup

from bot.deadlines import discord_timestamp, read_moment, when, written
from bot.i18n import Language, _, current, speaking, translations
from bot.terms import term, term_in
from bot.wording import Pronouns, pronouns, unnamed
from rules import VERBATIM, Phrase, is_stored_phrase

#: The most characters a rendered message may have (a report is split or attached beyond it).
MAX_OUTPUT = 200_000

_MARKDOWN = re.compile(r"([\\*_~`|\[\]])")
#: A line Discord reads as a block — a quote, a heading, a list item — even when indented; a
#: line starts after any line break (``\r``, U+2028... as :meth:`str.splitlines` and
#: JavaScript's ``^`` see them), not only after ``\n``.
_QUOTE = re.compile(r"(?:^|(?<=[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]))([ \t]*)([>#-])", re.M)
#: Everyone, here, a user, a role, a channel, and a slash command (``</name:id>``, a link that
#: runs the command when clicked).
_MENTION = re.compile(r"@(everyone|here)|<(@[!&]?|#)(\d+)>|</[^<>\n]+:\d+>")


def escape_discord(value: Any) -> Any:
    """``value`` made inert for Discord: Markdown characters escaped, mentions broken with a
    zero-width space. :class:`Markup` values and non-strings pass unchanged."""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    escaped = _QUOTE.sub(r"\1\\\2", _MARKDOWN.sub(r"\\\1", value))
    return _MENTION.sub(lambda m: m.group(0)[0] + "\u200b" + m.group(0)[1:], escaped)


#: What Markdown may read as markup inside a line: emphasis, code, links, images, HTML and
#: entities, tables, strikethrough, a heading's closing hashes, mentions; and the backslash.
_MARKDOWN_INLINE = re.compile(r"([\\`*_~|\[\]<>!#&@])")
_BACKTICKS = re.compile(r"`+")


def escape_bbcode(value: Any) -> str:
    """``value`` as text that no BBCode parser reads as a tag: a zero-width space (U+200B)
    follows every ``[``, so ``[b]`` looks the same but is no tag, and nothing — not even
    ``[/code]`` — opens or closes one."""
    return str(value).replace("[", "[\u200b")


def escape_markdown(value: Any) -> str:
    """``value`` as text Markdown prints literally, on one line: every character Markdown may
    read as inline markup is escaped with a backslash, and line breaks become spaces (a value
    fills one line of a template, so it cannot start a block of its own)."""
    return _MARKDOWN_INLINE.sub(r"\\\1", " ".join(str(value).splitlines()))


def markdown_fence(value: Any) -> str:
    """``value`` as a fenced Markdown code block, printed literally: the fence is a run of
    backticks longer than any in ``value``, so nothing in it can close the block."""
    text = str(value)
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def discord_times(text: str) -> str:
    """Times written ``2026-11-24 20:00 UTC``, or as another language writes them
    (:func:`bot.deadlines.when`: ``24/11/2026 20:00 UTC``), become Discord timestamps (each
    reader sees his own time zone and language, and how far away it is); other text is
    unchanged."""

    def stamp(match: re.Match[str]) -> str:
        moment = read_moment(match)
        return f"{discord_timestamp(moment)} ({discord_timestamp(moment, 'R')})"

    for spoken in Language:
        text = written(spoken).sub(stamp, text)
    return text


class CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """The templates compiled to Python bytecode in a folder (of the user's cache), so that a
    process does not parse and compile again each template it renders: Jinja keys each file by
    the template's name and checks it against a hash of the template's source, so a changed
    template is compiled again. A folder that cannot be read or written, or a damaged file,
    only costs the compile."""

    def __init__(self, directory: Path) -> None:
        with contextlib.suppress(OSError):
            directory.mkdir(parents=True, exist_ok=True)
        super().__init__(str(directory))

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable or damaged: compiled again, never trusted
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def compiled_templates(kind: str) -> CompiledTemplates:
    """Where the templates of the environment ``kind`` are kept compiled: a folder of
    ``$XDG_CACHE_HOME/realmbot`` (:func:`bot.catalog_cache.cache_dir`) by Jinja's version,
    ``kind`` and this module's source (the environments' settings change the compiled code)."""
    from bot.catalog_cache import cache_dir

    code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    name = f"jinja-{jinja2.__version__}-{kind}-{code}"
    return CompiledTemplates(cache_dir() / "templates" / name)


def _environment(kind: str, spoken: Language, finalize: Any = None) -> jinja2.Environment:
    environment = ImmutableSandboxedEnvironment(
        loader=jinja2.PackageLoader("templates", ""),
        bytecode_cache=compiled_templates(kind),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
        finalize=finalize,
        extensions=["jinja2.ext.i18n"],
        auto_reload=False,  # the templates are the package's: not a file's date at each use
    )
    # Every language shares the compiled code: a {% trans %} block compiles to a call of
    # gettext with its English message, looked up in the catalog installed here when it runs.
    environment.install_gettext_translations(  # type: ignore[attr-defined]
        translations(spoken), newstyle=True
    )
    environment.filters.update(bbcode=escape_bbcode, markdown=escape_markdown, fence=markdown_fence)
    # A game term in the environment's language: {{ term('Amazon') }}, {{ who | term }}.
    spoken_term = partial(_term, spoken)
    environment.globals.update(pronouns=pronouns, term=spoken_term)
    environment.filters.update(
        term=spoken_term, say=partial(_say, spoken), when=partial(_when, spoken)
    )
    return environment


def _term(spoken: Language, value: Any) -> Any:
    """``{{ name | term }}``: a game term in the environment's language; a value that is no
    name (None, a number) as it is."""
    return term_in(spoken, value) if isinstance(value, str) else value


def _when(spoken: Language, moment: datetime) -> str:
    """``{{ deadline | when }}``: a moment as the environment's language writes it
    (:func:`bot.deadlines.when`)."""
    return when(moment, spoken)


def _say(spoken: Language, value: Any, subject: str | None = None) -> str:
    """``{{ reason | say }}``: a value of the engine as a sentence shows it in the environment's
    language: a phrase said, a game term in his rulebook's words (:func:`word`).
    ``{{ problem.message | say(character) }}``: its ``he`` and ``his`` are ``subject``'s."""
    with speaking(spoken):
        return word(value, None if subject is None else pronouns(subject))


# --- the engine's values and phrases in words -----------------------------------------------

#: The words a sentence may take for its subject (:class:`bot.wording.Pronouns`).
PRONOUNS = ("he", "his", "him", "feminine")


def word(value: Any, said: Pronouns | None = None) -> str:
    """A field's value as the sentence shows it: a game term in the language spoken, a phrase
    said (:func:`say`, its subject ``said`` unless it names its own ``who``; someone unnamed,
    :func:`bot.wording.unnamed`, when neither says)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Phrase) or is_stored_phrase(value):
        return say(Phrase.read(value), said)
    if isinstance(value, list | tuple):
        return ", ".join(_item(item, said) for item in value)
    return term(value) if isinstance(value, str) else str(value)


def english(value: Any) -> str:
    """A value of the engine as an English sentence shows it (:func:`word`): for the tests and
    the scenarios, which state what the rulebook says in its words."""
    with speaking(Language.EN):
        return word(value)


def _item(value: Any, said: Pronouns | None) -> str:
    if isinstance(value, str):
        return term(value)
    if isinstance(value, Phrase) or is_stored_phrase(value):
        return say(Phrase.read(value), said)
    return str(value)


def say(phrase: Phrase, said: Pronouns | None = None) -> str:
    """``phrase`` in the language spoken: the macro its key names in ``templates/phrases``, each
    value a word; ``he``, ``his``, ``him`` and ``feminine`` are its ``who``'s, else ``said``
    (:data:`PRONOUNS`). A stored text
    (:data:`rules.phrases.VERBATIM`) is said as it is."""
    values = phrase.named
    if phrase.key == VERBATIM:
        return str(values.get("text", ""))
    folder, _, name = phrase.key.partition(".")
    macro = getattr(section("phrases", folder, current()), name)
    who = values.get("who")
    if isinstance(who, str):
        said = pronouns(who)
    elif said is None:
        said = unnamed()
    told = {key: word(value, said) for key, value in values.items()}
    told |= {w: getattr(said, w) for w in PRONOUNS if w in macro.arguments}
    return str(macro(**told))


def words(name: str) -> Any:
    """The macros of ``templates/words/<name>.j2`` in the language spoken."""
    return section("words", name, current())


@cache
def section(folder: str, name: str, spoken: Language) -> Any:
    """The macros of ``templates/<folder>/<name>.j2`` in the plain-text environment of every
    template (:func:`bot.render.environment`) that speaks ``spoken``."""
    with speaking(spoken):
        return environment().get_template(f"{folder}/{name}.j2").module


@cache
def _plain(spoken: Language) -> jinja2.Environment:
    return _environment("plain", spoken)


@cache
def _discord(spoken: Language) -> jinja2.Environment:
    return _environment("discord", spoken, escape_discord)


def environment() -> jinja2.Environment:
    """The environment for plain text — local files, forum posts, the command line — in the
    language being spoken (:func:`bot.i18n.current`)."""
    return _plain(current())


def discord_environment() -> jinja2.Environment:
    """The environment for Discord, every printed value escaped (:func:`escape_discord`), in
    the language being spoken."""
    return _discord(current())


def compile_all() -> None:
    """Compile every template of the plain environment now: a resident process
    (:mod:`bot.resident`) compiles them once for every command it forks."""
    plain = environment()
    for name in plain.list_templates(extensions=["j2"]):
        plain.get_template(name)


def _capped(text: str) -> str:
    if len(text) > MAX_OUTPUT:
        raise ValueError(f"a rendered message of {len(text)} characters exceeds {MAX_OUTPUT}")
    return text


def render(name: str, **context: Any) -> str:
    """Render the template ``name`` (e.g. ``"catalog/summary.txt.j2"``) as plain text, in the
    language being spoken."""
    return _capped(environment().get_template(name).render(**context))


def render_discord(name: str, **context: Any) -> str:
    """Render the template ``name`` for Discord, every value escaped, in the language being
    spoken."""
    return _capped(discord_environment().get_template(name).render(**context))


def split_message(text: str, limit: int = 2000) -> list[str]:
    """Split ``text`` into parts of at most ``limit`` characters at line breaks (hard-splitting
    longer lines), so that no Discord message is refused for its length. A hard split never
    parts an escape from what it escapes (``\\`` and ``*``), and a part it starts with what
    Discord would read as a block (a quote, a heading, a list item) has it escaped: escaped text
    stays escaped in every part."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            cut = _cut(line, limit)
            parts.append(line[:cut])
            line = line[cut:]
            if limit > 2:  # room for the escape: each part still takes something of the line
                line = _BLOCK_START.sub(r"\1\\\2", line, count=1)
        if len(current) + len(line) > limit:
            parts.append(current)
            current = ""
        current += line
    if current or not parts:
        parts.append(current)
    return [part.rstrip("\n") or part for part in parts]


#: The start of a part that Discord would read as a block.
_BLOCK_START = re.compile(r"^([ \t]*)([>#*-])")


def _cut(line: str, limit: int) -> int:
    """Where to hard-split ``line`` within ``limit``: not after a backslash that escapes the
    next character (an odd run of them)."""
    head = line[:limit]
    run = len(head) - len(head.rstrip("\\"))
    return max(1, limit - run % 2)
