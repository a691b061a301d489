"""The Enchant activity (7.10, rules.daylight.enchant) where a scenario cannot show it: the
``enchant`` decision's options and id, a chit committed to a spell, the L2022 reading (an E
before any EM is the meditation), Remote Enchant with the recorded clearing's colour, what the
legal options offer, and the scenario keys refused when malformed."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.day.engine import resolve
from rules.daylight.enchant import KIND, clearing_options, color_chit_options
from rules.decisions import TURN_KINDS, TurnId
from rules.events import PUBLIC, event_types
from rules.magic.state import SpellInEffect
from rules.orders.legal import legal_activities
from rules.orders.model import Activity, ActivityKind, Orders
from rules.orders.parse import parse_orders
from rules.schema.base import MagicColor
from rules.state import GameState, ItemState, Place
from scenarios import ScenarioError, load_scenario
from scenarios.build import build_state
from scenarios.enchanting import Enchants
from scenarios.format import EnchantChoice

K = ActivityKind


def _state(**data: Any) -> GameState:
    base: dict[str, Any] = {"name": "enchant", "monster_roll": 2, "expect": {}}
    base.setdefault("map", {"tiles": [{"tile": "BV", "at": [0, 0]}]})
    return build_state(catalog(), load_scenario({**base, **data}))


def _day(state: GameState, who: str, orders: str, **options: Any) -> Any:
    """``who``'s Daylight with ``orders``: the resolution."""
    state.options.update(options)
    parsed = parse_orders(orders, state, who, catalog=catalog())
    assert parsed.orders is not None, parsed.errors
    return resolve(state, {who: parsed.orders}, catalog=catalog(), until="daylight")


def _events(resolution: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, e.fields) for e in resolution.events]


def test_the_decision_offers_his_colour_chits_of_the_colour_in_development_order():
    """7.10.4, 4.6.4h: each active colour chit of the colour, once by label, the first the
    default; a chit of another colour, or no colour chit, is not offered."""
    state = _state(
        characters={
            "Witch King": {"at": "BV5", "color_chits": ["MAGIC IV3*", "MAGIC V3*", "MAGIC IV4*"]}
        }
    )
    assert color_chit_options(state, "Witch King", MagicColor.PURPLE) == [
        "MAGIC IV4*",
        "MAGIC IV3*",
    ]
    assert color_chit_options(state, "Witch King", MagicColor.BLACK) == ["MAGIC V3*"]
    assert color_chit_options(state, "Witch King", MagicColor.GRAY) == []
    assert KIND in TURN_KINDS


def test_the_decision_is_asked_before_the_phase_under_its_id_and_waits():
    """Asked as the phase is to start, changing nothing: with ``wait_for_decisions`` the day
    stops at it, the tile still green side up and both colour chits as they were."""
    state = _state(
        characters={"Witch King": {"at": "BV5", "color_chits": ["MAGIC IV4*", "MAGIC IV3*"]}}
    )
    stopped = _day(state, "Witch King", "EM, E tile MAGIC IV4*", wait_for_decisions=True)
    (decision,) = stopped.pending
    assert decision.id == "d1/Witch King/p2/enchant/Witch King"
    assert isinstance(decision.where, TurnId) and decision.kind == KIND
    assert (decision.options, decision.default) == (("MAGIC IV4*", "MAGIC IV3*"), "MAGIC IV4*")
    assert not any(t.enchanted for t in stopped.state.tiles)
    colours = [c.label for c in stopped.state.characters["Witch King"].chits if c.color]
    assert colours == ["MAGIC IV4*", "MAGIC IV3*"]
    assert not [t for t, f in _events(stopped) if t == "phase_started" and f["phase"] == 2]
    done = resolve(
        stopped.state, {}, {decision.id: "MAGIC IV3*"}, catalog=catalog(), until="daylight"
    )
    started = [f for t, f in _events(done) if t == "phase_started"]
    assert [f["phase"] for f in started] == [2]
    supplied = {"who": "Witch King", "color": "purple", "source": "MAGIC IV3*", "use": "enchant"}
    assert ("color_supplied", supplied) in _events(done)


def test_a_chit_committed_to_a_spell_is_not_active_for_enchanting():
    """7.10.2, 4.6.7: a Magic chit committed to a spell in effect cannot enchant: of his two
    MAGIC IV4*, one is committed; the other enchants, and a second E with it is cancelled."""
    state = _state(characters={"Witch King": {"at": "BV5"}})
    state.spells.append(
        SpellInEffect(
            number=1,
            spell="Transform",
            caster="Witch King",
            controller="Witch King",
            chit="MAGIC IV4*",
            targets=["Witch King"],
            cast_day=1,
        )
    )
    events = _events(_day(state, "Witch King", "EM, E MAGIC IV4*, E MAGIC IV4*"))
    enchanted = [f["chit"] for t, f in events if t == "enchanted"]
    cancelled = [f["phase"] for t, f in events if t == "phase_cancelled"]
    assert (enchanted, cancelled) == (["MAGIC IV4*"], [3])


def test_an_e_before_any_em_is_the_meditation_and_a_second_em_does_nothing():
    """7.10.1 (the reading of L2022): the first Enchant phase he does each day is the
    meditation, whatever he wrote; one EM serves the day, so a later EM is cancelled."""
    state = _state(characters={"Wizard": {"at": "BV5"}})
    events = _events(_day(state, "Wizard", "E MAGIC IV4*, E MAGIC IV3*, EM"))
    assert ("meditated", {"who": "Wizard", "phase": 1}) in events
    assert [f["chit"] for t, f in events if t == "enchanted"] == ["MAGIC IV3*"]
    assert [f["phase"] for t, f in events if t == "phase_cancelled"] == [3]


def test_remote_enchant_may_use_the_colour_of_the_clearing_recorded():
    """7.10.5: "he can use color magic that is supplied in his own clearing, or ... in the
    clearing that he recorded": the Bad Valley lies enchanted (Grey in BV2); from BL1, where
    nothing supplies Grey, the Wizard's RE BV2 tile turns it back."""
    state = _state(
        map={
            "tiles": [
                {"tile": "BL", "at": [0, 0]},
                {"tile": "BV", "at": [0, -1], "side": "enchanted"},
            ]
        },
        characters={"Wizard": {"at": "BL1", "belongings": ["Crystal Ball"]}},
    )
    events = _events(_day(state, "Wizard", "EM, RE BV2 tile MAGIC II3*"))
    supplied = {"who": "Wizard", "color": "gray", "source": "tile", "use": "enchant"}
    flipped = {"tile": "BV", "side": "normal", "by": "Wizard", "chit": "MAGIC II3*"}
    assert ("color_supplied", supplied) in events
    assert ("tile_flipped", flipped) in events


def test_the_legal_options_name_each_active_chit_of_types_i_to_v_and_the_tile():
    """7.10.2: E with each active Magic chit of Types I-V that is no colour chit, and ``tile``
    with it, once the day has its meditation (7.10.1: EM first, the only Enchant of phase 1);
    never a bare E or E tile, nor a Type VI-VIII chit; RE with a clearing and a chit once he
    has its enabler."""
    state = _state(
        characters={
            "Magician": {"at": "BV5", "fatigued": ["MAGIC II3*"], "color_chits": ["MAGIC III3*"]}
        }
    )
    options = legal_activities(state, "Magician", 1, catalog=catalog())
    assert Activity(kind=K.ENCHANT_FIRST) in options
    assert not [a for a in options if a.kind is K.ENCHANT]
    meditated = [Activity(kind=K.ENCHANT_FIRST)]
    after = legal_activities(state, "Magician", 2, catalog=catalog(), earlier=meditated)
    enchants = [str(a) for a in after if a.kind is K.ENCHANT]
    assert enchants == ["E MAGIC IV3*", "E tile MAGIC IV3*", "E MAGIC V4**", "E tile MAGIC V4**"]
    assert not [a for a in options if a.kind is K.REMOTE_ENCHANT]
    state.put("Crystal Ball", Place.owner("Magician"))
    state.characters["Magician"].items["Crystal Ball"] = ItemState(active=True)
    assert not [
        a
        for a in legal_activities(state, "Magician", 1, catalog=catalog())
        if a.kind is K.REMOTE_ENCHANT
    ]  # 7.10.5: not before an EM
    meditated = [Activity(kind=K.ENCHANT_FIRST)]
    remote = [
        a.target
        for a in legal_activities(state, "Magician", 2, catalog=catalog(), earlier=meditated)
        if a.kind is K.REMOTE_ENCHANT
    ]
    assert "BV2 MAGIC II3*" in remote and "BV2 tile MAGIC V4**" in remote
    assert not [t for t in remote if t is None or "VI" in t or "VII" in t]


def test_every_event_of_enchanting_is_public():
    for name in ("meditated", "enchanted", "tile_flipped", "color_supplied"):
        assert event_types()[name].audience == PUBLIC


@pytest.mark.parametrize(
    ("labels", "reason"),
    [
        (["MAGIC VI4*"], "not a Magic chit of Types I-V"),
        (["MAGIC I4*"], "no other active MAGIC I4*"),
        (["MAGIC IV4*", "MAGIC IV4*", "MAGIC IV4*"], "no other active MAGIC IV4*"),
    ],
)
def test_a_colour_chit_he_cannot_have_is_malformed(labels: list[str], reason: str):
    """Part 3: ``color_chits`` are his Magic chits of Types I-V, active, each once."""
    with pytest.raises(ScenarioError) as info:
        _state(characters={"Witch King": {"at": "BV5", "color_chits": labels}})
    assert info.value.key.startswith("characters.Witch King.color_chits[")
    assert reason in info.value.reason


def test_a_fatigued_chit_is_no_colour_chit():
    with pytest.raises(ScenarioError):
        _state(
            characters={
                "Wizard": {"at": "BV5", "fatigued": ["MAGIC IV4*"], "color_chits": ["MAGIC IV4*"]}
            }
        )


def test_an_enchant_answer_not_among_the_options_is_malformed():
    state = _state(
        characters={"Witch King": {"at": "BV5", "color_chits": ["MAGIC IV4*", "MAGIC IV3*"]}}
    )
    stopped = _day(state, "Witch King", "EM, E tile MAGIC IV4*", wait_for_decisions=True)
    (decision,) = stopped.pending
    answers = Enchants({"Witch King": [EnchantChoice(color_chit="MAGIC V3*"), EnchantChoice()]})
    with pytest.raises(ScenarioError) as info:
        answers.answer(decision)
    assert info.value.key == "choices.Witch King.enchant[0].color_chit"
    assert answers.answer(decision) is None  # the next entry names none: the default
    assert (
        Enchants({"Witch King": [EnchantChoice(color_chit="magic iv3*")]}).answer(decision)
        == "MAGIC IV3*"
    )


def test_a_remote_enchant_before_any_meditation_is_cancelled_when_done():
    """7.10.5: orders the parser would refuse (no-meditation), given to the engine as they are:
    the RE is cancelled, and is not the day's meditation either."""
    state = _state(
        map={"tiles": [{"tile": "BL", "at": [0, 0]}, {"tile": "BV", "at": [0, -1]}]},
        characters={"Wizard": {"at": "BL1", "belongings": ["Crystal Ball"]}},
    )
    phases = (Activity(kind=K.REMOTE_ENCHANT, target="BV2 MAGIC II3*"), Activity(kind=K.HIDE))
    orders = {"Wizard": Orders(character="Wizard", phases=phases)}
    events = _events(resolve(state, orders, catalog=catalog(), until="daylight"))
    assert [f["phase"] for t, f in events if t == "phase_cancelled"] == [1]
    assert not [t for t, _ in events if t in ("meditated", "enchanted")]


def test_after_the_toadstool_circles_4_an_e_tile_may_be_done_in_any_clearing():
    """L4216: the ``enchant_clearing`` decision offers his own clearing first (the default),
    then every other clearing of the map; only for an E that enchants a tile, only for one the
    Circle's 4 lets Enchant anywhere today."""
    state = _state(
        map={"tiles": [{"tile": "DW", "at": [0, 0]}, {"tile": "CN", "at": [1, 0]}]},
        characters={"Wizard": {"at": "DW6"}},
    )
    ctx = Ctx.start(catalog(), state)
    tile = Activity(kind=K.ENCHANT, target="tile MAGIC IV4*")
    assert clearing_options(ctx, "Wizard", tile) == []
    state.today.peer_anywhere.append("Wizard")
    options = clearing_options(ctx, "Wizard", tile)
    assert options[0] == "DW6" and sorted(options) == sorted(ctx.board.clearings())
    assert len(set(options)) == len(options)
    assert clearing_options(ctx, "Wizard", Activity(kind=K.ENCHANT, target="MAGIC IV4*")) == []
    remote = Activity(kind=K.REMOTE_ENCHANT, target="CN1 tile MAGIC IV4*")
    assert clearing_options(ctx, "Wizard", remote) == []
    assert "enchant_clearing" in TURN_KINDS
