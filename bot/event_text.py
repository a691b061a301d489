"""Every event as one line a person reads: the sentence its type's template key names
(:attr:`rules.events.Event.template`, ``section.name``: the macro ``name`` of
``templates/events/section.j2``), with the event's fields in it.

The engine speaks in codes and values; the words are here, in Jinja macros whose sentences are
``{% trans %}`` blocks, ready to be extracted into a message catalog and translated. Each field
is given to its macro as one word (:func:`word`): a list as ``a, b``, a truth as ``yes`` or
``no``, a game term (a character, a monster, a table...) in the language spoken
(:func:`bot.terms.term`), and a field the event does not have (an optional one, or one an older
version did not store) as ``?``. A sentence that speaks of its subject (``who``) as he, his or
him takes the words for him, or her (:func:`bot.wording.pronouns`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import Language, _, current, speaking
from bot.render import environment
from bot.terms import term
from bot.wording import HE, pronouns
from rules.events import Event, event_types


def word(value: Any) -> str:
    """A field's value as the sentence shows it: a game term in the language spoken."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(term(item) if isinstance(item, str) else str(item) for item in value)
    return term(value) if isinstance(value, str) else str(value)


@cache
def _section(name: str, spoken: Language) -> Any:
    """The macros of ``templates/events/<name>.j2`` in the plain-text environment of every
    template (:func:`bot.render.environment`) that speaks ``spoken``."""
    with speaking(spoken):
        return environment().get_template(f"events/{name}.j2").module


def describe(event: Event) -> str:
    """``event`` as one line in the language being spoken. An event of a type no longer known
    is shown as its type and stored fields."""
    kind = event_types().get(event.type)
    section, _, name = event.template.partition(".")
    if kind is None or not name:
        return f"{event.type}: {event.fields}"
    stored = event.fields
    words = {field: word(stored[key]) if key in stored else "?" for field, key, _ in kind.layout}
    macro = getattr(_section(section, current()), name)
    who = stored.get("who")
    said = pronouns(who) if isinstance(who, str) else HE
    words |= {w: getattr(said, w) for w in ("he", "his", "him") if w in macro.arguments}
    return str(macro(**words))
