"""Phantasm (L5064–5069; rules.magic.phantasm): its piece put with its target at the Birdsong
after the cast, its orders recorded in his message, what it may record, its turn just before his
whatever the draw, and its leaving play when its spell ends. The scenarios under
tests/scenarios/magic/spells_phantasm play it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.event_text import english
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.day.engine import resolve
from rules.magic import lifecycle, phantasm
from rules.magic.state import SpellInEffect
from rules.orders.model import Activity, ActivityKind, Orders
from rules.orders.parse import legal_activities, parse_orders
from rules.pieces import pieces_of
from rules.state import GameState, GameStateError, Place
from rules.state_check import check_state, read_state
from scenarios import load_scenario
from scenarios.run import run
from tests.rules.games import fresh

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "magic" / "spells_phantasm"

K = ActivityKind
CAST = ("Sorcerer", "Amazon", "Wizard", "Witch")
PIECE = "Phantasm (Amazon)"


def game(seed: int = 3, *, cast_day: int | None = None, target: str = "Amazon") -> GameState:
    """A fresh game with the Sorcerer's Phantasm on ``target``, cast the Evening before (or on
    ``cast_day``), its piece not yet put."""
    state = fresh(seed, CAST)
    day = state.game_day - 1 if cast_day is None else cast_day
    state.spells.append(
        SpellInEffect(
            number=1, spell="Phantasm", caster="Sorcerer", controller="Sorcerer",
            chit="MAGIC VI4*", targets=[target], cast_day=max(day, 1),
        )
    )  # fmt: skip
    return state


def placed(seed: int = 3) -> GameState:
    state = game(seed, cast_day=1)
    state.day = 2
    assert phantasm.appear(state) == [PIECE]
    return state


def accepted(text: str, state: GameState, who: str = "Amazon") -> Orders:
    result = parse_orders(text, state, who)
    assert result.errors == (), result.errors
    assert result.orders is not None
    return result.orders


def codes(text: str, state: GameState, who: str = "Amazon") -> list[str]:
    return [p.code for p in parse_orders(text, state, who).errors]


def test_each_character_has_an_unused_piece_in_no_stack():
    pieces = pieces_of(catalog())
    assert PIECE in pieces and pieces[PIECE].kind == "phantasm"
    assert PIECE not in {p.id for p in pieces}
    assert pieces.phantasms[PIECE] == "Amazon"
    state = fresh(3, CAST)
    assert all(PIECE not in stack for stack in state.stacks.values())


def test_its_piece_is_put_with_its_target_at_the_birdsong_after_the_cast_only():
    state = placed()
    assert state.familiars == {PIECE: "Amazon", "Familiar": "Witch"}
    assert state.clearing_of(PIECE) == state.clearing_of("Amazon")
    assert state.recorder(PIECE) == "Amazon"
    assert phantasm.appear(state) == []  # one piece: a second Phantasm gives no second
    today = game(cast_day=3)
    today.day = 3
    assert phantasm.appear(today) == []  # cast this Evening: it comes the next Birdsong
    check_state(state, catalog())
    assert read_state(state.to_json(), catalog()).familiars[PIECE] == "Amazon"


def test_no_piece_for_a_target_off_the_map():
    state = game(cast_day=1)
    state.day = 2
    state.put("Amazon", Place.OUT)
    assert phantasm.appear(state) == []


def test_its_section_is_headed_phantasm_and_the_echo_reparses():
    state = placed()
    where = state.clearing_of("Amazon")
    assert where is not None
    orders = accepted("R\n  phantasm :  P, -", state)
    (theirs,) = orders.recorded
    assert theirs.character == PIECE and [p.kind for p in theirs.phases] == [K.PEER, K.BLANK]
    result = parse_orders("R\nPhantasm: P", state, "Amazon")
    assert result.echo == f"R\n{PIECE}: P"
    assert parse_orders(result.echo, state, "Amazon").orders == result.orders
    assert codes("R\nPhantasm: P", state, "Wizard") == ["unknown-instruction"]


def test_it_records_only_move_peer_and_enchant():
    state = placed()
    for text in ("H", "R", "A", "S", "F Amazon", "T Company", "HR Company"):
        assert codes(f"R\nPhantasm: {text}", state) == ["hireling-activity"], text
    assert codes("R\nPhantasm: P AV2", state) == ["unexpected-target"]
    for line in ("block: all", "stop following: before 2", "before 1: activate Amazon"):
        (problem,) = parse_orders(f"R\nPhantasm: -\n{line}", state, "Amazon").errors
        assert problem.code == "bad-instruction" and "(L5066, L5069)" in english(problem.message)
    kinds = {a.kind for a in legal_activities(state, PIECE, 1)}
    assert kinds == {K.MOVE, K.PEER, K.BLANK}  # the Amazon has no Magic chit to enchant with
    assert "bad-target" in codes("R\nPhantasm: E MAGIC IV4*", state)


def test_it_enchants_with_its_controllers_magic_chits():
    state = game(cast_day=1, target="Wizard")
    state.day = 2
    (piece,) = phantasm.appear(state)
    kinds = {a.kind for a in legal_activities(state, piece, 1)}
    assert kinds == {K.MOVE, K.PEER, K.ENCHANT_FIRST, K.BLANK}  # 7.10.1: EM first
    meditated = [Activity(kind=K.ENCHANT_FIRST)]
    assert K.ENCHANT in {a.kind for a in legal_activities(state, piece, 2, earlier=meditated)}
    accepted("R\nPhantasm: EM, E MAGIC IV4*", state, "Wizard")


def test_it_gets_basic_and_sunlight_phases_like_a_character():
    state = placed()
    assert accepted("R\nPhantasm: -, -, *-, *-", state).recorded[0].phases[3].source == "sunlight"
    assert "too-many-phases" in codes("R\nPhantasm: -, -, -, -, -", state)


def test_it_cannot_be_followed():
    state = placed()
    state.put("Wizard", Place.clearing(state.clearing_of("Amazon") or ""))
    for text in (f"F {PIECE}", "F Phantasm"):
        (problem,) = parse_orders(text, state, "Wizard").errors
        assert problem.code == "follow-absent" and "(L5069)" in english(problem.message)


@pytest.mark.parametrize("seed", range(8))
def test_its_turn_comes_just_before_its_controllers_whatever_the_draw(seed: int):
    state = placed(seed)
    orders = {"Amazon": accepted("R\nPhantasm: -", state)}
    order = resolve(state, orders, until="daylight").state.today.turn_order
    assert order.index(PIECE) + 1 == order.index("Amazon"), (seed, order)


def test_it_leaves_play_when_its_spell_ends_and_its_orders_lapse():
    state = placed()
    state.today.orders = {"Amazon": accepted("R\nPhantasm: P", state)}
    state.today.orders[PIECE] = state.today.orders["Amazon"].recorded[0]
    ctx = Ctx.start(catalog(), state, None)
    lifecycle.break_spell(ctx, state.spells[0], lifecycle.RELEASED)
    assert PIECE not in state.familiars and PIECE not in state.today.orders
    assert all(PIECE not in stack for stack in state.stacks.values())
    left = [e for e in ctx.events if e.type == "phantasm_left"]
    assert [e.fields for e in left] == [
        {"who": PIECE, "owner": "Amazon", "from": state.clearing_of("Amazon")}
    ]
    check_state(state, catalog())


def test_the_state_check_refuses_a_phantasm_of_another_character():
    state = placed()
    state.familiars[PIECE] = "Wizard"
    with pytest.raises(GameStateError, match="not the familiar or phantasm"):
        check_state(state, catalog())


def test_what_it_discovers_is_told_to_its_controller_alone():
    path = SCENARIOS / (
        "L5068_the_phantasm_moves_and_peers_before_its_owner_and_shares_his_discoveries.yaml"
    )
    outcome = run(catalog(), load_scenario(yaml.safe_load(path.read_text())))
    (found,) = [e for e in outcome.events if e.type == "discovered"]
    assert found.fields["who"] == PIECE
    assert [v for v in ("public", "Amazon", "Sorcerer") if found.visible_to(v)] == ["Amazon"]
