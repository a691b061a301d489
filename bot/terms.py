"""Game terms in the language being spoken: a catalog name (``Amazon``, ``Company HQ``, ``Hide``,
a table's result code) as that language's rulebook prints it (:mod:`rules.glossary`). English,
the catalog's own language, gives every name unchanged, as does a name no glossary holds."""

from __future__ import annotations

from bot.i18n import Language, current
from rules import Gender, glossary


def term(name: str) -> str:
    """``name`` in the language being spoken (:func:`bot.i18n.current`)."""
    return term_in(current(), name)


def term_in(spoken: Language, name: str) -> str:
    """``name`` in ``spoken``."""
    return glossary(spoken.value).term(name)


#: The definite article of a masculine and a feminine term, per language (English has one).
_ARTICLES: dict[Language, tuple[str, str]] = {
    Language.EN: ("the", "the"),
    Language.ES: ("el", "la"),
}


def article(name: str) -> str:
    """The definite article ``name``'s term takes in the language being spoken: ``la`` for the
    Amazona, ``el`` for the Enano (masculine where the glossary records no gender)."""
    masculine, feminine = _ARTICLES.get(current(), _ARTICLES[Language.EN])
    return feminine if gender(name) == "f" else masculine


def gender(name: str) -> Gender | None:
    """The grammatical gender of ``name``'s term in the language being spoken, where its glossary
    records it (``f`` for the Amazona, ``m`` for the Enano)."""
    return glossary(current().value).gender(name)
