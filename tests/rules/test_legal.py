"""What may be recorded in a phase (:class:`rules.orders.legal.LegalOptions`) is what the order
parser accepts with no problem (issue 30, part 3): the phases his sources pay for (6.2.2, 6.2.4),
a climb into a mountain clearing whole (7.3.1c.1), a Fly from the tile flown to (7.3.3a.2), only
Rest with every chit down (9.1.1c). The proof over drawn games is tests/proofs/test_legality.py.

The map of seed 7 (see test_parse.py): everyone starts at the Inn in AV5, whose roads lead to
AV2 and MW5; MW5–BL1–BL6 lead into the caves; M2 (woods) is next to M4 (woods), CV5 (woods) and
the mountain clearing M5.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.catalog import catalog
from rules.day.engine import resolve
from rules.orders.entitlement import entitlement
from rules.orders.legal import LegalOptions, legal_activities
from rules.orders.model import SUNLIGHT, Activity, ActivityKind
from rules.orders.parse import parse_orders
from rules.orders.sources import PlannedPhase, assign_sources, payable
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

K = ActivityKind
CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")
HIDE = Activity(kind=K.HIDE)


def game(**places: str) -> GameState:
    return fresh(7, CAST, **places)


def give(state: GameState, who: str, *items: str) -> GameState:
    for item in items:
        state.put(item, Place.owner(who))
        state.characters[who].items[item] = ItemState(active=True)
    return state


def after(state: GameState, who: str, *day: Activity) -> LegalOptions:
    """His options once ``day`` is recorded, each phase of it legal."""
    legal = LegalOptions(state, who)
    for activity in day:
        assert legal.allows(activity), activity
        legal.record(activity)
    return legal


def move(goal: str) -> Activity:
    return Activity(kind=K.MOVE, target=goal)


def test_an_extra_phase_is_offered_only_for_what_it_pays_for() -> None:
    """6.2.4a L1511: the Amazon's fifth phase is her extra Move (or blank): after four Hides
    nothing else is offered, and a fifth Hide is refused as the parser refuses it."""
    legal = after(game(), "Amazon", HIDE, HIDE, HIDE, HIDE)
    assert {a.kind for a in legal.options()} == {K.MOVE, K.BLANK}
    assert not legal.allows(HIDE)
    assert parse_orders("H, H, H, H, H", game(), "Amazon").errors[0].code == "extra-activity"
    assert legal.allows(move("AV2"))


def test_nothing_is_offered_beyond_the_phases_he_has() -> None:
    """6.2.2b: the Dwarf has his two Basic phases only (Short Legs, L3711)."""
    legal = after(game(), "Dwarf", HIDE, HIDE)
    assert legal.options() == [] and legal.complete
    assert not legal.allows(Activity(kind=K.BLANK))


def test_a_move_into_a_cave_is_offered_only_while_his_basic_phases_pay_for_the_day() -> None:
    """6.2.2b: a Move into a cave clearing costs his Sunlight phases; the Black Knight's third
    phase may be a Move into BL6 only if the day has no more than his two Basic phases."""
    legal = after(game(), "Black Knight", move("MW5"), move("BL1"))
    assert move("BL6") not in legal.options() and not legal.allows(move("BL6"))
    assert legal.allows(HIDE)
    parsed = parse_orders("M MW5, M BL1, M BL6", game(), "Black Knight")
    assert [p.code for p in parsed.errors] == ["sunlight-cave"]


def test_a_climb_is_offered_only_with_a_phase_left_for_its_second_move() -> None:
    """7.3.1c.1 L1655: two Moves in a row enter a mountain clearing; with one phase left, the
    first is not offered (a lone climb is a warning), and after it only the second is."""
    last = after(game(Black_Knight="M2"), "Black Knight", HIDE, HIDE, HIDE)
    moves = [a.target for a in last.options() if a.kind is K.MOVE]
    assert moves == ["CV5", "M4"]
    two_left = after(game(Black_Knight="M2"), "Black Knight", HIDE, HIDE)
    assert move("M5") in two_left.options()
    two_left.record(move("M5"))
    assert two_left.options() == [move("M5")] and not two_left.complete
    two_left.record(move("M5"))
    assert two_left.complete and two_left.options() == []


def worn_out_on(a: str, b: str) -> GameState:
    """The Amazon on the roadway between ``a`` and ``b`` (having run away), every chit
    fatigued."""
    state = game()
    state.put("Amazon", Place.road(a, b))
    for chit in state.characters["Amazon"].chits:
        chit.status = "fatigued"
    return state


def test_on_a_roadway_with_every_chit_down_he_moves_off_it_then_only_rests() -> None:
    """8.3.8d.1 over 9.1.1c (the reading at ``Path.leaving_road``): his first phase is a Move
    to an end of the roadway, which the Move chit he ran with paid for; after it only Rest."""
    state = worn_out_on("AV5", "AV2")
    legal = LegalOptions(state, "Amazon")
    assert legal.options() == [move("AV2"), move("AV5")]
    legal.record(move("AV2"))
    assert [a.kind for a in legal.options()] == [K.REST, K.BLANK] and legal.complete
    for text in ("M AV2", "M AV2, R, R", "M AV5"):
        assert not parse_orders(text, state, "Amazon").errors, text
    for text, code, phase in (
        ("R", "on-roadway", 1),
        ("-", "on-roadway", 1),
        ("M AV2, M AV5", "only-rest", 2),
        ("M AV2, H", "only-rest", 2),
    ):
        errors = parse_orders(text, state, "Amazon").errors
        assert [(e.code, e.phase) for e in errors] == [(code, phase)], text


def test_the_day_takes_him_off_the_roadway_every_chit_down_and_he_rests() -> None:
    """8.3.8d.1 played: his Move takes him to the end he names, and his Rest then rests a chit
    (7.8.2) — the day 9.1.1c alone would have denied him."""
    state = worn_out_on("AV5", "AV2")
    result = parse_orders("M AV2, R", state, "Amazon")
    assert result.errors == () and result.orders is not None
    after = resolve(state, {"Amazon": result.orders}, until="daylight").state
    assert after.clearing_of("Amazon") == "AV2" and after.road_of("Amazon") is None
    statuses = [c.status for c in after.characters["Amazon"].chits]
    assert statuses.count("active") == 1


def test_off_a_roadway_into_a_mountain_with_every_chit_down_he_climbs_with_two_moves() -> None:
    """8.3.8d.1: "if he moves to a mountain clearing he must use two Move phases" — both are
    his, every chit down or not; a third is not."""
    state = worn_out_on("M2", "M5")
    legal = LegalOptions(state, "Amazon")
    legal.record(move("M5"))
    assert legal.options() == [move("M5")] and not legal.complete
    legal.record(move("M5"))
    assert [a.kind for a in legal.options()] == [K.REST, K.BLANK] and legal.complete
    assert not parse_orders("M M5, M M5, R", state, "Amazon").errors
    errors = parse_orders("M M5, M M5, M M2", state, "Amazon").errors
    assert [(e.code, e.phase) for e in errors] == [("only-rest", 3)]
    orders = parse_orders("M M5, M M5", state, "Amazon").orders
    assert orders is not None
    after = resolve(state, {"Amazon": orders}, until="daylight").state
    assert after.clearing_of("Amazon") == "M5"


def test_a_fly_after_a_fly_is_offered_from_the_tile_flown_to() -> None:
    """7.3.3a.2, b: between Fly phases he stays in the tile he flew to."""
    legal = after(
        give(game(), "Amazon", "Flying Carpet"), "Amazon", Activity(kind=K.FLY, target="MW")
    )
    flights = [a.target for a in legal.options() if a.kind is K.FLY]
    assert flights == ["MW", "BL", "AV", "OW", "DW", "L"]
    assert not any(a.kind is K.MOVE for a in legal.options())  # he lands at random (7.3.3b.1)


def test_what_the_parser_accepts_beyond_the_list_is_allowed() -> None:
    """The options are a menu; :meth:`allows` accepts every phase the parser does: the weapon
    named for an Alert (7.9.2), a Search's place (7.5.3), an Enchant with a Magic chit to be
    rested first (6.2.4e) once he has meditated (7.10.1: before, an E is the meditation, which
    the parser warns of)."""
    state = game()
    state.characters["Magician"].chits[4].status = "fatigued"  # MAGIC II3*
    legal = LegalOptions(state, "Magician")
    wider = [
        Activity(kind=K.ALERT, target="weapon"),
        Activity(kind=K.SEARCH, target="Peer CV5"),
        Activity(kind=K.SEARCH, target="Loot pile"),
    ]
    for activity in wider:
        assert activity not in legal.options()
        assert legal.allows(activity), activity
        assert parse_orders(str(activity), state, "Magician").errors == ()
    assert not legal.allows(Activity(kind=K.ALERT, target="Weapon"))  # not as the parser writes it
    enchant = Activity(kind=K.ENCHANT, target="MAGIC II3*")
    assert not legal.allows(enchant)
    assert parse_orders(str(enchant), state, "Magician").warnings != ()
    legal.record(Activity(kind=K.ENCHANT_FIRST))
    assert enchant not in legal.options()
    assert legal.allows(enchant)
    result = parse_orders(f"EM, {enchant}", state, "Magician")
    assert (result.errors, result.warnings) == ((), ())


def test_a_named_source_is_judged_as_the_parser_judges_it() -> None:
    """6.2.4d: a phase may name its source; one he does not have, or one for another activity,
    is refused, and so is a Sunlight phase for the Dwarf (6.2.2b)."""
    legal = LegalOptions(game(), "Amazon")
    assert legal.allows(move("AV2").model_copy(update={"source": "Stamina"}))
    assert not legal.allows(HIDE.model_copy(update={"source": "Stamina"}))
    assert not legal.allows(HIDE.model_copy(update={"source": "Nothing"}))
    assert legal.allows(HIDE.model_copy(update={"source": SUNLIGHT}))
    assert not LegalOptions(game(), "Dwarf").allows(HIDE.model_copy(update={"source": SUNLIGHT}))


def test_a_turn_under_way_is_judged_phase_by_phase_without_its_sources() -> None:
    """A phase of a turn under way (the Timeless Jewel, L4315) is already paid for: the Dwarf's
    third phase, which he could not record at Birdsong, offers what he may do now."""
    kinds = {a.kind for a in legal_activities(game(), "Dwarf", 3)}
    assert {K.MOVE, K.HIDE, K.REST, K.BLANK} <= kinds


def test_nothing_is_allowed_after_a_phase_that_is_not() -> None:
    legal = LegalOptions(game(), "Amazon")
    legal.record(move("NW2"))  # no road from AV5
    assert not legal.allows(HIDE) and legal.options() == [] and not legal.complete


PHASES = st.builds(
    PlannedPhase,
    st.sampled_from(list(K)),
    st.sampled_from([None, None, None, SUNLIGHT, "Stamina", "Pony M3/M4", "Shielded Lantern"]),
    st.sampled_from([None, frozenset({"woods"}), frozenset({"cave"}), frozenset({"mountain"})]),
    st.sampled_from([None, frozenset({"woods"}), frozenset({"mountain"})]),
    st.booleans(),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    who=st.sampled_from(CAST),
    items=st.lists(
        st.sampled_from(["Pony M3/M4", "Shielded Lantern", "Ancient Telescope", "Crystal Ball"]),
        unique=True,
    ),
    dark=st.booleans(),
    phases=st.lists(PHASES, max_size=7),
)
def test_payable_is_assign_sources_with_no_problem(
    who: str, items: list[str], dark: bool, phases: list[PlannedPhase]
) -> None:
    """:func:`payable`'s shortcut (Basic and Sunlight phases pay for the whole day) gives what
    :func:`assign_sources` gives."""
    state = give(game(), who, *items)
    ent = entitlement(catalog(), state, who, cave_moves=("BL6",) if dark else ())
    result = assign_sources(ent, phases)
    assert payable(ent, phases) == (not result.errors and not result.warnings)


def test_in_the_forest_his_first_phase_is_a_move_to_a_clearing_it_lets_him_reach() -> None:
    """7.10.4d.2 and 8.3.8f (rules.forest): in the forest off a roadway, a Move to either of its
    clearings; in a tile's forest, to any clearing of the tile; along no roadway, and nothing
    else first."""
    state = game()
    state.put("Amazon", Place.forest("CV"))
    legal = LegalOptions(state, "Amazon")
    assert legal.options() == [move("CV1"), move("CV2"), move("CV4"), move("CV5")]
    assert not legal.allows(HIDE)
    legal.record(move("CV1"))
    assert HIDE in legal.options()
    assert not parse_orders("M CV1, H", state, "Amazon").errors
    errors = parse_orders("H, M CV1", state, "Amazon").errors
    assert [(e.code, e.phase) for e in errors][:1] == [("on-roadway", 1)]
    state.put("Amazon", Place.forest("AV5", "AV2"))
    assert LegalOptions(state, "Amazon").options() == [move("AV2"), move("AV5")]
    orders = parse_orders("M AV2", state, "Amazon").orders
    assert orders is not None
    assert resolve(state, {"Amazon": orders}, until="daylight").state.clearing_of("Amazon") == "AV2"
