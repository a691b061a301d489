"""The sixteen characters of Magic Realm (List of Characters, L3554–4029; 3.3 L895–958).

Each :class:`Character` holds what the Character card and the List of Characters give: weight
(which is also the vulnerability, L486), the two Special Advantages, the Dwellings where the
character may start (3.3.5 L908), trading relationships (7.6.5a L1897) and the four development
levels (Development rules 10.E.5 L3482–3495): each level's title, the three action chits it adds
(4.2 L1058–1080) and the weapons, armor and spells a character *starting* at that level has. The
standard game uses the 4th level's equipment and spells (3.3.2–3.3.3 L901–910) and all 12 chits.

A level's action chits are :class:`~rules.schema.action_chits.ActionChit` records.

Special Advantages carry ``effects``: typed records from a small vocabulary that the engine acts on
(:class:`OneDie`, :class:`DieModifier`, :class:`ExtraPhase`, :class:`RaiseVulnerability`), and
:class:`Ability` keys for rules that need bespoke engine code (see :data:`ABILITY_RULES`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, field_serializer, field_validator, model_validator

from rules.schema.action_chits import Action, ActionChit
from rules.schema.base import MagicType, Record, Relationship, Weight, unique


class DieTable(enum.StrEnum):
    """Tables a Special Advantage changes the roll on (4.1.2 L1043; 7.5.2 L1780).

    ``search`` in a data file stands for every Search table: Peer, Locate, Loot, Reading Runes,
    Magic Sight and the special tables of the Treasures Within Treasures Site cards
    (``site_card``, 7.5.5g.3 L1843). Under the optional Commerce rule, modifiers to Trade rolls
    on the Meeting Table also apply to the Commerce Table (10.D.2 2.2.1 L3327): the engine's job.
    """

    HIDE = "hide"
    MEETING = "meeting"
    MISSILE = "missile"
    PEER = "peer"
    LOCATE = "locate"
    LOOT = "loot"
    READING_RUNES = "reading_runes"
    MAGIC_SIGHT = "magic_sight"
    SITE_CARD = "site_card"


SEARCH_TABLES = (
    DieTable.PEER,
    DieTable.LOCATE,
    DieTable.LOOT,
    DieTable.READING_RUNES,
    DieTable.MAGIC_SIGHT,
    DieTable.SITE_CARD,
)

# Where a roll effect applies. ``woods_tile``: the six tiles labelled "Woods" (Deep, Linden, Maple,
# Nut, Oak and Pine Woods), not woods clearings elsewhere (L4013).
RollWhere = Literal["anywhere", "cave_clearing", "woods_tile"]
# During which activity a Meeting roll effect applies: ``trade`` is the Swordsman's Barter (L3849).
RollActivity = Literal["any", "trade"]
# Which Missile Table attacks an effect applies to: Aim (L3568) names missile weapons, Archer
# (L3745) bows and crossbows; neither applies to spells that attack like missiles (L2546).
RollWeapon = Literal["any", "missile_weapon", "bow_or_crossbow"]


class _RollEffect(Record):
    """What every die-roll effect shares: the tables and the circumstances it applies in."""

    tables: tuple[DieTable, ...] = Field(min_length=1)
    where: RollWhere = "anywhere"
    activity: RollActivity = "any"
    weapon: RollWeapon = "any"

    @field_validator("tables", mode="before")
    @classmethod
    def _expand_search(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            expanded: list[Any] = []
            for item in value:
                expanded.extend(SEARCH_TABLES if item == "search" else (item,))
            return tuple(expanded)
        return value

    @model_validator(mode="after")
    def _check_scope(self) -> _RollEffect:
        unique([str(t) for t in self.tables], "table")
        if self.activity != "any" and DieTable.MEETING not in self.tables:
            raise ValueError("an activity restriction applies to Meeting Table rolls only")
        if self.weapon != "any" and self.tables != (DieTable.MISSILE,):
            raise ValueError("a weapon restriction applies to Missile Table rolls only")
        return self


class OneDie(_RollEffect):
    """Roll one die instead of two on these tables (4.1.2 L1043), e.g. Archer, Fear, Lore."""

    kind: Literal["one_die"] = "one_die"


class DieModifier(_RollEffect):
    """Add ``modifier`` to each die rolled on these tables (4.1.2 L1043), e.g. Aim, Honor."""

    kind: Literal["die_modifier"] = "die_modifier"
    modifier: int = Field(ge=-2, le=2)

    @field_validator("modifier")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a die modifier of 0 changes nothing")
        return value


class ExtraPhase(Record):
    """One extra phase each day, usable only for ``activity`` (6.2.2c L1505; 6.2.4a L1511).

    ``any`` is an extra phase for any normal activity (the Captain's Reputation, L3653);
    ``where: dwelling`` means the character must be at a Dwelling, campfires included, when he
    starts the phase, not when he records it (L3653; 6.2.4b L1512).
    """

    kind: Literal["extra_phase"] = "extra_phase"
    activity: Literal["move", "rest", "hide", "alert", "enchant", "any"]
    where: Literal["anywhere", "dwelling"] = "anywhere"


class RaiseVulnerability(Record):
    """Playing ``chit`` makes his vulnerability ``to`` until ``until`` (Berserk L3594)."""

    kind: Literal["raise_vulnerability"] = "raise_vulnerability"
    chit: Action
    to: Weight
    until: Literal["midnight"] = "midnight"


class AbilityKey(enum.StrEnum):
    """Stable keys for advantages the engine implements with bespoke code; see ABILITY_RULES."""

    BERSERK_CHIT = "berserk_chit"
    PEACE_WITH_NATURE = "peace_with_nature"
    NO_SUNLIGHT_PHASES = "no_sunlight_phases"
    EXTRA_REST_ASTERISK = "extra_rest_asterisk"
    DUCK_CHIT = "duck_chit"
    HEAVENLY_PROTECTION = "heavenly_protection"
    CLEVER = "clever"
    FAMILIAR = "familiar"
    DISEMBODIED = "disembodied"
    EXPERIENCE = "experience"


ABILITY_RULES: dict[AbilityKey, str] = {
    AbilityKey.BERSERK_CHIT: (
        "L3596–3600: the Berserk chit is played in an Alert phase (it fatigues at once) or as the "
        "Encounter-step action; it counts as a Fight chit for fatigue and nothing else"
    ),
    AbilityKey.PEACE_WITH_NATURE: (
        "L3681–3683: Warning and Sound chits in his tile do not summon monsters when he ends his "
        "turn (turned face down again); Dwellings, Site chits and cards, Dragon Essence still do"
    ),
    AbilityKey.NO_SUNLIGHT_PHASES: (
        "L3713 (6.2.2b L1503): never uses Sunlight phases, only Basic (and Sheltered under "
        "Seasons/Weather) phases plus extra phases; he can Follow normally"
    ),
    AbilityKey.EXTRA_REST_ASTERISK: "L3715: rests one extra effort asterisk per Rest activity",
    AbilityKey.DUCK_CHIT: (
        "L3717: the Duck chit is a Move chit for the Duck maneuver only (and as a T chit for "
        "looting); it counts as a Move chit for fatigue; usable even before Short Legs"
    ),
    AbilityKey.HEAVENLY_PROTECTION: (
        "L3797: the Demon, Winged Demon and Imp cannot block him or be assigned to attack him; "
        "his hirelings are not protected"
    ),
    AbilityKey.CLEVER: (
        "L3850–3853: keeps his Attention chit at Sunrise and pre-empts once per Daylight before "
        "any pick; several pre-empters go in turn from the last character to take a turn"
    ),
    AbilityKey.FAMILIAR: (
        "L3925–3929: an extra piece with its own turn (Move, Follow, Peer only), cannot block, "
        "be blocked, summon, fight or carry; shares the Witch's Discoveries"
    ),
    AbilityKey.DISEMBODIED: (
        "L3956 (7.5.7 L1862–1872): must use the Magic Sight Table instead of Peer, Locate, Loot "
        "and Reading Runes when he Searches"
    ),
    AbilityKey.EXPERIENCE: (
        "L3986: starts knowing every hidden path and secret passage (all crossed off his "
        "Discoveries list)"
    ),
}


class Ability(Record):
    """An advantage rule the engine implements by its key (rules in :data:`ABILITY_RULES`)."""

    kind: Literal["ability"] = "ability"
    key: AbilityKey


Effect = Annotated[
    OneDie | DieModifier | ExtraPhase | RaiseVulnerability | Ability,
    Field(discriminator="kind"),
]


class Advantage(Record):
    """A Special Advantage (2.5.2a): its name, where the rulebook defines it, text and effects."""

    name: str = Field(min_length=1)
    line: int = Field(ge=1, description="rulebook line where the advantage is defined")
    text: str = Field(min_length=1)
    effects: tuple[Effect, ...] = Field(min_length=1)


class StartLocation(enum.StrEnum):
    """Where a character may start (3.3.5 L908): a Dwelling, or the Witch King's Ghosts.

    ``Ghosts`` is not a Dwelling: it is the clearing where the pair of Ghosts is put when the
    Bones V chit is revealed (3.6.2a L1016; "in the clearing with the Ghosts", L3959).
    """

    INN = "Inn"
    HOUSE = "House"
    CHAPEL = "Chapel"
    GUARD_HOUSE = "Guard house"
    GHOSTS = "Ghosts"

    @property
    def is_dwelling(self) -> bool:
        """True for the Dwellings, False for the Ghosts' clearing."""
        return self is not StartLocation.GHOSTS


class TradingPartner(enum.StrEnum):
    """Native groups and visitors a character can have a trading relationship with (7.6.5a)."""

    BASHKARS = "Bashkars"
    COMPANY = "Company"
    GUARD = "Guard"
    LANCERS = "Lancers"
    ORDER = "Order"
    PATROL = "Patrol"
    ROGUES = "Rogues"
    SOLDIERS = "Soldiers"
    WOODFOLK = "Woodfolk"
    CRONE = "Crone"
    SCHOLAR = "Scholar"
    SHAMAN = "Shaman"
    WARLOCK = "Warlock"

    @property
    def is_visitor(self) -> bool:
        """True for the four visitors (italic in the List of Characters)."""
        return self in _VISITORS


_VISITORS = frozenset(
    {TradingPartner.CRONE, TradingPartner.SCHOLAR, TradingPartner.SHAMAN, TradingPartner.WARLOCK}
)

LEVELS = 4
CHITS_PER_LEVEL = 3


class Level(Record):
    """One development level (10.E.5.1 L3484): title, the 3 chits it adds, and the equipment and
    spells of a character who starts at this level (the 4th in the standard game)."""

    number: int = Field(ge=1, le=LEVELS)
    title: str = Field(min_length=1)
    chits: tuple[ActionChit, ...]
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()
    spells: int = Field(default=0, ge=0)
    spell_types: tuple[MagicType, ...] = ()

    @field_validator("chits")
    @classmethod
    def _three_chits(cls, chits: tuple[ActionChit, ...]) -> tuple[ActionChit, ...]:
        if len(chits) != CHITS_PER_LEVEL:
            raise ValueError(
                f"a level adds exactly {CHITS_PER_LEVEL} action chits (10.E.5.1), got {len(chits)}"
            )
        return chits

    @model_validator(mode="after")
    def _check(self) -> Level:
        if self.spells and not self.spell_types:
            raise ValueError(f"{self.spells} spells but no spell types")
        if self.spell_types and not self.spells:
            raise ValueError("spell types are listed but the level has no spells")
        unique([str(t) for t in self.spell_types], "spell type")
        unique(self.weapons, "weapon")
        unique(self.armor, "armor piece")
        return self


class Character(Record):
    """A character (List of Characters L3554–4029): weight, advantages, start, relations, levels.

    ``advantages`` are in the rulebook's order, which is the order they are gained in the
    Development game (2.7.8 L723; 10.E.5.2.1 L3486). Partners absent from ``relationships`` are
    Neutral (7.6.5a L1897). ``aliases`` are other spellings players use for the name.
    ``pronoun`` is how the rulebook speaks of the character: ``she`` for the Amazon, the Witch
    and the Woods Girl (L3568, L3918, L4013), ``he`` for the others.
    """

    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    pronoun: Literal["he", "she"] = "he"
    weight: Weight
    advantages: tuple[Advantage, ...] = Field(min_length=1)
    starting_locations: tuple[StartLocation, ...] = Field(min_length=1)
    relationships: dict[TradingPartner, Relationship] = Field(default_factory=dict)
    levels: tuple[Level, ...]

    @field_validator("relationships", mode="before")
    @classmethod
    def _relationship_words(cls, value: Any) -> Any:
        """Data files say ``{Company: ally}``; the words are the Relationship names."""
        if not isinstance(value, dict):
            return value
        converted: dict[Any, Any] = {}
        for partner, level in value.items():
            if isinstance(level, str):
                try:
                    level = Relationship[level.upper()]
                except KeyError:
                    words = ", ".join(r.name.lower() for r in Relationship)
                    raise ValueError(
                        f"{partner}: relationship {level!r} is not one of {words}"
                    ) from None
            converted[partner] = level
        return converted

    @field_serializer("relationships")
    def _relationship_names(self, value: dict[TradingPartner, Relationship]) -> dict[str, str]:
        """Written back as the data files say them: ``{Company: ally}``."""
        return {str(partner): level.name.lower() for partner, level in value.items()}

    @model_validator(mode="after")
    def _check(self) -> Character:
        if self.weight is Weight.NEGLIGIBLE:
            raise ValueError("a character's weight is L, M, H or T, not negligible")
        unique([a.name for a in self.advantages], "advantage")
        unique([str(s) for s in self.starting_locations], "starting location")
        for partner, level in self.relationships.items():
            if level is Relationship.NEUTRAL:
                raise ValueError(f"{partner}: neutral is the default; leave it out")
        numbers = [level.number for level in self.levels]
        if numbers != list(range(1, LEVELS + 1)):
            raise ValueError(f"levels must be numbered 1 to {LEVELS} in order, got {numbers}")
        return self

    def __hash__(self) -> int:
        # The relationships dict is unhashable; names are unique in the catalog.
        return hash((type(self), self.name))

    @property
    def vulnerability(self) -> Weight:
        """A character's vulnerability is his weight (L486)."""
        return self.weight

    @property
    def chits(self) -> tuple[ActionChit, ...]:
        """All 12 action chits, in development order (3.3.1 L899)."""
        return self.chits_at(LEVELS)

    @property
    def starting_level(self) -> Level:
        """The 4th level, whose equipment and spells the standard game uses (3.3.2 L901)."""
        return self.levels[-1]

    def level(self, number: int) -> Level:
        """The development level ``number`` (1..4)."""
        if not 1 <= number <= LEVELS:
            raise ValueError(f"development levels are 1..{LEVELS}, not {number}")
        return self.levels[number - 1]

    def chits_at(self, number: int) -> tuple[ActionChit, ...]:
        """The chits of a character at level ``number``: that level's and earlier (10.E.5.2)."""
        self.level(number)
        return tuple(chit for level in self.levels[:number] for chit in level.chits)

    def advantages_at(self, number: int) -> tuple[Advantage, ...]:
        """Advantages at level ``number``: none at 1st, the first at 2nd/3rd, all at 4th
        (10.E.5.2.1 L3486)."""
        self.level(number)
        count = 0 if number == 1 else 1 if number < LEVELS else len(self.advantages)
        return self.advantages[:count]

    def relationships_at(self, number: int) -> dict[TradingPartner, Relationship]:
        """Trading relationships at level ``number``: from the 3rd level on, else all Neutral
        (10.E.5.2.2 L3487)."""
        self.level(number)
        return dict(self.relationships) if number >= 3 else {}

    def relationship(self, partner: TradingPartner | str) -> Relationship:
        """The trading relationship with a native group or visitor; Neutral when not listed."""
        return self.relationships.get(TradingPartner(partner), Relationship.NEUTRAL)

    def effects(self, level: int = LEVELS) -> Iterator[Effect]:
        """Every effect of the advantages he has at ``level`` (all of them at the 4th)."""
        for advantage in self.advantages_at(level):
            yield from advantage.effects

    def has_ability(self, key: AbilityKey, level: int = LEVELS) -> bool:
        """Whether an advantage he has at ``level`` carries the ability ``key``."""
        return any(isinstance(e, Ability) and e.key is key for e in self.effects(level))
