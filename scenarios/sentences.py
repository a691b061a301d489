"""The engine's phrases as the scenarios read them: in English, the rulebook's words, which a
scenario states its expected reasons and messages in (``reason: "no horse can be active in a
cave (7.3.2a.1)"``).

A phrase's sentence is a template's (``templates/phrases``), rendered by the layer above the
runner's (:func:`bot.event_text.english`); so the runner is handed that reader
(:func:`read_with`) by whoever runs it — the command line's ``realmbot scenario``, the tests —
and says so if it was not.
"""

from __future__ import annotations

from collections.abc import Callable

#: The reader handed over (one at most).
_READER: list[Callable[[object], str]] = []


def read_with(reader: Callable[[object], str]) -> None:
    """Read the engine's phrases with ``reader`` (:func:`bot.event_text.english`)."""
    _READER[:] = [reader]


def english(value: object) -> str:
    """``value`` (a phrase, or its stored form) as its English sentence."""
    if not _READER:
        raise RuntimeError(
            "the scenarios read the engine's phrases with bot.event_text.english: hand it over "
            "with scenarios.sentences.read_with first"
        )
    return _READER[0](value)
