"""The Encounter Step (8.3): each character's one action (8.3.7–8.3.8); luring and random
assignment before it are :mod:`rules.evening.luring`.

Each step asks all its decisions at once (:meth:`rules.day.context.Ctx.ask`), stops if any is
awaited, then carries them out in the Encounter Step's order of characters (8.3.2). Decision
texts are those of :mod:`rules.evening.answers`; the options come from one generator per kind
here, shared with the bot and the tests.

Readings: an Encounter play the rules do not allow (too slow for the move times on his sheet,
8.3.7a; a Fight chit too weak for his weapon, b; a run-away chit too weak to carry him, c; a road
he may not run on, 8.3.8b) is not made — he "can" only play what he can — and is reported with
``play_cancelled``: its chit goes back unused.
"""

from __future__ import annotations

from rules.chits import printed
from rules.day.context import Ctx
from rules.daylight.moving import abandon, activation_refused, secret_card, usable
from rules.daylight.rest import vial_of_healing
from rules.decisions.ids import CombatId
from rules.evening import flying, kit, standing
from rules.evening.answers import NONE
from rules.evening.counters import (
    horse_side,
    move_time,
    red_side_up,
    riding,
    showing,
)
from rules.evening.state import CombatState
from rules.evening.sunset import denizens, present
from rules.events import Decision
from rules.events.daylight import (
    Activated,
    Alerted,
    CardActivationRefused,
    Deactivated,
    WentBerserk,
)
from rules.events.evening import PlayCancelled, RanAway, Unalerted
from rules.magic import casting, truce
from rules.magic.forms import MIST_MOVE_CHIT, creature, misted
from rules.magic.spells import protection
from rules.magic.state import committed
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of
from rules.schema.action_chits import Action
from rules.schema.base import Weight
from rules.state import Place

#: Where a beast runs to into the forest of his tile, in a ``run`` answer (8.3.8f L2386).
FOREST = "forest"

#: The monsters the Pilgrim's Heavenly Protection keeps off him (L3797).
DEMONS = frozenset({"Demon", "Winged Demon", "Imp"})


def combat_id(
    ctx: Ctx, combat: CombatState, kind: str, who: str, subject: str | None = None
) -> CombatId:
    """The id of a decision of ``kind`` for ``who`` in the round being fought, about
    ``subject`` if given."""
    return combat.decision_id(ctx.state.game_day, kind, who, subject)


def assigned_to(combat: CombatState, denizen: str) -> str | None:
    """The character whose sheet ``denizen`` is on, if any."""
    return next((who for who, on in combat.sheets.items() if denizen in on), None)


def hostiles(ctx: Ctx, combat: CombatState) -> list[str]:
    """The unhired monsters and natives in the clearing, in the order they stand there."""
    return denizens(ctx, combat.clearing)


def is_red(ctx: Ctx, combat: CombatState, piece: str) -> bool:
    """A Tremendous monster red side up (8.4.7d)."""
    return red_side_up(ctx.catalog, ctx.state, combat.dark_parts, piece)


# --- 8.3.7–8.3.8 actions ----------------------------------------------------------------------


def move_times(ctx: Ctx, combat: CombatState, who: str) -> list[int]:
    """The move times of the denizens on his sheet, on the side they show (8.3.7a); a native
    riding uses his horse's, on its walking side (8.3.1, 8.3.7a); a character charging him, his
    Move chit's (8.3.6b)."""
    times = []
    for denizen in combat.sheets.get(who, []):
        horse = riding(ctx.catalog, ctx.board, ctx.state, denizen)
        if horse is not None:
            times.append(horse_side(ctx.catalog, ctx.state, denizen, horse, melee=False).move)
            continue
        move = showing(ctx.catalog, ctx.state, combat.dark_parts, denizen).move
        move = move_time(ctx.catalog, ctx.state, denizen, move)  # Elven Grace, L4838
        if move is not None:
            times.append(move)
    times += [t for charger, t in combat.charge_times.items() if combat.charges[charger] == who]
    return times


def roads(ctx: Ctx, combat: CombatState) -> list[str]:
    """The clearings at the far ends of the roadways out of the combat's clearing."""
    return sorted({c.to for c in ctx.board.connections(combat.clearing) if c.to is not None})


def action_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Every action ``who`` could name this round (8.3.7): alerting or unalerting his weapon with
    any Fight chit not yet played, running along any roadway with any Move chit or his horse,
    flying away to a tile next to his with a Fly chit (:mod:`rules.evening.flying`),
    activating or deactivating one belonging, abandoning one; casting a spell the rules let him
    cast now (8.3.9b, :func:`rules.magic.casting.cast_options`), but not in a clearing
    at peace, where no one names a target (L5259, :mod:`rules.magic.truce`). A transmorphized
    character can only run away, with a dummy (8.4.5p.2): his chits and belongings are frozen
    and he names no target for a spell (4.6.9b.2, e) — but he may activate a Protection from
    Magic on him, a spell's chit and no belonging (4.6.7f.1). A character in mist has only the
    T4 Move chit "that he can use only to run away" (L5062, :data:`MIST_MOVE_CHIT`). Whether it
    can be done is judged when it is his turn to act (see the module docstring)."""
    state = ctx.state
    character = ctx.sheet(who)
    chits = kit.unused(character, kit.used(combat, who), committed(state.spells, who))
    options = [NONE]
    if protection.inactive(state, who) is not None:
        options.append(protection.ACTIVATE)  # 4.6.7f.1, L5163: a spell's chit, no belonging
    if misted(state.spells, who):  # L5062: his own chits frozen (4.6.9e), the T4 to run away
        return options + [f"run {MIST_MOVE_CHIT} to {end}" for end in roads(ctx, combat)]
    if creature(ctx.catalog, state.spells, who, state.dark_side_up) is not None:  # 8.4.5p.2, e
        ends = [*roads(ctx, combat), FOREST]  # 8.3.8f: a beast runs into the forest too
        return options + [f"run {label} to {end}" for label in chits for end in ends]
    freed = kit.unleashed(state, who)  # Move/Fight chits (L5076)
    weapon = kit.weapon(ctx.catalog, state, character)
    if weapon is not None:
        verb = "unalert" if character.items[weapon].alerted else "alert"
        gloves = kit.unused_cards(ctx.catalog, state, character, "gloves", kit.used(combat, who))
        options += [
            f"{verb} {label}"
            for label in [*kit.of_action(chits, Action.FIGHT, freed=freed), *gloves]
        ]
    options += [f"berserk {label}" for label in kit.of_action(chits, Action.BERSERK)]
    ends = roads(ctx, combat)
    boots = kit.unused_cards(ctx.catalog, state, character, "boots", kit.used(combat, who))
    for label in [*kit.of_action(chits, Action.MOVE, freed=freed), *boots]:
        options += [f"run {label} to {end}" for end in ends]
    if kit.horse(ctx.catalog, state, character) is not None:
        options += [f"run horse {gait} to {end}" for gait in ("walk", "gallop") for end in ends]
    options += flying.options(ctx, combat, who)  # 8.3.8e: fly away with a Fly chit
    belongings = state.at(Place.owner(who))
    for item in belongings:
        verb = "deactivate" if kit.active(character, item) else "activate"
        options.append(f"{verb} {item}")
    for item in belongings:
        options.append(f"abandon {item}")
    if not truce.reigns(ctx, combat.clearing):  # a Wish for peace: no targets (L5259)
        times = move_times(ctx, combat, who)  # his spells, his Artifacts', Books'
        options += casting.cast_options(ctx, combat, who, times)
    return options


def ask_actions(ctx: Ctx, combat: CombatState) -> list[tuple[str, str]]:
    """8.3.7: each character's action, asked of all in the clearing at once (in the
    encounter window, with their charges: one who charged makes no other action, 8.3.6b.1),
    as (character, answer)."""
    return [(d.character, standing.ask(ctx, combat, d)) for d in action_decisions(ctx, combat)]


def ask_colors(ctx: Ctx, combat: CombatState) -> list[tuple[str, str]]:
    """8.3.9a: the colour chits each character with any plays beside his action, asked with
    the actions, as (character, answer) (:func:`rules.magic.casting.color_decisions`)."""
    decisions = casting.color_decisions(ctx, combat, present(ctx, combat))
    return [(d.character, standing.ask(ctx, combat, d)) for d in decisions]


def action_decisions(ctx: Ctx, combat: CombatState) -> list[Decision]:
    """The action decision of each character in the clearing, made once a round, the first time
    it is asked (the window asks it, the Encounter actions again): its options are those before
    any charge is made."""
    found: list[Decision] = []
    for who in present(ctx, combat):
        key = combat_id(ctx, combat, "action", who).format()
        decision = ctx.memo.get((key,))
        if not isinstance(decision, Decision):
            options = tuple(action_options(ctx, combat, who))
            berserk = any(option.startswith("berserk ") for option in options)
            cast = any(option.startswith(casting.CAST) for option in options)
            decision = ctx.memo[(key,)] = Decision(
                id=key,
                character=who,
                kind="action",
                prompt=_action_prompt(berserk=berserk, cast=cast),
                options=options,
                default=NONE,
            )
        found.append(decision)
    return found


def _action_prompt(*, berserk: bool, cast: bool) -> Phrase:
    """The Encounter action's question, naming going berserk and casting when he may."""
    if berserk and cast:
        return phrase("evening.action_prompt_berserk_cast")
    if berserk:
        return phrase("evening.action_prompt_berserk")
    if cast:
        return phrase("evening.action_prompt_cast")
    return phrase("evening.action_prompt")


def actions(ctx: Ctx, combat: CombatState) -> None:
    """8.3.7: in turn, each character does one action; hirelings never do (e); one who charged
    has made his (8.3.6b.1). Then the colour chits each plays beside his action fatigue
    (8.3.9a.2–a.3: not an action, not limited by his sheet)."""
    asked = ask_actions(ctx, combat)
    colors = ask_colors(ctx, combat)
    ctx.wait_if_pending()
    for who, answer in asked:
        if answer == NONE or who not in present(ctx, combat):
            continue
        if who in combat.charges:
            _cancel(ctx, combat, who, answer, phrase("evening.charge_was_action"))
            continue
        verb, _, rest = answer.partition(" ")
        if verb == "run" and ctx.state.spells:  # Broomstick, rules 1 and 4 (L4957, L4960)
            instead = flying.encounter_invocation(
                ctx, combat, who, "run", rest.rpartition(" to ")[0]
            )
            if instead:
                flying.fly_away(ctx, combat, who, instead.removeprefix(flying.PLAYED), forced=True)
                continue
        act(ctx, combat, who, answer)
    for who, answer in colors:
        casting.play_colors(ctx, combat, who, answer)
    combat.step = "targets"


def act(ctx: Ctx, combat: CombatState, who: str, answer: str) -> None:
    verb, _, rest = answer.partition(" ")
    if verb in ("alert", "unalert"):
        _alert(ctx, combat, who, rest, verb)
    elif verb == "berserk":
        _berserk(ctx, combat, who, rest)
    elif verb == "run":
        _run(ctx, combat, who, rest)
    elif verb == flying.FLY:
        flying.fly_away(ctx, combat, who, rest)
    elif answer == protection.ACTIVATE:
        protection.activate(ctx, who, reason=phrase("evening.protection_action"))
    elif verb == "activate" and ", deactivate " in rest:
        first, _, second = rest.partition(", deactivate ")
        _activate(ctx, combat, who, first, on=True)
        _activate(ctx, combat, who, second, on=False)
    elif verb in ("activate", "deactivate"):
        _activate(ctx, combat, who, rest, on=verb == "activate")
    elif verb == "abandon":
        abandon(ctx, ctx.sheet(who), rest, combat.clearing, round=combat.round)
    elif verb == "cast":
        casting.cast(ctx, combat, who, answer, move_times(ctx, combat, who))


def _too_slow(ctx: Ctx, combat: CombatState, who: str, time: int) -> Phrase | None:
    """8.3.7a.1: a Fight, Move or horse play must be faster than every move time on his
    sheet."""
    times = move_times(ctx, combat, who)
    if times and time >= min(times):
        return phrase("evening.slower_than_sheet", time=time, move=min(times))
    return None


def _cancel(ctx: Ctx, combat: CombatState, who: str, play: str, reason: Phrase) -> None:
    ctx.emit(
        PlayCancelled(who=who, chit=play, reason=reason, at=combat.clearing, round=combat.round)
    )


def _alert(ctx: Ctx, combat: CombatState, who: str, label: str, verb: str) -> None:
    """8.3.7 action 1: a Fight chit turns his active weapon over, if it is fast enough
    (a.1) and strong enough for the weapon (b)."""
    character = ctx.sheet(who)
    weapon = kit.weapon(ctx.catalog, ctx.state, character)
    if weapon is None:
        return
    chit = kit.face(ctx.catalog, ctx.state, character, label)
    why = _too_slow(ctx, combat, who, chit.time)
    if why is None and not kit.strong_enough(chit, kit.weapon_record(ctx.catalog, weapon).weight):
        why = phrase("evening.weaker_than_weapon", chit=label, weapon=weapon, rule="8.3.7b")
    sheet = ctx.sheet(who)
    if why is None and kit.over_limit(
        ctx.catalog, ctx.state, sheet, [*kit.used(combat, who), label]
    ):
        why = kit.too_much(ctx.catalog, ctx.state, sheet)
    if why is not None:
        _cancel(ctx, combat, who, label, why)
        return
    kit.used(combat, who).append(label)
    character.items[weapon].alerted = verb == "alert"
    alerted = Alerted if verb == "alert" else Unalerted
    ctx.emit(alerted(who=who, item=weapon, chit=label, at=combat.clearing, round=combat.round))


def _berserk(ctx: Ctx, combat: CombatState, who: str, label: str) -> None:
    """L3600: the Berserker plays his Berserk chit as his action: the denizens on his sheet
    restrict it as they would a Fight chit (8.3.7a.1), it counts towards his effort limit and
    fatigues as effort does; until Midnight only Tremendous harm kills him (L3594; the chit is
    marked alerted until then, :func:`rules.chits.is_berserk`)."""
    sheet = ctx.sheet(who)
    chit = kit.face(ctx.catalog, ctx.state, sheet, label)
    why = _too_slow(ctx, combat, who, chit.time)
    played = [*kit.used(combat, who), label]
    if why is None and kit.over_limit(ctx.catalog, ctx.state, sheet, played):
        why = kit.too_much(ctx.catalog, ctx.state, sheet)
    if why is not None:
        _cancel(ctx, combat, who, label, why)
        return
    kit.used(combat, who).append(label)
    next(c for c in sheet.chits if c.label == label).alerted = True
    ctx.emit(WentBerserk(who=who, chit=label, at=combat.clearing, round=combat.round))


def _run(ctx: Ctx, combat: CombatState, who: str, rest: str) -> None:
    """8.3.8: he runs onto a roadway and leaves the combat: along the road he came by if he
    moved in today (b), fast enough (8.3.7a.1), strong enough to carry all he has (8.3.7c), and
    never with a red-side-up Tremendous monster on his sheet (8.4.7d.2). A transmorphized
    character runs with a dummy at the creature's move time and strength (8.4.5p.2), carrying
    nothing: his belongings are transmorphized with him, of Negligible weight (4.6.9b.2), and a
    dummy counts toward no effort limit (:func:`rules.evening.dummies.played`). A character in
    mist runs only with his T4 Move chit (L5062, :data:`MIST_MOVE_CHIT`), carrying nothing (his
    belongings are transmorphized with him) and with no asterisk to fatigue. The reading
    chosen: the denizens already on his sheet when he turned to mist stay there and its time 4
    must be faster than theirs (8.3.7a.1) — the only way the chit's time can matter.

    8.3.8f (L2386): "A character transmorphized into a beast can run away onto a roadway or into
    the forest, as he chooses": run ``to forest``, he is put in the forest of his tile
    (:mod:`rules.forest`), whatever roadway he came in by (8.3.8b limits only roadways)."""
    state, character = ctx.state, ctx.sheet(who)
    play, _, target = rest.rpartition(" to ")
    mist = misted(state.spells, who)
    if mist and play != MIST_MOVE_CHIT:
        reason = phrase("evening.mist_runs_with", chit=MIST_MOVE_CHIT)
        _cancel(ctx, combat, who, play, reason)
        return
    if mist:
        chit = printed(MIST_MOVE_CHIT)
        time, label, strength, needed = chit.time, play, chit.strength, Weight.NEGLIGIBLE
    elif play.startswith("horse "):
        horse = kit.horse(ctx.catalog, state, character)
        if horse is None:
            return
        gallop = play.endswith("gallop")
        side = ctx.catalog.horses[pieces_of(ctx.catalog)[horse].name].side(gallop)
        time, strength, label = side.move, side.strength, play
        needed = max(
            kit.heaviest(ctx.catalog, state, character),
            ctx.catalog.characters[who].weight,
            key=lambda w: w.rank,
        )
    elif (shape := creature(ctx.catalog, state.spells, who, state.dark_side_up)) is not None:
        time, label, strength, needed = shape.move_time, play, shape.strength, Weight.NEGLIGIBLE
    else:
        chit = kit.face(ctx.catalog, ctx.state, character, play)
        time, label = chit.time, play
        strength = chit.strength if chit.strength is not None else Weight.NEGLIGIBLE
        needed = kit.carrying(ctx.catalog, state, character, play)
    why = _too_slow(ctx, combat, who, time)
    if why is None and any(is_red(ctx, combat, d) for d in combat.sheets.get(who, [])):
        why = phrase("evening.tremendous_holds")
    if why is None and (strength is None or strength.rank < needed.rank):
        why = phrase("evening.cannot_carry", what=label, weight=needed.value, rule="8.3.7c")
    beast = creature(ctx.catalog, state.spells, who, state.dark_side_up) is not None
    if why is None and target == FOREST and not beast:
        why = phrase("evening.only_beasts_to_forest")
    elif why is None and target != FOREST:
        why = _road(ctx, combat, who, target)
    if why is None and play == "horse gallop" and who in combat.galloped:
        why = phrase("evening.gallops_once")
    sheet = ctx.sheet(who)
    if (
        why is None
        and not play.startswith("horse")
        and not mist
        and creature(ctx.catalog, state.spells, who, state.dark_side_up) is None
        and kit.over_limit(ctx.catalog, ctx.state, sheet, [*kit.used(combat, who), play])
    ):
        why = kit.too_much(ctx.catalog, ctx.state, sheet)
    if why is not None:
        _cancel(ctx, combat, who, label, why)
        return
    if play.startswith("horse "):
        if play.endswith("gallop"):
            combat.galloped.append(who)
    else:
        kit.used(combat, who).append(play)
    if target == FOREST:
        state.put(who, Place.forest(ctx.board.tile_of(combat.clearing).tile))
    else:
        state.put(who, Place.road(combat.clearing, target))
    combat.left.append(who)
    combat.sheets.pop(who, None)
    ctx.emit(
        RanAway(
            who=who,
            chit=label,
            at=combat.clearing,
            round=combat.round,
            from_=combat.clearing,
            to=target,
        )
    )


def _road(ctx: Ctx, combat: CombatState, who: str, target: str) -> Phrase | None:
    came = ctx.today.entered_from.get(who)
    if came is not None and came != target:
        return phrase("evening.came_in_from", came=came)
    connection = next((c for c in ctx.board.connections(combat.clearing) if c.to == target), None)
    if connection is None:
        return phrase("evening.no_roadway", clearing=combat.clearing, to=target)
    mist = misted(ctx.state.spells, who)  # L5060: along undiscovered paths too
    if not usable(ctx.catalog, ctx.board, ctx.sheet(who), combat.clearing, connection, mist=mist):
        return phrase("evening.cannot_use_roadway", to=target)
    return None


def _activate(ctx: Ctx, combat: CombatState, who: str, item: str, *, on: bool) -> None:
    """8.3.7d: activate or deactivate one belonging, as in Daylight (4.3). One the rules do not
    let him activate now is a cancelled play, with its reason (SCENARIOS.md "Refused plays");
    a face-down Treasure card's refusal is told to him alone, as in Daylight (4.4.1c). A
    Vial of Healing activated turns his wounds to fatigue at once (L4390,
    :func:`vial_of_healing`)."""
    character = ctx.sheet(who)
    record = character.items.get(item)
    if record is None or record.active == on:
        return
    if on:
        refused = activation_refused(ctx.catalog, ctx.state, character, item)
        if refused is not None and secret_card(ctx.catalog, ctx.state, item):
            eyes = (ctx.eyes(who),)
            ctx.emit(CardActivationRefused(recipients=eyes, who=who, item=item, reason=refused))
            return
        if refused is not None:
            _cancel(ctx, combat, who, f"activate {item}", refused)
            return
    record.active = on
    activated = Activated if on else Deactivated
    ctx.emit(activated(who=who, item=item, reason=phrase("evening.encounter_action")))
    if on:
        vial_of_healing(ctx, who)
