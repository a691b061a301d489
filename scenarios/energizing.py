"""The scenario key ``choices.<name>.color`` (SCENARIOS.md Part 3): colour chits played as a
phase of someone's turn starts in his clearing (4.6.7h.6), each energizing a Permanent spell or
only fatiguing (4.6.4i).

There is no window in Daylight: the engine takes these only as answers given ahead, under the
ids of the ``color`` decisions (``d3/Amazon/p1/color/Sorcerer``,
:func:`rules.magic.energizing.phase_starts`). :func:`color_answers` writes them, one answer per
character and phase, its chits in the order of his sheet as the decision's options list them
(:func:`rules.magic.energizing.options`).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.catalog import Catalog
from rules.decisions.ids import TurnId
from rules.magic.energizing import ENERGIZES, ON
from rules.state import GameState
from scenarios.format import Choices, ColorChoice
from scenarios.names import orders_name


def color_answers(
    catalog: Catalog, state: GameState, choices: Mapping[str, Choices]
) -> dict[str, str]:
    """The answers, by decision id, that the ``choices.<name>.color`` entries give, on the
    scenario's day."""
    parts: dict[str, list[tuple[int, str]]] = {}
    for written, chosen in choices.items():
        if not chosen.color:
            continue
        who = orders_name(catalog, state, written)
        labels = [c.label for c in state.characters[who].chits]
        for entry in chosen.color:
            turn = (
                entry.turn
                if entry.turn not in catalog.characters
                else orders_name(catalog, state, entry.turn)
            )
            key = TurnId(
                day=state.game_day, turn=turn, phase=entry.phase, kind="color", who=who
            ).format()
            order = labels.index(entry.chit) if entry.chit in labels else len(labels)
            parts.setdefault(key, []).append((order, _part(entry)))
    return {key: ", ".join(p for _, p in sorted(found)) for key, found in parts.items()}


def _part(entry: ColorChoice) -> str:
    if entry.energize is None:
        return entry.chit
    return f"{entry.chit}{ENERGIZES}{entry.energize.spell}{ON}{entry.energize.target}"
