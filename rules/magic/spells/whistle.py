"""Whistle for Monsters (VIII, Purple, one face-up Sound chit anywhere on the map, Instant;
L5179): "This spell cannot be cast in a tile that contains less than six clearings, and it
cannot be cast on a chit that is face-down. If the target chit is not in the spellcaster's tile,
then it is moved to his tile. If it is already in his tile, then he can move it to any other
tile that contains six clearings. Thereafter, the Sound chit summons monsters to its new tile."

Where it may be cast is the cast's (the List of Spells' ``cast_in``,
:func:`rules.magic.casting.place_allows`); its target sort, every face-up Sound chit on the
map, is :func:`rules.magic.targets.sound_chits`. A face-up Sound chit stands in the clearing of
its number (7.13.2b): moved, it stands in the clearing of that number in its new tile, which
has six clearings, and summons there as the tile's own chits do
(:mod:`rules.daylight.prowling`).

The tile it goes to from his own tile is the question ``spell`` (``{spell: Whistle for
Monsters, tile: BV}``): every other tile of six clearings on the map, the first clockwise from
North of his tile first (the default, SCENARIOS part 3), asked ahead in the melee window with
the other questions of the round's spells (:func:`ask_ahead`) and again as the spell works.
"""

from __future__ import annotations

import math

from rules.board import clearing_id, hex_center
from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.casting import Whistled
from rules.magic import questions, targets
from rules.magic.casts import SpellCast
from rules.magic.targets import tile_of
from rules.phrases import phrase
from rules.state import Place

WHISTLE = "Whistle for Monsters"


def six_clearing_tiles(ctx: Ctx) -> list[str]:
    """The tiles on the map whose side up has six clearings, in the order of the layout."""
    return [
        t.tile
        for t in ctx.state.tiles
        if len(ctx.catalog.tiles[t.tile].side(t.enchanted).clearings) == 6
    ]


def destinations(ctx: Ctx, home: str) -> list[str]:
    """The other tiles of six clearings a chit in ``home`` may be sent to, the first clockwise
    from North first: by the bearing of their centre from ``home``'s (North 0, clockwise),
    then the nearer first, then by code. Reading (SCENARIOS part 3 "[first clockwise from
    N]"): for tiles anywhere on the map, clockwise by bearing from his tile."""
    at = {t.tile: t.at for t in ctx.state.tiles}
    hx, hy = hex_center(at[home])

    def order(tile: str) -> tuple[float, float, str]:
        x, y = hex_center(at[tile])
        dx, dy = x - hx, y - hy
        bearing = math.atan2(dx, -dy) % (2 * math.pi)
        return (round(bearing, 6), round(math.hypot(dx, dy), 6), tile)

    return sorted((t for t in six_clearing_tiles(ctx) if t != home), key=order)


def _home(ctx: Ctx, who: str) -> str:
    where = ctx.where(who)
    assert where is not None, f"{who} casts off the map"
    return ctx.board.tile_of(where).tile


def _ask(ctx: Ctx, combat: CombatState, who: str, options: list[str]) -> str:
    return questions.ask(
        ctx,
        who,
        WHISTLE,
        phrase("spells.whistle"),
        options,
        combat=combat,
    )


def ask_ahead(ctx: Ctx, combat: CombatState, who: str) -> None:
    """Asks ahead, in the melee window, where a Sound chit of his own tile would go, when one
    of the face-up Sound chits he may name is in his tile (:mod:`rules.magic.spells.control`
    says why questions are asked ahead)."""
    home = _home(ctx, who)
    options = destinations(ctx, home)
    if options and any(tile_of(ctx, chit) == home for chit in targets.sound_chits(ctx)):
        _ask(ctx, combat, who, options)


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """The Sound chit named is moved to his tile, or from it to the tile he chooses; it stands
    in the clearing of its number there (see the module docstring). With no other tile of six
    clearings on the map, a chit in his tile stays."""
    chit = cast.targets[0]
    home = _home(ctx, who)
    source = tile_of(ctx, chit)
    if source != home:
        to = home
    else:
        options = destinations(ctx, home)
        if not options:
            return
        to = _ask(ctx, combat, who, options)
    number = ctx.catalog.map_chits[chit].clearing
    assert number is not None, f"{chit} is a Sound chit without its clearing"
    before = Place.split(ctx.state.place_of(chit))[1]
    ctx.state.put(chit, Place.clearing(clearing_id(to, number)))
    ctx.emit(
        Whistled(
            who=who,
            chit=chit,
            from_=before,
            to=clearing_id(to, number),
            at=combat.clearing,
            round=combat.round,
        )
    )
