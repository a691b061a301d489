"""The Search activity (7.5): where he searches and on which table (7.5.1–7.5.3, 7.5.4b), the
table Magic Sight forces on him (7.5.7), the roll, and its result.

A Search phase names its table and what it searches (``S Peer CV5``, ``S Loot HOARD 6``, ``S
Loot pile``, ``S Reading Runes ALTAR 1``); a bare ``S`` uses the table of his ``search:``
instruction, Locate by default (P11). The roll is public and so is the result as printed; what
it finds is his alone (7.5.4d). Each result key of the tables is handled by the module of its
section: the Peer and Locate results, and Magic Sight's that find, in
:mod:`rules.daylight.finding`; looting, and Magic Sight's counters and cards, in
:mod:`rules.daylight.looting`; spells in :mod:`rules.daylight.runes`; a Site card is looted on
its own table (7.5.5g.3), whose name is then the search's table, in
:mod:`rules.daylight.sites`.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.advantages import report_waiting
from rules.day.context import Ctx
from rules.day.state import SearchRoll
from rules.daylight import finding, looting, runes, sites
from rules.daylight.search_phase import TABLES, Search, roll
from rules.events.daylight import PhaseCancelled
from rules.layout import DIRECTIONS
from rules.magic import bewitched
from rules.orders.model import Activity, ActivityKind
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.characters import AbilityKey
from rules.schema.tables import Result
from rules.schema.tiles import ClearingType

#: The tables a hired leader or controlled monster may not use (7.5.2 note).
CHARACTERS_ONLY = frozenset({"Reading Runes", "Magic Sight"})


Handler = Callable[[Ctx, Search, Result], None]


def search(ctx: Ctx, name: str, number: int, activity: Activity) -> None:
    """7.5: one Search phase (S, or the Enhanced Peer activity P, 7.5.4i). Where and on which
    table is checked now, as he does it (7.5.3); a search he cannot do is cancelled with the
    reason (6.2.4f). The roll is kept in the turn until its result is done, so that a result
    waiting for his decision resumes with the same roll."""
    turn = ctx.today.turn
    recorded = turn.searched if turn is not None else None
    if recorded is not None and recorded.phase == number:
        current = Search(name, recorded.table, recorded.clearing, recorded.target, number)
        rolled = recorded.roll
    else:
        started = _start(ctx, name, number, activity)
        if started is None:
            return
        current, rolled = started
        if turn is not None:
            turn.searched = SearchRoll(
                phase=number,
                table=current.table,
                clearing=current.clearing,
                target=current.target,
                roll=rolled,
            )
    if sites.is_site_card(ctx, current.table):
        sites.loot(ctx, current, rolled)
    else:
        result = ctx.catalog.tables[f"{current.table} Table"].result(rolled)
        RESULTS[result.key](ctx, current, result)
    if turn is not None:
        turn.searched = None


def _start(ctx: Ctx, name: str, number: int, activity: Activity) -> tuple[Search, int] | None:
    """The search he does and its roll; None, the phase cancelled with the reason, if he
    cannot do it. Reading (Fog, L4723): a Search naming the Peer table in or into a fogged tile
    is cancelled as a Search he cannot do (6.2.4f), as the Eyemist Curse cancels a Search; the
    Enhanced Peer activity (P) is not a Search activity and is not affected."""
    report_waiting(ctx, name, "search", number)
    here = ctx.where(name)
    declared = _declared(ctx, name, activity)
    if here is None or declared is None:
        _cancel(ctx, name, number, phrase("search.not_in_clearing"))
        return None
    table, named = declared
    clearing = here
    site_card = table == "Loot" and sites.is_site_card(ctx, named)
    if activity.kind is ActivityKind.SEARCH and magic_sight(ctx, name) and not site_card:
        # 7.5.7: whatever he recorded; and only on the Peer Table does he search another
        # clearing than his own (7.5.4b).
        table, named = "Magic Sight", None
    if table == "Peer" and activity.kind is ActivityKind.SEARCH:
        fogged = bewitched.fog(ctx.state, [here] if named is None else [here, named])
        if fogged is not None:
            why = phrase("search.fog_prevents_peer", tile=fogged.targets[0])
            _cancel(ctx, name, number, why)
            return None
    if table == "Peer" and named is not None:
        enhanced = activity.kind is ActivityKind.PEER
        problem = peer_problem(ctx, here, named, enhanced=enhanced, who=name)
        if problem is not None:
            _cancel(ctx, name, number, problem)
            return None
        clearing, named = named, None
    if table in CHARACTERS_ONLY and not ctx.is_character(name):
        _cancel(ctx, name, number, phrase("search.characters_only", table=table))
        return None
    current = Search(who=name, table=table, clearing=clearing, target=named, phase=number)
    problem = target_problem(ctx, current)
    if problem is not None:
        _cancel(ctx, name, number, problem)
        return None
    if table == "Reading Runes":
        runes.ask_card(ctx, current)  # 7.5.6b: which card he reads, before he rolls
        ctx.wait_if_pending()
    if site_card and named is not None:
        current = Search(who=name, table=named, clearing=clearing, target=named, phase=number)
        return current, sites.roll(ctx, current)
    return current, roll(ctx, current)


def _declared(ctx: Ctx, name: str, activity: Activity) -> tuple[str, str | None] | None:
    """The table and what it names: the Enhanced Peer's clearing (a familiar's P names none: it
    Peers its own, L3926), or what the S phase recorded, a bare S taking his ``search:``
    instruction's table."""
    if activity.kind is ActivityKind.PEER:
        return "Peer", activity.target
    text = activity.target or ctx.instructions(name).search
    for table in sorted(TABLES, key=len, reverse=True):
        if text == table or text.startswith(table + " "):
            rest = text[len(table) :].strip()
            return table, rest or None
    return None


def _cancel(ctx: Ctx, name: str, number: int, reason: Phrase) -> None:
    ctx.emit(PhaseCancelled(who=name, phase=number, reason=reason))


def peer_problem(
    ctx: Ctx, here: str, target: str, *, enhanced: bool, who: str | None = None
) -> Phrase | None:
    """Why he may not Peer into ``target`` from ``here``, or None: his own clearing always; from
    a mountain clearing, any woods or mountain clearing of his tile or an adjacent one (7.5.4b);
    the Enhanced Peer activity, or one the Toadstool Circle lets Peer anywhere today (L4226),
    any clearing."""
    if target == here or enhanced or who in ctx.today.peer_anywhere:
        return None
    board = ctx.board
    if board.clearing_type(here) is not ClearingType.MOUNTAIN:
        return phrase("search.peer_own_clearing_only", here=here)
    if board.clearing_type(target) not in (ClearingType.WOODS, ClearingType.MOUNTAIN):
        return phrase("search.peer_from_mountain", target=target)
    mine = board.tile_of(here)
    theirs = board.tile_of(target).tile
    # Adjacent tiles share an edge (3.2.3b.3), with or without a road across it (b.4).
    adjacent = {
        beyond.tile
        for direction in DIRECTIONS
        if (beyond := board.tile_at(mine.neighbour(direction))) is not None
    }
    if theirs != mine.tile and theirs not in adjacent:
        return phrase("search.peer_too_far", target=target)
    return None


def magic_sight(ctx: Ctx, name: str) -> bool:
    """7.5.7: whether he must search on the Magic Sight Table: an odd number of its causes —
    Disembodied (his advantage), the Phantom Glass, active, and an energized World Fades on him
    (L5081) (7.5.7b: they cancel in pairs)."""
    if not ctx.is_character(name):
        return False
    sheet = ctx.sheet(name)
    causes = int(ctx.catalog.characters[name].has_ability(AbilityKey.DISEMBODIED, sheet.level))
    pieces = pieces_of(ctx.catalog)
    for item, held in sheet.items.items():
        piece = pieces[item]
        if held.active and piece.kind is Kind.TREASURE:
            causes += "magic_sight" in ctx.catalog.treasures[piece.name].behaviour
    causes += bewitched.affecting(ctx.catalog, ctx.state, name, bewitched.WORLD_FADES) is not None
    return causes % 2 == 1


def target_problem(ctx: Ctx, current: Search) -> Phrase | None:
    """Why the table cannot be used on what he names, or None (7.5.5b, 7.5.6)."""
    if current.table == "Loot":
        return looting.loot_problem(ctx, current)
    if current.table == "Reading Runes":
        return runes.runes_problem(ctx, current)
    if current.target is not None:
        return phrase("search.table_names_nothing", table=current.table)
    return None


#: What each result of the Search tables does, by its key in the tables' data.
RESULTS: dict[str, Handler] = {
    **dict.fromkeys(finding.FINDING_RESULTS, finding.found),
    "choice": finding.choice,
    "nothing": finding.nothing,
    "take_treasure": looting.loot,
    "counters": looting.magic_sight_take,
    "treasure_cards": looting.magic_sight_take,
    "learn_and_awaken": runes.read,
    "awaken": runes.read,
    "curse": runes.curse,
    "perceive_spell": runes.perceive,
}
