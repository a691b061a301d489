"""What the Peer and Locate results find (7.5.4; the tables L5541–5550 and their explanations
L5561–5590), and Magic Sight's Choice and Discover chits (7.5.7f): Clues, Paths, Passages,
Discover chits and Hidden enemies, alone or two at once, and a Choice among them.

Everything found is the searcher's alone (7.5.4c–d): the looks and discoveries are private events
for him (a hireling's for his employer too, who looks at the chits his leader finds, 7.5.4h.1),
written on the searcher's own sheet. His followers share the looks, the discoveries and the
hidden enemies (7.11.6c), but for hired underlings, who share nothing (7.7.3).
"""

from __future__ import annotations

from rules.board import parse_clearing_id
from rules.day.context import Ctx
from rules.daylight.search_phase import Search
from rules.discoveries import RoadDiscovery
from rules.events import Decision
from rules.events.search import Discovered, FoundEnemies, Looked, SearchChoice, SubstituteExchanged
from rules.phrases import phrase
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.tables import Finding, Result
from rules.schema.tiles import RoadType
from rules.state import Place

#: The result keys whose findings are listed in the table data (``finds``).
FINDING_RESULTS = (
    "clues_and_paths",
    "hidden_enemies_and_paths",
    "hidden_enemies",
    "clues",
    "passages_and_clues",
    "passages",
    "discover_chits",
)

#: The Choice a player makes when he does not say, by the table rolled (P13): what most often
#: helps him — the Locate Table's Discover chits, the Peer Table's Clues and Paths.
CHOICE_DEFAULTS = {
    "Peer": "Clues and Paths",
    "Locate": "Discover chits",
    "Magic Sight": "Discover chits",
}


def found(ctx: Ctx, current: Search, result: Result) -> None:
    """Each finding of ``result``, for him and his followers but the hired underlings: "Hired
    non-leaders cannot do these activities" (7.11.6c, L2083; 7.7.3, L1964). A familiar
    following shares them like a character (L3927)."""
    followers = [
        f for f in ctx.followers_of(current.who) if f not in ctx.state.minions or ctx.acts(f)
    ]
    finders = [current.who, *followers]
    looks = {Finding.CLUES, Finding.DISCOVER_CHITS} & set(result.finds)
    substitute = _ask_exchange(ctx, current) if looks else None
    ctx.wait_if_pending()
    if substitute is not None:
        _exchange(ctx, current, substitute)
    for what in result.finds:
        for who in finders:
            FINDINGS[what](ctx, current, who)


#: The substitute chits a look may find, and the section of the chart each is exchanged for
#: (7.5.4c, 3.5.4a-b).
SUBSTITUTES = {ChitKind.LOST_CITY: "Lost City", ChitKind.LOST_CASTLE: "Lost Castle"}


def _ask_exchange(ctx: Ctx, current: Search) -> str | None:
    """7.5.4c: a look that finds the Lost City or Lost Castle face down in the tile lets him
    exchange it for its five chits or put it back unrevealed (P14: put back, the default);
    the chit he exchanges, or None."""
    pieces = pieces_of(ctx.catalog)
    found_here = [
        chit
        for chit in map_chits(ctx, current.tile)
        if ctx.catalog.map_chits[pieces[chit].name].kind in SUBSTITUTES
        and chit not in ctx.state.face_up
    ]
    if not found_here:
        return None
    chit = found_here[0]
    decision = Decision(
        id=ctx.decision_id("exchange", current.who).format(),
        character=ctx.eyes(current.who),
        kind="exchange",
        prompt=phrase("search.substitute_found", chit=pieces[chit].name, tile=current.tile),
        options=("put back", "exchange"),
        default="put back",
    )
    return chit if ctx.ask(decision) == "exchange" else None


def _exchange(ctx: Ctx, current: Search, chit: str) -> None:
    """7.5.4c: the Lost City or Lost Castle leaves play for the five chits of its section,
    face down in the tile; the look that follows shows them to him. Others see a chit
    exchanged, not which."""
    pieces = pieces_of(ctx.catalog)
    section = Place.section(SUBSTITUTES[ctx.catalog.map_chits[pieces[chit].name].kind])
    inner = list(ctx.state.at(section))
    ctx.state.put(chit, Place.OUT)
    for piece in inner:
        ctx.state.put(piece, Place.tile(current.tile))
    ctx.emit(SubstituteExchanged(who=current.who, tile=current.tile, count=len(inner)))


def nothing(ctx: Ctx, current: Search, result: Result) -> None:
    """Nothing: the roll, made public, is all."""


def choice(ctx: Ctx, current: Search, result: Result) -> None:
    """Choice (L5577): any one result of the Peer or Locate Table, a double one included, the
    player's to choose after the roll; from Magic Sight, only theirs (7.5.7f)."""
    options = choice_options(ctx, result)
    default = CHOICE_DEFAULTS.get(current.table, options[0])
    decision = Decision(
        id=ctx.decision_id("search_choice", current.who).format(),
        character=ctx.eyes(current.who),
        kind="search_choice",
        prompt=phrase("search.choice_prompt", table=current.table, clearing=current.clearing),
        options=tuple(options),
        default=default,
    )
    chosen = ctx.ask(decision)
    ctx.wait_if_pending()
    ctx.emit(SearchChoice(recipients=(ctx.eyes(current.who),), who=current.who, result=chosen))
    found(ctx, current, choice_result(ctx, result, chosen))


def choice_options(ctx: Ctx, result: Result) -> list[str]:
    """The results a Choice may take, as printed, in the tables' order (nothing, and Choice
    itself, are no choice)."""
    texts: list[str] = []
    for table in result.choose_from:
        for row in ctx.catalog.tables[table].results.values():
            if row.finds and row.text not in texts:
                texts.append(row.text)
    return texts


def choice_result(ctx: Ctx, result: Result, text: str) -> Result:
    """The result of the tables a Choice ``result`` may take that is printed ``text``."""
    for table in result.choose_from:
        for row in ctx.catalog.tables[table].results.values():
            if row.text == text:
                return row
    raise ValueError(f"no result {text!r} in {', '.join(result.choose_from)}")


def clues(ctx: Ctx, current: Search, who: str) -> None:
    """Clues (7.5.4c, L5571): a secret look at the map chits of the tile searched; nothing is
    discovered. The Lost City or Lost Castle it finds may be exchanged first (:func:`found`)."""
    chits = map_chits(ctx, current.tile)
    eyes = ctx.eyes(who)
    sheet = ctx.sheet(eyes)
    for chit in chits:
        if chit not in sheet.known:
            sheet.known.append(chit)
    ctx.emit(Looked(recipients=(eyes,), who=who, tile=current.tile, chits=tuple(chits)))


def discover_chits(ctx: Ctx, current: Search, who: str) -> None:
    """Discover chits (L5573): the look of Clues, and every Site chit in the clearing searched
    discovered (crossed off his Discoveries list, 7.5.4e); Site cards are never found so
    (7.5.4f)."""
    clues(ctx, current, who)
    number = parse_clearing_id(current.clearing)[1]
    sheet = ctx.sheet(who)
    for chit in map_chits(ctx, current.tile):
        record = ctx.catalog.map_chits[pieces_of(ctx.catalog)[chit].name]
        if record.kind is ChitKind.SITE and record.clearing == number:
            _discover(ctx, who, record.name, sheet.discoveries, current.table)


def paths(ctx: Ctx, current: Search, who: str) -> None:
    """Paths (L5565): every hidden path running into the clearing searched, on the face of its
    tile that is up (7.5.4a)."""
    _roads(ctx, current, who, RoadType.HIDDEN)


def passages(ctx: Ctx, current: Search, who: str) -> None:
    """Passages (L5567): every secret passage running into the clearing searched, on the face
    of its tile that is up (7.5.4a)."""
    _roads(ctx, current, who, RoadType.SECRET)


def hidden_enemies(ctx: Ctx, current: Search, who: str) -> None:
    """Hidden enemies (7.5.4g): for the rest of the day he spies on, blocks and attacks hidden
    individuals, from now on (g.1), until Midnight (g.2); a hireling's is his own (h.2)."""
    found_today = ctx.today.found_hidden_enemies
    if who not in found_today:
        found_today.append(who)
    ctx.emit(FoundEnemies(recipients=(ctx.eyes(who),), who=who))


def _roads(ctx: Ctx, current: Search, who: str, kind: RoadType) -> None:
    code, number = parse_clearing_id(current.clearing)
    placed = ctx.board.placed(code)
    assert placed is not None, "one searches a clearing on the map"
    sheet = ctx.sheet(who)
    for connection in ctx.board.connections(current.clearing):
        if connection.to is None or kind not in connection.types:
            continue
        other, end = parse_clearing_id(connection.to)
        if other != code:
            continue
        road = RoadDiscovery(code, placed.enchanted, kind, min(number, end), max(number, end))
        _discover(ctx, who, str(road), sheet.discoveries, current.table)


def _discover(ctx: Ctx, who: str, what: str, discoveries: list[str], table: str) -> None:
    if what in discoveries:
        return
    discoveries.append(what)
    how = phrase("search.by_table", table=table)
    ctx.emit(Discovered(recipients=(ctx.eyes(who),), who=who, what=what, how=how))


def map_chits(ctx: Ctx, code: str) -> list[str]:
    """The map chits in tile ``code``: those still in its forest and those put in its
    clearings (7.5.5b.2, 7.13.2b), in that order."""
    pieces = pieces_of(ctx.catalog)
    places = [Place.tile(code)] + [
        Place.clearing(c) for c in ctx.board.clearings() if parse_clearing_id(c)[0] == code
    ]
    return [p for place in places for p in ctx.state.at(place) if pieces[p].kind is Kind.MAP_CHIT]


FINDINGS = {
    Finding.CLUES: clues,
    Finding.PATHS: paths,
    Finding.PASSAGES: passages,
    Finding.HIDDEN_ENEMIES: hidden_enemies,
    Finding.DISCOVER_CHITS: discover_chits,
}
