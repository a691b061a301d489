"""The sentence of an event in Spanish (issue 35, bot.event_text in ``speaking("es")``): the
catalog's Spanish, in the words of the Spanish rulebook, with the event's values in it and no
English word of the English sentence left, whatever the subject's gender.

The events are the recorded samples of ``data/event_texts.json`` (as in test_event_text.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.event_text import describe, word
from bot.i18n import Language, speaking
from bot.terms import term_in
from rules.events import PRIVATE, Event, event_types, from_stored

SAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "event_texts.json").read_text(encoding="utf-8")
)

# Template keys whose sentence is wholly its catalog message (no English fragment built by a
# words/ macro around a value), one or more from each section of templates/events.
KEYS = [
    "daylight.turn_started",
    "daylight.moved",
    "daylight.hid",
    "daylight.blocked",
    "daylight.turn_lost",
    "evening.lured",
    "evening.ran_away",
    "evening.harm",
    "evening.combat_ended",
    "spells.spell_expired",
    "search.searched",
    "trade.hire_paid",
    "end.death_told",
    "day.follows",
]

# Words that are spelled the same in both languages (Spanish "a" is "to", "no" is "no").
SHARED = {"a", "no"}


def event(sample: dict[str, Any]) -> Event:
    kind = event_types()[sample["type"]]
    return from_stored(
        {
            "type": sample["type"],
            "fields": sample["fields"],
            "audience": kind.audience,
            "to": ["Amazon"] if kind.audience == PRIVATE else [],
        }
    )


def complete(key: str) -> list[dict[str, Any]]:
    """The samples of the type of template ``key`` that give every field."""
    found = []
    for sample in SAMPLES:
        kind = event_types()[sample["type"]]
        if kind.template == key and {k for _, k, _ in kind.layout} <= set(sample["fields"]):
            found.append(sample)
    return found


def words(sentence: str, sample: dict[str, Any]) -> set[str]:
    """The words of ``sentence`` that its event's values did not bring, in either language
    (nor rule numbers)."""
    with speaking("es"):
        spanish = {word(value) for value in sample["fields"].values()}
    values = sorted(
        {word(value) for value in sample["fields"].values()} | spanish | {"yes", "no", "sí"},
        key=len,
        reverse=True,
    )
    for value in values:
        sentence = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", " ", sentence)
    sentence = re.sub(r"\bL?\d[\w.-]*", " ", sentence)  # rule numbers: 4.6.7g.2, L4302
    return {w.lower() for w in re.findall(r"[^\W\d_]+", sentence)}


def says(sentence: str, value: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", sentence) is not None


@pytest.mark.parametrize("key", KEYS)
def test_the_spanish_sentence_has_no_word_of_the_english_one_but_its_values(key):
    samples = complete(key)
    assert samples, f"{key}: no sample gives every field"
    for sample in samples:
        english = describe(event(sample))
        with speaking("es"):
            spanish = describe(event(sample))
        assert spanish != english
        values = [v for v in sample["fields"].values() if not isinstance(v, bool)]
        for value in values:  # a code in lower case (sunset, attack) is put in words instead
            if not word(value).islower() and says(english, word(value)):
                with speaking("es"):
                    said = word(value)  # a game term in the Spanish rulebook's words
                assert says(spanish, said), (said, spanish)
        assert words(english, sample) & words(spanish, sample) <= SHARED, spanish
        assert re.findall(r"\(\d[\d.a-z, ]*\)", spanish) == re.findall(
            r"\(\d[\d.a-z, ]*\)", english
        ), "the rule numbers are kept"


def test_the_sentence_says_the_rulebook_s_terms():
    """The Spanish rulebook's own words: ficha de Atención (7.1), se esconde (7.4), bloquea
    (7.12), atrae (8.3.4), huye corriendo (8.3.8), daño Medio (8.4.9)."""
    said = {}
    with speaking("es"):
        for key in KEYS:
            said[key] = describe(event(complete(key)[0]))
    assert "ficha de Atención" in said["daylight.turn_started"]
    assert "se esconde" in said["daylight.hid"]
    assert "bloquea" in said["daylight.blocked"]
    assert "atrae" in said["evening.lured"]
    assert "huye corriendo" in said["evening.ran_away"]
    assert re.search(r"daño (Despreciable|Ligero|Medio|Pesado|Tremendo)", said["evening.harm"])


@pytest.mark.parametrize(("rounds", "noun"), [(1, "ronda"), (2, "rondas"), (5, "rondas")])
def test_a_count_takes_its_spanish_plural(rounds, noun):
    ended = from_stored({"type": "combat_ended", "fields": {"at": "DV5", "rounds": rounds}})
    with speaking("es"):
        sentence = describe(ended)
    assert f" {rounds} {noun} " in sentence


@pytest.mark.parametrize("who", ["Amazon", "Witch", "Dwarf", "Elf"])
def test_a_spanish_sentence_needs_no_english_pronoun_for_her_or_him(who):
    """Spanish says "su turno" of her and of him: the English he, his, him and her are not in
    the Spanish sentence, whoever its subject is."""
    samples = [
        {"type": "turn_lost", "fields": {"who": who, "reason": "7.12.4"}},
        {"type": "fell_asleep", "fields": {"who": who, "at": "AV1", "by": "Flowers of Rest"}},
        {"type": "turn_started", "fields": {"who": who}},
    ]
    for sample in samples:
        with speaking("es"):
            sentence = describe(from_stored(sample))
        assert term_in(Language.ES, who) in sentence
        assert not {"he", "his", "him", "she", "her"} & words(sentence, sample), sentence
