"""The form a transmorphizing spell gives (4.6.9, rules.magic.forms): only while energized, the
strongest of several (4.6.9g), and Absorb Essence's on its caster (L4942)."""

from __future__ import annotations

from rules.catalog import catalog
from rules.magic.forms import (
    MIST,
    OWN,
    absorbed_magic,
    attack,
    belongings_frozen,
    creature,
    form,
    must_fly,
    transmorphized,
)
from rules.magic.limits import forbidden
from rules.magic.state import SpellInEffect
from rules.orders.model import ActivityKind
from rules.schema.base import Weight


def spell(number: int, name: str, target: str, *, energized: bool = True,
          becomes: str | None = None, controller: str = "Sorcerer") -> SpellInEffect:  # fmt: skip
    return SpellInEffect(
        number=number,
        spell=name,
        caster=controller,
        controller=controller,
        chit="MAGIC VI4*",
        targets=[target],
        cast_day=1,
        energized=energized,
        becomes=becomes,
    )


def test_an_inert_spell_leaves_its_target_his_own_self():
    """4.6.7h.1: "When the spell is inert, the spell is ignored"."""
    frog = spell(1, "Transform", "Amazon", energized=False, becomes="Frog")
    assert form([frog], "Amazon") == OWN and not transmorphized([frog], "Amazon")
    assert form([frog.model_copy(update={"energized": True})], "Amazon") == "Frog"


def test_the_strongest_transmorphizing_spell_wins():
    """4.6.9g (L1314): Melt into Mist, then Transform, then Absorb Essence, whatever the casting
    order; each affects only its own target (Absorb Essence its caster)."""
    absorb = spell(1, "Absorb Essence", "Giant 1", becomes="Giant", controller="Amazon")
    frog = spell(2, "Transform", "Amazon", becomes="Frog")
    mist = spell(3, "Melt into Mist", "Amazon")
    assert form([absorb], "Amazon") == "Giant"
    assert form([absorb], "Giant 1") == OWN
    assert form([absorb, frog], "Amazon") == "Frog"
    assert form([absorb, frog, mist], "Amazon") == MIST
    assert form([mist, frog], "Sorcerer") == OWN


def test_the_creature_is_the_transform_tables_while_energized():
    """4.6.9d, 8.4.5p: a Transform's target fights with the creature's values, as the Transform
    Table prints them (L5284: the Squirrel Light, the Dragon Tremendous and armored), only while
    the spell is energized and no stronger spell transmorphizes him (4.6.9g)."""
    book = catalog()
    squirrel = spell(1, "Transform", "Amazon", becomes="Squirrel")
    shape = creature(book, [squirrel], "Amazon")
    assert shape is not None and shape.vulnerability is Weight.LIGHT and shape.harm is None
    dragon = creature(book, [spell(1, "Transform", "Amazon", becomes="Dragon")], "Amazon")
    assert dragon is not None and dragon.vulnerability is Weight.TREMENDOUS and dragon.armored
    inert = squirrel.model_copy(update={"energized": False})
    assert creature(book, [inert], "Amazon") is None
    assert creature(book, [squirrel], "Sorcerer") is None
    assert creature(book, [squirrel, spell(2, "Melt into Mist", "Amazon")], "Amazon") is None


def test_the_creatures_attack_and_flight_are_the_tables():
    """L5284-5295: the Lion attacks Heavy at 3 and walks; the Eagle attacks Medium at 2 and must
    fly; the Frog cannot attack."""
    book = catalog()

    def shape(name: str):  # type: ignore[no-untyped-def]
        found = creature(book, [spell(1, "Transform", "Amazon", becomes=name)], "Amazon")
        assert found is not None
        return found

    assert attack(shape("Lion")) == (Weight.HEAVY, 3) and not must_fly(shape("Lion"))
    assert attack(shape("Eagle")) == (Weight.MEDIUM, 2) and must_fly(shape("Eagle"))
    assert attack(shape("Frog")) is None and not must_fly(shape("Frog"))


def test_a_transmorphized_individual_cancels_what_4_6_9c_forbids():
    """4.6.9c.1: never Trade, Hire, Rest, Alert or Enchant, always Hide and Follow; c.2: mist
    cannot Search; 7.3.3e: a flier cannot Move. His own self is forbidden nothing."""
    book = catalog()
    eagle = [spell(1, "Transform", "Amazon", becomes="Eagle")]
    frog = [spell(1, "Transform", "Amazon", becomes="Frog")]
    mist = [spell(1, "Melt into Mist", "Amazon")]
    k = ActivityKind
    for kind in (k.TRADE, k.HIRE, k.REST, k.ALERT, k.ENCHANT_FIRST, k.ENCHANT, k.REMOTE_ENCHANT):
        assert forbidden(book, frog, "Amazon", kind) is not None
        assert forbidden(book, frog, "Sorcerer", kind) is None
    for kind in (k.HIDE, k.FOLLOW):
        assert forbidden(book, eagle, "Amazon", kind) is None
        assert forbidden(book, mist, "Amazon", kind) is None
    assert forbidden(book, eagle, "Amazon", k.MOVE) is not None
    assert forbidden(book, frog, "Amazon", k.MOVE) is None
    assert forbidden(book, frog, "Amazon", k.SEARCH) is None
    assert forbidden(book, mist, "Amazon", k.SEARCH) is not None
    assert forbidden(book, mist, "Amazon", k.PEER) is not None


def test_belongings_are_transmorphized_by_mist_and_transform_not_absorb_essence():
    """The Summary (L1316): Melt into Mist's and Transform's targets have their belongings
    transmorphized with them, Absorb Essence's caster does not; only while energized."""
    frog = spell(1, "Transform", "Amazon", becomes="Frog")
    absorb = spell(2, "Absorb Essence", "Giant 1", controller="Amazon", becomes="Giant")
    mist = spell(3, "Melt into Mist", "Amazon")
    assert belongings_frozen([frog], "Amazon") and belongings_frozen([mist], "Amazon")
    assert not belongings_frozen([absorb], "Amazon")
    assert belongings_frozen([absorb, frog], "Amazon")  # Transform is the stronger (4.6.9g)
    assert not belongings_frozen([frog.model_copy(update={"energized": False})], "Amazon")
    assert not belongings_frozen([frog], "Sorcerer")


def test_an_absorbed_monster_fights_with_its_face_up_sides_values():
    """Absorb Essence, rule 2 (L4947): "He must always use the combat values that are on the
    face-up side of the monster's counter" — the Heavy Troll's light side (Medium harm at 4,
    move 4) or its dark side (Heavy harm at 5); its vulnerability is its size."""
    book = catalog()
    troll = [
        spell(1, "Absorb Essence", "Heavy Troll 1", controller="Amazon", becomes="Heavy Troll")
    ]
    light = creature(book, troll, "Amazon")
    assert light is not None and light.absorbed == "Heavy Troll 1"
    assert attack(light) == (Weight.MEDIUM, 4) and light.move_time == 4
    assert light.vulnerability is Weight.HEAVY and not light.red and light.spell is None
    dark = creature(book, troll, "Amazon", dark=["Heavy Troll 1"])
    assert dark is not None and attack(dark) == (Weight.HEAVY, 5)
    assert creature(book, troll, "Heavy Troll 1") is None


def test_an_absorbed_tremendous_monster_kills_red_side_up_and_strikes_with_its_club():
    """Rule 2 (L4947): red side up the Giant kills (8.4.7d): no harm letter, attack time 4; its
    club is its own (rule 2.1). An absorbed Demon casts Power of the Pit on its V side (2.2)."""
    book = catalog()
    giant = [spell(1, "Absorb Essence", "Giant 2", controller="Amazon", becomes="Giant")]
    red = creature(book, giant, "Amazon", dark=["Giant 2"])
    assert red is not None and red.red and red.harm is None and red.attack_time == 4
    assert red.parts == ("Giant's Club 2",)
    demon = creature(book, [spell(1, "Absorb Essence", "Demon", controller="Amazon")], "Amazon")
    assert demon is not None and demon.spell == "Power of the Pit" and demon.attack_time == 2


def test_duplicate_absorb_essence_spells_make_him_the_latest_ones_monster():
    """Rule 3 (L4949): "he will always be transmorphized into the monster that belongs to the
    most recently energized spell" — the reading: the latest cast of those energized."""
    book = catalog()
    first = spell(1, "Absorb Essence", "Wolf 1", controller="Amazon", becomes="Wolf")
    second = spell(2, "Absorb Essence", "Imp", controller="Amazon", becomes="Imp")
    assert form([first, second], "Amazon") == "Imp"
    shape = creature(book, [second, first], "Amazon")
    assert shape is not None and shape.absorbed == "Imp"
    inert = second.model_copy(update={"energized": False})
    assert form([first, inert], "Amazon") == "Wolf"


def test_an_absorbed_demon_or_imp_lends_its_magic_type_to_record_spells():
    """Rule 2.2 (L4948): "When the spell is energized, the spellcaster can use the monster's
    Magic type to record spells" — the Imp's V; a Wolf has none, nor an inert spell."""
    book = catalog()
    imp = spell(1, "Absorb Essence", "Imp", controller="Amazon", becomes="Imp")
    assert absorbed_magic(book, [imp], "Amazon") == "V"
    assert absorbed_magic(book, [imp.model_copy(update={"energized": False})], "Amazon") is None
    wolf = spell(1, "Absorb Essence", "Wolf 1", controller="Amazon", becomes="Wolf")
    assert absorbed_magic(book, [wolf], "Amazon") is None
