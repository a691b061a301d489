"""The end of an individual's turn: prowling denizens (7.13, L2139–2190; Summary L2192–2237).

:func:`end_turn` runs when a character ends his turn in a clearing (7.13.2; followers who are
characters each end theirs separately, 7.11.8 L2093):

1. every prowling, unblocked monster already in his tile moves to his clearing (a, d.1), but
   hired and controlled ones (7.13.3e, 7.7.5d);
2. the map chits in his tile turn face up (b): Site and Sound chits then stand in their clearing
   for the rest of the game; the Lost City or Lost Castle brings its five chits into the tile,
   face up (b, 7.13.3a); Smoke W and Stink W are exchanged for the campfires (c);
3. the chits that were face down until now summon (d, 7.13.3b.2): each one box of its group,
   the leftmost that holds monsters (b.1), Warning chits first, then Sound chits by number, then
   Site chits (c.2); a Sound chit listed with a letter needs a Warning chit of that letter in the
   tile (7.13.3); Warning chits send the monsters to his clearing, Sound and Site chits to their
   own clearing (c.1);
4. the Dragon Essence in his clearing summons like a Smoke C or Smoke M chit (L4300);
5. prowling native groups whose dwelling is in his clearing appear there (7.13.4);
6. on row 6, visitor/mission chits whose leader or site is in his clearing appear there (7.13.5);
   a hired leader summons none (7.7.1e).

A character who ends his turn asleep under the Flowers of Rest summons nothing (L4302,
:func:`rules.daylight.rest.flowers_of_rest`).

Prowling (7.13.1): the monsters, natives and visitors of the row the Sunrise monster roll names
(``state.today.monster_roll``), and the Ghosts every day. A monster's row is its type's
``appearance_row``; the box each denizen came from is recorded in ``state.homes`` for
regeneration (6.3.4, :func:`regenerate`). The monsters that arrive in a clearing block there
(7.12.3a, :func:`rules.daylight.blocking.arrivals_block`).
"""

from __future__ import annotations

from rules.board import clearing_id, parse_clearing_id
from rules.day.context import Ctx
from rules.daylight import blocking, rest
from rules.events.day import Prowling, Regenerated, VisitorFlipped
from rules.events.daylight import ChitRevealed, DenizenMoved, Exchanged, Summoned
from rules.magic import bewitched, lifecycle
from rules.modifiers import cards_in_clearing, has
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey
from rules.schema.chits import GHOST, ChitKind, MapChit
from rules.schema.denizens import Monster
from rules.schema.setup import AppearanceRow
from rules.schema.tiles import TileType
from rules.state import Place

#: The section each of the two special chits brings into its tile (7.13.2b).
SECTIONS = {ChitKind.LOST_CITY: "Lost City", ChitKind.LOST_CASTLE: "Lost Castle"}
#: The Dragon Essence's key, and the Warning chit it counts as in each tile type (L4300): "In a
#: cave tile it counts as a Smoke C chit, and in a mountain tile (including the Deep Woods tile)
#: it counts as a Smoke M chit. In a Valley or Woods tile (except Deep Woods), it does not
#: summon monsters."
SUMMONS_SMOKE = "summons:smoke"
SMOKE = {TileType.CAVES: "SMOKE C", TileType.MOUNTAIN: "SMOKE M"}


class _Turn:
    def __init__(self, ctx: Ctx, clearing: str) -> None:
        self.ctx = ctx
        self.catalog = ctx.catalog
        self.board = ctx.board
        self.state = ctx.state
        self.pieces = pieces_of(ctx.catalog)
        self.clearing = ctx.board.resolve(clearing)
        self.code = ctx.board.tile_of(self.clearing).tile
        roll = ctx.state.today.monster_roll
        self.row: AppearanceRow | None = next(
            (r for r in ctx.catalog.appearance_chart.values() if r.number == roll), None
        )
        self.arrivals: list[tuple[str, str]] = []

    # --- places -----------------------------------------------------------------------------

    def tile_clearings(self) -> list[str]:
        """The clearing places of his tile that hold something, in stack order."""
        return [
            place
            for place in self.state.stacks
            if place.startswith("at:") and parse_clearing_id(place[3:])[0] == self.code
        ]

    def chit_place(self, chit: MapChit) -> str:
        """Where a face-up chit stands: its clearing (Site and Sound chits), else the tile."""
        if (
            chit.clearing is not None
            and chit.clearing in self.board.side(self.code).clearing_numbers()
        ):
            return Place.clearing(clearing_id(self.code, chit.clearing))
        return Place.tile(self.code)

    # --- 7.13.2a -----------------------------------------------------------------------------

    def prowls(self, piece: str) -> bool:
        monster = self.catalog.monsters[self.pieces[piece].name]
        return _monster_prowls(monster, self.state.today.monster_roll)

    def move_monsters(self) -> None:
        here = Place.clearing(self.clearing)
        for place in self.tile_clearings():
            if place == here:
                continue
            for piece in list(self.state.at(place)):
                if (
                    self.pieces[piece].kind is Kind.MONSTER
                    and piece not in self.state.minions
                    and piece not in self.state.today.blocked
                    and self.prowls(piece)
                ):
                    self.state.put(piece, here)
                    self.ctx.emit(
                        DenizenMoved(
                            name=self.pieces[piece].name,
                            piece=piece,
                            from_=Place.split(place)[1],
                            to=self.clearing,
                        )
                    )
                    self.arrivals.append((piece, self.clearing))

    # --- 7.13.2b–c ---------------------------------------------------------------------------

    def map_chits(self) -> list[str]:
        places = [Place.tile(self.code), *self.tile_clearings()]
        return [p for place in places for p in self.state.at(place) if p in self.catalog.map_chits]

    def reveal(self) -> list[MapChit]:
        """Turn the tile's face-down chits face up; the chits that may summon (7.13.3b.2)."""
        summoners: list[MapChit] = []
        for name in self.map_chits():
            if name in self.state.face_up:
                continue
            chit = self.catalog.map_chits[name]
            self.ctx.emit(ChitRevealed(tile=self.code, chit=name))
            if chit.exchange is not None:
                self.exchange(chit)
                continue
            self.state.face_up.append(name)
            if chit.kind in SECTIONS:
                section = Place.section(SECTIONS[chit.kind])
                for inner in list(self.state.at(section)):
                    inner_chit = self.catalog.map_chits[inner]
                    self.state.put(inner, self.chit_place(inner_chit))
                    self.state.face_up.append(inner)
                    self.ctx.emit(ChitRevealed(tile=self.code, chit=inner))
                    summoners.append(inner_chit)
                continue
            self.state.put(name, self.chit_place(chit))
            summoners.append(chit)
        return summoners

    def exchange(self, chit: MapChit) -> None:
        """7.13.2c: the chit leaves play; its pieces go to the first clearing of its preference
        that connects to the Borderland on the faces up (else the first the tile has)."""
        assert chit.exchange is not None
        numbers = self.board.side(self.code).clearing_numbers()
        target = self.board.dwelling_clearing(self.code, chit.exchange.clearings) or next(
            (clearing_id(self.code, n) for n in chit.exchange.clearings if n in numbers),
            self.clearing,
        )
        self.state.put(chit.name, Place.OUT)
        used: set[str] = set()
        for name in chit.exchange.pieces:
            free = [
                p
                for p in self.pieces.named(name)
                if p not in used and Place.split(self.state.place_of(p))[0] in ("aside", "out")
            ]
            if not free:
                continue
            used.add(free[0])
            self.state.put(free[0], Place.clearing(target))
            self.ctx.emit(Exchanged(chit=chit.name, piece=free[0], at=target))

    # --- 7.13.3 ------------------------------------------------------------------------------

    def summon(self, summoners: list[MapChit]) -> None:
        row = self.row
        if row is None:
            return
        letters = {
            self.catalog.map_chits[c].letter
            for c in self.map_chits()
            if self.catalog.map_chits[c].kind is ChitKind.WARNING
        }
        order = {ChitKind.WARNING: 0, ChitKind.SOUND: 1, ChitKind.SITE: 2}
        ranked = sorted(
            (c for c in summoners if c.kind in order),
            key=lambda c: (order[c.kind], c.clearing or 0),
        )
        for chit in ranked:
            to = self.clearing if chit.kind is ChitKind.WARNING else self.own_clearing(chit)
            if chit.kind is ChitKind.SITE:
                boxes = [s.box for s in row.sites if s.site == chit.name]
            else:
                keys = {chit.name}
                if chit.kind is ChitKind.SOUND:
                    keys = {chit.word} | {f"{chit.word} {letter}" for letter in letters if letter}
                boxes = next(
                    (list(s.boxes) for s in row.monsters if keys & set(s.chits)),
                    [],
                )
            for box in boxes:
                monsters = [
                    p for p in self.state.at(Place.box(box)) if self.pieces[p].kind is Kind.MONSTER
                ]
                if monsters:
                    self.arrive(monsters, box, to, chit.name)
                    break

    def essence(self) -> None:
        """The Dragon Essence (L4300): it "summons monsters just like a 'Smoke' Warning chit
        whenever a character ends his turn in the clearing" — only its own clearing — as the
        Smoke C chit in a cave tile and the Smoke M in a mountain tile (the Deep Woods is one,
        3.5.4), to his clearing, one box, the leftmost that holds monsters (7.13.3b.1, c.1).
        "Whenever": each time, not once a day like a chit turned face up (7.13.3b.2, which
        speaks of map chits). After the map chits, which the card is not. The Druid's Peace
        with Nature does not stop it (L3681)."""
        row = self.row
        smoke = SMOKE.get(self.catalog.tiles[self.code].type)
        if row is None or smoke is None:
            return
        for card in cards_in_clearing(self.catalog, self.state, self.clearing):
            name = self.pieces[card].name
            if SUMMONS_SMOKE not in self.catalog.treasures[name].behaviour:
                continue
            boxes = next((list(s.boxes) for s in row.monsters if smoke in s.chits), [])
            for box in boxes:
                monsters = [
                    p for p in self.state.at(Place.box(box)) if self.pieces[p].kind is Kind.MONSTER
                ]
                if monsters:
                    self.arrive(monsters, box, self.clearing, name)
                    break

    def own_clearing(self, chit: MapChit) -> str:
        place = self.chit_place(chit)
        kind, where = Place.split(place)
        return where if kind == "at" else self.clearing

    def arrive(self, pieces: list[str], box: str, to: str, by: str) -> None:
        for piece in pieces:
            self.state.put(piece, Place.clearing(to))
            self.state.homes.setdefault(piece, Place.box(box))
            self.ctx.emit(
                Summoned(name=self.pieces[piece].name, piece=piece, at=to, by=by, box=box)
            )
            self.arrivals.append((piece, to))

    # --- 7.13.4–5 ----------------------------------------------------------------------------

    def in_box(self, box: str, kinds: tuple[Kind, ...]) -> list[str]:
        """The pieces of ``kinds`` in ``box``; of the horses, only those natives ride (the
        group's goods, round horses included, stay in the box, 2.4.1c)."""
        return [
            p
            for p in self.state.at(Place.box(box))
            if self.pieces[p].kind in kinds
            and (self.pieces[p].kind is not Kind.HORSE or self.catalog.horses[p].rider is not None)
        ]

    def natives_and_visitors(self) -> None:
        row = self.row
        if row is None:
            return
        here = set(self.state.at(Place.clearing(self.clearing))) - set(self.state.minions)
        for group in row.natives:
            contents = self.in_box(group.box, (Kind.NATIVE, Kind.HORSE))
            if contents and here & set(group.dwellings):
                dwelling = sorted(here & set(group.dwellings))[0]
                self.arrive(contents, group.box, self.clearing, dwelling)
        for visitor in row.visitors:
            contents = self.in_box(visitor.box, (Kind.VISITOR,))
            if contents and here & set(visitor.summoned_by):
                by = sorted(here & set(visitor.summoned_by))[0]
                self.arrive(contents, visitor.box, self.clearing, by)


def prowl(ctx: Ctx, name: str) -> None:
    """7.13.2: the end of an individual's turn in a clearing — prowling monsters in his tile move
    to him, the tile's chits turn up and summon (followers each separately, 7.11.8; hired leaders
    as if they were characters, 7.7.2d; underlings never, 7.7.3b); the Druid's Warning and Sound
    chits do not summon (Peace with Nature, L3681), nor those of the target of an energized
    Peace with Nature spell, which does what the Druid's advantage does (L5159). The monsters
    that arrive block (7.12.3a). One asleep under the Flowers of Rest — or who falls asleep as
    his turn ends there with fatigued chits — summons nothing (L4302)."""
    where = ctx.where(name)
    if where is not None and ctx.acts(name):
        rest.flowers_of_rest(ctx, name)
        if name in ctx.today.asleep:
            return  # asleep, he "cannot ... summon monsters" (L4302)
        peaceful = has(ctx.catalog, ctx.state, name, AbilityKey.PEACE_WITH_NATURE) or (
            bewitched.affecting(ctx.catalog, ctx.state, name, bewitched.PEACE_WITH_NATURE)
            is not None
        )
        arrivals = end_turn(ctx, where, peaceful=peaceful)
        blocking.arrivals_block(ctx, arrivals)


def end_turn(ctx: Ctx, clearing: str, *, peaceful: bool = False) -> list[tuple[str, str]]:
    """What happens when an individual ends his turn in ``clearing`` (7.13.2–7.13.5); returns
    the denizens that arrived in a clearing (piece, clearing), in the order they came.

    ``peaceful``: the Druid's Peace with Nature (L3681): the Warning and Sound chits of his tile
    summon nothing; revealed, they turn face down again so that they still summon when anyone
    else ends his turn there (2.1)."""
    state = ctx.state
    turn = _Turn(ctx, clearing)
    turn.move_monsters()
    summoners = turn.reveal()
    if peaceful:
        quiet = [c for c in summoners if c.kind in (ChitKind.WARNING, ChitKind.SOUND)]
        state.face_up = [name for name in state.face_up if name not in {c.name for c in quiet}]
        summoners = [c for c in summoners if c not in quiet]
    turn.summon(summoners)
    turn.essence()
    turn.natives_and_visitors()
    return turn.arrivals


def prowling(ctx: Ctx, roll: int) -> None:
    """The public ``prowling`` event of Sunrise: what the monster roll sets prowling today (6.3.3,
    7.13.1): the monsters and native groups of the Appearance Chart's row ``roll``, and the Ghosts,
    who prowl every day (7.13.1a); the visitor/mission chits on a 6 (7.13.1b)."""
    catalog = ctx.catalog
    monsters = [m.name for m in catalog.monsters.values() if m.appearance_row == roll]
    natives = [g.name for g in catalog.natives.values() if g.appearance_row == roll]
    ctx.emit(
        Prowling(row=roll, monsters=(*monsters, GHOST), natives=tuple(natives), visitors=roll == 6)
    )


def regenerate(ctx: Ctx) -> None:
    """End of the week (6.3.4, L1542–1560): on days 7, 14, 21 and 28, right after the monster
    roll, the prowling row's monsters and unhired natives (with their horses) go back where they
    started — the Ghosts to their clearing, the others to their boxes; garrison natives return to
    their dwelling with the row their colour prowls on (d); on row 6 the visitor/mission chits
    not held by a character turn over (b). Hired and controlled denizens stay where they are,
    and so do hired natives' horses, but the unhired members of a partly hired group return
    (7.7.1e, 6.3.4c). Those who regenerate are released from all spells (6.3.4e); a monster
    absorbed by Absorb Essence does not regenerate (L4942)."""
    catalog, state = ctx.catalog, ctx.state
    roll = state.today.monster_roll
    if roll is None or state.day % 7 != 0:
        return
    pieces = pieces_of(catalog)
    for piece, home in sorted(state.homes.items()):
        record = pieces[piece]
        if piece in state.minions:
            continue
        if record.kind is Kind.MONSTER:
            prowls = _monster_prowls(catalog.monsters[record.name], roll)
        elif record.kind is Kind.NATIVE:
            prowls = catalog.group_of(piece).appearance_row == roll
        elif record.kind is Kind.HORSE:
            rider = catalog.horses[piece].rider
            prowls = (
                rider is not None
                and rider in state.homes
                and rider not in state.minions
                and catalog.group_of(rider).appearance_row == roll
            )
        else:
            continue
        if prowls and lifecycle.absorbed(state, piece):
            continue  # L4942: an absorbed monster "is not killed and cannot regenerate"
        if prowls and state.place_of(piece) != home:
            state.put(piece, home)
            ctx.emit(Regenerated(name=record.name, piece=piece, to=home))
            lifecycle.regenerated(ctx, piece)  # 6.3.4e
    if roll == 6:
        for chit, face in list(state.visitor_faces.items()):
            if Place.split(state.place_of(chit))[0] in ("with", "carried"):
                continue
            other = next(f.name for f in catalog.visitors[chit].faces if f.name != face)
            state.visitor_faces[chit] = other
            ctx.emit(VisitorFlipped(chit=chit, face=other))


def _monster_prowls(monster: Monster, roll: int | None) -> bool:
    """7.13.1: the Ghosts prowl every day (a), other monsters when the roll names their row (b)."""
    return monster.name == GHOST or (roll is not None and monster.appearance_row == roll)
