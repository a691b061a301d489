"""The Melee Step's choices (8.4.2, 8.4.5): targets, then the secret plays — attack, maneuver,
shield and the placing of the denizens on his sheet — each a decision with one generator of
options and the safe default of pbem-combat §4.

Targets are picked in a random order of Attention chits (8.4.2b); the plays of all characters
are asked at once and revealed together (8.4.5e), by :mod:`rules.evening.reveal`. Once they are
revealed, and before they are resolved, a character with the Battle Bracelets or the Elusive
Cloak active may change the direction of his attack or maneuver (L4480–4488): a decision of its
own, ``shift_attack`` or ``shift_maneuver`` (:func:`ask_shifts`), asked when the card's
condition is met by :func:`rules.evening.shifting.shift`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules import hidden
from rules.day.context import Ctx
from rules.evening import dummies, flying, hirelings, kit, natives, rebels, standing
from rules.evening.answers import ATTACKS, MANEUVERS, NONE, TREACHERY, placement
from rules.evening.counters import is_native, sheet_counters
from rules.evening.encounter import combat_id, hostiles, is_red
from rules.evening.play_defaults import (
    default_maneuver,
    default_shield,
    shield,
    threatened,
)
from rules.evening.positions import placements, spread
from rules.evening.state import CombatState
from rules.evening.sunset import directing, present
from rules.events import Decision
from rules.events.daylight import Unhidden
from rules.events.evening import Targeted
from rules.magic import builtin, naming, taking_effect
from rules.magic.forms import creature, form, misted
from rules.magic.spells import absorb
from rules.magic.spells.attack import SPELL, fixed_circle
from rules.magic.spells.peace import named, pacified
from rules.phrases import Phrase, phrase
from rules.schema.action_chits import Action
from rules.schema.tiles import ClearingType

# --- 8.4.2 targets ----------------------------------------------------------------------------


def target_options(
    ctx: Ctx, combat: CombatState, who: str, here: list[str] | None = None
) -> list[str]:
    """Whom ``who`` may attack (8.4.2c): any monster or native in the clearing, on any sheet or
    none, another character's hireling, and any other character there (``here``: those present,
    if the caller has them) — a hidden one only if he sees him (b.5; found today,
    :func:`rules.hidden.finds`). His own hired natives are offered last, marked
    ``(treachery)``: naming one makes its group's natives under hire to him rebel (8.4.2g,
    :func:`rules.evening.rebels.rebel`). Nobody in mist is offered (L5062)."""
    others = [
        name
        for name in (present(ctx, combat) if here is None else here)
        if name != who and (not ctx.sheet(name).hidden or hidden.finds(ctx, who, name))
    ]
    hired = [m for m in hirelings.here(ctx, combat) if hirelings.employer(ctx, m) != who]
    own = [f"{m}{TREACHERY}" for m in hirelings.of(ctx, combat, who) if is_native(ctx.catalog, m)]
    found = [*hostiles(ctx, combat), *hired, *others, *own]
    spells = ctx.state.spells
    return [NONE, *(t for t in found if not misted(spells, t.removesuffix(TREACHERY)))]


def targets(ctx: Ctx, combat: CombatState) -> None:
    """8.4.1: hired natives' horses turn over. 8.4.2: an uncontrolled denizen defending on its
    own sheet attacks its newest attacker (a), a red-side-up Tremendous monster held by a
    hireling that hireling (8.6.2). The Attention chits of the characters taking part, in the
    clearing (hidden or not) or directing hirelings there, are mixed and picked one by one (b):
    each picks his own target or none (b.3) — a character who charged keeps the one he charged
    (8.3.6b.2) — and the target of each of his hirelings defending on its own sheet (e). Naming
    a target, or being named, unhides (b.2). His default is last round's target while it is
    still there, else none (pbem-combat §4). His secret plays are asked with his target, in one
    melee window (:func:`ask_plays`). One under Peace names none (L4714), and naming one under
    Peace breaks it (L4715). A spellcaster names his spell's targets instead (8.4.2d,
    :mod:`rules.magic.targets`); once all are named, the spells come to life in the next step
    (8.4.3, :func:`rules.magic.taking_effect.take_effect`)."""
    order = directing(ctx, combat)
    ctx.dice.shuffle(order)
    asked: list[tuple[str, str]] = []
    hired: list[tuple[str, str]] = []
    here = present(ctx, combat)  # asking changes nothing
    for who in order:
        hired += hirelings.target_choices(ctx, combat, who)
        if who in combat.charges:
            asked.append((who, combat.charges[who]))  # 8.3.6b.2: his charge is his target
            continue
        if who not in here:
            continue  # 8.4.2b.1: absent, he picks no target for himself
        if pacified(ctx.state, who) or misted(ctx.state.spells, who):
            asked.append((who, NONE))  # Peace, L4714; mist, L5062: he names no target
            continue
        answer = standing.ask(ctx, combat, _target_decision(ctx, combat, who, here))
        if who in combat.casts:
            answer = naming.again(ctx, combat, who, answer)
        asked.append((who, answer))
    if ctx.combat_waits():
        ask_plays(ctx, combat, {who: answer for who, answer in asked if answer != NONE})
        taking_effect.ask_ahead(ctx, combat)
    else:  # asking them ahead would change nothing; their menus are made now all the same
        for who in present(ctx, combat):
            menu(ctx, combat, who)
    ctx.wait_if_pending()
    hirelings.turn_horses(ctx, combat)
    before = combat.targets
    combat.targets = {}
    for owner in hirelings.defenders(ctx, combat):
        if owner in combat.held:
            aim = combat.targets[owner] = combat.held[owner]  # 8.6.2
        elif owner not in ctx.state.minions and not is_red(ctx, combat, owner):
            aim = combat.targets[owner] = combat.sheets[owner][-1]  # 8.4.2a
        else:
            continue
        ctx.emit(Targeted(who=owner, target=aim, at=combat.clearing, round=combat.round))
    for piece, answer in hired:
        if answer in combat.sheets.get(piece, []):
            combat.targets[piece] = answer
            ctx.emit(Targeted(who=piece, target=answer, at=combat.clearing, round=combat.round))
            named(ctx, answer, piece)  # Peace, L4715
    for who, answer in asked:
        if who in combat.casts and who not in combat.charges:
            taking_effect.name_targets(ctx, combat, who, answer)  # 8.4.2d
            continue
        if answer == NONE or answer not in target_options(ctx, combat, who):
            continue
        if answer.endswith(TREACHERY):
            answer = answer.removesuffix(TREACHERY)
            rebels.rebel(ctx, combat, who, answer)
        combat.targets[who] = answer
        ctx.emit(Targeted(who=who, target=answer, at=combat.clearing, round=combat.round))
        named(ctx, answer, who)  # Peace, L4715
        if is_native(ctx.catalog, answer) and answer not in ctx.state.minions:
            group = natives.group_of(ctx, answer)
            natives.start_battling(ctx, combat, group, who, phrase("evening.targeted"))
        for name in (who, answer):
            if name in ctx.state.characters and ctx.sheet(name).hidden:
                ctx.sheet(name).hidden = False
                ctx.emit(Unhidden(who=name, reason=phrase("evening.target_named")))
            elif name in ctx.state.minions:
                hirelings.unhide(ctx, name, phrase("evening.target_named"))
    if ctx.state.spells:
        absorb.changed_targets(ctx, combat, before)  # Absorb Essence, rule 2 (L4947)
    taking_effect.break_on_target(ctx, combat)  # 8.4.2h
    combat.step = "effects" if combat.casts else "plays"  # 8.4.3


def _target_decision(
    ctx: Ctx, combat: CombatState, who: str, here: list[str], *, ahead: bool = False
) -> Decision:
    """``who``'s choice of target (8.4.2b.3): his default last round's while it is still
    there, else none (pbem-combat §4); a spellcaster's, his spell's targets (8.4.2d,
    :func:`rules.magic.naming.decision`), none by default. Asked ``ahead``, in the encounter
    window, before any cast is made, it offers besides the attack targets those of each spell
    his Encounter action may cast (:func:`rules.magic.naming.ahead`): his spell is secret until
    its targets are named, and his target answers both."""
    if who in combat.casts:
        return naming.decision(ctx, combat, who)
    options = target_options(ctx, combat, who, here)
    if ahead:
        options = list(dict.fromkeys([*options, *naming.ahead(ctx, combat, who)]))
    last = combat.targets.get(who, NONE)
    return Decision(
        id=combat_id(ctx, combat, "target", who).format(),
        character=who,
        kind="target",
        prompt=phrase("evening.target_prompt"),
        options=tuple(options),
        default=last if last in options else NONE,
    )


def ask_ahead(ctx: Ctx, combat: CombatState) -> None:
    """The Melee Step's choices — each character's target, his hirelings' and his secret
    plays — asked ahead, with the Encounter's, when combat waits for its players: a round
    asks a player at most twice, for his lures and then, once random assignment is done
    (8.3.5), for everything else (issue 32). Each is asked again at its step with the options
    of that moment: an answer given ahead is taken if it is still among them, else his
    default then (:meth:`rules.day.context.Ctx.ask`). Asking changes nothing; the menus of
    the plays made now are not kept for the Melee Step, which makes its own."""
    here = present(ctx, combat)
    aiming: dict[str, str] = {}
    for who in directing(ctx, combat):
        hirelings.target_choices(ctx, combat, who)
        if who in here:
            decision = _target_decision(ctx, combat, who, here, ahead=True)
            answer = standing.ask(ctx, combat, decision)
            if answer != NONE:
                aiming[who] = answer
    ask_plays(ctx, combat, aiming, ahead=True)


# --- 8.4.5 plays ------------------------------------------------------------------------------


def attack_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """8.4.5e.1, h.2, j.2: each Fight chit or Gloves card not yet played this round in each
    Attack circle — offered with the target in one window, so before it is known: an attack
    with no target named is not played (8.4.2b.3) — and, with a weapon counter, a Fight chit
    played to turn it over at the end of the round (a weapon card has one side, L4430). A
    spellcaster whose Attack spell works attacks with it in a circle, ``spell smash`` (8.4.5 i),
    and no other way; one whose other spell works makes no attack (8.4.5a). Roof Collapses
    attacks automatically in its one circle (L4913): once it works, ``spell smash`` is his only
    play."""
    character = ctx.sheet(who)
    cast = combat.casts.get(who)
    options = [NONE]
    attacking = cast is not None and builtin.card(ctx.catalog, cast.spell).attack is not None
    fixed = fixed_circle(ctx, cast) if cast is not None else None
    if cast is not None and attacking and cast.status in ("cast", "working"):
        circles = [fixed] if fixed is not None else list(ATTACKS.values())
        options += [f"{SPELL} {circle}" for circle in circles]  # 8.4.5 i
    if cast is not None and cast.status == "working" and fixed is not None and attacking:
        return options[1:]  # Roof Collapses attacks "automatically" (L4913)
    if cast is not None and cast.status == "working":
        return options  # 8.4.5a: no weapon attack in the round his spell works
    shape = creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up)
    if shape is not None:  # 8.4.5p.2: a dummy in a circle, if the creature attacks at all
        free = dummies.chits(ctx, combat, who)
        turned = (
            [f"{dummies.TURNED}{label}" for label in free] if dummies.may_turn(ctx, who) else []
        )
        if shape.attack_time is None:  # it cannot attack on this side; the other may
            free = []
        plays = [*free, *turned]
        return options + [f"{label} {ATTACKS[box]}" for label in plays for box in ATTACKS]
    freed = kit.unleashed(ctx.state, who)  # Move/Fight chits (L5076)
    fights = kit.of_action(kit.unused(character, kit.used(combat, who)), Action.FIGHT, freed=freed)
    fights += kit.unused_cards(ctx.catalog, ctx.state, character, "gloves", kit.used(combat, who))
    options += [f"{label} {ATTACKS[box]}" for label in fights for box in ATTACKS]
    weapon = kit.weapon(ctx.catalog, ctx.state, character)
    if weapon is not None and not kit.weapon_record(ctx.catalog, weapon).card:
        options += [f"{label} flip {side}" for label in fights for side in ("alerted", "unalerted")]
    return options


def maneuver_options(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """8.4.5e.2, j.1, k: each Move chit or Boots card not yet played, in each Maneuver square
    (a Duck chit only in Duck, L3717), or his active horse on either side — never in a cave
    (k.1) —, or a Fly chit he may play himself (8.4.5q, ``fly CHIT``)."""
    character = ctx.sheet(who)
    if (
        creature(ctx.catalog, ctx.state.spells, who, ctx.state.dark_side_up) is not None
    ):  # 8.4.5p.2, 4.6.9b.1
        free = dummies.chits(ctx, combat, who)
        if dummies.may_turn(ctx, who):  # Absorb Essence, rule 2 (L4947)
            free += [f"{dummies.TURNED}{label}" for label in free]
        return [NONE, *(f"{label} {MANEUVERS[box]}" for label in free for box in MANEUVERS)]
    chits = kit.unused(character, kit.used(combat, who))
    options = [NONE]
    boots = kit.unused_cards(ctx.catalog, ctx.state, character, "boots", kit.used(combat, who))
    options += [
        f"{label} {MANEUVERS[box]}"
        for label in [
            *kit.of_action(chits, Action.MOVE, freed=kit.unleashed(ctx.state, who)),
            *boots,
        ]
        for box in MANEUVERS
    ]
    options += [f"{label} duck" for label in kit.of_action(chits, Action.DUCK)]
    options += [
        f"{fly} {MANEUVERS[box]}" for fly in flying.plays(ctx, combat, who) for box in MANEUVERS
    ]
    cave = ctx.board.clearing_type(combat.clearing) is ClearingType.CAVE
    if kit.horse(ctx.catalog, ctx.state, character) is not None and not cave:
        options += [
            f"horse {gait} {MANEUVERS[box]}" for gait in ("walk", "gallop") for box in MANEUVERS
        ]
    return options


def plays(ctx: Ctx, combat: CombatState) -> dict[str, dict[str, str]]:
    """8.4.5: each character's secret plays, asked all at once. Returns them by character and
    kind, to be revealed together (:func:`rules.evening.reveal.reveal`)."""
    chosen = ask_plays(ctx, combat, combat.targets)
    ctx.wait_if_pending()
    return chosen


@dataclass(frozen=True)
class Menu:
    """One character's secret plays this round, as offered: the options of each (``heads``:
    his absorbed monster's head or club, :func:`rules.evening.dummies.head_options`) and the
    defaults that do not depend on his target."""

    attacks: list[str]
    heads: list[str]
    maneuvers: list[str]
    maneuver: str
    shield: str | None
    places: list[str]
    place: str | None


def menu(ctx: Ctx, combat: CombatState, who: str, *, ahead: bool = False) -> Menu:
    """His :class:`Menu`, computed once a round: the melee window asks it with his target and
    again when the plays are made, and nothing it depends on changes in between. ``ahead``:
    the menu as the Encounter Step's window offers it (:func:`ask_ahead`), kept apart."""
    when = "ahead" if ahead else "melee"
    cast = combat.casts.get(who)
    if cast is not None:  # his attacks change once his spell works or is cancelled (8.4.5a)
        when += f" {cast.status}"
    when += f" {form(ctx.state.spells, who)}"  # and once a spell transmorphizes him (8.4.5p)
    key = ("menu", str(ctx.state.game_day), combat.clearing, str(combat.round), who, when)
    found = ctx.memo.get(key)
    if isinstance(found, Menu):
        return found
    maneuvers = maneuver_options(ctx, combat, who) if threatened(ctx, combat, who) else []
    counters = sheet_counters(ctx.catalog, ctx.board, ctx.state, combat.sheets.get(who, []))
    places: list[str] = []
    place = None
    if counters:
        places = [placement(p) for p in placements(counters)]
        place = placement(spread(counters))
        if place not in places:
            places.append(place)
    made = Menu(
        attacks=attack_options(ctx, combat, who),
        heads=dummies.head_options(ctx, combat, who),
        maneuvers=maneuvers,
        maneuver=default_maneuver(ctx, combat, who, maneuvers) if maneuvers else NONE,
        shield=default_shield(ctx, combat, who) if shield(ctx, who) is not None else None,
        places=places,
        place=place,
    )
    ctx.memo[key] = made
    return made


def ask_plays(
    ctx: Ctx, combat: CombatState, aiming: Mapping[str, str], *, ahead: bool = False
) -> dict[str, dict[str, str]]:
    """The secret plays of every character in the clearing, asked without waiting: with the
    targets, in one melee window (:func:`targets`; ``ahead``, with the Encounter's,
    :func:`ask_ahead`), and again when they are played. ``aiming`` are the targets named (or,
    asked with them, their answers so far): last round's attack is the default only for one
    who names a target (pbem-combat §4)."""
    chosen: dict[str, dict[str, str]] = {}
    for who in present(ctx, combat):
        offered = menu(ctx, combat, who, ahead=ahead)
        answers: dict[str, str] = {}
        last = combat.plays.get(who)
        previous = NONE
        if last is not None and last.attack is not None and last.attack.direction is not None:
            previous = f"{last.attack.chit} {ATTACKS[last.attack.direction]}"
        answers["attack"] = _ask(
            ctx,
            combat,
            who,
            "attack",
            phrase("evening.attack_prompt"),
            offered.attacks,
            previous if previous in offered.attacks and who in aiming else offered.attacks[0],
        )
        if offered.heads:  # Absorb Essence, rule 2.1 (L4948)
            answers["head"] = _ask(
                ctx, combat, who, "head", phrase("evening.head_prompt"), offered.heads, NONE
            )
        answers["maneuver"] = (
            NONE
            if not offered.maneuvers
            else _ask(
                ctx,
                combat,
                who,
                "maneuver",
                phrase("evening.maneuver_prompt"),
                offered.maneuvers,
                offered.maneuver,
                effort=_stars(answers["attack"]),
            )
        )
        if offered.shield is not None:
            answers["shield"] = _ask(
                ctx,
                combat,
                who,
                "shield",
                phrase("evening.shield_prompt"),
                list(ATTACKS.values()),
                offered.shield,
            )
        if offered.place is not None:
            answers["place"] = _ask(
                ctx,
                combat,
                who,
                "place",
                phrase("evening.place_prompt"),
                offered.places,
                offered.place,
            )
        chosen[who] = answers
    return chosen


def _stars(answer: str) -> int:
    """The asterisks of the chit an attack answer plays (``FIGHT L4 thrust``, ``FIGHT L4 flip
    alerted``); a Gloves card has none."""
    if answer == NONE:
        return 0
    label = answer.removesuffix(" flip alerted").removesuffix(" flip unalerted")
    return kit.effort([label.rpartition(" ")[0] if label == answer else label])


def _ask(
    ctx: Ctx,
    combat: CombatState,
    who: str,
    kind: str,
    prompt: Phrase,
    options: list[str],
    default: str,
    *,
    effort: int = 0,
) -> str:
    decision = Decision(
        id=combat_id(ctx, combat, kind, who).format(),
        character=who,
        kind=kind,
        prompt=prompt,
        options=tuple(options),
        default=default,
    )
    return standing.ask(ctx, combat, decision, effort=effort)


# --- L4480-4488 changing directions -------------------------------------------------------------

#: The decision kinds of the Battle Bracelets and the Elusive Cloak, with their card and the
#: boxes they choose among (attack circles, maneuver squares).
SHIFTS: dict[str, tuple[str, dict[int, str]]] = {
    "shift_attack": ("Battle Bracelets", ATTACKS),
    "shift_maneuver": ("Elusive Cloak", MANEUVERS),
}


def shift_options(kind: str, current: int) -> list[str]:
    """Where his attack (``shift_attack``: any Attack circle, L4482) or maneuver
    (``shift_maneuver``: any Maneuver square, L4486) may go: the box he played first — the
    default, not shifting — then the two others."""
    boxes = SHIFTS[kind][1]
    return [boxes[current], *(name for box, name in boxes.items() if box != current)]


def ask_shifts(
    ctx: Ctx, combat: CombatState, kind: str, eligible: Mapping[str, tuple[int, Phrase]]
) -> dict[str, int]:
    """L4480: "after attacks and maneuvers are revealed but before they are resolved", each
    character in ``eligible`` (his box now, and why the card lets him) says where his attack or
    maneuver goes; all are asked at once, without waiting (the caller waits). Returns the box
    each chose, by character."""
    card, boxes = SHIFTS[kind]
    by_name = {name: box for box, name in boxes.items()}
    chosen: dict[str, int] = {}
    for who, (current, why) in eligible.items():
        options = shift_options(kind, current)
        decision = Decision(
            id=combat_id(ctx, combat, kind, who).format(),
            character=who,
            kind=kind,
            prompt=(
                phrase("evening.shift_attack_prompt", card=card, why=why, box=boxes[current])
                if kind == "shift_attack"
                else phrase("evening.shift_maneuver_prompt", card=card, why=why, box=boxes[current])
            ),
            options=tuple(options),
            default=options[0],
        )
        chosen[who] = by_name.get(standing.ask(ctx, combat, decision), current)
    return chosen
