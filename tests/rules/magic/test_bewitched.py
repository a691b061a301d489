"""Who a spell in effect bewitches (:mod:`rules.magic.bewitched`): a target, or anyone in its
clearing or tile; a Permanent spell only while energized; and World Fades' Hide roll, which
needs its target unhidden with no denizen on his Melee Section
(:mod:`rules.magic.spells.world_fades`)."""

from __future__ import annotations

from rules.board import board_for
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.dice import Dice, DiceState
from rules.evening.state import CombatState
from rules.magic import bewitched
from rules.magic.spells.world_fades import hide_at_round_end
from rules.magic.state import SpellInEffect
from rules.orders.parse import parse_orders
from rules.orders.problems import ProblemCode
from rules.schema.characters import DieTable
from rules.state import GameState
from tests.rules.games import fresh


def spell(name: str, targets: list[str], *, energized: bool = False) -> SpellInEffect:
    return SpellInEffect(
        number=1,
        spell=name,
        caster="Sorcerer",
        controller="Sorcerer",
        targets=targets,
        cast_day=1,
        energized=energized,
    )


def game(**places: str) -> GameState:
    return fresh(7, ["Amazon", "Sorcerer", "Black Knight"], **places)


def test_a_tile_spell_bewitches_whoever_is_in_the_tile():
    state = game(Amazon="CV1", Black_Knight="BV1")
    state.spells = [spell("Fog", ["CV"])]
    assert bewitched.on(state, "Amazon", "Fog") == state.spells
    assert bewitched.on(state, "Black Knight", "Fog") == []


def test_a_permanent_spell_affects_only_while_energized():
    state = game(Amazon="CV1")
    state.spells = [spell("Illusion", ["Amazon"])]
    cards = catalog()
    assert bewitched.affecting(cards, state, "Amazon", "Illusion") is None
    assert bewitched.spell_modifier(cards, state, "Amazon", DieTable.PEER) == 0
    state.spells[0].energized = True
    assert bewitched.spell_modifier(cards, state, "Amazon", DieTable.PEER) == 1
    assert bewitched.spell_modifier(cards, state, "Amazon", DieTable.HIDE) == 0


def test_bad_luck_adds_to_every_table_and_illusion_beside_it():
    state = game(Amazon="CV1")
    state.spells = [
        spell("Illusion", ["CV"], energized=True),
        spell("Bad Luck", ["Amazon"], energized=True),
    ]
    cards = catalog()
    assert bewitched.spell_modifier(cards, state, "Amazon", DieTable.LOCATE) == 2
    assert bewitched.spell_modifier(cards, state, "Amazon", DieTable.MEETING) == 1
    assert bewitched.spell_modifier(cards, state, "Amazon", None) == 1


def world_fades_round(sheets: dict[str, list[str]]) -> tuple[Ctx, GameState]:
    state = game(Amazon="CV1", Sorcerer="CV1")
    state.spells = [spell("World Fades", ["Amazon"], energized=True)]
    state.characters["Amazon"].hidden = False
    state.dice = DiceState(seed=1, forced=[[5, 2]])
    cards = catalog()
    ctx = Ctx(
        catalog=cards,
        board=board_for(cards, state.tiles),
        state=state,
        dice=Dice(state.dice),
        answers={},
    )
    combat = CombatState(clearing="CV1", participants=["Amazon", "Sorcerer"], sheets=sheets)
    hide_at_round_end(ctx, combat)
    return ctx, state


def test_world_fades_hides_its_unhidden_target_at_the_round_end():
    ctx, state = world_fades_round({})
    assert state.characters["Amazon"].hidden
    assert [r.purpose for r in ctx.dice.log] == ["Hide Table"]


def test_world_fades_rolls_not_with_a_denizen_on_his_melee_section():
    ctx, state = world_fades_round({"Amazon": ["Wolf 1"]})
    assert not state.characters["Amazon"].hidden
    assert ctx.dice.log == []


def test_blazing_lights_phase_is_recorded_by_whoever_is_in_its_clearing_at_birdsong():
    """L4858: his extra phase, for any normal activity, is warned of when planned outside a
    cave clearing (it is cancelled when he starts it elsewhere); the Amazon, not there, has
    none to name."""
    state = game(Amazon="BL3", Black_Knight="BL5")
    state.spells = [spell("Blazing Light", ["BL5"])]
    cards = catalog()
    kept = parse_orders("R, R, H (Blazing Light)", state, "Black Knight", catalog=cards)
    assert not kept.errors and not kept.warnings
    assert kept.orders is not None and kept.orders.phases[2].source == "Blazing Light"
    moved = parse_orders("M BL3, R, R (Blazing Light)", state, "Black Knight", catalog=cards)
    assert [w.code for w in moved.warnings] == [ProblemCode.UNUSABLE_EXTRA]
    refused = parse_orders("R, H (Blazing Light)", state, "Amazon", catalog=cards)
    assert [e.code for e in refused.errors] == [ProblemCode.SOURCE_INACTIVE]
