"""Selecting characters (3.3): one player's choices, checked, and the character they seat.

A player's secret choices come in a :class:`CharacterSetup`; what he leaves out gets the
documented default. :func:`seat_character` checks every choice and returns his
:class:`~rules.state.CharacterState`: his 4th-level weapons and armor taken from the native groups
that have them (3.3.2), his spells (3.3.3), the Magic chits he enchants (3.3.4), his starting
dwelling (3.3.5) and his Victory Requirements (3.3.6a). Any choice the rules forbid raises
:class:`SetupError`, naming the character and the choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.catalog import Catalog
from rules.glossary import read_name
from rules.phrases import Phrase, phrase, verbatim
from rules.pieces import Pieces
from rules.schema.base import MagicColor, MagicType
from rules.schema.setup import Section
from rules.state import VICTORY_CATEGORIES, CharacterState, ChitState, GameState, ItemState, Place

#: Magic types I–V enchant into these colours (4.6.4a, L1218).
CHIT_COLORS: dict[MagicType, MagicColor] = {
    MagicType.I: MagicColor.WHITE,
    MagicType.II: MagicColor.GRAY,
    MagicType.III: MagicColor.GOLD,
    MagicType.IV: MagicColor.PURPLE,
    MagicType.V: MagicColor.BLACK,
}

#: The default Victory Requirements: five points, none on Spells (3.3.6a).
DEFAULT_VICTORY: dict[str, int] = {"Great Treasures": 1, "Fame": 2, "Notoriety": 1, "Gold": 1}
#: The order :func:`default_victory` deals points in: the first five make :data:`DEFAULT_VICTORY`.
_DEAL = ("Fame", "Great Treasures", "Notoriety", "Gold") * 5 + ("Spells",) * 5


def default_victory(total: int = 5) -> dict[str, int]:
    """The default Victory Requirements of ``total`` points (5, or one per week plus one in a
    game of another length, 10.E.2 2.2): :data:`DEFAULT_VICTORY` for 5; otherwise the points
    dealt one at a time to Fame, Great Treasures, Notoriety and Gold in turn, at most 5 each
    (3.3.6a), then to Spells."""
    victory = dict.fromkeys(VICTORY_CATEGORIES, 0)
    for category in _DEAL[:total]:
        victory[category] += 1
    return {c: p for c, p in victory.items() if p}


class SetupError(ValueError):
    """A setup choice the rules forbid, or a game that cannot be set up.

    ``phrase`` says why to the player or moderator (``templates/phrases/setup.j2``); the message
    (``str``) is the phrase's key and values, for a developer. A game the catalog cannot set up
    (a bug, or a bad data file) is said in English as it is: no player causes it.
    """

    def __init__(self, why: Phrase | str) -> None:
        self.phrase = why if isinstance(why, Phrase) else verbatim(why)
        super().__init__(why if isinstance(why, str) else f"{why.key} {why.named}")


class CharacterSetup(BaseModel):
    """One player's choices for his character (3.3); ``None`` means "use the default".

    - ``start``: a dwelling listed for him (3.3.5); default: the first listed.
    - ``spells``: exactly the number of his 4th level, of its types (3.3.3); default: the first
      spells of the List of Spells of each allowed type in turn.
    - ``enchant``: Magic chits (printed labels, e.g. ``"MAGIC III4*"``) of types I–V to turn into
      colour chits (3.3.4); default: none.
    - ``victory``: points per category, 0–5 each, 5 in all (3.3.6a); default
      :data:`DEFAULT_VICTORY`.
    - ``equipment_from``: for an item several native groups have, the group to take it from
      (3.3.2); default: the first group in Set Up Card order that has one left.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    player: str | None = None
    start: str | None = None
    spells: tuple[str, ...] | None = None
    enchant: tuple[str, ...] = ()
    victory: dict[str, int] | None = None
    equipment_from: dict[str, str] = Field(default_factory=dict)


#: The keys of a player's lines of setup choices (:func:`setup_choices`).
SETUP_KEYS = ("start", "victory", "spells", "enchant")
_CATEGORIES = {category.casefold(): category for category in VICTORY_CATEGORIES}
#: The most lines of setup choices read; the rest are ignored.
MAX_SETUP_LINES = 20


def setup_choices(text: str) -> dict[str, object]:
    """A player's secret choices written as lines (3.3.3–3.3.6): ``start: Guard house``,
    ``victory: fame 2, gold 3``, ``spells: Absorb Essence, Peace``, ``enchant: MAGIC III4*``; the
    first :data:`MAX_SETUP_LINES` non-blank lines are read. Returns the fields of a
    :class:`CharacterSetup` they set, their values unchecked against the catalog; raises
    :class:`SetupError` naming the first line that is not one of these forms (points are whole
    numbers in ASCII digits: ``fame ²`` is refused, never read as 2)."""
    choices: dict[str, object] = {}
    for line in [line.strip() for line in text.splitlines() if line.strip()][:MAX_SETUP_LINES]:
        key, _, value = line.partition(":")
        key = key.strip().casefold()
        if key not in SETUP_KEYS or not value.strip():
            raise SetupError(phrase("setup.bad_line", line=repr(line[:60])))
        items = [v.strip() for v in value.split(",") if v.strip()]
        if key == "start":
            choices["start"] = value.strip()
        elif key == "victory":
            victory: dict[str, int] = {}
            for item in items:
                name, _, points = item.rpartition(" ")
                category = _category(name)
                if category is None or not (points.isascii() and points.isdigit()):
                    raise SetupError(
                        phrase(
                            "setup.bad_victory",
                            item=repr(item[:40]),
                            categories=VICTORY_CATEGORIES,
                        )
                    )
                victory[category] = int(points)
            choices["victory"] = victory
        else:
            choices[key] = items
    return choices


def _category(name: str) -> str | None:
    """The Victory Requirement category ``name`` is, in English or in a glossary's language
    (``fama`` is Fame), or None."""
    category = _CATEGORIES.get(" ".join(name.split()).casefold())
    if category is None:
        category = read_name(name)
    return category if category in VICTORY_CATEGORIES else None


def check_characters(catalog: Catalog, setups: Sequence[CharacterSetup]) -> None:
    """At least one character; each a known one, chosen once (3.3.1)."""
    if not setups:
        raise SetupError(phrase("setup.no_character"))
    seen: set[str] = set()
    for setup in setups:
        if setup.name not in catalog.characters:
            close = tuple(map(repr, catalog.characters.suggest(setup.name)))
            raise SetupError(
                phrase("setup.unknown_character", name=repr(setup.name), suggestions=close)
            )
        name = catalog.characters[setup.name].name
        if name in seen:
            raise SetupError(phrase("setup.chosen_twice", who=name))
        seen.add(name)


def seat_character(
    catalog: Catalog,
    pieces: Pieces,
    state: GameState,
    setup: CharacterSetup,
    *,
    victory_points: int = 5,
    equip: bool = True,
) -> CharacterState:
    """Seat one character (3.3): pieces, 4th-level equipment from the natives, gold, spells,
    colour chits, start and Victory Requirements of ``victory_points`` in all (5, or the
    game length's, 10.E.2 2.2) — every choice checked. Without ``equip`` he takes no
    equipment: a fresh start finds his own (9.1.2a, :mod:`rules.setup.restart`)."""
    card = catalog.characters[setup.name]
    name = card.name
    level = card.starting_level

    start = setup.start if setup.start is not None else str(card.starting_locations[0])
    allowed = [str(s) for s in card.starting_locations]
    if start in catalog.dwellings:
        start = catalog.dwellings[start].name
    if start not in allowed:
        raise SetupError(
            phrase("setup.cannot_start", who=name, start=repr(start), allowed=tuple(allowed))
        )

    chits = [ChitState(label=chit.label) for chit in card.chits]
    for label in setup.enchant:
        enchantable = [
            (chit, CHIT_COLORS[printed.magic_type])
            for chit, printed in zip(chits, card.chits, strict=True)
            if chit.label == label and chit.color is None and printed.magic_type in CHIT_COLORS
        ]
        if not enchantable:
            raise SetupError(phrase("setup.nothing_to_enchant", who=name, chit=repr(label)))
        chit, color = enchantable[0]
        chit.color = color

    spells = list(setup.spells) if setup.spells is not None else default_spells(catalog, name)
    if len(spells) != level.spells:
        raise SetupError(
            phrase("setup.spell_count", who=name, number=level.spells, given=len(spells))
        )
    for spell in spells:
        if spell not in catalog.spells:
            raise SetupError(phrase("setup.unknown_spell", who=name, spell=repr(spell)))
        if catalog.spells[spell].type not in level.spell_types:
            raise SetupError(
                phrase(
                    "setup.spell_type",
                    who=name,
                    types=tuple(str(t) for t in level.spell_types),
                    spell=repr(spell),
                    type=str(catalog.spells[spell].type),
                )
            )

    victory = dict(setup.victory) if setup.victory is not None else default_victory(victory_points)
    _check_victory(name, victory, victory_points)

    character = CharacterState(
        name=name,
        player=setup.player,
        start=start,
        chits=chits,
        spells=spells,
        starting_spells=list(spells),
        victory={c: victory.get(c, 0) for c in VICTORY_CATEGORIES},
        relationships={str(p): int(r) for p, r in card.relationships.items()},
    )
    for item in (*level.weapons, *level.armor) if equip else ():
        piece = _take_from_natives(catalog, pieces, state, name, item, setup.equipment_from)
        state.put(piece, Place.owner(name))
        character.items[piece] = ItemState()
    return character


def default_spells(catalog: Catalog, character: str, number: int | None = None) -> list[str]:
    """The default spells (3.3.3): the first spells of the List, one allowed type after
    another, as many as his starting level (or level ``number``) records."""
    card = catalog.characters[character]
    level = card.starting_level if number is None else card.level(number)
    by_type = {
        t: [s.name for s in catalog.spells.values() if s.type == t] for t in level.spell_types
    }
    chosen: list[str] = []
    while len(chosen) < level.spells:
        before = len(chosen)
        for spell_type in level.spell_types:
            remaining = [s for s in by_type[spell_type] if s not in chosen]
            if remaining and len(chosen) < level.spells:
                chosen.append(remaining[0])
        if len(chosen) == before:
            break
    return chosen


def _check_victory(who: str, victory: Mapping[str, int], required: int = 5) -> None:
    """3.3.6a: whole points from 0 to 5 per category, five in all — or ``required``, one per
    week of the game plus one (10.E.2 2.2, L3456)."""
    for category, points in victory.items():
        if category not in VICTORY_CATEGORIES:
            raise SetupError(
                phrase(
                    "setup.not_a_category",
                    who=who,
                    category=repr(category),
                    categories=VICTORY_CATEGORIES,
                )
            )
        if not 0 <= points <= 5:
            raise SetupError(
                phrase("setup.category_points", who=who, category=category, points=points)
            )
    total = sum(victory.values())
    if total != required and required == 5:
        raise SetupError(phrase("setup.victory_total", who=who, total=total))
    if total != required:
        raise SetupError(
            phrase("setup.victory_total_weeks", who=who, required=required, total=total)
        )


def _take_from_natives(
    catalog: Catalog,
    pieces: Pieces,
    state: GameState,
    who: str,
    item: str,
    chosen: Mapping[str, str],
) -> str:
    """Take one ``item`` from a native group that has it (3.3.2): the chosen group, else the
    first in Set Up Card order. Returns the piece's id."""
    holders: dict[str, str] = {}  # native group -> box place
    for box in catalog.setup_card.values():
        if box.natives is not None and box.section in (Section.DWELLINGS, Section.GARRISONS):
            holders[box.natives] = Place.box(box.name)
    available = {
        group: [p for p in state.at(place) if pieces[p].name == item]
        for group, place in holders.items()
    }
    having = [group for group, found in available.items() if found]
    if item in chosen:
        group = chosen[item]
        if group not in having:
            raise SetupError(
                phrase(
                    "setup.not_from_group", who=who, item=item, group=group, having=tuple(having)
                )
            )
    elif having:
        group = having[0]
    else:
        raise SetupError(phrase("setup.no_group_has", who=who, item=item))
    return available[group][0]
