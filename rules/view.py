"""What each person may see of a game: the only way state leaves the engine (4.4–4.5, 2.6).

:func:`view_for` projects a :class:`~rules.state.GameState` for one viewer:

- ``public`` — what lies open on the table. Every counter on the map is seen where it stands,
  hidden or not (a hidden character's counter is merely green side up, 2.5.3); monsters show the
  side that is up; face-up chits are seen, face-down chits and cards only counted (3.5.4, 4.5.2,
  4.5.3). The Set Up Card shows its counters and how many face-down cards each box holds
  (2.4, 3.1.3). Fame, Notoriety, trading relationships, chits in play and active or non-card
  belongings are open (4.5.4, 4.2.1, 4.3.5); recorded Gold, Victory Requirements, spells and
  discoveries are secret (4.5.4, 2.6.2d, 3.3.3) — they are absent, not blanked.
- a character's name — the public view plus what that character knows: his own sheet (Gold,
  Victory Requirements, spells, discoveries), the identity of his own inactive cards, and of any
  piece he has seen face up and remembers.
- ``moderator`` — everything, including every face-down piece's identity.

Views are plain pydantic models: the bot renders them (text, images); nothing else of the state
reaches a person.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.catalog import Catalog
from rules.pieces import Kind, Pieces, pieces_of
from rules.state import CharacterState, GameState, Place

PUBLIC = "public"
MODERATOR = "moderator"

#: Pieces that are cards or chits with a hidden face: seen only face up (4.5.2, 4.5.3).
FACE_DOWN_KINDS = frozenset({Kind.TREASURE, Kind.SPELL, Kind.MAP_CHIT})


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PieceView(_View):
    """One piece the viewer can identify: its id and kind, and the state of its visible side;
    for an individual a spell transmorphizes, the ``form`` it has (4.6.9, open to all:
    :func:`rules.magic.forms.form`)."""

    id: str
    kind: str
    hidden: bool | None = None
    side: str | None = None
    face: str | None = None
    form: str | None = None


class ColorView(_View):
    """An automatic source of colour magic the viewer knows of (4.6.2): its ``color``, its
    ``source`` (``day``, ``tile``, the Chapel, a card's name) and ``where`` it supplies (a
    clearing, a roadway ``A|B``; None: everywhere)."""

    color: str
    source: str
    where: str | None = None


class Pile(_View):
    """The pieces at one place as the viewer sees them: identified pieces, bottom first, and how
    many face-down pieces he cannot identify."""

    pieces: tuple[PieceView, ...] = ()
    face_down: int = 0


class TileView(_View):
    """A map tile as placed, and the chits lying in its forest."""

    code: str
    name: str
    at: tuple[int, int]
    rotation: int
    enchanted: bool
    chits: Pile


class BoxView(_View):
    """A box of the Set Up Card or a section of the Appearance Chart."""

    name: str
    contents: Pile


class ItemView(_View):
    """A belonging the viewer can see, with its state."""

    id: str
    kind: str
    active: bool
    alerted: bool = False
    damaged: bool = False


class ChitView(_View):
    label: str
    status: str
    color: str | None = None


class TaskView(_View):
    """A mission or campaign chit he carries and its task (7.2.4), public as the chit is: its
    ``face``, the game day taken and the last day (None: the game's end), and for a mission the
    Dwelling and the Gold it pays there."""

    chit: str
    face: str
    taken: int
    last_day: int | None
    destination: str | None = None
    reward: int | None = None


class CharacterView(_View):
    """A character as the viewer sees him; secret fields are None unless the viewer may know."""

    name: str
    player: str | None
    at: str | None
    hidden: bool
    fame: int | float
    notoriety: int | float
    relationships: dict[str, int]
    chits: tuple[ChitView, ...]
    belongings: tuple[ItemView, ...]
    unseen_belongings: int
    curses: tuple[str, ...] = ()
    tasks: tuple[TaskView, ...] = ()
    gold: int | None = None
    victory: dict[str, int] | None = None
    spells: tuple[str, ...] | None = None
    starting_spells: tuple[str, ...] | None = None
    discoveries: tuple[str, ...] | None = None
    known: tuple[str, ...] | None = None


class MinionView(_View):
    """A hired or controlled denizen (7.7): public, who hired him and until when (7.7.1c); his
    sheet as :class:`CharacterView` gives, with its private parts only for his employer (7.7.2a)
    and the moderator."""

    employer: str
    last_day: int
    controlled: bool
    sheet: CharacterView


class View(_View):
    """The whole game as one viewer may see it."""

    viewer: str
    day: int
    month: int
    tiles: tuple[TileView, ...]
    clearings: dict[str, Pile]
    set_up_card: tuple[BoxView, ...]
    sections: tuple[BoxView, ...]
    characters: tuple[CharacterView, ...]
    minions: tuple[MinionView, ...] = ()
    aside: Pile
    out_of_play: Pile
    colors: tuple[ColorView, ...] = ()


class UnknownViewerError(ValueError):
    """A viewer that is neither public, moderator nor a character in the game."""


def viewers(state: GameState) -> list[str]:
    """Every valid viewer of ``state``: public, moderator and each character."""
    return [PUBLIC, MODERATOR, *state.characters]


def view_for(catalog: Catalog, state: GameState, viewer: str) -> View:
    """Project ``state`` for ``viewer`` (``"public"``, ``"moderator"`` or a character's name).

    Raises :class:`UnknownViewerError` naming the valid viewers for anything else.
    """
    if viewer not in viewers(state):
        raise UnknownViewerError(
            f"unknown viewer {viewer!r}; the viewers are {', '.join(viewers(state))}"
        )
    return _Projector(catalog, state, viewer).view()


class _Projector:
    def __init__(self, catalog: Catalog, state: GameState, viewer: str) -> None:
        self.catalog = catalog
        self.state = state
        self.viewer = viewer
        self.pieces: Pieces = pieces_of(catalog)
        self.all_seeing = viewer == MODERATOR
        me = state.characters.get(viewer)
        self.knows: set[str] = set(me.known) if me else set()
        if me:
            self.knows.update(state.at(Place.owner(me.name)))
            for name, minion in state.minions.items():
                if minion.employer == me.name:
                    self.knows.update(state.at(Place.owner(name)))
        self.face_up = set(state.face_up)
        self.dark = set(state.dark_side_up)
        self.locations = {piece: place for place, stack in state.stacks.items() for piece in stack}

    def view(self) -> View:
        state = self.state
        clearings: dict[str, Pile] = {}
        tiles: list[TileView] = []
        boxes: list[BoxView] = []
        sections: list[BoxView] = []
        for place, stack in state.stacks.items():
            kind, rest = Place.split(place)
            if kind == "at":
                clearings[rest] = self.pile(stack)
            elif kind == "box":
                boxes.append(BoxView(name=rest, contents=self.pile(stack)))
            elif kind == "section":
                sections.append(BoxView(name=rest, contents=self.pile(stack)))
        for placed in state.tiles:
            tile = self.catalog.tiles[placed.tile]
            tiles.append(
                TileView(
                    code=tile.code,
                    name=tile.name,
                    at=placed.at,
                    rotation=placed.rotation,
                    enchanted=placed.enchanted,
                    chits=self.pile(state.at(Place.tile(tile.code))),
                )
            )
        order = {box.name: i for i, box in enumerate(self.catalog.setup_card.values())}
        boxes.sort(key=lambda b: order.get(b.name, len(order)))
        return View(
            viewer=self.viewer,
            day=state.day,
            month=state.month,
            tiles=tuple(tiles),
            clearings=dict(sorted(clearings.items())),
            set_up_card=tuple(boxes),
            sections=tuple(sorted(sections, key=lambda s: s.name)),
            characters=tuple(self.character(c) for c in state.characters.values()),
            minions=tuple(
                MinionView(
                    employer=m.employer,
                    last_day=m.last_day,
                    controlled=m.controlled,
                    sheet=self.character(m.sheet, owner=m.employer),
                )
                for _, m in sorted(state.minions.items())
            ),
            aside=self.pile(state.at(Place.ASIDE)),
            out_of_play=self.pile(state.at(Place.OUT)),
            colors=self.colors(),
        )

    def colors(self) -> tuple[ColorView, ...]:
        """The automatic colour sources present (:func:`rules.magic.colors.present`) that the
        viewer knows of: all but a Site card's at a site he does not know — its chit unseen
        by him and neither it nor the card among his discoveries (4.6.2c; a discovery is his
        alone)."""
        # Imported here: a campaign's status imports this module and, without a view, none of
        # the events' classes magic's modules import (tests/test_cli_quick.py).
        from rules.magic.colors import present

        me = self.state.characters.get(self.viewer)
        found = me.discoveries if me is not None else []
        pieces = self.pieces
        return tuple(
            ColorView(color=str(p.color), source=p.source, where=p.where)
            for p in present(self.catalog, self.state)
            if p.site is None
            or self.all_seeing
            or self.can_identify(p.site)
            or p.source in found
            or pieces[p.site].name in found
            or p.site in found
        )

    def can_identify(self, piece_id: str) -> bool:
        """Counters are seen where they stand; cards and map chits only face up or if known."""
        if self.all_seeing or piece_id in self.knows:
            return True
        piece = self.pieces[piece_id]
        if piece.kind not in FACE_DOWN_KINDS:
            return True
        return piece_id in self.face_up or self.is_active_card(piece_id)

    def is_active_card(self, piece_id: str) -> bool:
        """An active Treasure card must be shown (4.5.3)."""
        kind, owner = Place.split(self.locations.get(piece_id, Place.OUT))
        if kind != "with" or not (owner in self.state.characters or owner in self.state.minions):
            return False
        item = self.state.sheet(owner).items.get(piece_id)
        return item is not None and item.active

    def pile(self, stack: list[str]) -> Pile:
        seen: list[PieceView] = []
        face_down = 0
        for piece_id in stack:
            if self.can_identify(piece_id):
                seen.append(self.piece(piece_id))
            else:
                face_down += 1
        return Pile(pieces=tuple(seen), face_down=face_down)

    def piece(self, piece_id: str) -> PieceView:
        piece = self.pieces[piece_id]
        view = PieceView(id=piece_id, kind=str(piece.kind))
        if self.state.spells:
            from rules.magic.forms import OWN, form  # as colors(): only with spells in effect

            shape = form(self.state.spells, piece_id)
            if shape != OWN:
                view = view.model_copy(update={"form": shape})
        if piece.kind is Kind.CHARACTER and piece_id in self.state.characters:
            return view.model_copy(update={"hidden": self.state.characters[piece_id].hidden})
        if piece.kind in (Kind.MONSTER, Kind.NATIVE):
            side = "dark" if piece_id in self.dark else "light"
            minion = self.state.minions.get(piece_id)
            hidden = minion.sheet.hidden if minion is not None else None
            return view.model_copy(update={"side": side, "hidden": hidden})
        if piece.kind is Kind.VISITOR:
            return view.model_copy(update={"face": self.state.visitor_faces.get(piece_id)})
        return view

    def character(self, character: CharacterState, owner: str | None = None) -> CharacterView:
        """His sheet as the viewer sees it: whole for ``owner`` (the character himself, or a
        minion's employer) and the moderator."""
        own = self.all_seeing or (owner or character.name) == self.viewer
        location = self.locations.get(character.name, Place.ASIDE)
        kind, rest = Place.split(location)
        belongings: list[ItemView] = []
        unseen = 0
        for piece_id in self.state.at(Place.owner(character.name)):
            item = character.items.get(piece_id)
            if item is None:
                continue
            if own or self.can_identify(piece_id):
                belongings.append(
                    ItemView(
                        id=piece_id,
                        kind=str(self.pieces[piece_id].kind),
                        active=item.active,
                        alerted=item.alerted,
                        damaged=item.damaged,
                    )
                )
            else:
                unseen += 1
        public = CharacterView(
            name=character.name,
            player=character.player,
            at=rest if kind == "at" else None,
            hidden=character.hidden,
            fame=character.fame,
            notoriety=character.notoriety,
            relationships=dict(character.relationships),
            chits=tuple(
                ChitView(label=c.label, status=c.status, color=c.color) for c in character.chits
            ),
            belongings=tuple(belongings),
            unseen_belongings=unseen,
            curses=tuple(character.curses),
            tasks=tuple(
                TaskView(
                    chit=chit,
                    face=task.face,
                    taken=task.taken,
                    last_day=task.last_day,
                    destination=task.destination,
                    reward=task.reward,
                )
                for chit, task in character.tasks.items()
            ),
        )
        if not own:
            return public
        return public.model_copy(
            update={
                "gold": character.gold,
                "victory": dict(character.victory),
                "spells": tuple(character.spells),
                "starting_spells": tuple(character.starting_spells),
                "discoveries": tuple(character.discoveries),
                "known": tuple(character.known),
            }
        )
