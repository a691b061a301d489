"""9.3 Winning the Game and Scoring (L2911–3001).

:func:`score_character` scores one character as the rules say, :func:`score_game` every
character and names the winners and the victor. Both only read the state: they are what the end
of the game (:mod:`rules.end.final`) and a character leaving the map (9.2.2b, 9.3.1a: "his score
is calculated immediately") use.

1. **9.3.1** He discards the items he cannot carry: each belonging heavier than the strongest of
   his in-play Move chits, his active horse and his active Boots card
   (:func:`rules.daylight.moving.carrying_strength`, without helpers). Horses are never carried
   (7.3.1e.1) and are kept. *Reading* (L2913): only those three carry — items an inactive
   horse could carry as a pack horse (7.3.1i) are discarded too, since 9.3.1 names only the
   active horse.
2. **9.3.1a** A character killed (``dead``) who has not restarted scores -100; one whose player
   started again as another is not scored (:func:`counted`); one who left the
   map is scored as he left it (:func:`as_he_left`).
3. **9.3.1b** All spells are broken (none is active in the engine's state at Midnight); Curses
   remain: Disgust makes his recorded Fame -1 (9.3.2c), Ashes his recorded gold -1 (9.3.2e,
   as :func:`rules.chits.spendable_gold`).
4. **9.3.2a–e** What he earned in each category (:func:`earned`) minus what he needs (the points
   he assigned × the category's factor, 3.3.6b); a result below zero is tripled.
5. **9.3.2f–h** Basic score = result ÷ factor rounded down (toward −∞, "to his disfavor");
   bonus = basic × the points assigned; total = all basics + all bonuses.
6. **9.3.2i–j** He won with a total of 0 or more; the victor has the highest total.
   *Reading* (L2932, "There will be a victor even if nobody wins"): the rules name no
   tie-break, so every character sharing the highest total is a victor.

The Gold category subtracts his starting gold and equipment (9.3.2e "Special", L2927): 10 plus
the Gold price of the weapons and armor (intact) his starting level lists — exactly the "Value
of Gold and Starting Equipment" table (3.3.6b.5, L930–948) for every character and level
(:func:`starting_value`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from rules.catalog import Catalog
from rules.chits import spendable_gold
from rules.daylight.moving import carrying_strength, item_weight
from rules.magic.nullifying import curses_in_force
from rules.magic.state import SpellInEffect
from rules.pieces import Kind, pieces_of
from rules.state import VICTORY_CATEGORIES, CharacterState, GameState, Place

#: Each category's factor (3.3.6b.1–b.5, 9.3.2f).
FACTORS: Mapping[str, int] = {
    "Great Treasures": 1,
    "Spells": 2,
    "Fame": 10,
    "Notoriety": 20,
    "Gold": 30,
}
#: The score of a character killed who did not restart (9.3.1a).
DEAD_SCORE = -100
#: The Curse that makes his recorded Fame -1 (4.6.8a.4, 9.3.2c).
DISGUST = "Disgust"
#: Starting gold (3.3.2; 9.3.2e "subtracting 10 points").
STARTING_GOLD = 10
#: The field name of each category in events and scenario ``scores``.
KEYS: Mapping[str, str] = {
    "Great Treasures": "great_treasures",
    "Spells": "spells",
    "Fame": "fame",
    "Notoriety": "notoriety",
    "Gold": "gold",
}

Points = int | float


class CategoryScore(BaseModel):
    """One category of his score (9.3.2): the Victory ``points`` he assigned, the ``needed``
    (points × factor), what he ``earned``, the ``result`` (earned − needed, tripled if below
    zero), and its ``basic`` and ``bonus`` scores (f, g)."""

    model_config = ConfigDict(frozen=True)

    category: str
    points: int
    needed: int
    earned: Points
    result: Points
    basic: int
    bonus: int


class CharacterScore(BaseModel):
    """A character's score (9.3.2): each category, the ``discarded`` items he could not carry
    (9.3.1), his ``basic``, ``bonus`` and ``total`` scores and whether he ``won`` (i). A dead
    character (9.3.1a) has no categories and a total of -100."""

    model_config = ConfigDict(frozen=True)

    name: str
    dead: bool = False
    discarded: tuple[str, ...] = ()
    categories: tuple[CategoryScore, ...] = ()
    basic: int
    bonus: int
    total: int
    won: bool

    def category(self, name: str) -> CategoryScore:
        """The category ``name`` (KeyError if he has none: a dead character)."""
        for category in self.categories:
            if category.category == name:
                return category
        raise KeyError(name)


class GameScores(BaseModel):
    """Every character's score, in the order of the game's characters; the ``winners`` (total
    of 0 or more, 9.3.2i) and the ``victors`` (the highest total, j; several on a tie)."""

    model_config = ConfigDict(frozen=True)

    scores: tuple[CharacterScore, ...]
    winners: tuple[str, ...]
    victors: tuple[str, ...]

    def of(self, name: str) -> CharacterScore:
        """The score of the character ``name``."""
        for score in self.scores:
            if score.name == name:
                return score
        raise KeyError(name)


def as_he_left(state: GameState, name: str) -> GameState:
    """A copy of ``state`` where ``name``, who left the map, stands as he did when he left: his
    sheet and belongings as :func:`rules.day.leaving.left_map` kept them — what his score is
    reckoned from, "as if it were the end of the game" (9.2.2b, 9.3.1a). ``state`` itself if he
    did not leave so."""
    sheet = state.characters.get(name)
    departure = sheet.departed if sheet is not None else None
    if departure is None or departure.how != "left_map" or departure.sheet is None:
        return state
    copy = state.model_copy(deep=True)
    copy.characters[name] = CharacterState.model_validate(departure.sheet)
    for item in departure.belongings:
        copy.put(item, Place.owner(name))
    return copy


def counted(state: GameState) -> list[str]:
    """The characters whose scores count at the end (9.3.1a): all but those whose player
    started again as another — "his previous characters do not count and are ignored"."""
    return [
        name
        for name, sheet in state.characters.items()
        if sheet.departed is None or sheet.departed.restarted_as is None
    ]


def starting_value(catalog: Catalog, character: CharacterState) -> int:
    """The value of his starting gold and equipment (3.3.6b.5, 9.3.2e): 10 plus the Gold price of
    the weapons and the (intact) armor his starting level lists."""
    level = catalog.characters[character.name].level(character.level)
    weapons = sum(catalog.weapons[w].price for w in level.weapons)
    armor = sum(catalog.armor[a].price.intact for a in level.armor)
    return STARTING_GOLD + weapons + armor


def discarded(catalog: Catalog, state: GameState, character: CharacterState) -> list[str]:
    """9.3.1: the belongings heavier than the strongest of his in-play Move chits, active horse
    and active Boots card; horses are not carried (7.3.1e.1) and stay."""
    strength = carrying_strength(catalog, state, character)
    pieces = pieces_of(catalog)
    return [
        item
        for item in state.at(Place.owner(character.name))
        if pieces[item].kind is not Kind.HORSE and item_weight(catalog, item).rank > strength.rank
    ]


def _values(catalog: Catalog, item: str) -> tuple[int, int, bool]:
    """An item's Fame value, Notoriety value and whether it is a Great Treasure (9.3.2c, d;
    3.3.6c–d: Treasure cards, and the treasure weapons and armor counters)."""
    piece = pieces_of(catalog)[item]
    if piece.kind is Kind.TREASURE:
        card = catalog.treasures[piece.name]
        return card.fame, card.notoriety, card.great
    if piece.kind is Kind.WEAPON:
        weapon = catalog.weapons[piece.name]
        return weapon.fame or 0, weapon.notoriety or 0, False
    if piece.kind is Kind.ARMOR:
        armor = catalog.armor[piece.name]
        return armor.fame or 0, armor.notoriety or 0, False
    return 0, 0, False


def learned_spells(character: CharacterState) -> int:
    """9.3.2b, 3.3.6g: the spells he recorded during the game — his recorded spells less his
    starting ones, each starting spell once, so a learned duplicate of a starting spell counts."""
    learned = Counter(character.spells) - Counter(character.starting_spells)
    return sum(learned.values())


def earned(
    catalog: Catalog, character: CharacterState, kept: list[str], spells: Iterable[SpellInEffect]
) -> dict[str, Points]:
    """What he earned in each category (9.3.2a–e) with the belongings he ``kept``: Great
    Treasures owned; spells learned; recorded Fame (-1 under Disgust) plus the items' Fame
    values; recorded Notoriety plus the items' Notoriety values; recorded gold (-1 under Ashes)
    less his starting gold and equipment (:func:`starting_value`). Fame rewards and Gold prices
    of items do not count (c, e). The Curses are those in force (``spells``: those in effect;
    :func:`rules.magic.nullifying.curses_in_force`)."""
    fame: Points = -1 if DISGUST in curses_in_force(spells, character) else character.fame
    notoriety: Points = character.notoriety
    great = 0
    for item in kept:
        item_fame, item_notoriety, is_great = _values(catalog, item)
        fame += item_fame
        notoriety += item_notoriety
        great += is_great
    gold = spendable_gold(character, spells)  # -1 under Ashes (9.3.2e)
    return {
        "Great Treasures": great,
        "Spells": learned_spells(character),
        "Fame": fame,
        "Notoriety": notoriety,
        "Gold": gold - starting_value(catalog, character),
    }


def category_score(category: str, points: int, earned: Points) -> CategoryScore:
    """9.3.2 for one category: earned − needed, tripled if below zero; basic = result ÷ factor
    rounded down, negative fractions too (f); bonus = basic × points (g)."""
    factor = FACTORS[category]
    needed = points * factor
    result = earned - needed
    if result < 0:
        result *= 3
    basic = math.floor(result / factor)
    return CategoryScore(
        category=category,
        points=points,
        needed=needed,
        earned=earned,
        result=result,
        basic=basic,
        bonus=basic * points,
    )


def score_character(catalog: Catalog, state: GameState, name: str) -> CharacterScore:
    """The score of the character ``name`` as the state stands (9.3): -100 if he is dead
    (9.3.1a); otherwise each category with what he can carry (9.3.1, 9.3.2a–h)."""
    if state is not (left := as_he_left(state, name)):  # 9.2.2b: as he left the map
        return score_character(catalog, left, name)
    character = state.characters[name]
    if character.dead:
        return CharacterScore(name=name, dead=True, basic=0, bonus=0, total=DEAD_SCORE, won=False)
    dropped = discarded(catalog, state, character)
    kept = [i for i in state.at(Place.owner(name)) if i not in dropped]
    totals = earned(catalog, character, kept, state.spells)
    categories = tuple(
        category_score(c, character.victory.get(c, 0), totals[c]) for c in VICTORY_CATEGORIES
    )
    basic = sum(c.basic for c in categories)
    bonus = sum(c.bonus for c in categories)
    return CharacterScore(
        name=name,
        discarded=tuple(dropped),
        categories=categories,
        basic=basic,
        bonus=bonus,
        total=basic + bonus,
        won=basic + bonus >= 0,
    )


def score_game(catalog: Catalog, state: GameState) -> GameScores:
    """Every character's score (9.3.2), the winners (i) and the victors (j: the highest total;
    every character sharing it on a tie)."""
    scores = tuple(score_character(catalog, state, name) for name in counted(state))
    best = max((s.total for s in scores), default=None)
    return GameScores(
        scores=scores,
        winners=tuple(s.name for s in scores if s.won),
        victors=tuple(s.name for s in scores if s.total == best),
    )
