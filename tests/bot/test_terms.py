"""Game terms and pronouns in the language being spoken (bot.terms, bot.wording, issue 35): an
event's names in Spanish as the Spanish rulebook prints them, English unchanged; she for the
rulebook's women in English, the Spanish term's gender in Spanish."""

from __future__ import annotations

import pytest

from bot.event_text import describe
from bot.i18n import speaking
from bot.render import environment
from bot.terms import term
from bot.wording import EL, ELLA, HE, SHE, pronouns
from rules.catalog import catalog
from rules.events import from_stored

ABANDONED = {
    "type": "abandoned",
    "fields": {"who": "Amazon", "item": "Short Sword 1", "at": "DV5"},
    "audience": "public",
    "to": [],
}


def test_an_event_shows_its_names_in_the_language_spoken():
    event = from_stored(ABANDONED)
    with speaking("es"):
        spanish = describe(event)
    assert "Amazona" in spanish
    assert "Espada Corta 1" in spanish
    assert "DV5" in spanish
    assert describe(event) == "Amazon abandons Short Sword 1 in DV5"


def test_a_term_is_the_catalog_name_in_english_and_the_rulebook_s_word_in_spanish():
    assert term("Witch King") == "Witch King"
    with speaking("es"):
        assert [term(n) for n in ("Witch King", "Company HQ", "Hide", "Bob")] == [
            "Rey Brujo",
            "Compañía HQ",
            "Esconderse",
            "Bob",
        ]


@pytest.mark.parametrize("spoken", ["en", "es"])
def test_templates_have_the_term_filter_and_function_of_their_language(spoken):
    with speaking(spoken):
        text = environment().from_string("{{ 'Woods Girl' | term }}/{{ term('Giant') }}").render()
    assert text == {"en": "Woods Girl/Giant", "es": "Chica del Bosque/Gigante"}[spoken]


def test_every_female_character_is_she_in_english_and_ella_in_spanish():
    women = {"Amazon", "Witch", "Woods Girl"}
    for name in catalog().characters:
        assert pronouns(name) == (SHE if name in women else HE), name
        with speaking("es"):
            assert pronouns(name) == (ELLA if name in women else EL), name
    with speaking("es"):
        assert pronouns("Viper") == ELLA
        assert pronouns("Giant 1") == EL
