"""The scenario key ``choices.<name>.spells`` (SCENARIOS.md Part 3, "Answers a spell asks"): his
answers, as caster or target, to the questions spells ask (the ``spell`` decisions,
:mod:`rules.magic.questions`), in the order they are asked.

A ``spell`` decision of his about a spell (any of its questions,
:func:`rules.magic.questions.spell_of`) is answered by his first entry naming that spell not
used yet (:class:`scenarios.format.SpellChoice`, its answer written as the options write it);
with none left, it takes its default. An answer that is not among the decision's options is
malformed, named by its place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.events import Decision
from rules.magic.questions import KIND, spell_of
from scenarios.format import ScenarioError, SpellChoice
from scenarios.matching import word


class SpellAnswers:
    """The scenario's ``choices.<name>.spells`` entries, by character, each used once."""

    def __init__(self, entries: Mapping[str, Sequence[SpellChoice]]) -> None:
        self.entries = {name: list(listed) for name, listed in entries.items()}
        self.used: dict[str, set[int]] = {}

    def answer(self, decision: Decision) -> str | None:
        """The answer of the first unused entry of the decision's character that names its
        spell; None for a decision of another kind, or when no such entry is left."""
        if decision.kind != KIND:
            return None
        name = decision.character
        spell = spell_of(decision.where.subject or "")
        used = self.used.setdefault(name, set())
        for index, entry in enumerate(self.entries.get(name, [])):
            if index in used or entry.spell != spell:
                continue
            used.add(index)
            if entry.answer not in decision.options:
                raise ScenarioError(
                    f"choices.{name}.spells[{index}].{entry.key}",
                    f"{entry.answer!r} is not among the options of {word(decision.prompt)!r}: "
                    f"{', '.join(decision.options)}",
                )
            return entry.answer
        return None
