"""Positions on a Melee Section (rules/evening/positions.py) against the rulebook: placing denizens
(8.4.5m, L2547–2555; 8.4.7e.1 L2632), repositioning and changing tactics (8.4.6, L2589–2598;
8.4.7c L2620, 8.4.7e.2 L2633) and the walkthroughs that roll them (L2535–2536, L2715, L2819)."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from rules.catalog import catalog
from rules.evening.positions import (
    BOXES,
    Counter,
    DenizenSheet,
    changes_tactics,
    legal,
    moves,
    occupied,
    placements,
    position_possible,
    reposition,
    reposition_denizen_sheet,
    spread,
    turning,
)

GIANT = Counter("Giant 1", attacking=True, turns=False)
CLUB = Counter("Giant's Club 1", attacking=True, owner="Giant 1")
BAT = Counter("Giant Bat 1", attacking=True)
GOBLIN = Counter("Goblin 1", attacking=True)


def monsters(n: int) -> list[Counter]:
    return [Counter(f"Goblin {i}", attacking=True) for i in range(1, n + 1)]


def native(name: str) -> tuple[Counter, Counter]:
    """A native and his horse, which never changes tactics (8.4.6c L2594)."""
    rider = Counter(name, attacking=True)
    return rider, Counter(f"{name} Horse", attacking=False, owner=name, turns=False)


# ------------------------------------------------------------------ the walkthroughs


def test_elf_and_goblin() -> None:
    """L2535–2536: the Goblin placed in "Charge and Thrust"; a 5 moves box 1 to box 2 ("Dodge
    and Swing"); (5,3) on the Change Tactics Table: the Goblin does not turn over."""
    boxes = {"Goblin 1": 1}
    assert legal([GOBLIN], boxes) is None
    assert reposition(catalog(), boxes, 5) == {"Goblin 1": 2}
    assert not changes_tactics(catalog(), (5, 3))


def test_o3_stays_on_a_four() -> None:
    """L2819: O3 in "Charge and Thrust", his horse in "Dodge and Swing"; a 4 is "stay"."""
    rider, horse = native("O3")
    boxes = {"O3": 1, "O3 Horse": 2}
    assert legal([rider, horse], boxes) is None
    assert reposition(catalog(), boxes, 4) == boxes


def test_swordsman_places_giant_club_and_bat() -> None:
    """L2715: three attacking counters, one in each box, the Giant and its club apart."""
    sheet = [GIANT, CLUB, BAT]
    default = spread(sheet)
    assert sorted(default.values()) == [1, 2, 3]
    every = placements(sheet)
    assert len(every) == 6  # 3 counters in 3 separate boxes: 3! ways (summary L2551)
    for boxes in every:
        assert sorted(boxes.values()) == [1, 2, 3]
        assert boxes["Giant 1"] != boxes["Giant's Club 1"]
    assert default in every
    assert legal(sheet, {"Giant 1": 1, "Giant's Club 1": 2, "Giant Bat 1": 2}) is not None
    assert "shares box" in (
        legal(sheet, {"Giant 1": 1, "Giant's Club 1": 1, "Giant Bat 1": 2}) or ""
    )


# ------------------------------------------------------------------ placement (8.4.5m)


def surjections(n: int) -> int:
    """Ways to put n counters in 3 boxes leaving none empty (inclusion-exclusion)."""
    return int(3**n - 3 * 2**n + 3)


@pytest.mark.parametrize(
    ("n", "count"),
    [(1, 3), (2, 3 * 2), (3, 3 * 2 * 1), (4, surjections(4)), (5, surjections(5))],
)
def test_placement_summary(n: int, count: int) -> None:
    """L2551: one to three attacking counters each in a separate box; L2553: more than three,
    not necessarily evenly, but every box has at least one."""
    sheet = monsters(n)
    every = placements(sheet)
    assert len(every) == count
    assert len({tuple(b.values()) for b in every}) == count
    for boxes in every:
        assert legal(sheet, boxes) is None
        assert len(set(boxes.values())) == min(n, 3)
    assert legal(sheet, spread(sheet)) is None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_doubling_up_beside_an_empty_box_is_refused(n: int) -> None:
    """L2547: "he cannot leave one of his boxes empty while he doubles up the attacking counters
    in another box"."""
    sheet = monsters(n)
    boxes = {c.id: 1 if i < 2 else 2 for i, c in enumerate(sheet)}
    assert "holds no attacking counter" in (legal(sheet, boxes) or "")


def test_unevenly_is_allowed_beyond_three() -> None:
    """L2553: "they do not have to be distributed evenly"."""
    sheet = monsters(5)
    boxes = dict(zip([c.id for c in sheet], [1, 1, 1, 2, 3], strict=True))
    assert legal(sheet, boxes) is None


def test_a_horse_does_not_fill_a_box() -> None:
    """L2547: native horses are not attacking counters and cannot fill an empty box by
    themselves if an attacking counter is available to put in it."""
    rider, horse = native("Lancers 1")
    sheet = [rider, *monsters(3), horse]
    crowded = {"Lancers 1": 1, "Goblin 1": 1, "Goblin 2": 2, "Goblin 3": 2, "Lancers 1 Horse": 3}
    assert "box 3 holds no attacking counter" in (legal(sheet, crowded) or "")
    for boxes in placements(sheet):
        attacked = {boxes[c.id] for c in sheet if c.attacking}
        assert attacked == {1, 2, 3}
    assert legal(sheet, spread(sheet)) is None


def test_a_horse_may_stand_alone_where_no_attacking_counter_can_go() -> None:
    """A lone native's horse cannot share his box (L2555), so it stands alone in another; with
    two attacking counters the third box stays theirs to leave empty (summary L2551)."""
    rider, horse = native("Lancers 1")
    assert legal([rider, horse], {"Lancers 1": 1, "Lancers 1 Horse": 1}) is not None
    assert legal([rider, horse], {"Lancers 1": 1, "Lancers 1 Horse": 2}) is None
    assert len(placements([rider, horse])) == 3 * 2
    sheet = [rider, GOBLIN, horse]
    assert legal(sheet, {"Lancers 1": 1, "Goblin 1": 2, "Lancers 1 Horse": 3}) is None
    assert legal(sheet, {"Lancers 1": 1, "Goblin 1": 2, "Lancers 1 Horse": 2}) is None


def test_a_hired_natives_horse_may_share_his_box() -> None:
    """L2555 binds only unhired, uncontrolled denizens: a horse with no ``owner`` is free."""
    rider = Counter("O3", attacking=True)
    horse = Counter("O3 Horse", attacking=False, turns=False)
    assert legal([rider, horse], {"O3": 1, "O3 Horse": 1}) is None


def test_head_and_club_never_with_their_body_even_when_crowded() -> None:
    """8.4.7e.1 (L2632): the monster and its head or club in different boxes."""
    sheet = [GIANT, *monsters(2), CLUB]
    for boxes in placements(sheet):
        assert boxes["Giant 1"] != boxes["Giant's Club 1"]
        assert {boxes[c.id] for c in sheet} == {1, 2, 3}
    boxes = spread(sheet)
    assert boxes["Giant 1"] != boxes["Giant's Club 1"]
    assert legal(sheet, boxes) is None


def test_spread_is_legal_and_even_on_every_small_sheet() -> None:
    """The default is legal (8.4.5m) for every mix of up to six counters, natives with horses
    and a Giant with its club among them, and no box holds two attacking counters more than
    another."""
    pool = [GIANT, CLUB, *native("Lancers 1"), *native("Lancers 2"), *monsters(3)]
    for mask in product([False, True], repeat=len(pool)):
        sheet = [c for c, keep in zip(pool, mask, strict=True) if keep]
        if (CLUB in sheet and GIANT not in sheet) or len(sheet) > 6:
            continue
        boxes = spread(sheet)
        assert legal(sheet, boxes) is None, sheet
        loads = [sum(c.attacking for c in sheet if boxes[c.id] == b) for b in BOXES]
        assert max(loads) - min(loads) <= 1 or sum(loads) < 3, (sheet, boxes)
        assert boxes in placements(sheet, bound=3**6)


def test_placements_are_ordered_and_bounded() -> None:
    sheet = monsters(5)
    every = placements(sheet)
    assert placements(sheet, bound=5) == every[:5]
    assert placements(sheet, bound=0) == []
    assert every == sorted(every, key=lambda b: tuple(b.values()))
    assert placements([]) == [{}]
    with pytest.raises(ValueError, match="negative"):
        placements(sheet, bound=-1)
    with pytest.raises(ValueError, match="twice"):
        placements([GOBLIN, GOBLIN])


def test_legal_names_what_is_wrong() -> None:
    assert "not placed" in (legal([GOBLIN, BAT], {"Goblin 1": 1}) or "")
    assert "not on this sheet" in (legal([GOBLIN], {"Goblin 1": 1, "Wolf 1": 2}) or "")
    assert "box 4" in (legal([GOBLIN], {"Goblin 1": 4}) or "")


# ------------------------------------------------------------------ repositioning (8.4.6a)


@pytest.mark.parametrize("roll", range(1, 7))
def test_every_roll_moves_boxes_as_wholes(roll: int) -> None:
    """8.4.6a: the counters move among the red boxes by the table: each row sends the three
    boxes to three different boxes, so a placement's boxes are only permuted."""
    row = moves(catalog(), roll)
    assert sorted(row) == [1, 2, 3]
    assert sorted(row.values()) == [1, 2, 3]
    sheet = [GIANT, CLUB, BAT, GOBLIN]
    before = {"Giant 1": 1, "Giant's Club 1": 2, "Giant Bat 1": 3, "Goblin 1": 3}
    after = reposition(catalog(), before, roll)
    assert list(after) == list(before)
    assert after == {c: row[b] for c, b in before.items()}
    assert legal(sheet, after) is None
    assert position_possible(before, after, set(), sheet) is None


def test_the_six_rows_are_the_six_permutations() -> None:
    """position_possible accepts any permutation of the boxes: that is the table's six rows."""
    rows = {tuple(moves(catalog(), roll)[b] for b in BOXES) for roll in range(1, 7)}
    assert rows == set(permutations(BOXES))


@pytest.mark.parametrize("roll", [0, 7])
def test_a_roll_off_the_die_is_an_error(roll: int) -> None:
    """The roll is one unmodified die (8.4.6a L2591): nothing to clamp."""
    with pytest.raises(ValueError, match="1 to 6"):
        reposition(catalog(), {"Goblin 1": 1}, roll)


# ------------------------------------------------------------------ changing tactics (8.4.6c)


@pytest.mark.parametrize(
    ("dice", "flips"),
    [((5, 3), False), ((6, 1), True), ((1, 6), True), ((6, 6), True), ((5, 5), False)],
)
def test_change_tactics_on_either_six(dice: tuple[int, int], flips: bool) -> None:
    """8.4.6c (L2594): "if either die rolls a 6, all of the denizens in that box turn over"."""
    assert changes_tactics(catalog(), dice) is flips


@pytest.mark.parametrize("dice", [(6,), (6, 1, 1), (0, 3), (7, 1)])
def test_change_tactics_takes_two_dice(dice: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        changes_tactics(catalog(), dice)


def test_who_turns_in_a_box() -> None:
    """8.4.6c: the Tremendous body and the native horse never turn (8.4.7c L2620); the club
    does (8.4.7e.2 L2633)."""
    rider, horse = native("Lancers 1")
    sheet = [GIANT, CLUB, BAT, rider, horse]
    boxes = {"Giant 1": 1, "Giant's Club 1": 2, "Lancers 1 Horse": 2, "Giant Bat 1": 2}
    boxes["Lancers 1"] = 3
    assert turning(sheet, boxes, 1) == []
    assert turning(sheet, boxes, 2) == ["Giant's Club 1", "Giant Bat 1"]
    assert turning(sheet, boxes, 3) == ["Lancers 1"]


def test_occupied_boxes_in_box_order() -> None:
    """SCENARIOS.md "Forced dice during the Evening" 4: one roll per occupied box, 1, 2, 3."""
    assert occupied({"Goblin 1": 3, "Goblin 2": 1, "Goblin 3": 3}) == [1, 3]
    assert occupied({}) == []


# ------------------------------------------------------------------ fixed positions


def test_position_possible() -> None:
    """SCENARIOS.md ``positions``: boxes permuted as wholes, a box turns over together, and
    Tremendous bodies and native horses never turn (8.4.6a, 8.4.6c, 8.4.7c)."""
    sheet = [GIANT, CLUB, BAT, GOBLIN]
    before = {"Giant 1": 1, "Giant's Club 1": 2, "Giant Bat 1": 3, "Goblin 1": 3}
    swapped = {"Giant 1": 2, "Giant's Club 1": 1, "Giant Bat 1": 3, "Goblin 1": 3}
    assert position_possible(before, swapped, set(), sheet) is None
    assert position_possible(before, swapped, {"Giant Bat 1", "Goblin 1"}, sheet) is None
    assert position_possible(before, swapped, {"Giant's Club 1"}, sheet) is None
    split = {"Giant 1": 2, "Giant's Club 1": 1, "Giant Bat 1": 3, "Goblin 1": 2}
    assert "split" in (position_possible(before, split, set(), sheet) or "")
    merged = {"Giant 1": 3, "Giant's Club 1": 1, "Giant Bat 1": 3, "Goblin 1": 3}
    assert "both go to box 3" in (position_possible(before, merged, set(), sheet) or "")
    half = position_possible(before, swapped, {"Giant Bat 1"}, sheet)
    assert "Goblin 1 does not" in (half or "")
    assert "never changes tactics" in (position_possible(before, before, {"Giant 1"}, sheet) or "")
    rider, horse = native("Lancers 1")
    mounted = {"Lancers 1": 1, "Lancers 1 Horse": 2}
    assert position_possible(mounted, mounted, {"Lancers 1 Horse"}, [rider, horse]) is not None
    assert position_possible(mounted, mounted, {"Lancers 1"}, [rider, horse]) is None


def test_position_possible_needs_the_same_counters() -> None:
    before = {"Goblin 1": 1, "Giant Bat 1": 2}
    assert position_possible(before, {"Goblin 1": 2}, set(), [GOBLIN, BAT]) is not None
    assert position_possible(before, before, {"Wolf 1"}, [GOBLIN, BAT]) is not None
    assert position_possible(before, {"Goblin 1": 1, "Giant Bat 1": 5}, set(), [GOBLIN, BAT])


# ------------------------------------------------------------------ a denizen's sheet (8.4.6d)


def test_denizen_sheet_sections_move_on_their_own_rolls() -> None:
    """8.4.6d.1–d.3 (L2596–2598): one roll for the target in the squares, one for the other
    attackers in the circles; a hired defender stays as placed. Roll 5 sends 1 to 2 (L2536),
    roll 4 stays (L2819)."""
    sheet = DenizenSheet(
        boxes={"Archer": 1},
        squares={"Goblin 1": 1},
        circles={"Wolf 1": 1, "Wolf 2": 2},
    )
    row = moves(catalog(), 5)
    hired = reposition_denizen_sheet(
        catalog(), sheet, target_roll=5, attackers_roll=4, defender_roll=None
    )
    assert hired.boxes == {"Archer": 1}
    assert hired.squares == {"Goblin 1": 2}
    assert hired.circles == {"Wolf 1": 1, "Wolf 2": 2}
    wild = reposition_denizen_sheet(
        catalog(), sheet, target_roll=4, attackers_roll=5, defender_roll=5
    )
    assert wild.boxes == {"Archer": 2}
    assert wild.squares == {"Goblin 1": 1}
    assert wild.circles == {"Wolf 1": row[1], "Wolf 2": row[2]}
    with pytest.raises(ValueError, match="circles"):
        reposition_denizen_sheet(
            catalog(), sheet, target_roll=4, attackers_roll=None, defender_roll=None
        )
    alone = DenizenSheet(boxes={"Archer": 1}, squares={"Goblin 1": 3})
    kept = reposition_denizen_sheet(
        catalog(), alone, target_roll=4, attackers_roll=None, defender_roll=None
    )
    assert kept == alone
