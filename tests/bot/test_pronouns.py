"""Issue 31: the Amazon, the Witch and the Woods Girl are "she" in every report and message, as
the rulebook speaks of them (L3568, L3918, L4013), every other character "he"."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from bot.render import render
from bot.wording import HE, SHE, pronouns


def test_the_rulebook_s_women_are_she_and_everyone_else_he():
    assert {name: pronouns(name) for name in ("Amazon", "Witch", "Woods Girl")} == {
        "Amazon": SHE,
        "Witch": SHE,
        "Woods Girl": SHE,
    }
    assert pronouns("Witch King") == pronouns("Elf") == pronouns("Giant 1") == HE


@pytest.mark.parametrize(
    ("character", "he", "him"), [("Woods Girl", "she", "her"), ("Elf", "he", "him")]
)
def test_a_reminder_speaks_of_the_character_as_the_rulebook_does(character, he, him):
    deadline = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    campaign = SimpleNamespace(name="Vale", day=3, deadline=deadline)
    text = render(
        "messages/reminder.txt.j2", campaign=campaign, character=character, standing=False
    )
    assert f"Without orders {he} does nothing that day" in text
    assert f"the autopilot plays {him}." in text
