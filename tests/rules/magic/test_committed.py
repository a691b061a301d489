"""A chit committed to a spell in effect is not its owner's to use (4.6.7b, g, h.1; 9.1.1b–c):
the chit code (rules.chits, rules.evening.fatigue, rules.daylight.alert, the Rest and the
turn's rest-only rule) leaves it out (rules.chits.uncommitted)."""

from __future__ import annotations

from rules import resolve
from rules.catalog import catalog
from rules.chits import in_play, rest, uncommitted, wither
from rules.evening.fatigue import fatigue_options, woundable
from rules.magic.state import SpellInEffect
from rules.orders.model import Activity, ActivityKind, Orders
from rules.schema.action_chits import Action
from rules.setup.game import new_game
from rules.state import CharacterState, ChitState, Place


def sheet(*chits: ChitState) -> CharacterState:
    return CharacterState(name="Witch King", start="Inn", chits=list(chits))


def test_of_two_chits_of_one_label_one_is_committed():
    """Committed chits are named by label: of two active ones, the later is the one taken out;
    a fatigued one of the label is not committed."""
    first, second, tired = (ChitState(label="MAGIC VI3*") for _ in range(3))
    tired.status = "fatigued"
    character = sheet(first, tired, second)
    assert uncommitted(character.chits, ["MAGIC VI3*"]) == [first, tired]
    assert in_play(character, ["MAGIC VI3*"]) == [first]
    assert in_play(character, ["MAGIC VI3*", "MAGIC VI3*"]) == []


def test_a_committed_chit_is_neither_fatigued_wounded_nor_withered():
    """9.1.1b (L2893): "Chits dedicated to spells cannot be wounded"; nor are they in play to
    fatigue as effort, or for Wither (4.6.8a.3) to fatigue."""
    spell, other = ChitState(label="MAGIC V4*"), ChitState(label="MAGIC V3*")
    character = sheet(spell, other)
    assert woundable(character, ["MAGIC V4*"]) == [other]
    assert fatigue_options(character, 1, {Action.MAGIC: 1}, ["MAGIC V4*"]) == ["MAGIC V3*"]
    assert wither(character, ["MAGIC V4*"]) == ["MAGIC V3*"]
    assert spell.status == "active"


def test_a_committed_chit_is_never_given_as_change():
    """7.8.2b: change comes from an active one-asterisk chit; one committed to a spell is not
    his to give."""
    committed = ChitState(label="MAGIC VI3*")
    tired = ChitState(label="MAGIC V4**", status="fatigued")
    character = sheet(tired, committed)
    assert rest(character, 1, (), committed=["MAGIC VI3*"], spells=[]) == []
    assert committed.status == "active" and tired.status == "fatigued"
    assert [s.change for s in rest(character, 1, (), spells=[])] == ["MAGIC VI3*"]


def test_with_every_other_chit_down_he_may_only_rest():
    """9.1.1c (L2894): "When all of a character's chits are fatigued, wounded, or dedicated to
    spells, the only activity he can record and carry out is a Rest phase": his Hide phase is
    cancelled, his chit committed to a spell not counting as in play."""
    state = new_game(catalog(), 3, ["Witch King"])
    state.put("Witch King", Place.clearing("CV1"))
    chits = state.characters["Witch King"].chits
    for chit in chits:
        chit.status = "fatigued"
    chits[-1].status = "active"
    state.spells.append(
        SpellInEffect(number=1, spell="Phantasm", caster="Witch King", controller="Witch King",
                      chit=chits[-1].label, targets=["Witch King"], cast_day=1)
    )  # fmt: skip
    state.dice.forced = [[2]]
    hide = Orders(character="Witch King", phases=(Activity(kind=ActivityKind.HIDE),))
    events = resolve(state, {"Witch King": hide}, until="daylight").events
    assert any(e.type == "phase_cancelled" for e in events)
    assert not any(e.type == "hid" for e in events)


def test_a_committed_magic_chit_cannot_be_alerted():
    """7.9.3: he alerts an active Magic chit of his; one committed to a spell is not."""
    state = new_game(catalog(), 3, ["Witch King"])
    state.put("Witch King", Place.clearing("CV1"))
    label = state.characters["Witch King"].chits[-1].label
    assert [c.label for c in state.characters["Witch King"].chits].count(label) == 1
    state.spells.append(
        SpellInEffect(number=1, spell="Phantasm", caster="Witch King", controller="Witch King",
                      chit=label, targets=["Witch King"], cast_day=1)
    )  # fmt: skip
    state.dice.forced = [[2]]
    alert = Orders(
        character="Witch King", phases=(Activity(kind=ActivityKind.ALERT, target=label),)
    )
    result = resolve(state, {"Witch King": alert}, until="daylight")
    assert not any(e.type == "alerted" for e in result.events)
    assert not any(c.alerted for c in result.state.characters["Witch King"].chits)
