"""Resolving a day (5.1, 6, 7, 8.9) with typed orders: the engine without the order parser."""

from __future__ import annotations

import pytest

from bot.event_text import english
from rules.board import Board
from rules.catalog import catalog
from rules.day.engine import OrdersError, resolve
from rules.events import Event
from rules.orders.model import SUNLIGHT, Activity, ActivityKind, Instructions, Orders, Rearrangement
from rules.schema.tiles import ClearingType, RoadType
from rules.state import GameState, ItemState, Place
from tests.rules.games import fresh

K = ActivityKind


def game(*characters: str, forced: list[list[int]] | None = None) -> GameState:
    state = fresh(7, characters)
    state.dice.forced = [list(r) for r in forced or []]
    return state


def board(state: GameState) -> Board:
    return Board(catalog(), state.tiles)


def woods_next_to(state: GameState, start: str) -> str:
    """A woods clearing one roadway from ``start`` (so that no Move there needs a climb)."""
    here = board(state)
    return next(
        c.to
        for c in here.connections(start)
        if c.to and here.clearing_type(c.to) is ClearingType.WOODS
    )


def orders(name: str, *phases: Activity, **instructions: object) -> Orders:
    return Orders(
        character=name, phases=phases, instructions=Instructions.model_validate(instructions)
    )


def m(target: str, source: str = "basic") -> Activity:
    return Activity(kind=K.MOVE, target=target, source=source)


def act(kind: ActivityKind, source: str = "basic", target: str | None = None) -> Activity:
    return Activity(kind=kind, source=source, target=target)


def of_type(events: list[Event], kind: str, **fields: object) -> list[Event]:
    return [
        e for e in events if e.type == kind and all(e.fields.get(k) == v for k, v in fields.items())
    ]


def where(state: GameState, piece: str) -> str:
    return Place.split(state.place_of(piece))[1]


def find_road(
    state: GameState,
    *,
    to: ClearingType,
    start: ClearingType | None = None,
    types: frozenset[RoadType] = frozenset({RoadType.OPEN}),
) -> tuple[str, str]:
    """A roadway of the given types from a clearing (of type ``start``) to one of type ``to``."""
    b = board(state)
    for clearing in b.clearings():
        if start is not None and b.clearing_type(clearing) is not start:
            continue
        for connection in b.connections(clearing):
            if connection.to and connection.types == types and b.clearing_type(connection.to) is to:
                return clearing, connection.to
    raise AssertionError("no such road on this map")


# --- the day as a whole -----------------------------------------------------------------------


def test_the_same_state_and_orders_give_byte_identical_results():
    state = game("Amazon", "Elf")
    start = where(state, "Amazon")
    road = next(c.to for c in board(state).connections(start) if c.to)
    day = {"Amazon": orders("Amazon", m(road), act(K.HIDE)), "Elf": orders("Elf", act(K.HIDE))}
    one, two = resolve(state, day), resolve(state, day)
    assert one.state.to_json() == two.state.to_json()
    assert one.events == two.events


def test_resolving_never_changes_the_state_it_is_given():
    state = game("Amazon")
    before = state.to_json()
    resolve(state, {"Amazon": orders("Amazon", act(K.HIDE))})
    assert state.to_json() == before


def test_sunrise_rolls_the_monster_roll_and_blocking_is_no_longer_reported_missing():
    """6.3.3: one unmodified die; blocking (7.12) is implemented."""
    result = resolve(game("Amazon", forced=[[4]]), {})
    assert of_type(result.events, "monster_roll", roll=4)
    assert not of_type(result.events, "not_implemented", rule="7.12")


@pytest.mark.parametrize(
    ("day", "colors"),
    [(7, ["white", "black"]), (14, ["gray"]), (21, ["purple"]), (28, ["gold"]), (3, [])],
)
def test_the_seventh_days_supply_their_colour(day, colors):
    """6.1.2 (L1491): Day 7 White, 14 Grey, 21 Purple, 28 Gold."""
    state = game("Amazon")
    state.day = day
    assert of_type(resolve(state, {}).events, "day_started", colors=colors)


def test_midnight_advances_the_day_and_the_last_day_ends_the_game():
    state = game("Amazon")
    assert resolve(state, {}).state.day == 2
    state.day = 28
    assert resolve(state, {}).state.today.stage == "over"


def test_resolution_can_stop_after_daylight_and_resume():
    state = game("Amazon")
    first = resolve(state, {"Amazon": orders("Amazon", act(K.HIDE))}, until="daylight")
    assert first.state.today.stage == "sunset"
    assert not of_type(first.events, "day_ended")
    second = resolve(first.state, {})
    assert of_type(second.events, "day_ended") and not of_type(second.events, "monster_roll")


def test_orders_for_a_character_not_in_the_game_are_refused():
    with pytest.raises(OrdersError, match="'Elf', who is not in the game") as refused:
        resolve(game("Amazon"), {"Elf": orders("Elf")})
    assert refused.value.code == "not-in-game"


# --- Daylight -----------------------------------------------------------------------------------


def test_every_character_takes_one_turn_and_starts_it_unhidden():
    """7.1.1-7.1.2: random order; unhidden at the start of his turn (all start hidden, 3.6.4)."""
    result = resolve(game("Amazon", "Elf", "Dwarf"), {})
    turns = [e.fields["who"] for e in of_type(result.events, "turn_started")]
    assert sorted(turns) == ["Amazon", "Dwarf", "Elf"]
    assert len(of_type(result.events, "unhidden")) == 3
    assert not any(c.hidden for c in result.state.characters.values())


def test_a_move_follows_an_open_road():
    state = game("Amazon")
    start, target = find_road(state, to=ClearingType.WOODS, start=ClearingType.WOODS)
    state.put("Amazon", Place.clearing(start))
    result = resolve(state, {"Amazon": orders("Amazon", m(target))})
    assert of_type(result.events, "moved", who="Amazon", **{"from": start, "to": target})
    assert where(result.state, "Amazon") == target


def test_a_move_with_no_roadway_is_cancelled_and_the_rest_of_the_turn_goes_on():
    """7.3.1b and 6.2.4f: the phase is forfeit; the others are not affected."""
    state = game("Amazon")
    start = where(state, "Amazon")
    far = next(c for c in board(state).clearings() if board(state).distance(start, c) or 0 > 3)
    result = resolve(state, {"Amazon": orders("Amazon", m(far), act(K.HIDE))}, until="daylight")
    assert of_type(result.events, "phase_cancelled", who="Amazon", phase=1)
    assert of_type(result.events, "hid", who="Amazon")


def test_an_undiscovered_hidden_path_cannot_be_used_and_a_discovered_one_can():
    """7.3.1a.2: hidden paths and secret passages only once discovered."""
    state = game("Amazon")
    start, target = find_road(state, to=ClearingType.WOODS, types=frozenset({RoadType.HIDDEN}))
    state.put("Amazon", Place.clearing(start))
    day = {"Amazon": orders("Amazon", m(target))}
    cancelled = resolve(state, day, until="daylight")
    assert of_type(cancelled.events, "phase_cancelled", who="Amazon", phase=1)
    from rules.daylight.moving import discoveries_used

    state.characters["Amazon"].discoveries += discoveries_used(board(state), start, target)
    assert where(resolve(state, day, until="daylight").state, "Amazon") == target


def test_entering_a_mountain_takes_two_consecutive_moves():
    """7.3.1c.1 (L1655): he does not move until the second Move."""
    state = game("Amazon")
    start, mountain = find_road(state, to=ClearingType.MOUNTAIN, start=ClearingType.WOODS)
    state.put("Amazon", Place.clearing(start))
    once = resolve(state, {"Amazon": orders("Amazon", m(mountain), act(K.HIDE))})
    assert of_type(once.events, "climbing", who="Amazon", to=mountain)
    assert where(once.state, "Amazon") == start
    twice = resolve(state, {"Amazon": orders("Amazon", m(mountain), m(mountain))})
    assert where(twice.state, "Amazon") == mountain


def test_no_cave_on_a_day_a_sunlight_phase_is_used():
    """7.3.1c.2 example (L1659): after using a Sunlight phase he cannot move into a cave."""
    state = game("Black Knight")
    start, cave = find_road(state, to=ClearingType.CAVE, start=ClearingType.WOODS)
    state.put("Black Knight", Place.clearing(start))
    day = {"Black Knight": orders("Black Knight", act(K.HIDE, SUNLIGHT), m(cave))}
    result = resolve(state, day)
    assert of_type(result.events, "phase_cancelled", who="Black Knight", phase=2)
    assert where(result.state, "Black Knight") == start


def test_items_too_heavy_for_the_move_chits_in_play_are_abandoned():
    """7.3.1e.3 example (L1664): with only M Move chits in play the Black Knight keeps his Mace
    and shield and abandons his H suit of armor; with an H Move chit he keeps it all."""
    state = game("Black Knight")
    start, target = find_road(state, to=ClearingType.WOODS, start=ClearingType.WOODS)
    state.put("Black Knight", Place.clearing(start))
    day = {"Black Knight": orders("Black Knight", m(target))}
    kept = resolve(state, day).state
    assert len(kept.at(Place.owner("Black Knight"))) == 3
    for chit in state.characters["Black Knight"].chits:
        if chit.label.startswith("MOVE H"):
            chit.status = "fatigued"
    result = resolve(state, day)
    owned = result.state.at(Place.owner("Black Knight"))
    assert [p for p in owned if p.startswith("Suit of Armor")] == []
    assert of_type(result.events, "abandoned", who="Black Knight", at=start)
    assert any(p.startswith("Suit of Armor") for p in result.state.at(Place.clearing(start)))


def test_a_horse_entering_a_cave_is_deactivated():
    """7.3.2a.1: an active horse entering a cave is instantly deactivated."""
    state = game("Amazon")
    start, cave = find_road(state, to=ClearingType.CAVE, start=ClearingType.WOODS)
    state.put("Amazon", Place.clearing(start))
    state.put("Workhorse H6/T8", Place.owner("Amazon"))
    state.characters["Amazon"].items["Workhorse H6/T8"] = ItemState(active=True)
    result = resolve(state, {"Amazon": orders("Amazon", m(cave))})
    assert of_type(result.events, "deactivated", who="Amazon", item="Workhorse H6/T8")
    assert not result.state.characters["Amazon"].items["Workhorse H6/T8"].active


def test_a_horse_phase_needs_the_horse_active_at_the_start_of_the_phase():
    """7.3.2b (L1692): it cannot be activated and used in the same phase."""
    state = game("Amazon")
    state.put("Workhorse H6/T8", Place.owner("Amazon"))
    state.characters["Amazon"].items["Workhorse H6/T8"] = ItemState(active=False)
    day = {
        "Amazon": orders(
            "Amazon",
            act(K.HIDE, "Workhorse H6/T8"),
            rearrange=[Rearrangement(phase=1, activate=("Workhorse H6/T8",))],
        )
    }
    result = resolve(state, day)
    assert of_type(result.events, "activated", who="Amazon", item="Workhorse H6/T8")
    assert of_type(result.events, "phase_cancelled", who="Amazon", phase=1)


# --- Hide -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "hidden"), [([5, 2], True), ([6, 3], False), ([1, 6], False)])
def test_hide_succeeds_on_one_to_five(dice, hidden):
    """Hide Table (L5536-5537): 1-5 Hide!, 6 no effect; the high die counts (4.1.1)."""
    result = resolve(game("Amazon", forced=[[3], dice]), {"Amazon": orders("Amazon", act(K.HIDE))})
    assert result.state.characters["Amazon"].hidden is hidden
    assert of_type(result.events, "roll", who="Amazon", purpose="Hide Table", dice=dice)


def test_once_hidden_no_more_hide_rolls():
    """7.4.1: later Hide phases need no roll."""
    result = resolve(
        game("Amazon", forced=[[3], [2, 2]]),
        {"Amazon": orders("Amazon", act(K.HIDE), act(K.HIDE))},
    )
    assert len(of_type(result.events, "roll", who="Amazon", purpose="Hide Table")) == 1
    assert of_type(result.events, "hid", who="Amazon", roll=None, success=True)


def test_the_druid_rolls_one_die_to_hide():
    """The Druid's advantage (L3680): one die on the Hide Table."""
    result = resolve(game("Druid", forced=[[3], [4]]), {"Druid": orders("Druid", act(K.HIDE))})
    assert of_type(result.events, "roll", who="Druid", dice=[4])


# --- Rest and Alert ---------------------------------------------------------------------------


def test_rest_returns_a_fatigued_one_asterisk_chit():
    """7.8.2a.1."""
    state = game("Amazon")
    chit = next(c for c in state.characters["Amazon"].chits if c.label == "MOVE M3*")
    chit.status = "fatigued"
    result = resolve(state, {"Amazon": orders("Amazon", act(K.REST))})
    assert of_type(result.events, "rested", who="Amazon", chit="MOVE M3*", option="a.1")


def test_rest_may_make_change_with_a_magic_chit():
    """7.8.2b example (L2004): activate a two-asterisk Move chit, change from a Magic chit."""
    state = game("Druid")
    wizard = state.characters["Druid"]
    two = next(c for c in wizard.chits if c.label.startswith("MOVE") and c.label.endswith("**"))
    two.status = "fatigued"
    result = resolve(state, {"Druid": orders("Druid", act(K.REST), rest=("MOVE",))})
    step = of_type(result.events, "rested", who="Druid", chit=two.label)
    assert step and step[0].fields["option"] == "a.2"
    assert step[0].fields["change"] == "MAGIC VIII4*", "change from the slowest one-asterisk chit"


def test_the_dwarf_rests_an_extra_asterisk():
    """Short Legs (L3715): he rests an extra effort asterisk each Rest."""
    state = game("Dwarf")
    for chit in state.characters["Dwarf"].chits:
        if chit.label.endswith("*") and not chit.label.endswith("**"):
            chit.status = "fatigued"
    fatigued = sum(c.status == "fatigued" for c in state.characters["Dwarf"].chits)
    result = resolve(state, {"Dwarf": orders("Dwarf", act(K.REST), rest=("FIGHT", "MOVE"))})
    assert len(of_type(result.events, "rested", who="Dwarf")) == 2
    after = sum(c.status == "fatigued" for c in result.state.characters["Dwarf"].chits)
    assert after == fatigued - 2


def test_a_rest_choice_is_a_decision_when_the_orders_do_not_settle_it():
    """Resolution stops for the player's choice when the game waits for decisions, and resumes
    with his answer; otherwise the default is taken."""
    state = game("Amazon")
    for chit in state.characters["Amazon"].chits:
        if chit.label in ("MOVE M3*", "FIGHT M4*"):
            chit.status = "fatigued"
    state.options["wait_for_decisions"] = True
    day = {"Amazon": orders("Amazon", act(K.REST))}
    waiting = resolve(state, day, until="daylight")
    assert [d.kind for d in waiting.pending] == ["rest"]
    assert set(waiting.pending[0].options) == {"MOVE M3*", "FIGHT M4*"}
    assert waiting.pending[0].id == f"d{state.game_day}/Amazon/p1/rest/Amazon"
    resumed = resolve(waiting.state, {}, {waiting.pending[0].id: "FIGHT M4*"}, until="daylight")
    assert resumed.done
    assert of_type(resumed.events, "rested", who="Amazon", chit="FIGHT M4*")
    assert not of_type(resumed.events, "monster_roll"), "resumes where it stopped"
    state.options["wait_for_decisions"] = False
    assert resolve(state, day).done


def test_alert_turns_the_weapon_and_midnight_unalerts_it():
    """7.9.2 and 8.9.2b."""
    state = game("Black Knight")
    result = resolve(
        state, {"Black Knight": orders("Black Knight", act(K.ALERT))}, until="daylight"
    )
    mace = next(i for i in result.state.characters["Black Knight"].items if i.startswith("Mace"))
    assert result.state.characters["Black Knight"].items[mace].alerted
    night = resolve(result.state, {})
    assert not night.state.characters["Black Knight"].items[mace].alerted


def test_an_alerted_magic_chit_fatigues_at_midnight():
    """7.9.3 and 8.9.2c."""
    state = game("Wizard")
    magic = next(c.label for c in state.characters["Wizard"].chits if c.label.startswith("MAGIC"))
    result = resolve(state, {"Wizard": orders("Wizard", act(K.ALERT, target=magic))})
    chit = next(c for c in result.state.characters["Wizard"].chits if c.label == magic)
    assert chit.status == "fatigued" and not chit.alerted


# --- Follow -----------------------------------------------------------------------------------


def test_followers_move_with_the_guide_and_share_his_hide():
    """7.11.6a-b: followers move with him; the guide's Hide result applies to them."""
    state = game("Amazon", "Dwarf", forced=[[2], [3, 3]])
    state.put("Dwarf", state.place_of("Amazon"))
    start = where(state, "Amazon")
    road = woods_next_to(state, start)
    day = {
        "Amazon": orders("Amazon", m(road), act(K.HIDE)),
        "Dwarf": Orders(character="Dwarf", follow="Amazon"),
    }
    result = resolve(state, day)
    assert of_type(result.events, "follows", who="Dwarf", guide="Amazon")
    assert where(result.state, "Dwarf") == road
    assert result.state.characters["Dwarf"].hidden
    assert [e.fields["who"] for e in of_type(result.events, "turn_started")] == ["Amazon"]


def test_a_follower_may_stop_at_the_start_of_a_guide_phase():
    """7.11.5: his turn ends where the guide was when the phase began."""
    state = game("Amazon", "Dwarf")
    state.put("Dwarf", state.place_of("Amazon"))
    start = where(state, "Amazon")
    road = woods_next_to(state, start)
    day = {
        "Amazon": orders("Amazon", act(K.HIDE), m(road)),
        "Dwarf": Orders(
            character="Dwarf", follow="Amazon", instructions=Instructions(stop_following=2)
        ),
    }
    result = resolve(state, day)
    assert of_type(result.events, "follower_stopped", who="Dwarf")
    assert where(result.state, "Dwarf") == start and where(result.state, "Amazon") == road


def test_a_follower_must_share_his_guides_clearing():
    """6.2.7a: he may follow only someone in his clearing at Birdsong."""
    state = game("Amazon", "Elf")
    if state.place_of("Elf") == state.place_of("Amazon"):
        state.put(
            "Elf",
            Place.clearing(
                next(
                    c
                    for c in board(state).clearings()
                    if Place.clearing(c) != state.place_of("Amazon")
                )
            ),
        )
    result = resolve(state, {"Elf": Orders(character="Elf", follow="Amazon")})
    assert of_type(result.events, "phase_cancelled", who="Elf")
    assert not of_type(result.events, "follows")


# --- later issues -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "rule"),
    [(K.CACHE, "10.A.4")],
)
def test_activities_of_later_issues_say_they_are_not_implemented(kind, rule):
    result = resolve(game("Amazon"), {"Amazon": orders("Amazon", act(kind))})
    assert of_type(result.events, "not_implemented", rule=rule, who="Amazon", phase=1)


def test_a_fly_phase_without_a_fly_chit_is_cancelled_and_he_stays():
    """7.3.3a.2: with no flying strength the Fly activity is cancelled; he stays where he is."""
    state = game("Amazon")
    start = state.place_of("Amazon")
    tile = board(state).tile_of(Place.split(start)[1]).tile
    result = resolve(state, {"Amazon": orders("Amazon", act(K.FLY, target=tile))})
    assert of_type(result.events, "phase_cancelled", who="Amazon", phase=1)
    assert not of_type(result.events, "flew")
    assert result.state.place_of("Amazon") == start


def test_a_move_to_the_edge_leaves_the_map():
    """7.3.1a.4: a roadway to the map edge; he leaves the game."""
    state = game("Amazon")
    b = board(state)
    start = next(c for c in b.clearings() if any(x.to is None for x in b.connections(c)))
    state.put("Amazon", Place.clearing(start))
    result = resolve(state, {"Amazon": orders("Amazon", m("Edge"), act(K.HIDE))})
    assert of_type(result.events, "left_map", who="Amazon", **{"from": start})
    assert result.state.place_of("Amazon") == Place.OUT
    assert not of_type(result.events, "hid", who="Amazon"), "his turn ends"


def test_characters_following_an_alerting_guide_alert_too():
    """7.11.6f: each following character may do the guide's Alert; by default he does."""
    state = game("Black Knight", "Amazon")
    state.put("Amazon", state.place_of("Black Knight"))
    day = {
        "Black Knight": orders("Black Knight", act(K.ALERT)),
        "Amazon": Orders(character="Amazon", follow="Black Knight"),
    }
    result = resolve(state, day, until="daylight")
    assert of_type(result.events, "alerted", who="Black Knight", alerted=True)
    assert of_type(result.events, "alerted", who="Amazon", alerted=True)


def test_characters_in_the_clearing_spy_a_hidden_path_an_unhidden_character_uses():
    """4.5.6a-b.1: everyone in the clearing he leaves spies on an unhidden character using a
    hidden path and discovers it, privately."""
    state = game("Wizard", "Amazon")
    start, target = find_road(state, to=ClearingType.WOODS, types=frozenset({RoadType.HIDDEN}))
    state.put("Wizard", Place.clearing(start))
    state.put("Amazon", Place.clearing(start))
    state.characters["Amazon"].discoveries = []
    result = resolve(state, {"Wizard": orders("Wizard", m(target))}, until="daylight")
    found = of_type(result.events, "discovered", who="Amazon")
    assert found and found[0].audience == "private" and found[0].recipients == ("Amazon",)
    from rules.daylight.moving import discoveries_used

    assert set(discoveries_used(board(state), start, target)) <= set(
        result.state.characters["Amazon"].discoveries
    )


# --- trading between characters ------------------------------------------------------------------


def trading_pair() -> GameState:
    state = game("Black Knight", "Amazon")
    state.put("Amazon", state.place_of("Black Knight"))
    return state


def test_characters_trade_when_both_orders_agree():
    """7.2.1 and rules-map P2: the trade is made at the start of a phase of either one."""
    from rules.orders.parse import parse_orders

    state = trading_pair()
    mace = next(i for i in state.characters["Black Knight"].items if i.startswith("Mace"))
    knight = parse_orders(f"H\ntrade Amazon: give {mace}; get 3 gold", state, "Black Knight")
    amazon = parse_orders(f"H\ntrade Black Knight: give 3 gold; get {mace}", state, "Amazon")
    assert knight.orders is not None and amazon.orders is not None, knight.errors + amazon.errors
    assert f"trade Amazon: give {mace}; get 3 gold" in knight.echo
    result = resolve(state, {"Black Knight": knight.orders, "Amazon": amazon.orders})
    after = result.state
    assert after.place_of(mace) == Place.owner("Amazon")
    assert not after.characters["Amazon"].items[mace].active, "a new item comes in inactive"
    assert (after.characters["Amazon"].gold, after.characters["Black Knight"].gold) == (7, 13)
    public = of_type(result.events, "traded")
    assert len(public) == 1 and public[0].audience == "public"
    assert set(of_type(result.events, "traded_detail")[0].recipients) == {"Black Knight", "Amazon"}


def test_a_trade_the_partner_did_not_agree_to_is_not_made():
    from rules.orders.parse import parse_orders

    state = trading_pair()
    mace = next(i for i in state.characters["Black Knight"].items if i.startswith("Mace"))
    knight = parse_orders(f"H\ntrade Amazon: give {mace}; get 5 gold", state, "Black Knight")
    amazon = parse_orders(f"H\ntrade Black Knight: give 3 gold; get {mace}", state, "Amazon")
    assert knight.orders and amazon.orders
    result = resolve(state, {"Black Knight": knight.orders, "Amazon": amazon.orders})
    assert result.state.place_of(mace) == Place.owner("Black Knight")
    not_made = of_type(result.events, "trade_not_made")
    assert {e.recipients for e in not_made} == {("Black Knight",), ("Amazon",)}
    assert all(e.audience == "private" for e in not_made)


def test_a_failed_trade_tells_neither_what_the_other_lacks():
    """7.2.1 and 2.6: a character's gold is secret. When the Amazon cannot pay, she is told why;
    the Black Knight only that she could not make it — not a bound on her gold."""
    from rules.orders.parse import parse_orders

    state = trading_pair()
    state.characters["Amazon"].gold = 2
    mace = next(i for i in state.characters["Black Knight"].items if i.startswith("Mace"))
    knight = parse_orders(f"H\ntrade Amazon: give {mace}; get 9 gold", state, "Black Knight")
    amazon = parse_orders(f"H\ntrade Black Knight: give 9 gold; get {mace}", state, "Amazon")
    assert knight.orders and amazon.orders
    result = resolve(state, {"Black Knight": knight.orders, "Amazon": amazon.orders})
    failed = {
        e.recipients: english(e.fields["reason"]) for e in of_type(result.events, "trade_failed")
    }
    assert failed == {
        ("Amazon",): "you have less than 9 gold",
        ("Black Knight",): "the Amazon could not make it",
    }
    assert result.state.place_of(mace) == Place.owner("Black Knight")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "trade Elf: give 3 gold",
            "'Elf' is not another character, hired leader or controlled monster in the game",
        ),
        ("trade Amazon: give Spear 1", "'Spear 1' is not his"),
        ("trade Amazon: swap Mace 1", "e.g. 'trade Elf: give Mace 1, 5 gold; get Light Bow 1'"),
        ("trade Amazon: give Sword of Doom", "is no piece of the game"),
    ],
)
def test_bad_trade_lines_are_refused(line, message):
    from rules.orders.parse import parse_orders

    result = parse_orders(f"H\n{line}", trading_pair(), "Black Knight")
    assert result.orders is None
    assert any(message in f"{english(p.message)} {english(p.hint)}" for p in result.errors), (
        result.errors
    )


def test_with_every_chit_out_of_play_he_can_only_rest():
    """7.8.4 (L2008): other recorded activities are cancelled."""
    state = game("Amazon")
    for chit in state.characters["Amazon"].chits:
        chit.status = "fatigued" if chit.label.endswith("*") else "wounded"
    result = resolve(state, {"Amazon": orders("Amazon", act(K.HIDE), act(K.REST))})
    assert of_type(result.events, "phase_cancelled", who="Amazon", phase=1)
    assert of_type(result.events, "rested", who="Amazon")


def test_activations_the_rules_forbid_are_refused():
    """4.3.6: one active weapon; 7.3.2a: a horse must carry its rider."""
    state = game("Black Knight")
    state.put("Spear 1", Place.owner("Black Knight"))
    state.characters["Black Knight"].items["Spear 1"] = ItemState(active=False)
    state.put("Pony L2/L4", Place.owner("Black Knight"))
    state.characters["Black Knight"].items["Pony L2/L4"] = ItemState(active=False)
    change = Rearrangement(phase=1, activate=("Spear 1", "Pony L2/L4"))
    result = resolve(
        state, {"Black Knight": orders("Black Knight", act(K.HIDE), rearrange=[change])}
    )
    refused = {
        e.fields["item"]: english(e.fields["reason"])
        for e in of_type(result.events, "activation_refused")
    }
    assert "only one weapon" in refused["Spear 1"]
    assert "cannot carry" in refused["Pony L2/L4"], "a pony (L) cannot carry the Medium knight"
    assert not result.state.characters["Black Knight"].items["Spear 1"].active


def test_a_treasure_card_he_cannot_activate_stays_secret():
    """4.4.1c, 4.5.3: an inactive card is secret, so a refused activation names it to its owner
    alone (7.3.1f.1: Elven Slippers, L, cannot carry the Medium knight)."""
    state = game("Black Knight")
    state.put("Elven Slippers", Place.owner("Black Knight"))
    state.characters["Black Knight"].items["Elven Slippers"] = ItemState(active=False)
    change = Rearrangement(phase=1, activate=("Elven Slippers",))
    result = resolve(
        state, {"Black Knight": orders("Black Knight", act(K.HIDE), rearrange=[change])}
    )
    (told,) = of_type(result.events, "card_activation_refused", who="Black Knight")
    assert (told.audience, told.recipients) == ("private", ("Black Knight",))
    assert "cannot carry" in english(told.fields["reason"])
    public = [e for e in result.events if e.visible_to("public")]
    assert not any("Elven Slippers" in str(e.fields) for e in public)


def test_every_decision_of_a_step_is_asked_at_once():
    """A guide and his following character both choose their Rest: one pause asks both, and an
    answer given by one is not lost while the other is awaited."""
    state = game("Amazon", "Black Knight")
    state.put("Black Knight", state.place_of("Amazon"))
    for name, labels in (
        ("Amazon", ("MOVE M3*", "FIGHT M4*")),
        ("Black Knight", ("MOVE M4*", "FIGHT M4*")),
    ):
        for chit in state.characters[name].chits:
            if chit.label in labels:
                chit.status = "fatigued"
    state.options["wait_for_decisions"] = True
    day = {
        "Amazon": orders("Amazon", act(K.REST)),
        "Black Knight": Orders(character="Black Knight", follow="Amazon"),
    }
    waiting = resolve(state, day, until="daylight")
    assert sorted(d.character for d in waiting.pending) == ["Amazon", "Black Knight"]
    ids = {d.character: d.id for d in waiting.pending}
    assert ids["Black Knight"] == f"d{state.game_day}/Amazon/p1/rest/Black Knight"
    still = resolve(waiting.state, {}, {ids["Amazon"]: "FIGHT M4*"}, until="daylight")
    assert [d.character for d in still.pending] == ["Black Knight"]
    answers = {ids["Amazon"]: "FIGHT M4*", ids["Black Knight"]: "MOVE M4*"}
    done = resolve(still.state, {}, answers, until="daylight")
    assert done.done
    assert of_type(done.events, "rested", who="Amazon", chit="FIGHT M4*")
    assert of_type(done.events, "rested", who="Black Knight", chit="MOVE M4*")
