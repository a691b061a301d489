"""What Midnight does to alerted chits (8.9.2c) and the Berserker's played Berserk chit (L3594)."""

from __future__ import annotations

from rules.chits import is_berserk, midnight
from rules.state import CharacterState, ChitState


def sheet(*chits: ChitState) -> CharacterState:
    return CharacterState(name="Berserker", start="Inn", chits=list(chits))


def test_an_alerted_magic_chit_fatigues_at_midnight_unless_wounded_since() -> None:
    alerted = ChitState(label="MAGIC III4*", alerted=True)
    wounded = ChitState(label="MAGIC II3*", alerted=True, status="wounded")
    character = sheet(alerted, wounded)
    assert midnight(character) == ["MAGIC III4*"]
    assert (alerted.status, alerted.alerted) == ("fatigued", False)
    assert (wounded.status, wounded.alerted) == ("wounded", False)


def test_the_berserker_reverts_at_midnight_and_his_chit_is_not_fatigued_again() -> None:
    played = ChitState(label="BERSERK T4**", alerted=True, status="fatigued")
    as_effort = ChitState(label="BERSERK T4**", alerted=True)
    for chit in (played, as_effort):
        character = sheet(chit, ChitState(label="FIGHT T5*"))
        assert is_berserk(character)
        assert midnight(character) == []
        assert not is_berserk(character) and not chit.alerted
    assert (played.status, as_effort.status) == ("fatigued", "active")


def test_only_a_played_berserk_chit_makes_him_berserk() -> None:
    assert not is_berserk(sheet(ChitState(label="BERSERK T4**")))
    assert not is_berserk(sheet(ChitState(label="MAGIC III4*", alerted=True)))
