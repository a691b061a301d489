"""The dice (rule 4.1): seeded, recorded, resumable, forceable; table and game rolls."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import Dice, DiceState, ForcedDiceError


def dice(seed: int = 1, forced: list[list[int]] | None = None) -> Dice:
    return Dice(DiceState(seed=seed, forced=forced or []))


def test_the_high_die_counts():
    """4.1.1 example (L1042): "2" and "5" give 5."""
    roll = dice(forced=[[2, 5]]).roll("Amazon", "Hide Table")
    assert (roll.dice, roll.result, roll.forced) == ((2, 5), 5, True)


def test_modifiers_add_to_the_high_die_and_the_result_is_clamped():
    """4.1.2 example (L1043): two +1 modifications on "2" and "5" give 7, which converts to 6."""
    assert dice(forced=[[2, 5]]).roll("Amazon", "Hide Table", modifier=2).result == 6
    assert dice(forced=[[1, 1]]).roll("Amazon", "Hide Table", modifier=-1).result == 1


def test_one_die_modifications_never_leave_less_than_one_die():
    """4.1.2 and Die Roll Procedures 2.1 (L1362): at least one die is always rolled."""
    d = dice()
    assert len(d.roll("Dwarf", "Hide Table", one_die=1).dice) == 1
    assert len(d.roll("Dwarf", "Hide Table", one_die=2).dice) == 1
    assert len(d.roll("Dwarf", "Hide Table").dice) == 2


def test_a_game_roll_is_one_unmodified_die():
    """4.1.3 (L1044): the Monster Roll is one die, never modified."""
    roll = dice(forced=[[4]]).game_roll("monster roll")
    assert (roll.dice, roll.result, roll.modifier, roll.who) == ((4,), 4, 0, "game")


def test_every_roll_is_recorded_in_order():
    d = dice(forced=[[3, 6], [2]])
    first = d.roll("Elf", "Peer Table")
    second = d.game_roll("monster roll")
    assert d.log == [first, second]
    assert first.purpose == "Peer Table" and first.who == "Elf"


def test_the_state_keeps_no_rolls():
    """The log is the Dice's own: a saved state holds the seed, the position and the forced
    rolls, however many rolls were made."""
    d = dice(forced=[[3, 6]])
    for _ in range(50):
        d.roll("Elf", "Peer Table")
    assert len(d.log) == 50
    assert set(d.state.model_dump()) == {"seed", "position", "forced"}
    assert Dice(DiceState.model_validate(d.state.model_dump())).log == []


def test_a_state_saved_with_its_rolls_still_loads_without_them():
    """States saved before the rolls left the state carry a ``log``: it is dropped on load, and
    the position alone decides what comes next."""
    d = dice(seed=4)
    first = d.roll("Elf", "Peer Table")
    old = {**d.state.model_dump(mode="json"), "log": [first.model_dump(mode="json")]}
    loaded = DiceState.model_validate(old)
    assert loaded == d.state
    assert Dice(loaded).roll("Elf", "Peer Table") == d.roll("Elf", "Peer Table")


def test_forced_rolls_come_first_then_the_seeded_stream_continues():
    seeded = dice(seed=9)
    expected = seeded.roll("x", "t")
    forced = dice(seed=9, forced=[[6, 6]])
    assert forced.roll("x", "t").dice == (6, 6)
    assert forced.roll("x", "t").dice == expected.dice


@pytest.mark.parametrize("bad", [[5], [1, 2, 3], [0, 4], [7, 1]])
def test_a_forced_roll_that_does_not_fit_is_refused(bad):
    with pytest.raises(ForcedDiceError, match="does not fit a roll of 2 dice"):
        dice(forced=[bad]).roll("x", "Hide Table")


def test_shuffles_do_not_use_forced_rolls():
    d = dice(forced=[[1, 1]])
    d.shuffle(list(range(10)))
    assert d.state.forced == [[1, 1]]


def test_a_mix_without_a_forced_order_is_a_shuffle():
    mixed, shuffled = ["a", "b", "c", "d"], ["a", "b", "c", "d"]
    dice(seed=3).mix(mixed)
    dice(seed=3).shuffle(shuffled)
    assert mixed == shuffled


def test_a_forced_order_is_drawn_once_skipping_names_not_mixed_and_then_the_stream():
    """The forced order is the next mix's draw (names it holds that were not mixed, such as a
    follower's, are skipped), and the stream is left where it was for the mixes after it."""
    d = DiceState(seed=3, forced_orders=[["c", "x", "a", "b"]])
    forced = Dice(d)
    names = ["a", "b", "c"]
    forced.mix(names)
    assert names == ["c", "a", "b"]
    assert d.forced_orders == []
    after, seeded = ["a", "b", "c"], ["a", "b", "c"]
    forced.mix(after)
    dice(seed=3).shuffle(seeded)
    assert after == seeded


def test_a_forced_order_that_leaves_out_a_mixed_name_is_refused():
    with pytest.raises(ForcedDiceError, match="leaves out b"):
        Dice(DiceState(seed=1, forced_orders=[["a"]])).mix(["a", "b"])


def test_no_forced_order_is_saved_and_a_queued_one_is():
    assert "forced_orders" not in DiceState(seed=1).model_dump(mode="json")
    queued = DiceState(seed=1, forced_orders=[["a", "b"]])
    assert DiceState.model_validate_json(queued.model_dump_json()) == queued


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=40))
def test_a_saved_position_resumes_the_same_stream(seed, drawn):
    """Same state, same draws: the seed and position in the state fully determine the dice."""
    d = dice(seed)
    for _ in range(drawn):
        d.randbelow(6)
    saved = DiceState.model_validate_json(d.state.model_dump_json())
    assert [d.randbelow(100) for _ in range(5)] == [Dice(saved).randbelow(100) for _ in range(5)]


def test_different_seeds_give_different_streams():
    assert [dice(1).randbelow(1000) for _ in range(3)] != [
        dice(2).randbelow(1000) for _ in range(3)
    ]


def test_two_dice_high_roll_frequencies_match_the_probability_table():
    """Die Roll Probabilities (L1047-1056), "2 Dice" column: 2.8 8.3 13.9 19.4 25.0 30.6 %."""
    d = dice(seed=2024)
    counts = Counter(d.roll("x", "t").result for _ in range(36_000))
    expected = {1: 1000, 2: 3000, 3: 5000, 4: 7000, 5: 9000, 6: 11000}
    for result, count in expected.items():
        assert abs(counts[result] - count) < 400, (result, counts[result])


def test_randbelow_covers_its_range_and_shuffle_permutes():
    d = dice(seed=5)
    assert {d.randbelow(3) for _ in range(200)} == {0, 1, 2}
    items = list(range(20))
    d.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError, match="positive bound"):
        d.randbelow(0)
