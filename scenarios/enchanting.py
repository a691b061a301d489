"""The scenario keys of Enchant (SCENARIOS.md Part 3): a character's ``color_chits`` when the
scenario starts, his answers to the ``enchant`` decisions (``choices.<character>.enchant``), and
the expectations ``expect.characters.<character>.color_chits`` and ``expect.tiles``.

- ``characters.<name>.color_chits``: labels of his Magic chits of Types I–V, each an active
  chit not named before (among these or as fatigued or wounded), enchanted into a colour chit
  of its type's colour (4.6.4, :func:`rules.magic.colors.chit_color`); anything else is
  malformed.
- ``choices.<name>.enchant``: ``[{color_chit: LABEL}]``, the k-th entry answering his k-th
  ``enchant`` decision (7.10.4: which colour chit supplies a tile's enchantment); an entry
  without ``color_chit``, or none left, leaves it to its default (the first such chit in
  development order). An answer that is not among the options is malformed.
- ``expect.characters.<name>.color_chits``: exactly his colour chits, by label, in any order.
- ``expect.tiles``: ``{CV: enchanted}`` or ``normal``, the side up of each tile named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.daylight.enchant import KIND
from rules.events import Decision
from rules.magic.colors import chit_color
from rules.state import CharacterState, GameState
from scenarios.format import EnchantChoice, ScenarioError
from scenarios.matching import word


def set_color_chits(key: str, character: CharacterState, labels: Sequence[str]) -> None:
    """Enchant the chits ``labels`` of ``character`` (his scenario key ``key``) into colour
    chits, or raise :class:`ScenarioError` naming the entry at fault."""
    for index, label in enumerate(labels):
        where = f"{key}.color_chits[{index}]"
        color = chit_color(label) if label.startswith("MAGIC ") else None
        if color is None:
            raise ScenarioError(where, f"{label!r} is not a Magic chit of Types I-V (4.6.4f)")
        chit = next(
            (
                c
                for c in character.chits
                if c.label == label and c.status == "active" and c.color is None
            ),
            None,
        )
        if chit is None:
            mine = sorted({c.label for c in character.chits if chit_color(c.label) is not None})
            raise ScenarioError(
                where,
                f"the {character.name} has no other active {label} to enchant "
                f"(his Magic chits of Types I-V: {', '.join(mine) or 'none'})",
            )
        chit.color = color


class Enchants:
    """The scenario's ``choices.<name>.enchant`` entries, by character, consumed in order."""

    def __init__(self, entries: Mapping[str, Sequence[EnchantChoice]]) -> None:
        self.entries = {name: list(listed) for name, listed in entries.items()}
        self.used: dict[str, int] = {}

    def answer(self, decision: Decision) -> str | None:
        """The next entry's answer to an ``enchant`` decision of its character; None for any
        other decision, or when his entries are used up or do not name a chit."""
        if decision.kind != KIND:
            return None
        name = decision.character
        index = self.used.get(name, 0)
        listed = self.entries.get(name, [])
        if index >= len(listed):
            return None
        self.used[name] = index + 1
        chosen = listed[index].color_chit
        if chosen is None:
            return None
        label = " ".join(chosen.upper().split())
        if label not in decision.options:
            raise ScenarioError(
                f"choices.{name}.enchant[{index}].color_chit",
                f"{chosen!r} is not among the options of {word(decision.prompt)!r}: "
                f"{', '.join(decision.options)}",
            )
        return label


def check_color_chits(character: CharacterState, key: str, expected: list[str] | None) -> list[str]:
    """``expect.characters.<name>.color_chits``: exactly these, in any order."""
    if expected is None:
        return []
    got = sorted(c.label for c in character.chits if c.color is not None)
    want = sorted(" ".join(label.upper().split()) for label in expected)
    if got == want:
        return []
    return [
        f"{key}.color_chits: expected {', '.join(want) or 'none'}, got {', '.join(got) or 'none'}"
    ]


def check_tiles(state: GameState, expected: Mapping[str, str]) -> list[str]:
    """``expect.tiles``: the side up of each tile named (a tile not on the map is a
    difference too)."""
    sides = {t.tile: "enchanted" if t.enchanted else "normal" for t in state.tiles}
    lines = []
    for code, side in expected.items():
        got = sides.get(code.upper())
        if got is None:
            lines.append(f"tiles.{code}: no such tile on the map")
        elif got != side:
            lines.append(f"tiles.{code}: expected {side} side up, got {got}")
    return lines
