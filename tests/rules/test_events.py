"""Events and their audiences (DESIGN: Events and secrecy): every type is a class that declares
who may see it, an event cannot be made against its declaration, and the stored form is the one
the engine always wrote (issue 30: typed events)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.events import (
    PUBLIC,
    AudienceError,
    Event,
    Public,
    Untyped,
    event_types,
    from_stored,
    visible_to,
)
from rules.events.daylight import Moved, Rested
from rules.events.evening import Killed
from rules.events.search import Discovered
from rules.phrases import phrase

#: How a discovery in these tests is made (7.5.4).
PEER = phrase("search.by_table", table="Peer")


def test_every_event_type_declares_an_audience_and_a_template():
    for name, kind in event_types().items():
        assert kind.type == name
        assert kind.audience in ("public", "private", "moderator"), name
        section, _, macro = kind.template.partition(".")
        assert kind.__module__ == f"rules.events.{section}" and macro == name, name


def test_what_players_keep_secret_is_private():
    """Discoveries (2.6.2e) and what changes hands in a trade (7.2.1) are the characters' own;
    so are whom Ask Demon asks (L4953) and what a vision shows (4.6.8b.2)."""
    private = {name for name, kind in event_types().items() if kind.audience == "private"}
    assert {"discovered", "traded_detail", "trade_failed", "trade_not_made"} <= private
    assert {"asked_demon", "vision_seen"} <= private


def test_a_private_event_needs_its_recipients():
    with pytest.raises(TypeError, match="recipients"):
        Discovered(who="Amazon", what="HOARD 6", how=PEER)  # type: ignore[call-arg]
    with pytest.raises(AudienceError, match="private"):
        Discovered(recipients=(), who="Amazon", what="HOARD 6", how=PEER)
    made = Discovered(recipients=("Amazon",), who="Amazon", what="HOARD 6", how=PEER)
    assert (made.audience, made.recipients) == ("private", ("Amazon",))
    assert made.visible_to("Amazon") and made.visible_to("moderator")
    assert not made.visible_to("public") and not made.visible_to("Elf")


def test_a_public_event_has_no_recipients_and_unknown_types_are_refused():
    with pytest.raises(TypeError, match="recipients"):
        Moved(recipients=("Amazon",), who="Amazon", from_="CV1", to="CV5")  # type: ignore[call-arg]
    with pytest.raises(AudienceError, match="vocabulary"):
        Public()

    class Levitated(Public):
        who: str

    with pytest.raises(AudienceError, match="vocabulary"):
        Levitated(who="Amazon")
    with pytest.raises(TypeError, match="twice"):

        class Moved2(Public, type="moved"):
            who: str

    assert Moved(who="Amazon", from_="CV1", to="CV5").audience == "public"
    assert event_types()["moved"] is Moved


def test_the_stored_form_is_unchanged():
    """An event's stored form keeps its type, fields by their stored names in the order
    written, audience and recipients; it reads back as the same event."""
    made = Moved(who="Amazon", from_="CV1", to="CV5")
    assert made.stored() == {
        "type": "moved",
        "fields": {"who": "Amazon", "from": "CV1", "to": "CV5"},
        "audience": "public",
        "to": [],
    }
    assert from_stored(made.stored()) == made
    secret = Discovered(recipients=("Amazon",), who="Amazon", what="HOARD 6", how=PEER)
    assert secret.stored()["to"] == ["Amazon"]
    assert secret.stored()["fields"]["how"] == {"phrase": "search.by_table", "table": "Peer"}
    assert from_stored(secret.stored()) == secret


def test_an_optional_field_is_stored_only_when_given():
    """A field with a default is left out while it holds it (``round`` outside combat); one that
    may be None as a value of its own is stored as null when it is (a rest that changed no
    chit), and left out when not given (nothing to rest)."""
    assert Killed(who="Amazon", by="wounds", at="CV1").fields == {
        "who": "Amazon",
        "by": "wounds",
        "at": "CV1",
    }
    assert Killed(who="Amazon", by=("Elf", "Dwarf"), at="CV1", round=2).fields["by"] == [
        "Elf",
        "Dwarf",
    ]
    nothing = Rested(who="Amazon", chit=None, to=None, option="nothing to rest")
    assert list(nothing.fields) == ["who", "chit", "to", "option"]
    changed = Rested(who="Amazon", chit="MOVE M3*", to="active", option="a.1", change=None)
    assert list(changed.fields) == ["who", "chit", "to", "option", "change"]
    assert from_stored(nothing.stored()) == nothing
    assert from_stored(changed.stored()) == changed


def test_an_old_stored_event_still_loads_and_keeps_its_audience():
    """What an older version stored reads back: a field since added (the ``at`` of a kill) or a
    value of another kind makes an untyped event, shown as stored; a field since dropped is
    left out; a type no longer known keeps its stored audience and recipients."""
    old = from_stored(
        {"type": "killed", "fields": {"who": "Wolf 1", "by": "Amazon"}, "audience": "public"}
    )
    assert isinstance(old, Untyped) and not isinstance(old, Killed)
    assert (old.type, old.fields, old.audience) == (
        "killed",
        {"who": "Wolf 1", "by": "Amazon"},
        "public",
    )
    odd = from_stored({"type": "moved", "fields": {"who": "Amazon", "from": 3, "to": "CV5"}})
    assert isinstance(odd, Untyped) and odd.fields["from"] == 3
    dropped = from_stored(
        {
            "type": "moved",
            "fields": {"who": "Amazon", "from": "CV1", "to": "CV5", "speed": 2},
            "audience": "public",
            "to": [],
        }
    )
    assert dropped == Moved(who="Amazon", from_="CV1", to="CV5")
    gone = from_stored(
        {"type": "levitated", "fields": {"who": "Amazon"}, "audience": "private", "to": ["Elf"]}
    )
    assert (gone.type, gone.audience, gone.recipients) == ("levitated", "private", ("Elf",))
    assert visible_to([gone], "Elf") == [gone] and visible_to([gone], PUBLIC) == []
    assert not gone.visible_to("Amazon")


def test_a_stored_event_keeps_the_audience_it_was_stored_for():
    """An event stored as private to a character stays so even if its type's class is public
    now: nothing stored secret becomes public."""
    stored = {
        "type": "moved",
        "fields": {"who": "Amazon", "from": "CV1", "to": "CV5"},
        "audience": "private",
        "to": ["Amazon"],
    }
    read = from_stored(stored)
    assert isinstance(read, Untyped)
    assert not read.visible_to(PUBLIC) and read.visible_to("Amazon")


NAMES = ("Amazon", "Elf", "Dwarf", "Company HQ")


def _values(kind: type[Event]) -> st.SearchStrategy[dict[str, Any]]:
    """Some value of each field of ``kind`` (its type is not what this test is about)."""
    return st.fixed_dictionaries(
        {
            f.name: st.one_of(st.text(max_size=5), st.integers(), st.none())
            for f in dataclasses.fields(kind)  # type: ignore[arg-type]
            if f.name != "recipients"
        }
    )


@given(
    st.sampled_from(sorted(event_types())).flatmap(
        lambda name: st.tuples(st.just(name), _values(event_types()[name]))
    ),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True),
    st.sampled_from((*NAMES, "public", "moderator")),
)
def test_who_sees_an_event_is_what_its_type_declares(made_of, recipients, viewer):
    """Whatever the type and the viewer: a public event is seen by all, a private one only by
    its recipients and the moderator, a moderator's only by him, and the public never sees a
    private one — as made, and as read back from its stored form."""
    name, values = made_of
    kind = event_types()[name]
    private = kind.audience == "private"
    make: Any = kind  # any type's class, with its fields' values
    made = make(**values, recipients=tuple(recipients)) if private else make(**values)
    for event in (made, from_stored(made.stored())):
        if kind.audience == "moderator":
            assert event.visible_to(viewer) == (viewer == "moderator")
        elif not private:
            assert event.visible_to(viewer)
        else:
            assert event.visible_to(viewer) == (viewer in recipients or viewer == "moderator")
            assert not event.visible_to("public")
