"""A legal map by the rules of 3.2 (L852–891): judging one placement and whole layouts.

- :func:`check_layout` says whether a list of placed tiles is a map the players could have built
  (3.2.2–3.2.3), or, with ``complete=False``, a well-formed partial map for a scenario.
- :func:`check_placement` and :func:`legal_placements` judge one tile put onto a map being built.

Random maps are :mod:`rules.setup.mapgen`; layout files, :mod:`rules.setup.layout_files`.

Placement rules, with the names used in errors: 3.2.3 the Borderland first; 3.2.3b.1 green side
up; 3.2.3b.2 never on top of another tile; 3.2.3b.3 the second tile next to the Borderland, every
later one next to two placed tiles; 3.2.3b.4 road edges meet road edges and roadless edges meet
roadless ones; 3.2.3b.5 a route by any roadways from the new tile to a Borderland clearing through
the tiles placed so far (every clearing of a six-clearing tile, one clearing of a Woods or Valley
tile); 3.2.3b.6 the next player must be left a legal play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.board import BORDERLAND, Board, LayoutError, is_tile_code
from rules.catalog import Catalog
from rules.layout import DIRECTIONS, PlacedTile
from rules.setup.growing_map import OPPOSITE, Face, Growth, Hex, face_of, faces_of, grown

__all__ = ["LayoutError", "check_layout", "check_placement", "legal_placements"]


def _named(tiles: Iterable[PlacedTile]) -> str:
    return ", ".join(t.tile for t in tiles)


def _b5_reason(face: Face, reached: set[int], through: str) -> str:
    if face.six and reached:
        missing = ", ".join(str(n) for n in face.numbers if n not in reached)
        return f"clearings {missing} have no roadway route to the Borderland {through}"
    return f"none of its clearings has a roadway route to the Borderland {through}"


def _check_edges(faces: Mapping[str, Face], tiles: Sequence[PlacedTile]) -> None:
    """3.2.3b.4 wherever two tiles meet, reported against the later tile of the list."""
    by_hex: dict[Hex, PlacedTile] = {}
    for tile in tiles:
        mask = faces[tile.tile].masks[tile.rotation]
        for k, d in enumerate(DIRECTIONS):
            other = by_hex.get(tile.neighbour(d))
            if other is None:
                continue
            mine = bool(mask >> k & 1)
            theirs = bool(faces[other.tile].masks[other.rotation] >> OPPOSITE[k] & 1)
            if mine != theirs:
                what = "road edge" if mine else "roadless edge"
                meets = "a roadless edge" if mine else "a road edge"
                raise LayoutError(
                    f"its {what} {d} meets {meets} of {other.tile}",
                    tile=tile.tile,
                    rule="3.2.3b.4",
                    at=tile.at,
                )
        by_hex[tile.at] = tile


def check_placement(catalog: Catalog, placed: Sequence[PlacedTile], tile: PlacedTile) -> None:
    """Raise :class:`LayoutError` unless ``tile`` may be put onto the map ``placed`` (3.2.3).

    ``placed`` is a map built so far (assumed legally; it is not checked again). Checks, in this
    order: the tile is known, not yet placed, on an empty hex, with rotation 0..5 (3.2.2,
    3.2.3b.2); the Borderland comes first (3.2.3); green side up (b.1); next to the Borderland as
    the second tile, else next to two tiles (b.3); roads meet roads (b.4); a route to the
    Borderland (b.5). The error names the tile and the rule.
    """
    Board(catalog, [*placed, tile])
    if tile.enchanted:
        raise LayoutError("must be green side up", tile=tile.tile, rule="3.2.3b.1", at=tile.at)
    codes = {t.tile for t in placed}
    if BORDERLAND not in codes and tile.tile != BORDERLAND:
        raise LayoutError(
            "the Borderland must be placed first", tile=tile.tile, rule="3.2.3", at=tile.at
        )
    if not placed:
        return
    growth = grown(faces_of(catalog, [*placed, tile]), placed)
    touching = growth.neighbours(tile.at)
    if len(placed) == 1 and not touching:
        raise LayoutError(
            "the second tile must be placed next to the Borderland",
            tile=tile.tile,
            rule="3.2.3b.3",
            at=tile.at,
        )
    if len(placed) > 1 and len(touching) < 2:
        beside = f"only {_named(touching)}" if touching else "no tile"
        raise LayoutError(
            f"it must touch two placed tiles, and touches {beside}",
            tile=tile.tile,
            rule="3.2.3b.3",
            at=tile.at,
        )
    _check_edges(growth.faces, [*touching, tile])
    reached = growth.reaching(tile)
    if not growth.connects(tile):
        raise LayoutError(
            _b5_reason(growth.faces[tile.tile], reached, "through the tiles placed so far"),
            tile=tile.tile,
            rule="3.2.3b.5",
            at=tile.at,
        )


def legal_placements(catalog: Catalog, placed: Sequence[PlacedTile], code: str) -> list[PlacedTile]:
    """Every position and rotation where tile ``code`` may be put onto ``placed`` (3.2.3b),
    green side up, sorted by position then rotation. Empty when there is none (its player's
    turn is skipped, 3.2.3b.5 L883) or when ``code`` is already placed."""
    if not is_tile_code(catalog, code) or any(t.tile == code for t in placed):
        return []
    if not placed:
        return (
            [PlacedTile(tile=code, at=(0, 0), rotation=r) for r in range(6)]
            if (code == BORDERLAND)
            else []
        )
    if all(t.tile != BORDERLAND for t in placed):
        return []
    faces = faces_of(catalog, placed)
    faces[code] = face_of(code, catalog.tiles[code].normal)
    return grown(faces, placed).options(code)


def check_layout(catalog: Catalog, tiles: Sequence[PlacedTile], *, complete: bool = True) -> Board:
    """Raise :class:`LayoutError` unless ``tiles`` is a legal map; return its :class:`Board`.

    Always (a partial map, SCENARIOS.md, with ``complete=False``): every code is a tile, no tile
    twice (3.2.2), no two tiles on one hex (3.2.3b.2), rotations 0..5.

    With ``complete=True`` (a game's map), also: the Borderland is placed (3.2.3) and all 20
    tiles once each (3.2.2); all green side up (3.2.3b.1); every tile but the Borderland touches
    at least two tiles (3.2.3b.3 — in any finished map the second tile touches the third too);
    road edges meet road edges wherever tiles meet (3.2.3b.4, reported against the later tile of
    the list); and the tiles can be put down in *some* order obeying 3.2.3b.3 and 3.2.3b.5 at the
    time of placing each one. Errors name the tile and the rule.

    The order is found greedily: for each tile ``s`` that may be placed second (it touches the
    Borderland and connects to it), start from {Borderland, s} and keep placing any tile that is
    placeable now until none is. This is complete. A tile placeable onto a set of tiles ``P``
    (touching two of ``P``, and a route from it to the Borderland through ``P``) stays placeable
    onto any ``P' ⊇ P``: adding tiles only adds neighbours and roadways, never removes one (the
    roads meeting at every edge are fixed by 3.2.3b.4 on the finished map, so each junction made
    along the way is one the finished map has). Suppose a legal order ``B, s, t3, …, t20`` exists
    and the closure ``G`` from {B, s} lacks some tile; let ``tk`` be the first missing one in that
    order. Its predecessors all lie in ``G``, so ``tk`` is placeable onto ``G`` — but then the
    closure would have placed it. So the closure from the right ``s`` holds every tile, whatever
    order it picked tiles in. (The second tile is tried separately because "touches the
    Borderland" is the one condition that is not preserved by adding tiles.)
    """
    board = Board(catalog, tiles)
    if not complete:
        return board
    codes = [t.tile for t in tiles]
    if BORDERLAND not in codes:
        raise LayoutError(
            "the map has no Borderland, and it is the first tile placed",
            tile=BORDERLAND,
            rule="3.2.3",
        )
    missing = [code for code in catalog.tiles if code not in codes]
    if missing:
        raise LayoutError(
            f"not on the map: all 20 tiles are placed (missing {', '.join(missing)})",
            tile=missing[0],
            rule="3.2.2",
        )
    for tile in tiles:
        if tile.enchanted:
            raise LayoutError("must be green side up", tile=tile.tile, rule="3.2.3b.1", at=tile.at)
    faces = faces_of(catalog, tiles)
    everything = grown(faces, tiles)
    for tile in tiles:
        touching = everything.neighbours(tile.at)
        if tile.tile != BORDERLAND and len(touching) < 2:
            beside = f"only {_named(touching)}" if touching else "no tile"
            raise LayoutError(
                f"it touches {beside}; every tile after the second touches two placed tiles",
                tile=tile.tile,
                rule="3.2.3b.3",
                at=tile.at,
            )
    _check_edges(faces, tiles)
    _check_order(faces, tiles)
    return board


def _closure(
    faces: Mapping[str, Face], tiles: Sequence[PlacedTile]
) -> tuple[Growth, list[PlacedTile]]:
    """The largest set of tiles that can be placed in turn (see check_layout), and the rest."""
    border = next(t for t in tiles if t.tile == BORDERLAND)
    best: tuple[Growth, list[PlacedTile]] | None = None
    start = grown(faces, [border])
    seconds: list[PlacedTile | None] = [t for t in tiles if t is not border and start.may_place(t)]
    for second in seconds or [None]:
        growth = grown(faces, [border] if second is None else [border, second])
        rest = [t for t in tiles if t is not border and t is not second]
        progress = True
        while progress and rest and second is not None:
            progress = False
            for tile in list(rest):
                if growth.may_place(tile):
                    growth.place(tile)
                    rest.remove(tile)
                    progress = True
        if not rest:
            return growth, rest
        if best is None or len(rest) < len(best[1]):
            best = (growth, rest)
    assert best is not None
    return best


def _check_order(faces: Mapping[str, Face], tiles: Sequence[PlacedTile]) -> None:
    growth, rest = _closure(faces, tiles)
    if not rest:
        return
    for tile in rest:
        others = grown(faces, [t for t in tiles if t is not tile])
        if not others.connects(tile):
            reason = _b5_reason(faces[tile.tile], others.reaching(tile), "on the whole map")
            raise LayoutError(reason, tile=tile.tile, rule="3.2.3b.5", at=tile.at)
    for tile in rest:
        if growth.adjacent(tile.at) >= 2 and not growth.connects(tile):
            reason = _b5_reason(
                faces[tile.tile],
                growth.reaching(tile),
                "through the tiles that can be placed before it",
            )
            raise LayoutError(reason, tile=tile.tile, rule="3.2.3b.5", at=tile.at)
    tile = rest[0]
    raise LayoutError(
        "no order of placement reaches it: it never touches two tiles that can be placed before it",
        tile=tile.tile,
        rule="3.2.3b.3",
        at=tile.at,
    )
