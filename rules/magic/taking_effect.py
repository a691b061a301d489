"""Spells naming their targets and coming to life (8.4.2d, 8.4.3), and the Instant and Attack
spells expiring (4.6.7c–d, 8.4.4a).

Order (SCENARIOS.md part 3, "Order"): the targets are named with everyone's (``targeted``,
``unhidden``); then a spell whose targets are of the wrong sort is cancelled first
(``spell_cancelled``, reason ``target``: 8.4.2d); then, for each completion time from 0, the
spells of that time cancel the slower spells of the characters they name (reason ``slower``,
8.4.3b, b.1) and take effect together, in the Evening order of their casters
(``spell_took_effect`` and what each does). This is a step of the round of its own
(``effects``): a spell that asks a question (:mod:`rules.magic.questions`) asks it before it
changes anything, and when the answer must wait the step runs again with it, the spells that
took effect skipped and the one asking (``taking``) resumed. A cancelled spell's Magic chit
fatigues (b.4); its asterisks still count toward his effort limit, and he keeps his Attention
chit on his first target, which he may still attack if it is an individual (8.4.5a). An
Instant spell expires as it has worked, an Attack spell once its attacks are resolved or,
unused, at the end of the Melee Step: its Magic chit then fatigues (8.4.3c.1). Any other spell
goes into effect: a :class:`~rules.magic.state.SpellInEffect` in the game state, its chit
committed to it (8.4.3c).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import hirelings, natives, rebels
from rules.evening.counters import is_native
from rules.evening.state import CombatState
from rules.events.casting import SpellTookEffect
from rules.events.daylight import Unhidden
from rules.events.evening import Targeted
from rules.events.spells import SpellExpired, SpellNullified
from rules.magic import builtin, nullifying, targets
from rules.magic.cancelling import cancel, fatigue_chit
from rules.magic.forms import transmorphize_belongings
from rules.magic.spells import artifact, ask_demon, control, peace, whistle
from rules.magic.spells.registry import BUILT
from rules.magic.state import SpellInEffect, next_number
from rules.phrases import phrase
from rules.schema.spells import Duration
from rules.state import Place


def name_targets(ctx: Ctx, combat: CombatState, who: str, answer: str) -> None:
    """8.4.2d: he announces his spell's targets in order, his Attention chit on the first —
    which is his target for an attack too if his spell is cancelled (8.4.3b.4), when it is an
    individual. Naming a character or denizen unhides both (d.6; himself too, even on his own
    spell); naming an unhired native sets its group battling him, naming one of his own hired
    natives makes that group's natives under hire to him rebel (d.7, 8.4.2g:
    :func:`rules.evening.rebels.rebel`). The Benevolent Spells that d.7 excepts are the
    optional rule 10.C.2, which a campaign cannot choose yet."""
    cast = combat.casts[who]
    cast.targets = targets.named(answer)
    people = targets.individuals(ctx, combat)
    if cast.targets and cast.targets[0] in people:
        combat.targets[who] = cast.targets[0]
    artifact.name_added(ctx, combat, who, cast)  # Enchant Artifact's spell, with its target
    for target in cast.targets:
        ctx.emit(Targeted(who=who, target=target, at=combat.clearing, round=combat.round))
        peace.named(ctx, target, who)
        if target not in people:
            continue
        if is_native(ctx.catalog, target) and target not in ctx.state.minions:
            group = natives.group_of(ctx, target)
            natives.start_battling(ctx, combat, group, who, phrase("magic.targeted_by_a_spell"))
        elif is_native(ctx.catalog, target) and ctx.state.minions[target].employer == who:
            rebels.rebel(ctx, combat, who, target)
        for name in dict.fromkeys((who, target)):
            if name in ctx.state.characters and ctx.sheet(name).hidden:
                ctx.sheet(name).hidden = False
                ctx.emit(Unhidden(who=name, reason=phrase("magic.spell_target_named")))
            elif name in ctx.state.minions:
                hirelings.unhide(ctx, name, phrase("magic.spell_target_named"))


def ask_ahead(ctx: Ctx, combat: CombatState) -> None:
    """The questions the spells cast this round will ask as they take effect, asked ahead in
    the melee window, before anything changes (:mod:`rules.day.context`): a controlling
    spell's assignments cancelled (8.4.4c, :func:`rules.magic.spells.control.ask_ahead`), the
    tile Whistle for Monsters sends a Sound chit to (L5179,
    :func:`rules.magic.spells.whistle.ask_ahead`), the player Ask Demon asks (L4953,
    :func:`rules.magic.spells.ask_demon.ask_ahead`)."""
    control.ask_ahead(ctx, combat)
    for who, cast in combat.casts.items():
        if cast.status == "cast" and cast.spell == whistle.WHISTLE:
            whistle.ask_ahead(ctx, combat, who)
        if cast.status == "cast" and cast.spell == ask_demon.ASK_DEMON:
            ask_demon.ask_ahead(ctx, combat, who)


def break_on_target(ctx: Ctx, combat: CombatState) -> None:
    """8.4.2h: the pacifying and controlling spells whose controller, or one of his hirelings,
    has named one of their targets as his target this round break
    (:func:`rules.magic.spells.control.break_on_target`)."""
    control.break_on_target(ctx, combat)


def take_effect(ctx: Ctx, combat: CombatState) -> None:
    """8.4.2d, 8.4.3: the spells cast this round come to life, or are cancelled, in order (see
    the module docstring)."""
    order = [who for who in combat.participants if who in combat.casts]
    for who in order:
        if combat.casts[who].status == "cast" and not targets.right_sort(ctx, combat, who):
            cancel(ctx, combat, who, "target")
    for time in sorted({combat.casts[w].time for w in order}):
        group = [
            w
            for w in order
            if combat.casts[w].time == time and combat.casts[w].status in ("cast", "taking")
        ]
        for who in group:
            for target in combat.casts[who].targets:
                slower = combat.casts.get(target)
                if slower is not None and slower.status == "cast" and slower.time > time:
                    cancel(ctx, combat, target, "slower", by=who)
        for who in group:
            if combat.casts[who].status == "cast" and control.stopped(ctx, combat, who):
                cancel(ctx, combat, who, "hireling")  # 8.4.4b note, 8.4.2h.1
        for who in group:
            status = combat.casts[who].status
            if status == "taking" or (status == "cast" and _reaches(ctx, combat, who)):
                _works(ctx, combat, who)


def _reaches(ctx: Ctx, combat: CombatState, who: str) -> bool:
    """No new spell goes into effect against a protected individual (L4964, L5061, L5163;
    :func:`rules.magic.nullifying.shielded`): a cast naming only protected targets is
    cancelled, its reason the protecting spell; one naming others too goes on without them,
    each left out told as ``spell_nullified``. Whether it still reaches a target."""
    cast = combat.casts[who]
    spells = ctx.state.spells
    kept = [t for t in cast.targets if not nullifying.shielded(spells, t)]
    if kept == cast.targets:
        return True
    for target in cast.targets:
        guard = nullifying.protector(spells, target)
        if guard is None:
            continue
        if not kept:
            cancel(ctx, combat, who, guard.spell, by=guard.caster)
            return False
        ctx.emit(SpellNullified(spell=cast.spell, caster=who, target=target, by=guard.spell))
    cast.targets = kept
    return True


def _works(ctx: Ctx, combat: CombatState, who: str) -> None:
    cast = combat.casts[who]
    spell = builtin.card(ctx.catalog, cast.spell)
    if cast.status == "cast":
        cast.status = "taking"
        combat.eventful = True
        ctx.emit(
            SpellTookEffect(
                spell=cast.spell,
                caster=who,
                targets=tuple(cast.targets),
                time=cast.time,
                at=combat.clearing,
                adds=cast.adds,
                round=combat.round,
            )
        )
    BUILT[spell.text_key](ctx, combat, who, cast)  # asks, if it does, before it changes anything
    if cast.status != "taking":
        return  # it ended as it took effect (Peace broken at once, L4703)
    cast.status = "working"
    if spell.duration is Duration.INSTANT:
        expire(ctx, combat, who, "instant")
    elif spell.duration is not Duration.ATTACK:
        item = cast.chit if cast.item else None
        made = commit(
            ctx,
            who,
            cast.spell,
            None if item else cast.chit,
            cast.targets,
            item=item,
            becomes=cast.becomes,
            phases_lost=cast.phases_lost,
            adds=cast.adds,
        )
        nullifying.announce(ctx, made)  # a Pentangle nullifies the spells on its target


def commit(
    ctx: Ctx,
    who: str,
    spell: str,
    chit: str | None,
    aims: list[str],
    item: str | None = None,
    *,
    becomes: str | None = None,
    phases_lost: int | None = None,
    adds: str | None = None,
) -> SpellInEffect:
    """8.4.3c: the spell stays on its targets until it ends, its Magic chit committed to it;
    cast by his Artifact or Spell Book ``item``, the item is its caster and he controls it
    (8.3.9c.3, c.5). A Permanent spell is energized as it is cast (4.6.7h.2), until Midnight.
    Returns the spell in effect."""
    state = ctx.state
    permanent = builtin.card(ctx.catalog, spell).duration is Duration.PERMANENT
    made = SpellInEffect(
        number=next_number(state.spells),
        spell=spell,
        caster=item or who,
        controller=who,
        chit=chit,
        targets=list(aims),
        cast_day=state.game_day,
        energized=permanent,
        becomes=becomes,
        phases_lost=phases_lost,
        adds=adds,
    )
    if permanent:  # 4.6.9b.1: his belongings are transmorphized with him
        owned = {target: list(state.at(Place.owner(target))) for target in made.targets}
        transmorphize_belongings(made, owned)
    state.spells.append(made)
    return made


def expire(ctx: Ctx, combat: CombatState, who: str, when: str) -> None:
    """An Instant or Attack spell ends (4.6.7c–d): its Magic chit fatigues (8.4.3c.1)."""
    cast = combat.casts[who]
    cast.status = "expired"
    ctx.emit(SpellExpired(spell=cast.spell, caster=who, when=when))
    fatigue_chit(ctx, combat, who, phrase("magic.his_spell_ended"))


def expire_attacks(ctx: Ctx, combat: CombatState) -> None:
    """8.4.4a: once the attacks are resolved, the Attack spells that worked this round expire,
    used or not."""
    for who in combat.participants:
        cast = combat.casts.get(who)
        if cast is None or cast.status != "working":
            continue
        if builtin.card(ctx.catalog, cast.spell).duration is Duration.ATTACK:
            expire(ctx, combat, who, "attack")
