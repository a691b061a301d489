"""What may be recorded in a phase: :func:`legal_activities`, the single source of truth for the
Birdsong builder and the parser's hints.

The list follows the Daylight Activities table (L5509–5531) from where the earlier phases leave
him: Follow only as the first and only phase (6.2.7), Moves along roadways he may use now
(7.3.1a), targets that may be reached first (6.2.4e), enhanced activities (P, FL, RE) only with a
source that gives them (6.2.1a), Fly to his tile or one next to it (7.3.3), Cache only under the
Caching rule (10.A.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.catalog import Catalog
from rules.catalog import catalog as default_catalog
from rules.daylight.hirelings import forbidden, guides
from rules.orders.entitlement import Entitlement, entitlement
from rules.orders.model import BASIC, Activity, ActivityKind
from rules.orders.reader import Reader
from rules.orders.targets import SEARCH_TABLES, Map, visitors
from rules.state import GameState, Place

K = ActivityKind


def legal_activities(
    state: GameState,
    character: str,
    phase: int,
    *,
    catalog: Catalog | None = None,
    earlier: Sequence[Activity] = (),
) -> list[Activity]:
    """What ``character`` may record as phase ``phase``, after the ``earlier`` phases, from where
    those leave him: the single source of truth for the Birdsong builder and the parser's hints.

    Listed: F with each other character, hired leader or controlled monster in his clearing (phase 1
    only, 6.2.7; 7.7.2); M to each clearing one roadway away that he may use now (open roads,
    tunnels, discovered hidden paths and secret passages, ``Edge`` off the map; 7.3.1a); H; R; A
    (bare, ``unalert`` and each of his Magic and Berserk chits); S (bare and each Search table); T
    with each native group and visitor and HR with each group, present or not (they may be reached
    first, 6.2.4e); EM; E (bare, ``tile`` and each Magic chit); P, FL and RE only with a source
    (6.2.1a); C under the Caching rule; ``-``. Whether he has a phase for it is
    :func:`rules.orders.sources.assign_sources`'s business. A minion or a familiar gets only what
    he may record (:func:`rules.daylight.hirelings.forbidden`); a familiar's P names no clearing
    (L3926). A character with every chit fatigued or wounded records only Rest (9.1.1c). Raises
    ValueError if ``earlier`` does not
    hold ``phase - 1`` phases.
    """
    if len(earlier) not in (0, phase - 1) or phase < 1:
        raise ValueError(f"phase {phase} comes after {phase - 1} phases, not {len(earlier)}")
    if any(a.kind is K.FOLLOW for a in earlier):
        return []  # Follow is the whole day (6.2.7)
    data = catalog or default_catalog()
    world = Map(data, state, character)
    here = world.here()
    if earlier:
        reader = Reader(", ".join(map(str, earlier)), state, character, data)
        reader.read()
        for item in reader.phases:
            reader.activity(item)
        _, _, here = reader.walk()
    road = world.road()
    if road is not None and not earlier:
        return [Activity(kind=K.MOVE, target=end, source=BASIC) for end in road]
    ent = entitlement(data, state, character)
    found: list[Activity] = []

    def add(kind: ActivityKind, target: str | None = None, source: str = BASIC) -> None:
        found.append(Activity(kind=kind, target=target, source=source))

    if phase == 1 and here is not None:
        for name in guides(data, state, character):
            if state.place_of(name) == Place.clearing(here):
                add(K.FOLLOW, name)
    for goal in world.reachable(here) if here is not None else []:
        add(K.MOVE, goal)
    add(K.HIDE)
    add(K.REST)
    sheet = state.sheet(character)
    chits = [c.label for c in sheet.chits if c.status == "active" and c.label.startswith("MAGIC ")]
    add(K.ALERT)
    add(K.ALERT, "unalert")
    for label in dict.fromkeys(
        c.label for c in sheet.chits if c.label.split()[0] in ("MAGIC", "BERSERK")
    ):
        add(K.ALERT, label)
    add(K.SEARCH)
    for table in SEARCH_TABLES:
        add(K.SEARCH, table)
    for group in [*data.natives, *visitors(data)]:
        add(K.TRADE, group)
    for group in data.natives:
        add(K.HIRE, group)
    add(K.ENCHANT_FIRST)
    add(K.ENCHANT)
    add(K.ENCHANT, "tile")
    for label in dict.fromkeys(chits):
        add(K.ENCHANT, label)
    if character in state.familiars:
        add(K.PEER)  # L3926: it peers into its own clearing only
    else:
        for kind, target, source in _enhanced(world, ent, here):
            add(kind, target, source)
    if state.options.get("caching"):
        add(K.CACHE)
    add(K.BLANK)
    mine = state.characters.get(character)
    down = mine is not None and not mine.dead and bool(mine.chits)
    if down and mine is not None and all(c.status != "active" for c in mine.chits):
        found = [a for a in found if a.kind in (K.REST, K.BLANK)]  # 9.1.1c: only Rest
    return [a for a in found if forbidden(data, state, character, a.kind) is None]


def _enhanced(
    world: Map, ent: Entitlement, here: str | None
) -> list[tuple[ActivityKind, str, str]]:
    """P, RE and FL templates, each with the source that allows it (6.2.1a)."""
    clearings = world.board.clearings()
    found = [(K.PEER, c, BASIC) for c in clearings if ent.enablers_of(K.PEER)]
    for extra in ent.extras:
        if K.PEER in extra.enables:
            found += [
                (K.PEER, c, extra.name)
                for c in clearings
                if extra.target_where in (world.places(c) or ())
            ]
    found += [(K.REMOTE_ENCHANT, c, BASIC) for c in clearings if ent.enablers_of(K.REMOTE_ENCHANT)]
    if ent.enablers_of(K.FLY) and here is not None:
        found += [(K.FLY, tile, BASIC) for tile in world.tiles_near(here)]
    return found
