"""The event: one typed, frozen value per event type, its audience, and its stored form.

Each event type is a class (in :mod:`rules.events.day`, :mod:`~rules.events.daylight`, ...)
that names its type, derives from :class:`Public`, :class:`Private` or :class:`Moderator` (its
audience) and lists its fields::

    class Moved(Public, type="moved"):
        who: str
        from_: str
        to: str

Every such class is a frozen, keyword-only dataclass, so mypy checks each producer's fields
and types; a private one requires its ``recipients`` (the characters it is for) and a public or
moderator one refuses them, so that a secret cannot go out because its recipients were
forgotten. The vocabulary (:func:`event_types`) is made of the classes themselves as they are
defined; the ``template`` key names the sentence that tells the event, in ``templates/events``
(the engine speaks in codes and values, never in sentences).

The stored form, as the database and the replay tool keep it, is unchanged from the engine's
first events: ``{"type", "fields", "audience", "to"}``, the fields by their stored names
(a name that is a Python keyword takes a trailing underscore in the class: ``from_`` is stored
as ``from``) in the class's order, a field with a default (None, or :data:`ABSENT` where None
is a value of its own) left out while it holds it.
:func:`from_stored` reads that form back into the class of today, and keeps what an older
version stored that the class cannot hold as an :class:`Untyped` event, shown but never read
field by field.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import keyword
import types
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, cast, dataclass_transform

import pydantic

from rules.phrases import Phrase

Audience = Literal["public", "private", "moderator"]

PUBLIC: Literal["public"] = "public"
PRIVATE: Literal["private"] = "private"
MODERATOR: Literal["moderator"] = "moderator"


class Absent(enum.Enum):
    """The default of a field that may hold None as a value of its own: left out of the stored
    form while it holds it, as a field defaulting to None is while it is None."""

    ABSENT = "absent"


ABSENT = Absent.ABSENT


class AudienceError(ValueError):
    """An event made against its type's declared audience, or of no type of the vocabulary: a
    bug in the engine, never a player's doing."""


_TYPES: dict[str, type[Event]] = {}


def stored_name(field: str) -> str:
    """A field's stored name: its name in the class without the trailing underscore that a
    Python keyword takes (``from_`` is ``from``)."""
    bare = field.removesuffix("_")
    return bare if keyword.iskeyword(bare) else field


@dataclass_transform(
    kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field,)
)
class Event:
    """One thing that happened. A subclass naming a ``type`` is an event type of the vocabulary;
    ``recipients`` names the characters a private event is for (none for the others)."""

    type: ClassVar[str]
    """The type's name, as stored and as the scenarios write it."""
    audience: ClassVar[Audience]
    template: ClassVar[str]
    """The sentence that tells it: ``section.name``, the macro ``name`` of
    ``templates/events/section.j2``."""
    layout: ClassVar[tuple[tuple[str, str, Any], ...]]
    """Each field but the recipients, in order: its name, its stored name, and its default
    (``dataclasses.MISSING`` when it has none)."""
    _names: ClassVar[tuple[str, ...]]
    """Every field's name, in order (recipients first)."""
    recipients: tuple[str, ...] = ()

    def __init_subclass__(cls, *, type: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The representation, equality and hash are this class's, written once, rather than
        # a dataclass's written and compiled for each of the ~150 types (a third of the time
        # they took to define, at every start of a process).
        dataclasses.dataclass(frozen=True, kw_only=True, repr=False, eq=False)(cls)
        cls._names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        cls.layout = tuple(
            (f.name, stored_name(f.name), f.default)
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            if f.name != "recipients"
        )
        if type is not None:
            if type in _TYPES:
                raise TypeError(f"event type {type!r} is defined twice")
            cls.type = type
            cls.template = f"{cls.__module__.rpartition('.')[2]}.{type}"
            _TYPES[type] = cls

    def __post_init__(self) -> None:
        kind = _TYPES.get(getattr(self, "type", ""))
        if kind is not self.__class__:
            raise AudienceError(f"{self.__class__.__name__} is no event type of the vocabulary")
        if self.audience == PRIVATE and not self.recipients:
            raise AudienceError(f"{self.type!r} is private: name the characters it is for")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._names)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names)
        return f"{self.__class__.__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        """Equal when of the same class with equal fields, as a dataclass's."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    @property
    def fields(self) -> dict[str, Any]:
        """The fields as stored: by their stored names, in the class's order, those holding
        their default left out, sequences as lists."""
        found: dict[str, Any] = {}
        for name, key, default in self.layout:
            value = getattr(self, name)
            if default is dataclasses.MISSING or value != default:
                found[key] = _plain(value)
        return found

    def visible_to(self, viewer: str) -> bool:
        """Whether ``viewer`` (``public``, ``moderator`` or a character's name) may see this."""
        if viewer == MODERATOR or self.audience == PUBLIC:
            return True
        return self.audience == PRIVATE and viewer in self.recipients

    def stored(self) -> dict[str, Any]:
        """The stored form: ``{"type", "fields", "audience", "to"}`` (``to``: the
        recipients), JSON values only."""
        return {
            "type": self.type,
            "fields": self.fields,
            "audience": self.audience,
            "to": list(self.recipients),
        }


class Public(Event):
    """An event everyone may see."""

    audience = PUBLIC


class Private(Event):
    """An event only its ``recipients`` (and the moderator) may see."""

    audience = PRIVATE
    recipients: tuple[str, ...] = dataclasses.field()


class Moderator(Event):
    """An event only the moderator may see."""

    audience = MODERATOR


class Untyped(Event):
    """An event as an older version stored it, which the class of its type cannot hold as it is
    now (a field it lacked, a value of another kind, another audience), or of a type no longer
    known: its stored fields, shown as they are (missing ones as ``?``), never read by a typed
    reader. Made only by :func:`from_stored`, one subclass per type and audience."""

    stored_fields: Mapping[str, Any]
    recipients: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Anything stored is taken as it is: it was checked when it was made."""

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.stored_fields)


def event_types() -> Mapping[str, type[Event]]:
    """Every event type of the vocabulary, by name (read only)."""
    return types.MappingProxyType(_TYPES)


def _plain(value: Any) -> Any:
    if isinstance(value, Phrase):
        return value.stored()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {key: _plain(v) for key, v in value.items()}
    return value


def from_stored(stored: Mapping[str, Any]) -> Event:
    """The event a stored form (:meth:`Event.stored`) holds, as its type's class of today; what
    that class cannot hold (an older version's fields, a type or audience since changed) is
    kept as an :class:`Untyped` event with the stored audience and recipients, so that nothing
    stored fails to load and nothing private becomes public. A field stored that the class no
    longer has is dropped."""
    name = str(stored["type"])
    fields: Mapping[str, Any] = stored.get("fields") or {}
    audience: Audience = stored.get("audience", PUBLIC)
    recipients = tuple(stored.get("to") or ())
    kind = _TYPES.get(name)
    if kind is not None and kind.audience == audience:
        values = {f: fields[key] for f, key, _ in kind.layout if key in fields}
        if audience == PRIVATE:
            values["recipients"] = recipients
        try:
            return _reader(kind).validate_python(values)
        except (pydantic.ValidationError, AudienceError):
            pass
    return _untyped(name, audience)(stored_fields=dict(fields), recipients=recipients)


_READERS: dict[str, pydantic.TypeAdapter[Event]] = {}


def _reader(kind: type[Event]) -> pydantic.TypeAdapter[Event]:
    """The validator that reads the stored fields of ``kind`` (made once, when first needed)."""
    reader = _READERS.get(kind.type)
    if reader is None:
        reader = _READERS[kind.type] = pydantic.TypeAdapter(kind)
    return reader


@functools.cache
def _untyped(name: str, audience: Audience) -> type[Untyped]:
    """The class of the untyped events of type ``name`` stored for ``audience``."""
    kind = cast(type[Untyped], types.new_class(f"Untyped[{name}]", (Untyped,)))
    kind.type = name
    kind.audience = audience
    known = _TYPES.get(name)
    kind.template = known.template if known is not None else ""
    return kind


def visible_to(events: Iterable[Event], viewer: str) -> list[Event]:
    """The events ``viewer`` may see, in order."""
    return [event for event in events if event.visible_to(viewer)]
