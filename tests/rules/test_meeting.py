"""The Meeting Table (rules/meeting.py) against the rulebook: the table as printed (L5478–5487),
its results (L5489–5505), the columns (7.6.5a–b L1897–1898, 10.B.6 L3133) and battling natives
(8.2.2 L2277–2280)."""

from __future__ import annotations

import dataclasses
from operator import attrgetter

import pytest

from bot.event_text import english
from rules.board import board_for
from rules.catalog import Index, catalog
from rules.daylight.hirelings import hire
from rules.dice import Dice, DiceState, ForcedDiceError
from rules.meeting import (
    TABLE,
    MeetingResult,
    ResultKind,
    battles,
    blocks,
    column,
    drinks_cost,
    friendliness,
    meet,
    modifiers,
    pay_penalty,
    penalty_cost,
    penalty_prompt,
    relationship,
)
from rules.schema.base import Relationship
from rules.schema.tiles import ClearingType
from rules.state import CharacterState, GameState, Place
from tests.rules.games import fresh

E, U, N, F, A = (
    Relationship.ENEMY,
    Relationship.UNFRIENDLY,
    Relationship.NEUTRAL,
    Relationship.FRIENDLY,
    Relationship.ALLY,
)

#: The Meeting Table as printed, L5482–5487: die roll -> (Enemy, Unfriendly, Neutral, Friendly,
#: Ally).
PRINTED = {
    1: ("Insult", "Price x 4", "Opportunity", "Opportunity", "Boon (x 1)"),
    2: ("Challenge", "No Deal", "Price x 3", "Price x 2", "Price x 1"),
    3: ("Block/Battle", "No Deal", "Price x 4", "Price x 2", "Price x 2"),
    4: ("Block/Battle", "Insult", "No Deal", "Price x 3", "Price x 3"),
    5: ("Block/Battle", "Challenge", "No Deal", "Price x 4", "Price x 4"),
    6: ("Block/Battle", "Block/Battle", "Trouble", "No Deal", "Price x 4"),
}
COLUMNS = (E, U, N, F, A)

KINDS = {
    "Insult": ResultKind.INSULT,
    "Challenge": ResultKind.CHALLENGE,
    "Block/Battle": ResultKind.BLOCK_BATTLE,
    "No Deal": ResultKind.NO_DEAL,
    "Trouble": ResultKind.TROUBLE,
    "Opportunity": ResultKind.OPPORTUNITY,
    "Boon (x 1)": ResultKind.BOON,
}


def printed_kind(text: str) -> tuple[ResultKind, int | None]:
    """The kind and multiplier a printed entry names: "Price x 3" is a price times 3 (L5491),
    "Boon (x 1)" a boon that may be treated as "Price x 1" (L5493)."""
    if text.startswith("Price x "):
        return ResultKind.PRICE, int(text.removeprefix("Price x "))
    return KINDS[text], 1 if text == "Boon (x 1)" else None


def game(cast: list[str], **places: str) -> GameState:
    return fresh(7, cast, **places)


def dice(*rolls: list[int]) -> Dice:
    return Dice(DiceState(seed=1, forced=[list(r) for r in rolls]))


def with_level(state: GameState, character: str, group: str, level: int) -> GameState:
    """His relationship with ``group`` as the game has changed it (neutral is left out)."""
    relationships = state.characters[character].relationships
    relationships.pop(group, None)
    if level:
        relationships[group] = level
    return state


# --- the columns ----------------------------------------------------------------------------------


def test_the_black_knights_card_gives_ally_company_and_neutral_bashkars_as_in_the_example() -> None:
    """7.6.5a L1897: "The Black Knight uses the Ally column to buy from the Company, and the
    Neutral column to buy from the Bashkars (who are not listed on his Character card)"; his
    card (L3630–3633) lists Soldiers and Crone Friendly, Lancers Unfriendly, Guard Enemy."""
    state = game(["Black Knight"])
    expected = {
        "Company": A,
        "Bashkars": N,
        "Soldiers": F,
        "Crone": F,
        "Lancers": U,
        "Guard": E,
        "Scholar": N,
    }
    for group, level in expected.items():
        assert relationship(catalog(), state, "Black Knight", group) is level, group


def test_a_boon_taken_changes_the_column_thereafter() -> None:
    """7.6.5e L1904: after a boon from the Company "they drop from Ally to Friendly and he uses
    the Friendly column"; another boon drops them to Neutral, which the sheet no longer lists."""
    state = with_level(game(["Black Knight"]), "Black Knight", "Company", 1)
    assert relationship(catalog(), state, "Black Knight", "Company") is F
    with_level(state, "Black Knight", "Company", 0)
    assert relationship(catalog(), state, "Black Knight", "Company") is N


def test_beyond_ally_and_below_enemy_use_the_end_columns_and_keep_their_levels() -> None:
    """10.B.6 L3133: above Ally "he still uses the Ally column", below Enemy "he uses the Enemy
    column", and the extra levels are kept."""
    state = with_level(game(["Amazon"]), "Amazon", "Company", 4)
    assert friendliness(catalog(), state, "Amazon", "Company") == 4
    assert relationship(catalog(), state, "Amazon", "Company") is A
    with_level(state, "Amazon", "Company", -3)
    assert friendliness(catalog(), state, "Amazon", "Company") == -3
    assert relationship(catalog(), state, "Amazon", "Company") is E


def test_an_unknown_group_is_refused() -> None:
    with pytest.raises(ValueError, match="no native group or visitor"):
        relationship(catalog(), game(["Amazon"]), "Amazon", "Goblins")


def test_drinks_make_the_column_one_level_friendlier_never_beyond_ally() -> None:
    """7.6.5b L1898: drinks give "the Meeting column that is one level friendlier"; there is no
    column beyond Ally."""
    for before, after in ((E, U), (U, N), (N, F), (F, A), (A, A)):
        assert column(before, drinks=True) is after
        assert column(before, drinks=False) is before


def test_drinks_for_a_group_worse_than_an_enemy_still_use_the_enemy_column() -> None:
    """10.B.6 L3133: "If he buys drinks for a leader who is worse than an enemy, he still uses
    the Enemy column."""
    assert column(-3, drinks=True) is E
    assert column(3, drinks=False) is A
    state = with_level(game(["Amazon"]), "Amazon", "Company", -3)
    meeting = meet(
        dice([2, 1]), catalog(), state, "Amazon", "Company", activity="trade", drinks=True
    )
    assert meeting.column is E
    assert meeting.result.kind is ResultKind.CHALLENGE


# --- the table, every column and every die --------------------------------------------------------


@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("level", COLUMNS, ids=lambda r: r.name)
def test_every_entry_of_the_table_as_printed(level: Relationship, die: int) -> None:
    """L5482–5487, rolled with two dice (the higher counts, 4.1.1) by a character with no
    Meeting Table modifiers; a Trouble or Opportunity rolls again (checked below)."""
    state = with_level(game(["Amazon"]), "Amazon", "Company", int(level))
    meeting = meet(
        dice([die, 1], [2, 2]),
        catalog(),
        state,
        "Amazon",
        "Company",
        activity="trade",
        drinks=False,
    )
    first = meeting.steps[0]
    text = PRINTED[die][COLUMNS.index(level)]
    kind, multiplier = printed_kind(text)
    assert first.column is level
    assert first.roll.result == die
    assert first.result.text == text
    assert first.result.kind is kind
    assert first.result.multiplier == multiplier


def test_challenge_and_insult_offer_five_fame_or_five_notoriety() -> None:
    """L5499, L5501: he "can choose to lose 5 recorded Fame points" (Challenge) or "5 recorded
    Notoriety points" (Insult)."""
    state = with_level(game(["Amazon"]), "Amazon", "Company", int(E))
    challenge = meet(
        dice([2, 2]), catalog(), state, "Amazon", "Company", activity="hire", drinks=False
    )
    insult = meet(
        dice([1, 1]), catalog(), state, "Amazon", "Company", activity="hire", drinks=False
    )
    assert (challenge.result.kind, challenge.result.fame) == (ResultKind.CHALLENGE, -5)
    assert (insult.result.kind, insult.result.notoriety) == (ResultKind.INSULT, -5)


# --- Trouble and Opportunity ----------------------------------------------------------------------


def test_trouble_rolls_again_in_the_unfriendly_column() -> None:
    """L5503: "Immediately roll again and find your result in the Unfriendly column." Neutral 6,
    then 4 in the Unfriendly column: Insult."""
    state = game(["Amazon"])
    roller = dice([6, 3], [4, 2])
    meeting = meet(roller, catalog(), state, "Amazon", "Guard", activity="trade", drinks=False)
    assert [s.column for s in meeting.steps] == [N, U]
    assert [s.result.kind for s in meeting.steps] == [ResultKind.TROUBLE, ResultKind.INSULT]
    assert meeting.result.kind is ResultKind.INSULT
    assert (meeting.column, meeting.final_column) == (N, U)
    assert [r.purpose for r in roller.log] == ["Meeting Table", "Meeting Table"]
    assert list(meeting.rolls) == roller.log


def test_trouble_after_drinks_is_still_the_unfriendly_column() -> None:
    """L5503 names the column: an Unfriendly group made Neutral by drinks (7.6.5b) that rolls
    Trouble sends him to the Unfriendly column, not one friendlier than it."""
    state = game(["Amazon"])  # Company: unfriendly (L3573-3574)
    meeting = meet(
        dice([6, 6], [1, 1]), catalog(), state, "Amazon", "Company", activity="trade", drinks=True
    )
    assert [s.column for s in meeting.steps] == [N, U]
    assert meeting.result.text == "Price x 4"


def test_opportunity_rolls_again_one_column_friendlier() -> None:
    """L5505: "if you roll 'Opportunity' in the Neutral column, roll again and find your new
    result in the Friendly column"; an Opportunity there goes on to the Ally column."""
    state = game(["Amazon"])
    roller = dice([1, 1], [1, 1], [1, 1])
    meeting = meet(roller, catalog(), state, "Amazon", "Guard", activity="trade", drinks=False)
    assert [s.column for s in meeting.steps] == [N, F, A]
    assert [s.result.kind for s in meeting.steps] == [
        ResultKind.OPPORTUNITY,
        ResultKind.OPPORTUNITY,
        ResultKind.BOON,
    ]
    assert len(roller.log) == 3


def test_opportunity_in_the_friendly_column_reads_the_ally_column() -> None:
    state = game(["Amazon"])  # Lancers: friendly (L3573)
    meeting = meet(
        dice([1, 1], [2, 1]), catalog(), state, "Amazon", "Lancers", activity="hire", drinks=False
    )
    assert [s.column for s in meeting.steps] == [F, A]
    assert (meeting.result.kind, meeting.result.multiplier) == (ResultKind.PRICE, 1)


def test_opportunity_after_drinks_starts_from_the_column_drinks_gave() -> None:
    """Unfriendly with drinks is the Neutral column (7.6.5b); its Opportunity goes to Friendly."""
    state = game(["Amazon"])  # Company: unfriendly
    meeting = meet(
        dice([1, 1], [3, 3]), catalog(), state, "Amazon", "Company", activity="trade", drinks=True
    )
    assert [s.column for s in meeting.steps] == [N, F]
    assert meeting.result.text == "Price x 2"


# --- who rolls how --------------------------------------------------------------------------------


def test_the_black_knights_fear_rolls_one_die_on_the_meeting_table_rerolls_too() -> None:
    """L3626: "Whenever the Black Knight rolls on the Meeting Table he rolls one die instead of
    two" — in Trade, Hire and when rolling for battling natives, rerolls included."""
    state = game(["Black Knight"])
    for activity in ("trade", "hire", "battling"):
        assert modifiers(catalog(), state, "Black Knight", activity) == (1, 0)
    meeting = meet(
        dice([1], [1], [3]),
        catalog(),
        state,
        "Black Knight",
        "Bashkars",
        activity="battling",
        drinks=False,
    )
    assert [len(r.dice) for r in meeting.rolls] == [1, 1, 1]
    assert [s.column for s in meeting.steps] == [N, F, A]
    assert meeting.result.text == "Price x 2"
    with pytest.raises(ForcedDiceError):
        meet(
            dice([3, 3]), catalog(), state, "Black Knight", "Guard", activity="trade", drinks=False
        )


def test_the_swordsmans_barter_is_one_die_in_trade_only() -> None:
    """L3849: one die "whenever he uses the Meeting Table during a Trade activity ... not during
    the Hire activity or when he rolls for battling natives"."""
    state = game(["Swordsman"])
    assert modifiers(catalog(), state, "Swordsman", "trade") == (1, 0)
    assert modifiers(catalog(), state, "Swordsman", "hire") == (0, 0)
    assert modifiers(catalog(), state, "Swordsman", "battling") == (0, 0)


def test_the_white_knights_honor_subtracts_one_from_each_die() -> None:
    """L3898: "subtracts one from each die he rolls whenever he rolls on the Meeting Table; this
    includes all rolls he makes during trading, hiring and rolling to see if the natives will
    battle him." A 6 and a 6 are a 5: No Deal in the Neutral column, not Trouble; a 2 and a 1
    with the Order (Ally, L3902) are a 1: Boon."""
    state = game(["White Knight"])
    for activity in ("trade", "hire", "battling"):
        assert modifiers(catalog(), state, "White Knight", activity) == (0, -1)
    neutral = meet(
        dice([6, 6]), catalog(), state, "White Knight", "Guard", activity="battling", drinks=False
    )
    assert (neutral.rolls[0].result, neutral.result.kind) == (5, ResultKind.NO_DEAL)
    ally = meet(
        dice([2, 1]), catalog(), state, "White Knight", "Order", activity="trade", drinks=False
    )
    assert ally.result.kind is ResultKind.BOON


def test_the_dwarf_rolls_one_die_in_a_cave_clearing_only() -> None:
    """L3719: one die on "the Meeting Table ... when he is in a cave clearing"."""
    for clearing, count in (("BL6", 1), ("M1", 0)):
        state = game(["Dwarf"], Dwarf=clearing)
        board = board_for(catalog(), state.tiles)
        assert (board.clearing_type(clearing) is ClearingType.CAVE) == bool(count)
        assert modifiers(catalog(), state, "Dwarf", "trade") == (count, 0)


def test_a_hired_leader_uses_his_employers_relationships_but_not_his_modifiers() -> None:
    """7.6.5a L1897: "Hired leaders use the hiring character's trading relationships"; 4.1.4
    L1045: the character's modifications do not apply to his hirelings — no Fear."""
    state = game(["Black Knight"], Company_HQ="AV5")
    hire(catalog(), state, "Company HQ", "Black Knight")
    assert relationship(catalog(), state, "Company HQ", "Guard") is E
    assert modifiers(catalog(), state, "Company HQ", "trade") == (0, 0)
    meeting = meet(
        dice([3, 2]), catalog(), state, "Company HQ", "Guard", activity="trade", drinks=False
    )
    assert meeting.rolls[0].who == "Company HQ"
    assert meeting.result.kind is ResultKind.BLOCK_BATTLE


def test_the_purpose_recorded_may_be_named() -> None:
    roller = dice([4, 4])
    meet(
        roller,
        catalog(),
        game(["Amazon"]),
        "Amazon",
        "Guard",
        activity="trade",
        drinks=False,
        purpose="Meeting Table (buy)",
    )
    assert roller.log[0].purpose == "Meeting Table (buy)"


# --- drinks ---------------------------------------------------------------------------------------


def test_drinks_are_not_bought_for_visitors() -> None:
    """7.6.5b L1898: "He can buy drinks only for natives, not visitors"."""
    state = game(["Black Knight"])
    with pytest.raises(ValueError, match="natives"):
        meet(dice([4, 4]), catalog(), state, "Black Knight", "Crone", activity="trade", drinks=True)
    with pytest.raises(ValueError, match="natives"):
        drinks_cost(catalog(), state, "Crone", "AV5")


def test_drinks_cost_one_gold_for_each_member_in_the_clearing_hired_or_not() -> None:
    """7.6.5b L1898: "one Gold point for each member of the group in the clearing (both hired
    and unhired)"; members elsewhere and other groups cost nothing."""
    state = game(
        ["Black Knight"],
        Company_HQ="AV5",
        Company_1="AV5",
        Company_2="AV5",
        Company_3="M1",
        Guard_HQ="AV5",
    )
    hire(catalog(), state, "Company 2", "Black Knight")
    assert drinks_cost(catalog(), state, "Company", "AV5") == 3
    assert drinks_cost(catalog(), state, "Guard", "AV5") == 1
    assert drinks_cost(catalog(), state, "Bashkars", "AV5") == 0
    assert state.place_of("Company 3") == Place.clearing("M1")


# --- battling and blocking ------------------------------------------------------------------------


def result(kind: ResultKind, multiplier: int | None = None) -> MeetingResult:
    return MeetingResult(kind=kind, text=kind.value, multiplier=multiplier)


@pytest.mark.parametrize("kind", list(ResultKind), ids=lambda k: k.value)
def test_battles_on_block_battle_and_unpaid_insult_or_challenge_only(kind: ResultKind) -> None:
    """8.2.2b L2280: "If he rolls 'Block/Battle' for a group, or if he rolls 'Insult' or
    'Challenge' and does not pay the penalty points, then that group battles him ... If he rolls
    any other result, the group is not battling him"."""
    hostile_unpaid = kind in (ResultKind.BLOCK_BATTLE, ResultKind.INSULT, ResultKind.CHALLENGE)
    assert battles(result(kind), pays_insult=False, pays_challenge=False) is hostile_unpaid
    assert battles(result(kind), pays_insult=True, pays_challenge=True) is (
        kind is ResultKind.BLOCK_BATTLE
    )
    assert blocks(result(kind), pays_insult=False, pays_challenge=False) is hostile_unpaid


def test_paying_one_penalty_does_not_pay_the_other() -> None:
    """L5499 (Challenge: Fame) and L5501 (Insult: Notoriety) are separate payments."""
    challenge, insult = result(ResultKind.CHALLENGE), result(ResultKind.INSULT)
    assert battles(challenge, pays_insult=True, pays_challenge=False)
    assert not battles(challenge, pays_insult=False, pays_challenge=True)
    assert battles(insult, pays_insult=False, pays_challenge=True)
    assert not battles(insult, pays_insult=True, pays_challenge=False)


def test_an_evening_roll_for_an_enemy_group_battles_him() -> None:
    """8.2.2 with the Black Knight and the Guard (Enemy, L3633): one die (Fear), a 3 is
    Block/Battle (L5484), and the Guard battles him."""
    state = game(["Black Knight"])
    meeting = meet(
        dice([3]), catalog(), state, "Black Knight", "Guard", activity="battling", drinks=False
    )
    assert battles(meeting.result, pays_insult=True, pays_challenge=True)


def test_an_insult_or_a_challenge_costs_the_points_its_printed_result_takes() -> None:
    """L5499–5501: 5 Notoriety or 5 Fame, as the Meeting Table's data prints them; a table that
    printed another number would cost that number."""
    data = catalog()
    sheet = CharacterState(name="Amazon", start="Inn", chits=[], fame=10, notoriety=10)
    pay_penalty(data, sheet, "Insult")
    pay_penalty(data, sheet, "Challenge")
    assert (sheet.notoriety, sheet.fame) == (5, 5)
    table = data.tables[TABLE]
    results = {
        **table.results,
        "insult": table.results["insult"].model_copy(update={"notoriety": -3}),
        "challenge": table.results["challenge"].model_copy(update={"fame": -7}),
    }
    printed = table.model_copy(update={"results": results})
    named = attrgetter("name")
    records = [printed if t.name == TABLE else t for t in data.tables.values()]
    altered = dataclasses.replace(data, tables=Index("table", records, named))
    assert (penalty_cost(altered, "Insult"), penalty_cost(altered, "Challenge")) == (3, 7)
    pay_penalty(altered, sheet, "Insult")
    assert sheet.notoriety == 2
    assert english(penalty_prompt(altered, "Company", "Challenge", "battled")) == (
        "The Company's Challenge: pay 7 Fame, or refuse and be battled?"
    )
