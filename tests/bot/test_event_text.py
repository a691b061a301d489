"""The sentence of every event type (bot.event_text, templates/events): the same English line as
the format strings of rules.events.EVENT_TYPES gave before the events were typed (issue 30).

``data/event_texts.json`` holds a sample of each type's stored fields — from the engine's runs
and the tests, with an optional field left out, a field an older version lacked, a value of
another kind — and the line ``Event.describe()`` made of it, recorded before the sentences moved
to the templates."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2.ext import babel_extract

from bot.event_text import describe
from bot.render import PRONOUNS
from rules.events import PRIVATE, Untyped, event_types, from_stored

SAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "event_texts.json").read_text(encoding="utf-8")
)
TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "events"


def stored(sample: dict[str, Any]) -> dict[str, Any]:
    private = event_types()[sample["type"]].audience == PRIVATE
    return {
        "type": sample["type"],
        "fields": sample["fields"],
        "audience": event_types()[sample["type"]].audience,
        "to": ["Amazon"] if private else [],
    }


def test_every_event_type_has_a_sample():
    assert {sample["type"] for sample in SAMPLES} == set(event_types())


@pytest.mark.parametrize("sample", SAMPLES, ids=[f"{s['type']}-{i}" for i, s in enumerate(SAMPLES)])
def test_the_sentence_is_the_one_of_before(sample):
    assert describe(from_stored(stored(sample))) == sample["text"]


def test_the_samples_read_back_typed_as_the_engine_writes_them():
    """A sample in today's form becomes its type's class (not :class:`Untyped`), whose stored
    fields are the sample's, in the same order."""
    typed = set()
    for sample in SAMPLES:
        event = from_stored(stored(sample))
        if not isinstance(event, Untyped):
            typed.add(event.type)
            assert list(event.fields.items()) == list(sample["fields"].items()), sample
    assert typed == set(event_types())


def test_each_macro_takes_its_event_types_fields():
    """Every template key names a macro whose parameters are its class's fields, in order (then
    the words for its subject, he, his or him, if it speaks of him, and ``feminine`` if its
    words agree with him), and every macro is some type's."""
    environment = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    keys = {kind.template: kind for kind in event_types().values()}
    found = set()
    for path in sorted(TEMPLATES.glob("*.j2")):
        tree = environment.parse(path.read_text(encoding="utf-8"))
        for macro in tree.find_all(jinja2.nodes.Macro):
            key = f"{path.stem}.{macro.name}"
            assert key in keys, f"{key}: no event type has this template"
            names = [a.name for a in macro.args]
            fields = [n for n, _, _ in keys[key].layout]
            assert names[: len(fields)] == fields, key
            assert set(names[len(fields) :]) <= set(PRONOUNS), key
            found.add(key)
    assert found == set(keys)


def test_each_sentence_is_one_message_to_translate():
    """Each macro is one ``{% trans %}`` block: a message catalog extracted from the templates
    (``babel_extract``, as Babel's extractor does) holds one entry per event type, whose
    placeholders are its fields; a sentence with a count has its plural form in the same
    entry (``ngettext``)."""
    messages = []
    for path in sorted(TEMPLATES.glob("*.j2")):
        with path.open("rb") as stream:
            found = babel_extract(stream, ("gettext", "ngettext", "_"), [], {})
            messages += [message for _, function, message, _ in found if function]
    assert len(messages) == len(event_types())
    for message in messages:
        forms = message[:2] if isinstance(message, tuple) else (message,)  # singular, plural
        for form in forms:
            assert isinstance(form, str)
            assert not re.search(r"[{}]", form), form


@pytest.mark.parametrize(
    ("who", "words"),
    [
        ("Amazon", "her turn"),
        ("Woods Girl", "her turn"),
        ("Witch", "her turn"),
        ("Dwarf", "his turn"),
    ],
)
def test_a_sentence_speaks_of_the_amazon_the_witch_and_the_woods_girl_as_she(who, words):
    """The Amazon, the Witch and the Woods Girl are "she" (L3568, L3918, L4013), every other
    character "he", in every sentence that speaks of its subject."""
    lost = from_stored({"type": "turn_lost", "fields": {"who": who, "reason": "blocked"}})
    assert describe(lost) == f"{who} loses {words}: blocked"
    asleep = from_stored(
        {"type": "fell_asleep", "fields": {"who": who, "at": "AV1", "by": "Flowers of Rest"}}
    )
    pronoun = "she" if words.startswith("her") else "he"
    assert f"Sunset: {pronoun} skips the rest of {words}" in describe(asleep)
