"""Events and their audiences (DESIGN: Events and secrecy): every type declares who may see it,
and an event cannot be made against its declaration."""

from __future__ import annotations

import pytest

from rules.events import EVENT_TYPES, AudienceError, Event, event


def test_every_event_type_declares_an_audience_and_a_text():
    for name, kind in EVENT_TYPES.items():
        assert kind.audience in ("public", "private", "moderator"), name
        assert kind.text.strip(), name


def test_what_players_keep_secret_is_private():
    """Discoveries (2.6.2e) and what changes hands in a trade (7.2.1) are the characters' own."""
    private = {name for name, kind in EVENT_TYPES.items() if kind.audience == "private"}
    assert {"discovered", "traded_detail", "trade_failed", "trade_not_made"} <= private


def test_a_private_event_needs_its_recipients():
    with pytest.raises(AudienceError, match="private"):
        event("discovered", who="Amazon", what="HOARD 6", how="searching")
    made = event("discovered", private_to=["Amazon"], who="Amazon", what="HOARD 6", how="x")
    assert (made.audience, made.to) == ("private", ("Amazon",))
    assert made.visible_to("Amazon") and made.visible_to("moderator")
    assert not made.visible_to("public") and not made.visible_to("Elf")


def test_a_public_event_has_no_recipients_and_unknown_types_are_refused():
    with pytest.raises(AudienceError, match="public"):
        event("moved", private_to=["Amazon"], who="Amazon")
    with pytest.raises(AudienceError, match="vocabulary"):
        event("teleported", who="Amazon")
    assert event("moved", who="Amazon").audience == "public"


def test_the_stored_form_is_unchanged():
    """An event's JSON keeps its type, fields in the order written, audience and recipients."""
    made = event("moved", **{"who": "Amazon", "from": "CV1", "to": "CV5"})
    assert made.model_dump(mode="json") == {
        "type": "moved",
        "fields": {"who": "Amazon", "from": "CV1", "to": "CV5"},
        "audience": "public",
        "to": [],
    }
    assert Event.model_validate(made.model_dump(mode="json")) == made
