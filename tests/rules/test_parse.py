"""Birdsong orders from the rulebook notation (6.2 L1494–1528; Daylight Activities L5509–5531).

The map of seed 7 (see test_phases.py): everyone starts at the Inn in AV5, whose roads lead to
AV2 and MW5; MW5–BL1–BL6 lead into the caves; L4–L6 and L1–L3 are hidden paths; M2 (woods) is
next to the mountain clearings M5 and M6.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.event_text import english
from rules.catalog import catalog
from rules.daylight.hirelings import hire
from rules.magic.state import SpellInEffect
from rules.orders.legal import LegalOptions
from rules.orders.model import (
    BASIC,
    SUNLIGHT,
    Activity,
    ActivityKind,
    Instructions,
    Orders,
    Rearrangement,
)
from rules.orders.parse import (
    CODES,
    MAX_CHARS,
    ParseResult,
    legal_activities,
    noted,
    parse_orders,
)
from rules.orders.problems import ProblemCode, Severity
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

K = ActivityKind
CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")


def game(**places: str) -> GameState:
    """A copy of the seed-7 game with characters moved: ``game(Amazon="BL6")``."""
    return fresh(7, CAST, **places)


def give(state: GameState, who: str, *items: str, active: bool = True) -> GameState:
    for item in items:
        state.put(item, Place.owner(who))
        state.characters[who].items[item] = ItemState(active=active)
    return state


def parse(text: str, state: GameState | None = None, who: str = "Amazon") -> ParseResult:
    return parse_orders(text, state or game(), who)


def codes(result: ParseResult) -> list[str]:
    return [p.code for p in result.errors]


def warnings(result: ParseResult) -> list[str]:
    return [p.code for p in result.warnings]


def accepted(text: str, state: GameState | None = None, who: str = "Amazon") -> ParseResult:
    result = parse(text, state, who)
    assert result.errors == (), result.errors
    assert result.orders is not None
    return result


def orders_of(result: ParseResult) -> Orders:
    """The orders of a result that has them."""
    assert result.orders is not None
    return result.orders


def test_the_map_is_the_one_these_tests_assume():
    state = game()
    assert state.place_of("Amazon") == "at:AV5" and "Inn" in state.at("at:AV5")


# --- notation (6.2.6) ------------------------------------------------------------------------


def test_phases_are_read_in_order_case_insensitively():
    result = accepted("m av2, M av5\nh\n\nr", who="Black Knight")
    assert result.orders is not None
    assert [str(a) for a in result.orders.phases] == ["M AV2", "M AV5", "*H", "*R"]
    assert result.echo == "M AV2, M AV5, *H, *R"
    amazon = accepted("m av2, M av5\nh\n\nr")  # her Stamina saves a Sunlight phase
    assert amazon.echo.splitlines()[0] == "M AV2, M AV5 (Stamina), H, *R"


def test_clearings_are_tile_code_and_number():
    """Example 25, L1524: 'M NW2'; a space or the tile's name also works."""
    for text in ("M NW2", "m nw2", "M NW 2", "M Nut Woods 2"):
        result = accepted(text, game(Amazon="NW4"))
        assert result.orders is not None and result.orders.phases[0].target == "NW2"


@pytest.mark.parametrize(
    ("start", "goal"), [("EV4", "CS2"), ("OW5", "CN1"), ("R2", "CL5"), ("OW4", "CG2")]
)
def test_the_four_c_tiles_have_their_own_codes(start, goal):
    """6.2.6 L1524: CG the Crag, CL the Cliff, CS the Caves, CN the Cavern."""
    climb = f"M {goal}, M {goal}" if goal.startswith("CG") else f"M {goal}"  # the Crag: 7.3.1c.1
    result = accepted(climb, game(Amazon=start))
    assert result.orders is not None and result.orders.phases[0].target == goal
    assert warnings(result) == []


def test_c5_is_not_a_tile_and_the_candidates_are_listed():
    result = parse("M C5")
    (error,) = result.errors
    assert error.code == "ambiguous"
    assert english(error.message) == "'C5' could be CG5, CL5, CN5, CS5, CV5"
    assert "CG is the Crag" in english(error.hint)


def test_an_unknown_clearing_lists_the_tiles_clearings():
    (error,) = parse("M CV3").errors
    assert error.code == "bad-clearing"
    assert "Curst Valley has clearings 1, 2, 4, 5" in english(error.message)


def test_full_activity_names_are_accepted():
    result = accepted("Move AV2, Hide, Rest, Alert")
    assert result.orders is not None
    assert [a.kind for a in result.orders.phases] == [K.MOVE, K.HIDE, K.REST, K.ALERT]


def test_targets_of_later_activities_are_checked_and_canonical():
    result = accepted("S loot HOARD 6, T company, HR guard, A unalert", who="Magician")
    assert result.orders is not None
    assert [a.target for a in result.orders.phases] == [
        "Loot HOARD 6",
        "Company",
        "Guard",
        "unalert",
    ]
    assert codes(parse("S Lute, T Gobbos, HR Crone, A sword")) == ["bad-target"] * 4
    assert codes(parse("S lo")) == ["ambiguous"]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("S Loot @everyone", "places to loot: ALTAR 1, STATUE 2, LAIR 3, VAULT 3, SHRINE 4, "),
        ("S Loot HOARD 6 [/code]", "places to loot: ALTAR 1, "),
        ("S Loot HOARD 5", "places to loot: ALTAR 1, "),
        ("S Reading Runes pile", "sites, Artifacts and Spell Books: ALTAR 1, "),
        ("S Locate <@123>", "write 'S Locate'"),
        ("S Magic Sight **now**", "write 'S Magic Sight'"),
        ("T Company @here", "native groups and visitors: Bashkars, Company, "),
        ("T Crone buy everything", "native groups and visitors: Bashkars, "),
        ("HR Patrol [url=http://x]", "native groups: Bashkars, Company, Guard, "),
        ("HR Crone", "native groups: Bashkars, Company, Guard, "),
    ],
)
def test_search_trade_and_hire_take_only_the_games_vocabulary(text, hint):
    """S names a Search table and where (7.5.1–7.5.6), T one native group or visitor, HR one
    native group (the Daylight Activities table): anything else is refused, with the options."""
    (error,) = parse(text).errors
    assert error.code == "bad-target"
    assert english(error.hint).startswith(hint), english(error.hint)


def test_hire_names_a_pacifying_spell_of_his_in_effect_on_monsters():
    """7.7.5a (L1980): while his Deal with Goblins (or Persuade) on monsters is in effect, a
    Hire phase may name it to hire them; without it in effect the name is no target."""
    refused = parse("HR Deal with Goblins", who="Magician")
    assert codes(refused) == ["bad-target"]
    state = game()
    state.spells.append(
        SpellInEffect(
            number=1,
            spell="Deal with Goblins",
            caster="Magician",
            controller="Magician",
            chit="MAGIC VIII4*",
            targets=["Goblin Axe 1"],
            cast_day=1,
        )
    )
    result = accepted("HR deal with goblins", state, who="Magician")
    assert [a.target for a in orders_of(result).phases] == ["Deal with Goblins"]
    assert codes(parse("HR Deal with Goblins", state, who="Amazon")) == ["bad-target"]


def test_search_names_where_he_searches_canonically():
    text = "S loot hoard, S Loot PILE, S reading runes altar, S Peer av2"
    result = accepted(text, who="Magician")
    assert result.orders is not None
    assert [a.target for a in result.orders.phases] == [
        "Loot HOARD 6",
        "Loot pile",
        "Reading Runes ALTAR 1",
        "Peer AV2",
    ]


FRAGMENTS = st.sampled_from(
    [
        "@everyone",
        "@here",
        "<@123>",
        "<#9>",
        "[/code]",
        "[b]",
        "**",
        "__",
        "`",
        "~~",
        "||",
        "\\",
        "# ",
        "> ",
        "[url=http://x]",
        "](http://x)",
        "Company",
        "HOARD 6",
        "pile",
        " ",
    ]
)
ACTIVITIES = st.sampled_from(["S", "S Loot", "S Locate", "S Peer", "T", "HR", "A", "E", "F", "M"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIVITIES, st.lists(FRAGMENTS, min_size=1, max_size=4).map(" ".join))
def test_no_echo_carries_a_mention_or_markup(activity, tail):
    """Whatever follows an activity, accepted orders are echoed in the game's own words only."""
    result = parse_orders(f"{activity} {tail}", game(), "Magician")
    if result.orders is None:
        return
    for raw in ("@", "<", ">", "[", "]", "`", "_", "~", "|", "\\", "#", "http", "**"):
        assert raw not in result.echo, (activity, tail, result.echo)


def test_text_that_is_not_unicode_is_refused_before_reading():
    """A lone surrogate cannot be stored as UTF-8 (it crashed SQLite): the message is refused
    whole, saying where, and the problem itself holds only storable text."""
    result = parse("H\nS Loot \ud800")
    (error,) = result.errors
    assert (error.code, error.line) == ("bad-text", 2)
    assert english(error.message) == "line 2, character 8: '\\ud800' is not text"
    result.model_dump_json().encode("utf-8")
    assert codes(parse("H\x00")) == ["bad-text"]
    assert codes(parse("H\x1b[31m")) == ["bad-text"]
    assert accepted("M\tAV2\r\nH\n").orders is not None, "tabs and line ends are text"


def test_alert_and_enchant_take_his_own_chits():
    result = accepted("A magic iii3*, E IV3*, enchant TILE magic ii3*, EM", who="Magician")
    assert result.orders is not None
    targets = [a.target for a in result.orders.phases]
    assert targets == ["MAGIC III3*", "MAGIC IV3*", "tile MAGIC II3*", None]
    assert "E MAGIC IV3*, E tile MAGIC II3*" in result.orders.canonical()
    (error,) = parse("A MAGIC III4*").errors  # the Amazon has no Magic chits
    assert error.code == "bad-target"


def test_an_enchant_names_a_chit_of_types_i_to_v():
    """7.10.2: E and E tile name the Magic chit; bare, each is refused with the chits he could
    use (his Types I-V, whatever their state); a Type VI-VIII chit cannot do enchantments."""
    for text in ("E", "E tile"):
        (error,) = parse(f"EM, {text}", who="Magician").errors
        assert (error.code, error.phase) == ("missing-target", 2)
        assert english(error.hint).endswith(
            "yours: MAGIC II3*, MAGIC III3*, MAGIC IV3*, MAGIC V4**"
        )
    (error,) = parse("E MAGIC VI4*", who="Magician").errors
    assert error.code == "bad-target"
    assert "Types I-V" in english(error.message)
    (error,) = parse("E").errors  # the Amazon has no Magic chit at all
    assert (error.code, english(error.hint)) == (
        "missing-target",
        "you have no Magic chit of Types I-V",
    )


def test_a_remote_enchant_names_its_clearing_and_chit():
    """7.10.5: RE, the clearing (its name or code), then what E names there."""
    state = give(game(), "Magician", "Crystal Ball")
    result = accepted("EM, RE curst valley 5 tile iv3*, RE AV2 MAGIC II3*", state, "Magician")
    targets = [a.target for a in orders_of(result).phases]
    assert targets == [None, "CV5 tile MAGIC IV3*", "AV2 MAGIC II3*"]
    assert orders_of(result).canonical() == "EM, RE CV5 tile MAGIC IV3*, *RE AV2 MAGIC II3*"
    assert codes(parse("RE CV5 MAGIC II3*, EM", state, "Magician")) == ["no-meditation"]
    accepted("E MAGIC IV3*, RE CV5 MAGIC II3*", state, "Magician")  # the E is the meditation
    assert codes(parse("EM, RE CV5", state, "Magician")) == ["missing-target"]
    assert codes(parse("EM, RE CV5 tile", state, "Magician")) == ["missing-target"]
    assert codes(parse("EM, RE XX5 MAGIC II3*", state, "Magician")) == ["bad-clearing"]


# --- the day's path (7.3.1) ------------------------------------------------------------------


def test_a_move_without_a_road_lists_where_the_roads_go():
    (error,) = parse("M AV2, M CV4").errors
    assert (error.code, error.phase) == ("no-road", 2)
    assert english(error.message) == "no road from AV2 to CV4"
    assert english(error.hint) == "roads from AV2 lead to AV5, Edge"


def test_an_undiscovered_hidden_path_is_accepted_with_a_warning():
    """Example 24, L1518 (6.2.4e): it may be recorded in hopes of finding the path first."""
    result = accepted("M L6, M L1", game(Amazon="L4"))
    assert warnings(result) == ["hidden-road"]
    assert "hidden path" in english(result.warnings[0].message)
    found = game(Amazon="L4")
    found.characters["Amazon"].discoveries.append("L (normal) hidden path 4-6")
    assert warnings(accepted("M L6, M L1", found)) == []


def test_the_wizard_knows_every_hidden_path():
    """Experience L3986."""
    assert warnings(accepted("M L6", game(Wizard="L4"), who="Wizard")) == []


def test_entering_a_mountain_takes_two_moves_in_a_row():
    """7.3.1c.1 L1655: a lone Move into a mountain does not move him (a warning: 6.2.3 lets him
    record it and 6.2.4f makes it a blank phase), and the path stays where he was."""
    assert warnings(accepted("M M5, M M5, M M2", game(Amazon="M2"))) == []
    lone = parse("M M5, M M2", game(Amazon="M2"))
    assert warnings(lone) == ["mountain-climb"]
    assert english(lone.warnings[0].hint) == "write 'M M5, M M5'"
    assert codes(lone) == ["no-road"]  # he is still in M2
    assert warnings(accepted("M M5, H, M M5", game(Amazon="M2"))) == ["mountain-climb"] * 2


def test_moves_into_a_cave_cost_the_sunlight_phases():
    """Examples 19 and 27 (L1505, L1659)."""
    assert accepted("M MW5, M BL1, M BL6").echo.splitlines()[0] == ("M MW5, M BL1, M BL6 (Stamina)")
    result = parse("M MW5, M BL1, M BL6", who="Black Knight")
    (error,) = result.errors
    assert (error.code, error.phase, error.text) == ("sunlight-cave", 3, "M BL6")


def test_a_sunlight_move_into_a_cave_is_an_error():
    assert codes(parse("M MW5, M BL1, *M BL6")) == ["sunlight-cave"]


# --- sources (6.2.4) -------------------------------------------------------------------------


def test_the_amazon_on_a_workhorse_records_six_phases():
    """Example 20, L1508."""
    state = give(game(), "Amazon", "Workhorse H6/T8")
    result = accepted("M AV2, M AV5, M AV2, M AV5, M AV2, M AV5", state)
    assert result.echo.splitlines()[0] == (
        "M AV2, M AV5, *M AV2, *M AV5, M AV2 (Stamina), M AV5 (Workhorse H6/T8)"
    )
    assert "phase 5 is your Stamina Move" in noted(result, english)
    assert codes(parse("H, H, H, H, H, H, H", state)) == ["too-many-phases"]


def test_named_sources_are_kept_and_checked():
    state = give(game(), "Amazon", "Pony M3/M4")
    result = accepted("M AV2 (stamina), H, M AV5 (pony)", state)
    assert result.orders is not None
    assert [a.source for a in result.orders.phases] == ["Stamina", BASIC, "Pony M3/M4"]
    assert codes(parse("M AV2 (stamina), H, M AV5 (pony), M AV2 (pony)", state)) == ["pony"]


def test_the_captains_dwelling_phase_leaves_but_does_not_enter():
    """Example 28, L1660."""
    assert warnings(accepted("M AV2 (Reputation)", who="Captain")) == []
    entering = accepted("M AV5 (Reputation)", game(Captain="AV2"), who="Captain")
    assert warnings(entering) == ["unusable-extra"]


def test_a_horse_move_needs_the_horse_active_since_before_the_phase():
    """Example 31, L1692 (7.3.2a.1, 7.3.2b): the horse is deactivated in the cave; activated
    again at the start of the phase after leaving, its Move is usable only one phase later."""
    state = give(game(Amazon="BL1"), "Amazon", "Workhorse H6/T8")
    text = "M BL6, M BL1, M MW5, M AV5 (workhorse)"
    assert warnings(accepted(text, state)) == ["unusable-extra"]
    assert warnings(accepted(f"{text}\nbefore 3: activate Workhorse H6/T8", state)) == []
    late = accepted(f"{text}\nbefore 4: activate Workhorse H6/T8", state)
    assert warnings(late) == ["unusable-extra"]
    inferred = accepted("M BL6, M BL1, M MW5, M AV5", state)
    assert inferred.orders is not None
    assert inferred.orders.phases[0].source == "Workhorse H6/T8"  # used before the cave


def test_a_card_that_enables_an_activity_is_not_a_phase_source():
    state = give(game(), "Amazon", "Crystal Ball")
    assert codes(parse("M AV2 (Crystal Ball)", state)) == ["source-activity"]


def test_the_shielded_lantern_may_be_recorded_outside_a_cave():
    """Example 22, L1514."""
    state = give(game(), "Amazon", "Shielded Lantern")
    result = accepted("M MW5, M BL1, M BL6, H", state)
    assert result.orders is not None and result.orders.phases[-1].source == "Shielded Lantern"
    assert warnings(result) == []
    assert warnings(accepted("H, H, H, H, H", state)) == ["unusable-extra"]


def test_enhanced_activities_need_their_source():
    assert (
        codes(parse("EM, P AV2, FL MW, RE AV2 MAGIC II3*", who="Magician")) == ["not-enhanced"] * 3
    )
    state = give(game(), "Magician", "Crystal Ball", "Flying Carpet")
    result = accepted("P CV5 (Crystal Ball), EM, RE AV2 MAGIC II3*, FL MW", state, "Magician")
    assert "phase 1: Peer by your Crystal Ball (6.2.4d)" in noted(result, english)
    flown = accepted("FL MW, M MW5", state, "Magician")
    assert warnings(flown) == ["unchecked-move"]  # he lands at random after a Fly
    assert codes(parse("FL NW", state, "Magician")) == ["bad-tile"]  # not next to his tile


def test_a_fly_after_a_fly_goes_from_the_tile_flown_to():
    """7.3.3a.2, b: he may fly to his tile or one next to it; between Fly phases he does not
    land, and a Fly takes him to the tile he recorded, so the next one leaves from that tile —
    from the forest of MW to DW next to it, not to NW far away (L1712–1716)."""
    state = give(game(), "Amazon", "Flying Carpet")
    assert accepted("FL MW, FL DW", state).orders is not None  # DW is not next to AV5's tile
    assert accepted("FL MW, H, FL MW", state).orders is not None
    refused = parse("FL MW, FL NW", state)
    (error,) = refused.errors
    assert (error.code, error.phase, error.text) == ("bad-tile", 2, "FL NW")
    assert english(error.hint) == "from MW: MW, BL, AV, OW, DW, L"


def test_an_echo_with_notes_reads_back_as_the_same_orders():
    """The echo's ``note:`` lines are the bot's remarks: an echo sent back (a player pasting
    it, the fuzz suite's round trip) reads as the orders it echoes, not as unknown instructions."""
    state = give(game(), "Amazon", "Crystal Ball")
    for text in ("P OW4", "-, A weapon, S Loot\nalert: none"):
        first = accepted(text, state)
        shown = noted(first, english)
        assert "\nnote: " in shown and "note: " not in first.echo
        again = accepted(shown, state)
        assert again.orders == first.orders
        assert again.echo == first.echo


def test_the_dwarf_records_only_basic_phases():
    """Short Legs, L3713."""
    assert codes(parse("H, H, H", who="Dwarf")) == ["too-many-phases"]
    assert codes(parse("H, *H", who="Dwarf")) == ["no-sunlight"]
    assert accepted("H, R", who="Dwarf").echo == "H, R"


# --- Follow (6.2.7) --------------------------------------------------------------------------


def test_follow_names_a_character_in_his_clearing():
    result = accepted("f dwarf")
    assert result.orders is not None
    assert (result.orders.follow, result.orders.phases, result.echo) == ("Dwarf", (), "F Dwarf")
    assert codes(parse("F Dwarf", game(Dwarf="AV2"))) == ["follow-absent"]
    assert codes(parse("F Amazon")) == ["follow-absent"]
    assert codes(parse("F Elf")) == ["follow-absent"]
    assert codes(parse("F Dwarf, H")) == ["follow-alone"]


def test_with_every_chit_down_he_may_not_follow():
    """7.8.4, 9.1.1c: with every chit fatigued or wounded he can do only the Rest activity;
    Follow is an activity of his own, which would move him with his guide (found by the
    legality proof: the parser took it, the legal options did not offer it)."""
    assert codes(parse("F Dwarf", _every_chit_down())) == ["only-rest"]


# --- standing instructions ---------------------------------------------------------------------


def test_standing_instructions():
    text = "\n".join(
        [
            "M AV2, M AV5, H",
            "block: unhidden",
            "rest: fight, magic, move",
            "alert: unalert",
            "search: reading runes",
            "before 2: activate Shield 1; deactivate Helmet 1",
            "before 3: abandon Breastplate 1",
            "drop: dwarf, Black Knight",
            "heavy items: abandon",
        ]
    )
    result = accepted(text)
    assert result.orders is not None
    assert result.orders.instructions == Instructions(
        block="unhidden",
        rest=("FIGHT", "MAGIC", "MOVE"),
        alert="unalert",
        search="Reading Runes",
        rearrange=(
            Rearrangement(phase=2, activate=("Shield 1",), deactivate=("Helmet 1",)),
            Rearrangement(phase=3, abandon=("Breastplate 1",)),
        ),
        drop_followers=("Dwarf", "Black Knight"),
        keep_heavy_items=False,
    )
    assert [x for x in result.echo.splitlines()[1:] if not x.startswith("note:")] == [
        "block: unhidden",
        "rest: fight, magic, move",
        "alert: unalert",
        "search: Reading Runes",
        "before 2: activate Shield 1; deactivate Helmet 1",
        "before 3: abandon Breastplate 1",
        "drop: Dwarf, Black Knight",
        "heavy items: abandon",
    ]


def test_stop_following_goes_with_a_follow():
    result = accepted("F Dwarf\nstop following: before 3")
    assert result.orders is not None and result.orders.instructions.stop_following == 3
    assert codes(parse("H\nstop following: 3")) == ["bad-instruction"]


def test_unknown_instruction_keys_list_the_valid_ones():
    (error,) = parse("H\ncolour: red").errors
    assert (error.code, error.line, error.phase) == ("unknown-instruction", 2, None)
    assert "block, rest, alert, search, before N, stop following, drop, heavy items" in english(
        error.hint
    )


# --- every code ------------------------------------------------------------------------------


def _hired(piece: str = "Company HQ", *, controlled: bool = False) -> GameState:
    """The seed-7 game with ``piece`` hired by the Amazon (controlled, for a monster) in her
    clearing."""
    state = game()
    state.put(piece, state.place_of("Amazon"))
    hire(catalog(), state, piece, "Amazon", controlled=controlled)
    return state


def test_hired_leaders_record_like_characters_but_enchant():
    state = _hired()
    result = accepted("M AV2, H, R, A", state, "Company HQ")
    assert [a.kind for a in orders_of(result).phases] == [K.MOVE, K.HIDE, K.REST, K.ALERT]
    refused = parse("E", state, "Company HQ")
    assert codes(refused) == ["hireling-activity"]
    assert "6.2.5" in english(refused.errors[0].message)


def test_the_amazon_may_follow_her_hired_leader_and_he_her():
    state = _hired()
    assert orders_of(accepted("F Company HQ", state, "Amazon")).follow == "Company HQ"
    assert orders_of(accepted("F Amazon", state, "Company HQ")).follow == "Amazon"


def test_underlings_only_follow():
    state = _hired("Company 1")
    assert orders_of(accepted("F Amazon", state, "Company 1")).follow == "Amazon"
    assert codes(parse("H", state, "Company 1")) == ["hireling-activity"]
    assert codes(parse("F Company 1", state, "Amazon")) == ["follow-absent"]
    kinds = {a.kind for a in legal_activities(state, "Company 1", 1)}
    assert kinds == {K.FOLLOW, K.BLANK}


def test_controlled_monsters_neither_trade_nor_hire():
    state = _hired("Giant 1", controlled=True)
    assert codes(parse("T Company", state, "Giant 1")) == ["hireling-activity"]
    assert codes(parse("HR Company", state, "Giant 1")) == ["hireling-activity"]
    kinds = {a.kind for a in legal_activities(state, "Giant 1", 1)}
    assert K.TRADE not in kinds and K.HIRE not in kinds and K.ENCHANT not in kinds
    assert K.MOVE in kinds and K.SEARCH in kinds


def test_her_hired_leaders_section_is_read_as_his_orders_and_echoed():
    """6.2.5: the employer records his hired leader's activities; on Discord, in a section of her
    own message, echoed canonically after hers."""
    state = _hired()
    result = accepted("m av2, h\ncompany hq: m av2,h\nblock: unhidden", state)
    assert result.echo == "M AV2, H\nCompany HQ: M AV2, H\nblock: unhidden"
    (theirs,) = orders_of(result).recorded
    assert theirs.character == "Company HQ" and theirs.instructions.block == "unhidden"
    assert [a.kind for a in theirs.phases] == [K.MOVE, K.HIDE]


@pytest.mark.parametrize(
    ("head", "why"),
    [
        ("Patrol HQ", "Patrol HQ is not hired: a native takes orders only from his employer"),
        ("company 9", "there is no native or monster counter called 'company 9'"),
        ("Giant 1", "Giant 1 is neither hired nor controlled"),
        ("Lancers HQ", "Lancers HQ is the Dwarf's hireling: only his employer records"),
    ],
)
def test_a_section_for_a_denizen_she_does_not_record_for_says_why(head, why):
    state = _hired()
    state.put("Lancers HQ", state.place_of("Dwarf"))
    hire(catalog(), state, "Lancers HQ", "Dwarf")
    (problem,) = parse(f"H\n{head}: M AV2, H\nrest: none", state).errors
    assert (problem.code, problem.line, problem.text) == ("not-your-hireling", 2, head)
    assert english(problem.message).startswith(why)
    assert english(problem.hint) == "write sections only for those you record: Company HQ"


def test_a_section_from_someone_with_no_hirelings_says_so():
    (problem,) = parse("H\nCompany HQ: H").errors
    assert problem.code == "not-your-hireling"
    assert english(problem.hint) == "you record no one's orders: hire a native leader first (7.7)"


def test_an_unknown_key_names_the_sections_she_may_write():
    (problem,) = parse("H\nCompny HQ: H", _hired()).errors
    assert problem.code == "unknown-instruction"
    assert english(problem.hint).endswith("; or a section for one you record: Company HQ")


def test_her_underlings_section_only_follows():
    state = _hired("Company 1")
    (problem,) = parse("H\nCompany 1: H", state).errors
    assert (problem.code, problem.line) == ("hireling-activity", 2)
    assert english(problem.message).startswith("Company 1: an underling can only follow")
    assert accepted("H\nCompany 1: F Amazon", state).echo == "H\nCompany 1: F Amazon"


def _lantern() -> GameState:
    return give(game(), "Amazon", "Shielded Lantern")


def _every_chit_down() -> GameState:
    """The Amazon with every chit fatigued: she may record only Rest (9.1.1c)."""
    state = game()
    for chit in state.characters["Amazon"].chits:
        chit.status = "fatigued"
    return state


def _negative_fame() -> GameState:
    """The Amazon with -1 Fame: she can take no mission or campaign chit (7.2.4c)."""
    state = game()
    state.characters["Amazon"].fame = -1
    return state


def _carpet() -> GameState:
    return give(game(), "Amazon", "Flying Carpet")


def _on_road() -> GameState:
    """The Amazon on the roadway between BL4 and BL5, having run away (8.3.8d)."""
    state = game()
    state.put("Amazon", Place.road("BL4", "BL5"))
    return state


ERRORS: dict[str, tuple[str, GameState | None, str]] = {
    "too-long": (", ".join(["H"] * 41), None, "Amazon"),
    "empty": ("# nothing today", None, "Amazon"),
    "not-in-game": ("M CV1", None, "Witch King"),
    "bad-text": ("S Loot \ud800", None, "Amazon"),
    "unknown-activity": ("X", None, "Amazon"),
    "missing-target": ("M", None, "Amazon"),
    "unexpected-target": ("H now", None, "Amazon"),
    "bad-clearing": ("M CV3", None, "Amazon"),
    "bad-tile": ("FL ZZ", _carpet(), "Amazon"),
    "ambiguous": ("M C5", None, "Amazon"),
    "bad-target": ("S Lute", None, "Amazon"),
    "no-road": ("M CV4", None, "Amazon"),
    "follow-alone": ("F Dwarf, H", None, "Amazon"),
    "follow-absent": ("F Amazon", None, "Amazon"),
    "hireling-activity": ("E", _hired(), "Company HQ"),
    "optional-rule": ("C", None, "Amazon"),
    "not-enhanced": ("P AV2", None, "Amazon"),
    "unknown-source": ("M AV2 (Wings)", None, "Amazon"),
    "source-inactive": ("M AV2 (Aim)", None, "Amazon"),
    "two-sources": ("*M AV2 (Stamina)", None, "Amazon"),
    "source-activity": ("H (Stamina)", None, "Amazon"),
    "extra-activity": ("H, H, H, H, H", None, "Magician"),
    "pony": ("M AV2 (pony)", give(game(), "Amazon", "Pony M3/M4"), "Amazon"),
    "no-sunlight": ("*H", None, "Dwarf"),
    "sunlight-cave": ("M MW5, M BL1, M BL6", None, "Black Knight"),
    "too-many-phases": ("H, H, H, H, H", None, "Black Knight"),
    "only-rest": ("R, H", _every_chit_down(), "Amazon"),
    "unknown-instruction": ("H\nfoo: bar", None, "Amazon"),
    "bad-instruction": ("H\nblock: sometimes", None, "Amazon"),
    "duplicate-instruction": ("H\nblock: all\nblock: never", None, "Amazon"),
    "not-your-hireling": ("H\nPatrol HQ: H", _hired(), "Amazon"),
    "recorded-twice": ("H\nFamiliar: F Witch\nFamiliar: -", fresh(7, ("Witch",)), "Witch"),
    "on-roadway": ("H", _on_road(), "Amazon"),
    "no-meditation": (
        "RE AV2 MAGIC II3*, EM",
        give(game(), "Magician", "Crystal Ball"),
        "Magician",
    ),
    "committed-source": (
        "M MW5, M BL1, M BL6, H (Shielded Lantern)\nbefore 2: abandon Shielded Lantern",
        _lantern(),
        "Amazon",
    ),
}
WARNINGS: dict[str, tuple[str, GameState | None, str]] = {
    "hidden-road": ("M L6", game(Amazon="L4"), "Amazon"),
    "mountain-climb": ("M M5", game(Amazon="M2"), "Amazon"),
    "unchecked-move": ("FL AV, M AV2", _carpet(), "Amazon"),
    "unusable-extra": ("H, H, H, H, H", _lantern(), "Amazon"),
    "source-deactivated": (
        "M MW5, M BL1, M BL6, H (Shielded Lantern)\nbefore 2: deactivate Shielded Lantern",
        _lantern(),
        "Amazon",
    ),
    "chit-not-taken": ("H\ntake: Food/Ale", _negative_fame(), "Amazon"),
    "meditation": ("E MAGIC IV3*, E MAGIC II3*", None, "Magician"),
}


def test_every_code_is_documented_and_tested():
    assert set(ERRORS) | set(WARNINGS) == set(ProblemCode) == set(CODES)
    assert set(WARNINGS) == {c for c in ProblemCode if c.severity is Severity.WARNING}
    assert not set(ERRORS) & set(WARNINGS)


@pytest.mark.parametrize("code", sorted(ERRORS))
def test_each_error_code(code):
    text, state, who = ERRORS[code]
    result = parse(text, state, who)
    assert code in codes(result), result.errors
    assert result.orders is None and result.echo == ""
    problem = next(p for p in result.errors if p.code == code)
    assert english(problem.message) and problem.line >= 1
    assert all(p.code.severity is Severity.ERROR for p in result.errors)
    assert all(p.code.severity is Severity.WARNING for p in result.warnings)


@pytest.mark.parametrize("code", sorted(WARNINGS))
def test_each_warning_code(code):
    text, state, who = WARNINGS[code]
    result = parse(text, state, who)
    assert result.errors == () and result.orders is not None
    assert code in warnings(result)
    assert all(p.code.severity is Severity.WARNING for p in result.warnings)


def test_every_problem_is_reported_at_once():
    text = "M C5, M CV4\nX, H stuff\nM CV1 (Wings)\nblock: sometimes\nP AV2"
    result = parse(text)
    assert result.orders is None
    found = [(p.code, p.line, p.phase, p.text) for p in result.errors]
    assert found == [
        ("ambiguous", 1, 1, "M C5"),
        ("no-road", 1, 2, "M CV4"),
        ("unknown-activity", 2, 3, "X"),
        ("unexpected-target", 2, 4, "H stuff"),
        ("unknown-source", 3, 5, "M CV1 (Wings)"),
        ("bad-instruction", 4, None, "block: sometimes"),
        ("not-enhanced", 5, 6, "P AV2"),
    ]
    assert all(english(p.hint) for p in result.errors)


def test_the_echo_is_canonical_with_notes():
    result = accepted("m av2 ,h,  M Av5 (STAMINA),s locate\n*r")
    assert result.echo == "M AV2, H, M AV5 (Stamina), *S Locate, *R"
    again = accepted(result.echo)
    assert again.orders == result.orders


# --- hostile input ---------------------------------------------------------------------------


def test_orders_for_someone_not_in_the_game_are_refused_not_raised():
    """The parser answers every caller, even one naming a character who is not playing, with a
    problem; the engine refuses such orders with the same code."""
    result = parse_orders("M CV1", fresh(7, ["Amazon"]), "Elf")
    assert result.orders is None
    assert [p.code for p in result.errors] == ["not-in-game"]
    assert "'Elf' is not in this game" in english(result.errors[0].message)


def test_a_very_long_message_is_refused_without_reading_it():
    result = parse("H, " * (MAX_CHARS // 3 + 10))
    assert codes(result) == ["too-long"]
    assert len(result.errors[0].text) <= 60


def test_a_message_of_many_lines_is_refused():
    result = parse("block: all\n" * 100)
    assert codes(result) == ["too-long"]


def test_mentions_and_markdown_are_quoted_safely():
    result = parse("<@123456789> **M CV5**\nF @everyone\n`M AV2`\n> H")
    assert codes(result)[:1] == ["unknown-activity"]
    assert "'<@123456789> **M CV5**'" in english(result.errors[0].message)
    absent = next(p for p in result.errors if p.code == "follow-absent")
    assert "'@everyone'" in english(absent.message)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text_parses_without_raising(text):
    result = parse_orders(text, game(), "Amazon")
    assert (result.orders is None) == bool(result.errors)


ALPHABET = st.sampled_from(["M", "AV2", "AV5", "MW5", "*", "(", ")", ",", "\n", " ", "H", "pony"])


@settings(max_examples=150, deadline=None)
@given(st.lists(ALPHABET, max_size=30).map("".join))
def test_order_like_text_parses_without_raising(text):
    state = give(game(), "Amazon", "Pony M3/M4")
    result = parse_orders(text, state, "Amazon")
    if result.orders is not None:
        assert parse_orders(result.echo, state, "Amazon").orders == result.orders


# --- legal_activities --------------------------------------------------------------------------


def _states() -> list[tuple[GameState, str]]:
    rich = give(game(), "Amazon", "Crystal Ball", "Ancient Telescope", "Flying Carpet")
    rich.options["caching"] = True
    return [
        (game(), "Amazon"),
        (game(Amazon="L4"), "Amazon"),
        (game(Amazon="M2"), "Amazon"),
        (game(Amazon="BL6"), "Amazon"),
        (rich, "Amazon"),
        (game(), "Magician"),
        (game(), "Dwarf"),
        (game(Wizard="L4"), "Wizard"),
    ]


@pytest.mark.parametrize("index", range(len(_states())))
def test_every_legal_activity_recorded_alone_parses(index):
    """legal_activities agrees with the parser: each activity it lists for phase 1, recorded
    alone, parses without error."""
    state, who = _states()[index]
    listed = legal_activities(state, who, 1)
    assert listed
    for activity in listed:
        result = parse_orders(str(activity), state, who)
        assert result.errors == (), (str(activity), result.errors)
        assert result.orders is not None
        if activity.kind is K.FOLLOW:
            assert result.orders.follow == activity.target
        else:
            (phase,) = result.orders.phases
            assert (phase.kind, phase.target) == (activity.kind, activity.target)


def test_legal_moves_are_the_roads_he_may_use_now():
    listed = legal_activities(game(Amazon="L4"), "Amazon", 1)
    assert [a.target for a in listed if a.kind is K.MOVE] == ["CS5", "L1"]  # not the hidden L6
    assert [a.target for a in listed if a.kind is K.FOLLOW] == []
    at_inn = legal_activities(game(), "Amazon", 1)
    assert [a.target for a in at_inn if a.kind is K.FOLLOW] == [
        "Black Knight",
        "Captain",
        "Dwarf",
        "Magician",
        "Wizard",
    ]
    assert not any(a.kind in (K.PEER, K.FLY, K.REMOTE_ENCHANT, K.CACHE) for a in at_inn)


def test_legal_activities_follow_the_earlier_phases():
    earlier = [Activity(kind=K.MOVE, target="AV2")]
    listed = legal_activities(game(), "Amazon", 2, earlier=earlier)
    assert [a.target for a in listed if a.kind is K.MOVE] == ["AV5", "Edge"]
    assert not any(a.kind is K.FOLLOW for a in listed)
    follow = [Activity(kind=K.FOLLOW, target="Dwarf")]
    assert legal_activities(game(), "Amazon", 2, earlier=follow) == []
    with pytest.raises(ValueError):
        legal_activities(game(), "Amazon", 3, earlier=earlier)


def test_legal_options_follow_his_plan_phase_by_phase():
    """LegalOptions carries where he stands from phase to phase: a climb into a mountain moves
    him with its second Move only, which is all the phase after the first may be (7.3.1c.1),
    Follow is offered on phase 1 only, and each phase's options are legal_activities' with the
    phases before it. The plan so built parses."""
    state = game(Amazon="M2")
    legal = LegalOptions(state, "Amazon")
    plan: list[Activity] = []

    def moves() -> list[str | None]:
        options = legal.options()
        assert options == legal_activities(state, "Amazon", legal.phase, earlier=plan)
        return [a.target for a in options if a.kind is K.MOVE]

    def record(activity: Activity) -> None:
        assert legal.allows(activity)
        legal.record(activity)
        plan.append(activity)

    from_m2 = moves()
    assert "M5" in from_m2
    climb = Activity(kind=K.MOVE, target="M5")
    record(climb)
    assert legal.options() == [climb]  # the first Move of a climb leaves him in M2, to climb on
    assert legal.path.here == "M2"
    record(climb)
    assert "M2" in moves() and "M5" not in moves()
    assert not any(a.kind is K.FOLLOW for a in legal.options())
    record(Activity(kind=K.HIDE))
    assert legal.phase == 4
    assert parse_orders(", ".join(map(str, plan)), state, "Amazon").errors == ()


def test_legal_options_off_a_roadway_and_after_a_follow():
    """On a roadway after running away his first phase is a Move to one of its ends, and the
    next starts there (8.3.8d.1); after a Follow nothing more may be recorded (6.2.7)."""
    state = game()
    state.put("Amazon", Place.road("AV5", "AV2"))
    legal = LegalOptions(state, "Amazon")
    assert [str(a) for a in legal.options()] == ["M AV2", "M AV5"]
    legal.record(Activity(kind=K.MOVE, target="AV2"))
    assert [a.target for a in legal.options() if a.kind is K.MOVE] == ["AV5", "Edge"]
    following = LegalOptions(game(), "Amazon")
    assert following.allows(Activity(kind=K.FOLLOW, target="Dwarf"))
    following.record(Activity(kind=K.FOLLOW, target="Dwarf"))
    assert following.options() == [] and not following.allows(Activity(kind=K.HIDE))


def test_telescope_peers_are_listed_with_their_source():
    """The Ancient Telescope's extra phase peers into a mountain clearing, from a mountain
    clearing: begun elsewhere it is cancelled (L4278, 6.2.4b), so it is offered only there."""
    state = give(game(Amazon="M5"), "Amazon", "Ancient Telescope")
    peers = [a for a in legal_activities(state, "Amazon", 1) if a.kind is K.PEER]
    assert peers and all(a.source == "Ancient Telescope" for a in peers)
    assert {a.target for a in peers} >= {"M6", "HP1", "CG1"}
    assert SUNLIGHT not in {a.source for a in peers}
    away = give(game(), "Amazon", "Ancient Telescope")
    assert not any(a.kind is K.PEER for a in legal_activities(away, "Amazon", 1))
