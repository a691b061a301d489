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

A field that explains (a reason, a prompt) is a :class:`rules.phrases.Phrase`: the macro its key
names in ``templates/phrases``, with its own values as words (:func:`bot.render.say`), so that
the engine's explanations are sentences of the templates too.
"""

from __future__ import annotations

from bot.i18n import current
from bot.render import PRONOUNS, english, say, section, word, words
from bot.wording import pronouns, unnamed
from rules.events import Event, event_types

__all__ = ["describe", "english", "say", "word", "words"]


def describe(event: Event) -> str:
    """``event`` as one line in the language being spoken. An event of a type no longer known
    is shown as its type and stored fields."""
    kind = event_types().get(event.type)
    kind_section, _, name = event.template.partition(".")
    if kind is None or not name:
        return f"{event.type}: {event.fields}"
    stored = event.fields
    who = stored.get("who")
    said = pronouns(who) if isinstance(who, str) else unnamed()
    told = {
        field: word(stored[key], said) if key in stored else "?" for field, key, _ in kind.layout
    }
    macro = getattr(section("events", kind_section, current()), name)
    told |= {w: getattr(said, w) for w in PRONOUNS if w in macro.arguments}
    return str(macro(**told))
