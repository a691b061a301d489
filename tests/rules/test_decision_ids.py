"""Decision ids (rules.decisions.ids): read back exactly as written, names with spaces and
subjects with ``/`` included; what cannot be read back the same is refused."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.decisions import CombatId, DecisionId, DecisionIdError, TurnId, clearing_of, combat_id

#: A name that is not a subject (whose turn, the clearing, who): anything but a ``/``.
names = st.text(min_size=1).filter(lambda t: "/" not in t)
#: A kind: a word, neither ``/`` nor space.
kinds = st.text(min_size=1).filter(lambda t: "/" not in t and " " not in t)
#: A subject: any text, ``/`` and spaces included, or none.
subjects = st.none() | st.text() | st.sampled_from(["Pony M3/M4", "a/b/c", "/", " ", ""])
numbers = st.integers(min_value=0, max_value=10**9)

turn_ids = st.builds(
    TurnId, day=numbers, turn=names, phase=numbers, kind=kinds, who=names, subject=subjects
)
combat_ids = st.builds(
    CombatId, day=numbers, clearing=names, round=numbers, kind=kinds, who=names, subject=subjects
)


@given(turn_ids | combat_ids)
@example(TurnId(day=3, turn="Amazon", phase=2, kind="sell", who="Amazon", subject="Pony M3/M4"))
@example(
    CombatId(day=3, clearing="CV5", round=1, kind="lure", who="Black Knight", subject="Giant 1")
)
def test_an_id_reads_back_as_itself(where: TurnId | CombatId):
    assert DecisionId.parse(where.format()) == where
    assert str(where) == where.format()


#: Texts of the shape of an id, from parts that may be anything but a ``/``.
shaped = st.builds(
    lambda day, place, step, rest: "/".join([day, place, step, *rest]),
    st.sampled_from(["d3", "d0", "d03", "x3", "d"]) | st.text(max_size=3),
    st.text(max_size=5),
    st.sampled_from(["p1", "r0", "r2", "p", "q1", "r01"]) | st.text(max_size=3),
    st.lists(st.text(max_size=6), max_size=5),
)


@given(shaped | st.text())
def test_a_text_reads_as_an_id_written_the_same_or_is_refused(text: str):
    try:
        where = DecisionId.parse(text)
    except DecisionIdError:
        return
    assert where.format() == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "d3/Amazon/p2/rest/Woods Girl",
            TurnId(day=3, turn="Amazon", phase=2, kind="rest", who="Woods Girl"),
        ),
        (
            "d3/Amazon/p2/sell Pony M3/M4/Amazon",
            TurnId(day=3, turn="Amazon", phase=2, kind="sell", who="Amazon", subject="Pony M3/M4"),
        ),
        (
            "d12/Company HQ/p1/pay Short Sword 1/Company HQ",
            TurnId(
                day=12,
                turn="Company HQ",
                phase=1,
                kind="pay",
                who="Company HQ",
                subject="Short Sword 1",
            ),
        ),
        (
            "d3/CV5/r2/maneuver/Amazon",
            CombatId(day=3, clearing="CV5", round=2, kind="maneuver", who="Amazon"),
        ),
        (
            "d1/DW5/r0/drinks/Black Knight/Company",
            CombatId(
                day=1, clearing="DW5", round=0, kind="drinks", who="Black Knight", subject="Company"
            ),
        ),
    ],
)
def test_the_ids_of_the_game_read_as_where_they_arise(text: str, expected: DecisionId):
    assert DecisionId.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x/y",
        "d1/Amazon/p1/rest",  # four parts
        "d01/Amazon/p1/rest/Amazon",  # would be written d1
        "d1/Amazon/p01/rest/Amazon",
        "d/Amazon/p1/rest/Amazon",
        "1/Amazon/p1/rest/Amazon",
        "d1/Amazon/q1/rest/Amazon",  # neither a phase nor a round
        "d1/Amazon/p1/rest/x/Amazon",  # a kind holding a '/'
        "d1//p1/rest/Amazon",  # nobody's turn
        "d1/DW5/r1/lure/",  # nobody decides
        "d1/DW5/r1/two words/Amazon",  # a kind holding a space
        "d²/DW5/r1/lure/Amazon",
    ],
)
def test_a_text_that_is_no_id_is_refused(text: str):
    with pytest.raises(DecisionIdError):
        DecisionId.parse(text)
    assert combat_id(text) is None and clearing_of(text) is None


@pytest.mark.parametrize(
    "parts",
    [
        {"who": "Pony M3/M4"},
        {"kind": "sell pony"},
        {"kind": ""},
        {"day": -1},
        {"phase": True},
    ],
)
def test_parts_that_would_read_back_as_another_id_are_refused(parts: dict[str, object]):
    """A ``/`` is written as it is only in a subject: anywhere else it would move the parts
    after it."""
    given_parts: dict[str, object] = {
        "day": 1,
        "turn": "Amazon",
        "phase": 1,
        "kind": "rest",
        "who": "Amazon",
        **parts,
    }
    with pytest.raises(DecisionIdError):
        TurnId(**given_parts)  # type: ignore[arg-type]


def test_only_a_combat_id_has_a_clearing():
    assert clearing_of("d3/CV5/r1/lure/Amazon/Giant 1") == "CV5"
    assert clearing_of("d3/Amazon/p2/sell Pony M3/M4/Amazon") is None
    assert combat_id("d3/CV5/r0/insult/Amazon/Company") == CombatId(
        day=3, clearing="CV5", round=0, kind="insult", who="Amazon", subject="Company"
    )
