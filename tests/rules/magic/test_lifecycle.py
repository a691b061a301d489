"""Spells in effect from energized to ended (rules.magic.lifecycle): release, break, expire,
energize and fall inert, and the steps of the day that do it — Sunset (8.1.1), Midnight
(8.9.2d–e), the day's beginning (6.1.3), a death (4.6.10h.2–h.3) and the game's end
(4.6.10h.1). What a scenario cannot set up (a Combat spell, cast and ending in one Evening; a
kill by a chosen hand; the last day) is shown here."""

from __future__ import annotations

from bot.event_text import english
from rules import resolve
from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight.prowling import regenerate
from rules.events import Event
from rules.magic import lifecycle
from rules.magic.state import SpellInEffect
from rules.phrases import is_stored_phrase
from rules.setup.game import new_game
from rules.state import GameState, Place


def game(day: int = 3) -> GameState:
    """The Witch King and the Amazon, alone in CV1 and CV2 of seed 3's map."""
    state = new_game(catalog(), 3, ["Witch King", "Amazon"])
    state.day = day
    clearings = [t.tile for t in state.tiles]
    assert "CV" in clearings
    state.put("Witch King", Place.clearing("CV1"))
    state.put("Amazon", Place.clearing("CV2"))
    return state


def cast(
    state: GameState,
    spell: str,
    targets: list[str],
    *,
    chit: str | None = "MAGIC VI4*",
    caster: str = "Witch King",
    energized: bool = False,
    day: int | None = None,
) -> SpellInEffect:
    """A spell in effect, as a cast would have left it."""
    found = SpellInEffect(
        number=len(state.spells) + 1,
        spell=spell,
        caster=caster,
        controller="Witch King",
        chit=chit,
        targets=targets,
        cast_day=day if day is not None else state.game_day,
        energized=energized,
    )
    state.spells.append(found)
    return found


def kinds(events: list[Event]) -> list[tuple[str, dict[str, object]]]:
    """Each event's type and fields, a phrase as its English."""
    return [
        (e.type, {k: english(v) if is_stored_phrase(v) else v for k, v in e.fields.items()})
        for e in events
    ]


def chit_status(state: GameState, label: str) -> str:
    chits = [c for c in state.characters["Witch King"].chits if c.label == label]
    return chits[-1].status


def test_releasing_one_of_two_targets_leaves_the_spell_on_the_other():
    """4.6.10d.2: a target released is no longer the spell's; the others stay bewitched, and the
    last one released breaks it (d.3), its chit fatiguing."""
    state = game()
    spell = cast(state, "Transform", ["Amazon", "Witch King"])
    ctx = Ctx.start(catalog(), state)
    lifecycle.release(ctx, spell, "Amazon", by="Dissolve Spell")
    assert state.spells == [spell] and spell.targets == ["Witch King"]
    assert chit_status(state, "MAGIC VI4*") == "active"
    lifecycle.release(ctx, spell, "Witch King", reason=lifecycle.TARGET_KILLED)
    assert state.spells == []
    assert kinds(ctx.events) == [
        ("spell_released", {"spell": "Transform", "caster": "Witch King", "target": "Amazon",
                            "by": "Dissolve Spell"}),
        ("spell_released", {"spell": "Transform", "caster": "Witch King", "target": "Witch King",
                            "reason": "target killed"}),
        ("spell_broken", {"spell": "Transform", "caster": "Witch King", "reason": "target killed"}),
        ("fatigued", {"who": "Witch King", "chit": "MAGIC VI4*",
                      "reason": "its spell is broken (4.6.10d.3)"}),
    ]  # fmt: skip
    assert chit_status(state, "MAGIC VI4*") == "fatigued"


def test_an_items_spell_has_no_chit_to_fatigue():
    """4.6.10d.3, 8.3.9c: a spell an Artifact cast commits no chit; breaking it fatigues none."""
    state = game()
    spell = cast(state, "Transform", ["Amazon"], chit=None, caster="Book of Lore")
    ctx = Ctx.start(catalog(), state)
    lifecycle.break_spell(ctx, spell, lifecycle.by_name("Dissolve Spell"))
    assert [e.type for e in ctx.events] == ["spell_broken"] and not state.spells


def test_at_midnight_combat_spells_expire_and_unsupplied_permanent_spells_fall_inert():
    """8.9.2d–e (L2879): Combat spells expire (4.6.7g.1), their chits fatiguing; an energized
    Permanent spell falls inert unless an automatic source supplies its target; an inert one
    and a Day spell stay as they are. The Day spell on the Pentangle's target, nullified while
    the Pentangle lasted, resumes (4.6.10d.1)."""
    state = game()
    combat = cast(state, "Pentangle", ["Witch King"], chit="MAGIC V4*")
    permanent = cast(state, "Transform", ["Amazon"], energized=True)
    day = cast(state, "Phantasm", ["Witch King"], chit="MAGIC VI3*")
    ctx = Ctx.start(catalog(), state)
    lifecycle.midnight(ctx)
    assert state.spells == [permanent, day] and not permanent.energized
    assert kinds(ctx.events) == [
        ("spell_inert", {"spell": "Transform", "caster": "Witch King", "targets": ["Amazon"],
                         "by": "midnight"}),
        ("spell_expired", {"spell": "Pentangle", "caster": "Witch King", "when": "midnight"}),
        ("fatigued", {"who": "Witch King", "chit": "MAGIC V4*",
                      "reason": "its spell expires (4.6.7b, g)"}),
        ("spell_resumed", {"spell": "Phantasm", "caster": "Witch King", "target": "Witch King",
                           "by": "Pentangle"}),
    ]  # fmt: skip
    assert combat not in state.spells


def test_a_midnight_in_the_engine_ends_the_combat_spells_before_the_day_ends():
    """The Midnight step (rules.day.midnight) runs it: the Combat spell's spell_expired comes
    before day_ended."""
    state = game()
    cast(state, "Pentangle", ["Witch King"], chit="MAGIC V4*")
    state.today.stage = "midnight"
    events = [e.type for e in resolve(state, {}).events]
    assert events.index("spell_expired") < events.index("day_ended")


def test_the_chapel_keeps_a_permanent_spell_energized_at_midnight_the_seventh_day_does_not():
    """8.9.2d: a continuous supply keeps it energized — the Chapel's White in its clearing for
    Bad Luck (any colour, 4.6.7h.2) — but the seventh day's colour ends at its Midnight (L1418:
    5.1 step 7.1)."""
    state = game(day=7)
    chapel = state.place_of("Chapel")
    state.put("Amazon", chapel)
    at_chapel = cast(state, "Bad Luck", ["Amazon"], chit="MAGIC VI3*", energized=True)
    by_day = cast(state, "World Fades", ["Witch King"], energized=True)
    assert lifecycle.automatic_supply(catalog(), state, by_day) is not None
    ctx = Ctx.start(catalog(), state)
    lifecycle.midnight(ctx)
    assert at_chapel.energized and not by_day.energized


def test_sunset_expires_the_day_spells_cast_before_today_only():
    """8.1.1 (L2247), 4.6.7g.2: a Day spell expires at Sunset of the day after it was cast; one
    cast today (this Evening, for a Day spell of tomorrow) is not yet due."""
    state = game()
    old = cast(state, "Phantasm", ["Witch King"], day=state.game_day - 1)
    new = cast(state, "Phantasm", ["Amazon"], chit="MAGIC VI3*")
    ctx = Ctx.start(catalog(), state)
    lifecycle.sunset(ctx)
    assert state.spells == [new] and old not in state.spells
    assert [e.type for e in ctx.events] == ["spell_expired", "fatigued"]


def test_the_seventh_day_energizes_a_characters_duplicate_spells_one_only():
    """6.1.3 (L1492): "If a character has duplicate spells in effect (such as two Absorb Essence
    spells), he may choose which one to activate": the earliest cast (rules-map U4), the choice
    not asked. Another source energizes both."""
    state = game(day=7)
    first = cast(state, "World Fades", ["Witch King"])
    second = cast(state, "World Fades", ["Amazon"], chit="MAGIC VI3*")
    ctx = Ctx.start(catalog(), state)
    lifecycle.day_begins(ctx)
    assert first.energized and not second.energized
    lifecycle.energize_automatically(ctx)
    assert second.energized


def test_a_tile_target_is_energized_from_anywhere_on_the_tile():
    """4.6.7h.7 (L1266): a hex tile target of a Permanent spell is supplied from anywhere on it
    — here by day 28's Gold, for Lost (Gold) on CV."""
    state = game(day=28)
    spell = cast(state, "Lost", ["CV"], chit="MAGIC VI3*")
    supply = lifecycle.automatic_supply(catalog(), state, spell)
    assert supply is not None and supply.source == "day"


def test_a_caster_killed_breaks_his_chits_spells_not_his_items():
    """4.6.10h.2 (L1355): his Magic chits' spells are broken; "Spells cast by a character using
    an Artifact or Spell Book remain in effect". h.3: he is released from spells on him."""
    state = game()
    own = cast(state, "Transform", ["Amazon"])
    item = cast(state, "World Fades", ["Amazon"], chit=None, caster="Book of Lore")
    on_him = cast(state, "Bad Luck", ["Witch King"], chit=None, caster="Book of Lore")
    ctx = Ctx.start(catalog(), state)
    state.characters["Witch King"].dead = True
    lifecycle.killed(ctx, "Witch King")
    assert state.spells == [item]
    assert own not in state.spells and on_him not in state.spells
    assert ("spell_broken", {"spell": "Transform", "caster": "Witch King",
                             "reason": "caster killed"}) in kinds(ctx.events)  # fmt: skip
    assert "fatigued" not in [e.type for e in ctx.events], "his chits died with him"


def test_the_games_end_breaks_every_spell_before_the_scores():
    """4.6.10h.1 (L1353): "No spells are in effect when the characters calculate their scores":
    at the last Midnight every spell is broken before anyone is scored."""
    state = game(day=28)
    cast(state, "Transform", ["Amazon"], energized=True)
    state.today.stage = "midnight"
    result = resolve(state, {})
    types = [e.type for e in result.events]
    assert types.index("spell_broken") < types.index("scored")
    assert not result.state.spells
    (broken,) = [e for e in result.events if e.type == "spell_broken"]
    assert english(broken.fields["reason"]) == "game over"


def test_a_treasures_own_spell_is_left_to_its_card():
    """4.4.8 (L4546): a Treasure card's own spell (the Flying Carpet's) is not in the List of
    Spells: no step here expires, energizes or inerts it."""
    state = game()
    carpet = cast(state, "Flying Carpet", ["Witch King"], chit=None, caster="Flying Carpet",
                  energized=True, day=1)  # fmt: skip
    ctx = Ctx.start(catalog(), state)
    lifecycle.sunset(ctx)
    lifecycle.midnight(ctx)
    lifecycle.day_begins(ctx)
    assert state.spells == [carpet] and carpet.energized and not ctx.events


def prowling_monster(state: GameState) -> str:
    """A Giant summoned from its box (its home, 7.13), prowling today (row 4)."""
    monster = "Giant 1"
    state.homes[monster] = state.place_of(monster)
    assert state.homes[monster].startswith("box:")
    state.today.monster_roll = catalog().monsters["Giant"].appearance_row
    return monster


def test_a_regenerating_denizen_is_released_from_its_spells():
    """6.3.4e (L1557): "Denizens who regenerate are released from all spells. If all the targets
    of a spell regenerate, the spell is broken." """
    state = game(day=7)
    monster = prowling_monster(state)
    state.put(monster, Place.clearing("CV2"))
    spell = cast(state, "Transform", [monster], energized=True)
    ctx = Ctx.start(catalog(), state)
    regenerate(ctx)
    assert state.place_of(monster) == state.homes[monster] and spell not in state.spells
    types = [e.type for e in ctx.events]
    assert types[types.index("regenerated") :][:3] == [
        "regenerated",
        "spell_released",
        "spell_broken",
    ]


def test_an_absorbed_monster_does_not_regenerate():
    """L4942: the monster Absorb Essence absorbed "is not killed and cannot regenerate"."""
    state = game(day=7)
    monster = prowling_monster(state)
    state.put(monster, Place.OUT)
    cast(state, "Absorb Essence", [monster], chit="MAGIC V4*")
    ctx = Ctx.start(catalog(), state)
    regenerate(ctx)
    assert state.place_of(monster) == Place.OUT and len(state.spells) == 1
