"""The counters of combat and the values they fight with (8.4.5–8.4.9): monsters, their heads and
clubs, and natives, on the side they show.

A head or club is not a piece of the game apart from its monster: it is named by
:func:`part_id` (``Giant's Club 1`` for the first Giant's club; ``Flying Dragon Head`` for the
one Tremendous Flying Dragon) and its side is kept in the combat's ``dark_parts``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import Board
from rules.catalog import Catalog
from rules.evening.positions import Counter
from rules.magic.altering import GRACE_TIMES, graced
from rules.magic.forms import attack, creature, transmorphized
from rules.pieces import Kind, pieces_of
from rules.schema.base import Weight
from rules.schema.denizens import Monster, MonsterPart
from rules.schema.equipment import HorseSide
from rules.schema.tiles import ClearingType
from rules.state import GameState, Place


@dataclass(frozen=True)
class Values:
    """What a counter fights with on the side it shows (2.2.2a, 8.4.6b): its move time, its
    attack (None: it does not attack, 8.4.7a), harm letter (``RED``: a Tremendous monster's
    red side kills, 8.4.7d), sharpness stars and weapon length, and how it attacks: a missile,
    or the spell a Demon's or the Imp's Roman-numeral side casts instead of harm (8.4.7b)."""

    move: int | None
    attack: int | None
    harm: Weight | str | None
    sharpness: int
    length: int
    missile: bool = False
    spell: str | None = None


def copy_number(piece: str) -> int:
    """The copy number of a numbered piece (``Giant 2`` → 2), 1 for an unnumbered one."""
    head, _, tail = piece.rpartition(" ")
    return int(tail) if head and tail.isdigit() else 1


def part_id(catalog: Catalog, monster_piece: str, part: str) -> str:
    """The name of ``part`` (a head or club) of the monster ``monster_piece``."""
    monster = catalog.monsters[pieces_of(catalog)[monster_piece].name]
    return part if monster.count == 1 else f"{part} {copy_number(monster_piece)}"


def parts(catalog: Catalog, piece: str) -> list[str]:
    """The heads and clubs of ``piece`` (none for anything but a Tremendous monster with one)."""
    record = pieces_of(catalog)[piece]
    if record.kind is not Kind.MONSTER:
        return []
    return [part_id(catalog, piece, p.name) for p in catalog.monsters[record.name].parts]


def _part(catalog: Catalog, part: str) -> tuple[Monster, MonsterPart] | None:
    for monster in catalog.monsters.values():
        for record in monster.parts:
            if part == record.name or part.rpartition(" ")[0] == record.name:
                return monster, record
    return None


def body_of(catalog: Catalog, part: str) -> str | None:
    """The monster piece whose head or club ``part`` is; None if it is no part."""
    found = _part(catalog, part)
    if found is None:
        return None
    monster, _ = found
    return monster.name if monster.count == 1 else f"{monster.name} {copy_number(part)}"


def is_monster(catalog: Catalog, piece: str) -> bool:
    return piece in pieces_of(catalog) and pieces_of(catalog)[piece].kind is Kind.MONSTER


def is_native(catalog: Catalog, piece: str) -> bool:
    return piece in pieces_of(catalog) and pieces_of(catalog)[piece].kind is Kind.NATIVE


def monster_of(catalog: Catalog, piece: str) -> Monster:
    return catalog.monsters[pieces_of(catalog)[piece].name]


def tremendous(catalog: Catalog, piece: str) -> bool:
    """A Tremendous monster's body (8.4.7c)."""
    return is_monster(catalog, piece) and monster_of(catalog, piece).size is Weight.TREMENDOUS


def dark(state: GameState, dark_parts: list[str], counter: str) -> bool:
    """Whether ``counter`` shows its dark side (a Tremendous monster's red side)."""
    return counter in dark_parts or counter in state.dark_side_up


def red_side_up(catalog: Catalog, state: GameState, dark_parts: list[str], piece: str) -> bool:
    """A Tremendous monster red side up (8.4.7d)."""
    return tremendous(catalog, piece) and dark(state, dark_parts, piece)


def values(catalog: Catalog, counter: str, dark_side: bool) -> Values:
    """The combat values of a monster, head, club or native on the given side; a native horse
    shows its galloping side in the Melee Step (8.4.1) and never attacks."""
    found = _part(catalog, counter) if counter not in pieces_of(catalog) else None
    if found is not None:
        monster, part = found
        side = part.dark if dark_side else part.light
        return Values(None, side.attack, side.harm, side.sharpness, part.length)
    record = pieces_of(catalog)[counter]
    if record.kind is Kind.HORSE:
        return Values(catalog.horses[record.name].gallop.move, None, None, 0, 0)
    if record.kind is Kind.MONSTER:
        monster = catalog.monsters[record.name]
        light, dark_ = monster.sides(copy_number(counter))
        face = dark_ if dark_side else light
        return Values(
            face.move,
            face.attack,
            face.harm,
            face.sharpness,
            monster.length_on(face),
            spell=face.spell,
        )
    native = catalog.native_counters[record.name]
    n_side = native.dark if dark_side else native.light
    return Values(
        n_side.move,
        n_side.attack,
        n_side.harm,
        n_side.sharpness,
        native.length,
        missile=native.attack == "missile",
    )


def showing(catalog: Catalog, state: GameState, dark_parts: list[str], counter: str) -> Values:
    """What ``counter`` fights with now: :func:`values` on the side it shows, unless a
    transmorphizing spell made its denizen a creature (4.6.9d L1308: "it uses the creature's
    attack values, move values and vulnerability in place of its own", 8.4.5p). Then its body
    has the creature's move time and attack (none when it "cannot attack"), no sharpness and —
    the Transform Table printing none — length 0; its heads and clubs are transmorphized with it
    (4.6.9b.3 L1303) and neither move nor attack."""
    body = body_of(catalog, counter) or counter
    shape = creature(catalog, state.spells, body, state.dark_side_up)
    if shape is None:
        return values(catalog, counter, dark(state, dark_parts, counter))
    if body != counter:
        return Values(None, None, None, 0, 0)
    hits = attack(shape)
    return Values(shape.move_time, hits[1] if hits else None, hits[0] if hits else None, 0, 0)


def vulnerability(catalog: Catalog, piece: str) -> Weight:
    """A denizen's vulnerability: a monster's size, a native's listed letter (8.4.9h)."""
    record = pieces_of(catalog)[piece]
    if record.kind is Kind.MONSTER:
        return catalog.monsters[record.name].size
    return catalog.native_counters[record.name].vulnerability


def move_time(catalog: Catalog, state: GameState, counter: str, move: int | None) -> int | None:
    """The move time of ``counter`` showing ``move`` on its side up: under Elven Grace
    (L4838) a monster's or native's size defines it on both sides of its counter
    (:data:`rules.magic.altering.GRACE_TIMES`); a head, club or horse has none of its own."""
    if move is None or not graced(state, counter):
        return move
    return GRACE_TIMES[vulnerability(catalog, counter)]


def armored(catalog: Catalog, piece: str) -> bool:
    """Whether hits on this denizen strike armor (8.4.9e.4–e.5)."""
    record = pieces_of(catalog)[piece]
    if record.kind is Kind.MONSTER:
        return catalog.monsters[record.name].armored
    return catalog.native_counters[record.name].armored


def mount(catalog: Catalog, board: Board, state: GameState, native: str) -> str | None:
    """The horse ``native`` rides in combat: his own native horse, standing with him, or with
    him as his employer's hireling (7.3.2e), except in a cave, where horses cannot be used
    (8.3.1); None for anyone else."""
    if not is_native(catalog, native):
        return None
    horse = catalog.native_counters[pieces_of(catalog)[native].name].horse
    where = state.clearing_of(native)
    if horse is None or where is None:
        return None
    if state.clearing_of(horse) != where and state.place_of(horse) != Place.owner(native):
        return None
    return None if board.clearing_type(where) is ClearingType.CAVE else horse


def riding(catalog: Catalog, board: Board, state: GameState, native: str) -> str | None:
    """The horse ``native`` fights on (:func:`mount`), unless a spell transmorphizes him: his
    native horse is transmorphized with him (4.6.9b.3 L1303) and he maneuvers with the form's
    move values (4.6.9d) — it still dies with him (8.4.9q)."""
    return None if transmorphized(state.spells, native) else mount(catalog, board, state, native)


def horse_side(
    catalog: Catalog, state: GameState, rider: str, horse: str, *, melee: bool
) -> HorseSide:
    """The side a native horse shows: an unhired native's walks in the Encounter Step (8.3.1)
    and gallops in the Melee Step (8.4.1); a hired native's shows the side it lies on, dark
    (galloping) or light (walking), turned over at the start of each Melee Step (8.4.1) and as
    its employer chooses (8.3.6a.4)."""
    galloping = horse in state.dark_side_up if rider in state.minions else melee
    return catalog.horses[pieces_of(catalog)[horse].name].side(galloping)


def sheet_counters(
    catalog: Catalog, board: Board, state: GameState, bodies: list[str]
) -> list[Counter]:
    """The counters the denizens ``bodies`` put on a Melee Section: each body, then its heads
    and clubs (8.4.7e) or the horse it rides (8.4.5m), as :mod:`rules.evening.positions`
    places them; a horse is no attacking counter and never changes tactics (8.4.6c)."""
    counters: list[Counter] = []
    for body in bodies:
        counters.append(Counter(body, attacking=True, turns=not tremendous(catalog, body)))
        counters.extend(Counter(p, attacking=True, owner=body) for p in parts(catalog, body))
        horse = riding(catalog, board, state, body)
        if horse is not None:
            counters.append(Counter(horse, attacking=False, owner=body, turns=False))
    return counters
