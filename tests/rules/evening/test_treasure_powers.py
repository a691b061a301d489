"""The combat powers of the Treasure cards (List of Treasures L4392–4488, issue 15): weapon cards,
the Potions that alter weapons, the effort cards, Reflecting Grease, the Battle Bracelets and the
Elusive Cloak — and Potions expiring at Midnight (4.4.3). The scenarios of
``tests/scenarios/treasures/`` prove each in play; these check the edges."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Literal

import pytest

from bot.event_text import english
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.day.engine import resolve as real_resolve
from rules.day.midnight import discard_box, potions
from rules.evening import kit, melee
from rules.evening.state import CombatState
from rules.events import Decision, Resolution
from rules.orders.model import Orders
from rules.pieces import pieces_of
from rules.schema.base import Weight
from rules.schema.treasures import DiscardTo
from rules.state import GameState, ItemState, Place
from scenarios import Outcome, load_scenario, run
from tests.rules.games import fresh

# --- kit ----------------------------------------------------------------------------------------


def _give(state: GameState, who: str, name: str, *, active: bool = True) -> str:
    """Give ``who`` the item named ``name`` (its first copy), active or not."""
    piece = next(p.id for p in pieces_of(catalog()) if p.name == name)
    state.put(piece, Place.owner(who))
    state.characters[who].items[piece] = ItemState(active=active)
    return piece


def _amazon() -> GameState:
    state = fresh(7, ["Amazon"])
    character = state.characters["Amazon"]
    for item in list(state.at(Place.owner("Amazon"))):
        state.put(item, Place.OUT)
        character.items.pop(item, None)
    return state


def test_a_weapon_card_is_his_active_weapon_with_its_printed_values():
    """L4428, L4430: the Alchemist's Mixture, a missile weapon, length 11, weight Negligible,
    M with three stars, no time number; one set of values on both sides."""
    state = _amazon()
    sword = _give(state, "Amazon", "Short Sword", active=False)
    mixture = _give(state, "Amazon", "Alchemist's Mixture")
    amazon = state.characters["Amazon"]
    assert kit.weapon(catalog(), state, amazon) == mixture
    arms = kit.weapon_record(catalog(), mixture)
    assert (arms.attack, arms.length, arms.weight, arms.card) == (
        "missile",
        11,
        Weight.NEGLIGIBLE,
        True,
    )
    assert arms.side(True) == arms.side(False) == kit.Side(None, Weight.MEDIUM, 3)
    amazon.items[mixture].active = False
    amazon.items[sword].active = True
    assert kit.weapon(catalog(), state, amazon) == sword
    assert not kit.weapon_record(catalog(), sword).card


def test_his_plays_show_their_altered_faces_but_his_boots_do_not():
    """L4370, L4374, L4378 in combat: :func:`kit.face` reads an action chit's current face —
    under the Belt of Strength its strength by asterisks (none M, one H, two T), under the Garb
    of Speed its time (5, 4, 3), under the Draught, which rules the Garb, 4, 3, 2 — and a Boots
    card as printed: "it affects only action chits, not Treasure cards" (L4366)."""
    state = _amazon()
    amazon = state.characters["Amazon"]
    boots = _give(state, "Amazon", "Power Boots")

    def faces() -> list[tuple[Weight | None, int]]:
        """Strength and time of each play as combat reads it now (L4364–4378)."""
        plays = ("FIGHT L4", "MOVE M3*", "FIGHT H4**", boots)
        return [
            (face.strength, face.time)
            for face in (kit.face(catalog(), state, amazon, play) for play in plays)
        ]

    printed_faces = [(Weight.LIGHT, 4), (Weight.MEDIUM, 3), (Weight.HEAVY, 4), (Weight.HEAVY, 4)]
    assert faces() == printed_faces
    _give(state, "Amazon", "Belt of Strength")
    garb = _give(state, "Amazon", "Garb of Speed")
    assert faces() == [
        (Weight.MEDIUM, 5),
        (Weight.HEAVY, 4),
        (Weight.TREMENDOUS, 3),
        (Weight.HEAVY, 4),
    ]
    draught = _give(state, "Amazon", "Draught of Speed")
    assert [time for _, time in faces()] == [4, 3, 2, 4]
    amazon.items[garb].active = amazon.items[draught].active = False
    assert [time for _, time in faces()] == [4, 3, 4, 4]


def test_a_weapon_counter_keeps_its_two_sides():
    state = _amazon()
    mace = _give(state, "Amazon", "Mace")
    arms = kit.weapon_record(catalog(), mace)
    assert arms.side(False).time is None and arms.side(True).time == 3
    assert arms.weight is Weight.MEDIUM and arms.attack == "striking"


def test_gripping_dust_shows_the_alerted_side():
    """L4455: the weapon stays alerted side up at all times."""
    state = _amazon()
    mace = _give(state, "Amazon", "Mace")
    amazon = state.characters["Amazon"]
    assert not kit.alerted(catalog(), state, amazon, mace)
    _give(state, "Amazon", "Gripping Dust")
    assert kit.alerted(catalog(), state, amazon, mace)
    assert kit.weapon_potions(catalog(), state, amazon) == {"stays_alerted"}


def test_only_active_potions_alter_his_weapon():
    state = _amazon()
    _give(state, "Amazon", "Oil of Poison", active=False)
    _give(state, "Amazon", "Penetrating Grease")
    assert kit.weapon_potions(catalog(), state, state.characters["Amazon"]) == {"ignore_armor"}


@pytest.mark.parametrize(
    ("cards", "limit"),
    [
        ((), 2),
        (("Girtle of Energy",), 3),
        (("Potion of Energy",), None),
        (("Girtle of Energy", "Potion of Energy"), None),
    ],
)
def test_the_effort_limit(cards: tuple[str, ...], limit: int | None):
    """8.4.5f.2: two asterisks; L4474: three with the Girtle; L4477: no limit with the Potion,
    which takes precedence over the Girtle."""
    state = _amazon()
    for card in cards:
        _give(state, "Amazon", card)
    amazon = state.characters["Amazon"]
    assert kit.effort_limit(catalog(), state, amazon) == limit
    three = ["FIGHT M3**", "MOVE M3*"]
    assert kit.over_limit(catalog(), state, amazon, three) is (limit == 2)


def test_an_inactive_girtle_does_not_count():
    state = _amazon()
    _give(state, "Amazon", "Girtle of Energy", active=False)
    assert kit.effort_limit(catalog(), state, state.characters["Amazon"]) == 2


@pytest.mark.parametrize(
    "card",
    [
        "Alchemist's Mixture",
        "Gripping Dust",
        "Oil of Poison",
        "Ointment of Bite",
        "Penetrating Grease",
        "Reflecting Grease",
        "Girtle of Energy",
        "Potion of Energy",
        "Battle Bracelets",
        "Elusive Cloak",
        "Beast Pipes",
        "Good Book",
        "Dragonfang Necklace",
    ],
)
def test_the_combat_powers_built_are_no_longer_waiting(card: str):
    state = _amazon()
    _give(state, "Amazon", card)
    assert kit.waiting_powers(catalog(), state, state.characters["Amazon"]) == []


def test_powers_not_built_still_wait_loudly():
    """The Eye of the Moon's spell needs the optional Seasons and Weather rules (L4554)."""
    state = _amazon()
    _give(state, "Amazon", "Eye of the Moon")
    found = kit.waiting_powers(catalog(), state, state.characters["Amazon"])
    assert [rule for _, rule in found] == ["L4554"]


def test_a_weapon_card_is_not_turned_over():
    """8.4.5h.2's Fight chit played to turn the weapon is offered for a weapon counter only: a
    card has one set of values (L4430)."""
    state = _amazon()
    mixture = _give(state, "Amazon", "Alchemist's Mixture")
    combat = CombatState(clearing=state.clearing_of("Amazon") or "")
    ctx = Ctx.start(catalog(), state)
    assert not any(" flip " in o for o in melee.attack_options(ctx, combat, "Amazon"))
    state.characters["Amazon"].items[mixture].active = False
    _give(state, "Amazon", "Mace")
    assert any(" flip " in o for o in melee.attack_options(ctx, combat, "Amazon"))


@pytest.mark.parametrize(
    ("kind", "current", "options"),
    [
        ("shift_attack", 2, ["swing", "thrust", "smash"]),
        ("shift_maneuver", 1, ["charge", "dodge", "duck"]),
        ("shift_maneuver", 3, ["duck", "charge", "dodge"]),
    ],
)
def test_shift_options_start_with_not_shifting(kind: str, current: int, options: list[str]):
    assert melee.shift_options(kind, current) == options


# --- the changing directions cards in a fight ---------------------------------------------------

BASE: dict[str, Any] = {
    "name": "a fight with a changing-directions card",
    "map": {"tiles": [{"tile": "DW", "at": [0, 0], "rotation": 0}]},
    "start": "sunset",
    "rounds": 1,
    "characters": {"Amazon": {"at": "DW5"}},
    "expect": {},
}


def _fight(
    card: str, denizen: str, play: Mapping[str, Any], *, who: str = "Amazon", box: int = 1
) -> tuple[Outcome, list[Decision]]:
    """One round of ``who`` with ``card`` active against ``denizen`` in ``box``; the decisions
    asked along the way."""
    data = copy.deepcopy(BASE)
    weapon = "Great Axe" if who == "Dwarf" else "Short Sword"
    data["characters"] = {
        who: {"at": "DW5", "belongings": [weapon, {"name": card, "active": True}]}
    }
    data["denizens"] = [{"name": denizen, "at": "DW5"}]
    data["plays"] = {who: [{"round": 1, "lure": [denizen], "place": {denizen: box}, **play}]}
    data["positions"] = [{"round": 1, "sheet": who, "boxes": {denizen: box}}]
    asked: list[Decision] = []

    def spy(
        state: GameState,
        orders: Mapping[str, Orders],
        answers: Mapping[str, str] | None = None,
        *,
        catalog: Any = None,
        until: Literal["daylight", "evening", "day"] = "day",
    ) -> Resolution:
        resolution = real_resolve(state, orders, answers, catalog=catalog, until=until)
        asked.extend(resolution.pending)
        return resolution

    outcome = run(catalog(), load_scenario(data), resolve=spy)
    return outcome, asked


def _kinds(asked: list[Decision]) -> set[str]:
    return {d.kind for d in asked}


def test_the_bracelets_ask_against_a_maneuver_time_of_5():
    _, asked = _fight(
        "Battle Bracelets",
        "Ogre",
        {"target": "Ogre", "attack": {"chit": "FIGHT M5", "direction": "swing"}},
    )
    shift = next(d for d in asked if d.kind == "shift_attack")
    assert shift.options == ("swing", "thrust", "smash") and shift.default == "swing"
    assert shift.id == "d1/DW5/r1/shift_attack/Amazon"


def test_the_bracelets_do_not_shift_against_a_maneuver_time_of_4():
    """L4482: "If his target's maneuver time is 4 or less, he cannot shift his attack." A Heavy
    Troll moves in 4."""
    _, asked = _fight(
        "Battle Bracelets",
        "Heavy Troll",
        {"target": "Heavy Troll", "attack": {"chit": "FIGHT M5", "direction": "swing"}},
    )
    assert "shift_attack" not in _kinds(asked)


def test_the_bracelets_need_an_attack():
    _, asked = _fight("Battle Bracelets", "Ogre", {"target": "Ogre"})
    assert "shift_attack" not in _kinds(asked)


def test_the_cloak_does_not_shift_against_an_attack_time_of_4():
    """L4486: "If an attack with a time of 4 or less is aimed at him he cannot shift his
    maneuver." A Heavy Troll attacks in 4."""
    _, asked = _fight(
        "Elusive Cloak", "Heavy Troll", {"maneuver": {"chit": "MOVE M4", "direction": "charge"}}
    )
    assert "shift_maneuver" not in _kinds(asked)


def test_the_cloak_asks_when_every_attack_is_5_or_slower():
    _, asked = _fight(
        "Elusive Cloak", "Ogre", {"maneuver": {"chit": "MOVE M4", "direction": "charge"}}
    )
    shift = next(d for d in asked if d.kind == "shift_maneuver")
    assert shift.options == ("charge", "dodge", "duck") and shift.default == "charge"


def test_the_dwarf_never_shifts_his_duck_chit():
    """L4486: "The Dwarf can never shift his Duck chit – it can be played only in the Duck
    maneuver square."""
    _, asked = _fight(
        "Elusive Cloak",
        "Ogre",
        {"maneuver": {"chit": "DUCK T3*", "direction": "duck"}},
        who="Dwarf",
    )
    assert "shift_maneuver" not in _kinds(asked)


def test_the_cloak_needs_a_maneuver():
    _, asked = _fight("Elusive Cloak", "Ogre", {})
    assert "shift_maneuver" not in _kinds(asked)


# --- Midnight ------------------------------------------------------------------------------------


def test_potions_go_back_face_down_to_their_boxes():
    """4.4.3 (L1124): the active Potion goes to its box, face down; an inactive one stays."""
    state = _amazon()
    energy = _give(state, "Amazon", "Potion of Energy")
    vial = _give(state, "Amazon", "Vial of Healing")
    grease = _give(state, "Amazon", "Reflecting Grease", active=False)
    state.face_up += [energy, vial]
    ctx = Ctx.start(catalog(), state)
    potions(ctx)
    assert state.place_of(energy) == Place.box("Warlock")
    assert state.place_of(vial) == Place.box("Chapel")  # "Chapel", the Order's box (L747)
    assert state.place_of(grease) == Place.owner("Amazon")
    assert energy not in state.face_up and vial not in state.face_up
    assert set(state.characters["Amazon"].items) == {grease}
    said = [e for e in ctx.events if e.type == "midnight"]
    assert {e.fields["item"] for e in said} == {energy, vial}


def test_cards_that_are_no_potions_stay():
    state = _amazon()
    girtle = _give(state, "Amazon", "Girtle of Energy")
    potions(Ctx.start(catalog(), state))
    assert state.place_of(girtle) == Place.owner("Amazon")


@pytest.mark.parametrize(
    ("discard", "box"),
    [
        (DiscardTo.CRONE, "box:Crone"),
        (DiscardTo.SHAMAN, "box:Shaman"),
        (DiscardTo.WARLOCK, "box:Warlock"),
        (DiscardTo.ORDER, "box:Chapel"),
        (DiscardTo.OUT_OF_PLAY, "out"),
    ],
)
def test_discard_boxes(discard: DiscardTo, box: str):
    assert discard_box(catalog(), discard) == box


def test_every_potion_has_a_box():
    for card in catalog().treasures.values():
        if card.potion is not None:
            assert card.discard_to is not None
            assert discard_box(catalog(), card.discard_to)


def test_no_loop_when_the_red_monster_is_faster_than_the_cloak():
    """8.4.7d.4 (L2625): the Elusive Cloak "can cause an infinite loop" only when it can move
    his maneuver (every attack on him 5 or slower, L4486). The Tremendous Troll (light: attack
    4, H) hits the White Knight's suit in round 1 and turns red side up (8.4.7c); in round 2,
    red side up, it attacks at time 2: the Cloak cannot help, nothing is shifted, no loop is
    judged — the Troll's own attack undercuts his H6 maneuver and kills him."""
    data = copy.deepcopy(BASE)
    data["rounds"] = 2
    data["characters"] = {
        "White Knight": {
            "at": "DW5",
            "belongings": [
                "Great Sword",
                "Suit of Armor",
                {"name": "Elusive Cloak", "active": True},
            ],
        }
    }
    data["denizens"] = [{"name": "Tremendous Troll", "at": "DW5"}]
    data["plays"] = {
        "White Knight": [
            {"round": 1, "lure": ["Tremendous Troll"], "place": {"Tremendous Troll": 1}},
            {"round": 2, "maneuver": {"chit": "MOVE H6", "direction": "dodge"}},
        ]
    }
    data["positions"] = [
        {"round": 1, "sheet": "White Knight", "boxes": {"Tremendous Troll": 1}},
        {"round": 2, "sheet": "White Knight", "boxes": {"Tremendous Troll": 1}},
    ]
    outcome = run(catalog(), load_scenario(data))
    assert not [e for e in outcome.events if e.type in ("not_implemented", "shifted")]
    troll = [
        e
        for e in outcome.events
        if e.type == "attacked" and e.fields["attacker"] == "Tremendous Troll 1"
    ]
    assert [(e.fields["round"], english(e.fields["how"])) for e in troll] == [
        (1, "intercept"),
        (2, "undercut"),
    ]
    assert outcome.state.characters["White Knight"].dead
    assert any(e.type == "flipped" and e.fields["round"] == 1 for e in outcome.events)
