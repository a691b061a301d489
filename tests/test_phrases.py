"""The engine's phrases (:mod:`rules.phrases`) and their sentences (``templates/phrases``): every
phrase the engine can give names a macro that exists and takes exactly its values, every macro
is given by some phrase, and a phrase renders in every language, stored or not."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot.i18n import Language, speaking
from bot.render import PRONOUNS, say, section, word
from bot.wording import pronouns
from rules.events import Event, from_stored
from rules.phrases import Phrase, phrase, verbatim

ROOT = Path(__file__).resolve().parent.parent
PHRASES = ROOT / "templates" / "phrases"


def given() -> Iterator[tuple[str, str, frozenset[str] | None]]:
    """Every ``phrase(key, ...)`` call in ``rules/``: where, its key, and the names of its
    values (None when some are given by ``**``)."""
    for path in sorted((ROOT / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id != "phrase":
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            first = node.args[0] if node.args else None
            key = first.value if isinstance(first, ast.Constant) else None
            assert isinstance(key, str), f"{where}: a phrase's key is written as a literal"
            names = [k.arg for k in node.keywords]
            yield where, key, None if None in names else frozenset(n for n in names if n)


def macros() -> dict[str, frozenset[str]]:
    """Every macro of ``templates/phrases``, as ``section.name``, with its arguments."""
    found: dict[str, frozenset[str]] = {}
    with speaking(Language.EN):
        for path in sorted(PHRASES.glob("*.j2")):
            module = section("phrases", path.stem, Language.EN)
            for name in dir(module):
                macro = getattr(module, name)
                if not name.startswith("_") and hasattr(macro, "arguments"):
                    found[f"{path.stem}.{name}"] = frozenset(macro.arguments)
    return found


def test_every_phrase_names_a_macro_that_takes_its_values() -> None:
    known = macros()
    wrong = []
    for where, key, names in given():
        if key not in known:
            wrong.append(f"{where}: no macro {key} in templates/phrases")
        elif names is not None and names | (known[key] & set(PRONOUNS)) != known[key]:
            wrong.append(f"{where}: {key} takes {sorted(known[key])}, is given {sorted(names)}")
    assert not wrong, "\n".join(wrong)


def test_every_macro_is_a_phrase_the_engine_gives() -> None:
    used = {key for _, key, _ in given()}
    assert not sorted(set(macros()) - used)


def test_a_phrase_is_said_in_the_language_spoken() -> None:
    spoken = phrase("day.employer_dead", name="Black Knight")
    with speaking(Language.EN):
        english = say(spoken)
    with speaking(Language.ES):
        spanish = say(spoken)
    assert english == "his employer the Black Knight is dead (9.1.1)"
    assert spanish == "su patrón, Caballero Negro, ha muerto (9.1.1)"


def test_a_stored_phrase_reads_back_equal_and_a_stored_text_is_said_as_it_was() -> None:
    spoken = phrase("day.unable_to_rest", curse="Ashes")
    assert Phrase.read(spoken.stored()) == spoken
    assert Phrase.read("he was tired") == verbatim("he was tired")
    with speaking(Language.ES):
        assert say(Phrase.read("he was tired")) == "he was tired"


def test_a_phrase_in_an_event_is_stored_as_an_object_and_read_back_typed() -> None:
    event = from_stored(
        {
            "type": "turn_lost",
            "fields": {
                "who": "Amazon",
                "reason": {"phrase": "day.unable_to_rest", "curse": "Ashes"},
            },
            "audience": "public",
            "to": [],
        }
    )
    assert type(event).__name__ != "Untyped[turn_lost]"
    assert isinstance(event, Event)
    assert event.fields["reason"] == {"phrase": "day.unable_to_rest", "curse": "Ashes"}


def test_a_phrase_in_a_phrase_is_said_within_it() -> None:
    with speaking(Language.EN):
        said = word(phrase("day.being", cause=phrase("day.suicide")), pronouns("Amazon"))
    assert said == "being suicide at Midnight (9.2.2a)"


#: The phrases whose "he" is anyone at all (a character who chooses his turn, a follower whose
#: guide rests), as the rulebook writes of someone unnamed; and those whose feminine context
#: says "hers" where the English of every other subject is a literal "his" ("not one of his").
GENERIC = {
    "orders.name_someone",
    "orders.suicide_character",
    "orders.turn_clever",
    "orders.key_rest",
    "orders.key_drop",
    "orders.key_turn",
    "orders.key_trade_character",
    "problems.unknown_source",
    "problems.source_inactive",
    "setup.picks_first",
}
_MACRO = re.compile(r"\{% macro (\w+)\(.*?\) %\}(.*?)\{% endmacro %\}", re.S)
_HE = re.compile(r"\b(?:he|his|him|himself)\b", re.I)


def test_a_phrase_says_he_his_and_him_of_its_subject_never_as_words_of_its_own() -> None:
    """Issue 35: "today the reports say 'Amazon loses his turn'". Every phrase that speaks of
    its subject takes the ``he``, ``his``, ``him`` the renderer gives (she, her for the Amazon);
    only the phrases of :data:`GENERIC` speak of anyone."""
    literal = []
    for path in sorted(PHRASES.glob("*.j2")):
        for name, body in _MACRO.findall(path.read_text(encoding="utf-8")):
            text = " ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', body))
            text += re.sub(
                r"\{\{.*?\}\}", "", re.sub(r"\{%.*?%\}", " ", body, flags=re.S), flags=re.S
            )
            if _HE.search(re.sub(r"%\(\w+\)s", "", text)):
                literal.append(f"{path.stem}.{name}")
    assert sorted(literal) == sorted(GENERIC)


def test_the_amazon_loses_her_turn_in_english_and_is_blocked_in_the_feminine_in_spanish() -> None:
    reason = phrase("daylight.blocked_before_turn")
    with speaking(Language.EN):
        assert word(reason, pronouns("Amazon")) == "she was blocked before her turn (7.12.4)"
        assert word(reason, pronouns("Dwarf")) == "he was blocked before his turn (7.12.4)"
    with speaking(Language.ES):
        assert word(reason, pronouns("Amazon")) == "fue bloqueada antes de su turno (7.12.4)"
        assert word(reason, pronouns("Dwarf")) == "fue bloqueado antes de su turno (7.12.4)"
        assert "bloqueado" in word(reason), "someone unnamed is masculine, as the rulebook says"


def test_a_cause_of_death_agrees_with_the_one_who_died() -> None:
    cause = phrase("evening.killed_by", killer="Giant", clearing="CV5")
    with speaking(Language.ES):
        assert word(cause, pronouns("Witch")) == "muerta por Gigante en CV5 (9.1.1)"
        assert word(cause, pronouns("Dwarf")) == "muerto por Gigante en CV5 (9.1.1)"
    with speaking(Language.EN):
        assert word(cause, pronouns("Witch")) == "killed by the Giant in CV5 (9.1.1)"
