"""Only what is castable is offered (issue 34): the ``action`` decision's casts are those the
rules allow as it is asked (rules.magic.casting.cast_options, judged by the same refusal the
cast is made with), and the combat window's brief names each spell of his he cannot cast now
with one reason (rules.magic.uncastable)."""

from __future__ import annotations

from bot.event_text import english
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.decisions.ids import CombatId
from rules.evening import encounter
from rules.evening.state import CombatState, EveningState
from rules.evening.windows import brief
from rules.events import Decision
from rules.events.evening import PlayCancelled
from rules.magic import casting, uncastable
from rules.magic.state import SpellInEffect
from rules.phrases import verbatim
from rules.schema.base import MagicColor
from rules.state import GameState
from scenarios.build import build_state
from scenarios.format import load_scenario

SPELLS = ["Fiery Blast", "Blazing Light", "Transform"]


def sorcerer(day: int = 3) -> tuple[GameState, Ctx, CombatState]:
    """The Sorcerer alone in the woods of DW5 (no cave) with Fiery Blast (IV, Purple),
    Blazing Light (IV, Purple, cast in a cave) and Transform (VI, Purple) recorded."""
    data = {
        "name": "offers",
        "map": {"tiles": [{"tile": "DW", "at": [0, 0], "rotation": 0}]},
        "start": "sunset",
        "day": day,
        "characters": {"Sorcerer": {"at": "DW5", "spells": SPELLS}},
        "until": "evening",
        "expect": {},
    }
    state = build_state(catalog(), load_scenario(data))
    return state, Ctx.start(catalog(), state), CombatState(clearing="DW5")


def purple(state: GameState, label: str) -> None:
    chit = next(c for c in state.characters["Sorcerer"].chits if c.label == label)
    chit.color = MagicColor.PURPLE


def reasons(ctx: Ctx, combat: CombatState, times: list[int]) -> dict[str, str]:
    """The Sorcerer's spells he cannot cast now, each with its reason in English."""
    return {n: english(why) for n, why in uncastable.reasons(ctx, combat, "Sorcerer", times)}


def test_no_colour_no_cast_offered_and_the_brief_says_why() -> None:
    _state, ctx, combat = sorcerer()
    assert casting.cast_options(ctx, combat, "Sorcerer", []) == []
    why = reasons(ctx, combat, [])
    assert "8.3.9b.6" in why["Fiery Blast"] and "purple" in why["Fiery Blast"]
    assert why["Blazing Light"] == "cast only in a cave clearing"


def test_every_cast_offered_is_one_the_rules_allow_and_its_chit_of_the_spells_type() -> None:
    _state, ctx, combat = sorcerer(day=21)  # the 21st day supplies Purple everywhere
    offered = casting.cast_options(ctx, combat, "Sorcerer", [])
    assert offered, "Purple everywhere: Fiery Blast and Transform are castable"
    for option in offered:
        assert casting.refusal(ctx, combat, "Sorcerer", option, []) is None
        spell, chit, _ = casting.read(option)
        assert chit.split()[1].rstrip("0123456789*") == str(catalog().spells[spell].type)
    named = {casting.read(o)[0] for o in offered}
    assert named == {"Fiery Blast", "Transform"}
    refused = [
        f"cast {c}"
        for c in casting.named_casts(ctx, combat, "Sorcerer")
        if f"cast {c}" not in offered
    ]
    assert refused and all(casting.refusal(ctx, combat, "Sorcerer", c, []) for c in refused)
    assert reasons(ctx, combat, []) == {"Blazing Light": "cast only in a cave clearing"}


def test_his_colour_chit_is_offered_when_it_is_the_only_supply() -> None:
    state, ctx, combat = sorcerer()
    purple(state, "MAGIC IV5*")
    offered = casting.cast_options(ctx, combat, "Sorcerer", [])
    assert "cast Fiery Blast with MAGIC IV3*, color MAGIC IV5*" in offered
    assert all(o.endswith(", color MAGIC IV5*") for o in offered)
    assert not any(casting.read(o)[1] == "MAGIC IV5*" for o in offered)  # not as the Magic chit


def test_a_chit_too_slow_for_a_move_time_on_his_sheet_is_not_offered() -> None:
    _state, ctx, combat = sorcerer(day=21)
    offered = casting.cast_options(ctx, combat, "Sorcerer", [3])
    assert offered and all(casting.read(o)[1] in ("MAGIC IV3*",) for o in offered)
    assert casting.cast_options(ctx, combat, "Sorcerer", [2]) == []
    why = reasons(ctx, combat, [2])
    assert "8.3.9b.5" in why["Fiery Blast"] and "8.3.9b.5" in why["Transform"]


def test_a_spell_committed_to_a_spell_in_effect_is_named_so() -> None:
    state, ctx, combat = sorcerer(day=21)
    state.spells.append(
        SpellInEffect(
            number=1,
            spell="Transform",
            caster="Sorcerer",
            controller="Sorcerer",
            chit="MAGIC VI5*",
            cast_day=21,
        )
    )
    offered = casting.cast_options(ctx, combat, "Sorcerer", [])
    assert not any(casting.read(o)[0] == "Transform" for o in offered)
    assert "8.4.3c" in reasons(ctx, combat, [])["Transform"]


def action(state: GameState) -> Decision:
    ctx = Ctx.start(catalog(), state)
    combat = CombatState(clearing="DW5", participants=["Sorcerer"])
    [decision] = [d for d in encounter.action_decisions(ctx, combat) if d.character == "Sorcerer"]
    return decision


def test_the_actions_prompt_mentions_casting_only_when_a_cast_is_offered() -> None:
    state, _, _ = sorcerer()
    assert "cast" not in english(action(state).prompt)
    state, _, _ = sorcerer(day=21)
    assert "cast a spell (8.3.9b)" in english(action(state).prompt)


def test_the_brief_names_each_spell_he_cannot_cast_with_its_reason() -> None:
    state, _, _ = sorcerer()
    state.today.evening = EveningState(order=["DW5"], combat=CombatState(clearing="DW5"))
    decision = Decision(
        id=CombatId(day=3, clearing="DW5", round=1, kind="action", who="Sorcerer").format(),
        character="Sorcerer",
        kind="action",
        prompt=verbatim(""),
        options=("none",),
        default="none",
    )
    lines = [english(line) for line in brief(catalog(), state, "Sorcerer", "DW5", [decision])]
    [line] = [line for line in lines if line.startswith("Spells you cannot cast now:")]
    assert "Fiery Blast (no purple magic" in line and "Blazing Light (cast only in a cave" in line
    assert not any(
        "cannot cast" in english(line) for line in brief(catalog(), state, "Sorcerer", "DW5")
    )


def test_a_cast_offered_is_judged_again_when_it_is_made() -> None:
    """Things may change between the asking and the making (a charge adds its Move chit's time
    to his sheet, 8.3.6b): offered with nothing on his sheet, too slow when made."""
    _state, ctx, combat = sorcerer(day=21)
    answer = "cast Fiery Blast with MAGIC IV3*"
    assert answer in casting.cast_options(ctx, combat, "Sorcerer", [])
    casting.cast(ctx, combat, "Sorcerer", answer, [2])
    [cancelled] = [e for e in ctx.events if isinstance(e, PlayCancelled)]
    assert cancelled.chit == "MAGIC IV3*" and "8.3.9b.5" in english(cancelled.reason)
    assert "Sorcerer" not in combat.casts
