"""Ask Demon's secret (L4953: "Question and answer must be kept secret from the other
players"): whom the caster asks reaches the two of them and the moderator, never a third player
nor the public (:class:`rules.events.casting.AskedDemon`)."""

from __future__ import annotations

from pathlib import Path

import yaml

from rules.catalog import catalog
from rules.events import Event
from rules.events.base import visible_to
from scenarios import load_scenario
from scenarios.run import run

SCENARIO = (
    Path(__file__).parents[2]
    / "scenarios/magic/spells_control/L4953_ask_demon_asks_another_player_in_secret.yaml"
)


def _events() -> list[Event]:
    scenario = load_scenario(yaml.safe_load(SCENARIO.read_text(encoding="utf-8")))
    return run(catalog(), scenario).events


def test_whom_she_asks_is_told_to_the_two_of_them_and_the_moderator_only():
    events = _events()
    asked = [e for e in events if e.type == "asked_demon"]
    assert len(asked) == 1
    event = asked[0]
    assert event.fields == {"who": "Witch", "of": "Dwarf"}
    assert event.audience == "private"
    assert set(event.recipients) == {"Witch", "Dwarf"}
    for viewer in ("Witch", "Dwarf", "moderator"):
        assert event.visible_to(viewer), viewer
    for viewer in ("Amazon", "public"):
        assert not event.visible_to(viewer), viewer


def test_no_event_a_third_player_or_the_public_sees_names_whom_she_asked():
    events = _events()
    for viewer in ("Amazon", "public"):
        seen = visible_to(events, viewer)
        assert all(e.type != "asked_demon" for e in seen), viewer
        assert not any(e.fields.get("who") == "Witch" and "Dwarf" in str(e.fields) for e in seen), (
            viewer
        )
