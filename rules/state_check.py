"""A saved game checked against the game: :func:`check_state` (and :func:`read_state`, which reads
and checks) — its map, every piece in exactly one real place, each sheet its owner's and holding
only what he has — each check raising :class:`~rules.state.GameStateError` on the first fault."""

from __future__ import annotations

from rules.board import LayoutError, board_for
from rules.catalog import Catalog
from rules.end.length import GameLengthError, last_day
from rules.pieces import Kind, pieces_of
from rules.state import VICTORY_CATEGORIES, CharacterState, GameState, GameStateError, Place

#: The sections of the Appearance Chart that hold chits (3.5.3).
SECTIONS = ("Lost City", "Lost Castle")


def check_state(state: GameState, catalog: Catalog) -> None:
    """Check that ``state`` is a game of ``catalog`` the engine can play on: the tiles form a
    map (3.2.2), every piece of the game is in exactly one place and every place is real (a
    clearing or tile of this map, a box of the Set Up Card, a section, someone in the game, out
    of play or aside), each sheet is a character's or hireling's of the game and lists only what
    he has, recorded gold is never below zero (4.5.7) and Victory Requirements are 0 to 5 points
    of their categories (3.3.6a). Raises :class:`GameStateError` naming the first piece or place
    at fault."""
    Validator(catalog, state).run()


def read_state(text: str, catalog: Catalog) -> GameState:
    """A state written by :meth:`GameState.to_json`, read (:meth:`GameState.from_json`) and
    checked against ``catalog`` (:func:`check_state`): how a file from outside — a saved game,
    a snapshot — is read."""
    state = GameState.from_json(text)
    check_state(state, catalog)
    return state


class Validator:
    """The checks of :func:`check_state`, each raising on the first fault."""

    def __init__(self, catalog: Catalog, state: GameState) -> None:
        self.catalog, self.state = catalog, state
        self.pieces = pieces_of(catalog)

    def run(self) -> None:
        self.tiles()
        self.stacks()
        self.length()
        for name, character in self.state.characters.items():
            if name not in self.catalog.characters or self.catalog.characters[name].name != name:
                raise GameStateError(f"characters: {name!r} is no character of the game")
            self.sheet(name, character)
        for name, minion in self.state.minions.items():
            if name not in self.pieces or self.pieces[name].kind not in (Kind.NATIVE, Kind.MONSTER):
                raise GameStateError(f"minions: {name!r} is no native or monster of the game")
            if minion.employer not in self.state.characters:
                raise GameStateError(
                    f"minions: {name}'s employer {minion.employer!r} is no character in the game"
                )
            self.sheet(name, minion.sheet)
        for name, owner in self.state.familiars.items():
            whose = self.pieces.familiars.get(name) or self.pieces.phantasms.get(name)
            if whose != owner or owner not in self.state.characters:
                raise GameStateError(
                    f"familiars: {name!r} is not the familiar or phantasm of a character in "
                    "the game"
                )
            if Place.split(self.state.place_of(name))[0] != "at":
                raise GameStateError(
                    f"familiars: the {owner}'s {name} is in play but not on the map"
                )
        for key, names in (
            ("face_up", self.state.face_up),
            ("dark_side_up", self.state.dark_side_up),
        ):
            unknown = [n for n in names if n not in self.pieces]
            if unknown:
                raise GameStateError(f"{key}: {unknown[0]!r} is no piece of the game")
        for piece, home in self.state.homes.items():
            kind, where = Place.split(home)
            if piece not in self.pieces:
                raise GameStateError(f"homes: {piece!r} is no piece of the game")
            fault = self.fault(kind, where)
            if fault is not None:
                raise GameStateError(f"homes: the {piece}'s home {home!r}: {fault}")
        everyone = {*self.state.characters, *self.state.minions, *self.state.familiars}
        for name in self.state.today.orders:
            if name not in everyone:
                raise GameStateError(f"today.orders: {name!r} is nobody in the game")

    def tiles(self) -> None:
        try:
            self.board = board_for(self.catalog, self.state.tiles)
        except LayoutError as error:
            raise GameStateError(f"tiles: {error}") from None
        self.clearings = set(self.board.clearings())

    def stacks(self) -> None:
        seen: dict[str, str] = {}
        for place, stack in self.state.stacks.items():
            self.place(place, stack)
            for piece in stack:
                if piece not in self.pieces:
                    raise GameStateError(f"{place}: {piece!r} is no piece of the game")
                if piece in seen:
                    where = "twice there" if seen[piece] == place else f"also in {seen[piece]}"
                    raise GameStateError(f"{place}: the {piece} is {where}")
                seen[piece] = place
        missing = [p.id for p in self.pieces if p.id not in seen]
        if missing:
            shown = ", ".join(missing[:5]) + (
                f" and {len(missing) - 5} more" if len(missing) > 5 else ""
            )
            raise GameStateError(
                f"stacks: {shown} {'is' if len(missing) == 1 else 'are'} nowhere: every piece of "
                "the game is in one place ('out' when out of play)"
            )

    def place(self, place: str, stack: list[str]) -> None:
        fault = self.fault(*Place.split(place))
        if fault is not None:
            first = f" (the {stack[0]})" if stack else ""
            raise GameStateError(f"{place!r}{first}: {fault}")

    def fault(self, kind: str, where: str) -> str | None:
        """What is wrong with the place ``kind:where``, or None."""
        match kind:
            case "at":
                return None if where in self.clearings else f"{where!r} is no clearing on this map"
            case "tile":
                return None if self.board.placed(where) else f"{where!r} is no tile on this map"
            case "box":
                known = where in self.catalog.setup_card
                return None if known else f"{where!r} is no box of the Set Up Card"
            case "section":
                return None if where in SECTIONS else f"{where!r} is no section of the chart"
            case "with":
                present = where in self.state.characters or where in self.state.minions
                return None if present else f"{where!r} is nobody in the game"
            case "carried":
                present = where in self.state.characters
                return None if present else f"{where!r} is no character in the game"
            case "forest" if "|" not in where:
                return None if self.board.placed(where) else f"{where!r} is no tile on this map"
            case "road" | "forest":
                ends = where.split("|")
                known = len(ends) == 2 and all(end in self.clearings for end in ends)
                return None if known else f"{where!r} is no roadway between two clearings"
            case "item":
                holds = where in self.pieces and self.pieces[where].kind is Kind.TREASURE
                spells = holds and self.catalog.treasures[self.pieces[where].name].spells
                return None if spells else f"{where!r} is no Artifact or Spell Book"
            case "out" | "aside" if not where:
                return None
        return (
            "no such place: at:<clearing>, tile:<tile>, box:<box>, section:<section>, "
            "with:<owner>, carried:<character>, item:<Artifact or Spell Book>, "
            "road:<clearing>|<clearing>, forest:<clearing>|<clearing>, forest:<tile>, out or aside"
        )

    def length(self) -> None:
        """The game's length is a whole number of weeks (10.E.2) and today is within it."""
        try:
            days = last_day(self.state)
        except GameLengthError as error:
            raise GameStateError(f"options.weeks: {error}") from None
        if self.state.game_day > days:
            raise GameStateError(
                f"day {self.state.day} of month {self.state.month} is after the game's last day, "
                f"game day {days} (10.E.2)"
            )

    def sheet(self, name: str, sheet: CharacterState) -> None:
        if sheet.name != name:
            raise GameStateError(f"{name}: the sheet is {sheet.name!r}'s")
        if sheet.gold < 0:
            raise GameStateError(
                f"{name}: recorded gold {sheet.gold} is below zero, which it never is (4.5.7)"
            )
        for category, points in sheet.victory.items():
            if category not in VICTORY_CATEGORIES or not 0 <= points <= 5:
                raise GameStateError(
                    f"{name}: Victory Requirement {category!r}: {points} is not 0 to 5 points of "
                    f"a category ({', '.join(VICTORY_CATEGORIES)}) (3.3.6a)"
                )
        owned = set(self.state.at(Place.owner(name)))
        foreign = [item for item in sheet.items if item not in owned]
        if foreign:
            where = self.state.place_of(foreign[0]) if foreign[0] in self.pieces else "nowhere"
            raise GameStateError(f"{name}: the sheet lists the {foreign[0]}, which is in {where}")
        carried = self.state.at(Place.carried(name))
        for chit in carried:
            if chit not in sheet.tasks:
                raise GameStateError(
                    f"{name}: carries the {chit}, which his sheet lists among no tasks (7.2.4)"
                )
        for chit, task in sheet.tasks.items():
            if chit not in carried:
                where = self.state.place_of(chit) if chit in self.pieces else "nowhere"
                raise GameStateError(f"{name}: the sheet's task {chit} is in {where}")
            visitor = self.catalog.visitors.named(chit)
            if visitor is None or task.face not in [face.name for face in visitor.faces]:
                raise GameStateError(f"{name}: task {chit}: {task.face!r} is no face of it")
            if self.state.visitor_faces.get(chit) != task.face:
                raise GameStateError(
                    f"{name}: task {chit}: the chit is {self.state.visitor_faces.get(chit)} "
                    f"side up, not {task.face}"
                )
