"""The pieces on the map: each pile as a stack of labelled badges beside its clearing (or in its
tile's forest), placed where they cover least of the clearings, the tile names and each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from bot.i18n import _
from bot.maps.layout import Box, MapLayout, Point, box_near, boxes_meet
from bot.maps.style import (
    CHARACTER,
    CHIT_FILL,
    DWELLING,
    FACE_DOWN,
    FAMILIAR,
    HIDDEN_CHARACTER,
    INK,
    ITEM,
    MONSTER,
    NATIVE,
    RGB,
    VISITOR,
    font,
    ink_on,
)
from bot.terms import term
from rules import (
    Catalog,
    PieceView,
    Pile,
    View,
    clearing_id,
    hex_center,
    parse_clearing_id,
    pieces_of,
)

#: At most this many badges beside one clearing; the rest are counted in a last one.
MAX_BADGES = 7
BADGE_FONT = 12
BADGE_HEIGHT = 17
BADGE_GAP = 2


@dataclass(frozen=True)
class Badge:
    """A labelled token: a piece, a group of pieces, or a count."""

    text: str
    fill: RGB
    shape: str = "token"  # "pill" (character), "box" (dwelling), "token", "chit"

    @property
    def ink(self) -> RGB:
        return ink_on(self.fill)


def badge_width(badge: Badge, unit: float) -> float:
    """How wide ``badge`` is drawn, in pixels, at ``unit`` pixels per UI unit."""
    pad = 8 if badge.shape == "pill" else 5
    return _text_length(badge.text, round(BADGE_FONT * unit)) + 2 * pad * unit


@lru_cache(maxsize=4096)
def _text_length(text: str, size: int) -> float:
    """How long ``text`` is in the map's font at ``size`` (measured once: badges repeat)."""
    return font(size).getlength(text)


def draw_badge(draw: ImageDraw.ImageDraw, badge: Badge, x: float, y: float, unit: float) -> None:
    """Draw ``badge`` with its top left corner at ``(x, y)``."""
    w = badge_width(badge, unit)
    h = BADGE_HEIGHT * unit
    box = (x, y, x + w, y + h)
    outline = INK
    if badge.shape == "pill":
        draw.rounded_rectangle(
            box, radius=h / 2, fill=badge.fill, outline=outline, width=round(2 * unit)
        )
    elif badge.shape == "box":
        draw.rectangle(box, fill=badge.fill, outline=outline, width=round(unit))
    elif badge.shape == "chit":
        draw.rectangle(box, fill=badge.fill, outline=outline, width=round(unit))
        inset = 2.5 * unit
        draw.rectangle(
            (x + inset, y + inset, x + w - inset, y + h - inset), outline=badge.ink, width=1
        )
    else:
        draw.rounded_rectangle(
            box, radius=4 * unit, fill=badge.fill, outline=outline, width=round(unit)
        )
    draw.text(
        (x + w / 2, y + h / 2),
        badge.text,
        fill=badge.ink,
        font=font(round(BADGE_FONT * unit)),
        anchor="mm",
    )


def stack_size(badges: Sequence[Badge], unit: float) -> tuple[float, float]:
    """Width and height of ``badges`` stacked one above the other."""
    width = max(badge_width(b, unit) for b in badges)
    return width, len(badges) * (BADGE_HEIGHT + BADGE_GAP) * unit - BADGE_GAP * unit


def draw_stack(
    draw: ImageDraw.ImageDraw, badges: Sequence[Badge], box: Box, unit: float, align: str
) -> None:
    """Draw ``badges`` one above the other in ``box``, each against its ``align`` side: "left",
    "right" or "centre"."""
    y = box[1]
    for badge in badges:
        w = badge_width(badge, unit)
        if align == "left":
            x = box[0]
        elif align == "right":
            x = box[2] - w
        else:
            x = (box[0] + box[2] - w) / 2
        draw_badge(draw, badge, x, y, unit)
        y += (BADGE_HEIGHT + BADGE_GAP) * unit


class Pieces:
    """The badges of one view's piles and where they go on ``layout``'s image."""

    def __init__(self, catalog: Catalog, view: View, layout: MapLayout) -> None:
        self.catalog = catalog
        self.view = view
        self.layout = layout
        self.unit = layout.unit
        self.pieces = pieces_of(catalog)

    def name_of(self, piece_id: str) -> str:
        """The name a piece is drawn by: its kind's (``Giant`` for ``Giant 2``), in the
        language spoken."""
        return term(self.pieces[piece_id].name if piece_id in self.pieces else piece_id)

    def badges(self, pile: Pile, *, limit: int = MAX_BADGES) -> list[Badge]:
        """The badges for ``pile``: characters and dwellings one each, denizens grouped and
        counted, chits and items by name, face-down pieces counted."""
        ranked: list[tuple[int, Badge]] = []
        counts: dict[tuple[int, Badge], int] = {}
        for piece in pile.pieces:
            rank, badge = self.badge(piece)
            key = (rank, badge)
            if key in counts:
                counts[key] += 1
            else:
                counts[key] = 1
                ranked.append(key)
        ranked.sort(key=lambda item: item[0])
        out = [
            Badge(f"{b.text} x{counts[(rank, b)]}", b.fill, b.shape) if counts[(rank, b)] > 1 else b
            for rank, b in ranked
        ]
        if pile.face_down:
            n = pile.face_down
            out.append(Badge("?" if n == 1 else f"? x{n}", FACE_DOWN, "chit"))
        if len(out) > limit:
            rest = len(out) - (limit - 1)
            out = [*out[: limit - 1], Badge(_("+%(count)s more") % {"count": rest}, ITEM, "box")]
        return out

    def shown(self, name: str, piece: PieceView) -> str:
        """``name`` as the badge reads it: with the form a spell gives the piece, if any (4.6.9:
        ``Amazon (mist)``, ``Elf (Wolf)``; an absorbed monster by its name)."""
        return f"{name} ({self.name_of(piece.form)})" if piece.form else name

    def badge(self, piece: PieceView) -> tuple[int, Badge]:
        kind = piece.kind
        if kind == "character":
            fill = HIDDEN_CHARACTER if piece.hidden else CHARACTER
            return 0, Badge(self.shown(term(piece.id), piece), fill, "pill")
        if kind in ("familiar", "phantasm"):  # a phantasm is a piece of the same sort (L5066)
            return 0, Badge(term(piece.id), FAMILIAR, "pill")
        if kind == "dwelling":
            return 1, Badge(term(piece.id), DWELLING, "box")
        if kind == "native":
            group = term(piece.id.rsplit(" ", 1)[0])
            fill = NATIVE.get(piece.side or "light", NATIVE["light"])
            return 2, Badge(self.shown(group, piece), fill)
        if kind == "monster":
            fill = MONSTER.get(piece.side or "light", MONSTER["light"])
            return 3, Badge(self.shown(self.name_of(piece.id), piece), fill)
        if kind == "map chit":
            chit = self.catalog.map_chits.named(piece.id)
            fill = CHIT_FILL.get(str(chit.kind), CHIT_FILL["site"]) if chit else CHIT_FILL["site"]
            return 4, Badge(piece.id, fill, "chit")
        if kind == "visitor chit":
            return 5, Badge(term(piece.face or piece.id), VISITOR, "chit")
        if kind == "horse":
            name = self.pieces[piece.id].name if piece.id in self.pieces else piece.id
            horse = self.catalog.horses.named(name)
            if horse is not None and horse.rider:
                group = term(horse.rider.rsplit(" ", 1)[0])
                return 6, Badge(_("%(group)s horse") % {"group": group}, ITEM, "box")
        return 6, Badge(self.name_of(piece.id), ITEM, "box")

    def place(self, labels: Sequence[Box]) -> list[tuple[list[Badge], Box, str]]:
        """Where the badges go: the forest chits of each tile centred on its forest point, and
        the pieces of each clearing beside it on the side where they cover least of the other
        clearings, of the tile names' ``labels`` and of the badges already placed. Returns
        (badges, box, alignment) stacks, boxes in the layout's pixels."""
        layout = self.layout
        unit = self.unit
        stacks: list[tuple[list[Badge], Box, str]] = []
        for tile in self.view.tiles:
            badges = self.badges(tile.chits, limit=6)
            if badges:
                x, y = layout.pixel(layout.forest_point(tile.code))
                w, h = stack_size(badges, unit)
                stacks.append((badges, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), "centre"))
        r = layout.clearing_radius
        circles = [
            layout.clearing_pixel(clearing_id(code, c.number))
            for code in layout.tiles
            for c in layout.side(code).clearings
        ]
        gap = r + 3 * unit
        near = r + 2 * unit

        def cost(option: tuple[Box, str], around: Sequence[Point], taken: Sequence[Box]) -> int:
            box = option[0]
            hits = sum(10 for centre in around if box_near(box, centre, near))
            return hits + sum(8 for other in taken if boxes_meet(box, other))

        for cid, pile in self.view.clearings.items():
            code, _ = parse_clearing_id(cid)
            if code not in layout.tiles:
                continue
            badges = self.badges(pile)
            if not badges:
                continue
            x, y = layout.clearing_pixel(cid)
            w, h = stack_size(badges, unit)
            hx, _ = layout.pixel(hex_center(layout.tiles[code].at))
            # First choice: beside the clearing, towards the middle of its hex.
            east = (x + gap, y - h / 2, x + gap + w, y + h / 2)
            west = (x - gap - w, y - h / 2, x - gap, y + h / 2)
            options = [(east, "left"), (west, "right")]
            if x > hx + layout.length(0.25):
                options.reverse()
            options.append(((x - w / 2, y + gap, x + w / 2, y + gap + h), "centre"))
            options.append(((x - w / 2, y - gap - h, x + w / 2, y - gap), "centre"))
            reach = gap + w + h + near  # no option's box comes nearer a clearing further off
            around = [c for c in circles if abs(c[0] - x) < reach and abs(c[1] - y) < reach]
            taken = [*labels, *(box for _, box, _ in stacks)]
            box, align = min(options, key=lambda option: cost(option, around, taken))
            stacks.append((badges, box, align))
        return stacks

    # title and legend
