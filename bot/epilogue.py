"""The month's epilogue (issue 17): for each character who played, the route he took over the
month, the kills he made, the treasures he carried out and his deaths — read from the public
events of every day — and the maps of the routes, one per character and one with them all.

Everything here is what the board showed: moves, kills and deaths are public events, and the
treasures carried out are those he owns when the game ends, which the final scoring shows
anyway (9.3.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.i18n import _
from bot.maps import DEFAULT_SCALE, MapLayout, render_image
from bot.maps.palette import encode_png, to_palette
from bot.maps.style import RGB, ROUTE_COLOURS
from bot.render import word
from bot.wording import pronouns
from rules import PUBLIC, Catalog, Event, GameState, Kind, Phrase, Place, pieces_of, view_for
from rules.events.daylight import Moved
from rules.events.end import Restarted, Suicided
from rules.events.evening import Killed, RanAway
from rules.events.search import Teleported

#: The events that put an individual in another clearing, with the clearing in ``to``.
_MOVES = Moved | Teleported | RanAway
#: The event classes :func:`lives` reads: it reads no other.
EPILOGUE_EVENTS = (Restarted, Moved, Teleported, RanAway, Suicided, Killed)


#: Route colours, one per character in order; they repeat past the last.
@dataclass
class Life:
    """One character's month as the board showed it: ``route`` (the clearings he stood in,
    in order, from his start), ``kills`` (what he killed, with the day), ``deaths`` (the day
    and by whom), and, for the final report, the ``treasures`` he carried out and his fresh
    ``starts``."""

    character: str
    route: list[str] = field(default_factory=list)
    kills: list[str] = field(default_factory=list)
    deaths: list[str] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)
    starts: list[str] = field(default_factory=list)


def lives(
    starts: Mapping[str, str], days: Iterable[tuple[int, Sequence[Event]]]
) -> dict[str, Life]:
    """Each character's :class:`Life` from his starting clearing (``starts``) and the events
    of each day, in order; a character started afresh (9.1.2) begins where he starts. Only
    public events are read."""
    found = {name: Life(name, route=[start]) for name, start in starts.items()}
    for day, events in days:
        for event in events:
            if not event.visible_to(PUBLIC):
                continue
            if isinstance(event, Restarted):  # 9.1.2: a new life begins
                found.setdefault(event.who, Life(event.who, route=[str(event.at)]))
            elif isinstance(event, _MOVES) and event.who in found:
                if found[event.who].route[-1:] != [event.to]:
                    found[event.who].route.append(event.to)
            elif isinstance(event, Suicided) and event.who in found:  # 9.2.2a
                found[event.who].deaths.append(
                    _("day %(day)s, by %(his)s own hand at Midnight")
                    % {"day": day, "his": pronouns(event.who).his}
                )
            elif isinstance(event, Killed):
                killers = (event.by,) if isinstance(event.by, str | Phrase) else event.by
                for killer in killers:
                    if killer in found:
                        found[killer].kills.append(
                            _("the %(who)s (day %(day)s)") % {"who": word(event.who), "day": day}
                        )
                if event.who in found:
                    found[event.who].deaths.append(
                        _("day %(day)s, by %(killers)s")
                        % {"day": day, "killers": _(" and ").join(word(k) for k in killers)}
                    )
    return found


def carried_out(catalog: Catalog, state: GameState, name: str) -> list[str]:
    """The treasures ``name`` owns as the game ends (9.3.1): Treasure cards and treasure
    counters with him."""
    pieces = pieces_of(catalog)
    return [p for p in state.at(Place.owner(name)) if pieces[p].kind is Kind.TREASURE]


def starts(state: GameState) -> dict[str, str]:
    """Each character's clearing in ``state`` (the first day's), by name; those off the map
    are left out."""
    found = {}
    for name in state.characters:
        clearing = state.clearing_of(name)
        if clearing is not None:
            found[name] = clearing
    return found


def route_map(
    catalog: Catalog,
    state: GameState,
    routes: Mapping[str, Sequence[str]],
    *,
    scale: float = DEFAULT_SCALE,
) -> bytes:
    """A PNG of the public map of ``state`` with each route drawn over it, in
    :data:`~bot.maps.style.ROUTE_COLOURS` by the order of ``routes``: a line from clearing to
    clearing, a ring at the start and a dot at the end. Several routes are drawn side by side,
    each shifted a line's width, so that routes along the same roads stay apart."""
    return route_maps(catalog, state, [routes], scale=scale)[0]


def route_maps(
    catalog: Catalog,
    state: GameState,
    maps: Sequence[Mapping[str, Sequence[str]]],
    *,
    scale: float = DEFAULT_SCALE,
) -> list[bytes]:
    """:func:`route_map` of each of ``maps``, the public map under them drawn once. The routes
    are drawn straight onto the map's palette picture (their colours are in the palette,
    exact, and drawn without antialiasing), so a route map's bands of rows that no route
    crosses are the public map's (:mod:`bot.maps.png` compresses them once)."""
    view = view_for(catalog, state, PUBLIC)
    base = render_image(catalog, view, scale=scale)
    layout = MapLayout(catalog, view, scale=scale)
    width = max(2, round(4 * scale / DEFAULT_SCALE))
    inks = [_index(catalog, colour) for colour in ROUTE_COLOURS]
    pictures = []
    for routes in maps:
        image = base.copy()
        _draw_routes(ImageDraw.Draw(image), layout, routes, width, inks)
        pictures.append(encode_png(catalog, image))
    return pictures


def _index(catalog: Catalog, colour: RGB) -> int:
    """The entry of the map's palette that ``colour`` is drawn with."""
    index = to_palette(catalog, Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
    assert isinstance(index, int)
    return index


def _draw_routes(
    draw: ImageDraw.ImageDraw,
    layout: MapLayout,
    routes: Mapping[str, Sequence[str]],
    width: int,
    inks: Sequence[int | RGB],
) -> None:
    """Draw ``routes`` in ``inks`` (palette entries on a palette picture, colours on an RGB
    one), each in the next, with lines ``width`` pixels wide."""
    for index, route in enumerate(routes.values()):
        colour = inks[index % len(inks)]
        shift = (index - (len(routes) - 1) / 2) * width
        points = [
            (x + shift, y + shift)
            for x, y in (p for p in (_pixel(layout, cid) for cid in route) if p is not None)
        ]
        if not points:
            continue
        if len(points) > 1:
            draw.line(points, fill=colour, width=width, joint="curve")
        r = width * 2
        (x0, y0), (x1, y1) = points[0], points[-1]
        draw.ellipse((x0 - r, y0 - r, x0 + r, y0 + r), outline=colour, width=width)
        draw.ellipse((x1 - r, y1 - r, x1 + r, y1 + r), fill=colour)


def _pixel(layout: MapLayout, cid: str) -> tuple[float, float] | None:
    """The clearing's centre on the image; None for a clearing of no tile on the map."""
    try:
        return layout.clearing_pixel(cid)
    except (KeyError, ValueError):
        return None
