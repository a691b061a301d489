"""Magic in the day's reports (issue 34, "What players see"): enchanting, colour supplied, casts
and their effects, the Spell Tables' rolls, spells energized, inert, expiring and broken are each
told in the public report with its rule, in Daylight and in the Evening; what is private —
Ask Demon's question, a vision's cards, a Wise Bird's peek, a spell erased — reaches its
recipients' reports and no one else's, nor the public report.

The events are a played campaign of six spellcasters on the autopilot (their battle spells
recorded, as the demo seats them: :func:`rules.autopilot_setup`) and scenarios of the magic that
campaign does not reach."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from bot.event_text import describe
from bot.own_report import own_report
from bot.reports import day_report
from rules import (
    CharacterSetup,
    autopilot_orders,
    autopilot_setup,
    catalog,
    new_game,
    parse_orders,
    resolve,
)
from rules.events import PUBLIC, Event
from rules.events.casting import Cast
from rules.events.magic import ColorSupplied
from rules.plain_yaml import load_plain_yaml
from scenarios.format import load_scenario
from scenarios.run import run

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "magic"

#: Scenarios of magic the campaign does not reach, each a day's events: private results (Ask
#: Demon, a vision, a Wise Bird's peek), tiles enchanted, automatic sources energizing, spells
#: inert at Midnight, broken, expiring at Sunset, a Curse rolled and a Spell Table's roll.
DAYS = (
    "spells_control/L4953_ask_demon_asks_another_player_in_secret.yaml",
    "spells_tables/L5258_the_wish_for_a_vision_is_his_alone.yaml",
    "spells_daylight/L4729_talk_to_wise_bird_peers_into_any_clearing.yaml",
    "enchant/7.10.4_a_colour_chit_supplies_the_tile_and_fatigues_L2034.yaml",
    "enchant/7.10.1_em_then_e_enchants_a_chit_L2022.yaml",
    "spells/4.6.7h.3_a_target_moving_into_the_chapel_is_energized_at_once.yaml",
    "spells/8.9.2d_at_midnight_a_permanent_spell_falls_inert.yaml",
    "spells/4.6.10h.2_a_spell_breaks_when_its_caster_is_killed.yaml",
    "spells/8.1.1_a_day_spell_expires_at_sunset_before_combat.yaml",
    "spells_tables/L4962_curse_the_caster_rolls_and_the_target_is_cursed.yaml",
    "spells_transform/4.6.9d_a_monster_made_a_lion_attacks_with_the_lions_values.yaml",
)

#: The six spellcasters of the campaign.
CASTERS = ("Wizard", "Witch King", "Magician", "Sorcerer", "Druid", "Witch")

#: The modules of magic's events.
MAGIC = ("rules.events.magic", "rules.events.spells", "rules.events.casting")


def scenario_day(name: str) -> tuple[list[Event], list[str]]:
    """The events of the scenario ``name`` and its characters."""
    document = load_plain_yaml((SCENARIOS / name).read_text(encoding="utf-8"))
    outcome = run(catalog(), load_scenario(document))
    return outcome.events, list(outcome.state.characters)


@cache
def campaign() -> tuple[tuple[list[Event], ...], tuple[str, ...]]:
    """Fourteen days of the six spellcasters on the autopilot, each day's events."""
    data = catalog()
    setups: list[CharacterSetup | str] = []
    for name in CASTERS:
        lines = autopilot_setup(data, name)
        spells = tuple(s.strip() for s in lines[0].partition(":")[2].split(",")) if lines else None
        setups.append(CharacterSetup(name=name, spells=spells))
    state = new_game(data, 7, setups)
    days: list[list[Event]] = []
    for _ in range(14):
        orders = {}
        for name in state.characters:
            read = parse_orders(
                autopilot_orders(state, name, catalog=data), state, name, catalog=data
            )
            if read.orders is not None:
                orders[name] = read.orders
        resolution = resolve(state, orders, catalog=data)
        days.append(list(resolution.events))
        state = resolution.state
        if state.today.stage == "over":
            break
    return tuple(days), tuple(state.characters)


def every_day() -> list[tuple[list[Event], list[str]]]:
    """The campaign's days and the scenarios', each with its characters."""
    days, names = campaign()
    return [(events, list(names)) for events in days] + [scenario_day(name) for name in DAYS]


def told_by_its_cast(events: list[Event], index: int) -> bool:
    """Whether ``events[index]`` is colour supplied to the cast right after it, which the cast's
    line tells (its colour and source)."""
    event = events[index]
    after = events[index + 1] if index + 1 < len(events) else None
    return (
        isinstance(event, ColorSupplied)
        and isinstance(after, Cast)
        and (event.who, event.source, event.color) == (after.who, after.source, after.color)
    )


def test_the_campaign_and_scenarios_hold_the_magic_they_are_for() -> None:
    """The test below is not empty: the days hold enchanting, casts, Spell Table rolls, spells
    energized, inert, broken and expiring, and the private results it is about."""
    types = {e.type for events, _ in every_day() for e in events}
    days, _ = campaign()
    cast = {e.type for events in days for e in events}
    assert {"enchanted", "meditated", "cast", "spell_took_effect", "spell_table"} <= cast
    assert {
        "tile_flipped",
        "color_supplied",
        "spell_energized",
        "spell_inert",
        "spell_broken",
        "spell_expired",
    } <= types
    assert {"asked_demon", "vision_seen", "looked"} <= types


def test_every_public_magic_event_is_in_the_public_report_with_its_rule() -> None:
    for events, _ in every_day():
        public = day_report(events, PUBLIC)
        seen = [e for e in events if e.visible_to(PUBLIC)]
        for index, event in enumerate(seen):
            if type(event).__module__ not in MAGIC or told_by_its_cast(seen, index):
                continue
            text = describe(event)
            assert text in public, (text, public)
            assert text.endswith(")"), f"{text}: the rule closes the line"


@pytest.mark.parametrize("source", ["campaign", *DAYS[:3]])
def test_a_private_result_reaches_its_recipients_alone(source: str) -> None:
    """Each private event's line is in its recipients' own reports (the DM) and reports, and in
    no one else's nor in the public report."""
    if source == "campaign":
        found, names = campaign()
        days = [(events, list(names)) for events in found]
    else:
        days = [scenario_day(source)]
    private = 0
    for events, characters in days:
        public = day_report(events, PUBLIC)
        reports = {n: (day_report(events, n), own_report(events, n, "Test")) for n in characters}
        for event in events:
            if event.visible_to(PUBLIC):
                continue
            private += 1
            text = describe(event)
            assert text not in public, text
            for name, (report, own) in reports.items():
                if event.visible_to(name):
                    assert text in own, (name, text, own)
                else:
                    assert text not in report and text not in own, (name, text)
    assert private, "the days hold private events"


def test_sunsets_expiring_spell_is_told_before_the_evening_and_its_chit_apart() -> None:
    """8.1.1: the Witch King's Phantasm expires at Sunset, before combat: its line comes after
    the turns and before the Evening, with its chit fatiguing in a line of its own, not in the
    last phase of his turn."""
    events, _ = scenario_day("spells/8.1.1_a_day_spell_expires_at_sunset_before_combat.yaml")
    report = day_report(events, PUBLIC).splitlines()
    expired = report.index("Witch King's Phantasm expires at Sunset (4.6.7g.2)")
    assert report.index("Witch King: H (4, 4: hidden)") < expired < report.index("Evening")
    assert report[expired + 1] == "Witch King fatigues MAGIC VI4*"
