"""The day's report: what each viewer reads of a turn."""

from __future__ import annotations

from bot.reports import day_report
from rules.events.day import DayStarted
from rules.events.daylight import (
    AbandonedCard,
    AbandonedCardNamed,
    Moved,
    PhaseStarted,
    TurnStarted,
)

CARD_ABANDONED = [
    DayStarted(day=1, month=1, colors=()),
    TurnStarted(who="Amazon"),
    PhaseStarted(who="Amazon", phase=1, activity="M BL2"),
    AbandonedCard(who="Amazon", at="BL3"),
    AbandonedCardNamed(recipients=("Amazon",), who="Amazon", item="Cloak of Mist", at="BL3"),
    Moved(who="Amazon", from_="BL3", to="BL2"),
]


def test_an_abandoned_treasure_card_is_named_to_its_owner_only():
    """4.4.1c: the public reads that a Treasure card was abandoned; the owner reads which."""
    public = day_report(CARD_ABANDONED, "public")
    assert "Amazon: M BL2 (abandons a Treasure card)" in public
    assert "Cloak" not in public
    own = day_report(CARD_ABANDONED, "Amazon")
    assert "Amazon: M BL2 (abandons a Treasure card) (it is the Cloak of Mist)" in own
    assert "Cloak of Mist" in day_report(CARD_ABANDONED, "moderator")
    assert "Cloak" not in day_report(CARD_ABANDONED, "Dwarf")


def test_a_loot_reads_as_the_roll_in_public_and_what_he_took_in_private():
    """7.5.5e: everyone reads his roll and that he took a Treasure card; he reads which, once,
    and no phase is told twice though the day stopped for his choice."""
    from pathlib import Path

    from bot.scenarios import read_scenario
    from rules.catalog import catalog
    from scenarios.run import run

    scenario = Path(__file__).parents[1] / "scenarios" / "search"
    done = run(
        catalog(),
        read_scenario(scenario / "7.5.5b_loot_a_discovered_site_shows_its_chit_L1815.yaml"),
    )
    public = day_report(done.events, "public")
    mine = day_report(done.events, "Amazon")
    assert (
        "Amazon: S Loot HOARD 6 (2, 1: Take 2nd treasure in pile) (takes a Treasure card)" in public
    )
    assert "Power Boots" not in public
    assert (
        "Amazon: S Loot HOARD 6 (2, 1: Take 2nd treasure in pile) (takes the Power Boots)" in mine
    )
    assert mine.count("S Loot HOARD 6") == 1


def _run(folder: str, name: str):
    from pathlib import Path

    from bot.scenarios import read_scenario
    from rules.catalog import catalog
    from scenarios.run import run

    return run(catalog(), read_scenario(Path(__file__).parents[1] / "scenarios" / folder / name))


def test_a_mission_taken_and_delivered_reads_under_its_phases():
    """7.2.4c, e.4: everyone reads that the Amazon took the Food/Ale, for what, and that she
    delivered it, with the reward."""
    done = _run("missions", "7.2.4e1_mission_reward_counts_the_shortest_route_L1619.yaml")
    public = day_report(done.events, "public")
    assert (
        "Amazon: M DW5 (takes the Food/Ale for 5 Notoriety: deliver it to the Inn by the "
        "Midnight of game day 14 for 4 Gold)" in public
    )
    assert "*M DW1 (delivers the Food/Ale to the Inn: 4 Gold, 5 Notoriety back)" in public


def test_a_task_failed_at_midnight_reads_after_the_turns():
    """7.2.4d: the failure at Midnight is its own line after the turns, not a phase's result."""
    done = _run("missions", "7.2.4d_mission_fails_at_midnight_of_its_fourteenth_day_L1617.yaml")
    public = day_report(done.events, "public")
    line = (
        "Amazon fails the Food/Ale mission (game day 14 ends): she pays 5 Notoriety again and "
        "the chit is put in DW3 (7.2.4d)"
    )
    assert line in public.splitlines()
    turn = next(text for text in public.splitlines() if text.startswith("Amazon: "))
    assert "fails" not in turn
