"""What a sheet shows of magic (issue 34, "What players see"; :mod:`bot.spell_sheet`): the
automatic source that energizes a spell bewitching him (4.6.7h.3), the spells Enchant Artifact
adds to his item (L5053), his colour chits, his committed chits — and nothing of it for a
character who has none."""

from __future__ import annotations

from typing import Any

from bot.sheets import sheet_text
from rules.catalog import catalog
from rules.state import GameState
from scenarios.build import build_state
from scenarios.format import load_scenario


def state_of(**document: Any) -> GameState:
    """The AV tile and what ``document`` adds, as a scenario builds it."""
    given = {
        "name": "sheet",
        "day": 3,
        "map": {"tiles": [{"tile": "AV", "at": [0, 0]}]},
        "expect": {},
    }
    return build_state(catalog(), load_scenario({**given, **document}))


def energized(state: GameState) -> GameState:
    for spell in state.spells:
        spell.energized = True
    return state


def lines(state: GameState, who: str) -> list[str]:
    return sheet_text(catalog(), state, who, "Test").splitlines()


def world_fades_on_the_elf() -> GameState:
    """The seventh day: the Witch King's World Fades cast on the Elf, both in AV2."""
    return state_of(
        day=7,
        characters={
            "Witch King": {"at": "AV2", "spells": ["World Fades"]},
            "Elf": {"at": "AV2"},
        },
        spells_in_effect=[
            {
                "spell": "World Fades",
                "caster": "Witch King",
                "chit": "MAGIC VI4*",
                "targets": ["Elf"],
            },
        ],
    )


def test_the_seventh_day_energizes_a_spell_on_him():
    state = energized(world_fades_on_the_elf())
    assert (
        "bewitched by: the Witch King's World Fades (spell 1; Permanent, energized: the seventh "
        "day supplies black magic to it)"
    ) in lines(state, "Elf")
    assert "committed chits: MAGIC VI4* to World Fades (spell 1, on Elf)" in lines(
        state, "Witch King"
    )
    assert not any(line.startswith("bewitched by") for line in lines(state, "Witch King"))


def test_the_chapel_supplies_any_colour_to_bad_luck_and_none_supplies_it_elsewhere():
    spells = [
        {"spell": "Bad Luck", "caster": "Druid", "chit": "MAGIC VIII4*", "targets": ["Amazon"]}
    ]
    characters = {"Druid": {"at": "AV2", "spells": ["Bad Luck"]}, "Amazon": {"at": "AV5"}}
    at_chapel = energized(
        state_of(dwellings={"Chapel": "AV5"}, characters=characters, spells_in_effect=spells)
    )
    assert (
        "bewitched by: the Druid's Bad Luck (spell 1; Permanent, energized: the Chapel supplies "
        "white magic to it)"
    ) in lines(at_chapel, "Amazon")
    elsewhere = state_of(characters=characters, spells_in_effect=spells)
    assert (
        "bewitched by: the Druid's Bad Luck (spell 1; Permanent, inert: no colour magic supplies "
        "it)"
    ) in lines(elsewhere, "Amazon")


def test_his_item_lists_its_awakened_cards_and_the_spell_enchant_artifact_adds():
    state = energized(
        state_of(
            characters={
                "Witch King": {
                    "at": "AV2",
                    "spells": ["Enchant Artifact", "Absorb Essence"],
                    "color_chits": ["MAGIC V3*"],
                    "belongings": [
                        {"name": "Book of Lore", "active": True, "awakened": ["Fiery Blast"]}
                    ],
                },
                "Amazon": {"at": "AV2"},
            },
            spells_in_effect=[
                {
                    "spell": "Enchant Artifact",
                    "caster": "Witch King",
                    "chit": "MAGIC VI4*",
                    "targets": ["Book of Lore"],
                    "adds": "Absorb Essence",
                },
            ],
        )
    )
    mine = lines(state, "Witch King")
    assert (
        "awakened spells: Book of Lore (Fiery Blast, Absorb Essence added by Enchant Artifact)"
        in mine
    )
    assert "colour chits: MAGIC V3* (black)" in mine
    assert "committed chits: MAGIC VI4* to Enchant Artifact (spell 1, on Book of Lore)" in mine
    theirs = "\n".join(lines(state, "Amazon"))
    for magic in ("awakened", "colour chits", "committed", "bewitched", "Enchant Artifact"):
        assert magic not in theirs, magic
