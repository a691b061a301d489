"""Positions on a Melee Section: placing denizens in the red boxes (8.4.5m, L2547–2555), then
repositioning them and changing tactics (8.4.6, L2589–2598; tables L5405–5423).

Pure functions over plain values: counters are named by id, a placement maps each id to a box.
The combat engine places, rolls and applies; these functions say what is legal and what a roll
does. Boxes are numbered as their directions (8.4.6b L2593, rules-map §1.5): 1 is "Charge and
Thrust", 2 "Dodge and Swing", 3 "Duck and Smash"; so a counter's box is also its attack and
maneuver direction. On a denizen's own sheet the same numbers name the Attack circles and the
Maneuver squares (:class:`DenizenSheet`, SCENARIOS.md ``positions``).

Readings where the rulebook leaves a choice:

- **"As many boxes as possible" counts attacking counters only** (L2547): the attacking counters
  occupy min(n, 3) boxes. So one to three attacking counters each have a box of their own
  (summary L2551), and with more every box holds at least one (L2553). A native horse never
  counts toward filling a box (L2547: it cannot fill an empty box "by itself if an attacking
  counter is available"); it may stand alone in a box the attacking counters cannot reach, as
  a lone native's horse must (it cannot share his box, L2555).
- **Owners and their parts are kept apart wherever** ``owner`` **is given.** 8.4.7e.1 (L2632)
  keeps a head or club from its monster on any sheet; L2555 keeps a horse from its rider only
  for unhired, uncontrolled natives. A hired native deployed against a character (O3 on the
  Sorcerer's sheet, L2819) may share a box with his horse: the engine leaves that horse's
  ``owner`` empty. An owner that is not on the sheet binds nothing.
- **The Repositioning Denizens Table is read from the catalog.** Its picture is lost; only rolls
  5 (box 1 to box 2, L2536) and 4 (stay, L2819) are fixed by the text. Every row moves the boxes
  as wholes, so :func:`position_possible` accepts any permutation of the three boxes: the six
  rows of the table are the six permutations (checked by the tests, not assumed here).
- **Change tactics is rolled per box after repositioning** (8.4.6c L2594), on the box where the
  counters stand then: the flip of :func:`turning` applies to the repositioned placement.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from itertools import islice

from rules.catalog import Catalog

BOXES = (1, 2, 3)
"""The red boxes (and, on a denizen's sheet, the circles and squares), in direction order."""

BOX_NAMES = {1: "Charge and Thrust", 2: "Dodge and Swing", 3: "Duck and Smash"}
"""The red boxes as printed on the Melee Section (8.4.6b, L2593)."""

REPOSITIONING = "Repositioning Denizens Table"
CHANGE_TACTICS = "Change Tactics Table"


@dataclass(frozen=True)
class Counter:
    """A counter on a Melee Section.

    ``attacking``: a monster, native, head or club counter (8.4.5m L2547); False for a native
    horse. ``owner``: for a head, club or native horse, the id of the body or rider it must not
    share a box with (L2555, 8.4.7e.1). ``turns``: False for a Tremendous monster's body and a
    native horse, which never change tactics (8.4.6c L2594, 8.4.7c L2620); heads and clubs do
    (8.4.7e.2 L2633).
    """

    id: str
    attacking: bool
    owner: str | None = None
    turns: bool = True

    def __post_init__(self) -> None:
        if self.owner == self.id:
            raise ValueError(f"{self.id} cannot be its own owner")


def _index(counters: Sequence[Counter]) -> dict[str, Counter]:
    index: dict[str, Counter] = {}
    for counter in counters:
        if counter.id in index:
            raise ValueError(f"{counter.id} is on the sheet twice")
        index[counter.id] = counter
    return index


def _apart(counters: Sequence[Counter]) -> list[tuple[str, str]]:
    """The pairs (part, owner) that may not share a box, both on the sheet."""
    ids = _index(counters)
    return [(c.id, c.owner) for c in counters if c.owner is not None and c.owner in ids]


def placements(counters: Sequence[Counter], *, bound: int = 512) -> list[dict[str, int]]:
    """Every legal placement of ``counters`` in the red boxes (8.4.5m, L2547–2555).

    Legal is what :func:`legal` accepts: attacking counters in min(n, 3) boxes, each part apart
    from its owner. The placements come in lexicographic order of the boxes of ``counters``
    taken in the order given (the first counter in box 1 before box 2, and so on); each maps the
    ids in that order. Only the first ``bound`` placements are made and returned, so a crowded
    sheet (n counters have up to 3**n placements) costs no more than ``bound`` of them; a caller
    that needs to know whether there are more asks for ``bound + 1``. No counters: one empty
    placement. Raises ValueError for a negative ``bound`` or a counter listed twice.
    """
    if bound < 0:
        raise ValueError(f"bound {bound} is negative")
    _index(counters)
    position = {c.id: i for i, c in enumerate(counters)}
    earlier: list[list[int]] = [[] for _ in counters]
    for part, owner in _apart(counters):
        first, second = sorted((position[part], position[owner]))
        earlier[second].append(first)
    total = sum(c.attacking for c in counters)
    wanted = min(total, len(BOXES))
    left = [sum(c.attacking for c in counters[i:]) for i in range(len(counters) + 1)]

    def walk(i: int, chosen: tuple[int, ...], held: frozenset[int]) -> Iterator[tuple[int, ...]]:
        if i == len(counters):
            yield chosen
            return
        attacking = counters[i].attacking
        for box in BOXES:
            if any(chosen[j] == box for j in earlier[i]):
                continue
            if attacking and total <= len(BOXES) and box in held:
                continue
            now = held | {box} if attacking else held
            if wanted - len(now) > left[i + 1]:
                continue
            yield from walk(i + 1, (*chosen, box), now)

    return [
        {c.id: box for c, box in zip(counters, chosen, strict=True)}
        for chosen in islice(walk(0, (), frozenset()), bound)
    ]


def spread(counters: Sequence[Counter]) -> dict[str, int]:
    """The engine's default placement (pbem-combat §4: "spread, as 8.4.5m requires; heads and
    clubs apart from their bodies"): legal, deterministic and as even as the counters allow.

    The attacking counters are dealt first, in the order given, each to the box holding the
    fewest attacking counters so far (the lowest box on a tie) among the boxes that hold
    neither its owner nor its parts; then the other counters (native horses), each to the box
    holding the fewest counters so far, apart from its rider. Giant, Giant's Club and Bat go to
    boxes 1, 2 and 3 (L2715). The first three attacking counters take three different boxes
    (a counter's owner or parts, being attacking, always stand in a box already taken), and a
    later counter is barred only from its owner's box and its parts' boxes, so with one owner
    per part and at most one part per owner the result is always legal. Raises ValueError for
    a counter listed twice or one barred from all three boxes (three parts in three boxes).
    """
    placed: dict[str, int] = {}
    pairs = _apart(counters)
    for counter in sorted(counters, key=lambda c: not c.attacking):
        barred = {placed[o] for p, o in pairs if p == counter.id and o in placed}
        barred |= {placed[p] for p, o in pairs if o == counter.id and p in placed}
        load = [
            (_load(counters, placed, box, counter.attacking), box)
            for box in BOXES
            if box not in barred
        ]
        if not load:
            raise ValueError(f"{counter.id} is barred from every box by its owner and parts")
        placed[counter.id] = min(load)[1]
    return {c.id: placed[c.id] for c in counters}


def _load(counters: Sequence[Counter], placed: Mapping[str, int], box: int, attacking: bool) -> int:
    """The attacking counters in ``box`` so far, or all its counters when not ``attacking``."""
    return sum(1 for c in counters if placed.get(c.id) == box and (c.attacking or not attacking))


def legal(counters: Sequence[Counter], boxes: Mapping[str, int]) -> str | None:
    """None if ``boxes`` is a legal placement of ``counters`` in the red boxes (8.4.5m), else
    why not, in one line: a counter missing or unknown, a box not 1–3, a part in its owner's box
    (L2555, 8.4.7e.1 L2632), or attacking counters doubled up while a box they could fill holds
    none of them (L2547, summary L2551–2553; a native horse alone does not fill it)."""
    ids = _index(counters)
    missing = [c for c in ids if c not in boxes]
    if missing:
        return f"not placed: {', '.join(missing)}"
    unknown = [c for c in boxes if c not in ids]
    if unknown:
        return f"not on this sheet: {', '.join(unknown)}"
    for counter_id, box in boxes.items():
        if box not in BOXES:
            return f"{counter_id} is in box {box}: the red boxes are 1, 2 and 3"
    for part, owner in _apart(counters):
        if boxes[part] == boxes[owner]:
            return f"{part} shares box {boxes[owner]} with {owner} (8.4.5m, 8.4.7e.1)"
    counts = dict.fromkeys(BOXES, 0)
    for counter in counters:
        counts[boxes[counter.id]] += counter.attacking
    empty = [box for box in BOXES if counts[box] == 0]
    doubled = [box for box in BOXES if counts[box] > 1]
    if empty and doubled:
        return (
            f"box {empty[0]} holds no attacking counter while box {doubled[0]} holds"
            f" {counts[doubled[0]]} (8.4.5m: attacking counters in as many boxes as possible)"
        )
    return None


def _die(roll: int) -> int:
    if roll not in range(1, 7):
        raise ValueError(f"a die shows 1 to 6, not {roll}")
    return roll


def moves(catalog: Catalog, roll: int) -> dict[int, int]:
    """Where the Repositioning Denizens Table sends each box's counters on one die ``roll``
    (8.4.6a L2591): the row for ``roll``, read across its columns Box 1–3. Raises ValueError
    for a roll that is not 1–6 (the roll is unmodified: nothing to clamp)."""
    table = catalog.tables[REPOSITIONING]
    row: dict[int, int] = {}
    for box in BOXES:
        result = table.result(_die(roll), f"Box {box}")
        if result.key != "move_to_box" or result.box is None:
            raise ValueError(f"{table.name}: {result.text!r} is not a box")
        row[box] = result.box
    return row


def reposition(catalog: Catalog, boxes: Mapping[str, int], roll: int) -> dict[str, int]:
    """8.4.6a (L2591): every counter moves as the Repositioning Denizens Table says for one die
    ``roll`` (unmodified) and its starting box; the ids keep their order. Also repositions one
    section of a denizen's sheet (8.4.6d.1, :func:`reposition_denizen_sheet`)."""
    row = moves(catalog, roll)
    for counter_id, box in boxes.items():
        if box not in BOXES:
            raise ValueError(f"{counter_id} is in box {box}: the boxes are 1, 2 and 3")
    return {counter_id: row[box] for counter_id, box in boxes.items()}


def changes_tactics(catalog: Catalog, dice: tuple[int, ...]) -> bool:
    """Whether the counters of a box change tactics on the two dice ``dice`` (8.4.6c L2594: "if
    either die rolls a 6"): the Change Tactics Table's row for the high die (4.1.1), unmodified.
    Raises ValueError unless ``dice`` is two dice of 1–6."""
    if len(dice) != 2:
        raise ValueError(f"change tactics is rolled on two dice, not {len(dice)}")
    result = catalog.tables[CHANGE_TACTICS].result(max(_die(d) for d in dice))
    return result.key == "change_tactics"


def occupied(boxes: Mapping[str, int]) -> list[int]:
    """The boxes holding counters, in box order 1, 2, 3: the order in which the change tactics
    rolls are made, one per box (8.4.6c; SCENARIOS.md "Forced dice during the Evening" 4)."""
    return sorted(set(boxes.values()))


def turning(counters: Sequence[Counter], boxes: Mapping[str, int], box: int) -> list[str]:
    """The counters in ``box`` that turn over when it changes tactics (8.4.6c L2594: all of the
    denizens in that box), in the order of ``counters``: not a Tremendous body (8.4.7c) nor a
    native horse, but heads and clubs do (8.4.7e.2 L2633). Counters not in ``boxes`` are
    skipped."""
    return [c.id for c in counters if c.turns and boxes.get(c.id) == box]


def position_possible(
    before: Mapping[str, int],
    after: Mapping[str, int],
    flipped: Set[str],
    counters: Sequence[Counter],
) -> str | None:
    """Whether a fixed final position (given by a moderator or a scenario instead of rolling,
    SCENARIOS.md ``positions``) is one the rolls could give from the placement ``before``:
    None if so, else why not, in one line.

    ``after`` must move the boxes as wholes, distinct boxes to distinct boxes (one row of the
    Repositioning Denizens Table: every permutation of the three boxes is a row, 8.4.6a); the
    ``flipped`` counters must be, in each box of ``after``, all of its counters that can turn
    or none (8.4.6c); a Tremendous body or native horse never turns (8.4.6c, 8.4.7c). Whether
    ``before`` is a legal placement is :func:`legal`'s question, not this one's.
    """
    ids = _index(counters)
    for name, boxes in (("before", before), ("after", after)):
        if set(boxes) != set(ids):
            odd = sorted(set(boxes) ^ set(ids))
            return f"{name} does not hold exactly the counters on the sheet: {', '.join(odd)}"
        for counter_id, box in boxes.items():
            if box not in BOXES:
                return f"{counter_id} is in box {box} {name}: the boxes are 1, 2 and 3"
    unknown = sorted(set(flipped) - set(ids))
    if unknown:
        return f"flipped counters not on this sheet: {', '.join(unknown)}"
    sent: dict[int, tuple[str, int]] = {}
    received: dict[int, int] = {}
    for counter_id in ids:
        start, end = before[counter_id], after[counter_id]
        if start in sent and sent[start][1] != end:
            other, there = sent[start]
            return (
                f"box {start} is split: {other} goes to box {there}, {counter_id} to box {end}"
                " (8.4.6a: the counters of a box move together)"
            )
        if end in received and received[end] != start:
            return f"boxes {received[end]} and {start} both go to box {end} (8.4.6a)"
        sent[start], received[end] = (counter_id, end), start
    for counter_id in sorted(set(flipped)):
        if not ids[counter_id].turns:
            return f"{counter_id} never changes tactics (8.4.6c, 8.4.7c)"
    for box in occupied(after):
        able = turning(counters, after, box)
        turned = [c for c in able if c in flipped]
        if turned and len(turned) != len(able):
            still = next(c for c in able if c not in flipped)
            return (
                f"in box {box} {turned[0]} turns over but {still} does not"
                " (8.4.6c: all the counters of a box turn together)"
            )
    return None


@dataclass(frozen=True)
class DenizenSheet:
    """The counters on a denizen's own Melee Section (8.4.5n, L2557–2559), by section, each
    mapping counter ids to 1–3 in direction order: ``boxes``, the red boxes (the defender and
    its horse, head or club); ``squares``, the Maneuver squares (the defender's target);
    ``circles``, the Attack circles (the other attackers)."""

    boxes: Mapping[str, int] = field(default_factory=dict)
    squares: Mapping[str, int] = field(default_factory=dict)
    circles: Mapping[str, int] = field(default_factory=dict)


def reposition_denizen_sheet(
    catalog: Catalog,
    sheet: DenizenSheet,
    *,
    target_roll: int | None,
    attackers_roll: int | None,
    defender_roll: int | None,
) -> DenizenSheet:
    """8.4.6d (L2595–2598): each section of a denizen's sheet moves on its own die, by the same
    table (L5409): ``target_roll`` moves the squares, ``attackers_roll`` the circles (d.1), and
    ``defender_roll`` the red boxes when the defender is uncontrolled (d.2). A hired or
    controlled defender is not repositioned (d.3, note L5411): pass None and the boxes stay.
    None for the squares or circles is allowed only when that section is empty (no roll is made
    for it). Change tactics follows per section with :func:`occupied` and :func:`turning`, for
    every circle and square and, for an uncontrolled defender, every red box."""
    sections = {"squares": (sheet.squares, target_roll), "circles": (sheet.circles, attackers_roll)}
    moved: dict[str, dict[str, int]] = {}
    for name, (section, roll) in sections.items():
        if roll is None and section:
            raise ValueError(f"the {name} hold counters: 8.4.6d.1 rolls to reposition them")
        moved[name] = dict(section) if roll is None else reposition(catalog, section, roll)
    boxes = (
        dict(sheet.boxes)
        if defender_roll is None
        else reposition(catalog, sheet.boxes, defender_roll)
    )
    return DenizenSheet(boxes=boxes, squares=moved["squares"], circles=moved["circles"])
