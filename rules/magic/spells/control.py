"""The Day spells that control or pacify denizens (7.7.5, 8.4.4b–c): what they do as they take
effect; what being controlled or pacified means while the spell is in effect is
:mod:`rules.magic.minions`'s and :mod:`rules.magic.pacification`'s.

- Guide Spider or Octopus (VIII, Grey, one Spider or Octopus; L5173) and Control Bats (VII, any
  colour, all of the Bats in his clearing; L5157): "The spellcaster controls the monster(s)";
  cast by an Artifact or Spell Book, "the character who holds the item" controls them — the
  owner who played it (8.3.9c.5), the spell's controller. So does the Dragonfang Necklace's
  spell on a Dragon (L4552, :mod:`rules.magic.builtin`).
- Persuade (III, Gold, one native group or all of the Giants or of the Ogres in his clearing;
  L4852) and Deal with Goblins (VIII, Black, all of the Goblins in his clearing; L5171): "The
  spellcaster pacifies the targets" (8.4.4b); he meets them on the Friendly, or the Neutral,
  column of the Meeting Table (:mod:`rules.magic.pacification`).
"""

from __future__ import annotations

from itertools import combinations

from rules.day.context import Ctx
from rules.evening import hirelings, natives
from rules.evening.counters import is_native
from rules.evening.state import CombatState
from rules.magic import builtin, lifecycle, minions, questions, targets
from rules.magic.casts import SpellCast
from rules.magic.pacification import PACIFYING
from rules.phrases import phrase

#: Why a pacifying or controlling spell is broken by its own side's attack (8.4.2h).
TARGETED = phrase("spells.targeted_by_its_side")
#: The answer that cancels no assignment (8.4.4c), the default.
NONE = "none"
#: The separator of several monsters in an answer.
AND = ", "


def controls(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Guide Spider or Octopus, Control Bats (L5173, L5157; 8.4.4c, 7.7.5e): the targets not
    already controlled become controlled monsters of ``who`` — the caster, or the owner of the
    item that cast it — until the spell ends (:func:`rules.magic.minions.control`); then he may
    cancel the assignments of any or all of them (:func:`unassign`)."""
    taken = minions.control(ctx, cast.spell, who, cast.targets)
    unassign(ctx, combat, who, cast.spell, taken)


def ask_ahead(ctx: Ctx, combat: CombatState) -> None:
    """Asks each caster of a controlling spell this round, with his targets and secret plays in
    the melee window (:func:`rules.evening.melee.targets`), which assignments he will cancel
    (:func:`unassign`): the question is asked before the spells take effect, since a step asks
    before it changes anything (:mod:`rules.day.context`), among the monsters of the spell's
    sort assigned now — one of them for a spell of one target, any set of them for one of all
    the Bats. As the spell takes effect the same question is asked again among those it then
    controls: an answer given ahead that is not among them is the default."""
    for who, cast in combat.casts.items():
        if cast.status != "cast" or cast.spell not in minions.CONTROLLING:
            continue
        kind = builtin.card(ctx.catalog, cast.spell).target.kind
        sets = targets.groups(ctx, combat, who, kind)
        if sets is not None:
            options = [o for found in sets for o in _subsets(_assigned(combat, found))[1:]]
        else:
            single = targets.of_spell(ctx, combat, who, cast.spell) or []
            options = _assigned(combat, single)
        if options:
            _ask(ctx, combat, who, cast.spell, [NONE, *dict.fromkeys(options)])


def _assigned(combat: CombatState, pieces: list[str]) -> list[str]:
    return [p for p in pieces if hirelings.attacking(combat, p) is not None]


def _subsets(pieces: list[str]) -> list[str]:
    """``none``, then every set of ``pieces`` in their order, smallest first."""
    options = [NONE]
    for size in range(1, len(pieces) + 1):
        options += [AND.join(combo) for combo in combinations(pieces, size)]
    return options


def _ask(ctx: Ctx, combat: CombatState, who: str, spell: str, options: list[str]) -> str:
    return questions.ask(
        ctx,
        who,
        spell,
        phrase("spells.unassign", spell=spell),
        options,
        combat=combat,
    )


def unassign(ctx: Ctx, combat: CombatState, who: str, spell: str, taken: list[str]) -> None:
    """8.4.4c (L2483): "When the spell goes into effect, the spellcaster can cancel the
    assignments of any or all of the target monsters. He cannot assign the monsters to new
    targets until the next round." The ``spell`` question asks him which of those he now
    controls that are assigned (on a Melee Section as attackers): ``none`` (the default,
    SCENARIOS part 3 ``unassign`` [none]) or a set of them in the order they stand, written
    ``Giant Bat 1, Giant Bat 2``. Those named leave the sections they attack on. Reading: the
    question is asked for every controlling spell, as the rule is; one left assigned to one of
    his hired natives is not made treachery here (its note), nor one left on himself."""
    assigned = [p for p in taken if hirelings.attacking(combat, p) is not None]
    if not assigned:
        return
    answer = _ask(ctx, combat, who, spell, _subsets(assigned))
    if answer == NONE:
        return
    for piece in answer.split(AND):
        owner = hirelings.attacking(combat, piece)
        if owner is None:
            continue
        combat.sheets[owner].remove(piece)
        combat.boxes.get(owner, {}).pop(piece, None)


def pacifies(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """Persuade, Deal with Goblins (L4852, L5171; 8.4.4b): the targets are pacified toward
    ``who`` — the caster, or the owner of the item that cast it — while the spell is in effect
    (:mod:`rules.magic.pacification`). "When the spell goes into effect, all of its targets who
    are assigned to attack the spellcaster or his hirelings become unassigned", and natives
    among them no longer battle him: they "act like unhired natives who are not battling the
    spellcaster". While it is in effect he may hire the monsters among them in Hire phases
    (7.7.5a, :mod:`rules.daylight.hiring`)."""
    spared = {who, *hirelings.of(ctx, combat, who)}
    for owner in spared:
        on = combat.sheets.get(owner, [])
        for piece in [p for p in on if p in cast.targets]:
            on.remove(piece)
            combat.boxes.get(owner, {}).pop(piece, None)
    groups = {natives.group_of(ctx, p) for p in cast.targets if is_native(ctx.catalog, p)}
    for group in sorted(groups):
        battling = combat.battling.get(group, [])
        if who in battling:
            battling.remove(who)


def break_on_target(ctx: Ctx, combat: CombatState) -> None:
    """8.4.2h (L2456): "A spell that pacifies or controls a group of denizens is instantly
    broken when the spellcaster specifies one of the spell's targets as a target for himself or
    one of his hirelings. When the spell is broken, all of the targets revert to normal
    behavior." Called once the targets of the round are named (``combat.targets``). Reading:
    every pacifying or controlling spell, of one target or of a group."""
    for aimer, aim in sorted(combat.targets.items()):
        boss = ctx.state.minions[aimer].employer if aimer in ctx.state.minions else aimer
        for spell in list(ctx.state.spells):
            kinds = (*minions.CONTROLLING, *PACIFYING)
            if spell.spell in kinds and spell.controller == boss and aim in spell.targets:
                lifecycle.break_spell(ctx, spell, TARGETED, by=aimer)


def stopped(ctx: Ctx, combat: CombatState, who: str) -> bool:
    """8.4.4b's note (L2481), 8.4.2h.1: "If any of the spellcaster's hirelings are assigned to
    attack any of the spell's targets at the moment when the spell goes into effect, then the
    spell is stopped from going into effect. The spell is cancelled." — for a pacifying spell:
    one of his hirelings has a target among them as its target, or attacks on one's sheet."""
    cast = combat.casts[who]
    if cast.spell not in PACIFYING:
        return False
    for piece in hirelings.of(ctx, combat, who):
        if combat.targets.get(piece) in cast.targets:
            return True
        if any(piece in combat.sheets.get(target, []) for target in cast.targets):
            return True
    return False
