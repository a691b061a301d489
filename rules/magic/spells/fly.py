"""Fly spells (4.6.7e, 7.3.3d): each creates a Fly chit its target may play like a Move chit,
with the flying strength and time number the spell gives (``fly`` in the catalog); the chit stays
unused until played and expires when he lands (4.6.7e.1). A Fly spell in effect is that unused
chit; playing it in a Fly phase is :mod:`rules.daylight.fly`'s.

Broomstick (V/Black, one Light character, Fly; L4955–4960): a Light Fly chit, time 1, whose use
"the spellcaster controls" — unless he cast it on himself, when he plays it directly. Built: the
chit created (:func:`takes_effect`), its target of Light weight (:func:`fits`), and rule 2, the
caster invoking it as the target starts a Fly phase (:func:`invoked`).

Hurricane Winds (IV/Purple, one character, monster or native, Fly, cast only in a mountain
clearing; L4891): a Tremendous Fly chit, time 1, that blows its target away, with all his
belongings, to the adjacent tile the caster chooses, just before the next Encounter Step
(:func:`blow_away`); he lands in his turn, a denizen that takes none at the start of Daylight
(:func:`rules.daylight.fly.denizens_land`).

A Fly chit flies its target away from combat as his Encounter action (8.3.8e), and is played
like a Move chit to charge or maneuver (8.3.6b.4, 8.4.5q): :mod:`rules.evening.flying`, where
Broomstick's caster invokes it on his target's Move chits in combat (rules 1 and 4). Hurricane
Winds cast on a red-side-up Tremendous monster or its target turns the monster red side down
(:func:`winds_on_red`). In Daylight its caster invokes a Broomstick on his target's Move phase
(rules 3 and 4, :func:`rules.daylight.fly.broomstick_move`).
"""

from __future__ import annotations

from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.evening.counters import red_side_up
from rules.evening.state import CombatState
from rules.events.evening import Flipped
from rules.events.spells import Flew, FlyChitCreated
from rules.layout import DIRECTIONS
from rules.magic import builtin, questions
from rules.magic.casts import SpellCast
from rules.magic.state import SpellInEffect
from rules.phrases import phrase
from rules.schema.base import Weight
from rules.schema.spells import Duration
from rules.state import GameState, Place

BROOMSTICK = "broomstick"
"""Broomstick's ``text_key``."""
HURRICANE_WINDS = "hurricane_winds"
"""Hurricane Winds' ``text_key``."""

#: The answers to Broomstick's question, the default first (SCENARIOS part 3: ``invoke: false``).
NO, YES = "no", "yes"


def fly_chits(catalog: Catalog, state: GameState, name: str) -> list[SpellInEffect]:
    """The Fly chits ``name`` may play in a Fly phase (4.6.7e, 7.3.3d.1), in casting order: the
    Fly spells in effect whose (first and only) target he is. Hurricane Winds' chit is played
    only as the spell forces it (L4891)."""
    return [
        spell
        for spell in state.spells
        if spell.targets[:1] == [name]
        and spell.spell in catalog.spells
        and builtin.card(catalog, spell.spell).duration is Duration.FLY
        and builtin.card(catalog, spell.spell).text_key != HURRICANE_WINDS
    ]


def strength(catalog: Catalog, spell: SpellInEffect) -> Weight:
    """The flying strength of the Fly chit ``spell`` created (4.6.7e)."""
    fly = builtin.card(catalog, spell.spell).fly
    assert fly is not None, f"{spell.spell} is no Fly spell"
    return fly.strength


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """4.6.7e (L1247): "When a Fly spell comes to life it has no immediate effect ... The spell
    creates a special 'Fly' chit with the flying strength and time number defined by the spell,
    with no effort asterisks", put with his active chits: his target has it (``fly_chit``). The
    spell goes into effect, its Magic chit committed (:func:`rules.magic.taking_effect.commit`).
    Hurricane Winds on a red-side-up Tremendous monster or its target turns it red side down
    (:func:`winds_on_red`)."""
    chit = builtin.card(ctx.catalog, cast.spell).fly
    assert chit is not None, f"{cast.spell} is no Fly spell"
    target = cast.targets[0]
    ctx.emit(
        FlyChitCreated(who=target, spell=cast.spell, strength=chit.strength.value, time=chit.time)
    )
    if builtin.card(ctx.catalog, cast.spell).text_key == HURRICANE_WINDS:
        winds_on_red(ctx, combat, target)


def winds_on_red(ctx: Ctx, combat: CombatState, target: str) -> None:
    """Hurricane Winds (L4891): "When this spell is cast on a red-side-up T monster or its
    target, the monster immediately drops its target and turns red-side-down, and the target of
    the spell flies away" (:func:`blow_away`, before the next Encounter Step). A red-side-up
    Tremendous monster is the target, or holds the target: on his sheet, naming him, or holding
    him as its own sheet's target (8.6.2). Reading: dropping its target, it no longer holds or
    targets him; it stays where it is on the sheets until he flies away, and its hit this
    round no longer turns it red side up (as when its target is killed, 8.4.7c)."""
    state = ctx.state

    def red(piece: str) -> bool:
        return red_side_up(ctx.catalog, state, combat.dark_parts, piece)

    holders = {*combat.sheets.get(target, [])}
    holders |= {m for m, aim in combat.targets.items() if aim == target}
    holders |= {m for m, aim in combat.held.items() if aim == target}
    monsters = [target] if red(target) else sorted(m for m in holders if red(m))
    for monster in monsters:
        combat.held.pop(monster, None)
        combat.targets.pop(monster, None)
        combat.hit = [piece for piece in combat.hit if piece != monster]
        if monster in state.dark_side_up:
            state.dark_side_up.remove(monster)
        combat.dark_parts = [p for p in combat.dark_parts if p != monster]
        ctx.emit(Flipped(denizen=monster, side="light", at=combat.clearing, round=combat.round))


def invoked(ctx: Ctx, spell: SpellInEffect, target: str) -> bool:
    """Whether ``target`` may fly with the Fly chit of ``spell`` as he starts a Fly phase. A Fly
    chit is his to play like a Move chit (4.6.7e, 7.3.3d.1); but Broomstick's caster "controls
    when this chit is used": "When the target starts to do a Fly phase, the spellcaster can
    invoke the Fly chit and allow him to fly. If he does not invoke the Fly chit, the activity
    is cancelled" (rule 2, L4958). Its controller is asked (``{spell: Broomstick, invoke:
    true}``; default no) — unless he is the target: "If the spellcaster plays this spell on
    himself, he can play the Fly chit directly" (L4955). Read: the owner of the Artifact or
    Spell Book that cast it on him is that spellcaster too (he controls it, 8.3.9c.5)."""
    if spell.controller == target or builtin.card(ctx.catalog, spell.spell).text_key != BROOMSTICK:
        return True
    answer = questions.ask(
        ctx,
        spell.controller,
        spell.spell,
        phrase("spells.broomstick", target=target, spell=spell.spell, who=target),
        [NO, YES],
    )
    ctx.wait_if_pending()
    return answer == YES


def neighbours(ctx: Ctx, tile: str) -> list[str]:
    """The tiles next to ``tile``, clockwise from its north side (7.3.3a: "from tile to
    adjacent tile")."""
    placed = ctx.board.placed(tile)
    if placed is None:
        return []
    beyond = [ctx.board.tile_at(placed.neighbour(d)) for d in DIRECTIONS]
    return [b.tile for b in beyond if b is not None]


def tiles_next_to(ctx: Ctx, clearing: str) -> list[str]:
    """The tiles next to the tile of ``clearing``, clockwise from its north side."""
    return neighbours(ctx, ctx.board.tile_of(clearing).tile)


def blow_away(ctx: Ctx, combat: CombatState) -> None:
    """Hurricane Winds (L4891): "The target must use this chit to fly away just before the next
    Encounter Step begins; the Fly chit overrules the target's normal behavior ... When the
    target flies out of the clearing, all of his belongings, including his horses, fly and land
    with him. The spellcaster chooses which adjacent tile the target flies to." Called as the
    Encounter Step of a round in ``combat``'s clearing begins (:func:`rules.evening.luring.
    lure`): each Hurricane Winds in effect, unused, whose target is here blows him away — its
    controller is asked the tile (``{spell: Hurricane Winds, tile: BV}``; default the first
    clockwise from north), all the questions first. He leaves the combat and flies over that
    tile's forest (his counter "half in" each tile, 8.3.8e.2, is read as over the tile he flies
    to), to land in his turn (7.3.3b) — a denizen that takes none, as Daylight begins. With no
    tile next to his, he stays."""
    blowing = [
        spell
        for spell in ctx.state.spells
        if not spell.flying
        and builtin.card(ctx.catalog, spell.spell).text_key == HURRICANE_WINDS
        and spell.targets
        and ctx.where(spell.targets[0]) == combat.clearing
        and tiles_next_to(ctx, combat.clearing)
    ]
    chosen = [
        questions.ask(
            ctx,
            spell.controller,
            spell.spell,
            phrase("spells.blown_away", spell=spell.spell, target=spell.targets[0]),
            tiles_next_to(ctx, combat.clearing),
            combat=combat,
        )
        for spell in blowing
    ]
    ctx.wait_if_pending()
    for spell, tile in zip(blowing, chosen, strict=True):
        target = spell.targets[0]
        spell.flying = True
        ctx.state.put(target, Place.tile(tile))
        if target in ctx.state.characters:
            combat.left.append(target)
        combat.sheets.pop(target, None)
        for sheet in combat.sheets.values():
            if target in sheet:
                sheet.remove(target)
        ctx.emit(Flew(who=target, from_=combat.clearing, tile=tile))
