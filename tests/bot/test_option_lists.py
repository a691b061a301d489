"""Long option lists written with braces and read back (bot.option_lists, issue 32)."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from bot.option_lists import compact, compactable, expand

CHITS = ["H5*", "H6", "M4*", "M5", "H4**", "M3**"]


def read_back(entries: list[str]) -> tuple[str, ...]:
    return tuple(option for entry in entries for option in expand(entry))


def test_an_attack_of_every_chit_and_direction_is_one_line_a_kind() -> None:
    options = [
        "none",
        *(f"FIGHT {c} {d}" for c in CHITS for d in ("thrust", "swing", "smash")),
        *(f"FIGHT {c} flip {a}" for c in CHITS for a in ("alerted", "unalerted")),
    ]
    assert compact(options) == [
        "none",
        "FIGHT {H5*, H6, M4*, M5, H4**, M3**} {thrust, swing, smash}",
        "FIGHT {H5*, H6, M4*, M5, H4**, M3**} flip {alerted, unalerted}",
    ]
    assert read_back(compact(options)) == tuple(options)


def test_names_of_several_words_stay_whole_and_keep_their_numbers() -> None:
    options = [
        "none",
        *(f"run MOVE {c} to DV2" for c in CHITS[:2]),
        *(
            f"{verb} {item}"
            for verb in ("deactivate", "abandon")
            for item in ("Mace 1", "Suit of Armor 1", "Shield 2")
        ),
    ]
    assert compact(options) == [
        "none",
        "run MOVE {H5*, H6} to DV2",
        "{deactivate, abandon} {Mace 1, Suit of Armor 1, Shield 2}",
    ]
    assert compact(["none", "Giant 1", "Giant 2", "Ogre 1"]) == [
        "none",
        "Giant 1",
        "Giant 2",
        "Ogre 1",
    ]


def test_options_with_braces_or_separators_are_left_as_they_are() -> None:
    for options in (["a {b}", "a c"], ["a, b", "a c"], ["a b", "a b"]):
        assert not compactable(options)
        assert compact(options) == options


WORDS = st.sampled_from(
    ["FIGHT", "MOVE", "H5*", "M4", "1", "2", "Giant", "run", "to", "DV2", "of", "x"]
)
OPTIONS = st.lists(
    st.lists(WORDS, min_size=1, max_size=5).map(" ".join), min_size=1, max_size=30, unique=True
)


@given(OPTIONS)
def test_any_options_read_back_the_same_in_the_same_order(options: list[str]) -> None:
    entries = compact(options)
    assert len(entries) <= len(options)
    assert read_back(entries) == tuple(options)


@given(
    st.lists(
        st.sampled_from(["FIGHT", "MOVE", "alert", "run"]), min_size=1, max_size=3, unique=True
    ),
    st.lists(st.sampled_from(CHITS), min_size=1, max_size=6, unique=True),
    st.lists(
        st.sampled_from(["thrust", "swing", "smash", "to DV2"]), min_size=1, max_size=3, unique=True
    ),
)
def test_crossed_lists_read_back_the_same(
    heads: list[str], chits: list[str], tails: list[str]
) -> None:
    options = [f"{h} {c} {t}" for h in heads for c in chits for t in tails]
    assert read_back(compact(options)) == tuple(options)
    assert len(compact(options)) <= len(heads)


def test_a_cast_with_its_colour_chit_stands_alone_the_rest_compacted() -> None:
    """Issue 34: a caster's Encounter actions hold casts with ``, color CHIT``; the other
    actions are compacted around them, and everything reads back in order."""
    options = [
        "none",
        *(f"run MOVE {c} to {end}" for c in CHITS[:2] for end in ("AV2", "AV4")),
        "cast Blend Into Background with MAGIC II4*, color MAGIC II3*",
        "cast Elven Grace with MAGIC III3*",
        "cast Elven Grace with MAGIC III2*",
    ]
    assert compact(options) == [
        "none",
        "run MOVE {H5*, H6} to {AV2, AV4}",
        "cast Blend Into Background with MAGIC II4*, color MAGIC II3*",
        "cast Elven Grace with MAGIC {III3*, III2*}",
    ]
    assert read_back(compact(options)) == tuple(options)


@given(
    OPTIONS,
    st.lists(st.sampled_from(["a, b", "MAGIC IV3*, MAGIC V2*", "x y, z"]), unique=True),
    st.randoms(),
)
def test_options_with_separators_among_others_read_back_the_same(
    options: list[str], separated: list[str], random: Random
) -> None:
    mixed = [*options, *separated]
    random.shuffle(mixed)
    assert read_back(compact(mixed)) == tuple(mixed)
