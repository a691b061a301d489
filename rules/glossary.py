"""The game's terms in another language, as that language's rulebook prints them.

:func:`glossary` loads ``rules/data/glossary.<code>.yaml`` once per language into a frozen
:class:`Glossary`: :meth:`Glossary.term` gives a catalog name (or a table's result code) in that
language, :meth:`Glossary.english` reads a term back to the catalog's name, ignoring case and
accents (for orders written in that language). English, the catalog's own language, has an empty
glossary: every name is its own term. The engine keeps speaking in catalog names; only the words
people read and write go through a glossary.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from rules.schema.base import CatalogError, load_entries
from rules.schema.glossary import Gender, GlossaryTerm

DATA_DIR = Path(__file__).parent / "data"

#: The catalog's own language: its glossary is empty.
ENGLISH = "en"


def glossary_path(code: str, data_dir: Path = DATA_DIR) -> Path:
    """Where the glossary of the language ``code`` lives."""
    return data_dir / f"glossary.{code}.yaml"


def languages(data_dir: Path = DATA_DIR) -> tuple[str, ...]:
    """The codes of every language with a glossary, English first."""
    found = sorted(path.name.split(".")[1] for path in data_dir.glob("glossary.*.yaml"))
    return (ENGLISH, *found)


def folded(text: str) -> str:
    """``text`` as :meth:`Glossary.english` compares it: without accents, case, the Spanish
    opening marks or repeated spaces (``¡Maldición!`` and ``maldicion!`` are the same)."""
    decomposed = unicodedata.normalize("NFKD", text.replace("¡", "").replace("¿", ""))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _split_id(name: str) -> tuple[str, str] | None:
    """``("Company", "HQ")`` for ``"Company HQ"``: a name (capitalised: not a result code) and a
    last word that is an id (``HQ``, or a word with a digit and no lowercase letter: ``3``,
    ``L2/L4``), else None."""
    head, _, last = name.rpartition(" ")
    is_id = last == "HQ" or (any(c.isdigit() for c in last) and not any(c.islower() for c in last))
    return (head, last) if head[:1].isupper() and is_id else None


@dataclass(frozen=True)
class Glossary:
    """One language's terms for the catalog's English names."""

    language: str
    entries: Mapping[str, GlossaryTerm]
    _by_folded_term: Mapping[str, str]
    #: A result code's entry by the result's text (``Clues``: the entry of ``clues``).
    _by_text: Mapping[str, GlossaryTerm]

    def __contains__(self, name: object) -> bool:
        return name in self.entries or name in self._by_text

    def term(self, name: str) -> str:
        """``name`` in this language: its term (also for a table result's text, ``Clues``), or
        the term of its name followed by its id (``Compañía HQ`` for ``Company HQ``), else
        ``name`` itself (nothing breaks for a name the glossary does not hold)."""
        entry = self.entries.get(name) or self._by_text.get(name)
        if entry is not None:
            return entry.term
        split = _split_id(name)
        if split is not None and split[0] in self.entries:
            return f"{self.entries[split[0]].term} {split[1]}"
        return name

    def english(self, text: str) -> str | None:
        """The catalog name whose term is ``text`` (any case, with or without accents), also with
        an id after it (``compania hq`` -> ``Company HQ``: ids are upper case); None when no term
        is ``text``."""
        found = self._by_folded_term.get(folded(text))
        if found is not None:
            return found
        head, _, last = " ".join(text.split()).rpartition(" ")
        name = self._by_folded_term.get(folded(head)) if head else None
        return (
            f"{name} {last.upper()}"
            if name is not None and _split_id(name + " " + last.upper())
            else None
        )

    def gender(self, name: str) -> Gender | None:
        """The grammatical gender of ``name``'s term, where the glossary records it."""
        entry = self.entries.get(name)
        return entry.gender if entry is not None else None


def load_glossary(code: str, data_dir: Path = DATA_DIR) -> Glossary:
    """Read and check the glossary of ``code``: empty for English; raises :class:`CatalogError`
    for a language without a glossary file, or for a file that lists an English name (or a
    result's text) twice or gives two names the same term (a term must read back to one
    name)."""
    if code == ENGLISH:
        empty: MappingProxyType[str, GlossaryTerm] = MappingProxyType({})
        return Glossary(ENGLISH, empty, MappingProxyType({}), empty)
    path = glossary_path(code, data_dir)
    if not path.is_file():
        raise CatalogError(
            path.name, "(file)", f"no glossary for {code!r}; there are: {', '.join(languages())}"
        )
    entries: dict[str, GlossaryTerm] = {}
    by_term: dict[str, str] = {}
    by_text: dict[str, GlossaryTerm] = {}
    for entry in load_entries(path, "terms", GlossaryTerm):
        if entry.english in entries or entry.english in by_text:
            raise CatalogError(path.name, entry.english, "is listed twice")
        if entry.text is not None:
            if entry.text in entries or entry.text in by_text:
                raise CatalogError(
                    path.name, entry.english, f"its text {entry.text!r} is listed twice"
                )
            by_text[entry.text] = entry
        key = folded(entry.term)
        if key in by_term:
            raise CatalogError(
                path.name, entry.english, f"its term {entry.term!r} is {by_term[key]!r}'s too"
            )
        entries[entry.english] = entry
        by_term[key] = entry.english
    return Glossary(
        code, MappingProxyType(entries), MappingProxyType(by_term), MappingProxyType(by_text)
    )


@cache
def glossary(code: str) -> Glossary:
    """The glossary of the language ``code`` (``"es"``), loaded once."""
    return load_glossary(code)


def read_name(text: str) -> str | None:
    """The catalog name ``text`` is the term of in any language's glossary (``Chica del Bosque``,
    ``compañia hq``), for orders written in another language; None when it is no term."""
    for code in languages()[1:]:
        found = glossary(code).english(text)
        if found is not None:
            return found
    return None
