"""The defaults of a character's secret plays in a round (pbem-combat §4): what he plays when he
says nothing — no attack, a maneuver only when something threatens him, in the square his
attackers threaten least, with his fastest Move chit that keeps him within his effort limit and
carries what he carries; his shield toward the most attackers; his attackers spread over the
circles (8.4.5m) — for :mod:`rules.evening.melee`'s menus.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening import dummies, kit
from rules.evening.answers import ATTACKS, MANEUVERS, NONE
from rules.evening.counters import sheet_counters
from rules.evening.positions import spread
from rules.evening.state import CombatState
from rules.evening.sunset import present
from rules.magic.forms import creature, transmorphized
from rules.magic.spells.attack import attacks_all
from rules.schema.action_chits import Action


def threatened(ctx: Ctx, combat: CombatState, who: str) -> bool:
    """Whether anything could attack him this round: denizens on his sheet (8.4.6b), or another
    character in the clearing, who may have named him (8.4.2c), or a Roof Collapses cast here,
    which attacks everyone (L4913). With none, he is not asked for a maneuver, which would only
    tire him."""
    return (
        bool(combat.sheets.get(who))
        or any(n != who for n in present(ctx, combat))
        or attacks_all(combat)
    )


def shield(ctx: Ctx, who: str) -> str | None:
    """His active shield, if he has one (8.4.5i.2) and is his own self: a transmorphized
    character's shield is transmorphized with him (4.6.9b.1–b.2)."""
    if transmorphized(ctx.state.spells, who):
        return None
    for item in kit.armor(ctx.catalog, ctx.state, ctx.sheet(who)):
        if kit.is_shield(ctx.catalog, item):
            return item
    return None


def default_place(ctx: Ctx, combat: CombatState, who: str) -> dict[str, int]:
    return spread(sheet_counters(ctx.catalog, ctx.board, ctx.state, combat.sheets.get(who, [])))


def default_maneuver(ctx: Ctx, combat: CombatState, who: str, options: list[str]) -> str:
    """pbem-combat §4: last round's maneuver if he can play it again; else his fastest Move
    chit or Boots card that keeps the round within his effort limit (8.4.5f.2, L4472; zero
    asterisks first on ties), in the square the counters on his sheet threaten least."""
    last = combat.plays.get(who)
    if last is not None and last.maneuver is not None and last.maneuver.cancelled is None:
        previous = _maneuver_text(last.maneuver.chit, last.maneuver.horse, last.maneuver.galloping)
        again = f"{previous} {MANEUVERS[last.maneuver.direction]}"
        if again in options:
            return again
    catalog, state, character = ctx.catalog, ctx.state, ctx.sheet(who)
    played = kit.used(combat, who)
    if (
        creature(catalog, state.spells, who, state.dark_side_up) is not None
    ):  # 8.4.5p: any dummy is as fast
        free = dummies.chits(ctx, combat, who)
        return f"{min(free)} {MANEUVERS[_safest(ctx, combat, who)]}" if free else NONE
    limit = kit.effort_limit(catalog, state, character)
    altered = kit.altered(catalog, state, character)
    carried = kit.heaviest(catalog, state, character)
    chits = [
        label
        for label in [
            *kit.of_action(
                kit.unused(character, played), Action.MOVE, freed=kit.unleashed(state, who)
            ),
            *kit.unused_cards(catalog, state, character, "boots", played),
        ]
        if not kit.beyond([*played, label], limit)
        and kit.strong_enough(
            kit.face(catalog, state, character, label, altered),
            kit.carrying(catalog, state, character, label, carried),
        )
    ]
    if not chits:
        return NONE

    def rank(label: str) -> tuple[int, int, str]:
        chit = kit.face(catalog, state, character, label, altered)
        return (chit.time, chit.effort, label)

    best = min(chits, key=rank)
    return f"{best} {MANEUVERS[_safest(ctx, combat, who)]}"


def _safest(ctx: Ctx, combat: CombatState, who: str) -> int:
    """The maneuver square the counters on his sheet threaten least."""
    boxes = default_place(ctx, combat, who)
    threat = {box: sum(1 for b in boxes.values() if b == box) for box in MANEUVERS}
    return min(MANEUVERS, key=lambda box: (threat[box], box))


def _maneuver_text(chit: str | None, horse: str | None, galloping: bool) -> str:
    if horse is not None:
        return f"horse {'gallop' if galloping else 'walk'}"
    return chit or NONE


def default_shield(ctx: Ctx, combat: CombatState, who: str) -> str:
    """pbem-combat §4: the oval facing the box with the most attacking counters (Thrust on a
    tie or an empty sheet)."""
    boxes = default_place(ctx, combat, who)
    count = {box: sum(1 for b in boxes.values() if b == box) for box in ATTACKS}
    return ATTACKS[max(ATTACKS, key=lambda box: (count[box], -box))]
