"""The day's report: what each viewer reads of a turn."""

from __future__ import annotations

from bot.reports import day_report
from rules.events import event

CARD_ABANDONED = [
    event("day_started", day=1, month=1, colors=[]),
    event("turn_started", who="Amazon"),
    event("phase_started", who="Amazon", phase=1, activity="M BL2"),
    event("abandoned_card", who="Amazon", at="BL3"),
    event(
        "abandoned_card_named", private_to=["Amazon"], who="Amazon", item="Cloak of Mist", at="BL3"
    ),
    event("moved", **{"who": "Amazon", "from": "BL3", "to": "BL2"}),
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
