"""The Daylight and table powers of the Treasure cards that a scenario cannot show (List of
Treasures L4270–4390, issue 15): chits altered by the Belt of Strength and the Speed potions
(L4364–4378), which act in combat and in what a character carries; the Flowers of Rest under the
Wither curse and when a sleeper's turn would start (L4302–4311); the Toadstool Circle's extra
Enchant phase, which needs its card drawn face up (L4292, L4206); the Cloven Hoof and the Maps
where they do and do not apply (L4340–4358). The scenarios of ``tests/scenarios/treasures/``
prove each power in play."""

from __future__ import annotations

from typing import Any

from bot.event_text import english
from rules.board import board_for
from rules.catalog import catalog
from rules.chits import (
    UNALTERED,
    WITHER,
    Alteration,
    alteration,
    current,
    heal_wounds,
    move_strength,
)
from rules.day.context import Ctx
from rules.day.engine import resolve
from rules.day.midnight import sunset
from rules.daylight import rest
from rules.modifiers import cards_in_clearing, die_modifier, one_die, treasure_modifier
from rules.orders.entitlement import entitlement
from rules.orders.parse import parse_orders
from rules.schema.base import Weight
from rules.schema.characters import DieTable
from rules.state import GameState
from scenarios import load_scenario
from scenarios.build import build_state


def _state(**data: Any) -> GameState:
    """The state a scenario with ``data`` sets up (map and characters at least)."""
    return build_state(catalog(), load_scenario({"name": "test", **data, "expect": {}}))


def _daylight(state: GameState) -> Ctx:
    ctx = Ctx.start(catalog(), state)
    ctx.today.stage = "daylight"
    return ctx


BL = {"tiles": [{"tile": "BL", "at": [0, 0]}]}

# --- altering action chits (L4364-4378) ---------------------------------------------------------


def test_the_belt_of_strength_sets_strength_by_asterisks_but_not_on_magic_chits():
    """L4370: "each chit with two asterisks has Tremendous strength, each chit with one asterisk
    has Heavy strength, and each chit with no asterisks has Medium strength" — Move, Fight, Duck
    and Berserk chits; "his Magic chits are not affected"; times unchanged."""
    belt = Alteration(strength=True)
    assert current("MOVE L3", belt).strength is Weight.MEDIUM
    assert current("FIGHT L4*", belt).strength is Weight.HEAVY
    assert current("MOVE M4**", belt).strength is Weight.TREMENDOUS
    assert current("DUCK T3*", belt).strength is Weight.HEAVY
    assert current("FIGHT L4*", belt).time == 4
    magic = current("MAGIC III4*", belt)
    assert magic.strength is None and magic.magic_type == "III"
    assert current("FIGHT L4*") == current("FIGHT L4*", UNALTERED)


def test_the_speed_potions_set_every_action_chits_time_by_asterisks():
    """L4374 (Draught of Speed: 2, 3, 4 for two, one, no asterisks) and L4378 (Garb of Speed: 3,
    4, 5), Magic chits included; the label and strength stay printed."""
    draught = Alteration(times=(4, 3, 2))
    garb = Alteration(times=(5, 4, 3))
    assert [current(c, draught).time for c in ("MOVE M5", "FIGHT H6*", "MAGIC II4**")] == [4, 3, 2]
    assert [current(c, garb).time for c in ("MOVE M5", "FIGHT H6*", "MAGIC II4**")] == [5, 4, 3]
    assert current("FIGHT H6*", garb).strength is Weight.HEAVY
    assert current("FIGHT H6*", garb).label == "FIGHT H4*"


def test_the_alteration_comes_from_his_active_cards_and_the_draught_rules_the_garb():
    """L4378 note: "If a character has both the Garb of Speed and Draught of Speed active, the
    Draught of Speed defines the time numbers"; inactive cards alter nothing; L4366: automatic."""
    state = _state(
        map=BL,
        characters={
            "Amazon": {
                "at": "BL1",
                "belongings": [
                    "Belt of Strength",
                    "Garb of Speed",
                    {"name": "Draught of Speed", "active": True},
                ],
            },
            "Swordsman": {
                "at": "BL1",
                "belongings": [{"name": "Girtle of Energy", "active": False}],
            },
        },
    )
    amazon = state.characters["Amazon"]
    assert alteration(catalog(), amazon) == Alteration(strength=True, times=(4, 3, 2))
    amazon.items["Draught of Speed"].active = False
    assert alteration(catalog(), amazon).times == (5, 4, 3)
    assert alteration(catalog(), state.characters["Swordsman"]) == UNALTERED


def test_the_belt_of_strength_raises_what_his_move_chits_carry():
    """L4370 with 7.3.1e: the strongest active Move chit carries; under the Belt the Amazon's
    Move chits, M4 and M3* as printed, carry Heavy (one asterisk), and with her one-asterisk
    chits fatigued, Medium (none)."""
    state = _state(
        map=BL,
        characters={"Amazon": {"at": "BL1", "belongings": ["Belt of Strength"]}},
    )
    amazon = state.characters["Amazon"]
    belt = alteration(catalog(), amazon)
    assert move_strength(amazon) is Weight.MEDIUM
    assert move_strength(amazon, belt) is Weight.HEAVY
    for chit in amazon.chits:
        if chit.label == "MOVE M3*":
            chit.status = "fatigued"
    assert move_strength(amazon, belt) is Weight.MEDIUM


def test_the_vial_of_healing_turns_wounds_into_fatigue_and_leaves_fatigue_alone():
    """L4390: "all of his wounded action chits are instantly converted into fatigued chits [...]
    This card does not affect fatigued chits"."""
    state = _state(
        map=BL,
        characters={"Captain": {"at": "BL1", "wounded": ["MOVE M5"], "fatigued": ["FIGHT H6"]}},
    )
    captain = state.characters["Captain"]
    assert heal_wounds(captain) == ["MOVE M5"]
    statuses = {c.label: c.status for c in captain.chits}
    assert statuses["MOVE M5"] == "fatigued" and statuses["FIGHT H6"] == "fatigued"
    assert heal_wounds(captain) == []


# --- Flowers of Rest (L4302-4311) ---------------------------------------------------------------


def _flowers(**captain: Any) -> Ctx:
    return _daylight(
        _state(
            map=BL,
            characters={"Captain": {"at": "BL1", **captain}, "Amazon": {"at": "BL2"}},
            piles={"BL1": ["Flowers of Rest"]},
        )
    )


def test_the_flowers_of_rest_put_a_fatigued_character_to_sleep_at_once():
    """L4302: "this card instantly activates all fatigued chits in its clearing, but when it
    activates a chit it causes the chit's owner to fall asleep until Sunset" — wounded chits are
    not affected; he is asleep for the day (``today.asleep``), the Amazon elsewhere is not."""
    ctx = _flowers(fatigued=["MOVE M3**", "FIGHT H6"], wounded=["FIGHT M5"])
    assert rest.fall_asleep(ctx) == ["Captain"]
    statuses = {c.label: c.status for c in ctx.state.characters["Captain"].chits}
    assert statuses["MOVE M3**"] == statuses["FIGHT H6"] == "active"
    assert statuses["FIGHT M5"] == "wounded"
    restored = [e for e in ctx.events if e.type == "chits_restored"]
    assert restored[0].fields["chits"] == ["MOVE M3**", "FIGHT H6"]
    assert ctx.today.asleep == ["Captain"]
    assert [e.fields for e in ctx.events if e.type == "fell_asleep"] == [
        {"who": "Captain", "at": "BL1", "by": "Flowers of Rest"}
    ]
    assert rest.fall_asleep(ctx) == [] and ctx.today.asleep == ["Captain"]
    assert not any(e.type == "not_implemented" for e in ctx.events)


def test_a_follower_who_falls_asleep_follows_no_more():
    """L4302 with 7.11: asleep, he cannot move with his guide — he stays in the clearing."""
    ctx = _flowers(fatigued=["MOVE M5"])
    ctx.today.followers["Captain"] = "Amazon"
    assert rest.flowers_of_rest(ctx, "Captain") is True
    assert "Captain" not in ctx.today.followers
    left = [e.fields for e in ctx.events if e.type == "follower_left"]
    assert left == [{"who": "Captain", "guide": "Amazon", "at": "BL1"}]


def test_the_sleepers_wake_at_sunset_with_their_fatigued_chits_rested():
    """L4302: "At Sunset he returns to normal, and all of his fatigued action chits are rested at
    no cost (wounded chits are not affected)"; 8.1.1 (L2247): "awake refreshed, with all their
    fatigued chits activated" — not under the Wither curse (L4311)."""
    ctx = _flowers(fatigued=["MOVE M5"], wounded=["FIGHT M5"])
    ctx.today.asleep = ["Captain", "Amazon"]
    ctx.state.characters["Amazon"].curses.append(WITHER)
    for chit in ctx.state.characters["Amazon"].chits[:1]:
        chit.status = "fatigued"
    sunset(ctx)
    captain = {c.label: c.status for c in ctx.state.characters["Captain"].chits}
    assert captain["MOVE M5"] == "active" and captain["FIGHT M5"] == "wounded"
    assert ctx.state.characters["Amazon"].chits[0].status == "fatigued"
    assert ctx.today.asleep == []
    assert [e.fields["who"] for e in ctx.events if e.type == "woke"] == ["Captain", "Amazon"]
    restored = [e.fields for e in ctx.events if e.type == "chits_restored"]
    assert [(r["who"], r["chits"]) for r in restored] == [("Captain", ["MOVE M5"])]


def test_the_flowers_of_rest_do_nothing_elsewhere_without_fatigue_or_out_of_daylight():
    """L4302–4309: only in its clearing, only with one or more fatigued action chits, only
    during Daylight ("the flowers have no effect after Sunset")."""
    ctx = _flowers(wounded=["FIGHT M5"])
    assert rest.flowers_of_rest(ctx, "Captain") is False
    assert rest.flowers_of_rest(ctx, "Amazon") is False
    evening = _flowers(fatigued=["MOVE M5"])
    evening.today.stage = "evening"
    assert rest.flowers_of_rest(evening, "Captain") is False
    assert not evening.events


def test_under_the_wither_curse_the_flowers_neither_activate_nor_put_to_sleep():
    """L4311, note 2: "his chits cannot be activated or rested and he does not fall asleep"."""
    ctx = _flowers(fatigued=["MOVE M5"])
    ctx.state.characters["Captain"].curses.append(WITHER)
    assert rest.flowers_of_rest(ctx, "Captain") is False
    statuses = {c.label: c.status for c in ctx.state.characters["Captain"].chits}
    assert statuses["MOVE M5"] == "fatigued"
    assert not ctx.events


# --- cards in a clearing, the Cloven Hoof and the Maps (L4206, L4340-4358) ------------------


def test_the_cards_of_a_clearing_carried_lying_or_a_site_card_drawn():
    """Carried and active there, or an Enchanted card in the pile; a Site card in its box only
    once drawn face up, in the clearing of its box's chit (L4206); an inactive card carried
    does not count, nor anything on another clearing."""
    state = _state(
        map={"tiles": [{"tile": "DW", "at": [0, 0]}]},
        chits={"DW": ["HOARD 6"]},
        characters={
            "Amazon": {"at": "DW6", "belongings": ["Cloven Hoof", "Lucky Charm"]},
            "Swordsman": {
                "at": "DW6",
                "belongings": [{"name": "Ancient Telescope", "active": False}],
            },
            "Black Knight": {"at": "DW5", "belongings": ["Magic Wand"]},
        },
        treasures={"Hoard": ["Crystal Ball", "Toadstool Circle"]},
        piles={"DW6": ["Dragon Essence", "Deft Gloves"]},
    )
    here = cards_in_clearing(catalog(), state, "DW6")
    assert set(here) == {"Cloven Hoof", "Lucky Charm", "Dragon Essence"}
    state.face_up.append("Toadstool Circle")
    assert "Toadstool Circle" in cards_in_clearing(catalog(), state, "DW6")
    assert cards_in_clearing(catalog(), state, "DW5") == ["Magic Wand"]


def test_the_cloven_hoof_is_for_characters_on_every_table_and_for_nobody_on_a_roadway():
    """L4344 and L4340: every table a character rolls on — the Curses Table too (no advantage
    names it: ``None``); not his hirelings; the one-die count is untouched."""
    state = _state(
        map=BL,
        characters={"Amazon": {"at": "BL1", "belongings": ["Cloven Hoof"]}},
    )
    board = board_for(catalog(), state.tiles)
    for table in (*DieTable, None):
        assert treasure_modifier(catalog(), board, state, "Amazon", table) == 1
    assert die_modifier(catalog(), board, state, "Amazon", DieTable.MEETING) == 1
    assert one_die(catalog(), board, state, "Amazon", DieTable.HIDE) == 0
    assert treasure_modifier(catalog(), board, state, "Company HQ", DieTable.MEETING) == 0


def test_the_maps_apply_to_locate_only():
    """L4354–4358: "when he uses the Locate Table he subtracts one" — no other table."""
    state = _state(
        map={"tiles": [{"tile": "R", "at": [0, 0]}]},
        characters={"Amazon": {"at": "R1", "belongings": ["Map of Ruins"]}},
    )
    board = board_for(catalog(), state.tiles)
    assert treasure_modifier(catalog(), board, state, "Amazon", DieTable.LOCATE) == -1
    assert treasure_modifier(catalog(), board, state, "Amazon", DieTable.PEER) == 0


def test_deft_gloves_take_a_die_off_the_site_card_tables_and_the_loot_table_only():
    """L4346: "the Loot Table and the three special tables used to loot the Site cards"."""
    state = _state(map=BL, characters={"Amazon": {"at": "BL1", "belongings": ["Deft Gloves"]}})
    board = board_for(catalog(), state.tiles)
    counts = {t: one_die(catalog(), board, state, "Amazon", t) for t in DieTable}
    assert {t for t, n in counts.items() if n} == {DieTable.LOOT, DieTable.SITE_CARD}


# --- the Toadstool Circle's extra Enchant phase (L4292) ------------------------------------------


def test_the_toadstool_circle_drawn_gives_everyone_in_its_clearing_an_extra_enchant():
    """L4292: "each character in its clearing [may] record an extra phase to do the Enchant
    activity, if he is in that clearing both when he records the phase and when he does it";
    the card is there once drawn and put back face up (L4206); not elsewhere."""
    state = _state(
        map={"tiles": [{"tile": "DW", "at": [0, 0]}]},
        chits={"DW": ["HOARD 6"]},
        characters={"Wizard": {"at": "DW6"}, "Amazon": {"at": "DW5"}},
        treasures={"Hoard": ["Crystal Ball", "Toadstool Circle"]},
    )
    assert entitlement(catalog(), state, "Wizard").extra("Toadstool Circle") is None
    state.face_up.append("Toadstool Circle")
    extra = entitlement(catalog(), state, "Wizard").extra("Toadstool Circle")
    assert extra is not None and extra.rule == "L4292"
    assert english(extra.what) == "extra Enchant"
    assert entitlement(catalog(), state, "Amazon").extra("Toadstool Circle") is None


def _circle_day(orders: str) -> list[tuple[str, dict[str, Any]]]:
    """The Wizard's Daylight with the Toadstool Circle drawn and face up in the Hoard, whose
    chit is in DW6 where he stands (L4206), and ``orders``: the events, with their fields."""
    state = _state(
        map={"tiles": [{"tile": "DW", "at": [0, 0]}]},
        chits={"DW": ["HOARD 6"]},
        monster_roll=2,
        characters={"Wizard": {"at": "DW6"}},
        treasures={"Hoard": ["Crystal Ball", "Toadstool Circle"]},
    )
    state.face_up.append("Toadstool Circle")
    parsed = parse_orders(orders, state, "Wizard", catalog=catalog())
    assert parsed.orders is not None, parsed.errors
    resolution = resolve(state, {"Wizard": parsed.orders}, catalog=catalog(), until="daylight")
    return [(e.type, e.fields) for e in resolution.events]


def test_the_toadstool_circles_enchant_phase_is_done_in_its_clearing():
    """L4292: the extra Enchant phase is his "if he is in that clearing both when he records the
    phase and when he does it". Done in the Circle's clearing, the phase is not cancelled and
    its Enchant activity is done (7.10: the day's first, his meditation); after moving away, it
    is cancelled."""
    stays = _circle_day("EM (Toadstool Circle)")
    started = {"who": "Wizard", "phase": 1, "activity": "EM (Toadstool Circle)"}
    assert ("phase_started", started) in stays
    assert not [f for t, f in stays if t == "phase_cancelled"]
    assert ("meditated", {"who": "Wizard", "phase": 1}) in stays
    leaves = _circle_day("M DW1, EM (Toadstool Circle)")
    cancelled = [f for t, f in leaves if t == "phase_cancelled"]
    assert [(f["phase"], english(f["reason"])) for f in cancelled] == [
        (2, "he is not in the clearing of the Toadstool Circle when he does its phase (L4292)")
    ]
    assert not any(t == "meditated" for t, _ in leaves)


def test_the_chapel_lifts_the_curses_in_its_clearing_at_midnight():
    """4.6.8a.5: every Curse of a character in the Chapel's clearing at Midnight is removed;
    one elsewhere keeps his."""
    from rules.catalog import catalog as data
    from rules.day.context import Ctx
    from rules.day.midnight import chapel_cures
    from rules.setup.game import new_game
    from rules.state import Place

    state = new_game(data(), 3, ["Amazon", "Dwarf"])
    chapel = state.place_of("Chapel")
    state.put("Amazon", chapel)
    state.characters["Amazon"].curses = ["Wither", "Squeak"]
    state.characters["Dwarf"].curses = ["Eyemist"]
    assert state.place_of("Dwarf") != chapel
    ctx = Ctx.start(data(), state)
    chapel_cures(ctx)
    assert state.characters["Amazon"].curses == []
    assert state.characters["Dwarf"].curses == ["Eyemist"]
    assert [e.fields["curse"] for e in ctx.events if e.type == "curse_lifted"] == [
        "Wither",
        "Squeak",
    ]
    assert Place.split(chapel)[0] == "at"
