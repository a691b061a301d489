"""The Enchant activity (7.10) and the Remote Enchant activity (7.10.5).

The first Enchant phase a character does each day is his meditation, whatever he recorded
(7.10.1, :attr:`rules.day.state.DayState.meditated`; SCENARIOS.md Part 3 and the reading of L2022
in ``docs/magic-readings.md``); one serves the day (7.10.1a). Each later E phase does one
enchantment with the Magic chit it names (7.10.2): it enchants the chit into a colour chit of its
type's colour (7.10.3, :func:`rules.magic.colors.chit_color`), or uses it to enchant his tile
(7.10.4): the chit's colour must be supplied in his clearing, by an automatic source
(:func:`rules.magic.colors.at_place`) or else by one of his colour chits of that colour, which
fatigues and reverts; with neither, he enchants the chit instead (L2034). The chit that
enchants the tile stays active. He cannot cancel the activity (7.10.1b); if the named chit is not
active when he does it — fatigued, wounded, a colour chit, committed to a spell in effect
(:func:`rules.magic.state.committed`) — the phase is cancelled (7.10.2).

The tile turns over (7.10.4b): its pieces stay in the clearings of the same numbers, which keep
their ids (c), and the board's roadways become those of the new face (:func:`rules.board.
board_for`), so a Move recorded along a roadway that is gone, or is now a hidden path or secret
passage he has not found on this face, is cancelled when he comes to do it (d,
:func:`rules.daylight.move.move`). Someone on a roadway stays on the roadway between the same two
clearings (c); when that roadway is gone or hidden from him, he is put in the forest (d.2):
``forest:A|B`` (:meth:`rules.state.Place.forest`), which remembers the roadway's two clearings,
and his next turn must start by moving back (:func:`rules.daylight.move.move`). Reading: the
engine keeps the roadway a runaway stands on, not the way he ran along it (8.3.8d.1 lets him
leave it by either end), so "the clearing he just ran out of" is either of the two — he must
start with a Move to one of them, as on the roadway (SCENARIOS.md Part 3 reading, 7.10.4d.2).

A phantasm (L5068: "it does its Peer and Enchant activities in the clearing it is in. It uses
the target character's Magic chits to do the Enchant activity") enchants as a character does, in
its own clearing, with its controller's Magic chits (its sheet holds them,
:meth:`rules.state.GameState.sheet`): those committed to his spells and altered by spells on
them are his (:func:`holder`). Its first Enchant phase of the day is its own meditation.

Remote Enchant (7.10.5) is done as if he were in the clearing recorded, and needs an earlier
meditation that day; to enchant that clearing's tile he may use colour supplied in his own
clearing or in the recorded one.

After the Toadstool Circle's 4 (L4216) "each time he does an Enchant activity he can do it in
any clearing, as if he were in that clearing" for the rest of the day: where an E that enchants a
tile is done is a decision of the kind ``enchant_clearing`` (:func:`clearing_options`, default
his own clearing). When several of his colour chits could supply the tile's colour, which one he
uses is a decision of the kind ``enchant`` (:func:`color_chit_options`, default the first in
development order). Both are asked before the phase starts, as Rest's is (:func:`choices`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import board_for
from rules.day.context import Ctx
from rules.daylight.moving import usable
from rules.events import Decision
from rules.events.daylight import Fatigued, PhaseCancelled
from rules.events.magic import ColorSupplied, Enchanted, Meditated, PutInForest, TileFlipped
from rules.magic.colors import Supply, at_place, chit_color_now, supplies
from rules.magic.state import committed
from rules.orders.model import Activity, ActivityKind
from rules.phrases import Phrase, phrase
from rules.schema.base import MagicColor
from rules.state import ChitState, GameState, Place

K = ActivityKind

#: The activities of this module.
ENCHANTS = frozenset({K.ENCHANT_FIRST, K.ENCHANT, K.REMOTE_ENCHANT})
#: The kind of the decision which colour chit supplies a tile's enchantment (7.10.4).
KIND = "enchant"
PROMPT = phrase("daylight.enchant_color_chit")
#: The kind of the decision where an E is done after the Toadstool Circle's 4 (L4216).
CLEARING_KIND = "enchant_clearing"
WHERE = phrase("daylight.enchant_where")
#: The keys of the answers :func:`choices` returns.
CLEARING, COLOR_CHIT = "clearing", "color_chit"
#: What the colour supplied is used for, as ``color_supplied`` events name it.
USE = "enchant"


@dataclass(frozen=True)
class Aim:
    """What an E or RE phase names: the clearing it is done in (his own for E, the recorded
    one for RE), the places whose colour may supply it, the Magic chit, and whether it
    enchants the tile."""

    clearing: str
    places: tuple[str, ...]
    label: str
    tile: bool


def aim(state: GameState, name: str, activity: Activity, anywhere: str | None = None) -> Aim | None:
    """What ``activity`` (an E or RE phase, as the parser writes it) names, or None for EM or a
    character in no clearing; an E done ``anywhere`` (the Toadstool Circle's 4, L4216) is done
    as if he were in that clearing."""
    if activity.kind is K.ENCHANT_FIRST or activity.target is None:
        return None
    here = state.place_of(name)
    text = activity.target
    if activity.kind is K.REMOTE_ENCHANT:
        clearing, _, text = text.partition(" ")
        places: tuple[str, ...] = tuple(dict.fromkeys((here, Place.clearing(clearing))))
    elif anywhere is not None:
        clearing, places = anywhere, (Place.clearing(anywhere),)
    else:
        kind, clearing = Place.split(here)
        if kind != "at":
            return None
        places = (here,)
    tile = text.startswith("tile ")
    return Aim(clearing, places, text.removeprefix("tile ") if tile else text, tile)


def holder(state: GameState, name: str) -> str:
    """Whose Magic chits ``name`` enchants with: his own, or, for a phantasm, its controller's
    (L5068)."""
    return state.familiars.get(name, name)


def ready_chit(state: GameState, name: str, label: str) -> ChitState | None:
    """His Magic chit ``label`` if one is active now — not fatigued, wounded, a colour chit or
    committed to a spell in effect (7.10.2, 4.6.7) — or None. Of two chits with one label, a
    committed one is counted first."""
    held = committed(state.spells, holder(state, name)).count(label)
    for chit in state.sheet(name).chits:
        if chit.label != label or chit.status != "active" or chit.color is not None:
            continue
        if held:
            held -= 1
            continue
        return chit
    return None


def automatic(ctx: Ctx, where: Aim, color: MagicColor) -> Supply | None:
    """The first automatic source supplying ``color`` in the places of ``where`` (7.10.4:
    "a source of that color magic in the clearing"; 7.10.5: his own or the recorded one)."""
    for place in where.places:
        found = supplies(at_place(ctx.catalog, ctx.state, place), color)
        if found:
            return found[0]
    return None


def color_chit_options(state: GameState, name: str, color: MagicColor) -> list[str]:
    """The one generator of the ``enchant`` decision's options: his active colour chits of
    ``color``, by label, once each, in development order; the first is the default."""
    return list(
        dict.fromkeys(
            c.label for c in state.sheet(name).chits if c.color == color and c.status == "active"
        )
    )


def clearing_options(ctx: Ctx, name: str, activity: Activity) -> list[str]:
    """The one generator of the ``enchant_clearing`` decision's options (L4216: after the
    Toadstool Circle's 4, "each time he does an Enchant activity he can do it in any clearing,
    as if he were in that clearing"): for an E that enchants a tile, his own clearing (the
    default) and every other clearing of the map; empty when there is no such choice."""
    here = ctx.state.clearing_of(name)
    if (
        name not in ctx.today.peer_anywhere
        or activity.kind is not K.ENCHANT
        or not (activity.target or "").startswith("tile ")
        or here is None
    ):
        return []
    return [here, *(c for c in ctx.board.clearings() if c != here)]


def _needs_choice(
    ctx: Ctx, name: str, activity: Activity, anywhere: str | None = None
) -> list[str]:
    """The options of the ``enchant`` decision this phase would ask as the state stands now
    (empty when it asks none): a tile enchantment after his meditation, with its chit ready,
    no automatic source of its colour, and two or more of his colour chits to supply it."""
    where = aim(ctx.state, name, activity, anywhere)
    if where is None or not where.tile or name not in ctx.today.meditated:
        return []
    color = chit_color_now(ctx.state, holder(ctx.state, name), where.label)
    if color is None or ready_chit(ctx.state, name, where.label) is None:
        return []
    if automatic(ctx, where, color) is not None:
        return []
    options = color_chit_options(ctx.state, name, color)
    return options if len(options) > 1 else []


def _decision(ctx: Ctx, name: str, kind: str, prompt: Phrase, options: list[str]) -> Decision:
    return Decision(
        id=ctx.decision_id(kind, name).format(),
        character=ctx.eyes(name),
        kind=kind,
        prompt=prompt,
        options=tuple(options),
        default=options[0],
    )


def choices(ctx: Ctx, name: str, activity: Activity) -> dict[str, str | None]:
    """Before an E or RE phase changes anything, ask where an E that enchants a tile is done
    when the Toadstool Circle lets him choose (``enchant_clearing``, :func:`clearing_options`),
    then which colour chit supplies its tile's enchantment when he has a choice (``enchant``,
    :func:`color_chit_options`); stops resolution while an answer is awaited. Each answer is
    taken when the phase is done if it can still be used there: ``{"clearing": ...,
    "color_chit": ...}``."""
    chosen: dict[str, str | None] = {}
    places = clearing_options(ctx, name, activity) if name in ctx.today.meditated else []
    if places:
        chosen[CLEARING] = ctx.ask(_decision(ctx, name, CLEARING_KIND, WHERE, places))
        ctx.wait_if_pending()
    options = _needs_choice(ctx, name, activity, chosen.get(CLEARING))
    if options:
        chosen[COLOR_CHIT] = ctx.ask(_decision(ctx, name, KIND, PROMPT, options))
        ctx.wait_if_pending()
    return chosen


def enchant(
    ctx: Ctx, name: str, number: int, activity: Activity, prefers: dict[str, str | None]
) -> None:
    """7.10.1–7.10.5: phase ``number`` of ``name``'s turn, an EM, E or RE phase (see the module
    docstring); ``prefers`` holds his answers to the decisions :func:`choices` asked."""
    if activity.kind is K.REMOTE_ENCHANT and name not in ctx.today.meditated:
        _cancel(ctx, name, number, phrase("daylight.remote_needs_meditation"))
        return
    if name not in ctx.today.meditated:
        if not _any_ready(ctx.state, name):
            _cancel(ctx, name, number, phrase("daylight.no_ready_magic_chit"))
            return
        ctx.today.meditated.append(name)
        ctx.emit(Meditated(who=name, phase=number))
        return
    if activity.kind is K.ENCHANT_FIRST:
        reason = phrase("daylight.meditated_already")
        _cancel(ctx, name, number, reason)
        return
    anywhere = prefers.get(CLEARING)
    if anywhere not in clearing_options(ctx, name, activity):
        anywhere = None
    where = aim(ctx.state, name, activity, anywhere)
    if where is None:
        _cancel(ctx, name, number, phrase("daylight.no_clearing_to_enchant"))
        return
    chit = ready_chit(ctx.state, name, where.label)
    color = chit_color_now(ctx.state, holder(ctx.state, name), where.label)
    if chit is None or color is None:
        reason = phrase("daylight.enchanting_chit_inactive", chit=where.label)
        _cancel(ctx, name, number, reason)
        return
    if where.tile and _supply(ctx, name, where, color, prefers.get(COLOR_CHIT)):
        flip(ctx, where.clearing, name, chit.label)
        return
    chit.color = color
    ctx.emit(Enchanted(who=name, chit=chit.label, color=color.value))


def _any_ready(state: GameState, name: str) -> bool:
    """Whether he has an active Magic chit of Types I–V that is no colour chit (7.10.2)."""
    return any(
        chit_color_now(state, holder(state, name), c.label) is not None
        and ready_chit(state, name, c.label) is not None
        for c in state.sheet(name).chits
        if c.label.startswith("MAGIC ")
    )


def _supply(ctx: Ctx, name: str, where: Aim, color: MagicColor, preferred: str | None) -> bool:
    """7.10.4: supply ``color`` to enchant the tile — an automatic source, else one of his
    colour chits (``preferred`` if it is one, else the first), which fatigues and reverts to
    a Magic chit (7.10.3b); False when nothing supplies it."""
    found = automatic(ctx, where, color)
    if found is not None:
        ctx.emit(ColorSupplied(who=name, color=color.value, source=found.source, use=USE))
        return True
    options = color_chit_options(ctx.state, name, color)
    if not options:
        return False
    label = preferred if preferred in options else options[0]
    used = next(
        c
        for c in ctx.sheet(name).chits
        if c.label == label and c.color == color and c.status == "active"
    )
    used.color = None
    used.status = "fatigued"
    ctx.emit(ColorSupplied(who=name, color=color.value, source=label, use=USE))
    ctx.emit(Fatigued(who=name, chit=label, reason=phrase("daylight.colour_used")))
    return True


def flip(ctx: Ctx, clearing: str, by: str, chit: str | None) -> None:
    """7.10.4b–d: the tile of ``clearing`` turns over; the board's roadways become the new
    face's. Pieces keep their clearings (whose ids do not change); someone on a roadway whose
    two clearings it no longer joins for him is reported (7.10.4d.2)."""
    code = ctx.board.tile_of(clearing).tile
    tiles = ctx.state.tiles
    index = next(i for i, t in enumerate(tiles) if t.tile == code)
    turned = tiles[index].model_copy(update={"enchanted": not tiles[index].enchanted})
    tiles[index] = turned
    ctx.board = board_for(ctx.catalog, tiles)
    side = "enchanted" if turned.enchanted else "normal"
    ctx.emit(TileFlipped(tile=code, side=side, by=by, chit=chit))
    _roadways(ctx, code)


def _roadways(ctx: Ctx, code: str) -> None:
    """7.10.4c–d.2: each character on a roadway of the turned tile stays on it if it still joins
    its two clearings and he may use it; else "he is put in the forest" (d.2, L2048), off that
    roadway, whose clearings ``forest:A|B`` remembers."""
    board = ctx.board
    for place, pieces in sorted(ctx.state.stacks.items()):
        kind, ends = Place.split(place)
        if kind != "road":
            continue
        first, _, second = ends.partition("|")
        if code not in (board.tile_of(first).tile, board.tile_of(second).tile):
            continue
        roads = [c for c in board.connections(first) if c.to == second]
        for who in list(pieces):
            if who not in ctx.state.characters:
                continue
            sheet = ctx.sheet(who)
            if any(usable(ctx.catalog, board, sheet, first, road) for road in roads):
                continue
            ctx.state.put(who, Place.forest(first, second))
            ctx.emit(PutInForest(who=who, road=f"{first}-{second}"))


def _cancel(ctx: Ctx, name: str, number: int, reason: Phrase) -> None:
    ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))
