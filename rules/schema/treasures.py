"""The 74 Treasure cards (2.3.7, 2.3.9, 4.4; List of Treasures L4184–4558; Treasure Table
L4560–4640; Great Treasures L4642–4663).

A :class:`Treasure` holds the Treasure Table's statistics (section, Great, Large or TWT slot P1–P6,
chit, spells, discard-to, weight, Fame reward, Fame, Notoriety, Gold), the Gold a Treasure Within
Treasures card adds when exchanged (L4198, L4202), the loot table of the three Site cards
(L4210–4268), and what the card does, as ``behaviour`` keys from :data:`BEHAVIOURS` that the
engine acts on, plus the rulebook's text. Structured extras: the Move/Fight/Magic/colour chit a
card carries, the weapon and armor cards' combat values (section 10) and the spells built into
three cards (section 15, :class:`~rules.schema.spells.BuiltInSpell`). The pieces and Large
Treasures a TWT card's box holds at the start (3.1.3a, L787–792) are that box of the Set Up Card
(setup_card.yaml, the box whose ``holds`` is the card's name), not part of the card.
"""

from __future__ import annotations

import enum
from typing import Literal

from pydantic import Field, model_validator

from rules.schema.base import MagicColor, MagicType, Record, Weight, unique
from rules.schema.spells import BuiltInSpell

#: Every behaviour key a treasure may carry, with what it means (the engine's vocabulary).
BEHAVIOURS: dict[str, str] = {
    # 1. Treasures Within Treasures (L4190-4268)
    "exchange:keep": "exchanged for its box's contents, which the finder keeps (Remains of Thief)",
    "exchange:site_box": "exchanged; its contents go on top of the searched site box (L4200)",
    "exchange:open": "opened (exchanged) only with the Lost Keys active too (Chest, L4198)",
    "curse_on_draw": "revealed when drawn and the finder rolls for a Curse (L4200, L4202)",
    "site_card": "a Site card: discovered only by drawing it, looted with its own table (L4206)",
    "loot_needs_tremendous": "looting needs a Tremendous piece or the Lost Keys (L4348)",
    # 2. Birdsong cards (L4270-4294)
    "enhanced_peer": "record the enhanced Peer activity on any clearing (Crystal Ball)",
    "remote_enchant": "record the remote Enchant activity on any tile (Crystal Ball)",
    "extra_phase:hide": "record an extra Hide phase",
    "extra_phase:search": "record an extra Search phase",
    "extra_phase:trade": "record an extra Trade phase",
    "extra_phase:hire": "record an extra Hire phase",
    "extra_phase:move": "record an extra Move phase, even on horseback",
    "extra_phase:enchant": "record an extra Enchant phase",
    "extra_phase:mountain_peer": "extra phase: enhanced Peer from a mountain to a mountain",
    "extra_phase:cave": "extra phase for any normal activity, started in a cave clearing",
    "clearing_extra_phase:enchant": "everyone in its clearing may record an extra Enchant phase",
    # 3. Daylight cards (L4296-4318)
    "summons:smoke": "summons like a Smoke C / Smoke M chit in cave / mountain tiles (L4300)",
    "sleep": "in Daylight, activates fatigued chits in its clearing and their owner sleeps (L4302)",
    "rest_double": "each Rest activity rests two asterisks instead of one (L4313)",
    "timeless": "choose each phase as it is done instead of recording it (L4315)",
    # 4. One-use cards (L4320-4336)
    "one_use": "used immediately when activated, once; then removed or returned (L4322)",
    "cure_or_break": "cures one Curse or breaks one spell in its clearing (Amulet, L4325)",
    "wish_and_curse": "roll once for both a Wish and a Curse (Withered Claw, L4336)",
    # 5. Using tables (L4338-4362)
    "clearing_die_mod:+1": "everyone in its clearing adds one to every table roll (Cloven Hoof)",
    "one_die:loot": "one die on the Loot table and the Site-card tables (Deft Gloves)",
    "one_die:all": "one die on every table, Curse and Power of the Pit included (Lucky Charm)",
    "one_die:hide": "one die on the Hide table (Shoes of Stealth)",
    "choose_red_die": "choose the red die on spell tables and Attack-spell Missile rolls (L4352)",
    "locate_minus_one:lost_castle": "-1 to Locate rolls in the Lost Castle's tile",
    "locate_minus_one:lost_city": "-1 to Locate rolls in the Lost City's tile",
    "locate_minus_one:ruins": "-1 to Locate rolls in the Ruins tile or a tile with a Ruins chit",
    "keys": "opens the Chest; loots the Vault and Crypt without a Tremendous piece (L4348)",
    "magic_sight": "its owner uses Magic Sight when he searches (Phantom Glass, L4360)",
    # 6. Altering action chits (L4364-4378)
    "alter_chits:strength_by_stars": "Move/Fight/Duck/Berserk strength M, H, T by 0-2 stars",
    "alter_chits:time_4_3_2": "every action chit's time 4, 3, 2 by 0-2 stars (Draught of Speed)",
    "alter_chits:time_5_4_3": "every action chit's time 5, 4, 3 by 0-2 stars (Garb of Speed)",
    # 7. Instant rest (L4380-4390)
    "wounds_to_fatigue": "wounded action chits, and new wounds, become fatigued (Vial of Healing)",
    # 8-10. Boots, Gloves, Weapon and Armor cards (L4392-4447)
    "boots": "usable as a Move chit with the card's strength and time; one Boots card active",
    "gloves": "usable as a Fight chit with the card's strength and time; one Gloves card active",
    "weapon": "a weapon card (values in ``weapon``)",
    "armor": "an armor card (values in ``armor``)",
    # 11. Alter weapons (L4449-4463): applied to the owner's active weapon until Midnight
    "weapon_potion:stays_alerted": "the weapon stays alerted side up, even when it hits",
    "weapon_potion:add_sharpness": "the weapon gets one more sharpness star",
    "weapon_potion:hit_on_tie": "the weapon hits when its time undercuts or ties the maneuver",
    "weapon_potion:ignore_armor": "the weapon ignores all armor",
    # 12. Combat (L4465-4488)
    "no_wounds_through_armor": "attacks that strike armor do not wound (Reflecting Grease)",
    "effort_limit:3": "play up to three effort asterisks per round (Girtle of Energy)",
    "effort_limit:unlimited": "play any number of asterisks per round (Potion of Energy)",
    "shift_attack": "move the attack to any circle if every target's maneuver time is 5+",
    "shift_maneuver": "move the maneuver to any square if every attack on him has time 5+",
    # 13. Sources of color magic (L4490-4508)
    "color_source:white": "supplies White magic to everyone in its clearing",
    "color_source:gray": "supplies Grey magic to everyone in its clearing",
    "color_source:gold": "supplies Gold magic to everyone in its clearing",
    "color_source:purple": "supplies Purple magic to everyone in its clearing",
    "color_source:black": "supplies Black magic to everyone in its clearing",
    # 14. Artifacts and spell books (L4510-4544)
    "artifact": "holds one Spell card; casts it once per day as its Magic chit (completion 0)",
    "spell_book": "holds four Spell cards; casts those of its own type, once per day",
    # 15. Treasures with spells (L4546-4558)
    "built_in_spell": "casts the spell printed on it (values in ``built_in_spell``)",
}


class Size(enum.StrEnum):
    """Large Treasures have a gold dot (or are TWT cards, which setup shuffles with them);
    Small Treasures have neither (2.3.7, 3.1.2e)."""

    LARGE = "large"
    SMALL = "small"


TwtSlot = Literal["P1", "P2", "P3", "P4", "P5", "P6"]


class DiscardTo(enum.StrEnum):
    """Where a card goes when used up (Treasure Table "Discard to"; potions at Midnight, 4.4.3).

    ``out of play``: the table's bare "Discard" (exchanged cards). The Vial of Healing's printed
    "Chapel" means the Order (errata 2.7.13, L747).
    """

    CRONE = "Crone"
    SHAMAN = "Shaman"
    WARLOCK = "Warlock"
    ORDER = "Order"
    OUT_OF_PLAY = "out of play"


class Activation(enum.StrEnum):
    """How a card becomes active (2.3.2, 4.4.1b, 4.4.2).

    ``needs_activation``: an ordinary belonging, active only when its owner activates it.
    ``always_active``: an Enchanted card, face up and active once found; cannot be deactivated.
    ``on_draw``: revealed and exchanged as soon as it is drawn (Remains of Thief, Mouldy Skeleton).
    ``site``: a Site card, never owned; it stays in its box at its chit's clearing (L4206).
    """

    NEEDS_ACTIVATION = "needs_activation"
    ALWAYS_ACTIVE = "always_active"
    ON_DRAW = "on_draw"
    SITE = "site"


class PotionKind(enum.StrEnum):
    """The kinds of Potion (4.4.3a, c, d)."""

    REUSABLE = "reusable"
    CONSUMED = "consumed"
    APPLIED_TO_WEAPON = "applied_to_weapon"


class TreasureChit(Record):
    """The chit printed on a card (Treasure Table "Chit"): a Magic type (artifacts and books),
    a Move or Fight strength and time (Boots and Gloves), or the colour of an Enchanted card."""

    kind: Literal["magic", "move", "fight", "color"]
    type: MagicType | None = None
    strength: Weight | None = None
    time: int | None = Field(default=None, ge=0)
    color: MagicColor | None = None

    @model_validator(mode="after")
    def _fields_match_kind(self) -> TreasureChit:
        wanted = {
            "magic": {"type"},
            "move": {"strength", "time"},
            "fight": {"strength", "time"},
            "color": {"color"},
        }[self.kind]
        given = {f for f in ("type", "strength", "time", "color") if getattr(self, f) is not None}
        if given != wanted:
            raise ValueError(f"a {self.kind} chit has {sorted(wanted)}, got {sorted(given)}")
        return self


class SpellHolding(Record):
    """Spell cards of one type held by an Artifact or Spell Book (Treasure Table "Spells")."""

    type: MagicType
    count: int = Field(ge=1, le=4)


class FameReward(Record):
    """Fame gained when the card is sold to ``group`` (lost when bought from it) (7.6.6)."""

    group: str = Field(min_length=1)
    fame: int = Field(ge=1)


class SiteResult(Record):
    """One row of a Site card's loot table (L4210–4268): the high die and what happens.

    ``result`` is a key (take_item, take_treasure, teleport_cave, remote_peer_enchant,
    power_of_the_pit, curse, gold, wish, rest_all, nothing); ``item`` names the piece taken.
    """

    roll: int = Field(ge=1, le=6)
    result: Literal[
        "take_item",
        "take_treasure",
        "teleport_cave",
        "remote_peer_enchant",
        "power_of_the_pit",
        "curse",
        "gold",
        "wish",
        "rest_all",
        "nothing",
    ]
    item: str | None = None
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _item_only_when_taken(self) -> SiteResult:
        if (self.item is not None) != (self.result == "take_item"):
            raise ValueError("an item is named exactly for take_item results")
        return self


class TreasureWeapon(Record):
    """A weapon card's values (4.4.6; Alchemist's Mixture L4430–4435)."""

    attack: Literal["missile", "striking"]
    length: int = Field(ge=0, le=18)
    harm: Weight
    sharpness: int = Field(default=0, ge=0, le=3)


class TreasureArmor(Record):
    """An armor card's values (4.4.6, 8.4.9k.4–5; L4441–4447, card text L2764–2765).

    It intercepts attacks from ``protects``; harm of ``toughness`` or more destroys it, and its
    owner then gains ``destroyed_gold`` recorded Gold.
    """

    protects: Literal["thrust", "swing", "smash", "all"]
    toughness: Weight
    destroyed_gold: int = Field(ge=0)


class Treasure(Record):
    """One Treasure card (Treasure Table L4560–4640; effects L4184–4558).

    ``section`` is the Treasure Table's section of the List of Treasures (None for the Imperial
    Tabard, which has no effect, L4186). ``weight`` None is the table's "n/a" (never carried).
    ``gold`` None: the card has no price (the TWT cards that are exchanged or are sites).
    ``gold_inside`` is the recorded Gold a TWT card adds when it is opened or exchanged (Chest 50,
    L4198; Remains of Thief 20, L4202); what else it holds is its Set Up Card box (L787–792).
    """

    name: str = Field(min_length=1)
    size: Size
    great: bool = False
    twt: TwtSlot | None = None
    section: int | None = Field(ge=1, le=15)
    chit: TreasureChit | None = None
    spells: tuple[SpellHolding, ...] = ()
    discard_to: DiscardTo | None = None
    weight: Weight | None
    fame_reward: FameReward | None = None
    fame: int = 0
    notoriety: int = 0
    gold: int | None = Field(ge=0)
    activation: Activation = Activation.NEEDS_ACTIVATION
    potion: PotionKind | None = None
    behaviour: tuple[str, ...] = ()
    gold_inside: int = Field(default=0, ge=0)
    site_table: tuple[SiteResult, ...] = ()
    weapon: TreasureWeapon | None = None
    armor: TreasureArmor | None = None
    built_in_spell: BuiltInSpell | None = None
    text: str = Field(min_length=1)

    @property
    def active_by_default(self) -> bool:
        """Whether the card is in effect without its owner activating it (4.4.2)."""
        return self.activation is not Activation.NEEDS_ACTIVATION

    @property
    def needs_activation(self) -> bool:
        """Whether the card must be activated before it can be used (2.3.2)."""
        return self.activation is Activation.NEEDS_ACTIVATION

    @property
    def enchanted(self) -> bool:
        """Enchanted cards print a colour in red and radiate it (2.3.7a.2, 4.4.2)."""
        return self.chit is not None and self.chit.kind == "color"

    @property
    def spell_count(self) -> int:
        """How many Spell cards the card holds (1 for Artifacts, 4 for Spell Books)."""
        return sum(holding.count for holding in self.spells)

    @model_validator(mode="after")
    def _consistent(self) -> Treasure:
        unique(self.behaviour, "behaviour")
        for key in self.behaviour:
            if key not in BEHAVIOURS:
                raise ValueError(f"unknown behaviour {key!r}")
        has = set(self.behaviour)
        self._check_twt(has)
        self._check_chit(has)
        for key, value in (
            ("weapon", self.weapon),
            ("armor", self.armor),
            ("built_in_spell", self.built_in_spell),
        ):
            if (key in has) != (value is not None):
                raise ValueError(f"behaviour {key!r} and the {key} values go together")
        if self.potion is not None and self.discard_to is None:
            raise ValueError("a potion says where it is discarded to at Midnight (4.4.3)")
        if self.twt is None and self.weight is None:
            raise ValueError("only Treasures Within Treasures cards have no weight ('n/a')")
        return self

    def _check_twt(self, has: set[str]) -> None:
        if self.twt is not None:
            if self.size is not Size.LARGE or self.section != 1:
                raise ValueError("a TWT card is shuffled with the Large Treasures, section 1")
        elif self.gold_inside or self.section == 1:
            raise ValueError("only TWT cards (P1-P6) have gold inside and section 1")
        is_site = "site_card" in has
        if is_site != (self.activation is Activation.SITE):
            raise ValueError("Site cards, and only they, have activation 'site'")
        if is_site != bool(self.site_table):
            raise ValueError("Site cards, and only they, have a site table")
        if self.site_table and [row.roll for row in self.site_table] != [1, 2, 3, 4, 5, 6]:
            raise ValueError("a site table has one row for each roll 1-6, in order")

    def _check_chit(self, has: set[str]) -> None:
        chit = self.chit
        kind = chit.kind if chit is not None else None
        if ("boots" in has) != (kind == "move") or ("gloves" in has) != (kind == "fight"):
            raise ValueError("Boots carry a Move chit and Gloves a Fight chit, and only they")
        colors = {key.split(":")[1] for key in has if key.startswith("color_source:")}
        if kind == "color":
            assert chit is not None and chit.color is not None
            if colors != {chit.color.value}:
                raise ValueError(f"an Enchanted {chit.color} card is a color_source:{chit.color}")
            if self.activation not in (Activation.ALWAYS_ACTIVE, Activation.SITE):
                raise ValueError("an Enchanted card is always active once found (4.4.2)")
        elif colors:
            raise ValueError("only Enchanted cards (a colour chit) are colour sources")
        magic = "artifact" in has or "spell_book" in has
        if magic != (kind == "magic"):
            raise ValueError("Artifacts and Spell Books, and only they, carry a Magic chit")
        if kind == "magic":
            assert chit is not None
            wanted = 1 if "artifact" in has else 4
            if self.spell_count != wanted or self.spells[0].type != chit.type:
                raise ValueError(
                    f"it holds {wanted} spell(s), the first of its own type {chit.type} (4.4.7)"
                )
        elif self.spells:
            raise ValueError("only Artifacts and Spell Books hold spells")
