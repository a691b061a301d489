"""A scenario character's sheet as written (SCENARIOS.md, "characters"): his trading
relationships, curses and recorded spells, each checked against the catalog."""

from __future__ import annotations

from rules.catalog import Catalog
from rules.schema.base import Relationship
from rules.setup.characters import default_spells
from rules.testing.format import CharacterSpec, ScenarioError
from rules.testing.names import Names
from rules.testing.validate import group


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
    """``spells`` (each once), else the setup default at his level."""
    if spec.spells is None:
        return default_spells(catalog, name, spec.level)
    chosen: list[str] = []
    for index, written in enumerate(spec.spells):
        spell = names.spell(f"{key}.spells[{index}]", written)
        if spell in chosen:
            raise ScenarioError(f"{key}.spells[{index}]", f"{spell} is recorded twice")
        chosen.append(spell)
    return chosen
