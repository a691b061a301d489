"""What the engine says without writing a word of it: a :class:`Phrase` is the key of a sentence
and the values to put in it, rendered in the reader's language by ``templates/phrases``.

The engine never writes a sentence a person reads (issue 35): where it explains (why a phase is
cancelled, what is wrong with an order, what a decision asks), it gives a phrase, such as
``phrase("daylight.curse_forbids", curse="Ashes")``: the macro ``curse_forbids`` of
``templates/phrases/daylight.j2``, with ``curse`` in it. A value is a game term or a code (a
string, shown in the reader's language where his rulebook names it), a number, a truth, a list
of those, or another phrase.

A phrase is stored (in an event's fields, a pending decision, an order's problems) as one JSON
object: its key under ``"phrase"`` and its values under their names, in the order given. Text
that an older version stored where a phrase now goes is read as a phrase that says it as it is
(:data:`VERBATIM`), and stored again as that text, so that nothing stored fails to load or
changes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

#: The key of a phrase that is a text as it was stored (``{"phrase": "", "text": ...}``).
VERBATIM = ""

#: The stored object's key that holds the phrase's key; no value may be named so.
KEY = "phrase"

Value: TypeAlias = "str | int | bool | Phrase | tuple[Value, ...] | None"


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence's ``key`` (``section.name``: the macro ``name`` of
    ``templates/phrases/section.j2``; :data:`VERBATIM` for stored text) and its ``values``, by
    name, in order. Equal and hashable by key and values."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def __post_init__(self) -> None:
        if self.key != VERBATIM and self.key.count(".") != 1:
            raise ValueError(f"a phrase's key is 'section.name', not {self.key!r}")
        if any(name == KEY for name, _ in self.values):
            raise ValueError(f"no value of a phrase may be named {KEY!r}")

    @property
    def named(self) -> dict[str, Value]:
        """The values by name."""
        return dict(self.values)

    def stored(self) -> Any:
        """The JSON value that stores it: its key under ``"phrase"``, then its values, in one
        object; a stored text (:data:`VERBATIM`) as the text itself, as it was stored."""
        if self.key == VERBATIM:
            return self.named.get("text", "")
        return {KEY: self.key, **{name: _stored(value) for name, value in self.values}}

    @classmethod
    def read(cls, stored: object) -> Phrase:
        """The phrase ``stored`` holds: a stored phrase (:meth:`stored`), a phrase, or text an
        older version stored, kept as it is (:data:`VERBATIM`). :class:`ValueError` for anything
        else."""
        if isinstance(stored, Phrase):
            return stored
        if isinstance(stored, str):
            return cls(VERBATIM, (("text", stored),))
        if isinstance(stored, Mapping) and isinstance(stored.get(KEY), str):
            values = tuple((str(k), _read(v)) for k, v in stored.items() if k != KEY)
            return cls(str(stored[KEY]), values)
        raise ValueError(f"not a phrase: {stored!r}")

    def dumps(self) -> str:
        """The stored form as one line of JSON, for a column of text."""
        return json.dumps(self.stored(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Phrase:
        """The phrase a column of text holds: :meth:`dumps`'s JSON, or text an older version
        stored there, said as it is."""
        if text.startswith(("{", '"')):
            try:
                return cls.read(json.loads(text))
            except ValueError:
                pass
        return verbatim(text)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            cls.read,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda phrase: phrase.stored()
            ),
        )


def phrase(key: str, /, **values: Value) -> Phrase:
    """The phrase ``key`` with ``values`` (lists given as tuples or lists alike)."""
    return Phrase(key, tuple((name, _frozen(value)) for name, value in values.items()))


def verbatim(text: str) -> Phrase:
    """A phrase that says ``text`` as it is: only for text the engine did not write (a name a
    player typed), never for a sentence."""
    return Phrase(VERBATIM, (("text", text),))


def is_stored_phrase(value: object) -> bool:
    """Whether ``value`` is a phrase's stored form (an event read back untyped keeps it so)."""
    return isinstance(value, Mapping) and isinstance(value.get(KEY), str)


def _frozen(value: Any) -> Value:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value  # type: ignore[no-any-return]


def _stored(value: Value) -> Any:
    if isinstance(value, Phrase):
        return value.stored()
    if isinstance(value, tuple):
        return [_stored(item) for item in value]
    return value


def _read(value: Any) -> Value:
    if is_stored_phrase(value):
        return Phrase.read(value)
    if isinstance(value, list | tuple):
        return tuple(_read(item) for item in value)
    return value  # type: ignore[no-any-return]
