"""A scenario character's sheet as written (SCENARIOS.md, "characters"): his trading
relationships, curses, recorded spells, spells learned and Victory Requirements, each checked
against the catalog."""

from __future__ import annotations

from rules.catalog import Catalog
from rules.magic.recording import SPELL_BOXES
from rules.schema.base import Relationship
from rules.setup.characters import default_spells, default_victory
from rules.state import VICTORY_CATEGORIES
from scenarios.format import CharacterSpec, ScenarioError
from scenarios.names import Names
from scenarios.validate import group


def relationships(catalog: Catalog, key: str, name: str, spec: CharacterSpec) -> dict[str, int]:
    """His card's trading relationships at his level, changed as ``relationships`` says;
    only those not Neutral are kept (as :class:`~rules.state.CharacterState` holds them)."""
    card = catalog.characters[name]
    levels = {str(p): int(r) for p, r in card.relationships_at(spec.level).items()}
    for written, word in spec.relationships.items():
        levels[group(f"{key}.relationships.{written}", written)] = int(Relationship[word.upper()])
    return {p: level for p, level in levels.items() if level != Relationship.NEUTRAL}


def curses(catalog: Catalog, key: str, spec: CharacterSpec) -> list[str]:
    """``curses`` as the Curses Table prints them (4.6.8a), each once."""
    printed = [r.text for r in catalog.tables["Curses Table"].results.values()]
    chosen: list[str] = []
    for index, written in enumerate(spec.curses):
        found = next((t for t in printed if t.casefold() == written.casefold()), None)
        if found is None:
            raise ScenarioError(
                f"{key}.curses[{index}]",
                f"{written!r} is no Curse; the Curses: {', '.join(printed)}",
            )
        if found not in chosen:
            chosen.append(found)
    return chosen


def recorded_spells(
    catalog: Catalog, names: Names, key: str, name: str, spec: CharacterSpec
) -> list[str]:
    """``spells``, else the setup default at his level. A spell may be recorded twice, each in
    its own box (3.3.3b; SCENARIOS.md Part 3, 8.4.3c.2); with ``spells_learned`` they fill at
    most the boxes of his sheet (7.5.6g, :data:`rules.magic.recording.SPELL_BOXES`)."""
    if spec.spells is None:
        return default_spells(catalog, name, spec.level)
    chosen = [
        names.spell(f"{key}.spells[{index}]", written) for index, written in enumerate(spec.spells)
    ]
    if len(chosen) + len(spec.spells_learned or []) > SPELL_BOXES:
        raise ScenarioError(
            f"{key}.spells", f"his sheet has {SPELL_BOXES} Spells boxes (7.5.6g), no more"
        )
    return chosen


#: Other names of the Victory Requirement categories: the Scoring Example's "Usable Spells"
#: (L2940, SCENARIOS.md "The end of the game").
_CATEGORY_NAMES = {
    **{c.casefold(): c for c in VICTORY_CATEGORIES},
    "usable spells": "Spells",
}


def victory(key: str, spec: CharacterSpec, total: int) -> dict[str, int]:
    """``victory``: his Victory Requirements in points, 0 to 5 a category and ``total`` in all
    (3.3.6a; one a week plus one, 10.E.2 2.2); default: the setup default
    (:func:`rules.setup.characters.default_victory`). Every category is listed, 0 if unnamed."""
    written = spec.victory if spec.victory is not None else default_victory(total)
    points = dict.fromkeys(VICTORY_CATEGORIES, 0)
    for name, value in written.items():
        category = _CATEGORY_NAMES.get(name.casefold())
        if category is None:
            raise ScenarioError(
                f"{key}.victory.{name}",
                f"not a Victory Requirement category ({', '.join(VICTORY_CATEGORIES)})",
            )
        if not 0 <= value <= 5:
            raise ScenarioError(f"{key}.victory.{name}", f"0 to 5 points (3.3.6a), not {value}")
        points[category] = value
    if sum(points.values()) != total:
        raise ScenarioError(
            f"{key}.victory",
            f"the points total {sum(points.values())}, not {total} (3.3.6a; one a week of the "
            "game plus one, 10.E.2)",
        )
    return points


def spells_learned(names: Names, key: str, spec: CharacterSpec) -> list[str]:
    """``spells_learned``: spells he learned from Spell cards during the game (9.3.2b), added to
    his recorded spells after the starting ones; a starting spell may be learned again."""
    return [
        names.spell(f"{key}.spells_learned[{index}]", written)
        for index, written in enumerate(spec.spells_learned or [])
    ]
