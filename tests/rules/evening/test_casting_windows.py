"""Casting by DM in the combat windows (issue 34): a caster names his spell's targets in the
encounter-and-melee window, where his spell is not known yet (issue 32) — the target decision
asked ahead offers his castable spells' targets besides the attack targets — and one whose answer
would break his spell is asked its targets again, alone, once the casts are revealed."""

from __future__ import annotations

from bot.event_text import english
from rules.catalog import catalog
from rules.day.engine import resolve
from rules.evening.windows import read_plays
from rules.events import Decision, Resolution
from rules.orders.model import Orders
from rules.orders.parse import parse_orders
from rules.schema.base import MagicColor
from rules.state import GameState, Place
from tests.rules.games import fresh

WAITING = {"wait_for_decisions": True, "wait_for_combat": True}
BLEND = "cast Blend Into Background with MAGIC II4*, color MAGIC II3*"


def demon_fight() -> tuple[GameState, dict[str, Orders]]:
    """The Wizard and the Witch King, unhidden, with a Demon in the Wizard's clearing on day 1;
    the Wizard's MAGIC II3* a Gray colour chit (so he may cast Blend Into Background, II/Gray,
    on an individual: himself), the Witch King's MAGIC V3* a Black one and a MAGIC IV4* a
    Purple one."""
    state = fresh(7, ["Wizard", "Witch King"])
    here = state.place_of("Wizard")
    for piece in list(state.at(here)):
        if piece != "Wizard":
            state.put(piece, Place.OUT)
    state.put("Witch King", here)
    state.put("Demon", here)
    for name, label, color in (
        ("Wizard", "MAGIC II3*", MagicColor.GRAY),
        ("Witch King", "MAGIC V3*", MagicColor.BLACK),
        ("Witch King", "MAGIC IV4*", MagicColor.PURPLE),
    ):
        state.characters[name].hidden = False
        next(c for c in state.characters[name].chits if c.label == label).color = color
    state.options.update(WAITING)
    orders = {}
    for name in ("Wizard", "Witch King"):
        result = parse_orders("R", state, name, catalog=catalog())
        assert result.orders is not None, result.errors
        orders[name] = result.orders
    return state, orders


def until(
    state: GameState, orders: dict[str, Orders], answers: dict[str, str], kind: str
) -> tuple[Resolution, dict[str, Decision]]:
    """Resolve, answering every stop with its defaults, until a stop asks ``kind``; that
    stop's decisions by (kind, character)."""
    for _ in range(20):
        resolution = resolve(state, orders, answers)
        pending = {f"{d.kind} {d.character}": d for d in resolution.pending}
        if any(d.kind == kind for d in resolution.pending) or not resolution.pending:
            return resolution, pending
        answers.update({d.id: d.default for d in resolution.pending})
    raise AssertionError(f"no stop asks {kind}")


def test_the_target_asked_ahead_offers_his_castable_spells_targets() -> None:
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    _, pending = until(state, orders, answers, "action")
    assert BLEND in pending["action Wizard"].options
    target = pending["target Wizard"]
    assert "Wizard" in target.options, "Blend Into Background is cast on himself"
    assert target.options[0] == "none" and "Demon" in target.options


def test_a_caster_names_a_target_only_his_spell_allows_through_the_window() -> None:
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    _, pending = until(state, orders, answers, "action")
    answers.update({d.id: d.default for d in pending.values()})
    answers[pending["action Wizard"].id] = BLEND
    answers[pending["target Wizard"].id] = "Wizard"
    resolution = resolve(state, orders, answers)
    took = [
        e
        for e in resolution.events
        if e.type == "spell_took_effect" and getattr(e, "spell", "") == "Blend Into Background"
    ]
    assert took and list(took[0].targets) == ["Wizard"]  # type: ignore[attr-defined]
    assert not [e for e in resolution.events if e.type == "spell_cancelled"]


def test_a_caster_whose_answer_would_break_his_spell_is_asked_again_alone() -> None:
    """He answered ``none`` ahead, which would break his Blend Into Background (8.4.2d): once
    the casts are revealed he is asked its targets again, alone — the Witch King is not asked
    again —, none by default."""
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    _, pending = until(state, orders, answers, "action")
    answers.update({d.id: d.default for d in pending.values()})
    answers[pending["action Wizard"].id] = BLEND
    answers[pending["target Wizard"].id] = "none"
    resolution = resolve(state, orders, answers)
    again = list(resolution.pending)
    assert [(d.kind, d.character) for d in again] == [("target", "Wizard")]
    assert again[0].id != pending["target Wizard"].id and "Wizard" in again[0].options
    assert again[0].default == "none"
    answers[again[0].id] = "Wizard"
    resolution = resolve(state, orders, answers)
    assert [
        e.targets  # type: ignore[attr-defined]
        for e in resolution.events
        if e.type == "spell_took_effect"
    ] == [("Wizard",)]


def test_typed_plays_name_a_target_only_his_spell_allows() -> None:
    """``target: Wizard`` names himself, which the standing notation's priority list of
    enemies does not: an option of his open target decision as written answers it."""
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    resolution, pending = until(state, orders, answers, "action")
    mine = [d for d in resolution.pending if d.character == "Wizard"]
    typed = read_plays(
        catalog(),
        resolution.state,
        "Wizard",
        f"encounter: {BLEND.replace('MAGIC II4*', 'magic ii4*')}\ntarget: wizard",
        mine,
    )
    assert typed.problems == ()
    assert typed.answers[pending["action Wizard"].id] == BLEND
    assert typed.answers[pending["target Wizard"].id] == "Wizard"
    wrong = read_plays(catalog(), resolution.state, "Wizard", "target: Wizard 2", mine)
    assert wrong.problems and not wrong.answers


def test_a_caster_who_let_the_window_run_out_is_not_asked_again() -> None:
    """His target ahead was the default of a window run out: he is absent, and the default
    stands (none; the spell breaks for want of a target, 8.4.2d)."""
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    _, pending = until(state, orders, answers, "action")
    answers.update({d.id: d.default for d in pending.values()})
    answers[pending["action Wizard"].id] = BLEND
    target = pending["target Wizard"].id
    resolution = resolve(state, orders, answers, defaulted=frozenset({target}))
    assert not [d for d in resolution.pending if d.id.startswith(target)]
    assert all("/r2/" in d.id for d in resolution.pending), "round 2 goes on"
    cancelled = [e for e in resolution.events if e.type == "spell_cancelled"]
    assert cancelled and cancelled[0].reason == "target"  # type: ignore[attr-defined]


def test_colour_chits_beside_the_action_typed_in_any_order() -> None:
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    resolution, pending = until(state, orders, answers, "action")
    color = pending["color Witch King"]
    assert set(color.options) == {"none", "MAGIC IV4*", "MAGIC V3*", "MAGIC IV4*, MAGIC V3*"}
    mine = [d for d in resolution.pending if d.character == "Witch King"]
    typed = read_plays(
        catalog(), resolution.state, "Witch King", "color: magic v3*,  MAGIC IV4*", mine
    )
    assert typed.problems == () and typed.answers == {color.id: "MAGIC IV4*, MAGIC V3*"}
    wrong = read_plays(catalog(), resolution.state, "Witch King", "color: MAGIC VI3*", mine)
    assert wrong.problems and " | " in english(wrong.problems[0].hint)
    action = pending["action Witch King"].options
    assert "cast Absorb Essence with MAGIC V4*, color MAGIC V3*" in action
    assert not any("Blazing Light" in o for o in action), "cast only in a cave clearing"


def test_a_cast_line_typed_in_the_window_answers_the_action_and_the_targets_asked_ahead() -> None:
    """The standing ``cast:`` instruction typed as plays in the encounter-and-melee window
    (issue 34): it answers his Encounter action with the cast and, his spell not known yet,
    the target decision asked ahead with the spell's target it names (``at me``: himself);
    nothing written is left unused."""
    state, orders = demon_fight()
    answers: dict[str, str] = {}
    resolution, pending = until(state, orders, answers, "action")
    mine = [d for d in resolution.pending if d.character == "Wizard"]
    typed = read_plays(catalog(), resolution.state, "Wizard", f"cast: {BLEND[5:]} at me", mine)
    assert typed.problems == () and typed.unused == ()
    assert typed.answers[pending["action Wizard"].id] == BLEND
    assert typed.answers[pending["target Wizard"].id] == "Wizard"
