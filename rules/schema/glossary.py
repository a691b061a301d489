"""One entry of a language's glossary of game terms (``rules/data/glossary.<code>.yaml``).

A :class:`GlossaryTerm` gives, for one English name of the catalog (a character, a monster, a
table, a result code, an activity...), the word that language's rulebook prints for it. ``line``
cites the line of that rulebook where the term is printed (the glossary test checks it);
``gender`` is the term's grammatical gender where a sentence must agree with it (``la Amazona``,
``el Enano``). A table's result code also gives ``text``, the result as ``tables.yaml`` prints it
(``Clues`` for ``clues``): what a report shows, which has the same term.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.schema.base import Record

Gender = Literal["m", "f"]
"""Grammatical gender: masculine or feminine."""


class GlossaryTerm(Record):
    """The term a language's rulebook prints for the catalog name ``english``."""

    english: str = Field(min_length=1)
    term: str = Field(min_length=1)
    gender: Gender | None = None
    line: int | None = Field(default=None, ge=1)
    text: str | None = Field(default=None, min_length=1)
