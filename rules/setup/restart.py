"""Fresh starts (9.1.2, L2897–2900; 9.2.2a, L2907): a dead character's player starts again.

"When a player's character is killed, he can pick any character that is not in use (including the
one just killed) and re-enter the game at the start of the next game day. He takes a fresh
Personal History sheet, records new Victory Requirements and proceeds as if it were the start of
the game. If he cannot get his starting weapons and armor from the natives, he takes them from
the abandoned items on the map; if they are not on the map, he must do without them (he cannot
take any substitutes), but he collects the Gold price for each item he cannot get. *Important:*
He must start at the Inn." (9.1.2a)

:func:`restart` makes the fresh start on a game at Birdsong, with the same checks as the first
start (:func:`rules.setup.characters.seat_character`) and these of its own:

- he starts on the day his :class:`~rules.state.Departure` allows (the next day after a death,
  the day after next for a suicide, 9.2.2a) — never after leaving the map, whose score stands
  (9.2.2b);
- 9.1.2b, the order of picks: on the first day the day's dead may start again, a player picks
  only after those ranked before him (``pick``, rolled at Midnight) whose first day it is too
  have picked. Reading (the rule gives no time limit): from the next day on the order no longer
  holds, so one who does not pick cannot hold the others back for ever; and a suicide, who sits
  out a day more, never waits for those killed the same day, whose turn to pick came first;
- "not in use" (reading): a character someone plays, alive, or dead and not yet replaced by his
  player's fresh start — that player may take him again ("including the one just killed"); a
  character who left the map is in use (his score stands, 9.3.1a);
- he starts at the Inn, hidden as at the start of the game (3.6.4); a ``start`` other than the
  Inn is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.catalog import Catalog
from rules.daylight import familiar
from rules.end.length import victory_points, weeks
from rules.phrases import Phrase, phrase
from rules.pieces import Pieces, pieces_of
from rules.setup.characters import (
    CharacterSetup,
    SetupError,
    _take_from_natives,
    check_characters,
    seat_character,
)
from rules.state import CharacterState, GameState, ItemState, Place

INN = "Inn"


def may_restart(state: GameState, old: str) -> Phrase | None:
    """Why the player of ``old`` may not start again today, or None if he may."""
    sheet = state.characters.get(old)
    departure = sheet.departed if sheet is not None else None
    if sheet is None or departure is None or not sheet.dead:
        if departure is not None and departure.how == "left_map":
            return phrase("setup.left_map", who=old)
        return phrase("setup.not_dead", who=old)
    if departure.restarted_as is not None:
        return phrase("setup.restarted_already", who=old, character=departure.restarted_as)
    if departure.restart_day is None or state.game_day < departure.restart_day:
        why = (
            phrase("setup.suicide_sits_out")
            if departure.how == "suicide"
            else phrase("setup.next_day")
        )
        return phrase(
            "setup.too_early",
            who=old,
            died=departure.game_day,
            why=why,
            day=departure.restart_day,
            today=state.game_day,
        )
    if state.today.stage != "birdsong":
        return phrase("setup.at_birdsong")
    if state.game_day == departure.restart_day and departure.pick is not None:
        first = [
            name
            for name, other in sorted(state.characters.items())
            if other.departed is not None
            and other.departed.game_day == departure.game_day
            and other.departed.restart_day == state.game_day
            and other.departed.pick is not None
            and other.departed.pick < departure.pick
            and other.departed.restarted_as is None
            and other.departed.how != "left_map"
        ]
        if first:
            return phrase("setup.picks_first", first=tuple(first))
    return None


def in_use(state: GameState, name: str, old: str) -> bool:
    """Whether the character ``name`` is in use for the player of ``old`` (see the module)."""
    sheet = state.characters.get(name)
    if sheet is None or name == old:
        return False
    departure = sheet.departed
    return departure is None or departure.how == "left_map" or departure.restarted_as is None


def restart(
    catalog: Catalog, state: GameState, old: str, setup: CharacterSetup
) -> tuple[CharacterState, list[Phrase]]:
    """The player of the dead ``old`` starts again as ``setup.name`` (9.1.2a), on ``state`` at
    Birdsong: his sheet, and what became of each starting weapon and armor (from the natives, from
    the abandoned items on the map, or its Gold price). Raises :class:`SetupError` saying why he
    cannot, changing nothing."""
    refusal = may_restart(state, old)
    if refusal is not None:
        raise SetupError(refusal)
    check_characters(catalog, [setup])
    name = catalog.characters[setup.name].name
    if in_use(state, name, old):
        raise SetupError(phrase("setup.in_use", who=name))
    if setup.start is not None and setup.start.strip().casefold() != INN.casefold():
        raise SetupError(phrase("setup.not_at_inn", start=repr(setup.start)))
    inn = state.clearing_of(INN) if any(INN in stack for stack in state.stacks.values()) else None
    if inn is None:
        raise SetupError(phrase("setup.no_inn"))
    work = state.model_copy(deep=True)
    pieces = pieces_of(catalog)
    card = catalog.characters[name]
    first = setup.model_copy(update={"start": str(card.starting_locations[0])})
    points = victory_points(weeks(state))  # 10.E.2 2.2: as at the first start
    sheet = seat_character(catalog, pieces, work, first, victory_points=points, equip=False)
    sheet.start = INN
    sheet.hidden = True
    notes = _equip(catalog, work, sheet, setup.equipment_from)
    previous = work.characters.get(old)
    if name != old and previous is not None and previous.departed is not None:
        previous.departed.restarted_as = name
    work.characters[name] = sheet
    work.put(name, Place.clearing(inn))
    familiar.bring(catalog, work, name)
    for field in type(state).model_fields:
        setattr(state, field, getattr(work, field))
    return sheet, notes


def _equip(
    catalog: Catalog, state: GameState, sheet: CharacterState, chosen: dict[str, str]
) -> list[Phrase]:
    """9.1.2a: each starting weapon and armor from the natives (3.3.2), else from the abandoned
    items on the map (reading: the first found in clearing order), else its Gold price."""
    pieces = pieces_of(catalog)
    level = catalog.characters[sheet.name].starting_level
    notes: list[Phrase] = []
    items: Sequence[str] = (*level.weapons, *level.armor)
    for item in items:
        try:
            piece: str | None = _take_from_natives(catalog, pieces, state, sheet.name, item, chosen)
            note = phrase("setup.from_natives", item=item)
        except SetupError:
            piece = _abandoned(state, pieces, item)
            note = phrase("setup.from_abandoned", item=item)
        if piece is not None:
            state.put(piece, Place.owner(sheet.name))
            sheet.items[piece] = ItemState()
            notes.append(note)
            continue
        gold = (
            catalog.weapons[item].price
            if item in catalog.weapons
            else catalog.armor[item].price.intact
        )
        sheet.gold += gold
        notes.append(phrase("setup.price_instead", item=item, gold=gold))
    return notes


def _abandoned(state: GameState, pieces: Pieces, item: str) -> str | None:
    """The first ``item`` lying in a clearing's pile of abandoned belongings."""
    for place in sorted(state.stacks):
        if not place.startswith("at:"):
            continue
        for piece in state.stacks[place]:
            if piece in pieces and pieces[piece].name == item:
                return piece
    return None
