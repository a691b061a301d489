"""Phase entitlement and the source of each phase (6.2.2–6.2.4 L1503–1520; 7.3.1c–d, 7.3.2b).

The map of seed 7: every character starts at the Inn in AV5 (woods); AV5–AV2 and AV5–MW5 are
open roads; MW5–BL1–BL6 lead into the Borderland's caves; M2 (woods) is next to the mountain
clearings M5 and M6.
"""

from __future__ import annotations

import pytest

from bot.event_text import english
from rules.catalog import catalog
from rules.orders.entitlement import Entitlement, entitlement
from rules.orders.model import BASIC, SUNLIGHT, ActivityKind
from rules.orders.source_names import match_source
from rules.orders.sources import PlannedPhase, assign_sources
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

K = ActivityKind
CAST: tuple[str, ...] = (
    "Amazon",
    "Berserker",
    "Black Knight",
    "Captain",
    "Dwarf",
    "Elf",
    "Magician",
)
CAST += ("Sorcerer", "White Knight")
WOODS = frozenset({"woods"})
INN = frozenset({"woods", "dwelling"})
CAVE = frozenset({"cave"})


def game(**places: str) -> GameState:
    """A copy of the seed-7 game with characters moved: ``game(Amazon="BL6")``."""
    return fresh(7, CAST, **places)


def give(state: GameState, who: str, item: str, *, active: bool = True) -> GameState:
    state.put(item, Place.owner(who))
    state.characters[who].items[item] = ItemState(active=active)
    return state


def ent(state: GameState, who: str, **kw: tuple[str, ...]) -> Entitlement:
    return entitlement(catalog(), state, who, **kw)


def plan(*kinds: ActivityKind, places: frozenset[str] = WOODS) -> list[PlannedPhase]:
    return [PlannedPhase(k, places=places) for k in kinds]


def test_the_map_is_the_one_these_tests_assume():
    state = game()
    assert {state.place_of(name) for name in CAST} == {"at:AV5"}
    assert "Inn" in state.at("at:AV5")


# --- entitlement (6.2.2) --------------------------------------------------------------------


def test_two_basic_and_two_sunlight_phases_outside_the_caves():
    """6.2.2a–b L1503–1504: 2 Basic + 2 Sunlight; the Black Knight has no extras."""
    e = ent(game(), "Black Knight")
    assert (e.basic, e.sunlight, e.extras, e.total) == (2, 2, (), 4)
    assert english(e.describe()) == "4 phases today: 2 basic, 2 sunlight"


def test_amazon_gets_an_extra_move_outside_and_inside_the_caves():
    """Example 19, L1505: 4 activities + 1 Move outside caves; 2 + 1 in the caves."""
    outside = ent(game(), "Amazon")
    assert outside.total == 5
    assert [(x.name, set(x.activities)) for x in outside.extras] == [("Stamina", {K.MOVE})]
    inside = ent(game(Amazon="BL6"), "Amazon")
    assert (inside.basic, inside.sunlight, inside.total) == (2, 0, 3)
    assert "start the day in a cave" in english(inside.no_sunlight)
    entering = ent(game(), "Amazon", cave_moves=("BL6",))
    assert entering.total == 3
    assert "BL6" in english(entering.no_sunlight)


def test_amazon_on_a_workhorse_gets_six_phases():
    """Example 20, L1508 (6.2.2c.3): 2 basic + 2 sunlight + her Move + the horse's Move."""
    state = give(game(), "Amazon", "Workhorse H6/T8")
    e = ent(state, "Amazon")
    assert e.total == 6
    assert [x.name for x in e.extras] == ["Stamina", "Workhorse H6/T8"]


def test_horses_give_nothing_inactive_in_a_cave_or_as_warhorses():
    """6.2.2c.1 L1506 (active at Birdsong; none in a cave); 7.3.2b.1 L1694 (warhorse)."""
    inactive = give(game(), "Black Knight", "Workhorse H6/T8", active=False)
    assert ent(inactive, "Black Knight").total == 4
    assert "not active" in english(
        dict(ent(inactive, "Black Knight").unavailable)["Workhorse H6/T8"]
    )
    in_cave = give(game(Black_Knight="BL6"), "Black Knight", "Workhorse H6/T8")
    assert ent(in_cave, "Black Knight").total == 2
    assert "cave" in english(dict(ent(in_cave, "Black Knight").unavailable)["Workhorse H6/T8"])
    warhorse = give(game(), "Black Knight", "Warhorse T5/T7")
    assert ent(warhorse, "Black Knight").extras == ()


def test_a_pony_gives_moves_that_follow_other_moves():
    """7.3.2b.3 L1698: a pony doubles the Moves."""
    e = ent(give(game(), "Black Knight", "Pony M3/M4"), "Black Knight")
    (pony,) = e.extras
    assert pony.pony and pony.activities == {K.MOVE}
    assert e.total == 4  # pony Moves depend on the other Moves
    assert "after each other Move" in english(e.describe())


def test_the_dwarf_never_has_sunlight_phases():
    """Short Legs L3713 (6.2.2b L1504): only the Basic phases, plus extras."""
    e = ent(game(), "Dwarf")
    assert (e.basic, e.sunlight, e.total) == (2, 0, 2)
    assert "Short Legs" in english(e.no_sunlight)
    pony = ent(give(game(), "Dwarf", "Pony M3/M4"), "Dwarf")
    assert [x.name for x in pony.extras] == ["Pony M3/M4"]


@pytest.mark.parametrize(
    ("who", "source", "activities", "where"),
    [
        ("Berserker", "Robust", {K.REST}, "anywhere"),  # L3589
        ("White Knight", "Health", {K.REST}, "anywhere"),  # L3893
        ("Elf", "Elusiveness", {K.HIDE}, "anywhere"),  # L3740
        ("Magician", "Magical Paraphernalia", {K.ALERT}, "anywhere"),  # L3767
        ("Sorcerer", "Aura of Power", {K.ENCHANT, K.ENCHANT_FIRST, K.REMOTE_ENCHANT}, "anywhere"),
        ("Captain", "Reputation", None, "dwelling"),  # L3653
    ],
)
def test_special_advantages_give_their_extra_phase(who, source, activities, where):
    (extra,) = ent(game(), who).extras
    assert (extra.name, extra.where, extra.kind) == (source, where, "advantage")
    if activities is None:
        assert extra.flexible and K.PEER not in extra.activities and K.MOVE in extra.activities
    else:
        assert extra.activities == activities


def test_birdsong_cards_give_extra_phases_only_when_active():
    """L4276–4292 and 6.2.2c.1: the card must be active at Birdsong."""
    state = give(game(), "Black Knight", "Shielded Lantern")
    give(state, "Black Knight", "Cloak of Mist", active=False)
    e = ent(state, "Black Knight")
    (lantern,) = e.extras
    assert (lantern.name, lantern.where, lantern.flexible) == ("Shielded Lantern", "cave", True)
    assert "not active" in english(dict(e.unavailable)["Cloak of Mist"])


def test_enhanced_activities_need_a_source():
    """6.2.1a–b L1497–1498; Crystal Ball L4274; Ancient Telescope L4280; Flying Carpet."""
    plain = ent(game(), "Black Knight")
    assert not any(plain.can_record(k) for k in (K.PEER, K.FLY, K.REMOTE_ENCHANT))
    state = give(game(), "Black Knight", "Crystal Ball")
    give(state, "Black Knight", "Ancient Telescope")
    give(state, "Black Knight", "Flying Carpet")
    e = ent(state, "Black Knight")
    assert e.enablers_of(K.PEER) == ("Crystal Ball",)
    assert e.enablers_of(K.REMOTE_ENCHANT) == ("Crystal Ball",)
    assert e.enablers_of(K.FLY) == ("Flying Carpet",)
    (telescope,) = e.extras
    assert telescope.enables == {K.PEER} and telescope.where == "mountain"


# --- naming a source ------------------------------------------------------------------------


def test_sources_are_named_case_insensitively_by_prefix_or_horse_kind():
    state = give(game(), "Amazon", "Pony M3/M4")
    e = ent(state, "Amazon")
    assert match_source(e, "stamina") == ("Stamina", None)
    assert match_source(e, "STAM") == ("Stamina", None)
    assert match_source(e, "pony") == ("Pony M3/M4", None)
    assert match_source(e, "Sunlight") == (SUNLIGHT, None)
    assert match_source(e, "basic") == (BASIC, None)
    assert match_source(e, "Wings")[1].code == "unknown-source"  # type: ignore[union-attr]
    assert match_source(e, "Aim")[1].code == "source-inactive"  # type: ignore[union-attr]


# --- assigning sources (6.2.4) ---------------------------------------------------------------


def test_basic_phases_come_first_then_sunlight():
    """7.3.1c.2 L1659: the 3rd generic phase is a Sunlight phase."""
    result = assign_sources(ent(game(), "Black Knight"), plan(K.MOVE, K.MOVE, K.MOVE, K.HIDE))
    assert result.sources == (BASIC, BASIC, SUNLIGHT, SUNLIGHT)
    assert result.notes == ()


def test_too_many_phases_says_how_many_he_has():
    result = assign_sources(ent(game(), "Black Knight"), plan(*[K.HIDE] * 5))
    (error,) = result.errors
    assert error.code == "too-many-phases"
    assert english(error.message) == "you have 4 phases today: 2 basic, 2 sunlight; you recorded 5"


def test_an_extra_is_used_before_a_sunlight_phase():
    """Never spend a Sunlight phase where an extra fits: M H M S uses Stamina, 1 Sunlight."""
    result = assign_sources(ent(game(), "Amazon"), plan(K.MOVE, K.HIDE, K.MOVE, K.SEARCH))
    assert result.sources == (BASIC, BASIC, "Stamina", SUNLIGHT)
    assert english(result.notes[0]) == "phase 3 is your Stamina Move"
    assert "other assignments" in english(result.notes[-1])  # Stamina could pay for phase 1 too


def test_a_single_legal_assignment_is_inferred_without_a_choice_note():
    result = assign_sources(ent(game(), "Magician"), plan(K.HIDE, K.HIDE, K.HIDE, K.HIDE, K.ALERT))
    assert result.sources == (BASIC, BASIC, SUNLIGHT, SUNLIGHT, "Magical Paraphernalia")
    assert [english(n) for n in result.notes] == ["phase 5 is your Magical Paraphernalia Alert"]


def test_the_magicians_extra_phase_is_only_for_alert():
    """Example 21, L1511 (6.2.4a)."""
    e = ent(game(), "Magician")
    result = assign_sources(e, plan(*[K.HIDE] * 5))
    assert [x.code for x in result.errors] == ["extra-activity"]
    named = assign_sources(e, [PlannedPhase(K.HIDE, "Magical Paraphernalia")])
    assert [x.code for x in named.errors] == ["source-activity"]


def test_an_activity_specific_extra_is_preferred_to_a_flexible_one():
    """The Captain with 7-League Boots at the Inn: H, M, M takes the Boots for a Move and keeps
    Reputation (any activity at a dwelling) unused."""
    e = ent(give(game(), "Captain", "7-League Boots"), "Captain")
    phases = [
        PlannedPhase(K.HIDE, places=INN),
        PlannedPhase(K.MOVE, places=INN),
        PlannedPhase(K.MOVE, places=WOODS),
    ]
    assert assign_sources(e, phases).sources == (BASIC, BASIC, "7-League Boots")


def test_captain_reputation_is_placed_where_he_starts_at_a_dwelling():
    """Example 28, L1660 (7.3.1d): the dwelling phase can leave a dwelling, not enter one."""
    e = ent(game(), "Captain")
    leaving = [PlannedPhase(K.MOVE, places=p) for p in (WOODS, INN, WOODS, INN, WOODS)]
    result = assign_sources(e, leaving)
    assert result.sources is not None and result.warnings == ()
    assert result.sources.index("Reputation") in (1, 3)
    entering = [PlannedPhase(K.MOVE, "Reputation", places=WOODS)]
    warned = assign_sources(e, entering)
    assert warned.sources == ("Reputation",)
    assert [w.code for w in warned.warnings] == ["unusable-extra"]
    assert "dwelling" in english(warned.warnings[0].message)


def test_the_shielded_lantern_phase_may_be_recorded_outside_a_cave():
    """Example 22, L1514 (6.2.4b): recorded anywhere, it must start in a cave."""
    e = ent(give(game(), "Black Knight", "Shielded Lantern"), "Black Knight")
    in_cave = [
        PlannedPhase(K.MOVE, places=WOODS),
        PlannedPhase(K.MOVE, places=WOODS),
        PlannedPhase(K.MOVE, places=WOODS),
        PlannedPhase(K.HIDE, places=CAVE),
    ]
    assert assign_sources(e, in_cave).sources == (BASIC, BASIC, SUNLIGHT, "Shielded Lantern")
    # The Move into the cave costs the Sunlight phases: 2 basic + the Lantern.
    state = give(game(), "Black Knight", "Shielded Lantern")
    no_sun = ent(state, "Black Knight", cave_moves=("BL6",))
    result = assign_sources(no_sun, in_cave[1:])
    assert result.sources == (BASIC, BASIC, "Shielded Lantern") and result.warnings == ()
    outside = assign_sources(no_sun, plan(K.HIDE, K.HIDE, K.HIDE))
    assert outside.sources == (BASIC, BASIC, "Shielded Lantern")
    assert [w.code for w in outside.warnings] == ["unusable-extra"]


def test_pony_moves_alternate_with_other_moves():
    """Example 23, L1516 (6.2.4c): own Move, another activity, pony Move is legal; a second
    pony Move without a Move between is not; the pony never gives the first Move."""
    e = ent(give(game(), "Amazon", "Pony M3/M4"), "Amazon")
    legal = [
        PlannedPhase(K.MOVE, "Stamina"),
        PlannedPhase(K.HIDE),
        PlannedPhase(K.MOVE, "Pony M3/M4"),
    ]
    assert assign_sources(e, legal).sources == ("Stamina", BASIC, "Pony M3/M4")
    twice = [*legal, PlannedPhase(K.MOVE, "Pony M3/M4")]
    assert [(x.code, x.phase) for x in assign_sources(e, twice).errors] == [("pony", 4)]
    first = [PlannedPhase(K.MOVE, "Pony M3/M4")]
    assert [(x.code, x.phase) for x in assign_sources(e, first).errors] == [("pony", 1)]


def test_inferred_pony_moves_alternate_and_their_limit_is_reported():
    """The Dwarf on a pony: 2 basic Moves, each followed by a pony Move; a 5th Move is one too
    many; M, M, H, M fails because the Hide takes his second basic phase."""
    e = ent(give(game(), "Dwarf", "Pony M3/M4"), "Dwarf")
    four = assign_sources(e, plan(*[K.MOVE] * 4))
    assert four.sources == (BASIC, "Pony M3/M4", BASIC, "Pony M3/M4")
    five = assign_sources(e, plan(*[K.MOVE] * 5))
    assert [x.code for x in five.errors] == ["too-many-phases"]
    assert "besides your pony Moves" in english(five.errors[0].hint)
    hide = assign_sources(e, plan(K.MOVE, K.MOVE, K.HIDE, K.MOVE))
    assert [x.code for x in hide.errors] == ["pony"]
    assert "at most 2 pony Moves" in english(hide.errors[0].message)


def test_a_horse_move_is_not_planned_after_entering_a_cave():
    """Example 31, L1692 (7.3.2a.1, b): the horse is deactivated in the cave, so its Move goes
    before; named after it, the phase is warned about."""
    e = ent(give(game(), "Amazon", "Workhorse H6/T8"), "Amazon", cave_moves=("BL6",))
    ready = [True, True, False, False]
    places = [WOODS, WOODS, CAVE, WOODS]
    phases = [
        PlannedPhase(K.MOVE, places=p, horse_ready=r) for p, r in zip(places, ready, strict=True)
    ]
    result = assign_sources(e, phases)
    assert result.sources is not None and result.warnings == ()
    assert result.sources.index("Workhorse H6/T8") < 2
    named = [*phases[:3], PlannedPhase(K.MOVE, "Workhorse H6/T8", WOODS, horse_ready=False)]
    assert [w.code for w in assign_sources(e, named).warnings] == ["unusable-extra"]


def test_black_knight_cannot_enter_a_cave_in_his_third_phase():
    """Example 27, L1659 (7.3.1c.2): two Basic Moves through the woods, then a cave: the 3rd
    phase would be a Sunlight phase."""
    e = ent(game(), "Black Knight", cave_moves=("BL6",))
    result = assign_sources(e, plan(K.MOVE, K.MOVE, K.MOVE))
    (error,) = result.errors
    assert (error.code, error.phase) == ("sunlight-cave", 3)
    assert "7.3.1c.2" in english(error.message)


def test_a_sunlight_mark_needs_a_sunlight_phase():
    dwarf = assign_sources(ent(game(), "Dwarf"), [PlannedPhase(K.HIDE, SUNLIGHT)])
    assert [x.code for x in dwarf.errors] == ["no-sunlight"]
    cave = assign_sources(ent(game(Amazon="BL6"), "Amazon"), [PlannedPhase(K.HIDE, SUNLIGHT)])
    assert [x.code for x in cave.errors] == ["sunlight-cave"]
    fine = assign_sources(ent(game(), "Amazon"), [PlannedPhase(K.HIDE, SUNLIGHT)])
    assert fine.sources == (SUNLIGHT,)


def test_enhanced_activities_without_a_source_are_errors():
    result = assign_sources(ent(game(), "Amazon"), plan(K.PEER))
    assert [x.code for x in result.errors] == ["not-enhanced"]


def test_the_telescope_phase_peers_only_into_a_mountain_clearing():
    """Ancient Telescope L4280: he records the mountain clearing he will search."""
    e = ent(give(game(), "Black Knight", "Ancient Telescope"), "Black Knight")
    mountain = frozenset({"mountain"})
    ok = assign_sources(e, [PlannedPhase(K.PEER, places=mountain, target_places=mountain)])
    assert ok.sources == ("Ancient Telescope",)
    woods = assign_sources(e, [PlannedPhase(K.PEER, places=mountain, target_places=WOODS)])
    assert [x.code for x in woods.errors] == ["bad-target"]
