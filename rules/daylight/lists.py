"""Lists said in a sentence of the engine's phrases (:mod:`rules.phrases`): "a or b or c",
"the a and the b", each joining word the reader's language's (``templates/phrases/daylight.j2``)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.phrases import Value, phrase


def alternatives(items: Sequence[str]) -> Value:
    """``items`` (one or more) said as alternatives: ``a or b or c``."""
    if len(items) == 1:
        return items[0]
    return phrase("daylight.either", first=items[0], other=alternatives(items[1:]))


def each_the(items: Sequence[str]) -> Value:
    """``items`` (one or more) said each with its article, as after a "the": ``a and the b``."""
    if len(items) == 1:
        return items[0]
    return phrase("daylight.and_the", first=items[0], other=each_the(items[1:]))
