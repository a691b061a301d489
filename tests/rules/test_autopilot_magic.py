"""The autopilot's magic (issue 33, :mod:`rules.autopilot_magic`): the battle spell a magic-user
starts with, the colour chit he enchants in Daylight and the cast he makes in the Evening — and
a campaign of magic-users on autopilot that enchants and casts."""

from __future__ import annotations

from collections import Counter

from rules import new_game, parse_orders, resolve
from rules.autopilot import autopilot_orders
from rules.autopilot_magic import autopilot_setup, battle_spell
from rules.catalog import catalog
from rules.magic.state import SpellInEffect
from rules.schema.base import MagicColor
from rules.setup.characters import CharacterSetup, setup_choices
from rules.state import GameState

MAGES = ("Witch King", "Wizard", "Druid", "Sorcerer")


def game(seed: int = 4, names: tuple[str, ...] = MAGES) -> GameState:
    data = catalog()
    setups = [
        CharacterSetup.model_validate(
            {**setup_choices("\n".join(autopilot_setup(data, name))), "name": name}
        )
        for name in names
    ]
    return new_game(data, seed, setups)


def test_a_magic_user_starts_with_an_attack_spell_and_no_colour_chit():
    """3.3.3: the Witch King records Fiery Blast first (IV/Purple), then the default choice;
    he enchants in his first turn, not at setup (3.3.4)."""
    assert autopilot_setup(catalog(), "Witch King") == [
        "spells: Fiery Blast, Blazing Light, Absorb Essence, Dissolve Spell"
    ]
    assert not any(c.color for c in game().characters["Witch King"].chits)


def test_no_setup_lines_for_who_records_no_battle_spell():
    assert autopilot_setup(catalog(), "Amazon") == []
    assert autopilot_setup(catalog(), "Pilgrim") == []  # Types I and VII: no Attack spell


def test_one_chit_of_a_type_is_cast_with_never_enchanted():
    """The Magician has one Type II and one Type IV chit: he cannot both enchant and cast."""
    assert autopilot_setup(catalog(), "Magician") == [
        "spells: Stones Fly, Fiery Blast, Blend Into Background"
    ]
    assert battle_spell(catalog(), game(names=("Magician",)), "Magician") is None


def test_with_no_colour_chit_he_meditates_and_enchants_one_first():
    """7.10.1-7.10.3: EM, then E the slower of his two Type IV chits, the faster cast with
    it as colour at whatever attacks him (8.3.9b)."""
    state = game()
    text = autopilot_orders(state, "Witch King")
    assert text.startswith("EM, E MAGIC IV4*, ")
    cast = "encounter: cast Fiery Blast with MAGIC IV3*, color MAGIC IV4* if an attacker is on me"
    assert cast in text.splitlines()
    assert parse_orders(text, state, "Witch King").errors == ()


def test_with_a_colour_chit_he_casts_and_does_not_enchant():
    state = game()
    wizard = state.characters["Wizard"]
    next(c for c in wizard.chits if c.label == "MAGIC II4*").color = MagicColor.GRAY
    text = autopilot_orders(state, "Wizard")
    assert not text.startswith("EM")
    assert "encounter: cast Stones Fly with MAGIC II3*, color MAGIC II4*" in text
    assert parse_orders(text, state, "Wizard").errors == ()


def test_a_spell_committed_or_a_chit_out_of_play_is_not_cast():
    state = game()
    for chit in state.characters["Druid"].chits:
        if chit.label.startswith("MAGIC II"):
            chit.status = "fatigued"
    assert battle_spell(catalog(), state, "Druid") is None
    assert "cast" not in autopilot_orders(state, "Druid")
    state = game()
    state.spells.append(
        SpellInEffect(
            number=1, spell="Fiery Blast", caster="Sorcerer", controller="Sorcerer", cast_day=1
        )
    )
    assert battle_spell(catalog(), state, "Sorcerer") is None


def test_magic_users_on_autopilot_enchant_and_cast():
    """Two weeks of seeds 1-4 with four magic-users on autopilot: they meditate, enchant, cast
    their battle spells and the spells take effect."""
    seen: Counter[str] = Counter()
    spells: set[str] = set()
    data = catalog()
    for seed in range(1, 5):
        state = game(seed)
        for _ in range(14):
            orders = {}
            for name, sheet in state.characters.items():
                if not sheet.dead:
                    parsed = parse_orders(autopilot_orders(state, name), state, name)
                    assert parsed.orders is not None, parsed.errors
                    orders[name] = parsed.orders
            day = resolve(state, orders, {}, catalog=data)
            state = day.state
            seen.update(event.type for event in day.events)
            spells.update(getattr(e, "spell", "") for e in day.events if e.type == "cast")
    assert seen["meditated"] and seen["enchanted"]
    assert seen["spell_took_effect"] >= 4
    assert spells == {"Fiery Blast", "Stones Fly"}
