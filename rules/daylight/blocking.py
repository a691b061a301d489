"""Blocking (7.12; 5.1 steps 4.3.3 and 4.3.4a).

Characters, hired leaders and controlled monsters block only as their standing instructions say
(``block``: never, the default; unhidden; all — rules-map K1–K3): nobody is asked. Unhired
monsters block automatically. Underlings never block nor are blocked (7.12.1). Natives and
visitors block only on the Meeting Table (7.12.6), in a Trade or Hire phase
(:func:`rules.daylight.buying.blocked`); flying (7.12.2d) is not built, a Fly phase reported.
One in mist "cannot block or be blocked" (Melt into Mist, L5062; 4.6.9c.2 L1307): neither a
character nor a denizen that a Melt into Mist energized on it turns into mist
(:func:`rules.magic.forms.misted`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.day.context import Ctx
from rules.daylight import hirelings
from rules.events.daylight import Blocked, Unhidden
from rules.hidden import finds as hidden_finds
from rules.magic import pacification
from rules.magic.forms import misted
from rules.modifiers import has
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey
from rules.state import Place


def following(ctx: Ctx, name: str) -> bool:
    """7.12.1c: a follower cannot block or be blocked until he is put back on the map (at the end
    of his guide's turn, or when he stops or is left behind)."""
    guide = ctx.today.followers.get(name)
    if guide is None:
        return False
    turn = ctx.today.turn
    if turn is not None and turn.character == guide:
        return name not in ctx.landed
    order = ctx.today.turn_order
    return guide not in order or order.index(guide) >= ctx.today.next_turn


def land(ctx: Ctx, follower: str) -> None:
    """A follower is put back on the map: he can block and be blocked (7.12.1c, 4.3.4b)."""
    ctx.landed.add(follower)
    phase_end_blocking(ctx, follower)


def _individuals_at(ctx: Ctx, where: str, besides: str) -> list[str]:
    """The characters, hired leaders and controlled monsters in ``where`` who can block or be
    blocked (7.12.1), but ``besides`` and those asleep under the Flowers of Rest (L4302)."""
    return [
        other
        for other in hirelings.individuals(ctx.catalog, ctx.state)
        if other != besides
        and ctx.where(other) == where
        and not following(ctx, other)
        and other not in ctx.today.asleep
        and not misted(ctx.state.spells, other)  # L5062
    ]


def _monsters_at(ctx: Ctx, where: str) -> list[str]:
    """The unhired, uncontrolled monsters in ``where``, who block automatically (7.12.2a); hired
    monsters are underlings and controlled ones block as individuals (7.12.1)."""
    pieces = pieces_of(ctx.catalog)
    return [
        p
        for p in ctx.state.at(Place.clearing(where))
        if pieces[p].kind is Kind.MONSTER
        and p not in ctx.state.minions
        and not misted(ctx.state.spells, p)  # L5062
    ]


#: The monsters that cannot block a character with Heavenly Protection (the Pilgrim, L3797).
HEAVENLY_PROTECTED_FROM = frozenset({"Demon", "Winged Demon", "Imp"})


def _protected(ctx: Ctx, name: str, monster: str) -> bool:
    """Heavenly Protection (L3797): "The Demon, Winged Demon and Imp cannot block the Pilgrim
    ... He can block and attack them normally. His hirelings are not protected." So ``monster``
    does not block ``name``, though ``name`` may still block it by his instructions. Nor does a
    monster pacified toward him or his employer (8.4.4b: "they stop attacking and blocking him
    and his hirelings", :func:`rules.magic.pacification.pacified`)."""
    if pacification.pacified(ctx.state, name, monster):
        return True
    kind = pieces_of(ctx.catalog)[monster].name
    return kind in HEAVENLY_PROTECTED_FROM and has(
        ctx.catalog, ctx.state, name, AbilityKey.HEAVENLY_PROTECTION
    )


def _blocks(ctx: Ctx, blocker: str, hidden: bool, target: str | None = None) -> bool:
    """Whether the individual ``blocker`` blocks an individual (``target``) by his instructions
    (7.12.2c): ``unhidden`` blocks monsters and unhidden characters, ``all`` also the hidden
    ones he can see (found today, :func:`rules.hidden.finds`)."""
    how = ctx.instructions(blocker).block
    if not hidden:
        return how in ("unhidden", "all")
    return how == "all" and target is not None and hidden_finds(ctx, blocker, target)


def phase_end_blocking(ctx: Ctx, name: str) -> None:
    """7.12.2 (5.1 step 4.3.3): at the end of each of his phases — whatever he did, even a
    cancelled phase, and a climber's first Move before he moves (L2119) — an unhidden individual
    is blocked by every unhired monster in his clearing, prowling or dormant (a), and by the
    characters there whose instructions say so (a, b: the hidden only by those who found hidden
    enemies today); he blocks, by his own instructions, the monsters and the characters there
    (c). Monsters already in the clearing block only him, not the others there (4.3.3)."""
    where = ctx.where(name)
    asleep = name in ctx.today.asleep  # the Flowers of Rest (L4302)
    mist = misted(ctx.state.spells, name)  # L5062: he cannot block or be blocked
    if where is None or following(ctx, name) or not ctx.acts(name) or asleep or mist:
        return
    for monster in _monsters_at(ctx, where):
        if not ctx.sheet(name).hidden and not _protected(ctx, name, monster):
            block(ctx, name, monster, where, by_monster=True)
        elif _blocks(ctx, name, hidden=False):
            block(ctx, monster, name, where, by_monster=False)
    for other in _individuals_at(ctx, where, name):
        if _blocks(ctx, other, ctx.sheet(name).hidden, name):
            block(ctx, name, other, where)
        elif _blocks(ctx, name, ctx.sheet(other).hidden, other):
            block(ctx, other, name, where)


def arrivals_block(ctx: Ctx, arrivals: Sequence[tuple[str, str]]) -> None:
    """7.12.3a (5.1 step 4.3.4a): each monster that moves to or appears in a clearing at the end
    of a turn (``arrivals``: piece and clearing, in the order they came) blocks every unhidden
    individual there, and the individuals there may block it (hidden ones too, by their
    instructions).

    7.12.3b says that monsters present "at the start of the day" do not block the unhidden in
    their clearing at the end of another individual's turn; the Blocking Summary (L2106) says "at
    the start of the turn". The rulebook's examples settle it: the Giant that was with the Dwarf
    since the start of the day does not block him at the end of the Swordsman's turn (7.12.3b),
    and the Bats summoned to clearing 4 at the Dwarf's turn end block nobody there until they
    move to the Elf (7.13.2 Day 3, L2165). So only arrivals block at a turn's end: a monster that
    did not just move to or appear in the clearing — since the start of the day or since an
    earlier turn — never blocks bystanders then, and both wordings agree; no start-of-day
    positions need keeping."""
    pieces = pieces_of(ctx.catalog)
    for piece, to in arrivals:
        if (
            pieces[piece].kind is not Kind.MONSTER
            or piece in ctx.state.minions
            or ctx.where(piece) != to
            or misted(ctx.state.spells, piece)  # L5062
        ):
            continue
        for other in _individuals_at(ctx, to, piece):
            if not ctx.sheet(other).hidden and not _protected(ctx, other, piece):
                block(ctx, other, piece, to, by_monster=True)
            elif _blocks(ctx, other, hidden=False):
                block(ctx, piece, other, to, by_monster=False)


def block(ctx: Ctx, who: str, by: str, at: str, *, by_monster: bool | None = None) -> None:
    """``by`` blocks ``who`` in ``at`` — and is blocked by him (7.12.1a): each individual of the
    two is unhidden (7.12.4a) and blocked for the day (no more trading, 7.12.4b; his turn ends,
    or is lost if he has not had it yet, 7.12.4); a monster stops prowling for the day (7.12.5).
    ``by_monster``: True when ``by`` is the monster, False when ``who`` is, None when both are
    individuals."""
    pieces = pieces_of(ctx.catalog)
    if by_monster is True:
        ctx.emit(Blocked(who=who, by=pieces[by].name, at=at, piece=by))
    elif by_monster is False:
        ctx.emit(Blocked(who=pieces[who].name, by=by, at=at, piece=who))
    else:
        ctx.emit(Blocked(who=who, by=by, at=at))
    for individual in (who, by):
        if individual not in ctx.today.blocked:
            ctx.today.blocked.append(individual)
        if ctx.acts(individual) and ctx.sheet(individual).hidden:
            ctx.sheet(individual).hidden = False
            ctx.emit(Unhidden(who=individual, reason=phrase("daylight.blocking")))
