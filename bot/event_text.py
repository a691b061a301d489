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
names in ``templates/phrases``, with its own values as words (:func:`say`), so that the engine's
explanations are sentences of the templates too.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import Language, _, current, speaking
from bot.render import environment
from bot.terms import term
from bot.wording import HE, Pronouns, pronouns
from rules.events import Event, event_types
from rules.phrases import VERBATIM, Phrase, is_stored_phrase

#: The words a sentence may take for its subject.
_PRONOUNS = ("he", "his", "him")


def word(value: Any, said: Pronouns = HE) -> str:
    """A field's value as the sentence shows it: a game term in the language spoken, a phrase
    said (:func:`say`, its subject ``said`` unless it names its own ``who``)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Phrase) or is_stored_phrase(value):
        return say(Phrase.read(value), said)
    if isinstance(value, list | tuple):
        return ", ".join(_item(item, said) for item in value)
    return term(value) if isinstance(value, str) else str(value)


def english(value: Any) -> str:
    """A value of the engine as an English sentence shows it (:func:`word`): for the tests and
    the scenarios, which state what the rulebook says in its words."""
    with speaking(Language.EN):
        return word(value)


def _item(value: Any, said: Pronouns) -> str:
    if isinstance(value, str):
        return term(value)
    if isinstance(value, Phrase) or is_stored_phrase(value):
        return say(Phrase.read(value), said)
    return str(value)


def say(phrase: Phrase, said: Pronouns = HE) -> str:
    """``phrase`` in the language spoken: the macro its key names in ``templates/phrases``, each
    value a word; ``he``, ``his`` and ``him`` are its ``who``'s, else ``said``. A stored text
    (:data:`rules.phrases.VERBATIM`) is said as it is."""
    values = phrase.named
    if phrase.key == VERBATIM:
        return str(values.get("text", ""))
    section, _, name = phrase.key.partition(".")
    macro = getattr(_section("phrases", section, current()), name)
    who = values.get("who")
    if isinstance(who, str):
        said = pronouns(who)
    words = {key: word(value, said) for key, value in values.items()}
    words |= {w: getattr(said, w) for w in _PRONOUNS if w in macro.arguments}
    return str(macro(**words))


def words(name: str) -> Any:
    """The macros of ``templates/words/<name>.j2`` in the language spoken."""
    return _section("words", name, current())


@cache
def _section(folder: str, name: str, spoken: Language) -> Any:
    """The macros of ``templates/<folder>/<name>.j2`` in the plain-text environment of every
    template (:func:`bot.render.environment`) that speaks ``spoken``."""
    with speaking(spoken):
        return environment().get_template(f"{folder}/{name}.j2").module


def describe(event: Event) -> str:
    """``event`` as one line in the language being spoken. An event of a type no longer known
    is shown as its type and stored fields."""
    kind = event_types().get(event.type)
    section, _, name = event.template.partition(".")
    if kind is None or not name:
        return f"{event.type}: {event.fields}"
    stored = event.fields
    who = stored.get("who")
    said = pronouns(who) if isinstance(who, str) else HE
    words = {
        field: word(stored[key], said) if key in stored else "?" for field, key, _ in kind.layout
    }
    macro = getattr(_section("events", section, current()), name)
    words |= {w: getattr(said, w) for w in _PRONOUNS if w in macro.arguments}
    return str(macro(**words))
