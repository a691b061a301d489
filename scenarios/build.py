"""Building the situation a scenario describes (SCENARIOS.md, "Format"): the
:class:`~rules.state.GameState` at Birdsong of the scenario's day, or at its Sunset with
``start: sunset`` (Part 2).

:func:`build_state` checks every name against the catalog and the scenario's map (an unknown
character, clearing, chit, denizen or item, and an impossible placement, raise
:class:`~scenarios.format.ScenarioError` with the catalog's "did you mean" suggestions). What
the scenario does not place starts where section 3's setup puts it: the Set Up Card is filled
exactly as setup fills it (:func:`rules.setup.game.fill_set_up_card`), from the scenario's
``seed``, and the visitor/mission chits and the Lost City and Lost Castle sections too. Tiles get
only the map chits the scenario lists; dwellings and the Ghosts appear only when listed;
characters not in the scenario are out of play.

The project extends the format for hired and controlled denizens (7.7): a denizen may be
``hired_by`` (or, a monster, ``controlled_by``) a scenario character, with ``term`` days left and
``hidden``; ``orders`` and ``expect.errors`` may name such a denizen by piece id (the employer
records his orders, 6.2.5).

Part 2 (SCENARIOS.md "Setting up"): with ``start: sunset`` the day stands at ``sunset``, its
``turn_order`` is the scenario's (else the order of ``characters``), and what each character did
today is as given (``found_enemies``, ``kills``, ``entered_from``). Characters may have changed
trading ``relationships``, recorded ``spells``, an ``alerted`` weapon and ``damaged`` armor. The
Set Up Card boxes and abandoned piles listed are set up exactly (:mod:`scenarios.piles`).
Part 3: alerted Magic chits, awakened Spell cards and the spells in effect are
:mod:`scenarios.in_effect`'s.
The names used by ``orders``, ``answers``, ``expect`` and ``plays`` are checked last
(:mod:`scenarios.validate`), and with ``start: sunset`` the ``positions`` are resolved once
(:func:`scenarios.combat.fixed_positions`) so that a bad one fails before anything runs;
from Birdsong, the day brings the pieces together first, and they are resolved when they meet.

Forced dice. :class:`~rules.dice.Dice` uses the forced rolls of the state, in order, for the rolls
the engine makes (one die or two), before the seeded stream; shuffles and random choices never use
them. A scenario starts at Birdsong, when nothing is rolled, and the Sunrise monster roll
(6.3.3) is the first roll of the day; so ``monster_roll`` is queued first, before the ``dice``
list: ``forced = [[monster_roll], *dice]``. A scenario that starts at Sunset has no monster
roll: the ``dice`` are the Evening's. From Birdsong, ``turn_order`` is queued as the forced
order of Sunrise's draw of the Attention chits (:meth:`rules.dice.Dice.mix`, 7.1.1), through the
same queue as forced rolls: the engine draws it as it draws every day's order, and a name the
draw does not hold (a follower, a Clever Swordsman who keeps his chit, 2.3) is skipped. Hired
leaders and controlled monsters draw Attention chits too (6.2.5): the order names them by piece
id, and leaves out no one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.board import Board
from rules.catalog import Catalog
from rules.daylight import familiar
from rules.daylight.hirelings import hire, is_actor
from rules.dice import Dice, DiceState
from rules.end.length import GameLengthError, last_day, victory_points, weeks
from rules.layout import PlacedTile
from rules.magic import phantasm
from rules.pieces import Kind, Pieces, pieces_of
from rules.schema.chits import ChitKind
from rules.schema.setup import Section
from rules.schema.treasures import Activation
from rules.setup.game import fill_set_up_card, place_map_chits, place_visitor_chits
from rules.setup.layout_files import layout_from_data
from rules.setup.legal_map import LayoutError, check_layout
from rules.setup.mapgen import random_map
from rules.state import CharacterState, ChitState, GameState, ItemState, Place
from scenarios import in_effect, sheets
from scenarios.combat import fixed_positions
from scenarios.enchanting import set_color_chits
from scenarios.format import (
    Belonging,
    CharacterSpec,
    DenizenSpec,
    MapSpec,
    Scenario,
    ScenarioError,
)
from scenarios.missions import carry_tasks, put_out
from scenarios.names import Names, hint, roadway
from scenarios.piles import set_up as set_up_piles
from scenarios.validate import check_names, member


def build_state(catalog: Catalog, scenario: Scenario) -> GameState:
    """The game state at Birdsong (or Sunset) of the scenario's day (see the module docstring).

    Raises :class:`ScenarioError` for any name the catalog or the map does not know and for any
    placement that cannot be made, naming the key path.
    """
    return _Builder(catalog, scenario).build()


def scenario_board(catalog: Catalog, scenario: Scenario) -> Board:
    """The scenario's map (placed tiles or the random map of its seed)."""
    return Board(catalog, _tiles(catalog, scenario.map))


def _tiles(catalog: Catalog, spec: MapSpec) -> list[PlacedTile]:
    if spec.seed is not None:
        return random_map(catalog, Dice(DiceState(seed=spec.seed)))
    try:
        tiles = layout_from_data({"tiles": spec.tiles}, "map")
        check_layout(catalog, tiles, complete=False)
    except LayoutError as exc:
        raise ScenarioError("map", str(exc).removeprefix("map: ")) from None
    return tiles


class _Builder:
    def __init__(self, catalog: Catalog, scenario: Scenario) -> None:
        self.catalog = catalog
        self.scenario = scenario
        self.pieces: Pieces = pieces_of(catalog)
        self.tiles = _tiles(catalog, scenario.map)
        self.board = Board(catalog, self.tiles)
        self.names = Names(catalog, self.board)
        self.dice = Dice(DiceState(seed=scenario.seed))
        self.state = GameState(
            dice=self.dice.state,
            tiles=list(self.tiles),
            day=scenario.day,
            options=dict(scenario.options),
        )
        try:
            if scenario.day > last_day(self.state):
                raise ScenarioError(
                    "day", f"the game lasts {last_day(self.state)} days (options.weeks)"
                )
        except GameLengthError as error:
            raise ScenarioError("options.weeks", str(error)) from None
        self.placed: dict[str, str] = {}  # piece -> the key that placed it
        self.denizen_pieces: list[tuple[str, str, DenizenSpec]] = []  # key, piece, spec

    def build(self) -> GameState:
        state = self.state
        state.stacks[Place.ASIDE] = [piece.id for piece in self.pieces]
        fill_set_up_card(self.catalog, self.pieces, state, self.dice)
        place_visitor_chits(self.catalog, state, self.dice)
        place_map_chits(self.catalog, state, self.dice)
        self._map_chits()
        for piece in list(state.at(Place.ASIDE)):
            kind = self.pieces[piece].kind
            if kind is Kind.MONSTER or (
                kind is Kind.DWELLING and self.catalog.dwellings[piece].is_building
            ):
                state.put(piece, Place.OUT)  # the Ghosts and the buildings, unless listed
        self._dwellings()
        self._denizens()
        put_out(self.catalog, state, self.placed, self.scenario.out_of_play)
        characters = {
            self.names.character(f"characters.{name}", name): (name, spec)
            for name, spec in self.scenario.characters.items()
        }
        for name, (written, spec) in characters.items():
            state.characters[name] = self._character(f"characters.{written}", name, spec)
        for card in self.pieces.of_kind(Kind.CHARACTER):
            if card.id not in state.characters:
                state.put(card.id, Place.OUT)
        for name, (written, spec) in characters.items():
            key = f"characters.{written}"
            carry_tasks(self.catalog, state, self._claim, key, state.characters[name], spec.tasks)
        for name, (written, spec) in characters.items():
            self._familiar(f"characters.{written}.familiar", name, spec.familiar)
        for piece in self.pieces.familiars:
            if piece not in state.familiars:
                state.put(piece, Place.OUT)
        self._hirelings()
        set_up_piles(
            self.catalog,
            state,
            self.names,
            self._take_item,
            treasures=self.scenario.treasures,
            spell_cards=self.scenario.spell_cards,
            piles=self.scenario.piles,
        )
        for name, (written, spec) in characters.items():
            self._today(f"characters.{written}", name, spec)
        given = self.scenario.spells_in_effect
        sunset = self.scenario.start == "sunset"
        in_effect.set_up(self.catalog, state, self.names, given, sunset=sunset)
        if not sunset:
            phantasm.appear(state)  # the day starts at Birdsong: a Phantasm's piece is put (L5066)
        if self.scenario.start == "sunset":
            self._sunset(list(characters))
        elif self.scenario.turn_order is not None:
            actors = [m for m in sorted(state.minions) if is_actor(self.catalog, state, m)]
            state.dice.forced_orders = [self._turn_order(list(characters), actors)]
        check_names(self.names, state, self.scenario)
        if self.scenario.start == "sunset":
            fixed_positions(self.catalog, state, self.scenario.positions)
        forced = [[self.scenario.monster_roll]] if self.scenario.monster_roll is not None else []
        state.dice.forced = forced + [list(roll) for roll in self.scenario.dice]
        return state

    def _sunset(self, characters: list[str]) -> None:
        """``start: sunset``: the day stands at Sunset; the Evening's order of characters is
        ``turn_order``, else the order of ``characters``."""
        today = self.state.today
        today.stage = "sunset"
        today.turn_order = self._turn_order(characters) or characters

    def _turn_order(self, characters: list[str], actors: Sequence[str] = ()) -> list[str]:
        """``turn_order`` by the engine's names (empty if not given): each character, and each of
        ``actors`` (hired leaders and controlled monsters, by piece id), once, none left out."""
        if self.scenario.turn_order is None:
            return []
        order: list[str] = []
        for index, written in enumerate(self.scenario.turn_order):
            key = f"turn_order[{index}]"
            name = written if written in actors else member(self.names, self.state, key, written)
            if name in order:
                raise ScenarioError(key, f"the {name} is in the order twice")
            order.append(name)
        missing = [name for name in (*characters, *actors) if name not in order]
        if missing:
            raise ScenarioError("turn_order", f"the order leaves out the {', '.join(missing)}")
        return order

    def _today(self, key: str, name: str, spec: CharacterSpec) -> None:
        """What he has done today: found hidden enemies, kills, the road he came by."""
        today = self.state.today
        if spec.found_enemies:
            today.found_hidden_enemies.append(name)
        if spec.kills:
            today.kills[name] = spec.kills
        if spec.entered_from is not None:
            came = self.names.clearing(f"{key}.entered_from", spec.entered_from)
            here = self.state.clearing_of(name)
            if here is None or came not in self.board.neighbours(here):
                raise ScenarioError(
                    f"{key}.entered_from", f"no roadway joins {came} to his clearing {here}"
                )
            today.entered_from[name] = came

    def _familiar(self, key: str, owner: str, at: str | None) -> None:
        """Her familiar (L3926): with her when she has the advantage at her level, or where
        ``at`` says (``out``: not in play)."""
        familiar.bring(self.catalog, self.state, owner)
        piece = familiar.familiar_of(self.state, owner)
        if at is None:
            return
        if piece is None:
            raise ScenarioError(key, f"the {owner} (at this level) has no familiar")
        if at == Place.OUT:
            familiar.leave(self.state, owner)
            return
        self.state.put(piece, Place.clearing(self.names.clearing(key, at)))

    def _claim(self, piece: str, key: str) -> None:
        if piece in self.placed:
            raise ScenarioError(key, f"{piece} is already placed by {self.placed[piece]}")
        self.placed[piece] = key

    # map chits (3.5): only those listed, in their tiles
    def _map_chits(self) -> None:
        state = self.state
        for place in [p for p in state.stacks if Place.split(p)[0] == "tile"]:
            for chit in list(state.at(place)):
                state.put(chit, Place.OUT)
        sections: list[str] = []
        for code, labels in self.scenario.chits.items():
            tile = self.names.tile(f"chits.{code}", code)
            for index, label in enumerate(labels):
                key = f"chits.{code}[{index}]"
                up = label.startswith("up:")
                name = self.names.chit(key, label.removeprefix("up:").strip())
                self._claim(name, key)
                was = state.place_of(name)
                if Place.split(was)[0] == "section":
                    sections.append(was)
                state.put(name, self._chit_place(key, tile, name, up))
                if up:
                    state.face_up.append(name)
        spare = [
            c.name
            for c in self.catalog.map_chits.values()
            if c.kind in (ChitKind.SITE, ChitKind.SOUND)
            and c.name not in self.placed
            and state.place_of(c.name) == Place.OUT
        ]
        for section in sections:  # keep five chits in each section (3.5.3)
            if spare:
                state.put(spare.pop(0), section)

    def _chit_place(self, key: str, tile: str, name: str, up: bool) -> str:
        chit = self.catalog.map_chits[name]
        if not up:
            return Place.tile(tile)
        if chit.exchange is not None or chit.kind in (ChitKind.LOST_CITY, ChitKind.LOST_CASTLE):
            raise ScenarioError(
                key,
                f"{name} is never face up in a tile: when it is revealed it is exchanged "
                "(3.6.2, 7.13.2c, 2.7.14)",
            )
        if chit.clearing is None:  # a Warning chit stays in the tile's forest, face up
            return Place.tile(tile)
        numbers = self.board.side(tile).clearing_numbers()
        if chit.clearing not in numbers:
            raise ScenarioError(
                key, f"{name} face up goes to clearing {chit.clearing}, and {tile} has none"
            )
        return Place.clearing(f"{tile}{chit.clearing}")

    def _dwellings(self) -> None:
        garrison_boxes = {
            b.natives: Place.box(b.name)
            for b in self.catalog.setup_card.values()
            if b.section is Section.GARRISONS and b.natives is not None
        }
        for written, where in self.scenario.dwellings.items():
            key = f"dwellings.{written}"
            record = self.catalog.dwellings.named(written)
            if record is None:
                raise ScenarioError(
                    key,
                    f"no dwelling or campfire {written!r}{hint(written, self.catalog.dwellings)}",
                )
            self._claim(record.name, key)
            place = Place.clearing(self.names.clearing(key, where))
            self.state.put(record.name, place)
            if record.garrison is not None:
                for piece in self._natives_with_horses(record.garrison):
                    if self.state.place_of(piece) == garrison_boxes[record.garrison]:
                        self.state.put(piece, place)

    def _natives_with_horses(self, group: str) -> list[str]:
        found: list[str] = []
        for native in self.catalog.natives[group].counters:
            found.append(native.name)
            if native.horse is not None:
                found.append(native.horse)
        return found

    def _denizens(self) -> None:
        for index, spec in enumerate(self.scenario.denizens):
            key = f"denizens[{index}]"
            name = self.names.denizen(f"{key}.name", spec.name)
            place = Place.clearing(self.names.clearing(f"{key}.at", spec.at))
            if name in self.catalog.visitors:
                self._visitor(key, name, place)
                continue
            every = self.pieces.named(name)
            free = [p for p in every if p not in self.placed]
            if not free:
                if len(every) == 1:
                    raise ScenarioError(key, f"{name} is already placed by {self.placed[name]}")
                raise ScenarioError(
                    key, f"the game has {len(every)} {name} and every one is already placed"
                )
            piece = free[0]
            self._claim(piece, key)
            self.denizen_pieces.append((key, piece, spec))
            home = self.state.place_of(piece)
            self.state.put(piece, place)
            if Place.split(home)[0] == "box":
                self.state.homes[piece] = home  # where regeneration returns it (6.3.4)
            if name in self.catalog.native_counters:
                horse = self.catalog.native_counters[name].horse
                if horse is not None:
                    horse_home = self.state.place_of(horse)
                    self.state.put(horse, place)
                    if Place.split(horse_home)[0] == "box":
                        self.state.homes[horse] = horse_home

    def _visitor(self, key: str, face: str, place: str) -> None:
        """A visitor/mission chit placed by the name of a face, that face up (2.2.5)."""
        chit = self.catalog.visitors[face].name
        self._claim(chit, key)
        self.state.put(chit, place)
        self.state.visitor_faces[chit] = face

    def _hirelings(self) -> None:
        """The denizens hired or controlled by a scenario character (7.7)."""
        for key, piece, spec in self.denizen_pieces:
            written = spec.hired_by or spec.controlled_by
            if written is None:
                continue
            field = "hired_by" if spec.hired_by is not None else "controlled_by"
            employer = member(self.names, self.state, f"{key}.{field}", written)
            try:
                hire(
                    self.catalog,
                    self.state,
                    piece,
                    employer,
                    days=spec.term,
                    controlled=spec.controlled_by is not None,
                )
            except ValueError as exc:
                raise ScenarioError(key, str(exc)) from None
            self.state.minions[piece].sheet.hidden = spec.hidden
            if spec.found_enemies:
                self.state.today.found_hidden_enemies.append(piece)

    def _character(self, key: str, name: str, spec: CharacterSpec) -> CharacterState:
        card = self.catalog.characters[name]
        level = card.level(spec.level)
        start = str(card.starting_locations[0])
        character = CharacterState(
            name=name,
            level=spec.level,
            hidden=spec.hidden,
            start=start,
            gold=spec.gold,
            fame=spec.fame,
            notoriety=spec.notoriety,
            chits=[ChitState(label=chit.label) for chit in card.chits_at(spec.level)],
            spells=sheets.recorded_spells(self.catalog, self.names, key, name, spec),
            victory=sheets.victory(key, spec, victory_points(weeks(self.state))),
            relationships=sheets.relationships(self.catalog, key, name, spec),
            curses=sheets.curses(self.catalog, key, spec),
        )
        character.starting_spells = list(character.spells)
        character.spells += sheets.spells_learned(self.names, key, spec)
        forest = roadway(spec.at.removeprefix("forest ")) if spec.at is not None else None
        if spec.at is not None and spec.at.startswith("forest ") and forest is not None:
            a, b = (self.names.clearing(f"{key}.at", end) for end in forest)
            place = Place.forest(a, b)  # put in the forest off that roadway (7.10.4d.2)
        elif spec.at is not None and spec.at.startswith("forest "):  # a beast ran there (8.3.8f)
            place = Place.forest(self.names.tile(f"{key}.at", spec.at.removeprefix("forest ")))
        elif spec.at is not None and roadway(spec.at) is not None:
            place = self.names.roadway(f"{key}.at", spec.at)  # he ran away onto it (8.3.8d)
        elif spec.at is not None:
            place = Place.clearing(self.names.clearing(f"{key}.at", spec.at))
        else:
            where = self.state.place_of("Ghost 1" if start == "Ghosts" else start)
            if Place.split(where)[0] != "at":
                raise ScenarioError(
                    f"{key}.at",
                    f"required: the {name} starts at the {start}, which is not on the map "
                    "(list it under dwellings, or give at)",
                )
            place = where
        self.state.put(name, place)
        for status, labels in (("fatigued", spec.fatigued), ("wounded", spec.wounded)):
            for index, label in enumerate(labels):
                chit = next(
                    (c for c in character.chits if c.label == label and c.status == "active"),
                    None,
                )
                if chit is None:
                    have = sorted({c.label for c in character.chits})
                    raise ScenarioError(
                        f"{key}.{status}[{index}]",
                        f"the {name} (level {spec.level}) has no other active chit {label!r}"
                        f"{hint(label, have)}",
                    )
                chit.status = "fatigued" if status == "fatigued" else "wounded"
        in_effect.alert_chits(f"{key}.alerted_chits", character, spec.alerted_chits)
        set_color_chits(key, character, spec.color_chits)
        belongings = (
            spec.belongings
            if spec.belongings is not None
            else [Belonging(name=item) for item in (*level.weapons, *level.armor)]
        )
        for index, belonging in enumerate(belongings):
            item_key = f"{key}.belongings[{index}]"
            piece = self._take_item(item_key, self.names.item(item_key, belonging.name))
            self.state.put(piece, Place.owner(name))
            kind = self.pieces[piece].kind
            if belonging.damaged and kind is not Kind.ARMOR:
                raise ScenarioError(
                    f"{item_key}.damaged", f"only armor is damaged; {belonging.name} is {kind}"
                )
            character.items[piece] = ItemState(active=belonging.active, damaged=belonging.damaged)
            if kind is Kind.TREASURE and self._always_active(piece):
                if not belonging.active:
                    raise ScenarioError(
                        f"{item_key}.active",
                        f"the {belonging.name} is an Enchanted card: active once found (4.4.2)",
                    )
                self.state.face_up.append(piece)  # found, so face up (4.6.2b.1)
            if belonging.awakened is not None:
                where, cards = f"{item_key}.awakened", belonging.awakened
                take = self._take_item
                in_effect.awaken(self.catalog, self.state, self.names, take, where, piece, cards)
        if spec.alerted is not None:
            weapon = next(
                (
                    p
                    for p, item in character.items.items()
                    if item.active and self.pieces[p].kind is Kind.WEAPON
                ),
                None,
            )
            if weapon is None:
                raise ScenarioError(f"{key}.alerted", f"the {name} has no active weapon")
            character.items[weapon].alerted = spec.alerted
        tiles = {t.tile: t for t in self.tiles}
        character.discoveries = [
            self.names.discovery(f"{key}.discoveries[{index}]", text, tiles)
            for index, text in enumerate(spec.discoveries)
        ]
        return character

    def _always_active(self, piece: str) -> bool:
        """Whether the Treasure card ``piece`` is an Enchanted card: face up and active once
        found, which a character carrying it has done (4.4.2, 4.6.2b.1)."""
        card = self.catalog.treasures[self.pieces[piece].name]
        return card.activation is Activation.ALWAYS_ACTIVE

    def _take_item(self, key: str, name: str) -> str:
        """A copy of ``name`` from where the Set Up Card put it: first from the natives that
        hold one, in Set Up Card order (as setup takes starting equipment, 3.3.2), else the first
        copy not yet placed."""
        native_boxes = [
            Place.box(b.name)
            for b in self.catalog.setup_card.values()
            if b.natives is not None and b.section in (Section.DWELLINGS, Section.GARRISONS)
        ]
        free = [p for p in self.pieces.named(name) if p not in self.placed]
        if not free:
            raise ScenarioError(key, f"every {name} of the game is already placed")

        def rank(piece: str) -> int:
            where = self.state.place_of(piece)
            return native_boxes.index(where) if where in native_boxes else len(native_boxes)

        piece = min(free, key=rank)
        self._claim(piece, key)
        return piece
