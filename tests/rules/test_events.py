"""Events and their audiences (DESIGN: Events and secrecy): every type declares who may see it,
and an event cannot be made against its declaration."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
        event("levitated", who="Amazon")
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


NAMES = ("Amazon", "Elf", "Dwarf", "Company HQ")


@given(
    st.sampled_from(sorted(EVENT_TYPES)),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True),
    st.sampled_from((*NAMES, "public", "moderator")),
)
def test_who_sees_an_event_is_what_its_type_declares(kind: str, recipients: list[str], viewer):
    """Whatever the type and the viewer: a public event is seen by all, a private one only by
    its recipients and the moderator, a moderator's only by him, and the public never sees a
    private one."""
    audience = EVENT_TYPES[kind].audience
    private = audience == "private"
    made = event(kind, private_to=recipients if private else ())
    if audience == "moderator":
        assert made.visible_to(viewer) == (viewer == "moderator")
    elif not private:
        assert made.visible_to(viewer)
    else:
        assert made.visible_to(viewer) == (viewer in recipients or viewer == "moderator")
        assert not made.visible_to("public")
