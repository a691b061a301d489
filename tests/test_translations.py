"""The message catalogs (issue 35, :mod:`bot.i18n`): every message the code and the templates
say has its Spanish, with the same placeholders; the language spoken follows ``speaking`` and
nothing else; a language is chosen by its code or its name."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from bot.i18n import DEFAULT, Language, UnknownLanguageError, current, gettext, language, speaking

ROOT = Path(__file__).resolve().parent.parent


#: A message as the catalogs key it: its context (None but for the slash commands' names, see
#: :mod:`bot.discord.translator`) and its id (the singular of a plural).
Key = tuple[str | None, str]


def extracted() -> dict[Key, tuple[str, ...]]:
    """Every message the project says, as ``make translations`` extracts it (``babel.cfg``):
    its context and id, and the files that say it."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found: dict[Key, set[str]] = {}
    for filename, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map
    ):
        key = (context, message if isinstance(message, str) else message[0])
        found.setdefault(key, set()).add(filename)
    return {key: tuple(sorted(files)) for key, files in found.items()}


def catalog(spoken: Language) -> Catalog:
    path = ROOT / "templates" / "locale" / spoken.value / "LC_MESSAGES" / "realmbot.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=spoken.value)


@pytest.mark.parametrize("spoken", [lang for lang in Language if lang is not DEFAULT])
def test_every_message_has_its_translation_with_the_same_placeholders(spoken: Language):
    translated = catalog(spoken)
    missing = []
    for (context, key), files in extracted().items():
        entry = translated.get(key, context)
        strings = () if entry is None else entry.string
        forms = strings if isinstance(strings, tuple | list) else (strings,)
        if entry is None or entry.fuzzy or not forms or not all(forms):
            where = "" if context is None else f" ({context})"
            missing.append(f"{files[0]}: {key[:70]!r}{where}")
    assert missing == [], f"{len(missing)} messages have no {spoken.native_name}"
    problems = [f"{message.id!r}: {errors}" for message, errors in translated.check() if errors]
    assert problems == []


def test_no_translation_is_left_of_a_message_the_project_no_longer_says():
    said = set(extracted())
    for spoken in Language:
        if spoken is DEFAULT:
            continue
        keys = [
            (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog(spoken) if m.id
        ]
        stale = [key for key in keys if key not in said]
        assert stale == [], f"run make translations: {spoken.value} keeps {stale[:5]}"


def test_a_template_speaks_the_language_of_its_block_and_english_outside():
    assert current() is DEFAULT
    with speaking("es"):
        assert current() is Language.ES
        assert gettext("yes") == "sí"
        with speaking(None):
            assert gettext("yes") == "yes"
    assert gettext("yes") == "yes"


def test_tasks_speak_their_own_language():
    async def say(spoken: Language) -> str:
        with speaking(spoken):
            await asyncio.sleep(0)
            return gettext("yes")

    async def both() -> list[str]:
        return list(await asyncio.gather(say(Language.ES), say(Language.EN)))

    assert asyncio.run(both()) == ["sí", "yes"]
    assert gettext("yes") == "yes"


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("es", Language.ES),
        ("Spanish", Language.ES),
        (" ESPAÑOL ", Language.ES),
        ("en", Language.EN),
    ],
)
def test_a_language_is_named_by_its_code_or_its_name(text: str, spoken: Language):
    assert language(text) is spoken


@pytest.mark.parametrize("text", ["fr", "", "x" * 10_000, "@everyone"])
def test_a_language_realmbot_does_not_speak_is_refused_naming_those_it_does(text: str):
    with pytest.raises(UnknownLanguageError) as refused:
        language(text)
    assert "es (español)" in str(refused.value) and "en (English)" in str(refused.value)
    assert len(str(refused.value)) < 200
