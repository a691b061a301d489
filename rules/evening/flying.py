"""Flying away (8.3.8e, L2383–2385): an Encounter action (8.3.7) that plays a Fly chit to leave
the combat for a tile next to his.

``fly CHIT to TILE`` names the Fly chit by the Magic chit that is it (4.6.7e: "Put the Magic chit
used to cast the spell on top of any unused action chit to represent the Fly chit"; a Fly spell
an item cast, by the spell's name) — each unused Fly chit of his (:func:`rules.magic.spells.fly.
fly_chits`) he may play himself: not a Broomstick another cast on him, whose caster controls it
(L4955): he invokes it on the target's Move chits (rules 1 and 4: :func:`encounter_invocation`
in the Encounter Step, :func:`invocations` as the maneuvers are revealed). The same Fly chits are
played like Move chits to charge and to maneuver (``fly CHIT``, :func:`plays`; 8.3.6b.4, 8.4.5q):
he stays in the clearing; so is the Flying Carpet, once a round (:func:`carpet`).
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.fly import carpet_fly, carpets
from rules.daylight.moving import abandon, weight_of
from rules.evening import kit
from rules.evening.counters import dark, red_side_up, values
from rules.evening.state import CombatState
from rules.events.evening import PlayCancelled
from rules.events.spells import Flew, FlyChitInvoked
from rules.magic import builtin, lifecycle, questions
from rules.magic.colors import at_place, supplies
from rules.magic.forms import transmorphized
from rules.magic.spells.fly import BROOMSTICK, NO, YES, fly_chits, strength, tiles_next_to
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import MagicColor, Weight
from rules.state import Place

#: The action's verb.
FLY = "fly"


def label(spell: SpellInEffect) -> str:
    """How an action names the Fly chit of ``spell``: its Magic chit, else the spell."""
    return spell.chit or spell.spell


def playable(ctx: Ctx, who: str) -> list[SpellInEffect]:
    """His unused Fly chits he may play himself (see the module)."""
    return [
        spell
        for spell in fly_chits(ctx.catalog, ctx.state, who)
        if spell.controller == who or builtin.card(ctx.catalog, spell.spell).text_key != BROOMSTICK
    ]


def options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Each ``fly CHIT to TILE`` he could name: each Fly chit he may play, then his Flying
    Carpet if he may play it this round (:func:`carpet`), to each tile next to his, clockwise
    from north (8.3.8e.2: "an adjacent tile of his choice")."""
    tiles = tiles_next_to(ctx, combat.clearing)
    named = [label(spell) for spell in playable(ctx, who)]
    rug = carpet(ctx, combat, who)
    named += [rug] if rug is not None else []
    return [f"{FLY} {chit} to {tile}" for chit in named for tile in tiles]


def fly_away(ctx: Ctx, combat: CombatState, who: str, rest: str, *, forced: bool = False) -> None:
    """8.3.8e: he flies away with the Fly chit ``rest`` names, if the rules allow it — else the
    play is cancelled. e.1: "he ignores non-flying move times. The only denizens and Attention
    chits on his Melee Section that can stop him from flying away are those that fly, and
    red-side-up Tremendous monsters": the chit's time must be less than the move time of every
    flying monster on his sheet (8.3.7a.1). Reading: as a Move chit played to run must carry
    everything he has (8.3.7c), the Fly chit must carry him and his items; his horses stay behind
    (7.3.3a.3). e.2: "his counter is put half in the tile he is in, and half in an adjacent
    tile of his choice" — read as over the forest of the tile he chose, as after a Fly phase
    (:mod:`rules.daylight.fly`): he leaves the combat, and lands in his turn (7.3.3b), the chit
    expiring then (4.6.7e.1). ``forced``: Broomstick's caster makes him fly away with its Fly
    chit (rule 1, :func:`encounter_invocation`)."""
    named, _, tile = rest.rpartition(" to ")
    mine = fly_chits(ctx.catalog, ctx.state, who) if forced else playable(ctx, who)
    chit = next((s for s in mine if label(s) == named), None)
    rug = carpet(ctx, combat, who) if chit is None else None
    rug = rug if rug == named else None
    if rug is not None:  # the Flying Carpet (8.4.5q): values of L4558, once a round
        kit.used(combat, who).append(rug)
    found = chit is not None or rug is not None
    why = None if found else phrase("evening.no_fly_chit", chit=named)
    if chit is not None and tile not in tiles_next_to(ctx, combat.clearing):
        why = phrase("evening.tile_not_next", tile=tile)
    sheet = combat.sheets.get(who, [])
    if why is None and any(
        red_side_up(ctx.catalog, ctx.state, combat.dark_parts, d) for d in sheet
    ):
        why = phrase("evening.tremendous_holds")
    if why is None and chit is not None:
        why = _too_slow(ctx, combat, who, fly_time(ctx, chit)) or _too_heavy(ctx, who, chit)
    if why is None and rug is not None:
        why = _too_slow(ctx, combat, who, carpet_fly(ctx, rug).time) or carpet_carries(
            ctx, who, rug
        )
    if why is not None:
        ctx.emit(
            PlayCancelled(who=who, chit=named, reason=why, at=combat.clearing, round=combat.round)
        )
        return
    character = ctx.sheet(who)
    pieces = pieces_of(ctx.catalog)
    for item in list(ctx.state.at(Place.owner(who))):
        if pieces[item].kind is Kind.HORSE:
            abandon(ctx, character, item, combat.clearing, round=combat.round)
    if chit is not None:
        chit.flying = True
    ctx.state.put(who, Place.tile(tile))
    combat.left.append(who)
    combat.sheets.pop(who, None)
    ctx.emit(Flew(who=who, from_=combat.clearing, tile=tile))


def _too_slow(ctx: Ctx, combat: CombatState, who: str, time: int) -> Phrase | None:
    """8.3.7a.1 with e.1: the Fly chit's ``time`` against the flying monsters on his sheet."""
    pieces = pieces_of(ctx.catalog)
    times = [
        move
        for denizen in combat.sheets.get(who, [])
        if pieces[denizen].kind is Kind.MONSTER
        and ctx.catalog.monsters[pieces[denizen].name].flying
        and (move := values(ctx.catalog, denizen, dark(ctx.state, combat.dark_parts, denizen)).move)
        is not None
    ]
    if times and time >= min(times):
        return phrase("evening.slower_than_flying", time=time, move=min(times))
    return None


def _too_heavy(ctx: Ctx, who: str, chit: SpellInEffect) -> Phrase | None:
    """The Fly chit must carry him and his items (the reading in :func:`fly_away`)."""
    needed = _load(ctx, who)
    if needed.rank > strength(ctx.catalog, chit).rank:
        return phrase("evening.fly_chit_cannot_carry", spell=chit.spell, weight=needed.value)
    return None


def _load(ctx: Ctx, who: str) -> Weight:
    """What flying must carry: his own weight or his heaviest item's, the heavier."""
    return max(
        kit.heaviest(ctx.catalog, ctx.state, ctx.sheet(who)),
        weight_of(ctx.catalog, who),
        key=lambda w: w.rank,
    )


#: How a play names a Fly chit played like a Move chit (``fly MAGIC V2*``), to charge or
#: maneuver (8.3.6b.4, 8.4.5q).
PLAYED = f"{FLY} "


def plays(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Each Fly chit he may play himself like a Move chit to charge or maneuver (4.6.7e L1247:
    "The target can play this Fly chit like a Move chit during his turn or during combat"), as
    a play names it: ``fly`` and the chit's :func:`label`; then his Flying Carpet, if he may
    play it this round (:func:`carpet`)."""
    found = [f"{PLAYED}{label(spell)}" for spell in playable(ctx, who)]
    rug = carpet(ctx, combat, who)
    return [*found, f"{PLAYED}{rug}"] if rug is not None else found


def carpet(ctx: Ctx, combat: CombatState, who: str) -> str | None:
    """The Flying Carpet ``who`` may play this round like a Move chit, to charge or maneuver
    (8.4.5q L2587: "The owner of the Flying Carpet has the option to use it repeatedly whenever
    it is energized, but only once per round of combat"; L4558: "a Fly chit with Medium
    strength and a time number of '2'"): his first active Carpet, energized by Purple from an
    automatic source in the clearing (:func:`rules.magic.colors.at_place`) or by a Purple
    colour chit of his today (7.3.3h: "it remains energized for the whole day"), not played yet
    this round (it is then among his plays, :func:`rules.evening.kit.used`)."""
    place = Place.clearing(combat.clearing)
    purple = bool(supplies(at_place(ctx.catalog, ctx.state, place), MagicColor.PURPLE))
    played = kit.used(combat, who)
    return next(
        (c for c in carpets(ctx, who) if c not in played and (purple or c in ctx.today.carpets)),
        None,
    )


def carpet_played(ctx: Ctx, combat: CombatState, who: str, play: str) -> str | None:
    """The Flying Carpet the play ``play`` (``fly CARPET``) names, if he may play it now."""
    rug = carpet(ctx, combat, who)
    return rug if rug is not None and play == f"{PLAYED}{rug}" else None


def carpet_carries(ctx: Ctx, who: str, rug: str) -> Phrase | None:
    """8.4.5q: the Carpet's flying strength must carry him and all his items — why it cannot,
    or None."""
    needed = _load(ctx, who)
    if needed.rank > carpet_fly(ctx, rug).strength.rank:
        return phrase("evening.the_cannot_carry", what=rug, weight=needed.value, rule="8.4.5q")
    return None


def is_fly(play: str) -> bool:
    """Whether the play ``play`` names a Fly chit (``fly LABEL``)."""
    return play.startswith(PLAYED)


def played(ctx: Ctx, who: str, play: str) -> SpellInEffect | None:
    """The Fly chit the play ``play`` (``fly LABEL``) names, if it is one of his (a Broomstick
    another controls among them: its caster may invoke it, :func:`invocations`); else None."""
    if not play.startswith(PLAYED):
        return None
    named = play.removeprefix(PLAYED)
    return next((s for s in fly_chits(ctx.catalog, ctx.state, who) if label(s) == named), None)


def _broomstick(ctx: Ctx, who: str) -> SpellInEffect | None:
    """The first unused Broomstick on ``who`` that another controls (its caster's to invoke,
    L4955), if he is his own self; None if none."""
    if who not in ctx.state.characters or transmorphized(ctx.state.spells, who):
        return None
    return next(
        (
            spell
            for spell in fly_chits(ctx.catalog, ctx.state, who)
            if builtin.card(ctx.catalog, spell.spell).text_key == BROOMSTICK
            and spell.controller != who
            and not spell.flying
        ),
        None,
    )


def _move_strength(ctx: Ctx, who: str, play: str) -> Weight | None:
    """The strength of the Move chit ``play`` names (not a horse, card or Fly chit); None if it
    names none."""
    if play.startswith(("horse", PLAYED)) or kit.is_card(play):
        return None
    chit = kit.face(ctx.catalog, ctx.state, ctx.sheet(who), play)
    return chit.strength if chit.action is Action.MOVE else None


def encounter_invocation(ctx: Ctx, combat: CombatState, who: str, verb: str, play: str) -> str:
    """Broomstick's caster as his target plays a Move chit in the Encounter Step (``verb``:
    ``charge`` or ``run``; ``play``, the Move chit). Rule 1 (L4957): "When the target plays a
    Light Move chit during the Encounter Step, the spellcaster can interrupt his play and force
    him to use the Fly chit to charge or fly away, as the spellcaster chooses"; rule 4 (L4960):
    on a Move chit stronger than Light, invoking it breaks the spell, the Fly chit having no
    effect. His controller is asked (default ``no``): ``yes`` (``{spell: Broomstick, invoke:
    true}``) breaks the spell (rule 4), or makes the Fly chit charge whom the target charged
    (rule 1); a tile next to his (``{spell: Broomstick, tile: BV}``) makes him fly away there.
    Returns what the target does instead — ``fly LABEL`` (a charge) or ``fly LABEL to TILE`` —,
    or ``""`` when his play stands.

    Readings: the caster chooses a charge only in place of a charge: a run turned into a
    charge would name a target the target never named; a charge can be turned into a flight
    away. A caster is asked once a round for his spell (one question a spell a round): if he
    declines here, he does not invoke it at the maneuvers of that round."""
    spell = _broomstick(ctx, who)
    strength = _move_strength(ctx, who, play)
    if spell is None or strength is None:
        return ""
    if strength is not Weight.LIGHT:
        options = [NO, YES]
        prompt = phrase("evening.broomstick_strong_play", who=who, play=play)
    else:
        tiles = tiles_next_to(ctx, combat.clearing)
        options = [NO, *([YES] if verb == "charge" else []), *tiles]
        prompt = phrase("evening.broomstick_light_play", who=who, play=play)
    answer = questions.ask(ctx, spell.controller, spell.spell, prompt, options, combat=combat)
    ctx.wait_if_pending()
    if answer == NO or answer not in options:
        return ""
    if strength is not Weight.LIGHT:
        lifecycle.break_spell(ctx, spell, phrase("evening.invoked_strong"), by=spell.caster)
        return ""
    ctx.emit(FlyChitInvoked(caster=spell.controller, who=who, spell=spell.spell, chit=play))
    if answer == YES:
        return f"{PLAYED}{label(spell)}"
    return f"{PLAYED}{label(spell)} to {answer}"


def invocations(ctx: Ctx, combat: CombatState, chosen: dict[str, dict[str, str]]) -> dict[str, str]:
    """Broomstick's caster and his target's maneuver, as the maneuvers are revealed (L4955:
    "The spellcaster controls when this chit is used, but it can be used only when the target
    uses a Light Move chit"). Rule 1 (L4957): "When the target plays a Light Move chit to
    maneuver, when the final maneuvers are revealed the spellcaster can invoke the Fly chit. He
    cannot change the direction of the target's maneuver." Rule 4 (L4960): "Any time the target
    uses a Move chit that is stronger than Light, the spellcaster can invoke the Fly chit. When
    this happens, the Fly chit has no effect and the spell is broken." Each caster of an unused
    Broomstick on another, whose target maneuvers with a Move chit (his own self, not a dummy),
    is asked (``{spell: Broomstick, invoke: true}``; default no), all first. Returns the
    maneuvers the Fly chit replaces (``fly LABEL SQUARE``), by target; the Move chit is then
    not played (its play is interrupted). Reading: a caster with several Broomsticks on
    maneuvering targets is asked for the first only in a round (one question a spell)."""
    found: list[tuple[str, SpellInEffect, str, bool]] = []
    asking: set[str] = set()
    for who, answers in chosen.items():
        play, _, square = answers.get("maneuver", "none").rpartition(" ")
        spell = _broomstick(ctx, who) if play else None
        strength = _move_strength(ctx, who, play) if spell is not None else None
        if spell is None or strength is None or spell.controller in asking:
            continue
        light = strength is Weight.LIGHT
        prompt = (
            phrase("evening.broomstick_light_maneuver", who=who, play=play, spell=spell.spell)
            if light
            else phrase("evening.broomstick_strong_maneuver", who=who, play=play, spell=spell.spell)
        )
        asking.add(spell.controller)
        answer = questions.ask(ctx, spell.controller, spell.spell, prompt, [NO, YES], combat=combat)
        found.append((who, spell, f"{play} {square}" if light else "", answer == YES))
    ctx.wait_if_pending()
    replaced: dict[str, str] = {}
    for who, spell, light_play, invoked in found:
        if not invoked:
            continue
        if not light_play:
            lifecycle.break_spell(ctx, spell, phrase("evening.invoked_strong"), by=spell.caster)
            continue
        play, _, square = light_play.rpartition(" ")
        replaced[who] = f"{PLAYED}{label(spell)} {square}"
        ctx.emit(FlyChitInvoked(caster=spell.controller, who=who, spell=spell.spell, chit=play))
    return replaced


def fly_time(ctx: Ctx, spell: SpellInEffect) -> int:
    """The time number of the Fly chit ``spell`` created (4.6.7e)."""
    fly = builtin.card(ctx.catalog, spell.spell).fly
    assert fly is not None, f"{spell.spell} is no Fly spell"
    return fly.time


def cannot_carry(ctx: Ctx, who: str, spell: SpellInEffect) -> Phrase | None:
    """8.4.5q (L2565): "He can use his own flying values only if his flying strength will carry
    him and all of his items" — why the Fly chit cannot, or None."""
    return _too_heavy(ctx, who, spell)


def used(ctx: Ctx, spell: SpellInEffect, how: str) -> None:
    """The Fly chit is used to charge (``how``), and he stays in the clearing (8.4.5q).
    4.6.7e.1: "If it is used to charge, it expires at the end of the Encounter Step." Reading:
    it expires as the charge is made — the time it gives is kept with the charge, and his
    charge is his action for the round (8.3.6b.1): nothing else in that step could play it;
    only the moment its Magic chit fatigues is earlier. It has "no effort asterisks" (4.6.7e):
    it counts toward neither his effort limit nor the Fatigue Step."""
    lifecycle.expire(ctx, spell, how)


def maneuvers_end(ctx: Ctx, combat: CombatState) -> None:
    """4.6.7e.1: "If it is used to maneuver in combat, it expires at the end of the Melee Step
    in which it is used" — each Fly chit a maneuver of this round played, not cancelled, as the
    round ends."""
    for who, plays in combat.plays.items():
        maneuver = plays.maneuver
        if maneuver is None or maneuver.chit is None or maneuver.cancelled is not None:
            continue
        spell = next(
            (
                s
                for s in fly_chits(ctx.catalog, ctx.state, who)
                if f"{PLAYED}{label(s)}" == maneuver.chit
            ),
            None,
        )
        if spell is not None:
            lifecycle.expire(ctx, spell, "maneuver")
