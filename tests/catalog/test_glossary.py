"""The Spanish glossary of game terms (rules/data/glossary.es.yaml, rules/glossary.py), issue 35.

Every name a Spanish report shows has the term the Spanish rulebook prints, on the line the entry
cites; a term reads back to its name; the characters' grammatical gender agrees with how the
English rulebook speaks of them (``pronoun``)."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import get_args

import pytest

from rules.catalog import catalog
from rules.glossary import Glossary, glossary, languages, load_glossary
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import CatalogError, MagicColor, Relationship
from rules.schema.denizens import NativeTitle
from tests.catalog.reference import PROJECT, noted_keys

SPANISH_RULEBOOK = "magic-realm-3.1-rulebook.es.txt"
HORSES = {"Pony", "Workhorse", "Warhorse"}


@pytest.fixture(scope="module")
def spanish() -> Glossary:
    return glossary("es")


@cache
def rulebook_lines() -> list[str] | None:
    shared = Path(os.environ.get("REALMBOT_SHARED", PROJECT.parent / "shared"))
    path = shared / "rules" / SPANISH_RULEBOOK
    return path.read_text(encoding="utf-8").split("\n") if path.is_file() else None


def printed(line: str) -> str:
    """A rulebook line as read: without its italics and bold marks, any case."""
    return " ".join(re.sub(r"</?i>|\*", "", line).split()).casefold()


def test_every_piece_card_and_table_has_a_spanish_term(spanish):
    book = catalog()
    names = [
        *book.characters,
        *book.monsters,
        *book.natives,
        *get_args(NativeTitle),
        *book.treasures,
        *book.spells,
        *book.tables,
        *book.weapons,
        *book.armor,
        *book.dwellings,
        *(activity.activity for activity in book.activities.values()),
    ]
    assert [name for name in names if name not in spanish] == []


#: The tables whose results a report shows, by their text (a search, a meeting, a spell's roll).
REPORTED_TABLES = (
    "Hide Table",
    "Peer Table",
    "Locate Table",
    "Loot Table",
    "Reading Runes Table",
    "Magic Sight Table",
    "Meeting Table",
    "Curses Table",
    "Power of the Pit Table",
    "Wishes Table",
    "Transform Table",
    "Violent Storm Table",
    "Lost Table",
)


def test_every_result_a_report_shows_has_a_spanish_term_for_its_code_and_its_text(spanish):
    tables = catalog().tables
    untranslated = [
        (name, code, result.text)
        for name in REPORTED_TABLES
        for code, result in tables[name].results.items()
        if code not in spanish or spanish.term(result.text) != spanish.term(code)
    ]
    assert untranslated == []
    assert spanish.term("Eyemist") == "Visión Nublada"
    assert spanish.term("I wish for peace") == "Deseo paz"
    assert spanish.term("Clues") == "Pistas"
    assert spanish.english("vision nublada") == "eyemist"


def test_a_result_s_text_is_the_one_tables_yaml_prints_for_its_code(spanish):
    printed_texts: dict[str, set[str]] = {}
    for table in catalog().tables.values():
        for code, result in table.results.items():
            printed_texts.setdefault(code, set()).add(result.text)
    wrong = [
        (entry.english, entry.text)
        for entry in spanish.entries.values()
        if entry.text is not None and printed_texts.get(entry.english) != {entry.text}
    ]
    assert wrong == []


def test_every_name_the_glossary_translates_is_one_the_game_uses(spanish):
    book = catalog()
    codes = {
        result
        for table in book.tables.values()
        for row in getattr(table, "rows", ())
        for result in row.results
    }
    known = (
        codes
        | {activity.activity for activity in book.activities.values()}
        | {face.name for visitor in book.visitors.values() for face in visitor.faces}
        | {part.name for monster in book.monsters.values() for part in monster.parts}
        | set(get_args(NativeTitle))
        | {str(action) for action in Action}
        | {"FLY", "Dagger", "Basic", "Sunlight", "Sheltered", *HORSES}
        | {"Birdsong", "Sunrise", "Daylight", "Sunset", "Evening", "Midnight"}
        | {str(color) for color in MagicColor}
        | {level.name.casefold() for level in Relationship}
        | {box.split(" #")[0] for box in book.setup_card}
        | {"light", "dark", "blank", "thrust", "swing", "smash", "charge", "dodge", "spell"}
        | {piece.name for piece in pieces_of(book) if piece.kind == Kind.HORSE}
    )
    assert [name for name in spanish.entries if not book.find(name) and name not in known] == []


def test_every_term_is_printed_on_the_line_it_cites_or_its_choice_is_noted(spanish):
    lines = rulebook_lines()
    if lines is None:
        pytest.skip(f"the Spanish rulebook is not available ({SPANISH_RULEBOOK})")
    misplaced = [
        (entry.english, entry.term, entry.line)
        for entry in spanish.entries.values()
        if entry.line is not None
        and not re.search(
            rf"(?<!\w){re.escape(printed(entry.term))}(?!\w)", printed(lines[entry.line - 1])
        )
    ]
    assert misplaced == []
    unnoted = [
        name
        for name, entry in spanish.entries.items()
        if entry.line is None and f"glossary.es/{name}" not in noted_keys()
    ]
    assert unnoted == []


def test_a_term_reads_back_to_its_name_in_any_case_and_without_accents(spanish):
    assert [name for name in spanish.entries if spanish.english(spanish.term(name)) != name] == []
    assert spanish.english("caballero negro") == "Black Knight"
    assert spanish.english("CAPITAN") == "Captain"
    assert spanish.english("¡maldicion!") == "curse"
    assert spanish.english("Murciélagos de la Pradera") is None


def test_a_native_or_horse_is_named_by_its_group_and_its_id(spanish):
    book = catalog()
    assert spanish.term("Company HQ") == "Compañía HQ"
    assert spanish.term("Woodfolk 2") == "Gente del Bosque 2"
    assert spanish.term("Pony L2/L4") == "Poni L2/L4"
    assert spanish.english("compañia hq") == "Company HQ"
    ids = [*book.native_counters, *(h for h in book.horses if h.split()[0] in HORSES)]
    assert [name for name in ids if spanish.english(spanish.term(name)) != name] == []
    assert spanish.term("Order of the day") == "Order of the day"
    assert spanish.english("nada 3x") is None


def test_a_name_without_a_term_is_given_as_it_is(spanish):
    assert spanish.term("Valley of Bob") == "Valley of Bob"
    assert glossary("en").term("Amazon") == "Amazon"
    assert glossary("en").english("Amazona") is None
    assert languages() == ("en", "es")


def test_each_character_s_spanish_gender_agrees_with_the_rulebook_s_pronoun(spanish):
    characters = catalog().characters.values()
    assert {c.name: spanish.gender(c.name) for c in characters} == {
        c.name: ("f" if c.pronoun == "she" else "m") for c in characters
    }
    assert spanish.gender("Amazon") == "f"
    assert spanish.gender("Dwarf") == "m"


def test_a_glossary_that_gives_two_names_one_term_or_one_name_twice_does_not_load(tmp_path):
    (tmp_path / "glossary.xx.yaml").write_text(
        "terms:\n  - {english: Amazon, term: Amazona}\n  - {english: Witch, term: amazona}\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogError, match="'amazona' is 'Amazon'"):
        load_glossary("xx", tmp_path)
    (tmp_path / "glossary.xx.yaml").write_text(
        "terms:\n  - {english: Amazon, term: Amazona}\n  - {english: Amazon, term: Bruja}\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogError, match="Amazon: is listed twice"):
        load_glossary("xx", tmp_path)
    (tmp_path / "glossary.xx.yaml").write_text(
        "terms:\n  - {english: clues, text: Clues, term: Pistas}\n"
        "  - {english: Clues, term: Indicios}\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogError, match="Clues: is listed twice"):
        load_glossary("xx", tmp_path)
    with pytest.raises(CatalogError, match="no glossary for 'zz'"):
        load_glossary("zz", tmp_path)
