"""Game terms in the language being spoken: a catalog name (``Amazon``, ``Company HQ``, ``Hide``,
a table's result code) as that language's rulebook prints it (:mod:`rules.glossary`). English,
the catalog's own language, gives every name unchanged, as does a name no glossary holds."""

from __future__ import annotations

from bot.i18n import Language, current
from rules import glossary


def term(name: str) -> str:
    """``name`` in the language being spoken (:func:`bot.i18n.current`)."""
    return term_in(current(), name)


def term_in(spoken: Language, name: str) -> str:
    """``name`` in ``spoken``."""
    return glossary(spoken.value).term(name)
