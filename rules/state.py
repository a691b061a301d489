"""The game state: plain data for everything a game of Magic Realm holds (rulebook section 2).

:class:`GameState` is what is saved after each step and what the engine resolves from. It is plain
data — strings, numbers, lists and mappings — that round-trips through JSON exactly
(:meth:`GameState.to_json` / :meth:`GameState.from_json`), carries a schema version, and has a
stable content hash. It holds the dice (seed and position, not the rolls made: see
:mod:`rules.dice`), so a state plus the same inputs always gives the same result.

Where every piece is: ``stacks`` maps a *place* to the ids of the pieces there, bottom first
(position matters: Loot takes from the top of a box or pile, 7.5.5). Every piece of the game is in
exactly one stack. Places are written as strings (see :class:`Place`):

- ``at:CV5`` — in a clearing of the map (characters, denizens, dwellings, revealed site and sound
  chits; items lying there form the clearing's pile, 4.3.4);
- ``tile:CV`` — in a tile's forest, away from the clearings (map chits not yet placed, 3.5.4);
- ``box:Hoard`` — in a box of the Set Up Card or Appearance Chart (2.4);
- ``section:Lost City`` / ``section:Lost Castle`` — the five chits of each (3.5.3);
- ``road:DW4|DW5`` — on the roadway between two clearings, having run away (8.3.8d);
- ``forest:DW4|DW5`` — in the forest of a tile, put there off that roadway when it vanished or
  turned hidden from him (7.10.4d.2), or ``forest:DW`` — run into the forest of the tile as a
  beast (8.3.8f): his next turn starts with a Move to a clearing (:mod:`rules.forest`);
- ``with:Amazon`` — among a character's belongings (4.3), or a hired leader's (7.7.2a); a hired
  native's own horse is ``with`` him (7.3.2e);
- ``carried:Amazon`` — the mission and campaign chits a character has taken (7.2.4): with his
  active belongings, but no item (they have no weight, cannot be traded, and are never
  abandoned but by the rules of 7.2.4b and j); :attr:`CharacterState.tasks` says what each is;
- ``out`` — out of play (spells not used, 3.1.3g.2; Valley chits exchanged, 3.6.2);
- ``aside`` — set aside, not yet in play (the campfires until their chits turn up, 3.6.2b).
"""

from __future__ import annotations

import hashlib
import json
from copy import copy
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from rules.day.state import DayState
from rules.dice import DiceState
from rules.layout import PlacedTile
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase
from rules.pieces import is_phantasm
from rules.schema.base import MagicColor

SCHEMA_VERSION = 1

#: The Victory Requirement categories and their factors (3.3.6b, L918–928).
VICTORY_CATEGORIES = ("Great Treasures", "Spells", "Fame", "Notoriety", "Gold")


class GameStateError(ValueError):
    """A game state that is not a game of the catalog: the message names the piece or place."""


def load_problem(error: Exception) -> str:
    """Why a saved game could not be read (:meth:`GameState.from_json` raised ``error``), on
    one line: for a field, where it is and what is wrong."""
    if isinstance(error, ValidationError):
        first = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}"
    return (str(error).splitlines() or ["nested too deeply"])[0]


class Place:
    """Builders and readers of the place strings used as keys of ``GameState.stacks``."""

    OUT = "out"
    ASIDE = "aside"

    @staticmethod
    def clearing(clearing_id: str) -> str:
        return f"at:{clearing_id}"

    @staticmethod
    def tile(code: str) -> str:
        return f"tile:{code}"

    @staticmethod
    def box(name: str) -> str:
        return f"box:{name}"

    @staticmethod
    def section(name: str) -> str:
        return f"section:{name}"

    @staticmethod
    def owner(character: str) -> str:
        return f"with:{character}"

    @staticmethod
    def carried(character: str) -> str:
        """Among the mission and campaign chits ``character`` has taken (7.2.4)."""
        return f"carried:{character}"

    @staticmethod
    def item(treasure: str) -> str:
        """With the Artifact or Spell Book ``treasure`` (its piece): its awakened Spell cards
        (7.5.6c.1)."""
        return f"item:{treasure}"

    @staticmethod
    def road(a: str, b: str) -> str:
        """On the roadway between clearings ``a`` and ``b`` (8.3.8d: after running away); the
        clearings in sorted order, so either way names the same roadway."""
        first, second = sorted((a, b))
        return f"road:{first}|{second}"

    @staticmethod
    def forest(a: str, b: str | None = None) -> str:
        """In the forest (:mod:`rules.forest`): put off the roadway between clearings ``a`` and
        ``b`` when it vanished or turned hidden from him (7.10.4d.2), the clearings sorted as for
        a road; or, with ``a`` a tile code alone, run into that tile's forest (8.3.8f)."""
        if b is None:
            return f"forest:{a}"
        first, second = sorted((a, b))
        return f"forest:{first}|{second}"

    @staticmethod
    def split(place: str) -> tuple[str, str]:
        """``("at", "CV5")`` for ``"at:CV5"``; ``("out", "")`` for ``"out"``."""
        kind, _, rest = place.partition(":")
        return kind, rest


class _Data(BaseModel):
    """Mutable plain data that refuses unknown keys (a typo in a saved file is an error)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)


ChitStatus = Literal["active", "fatigued", "wounded"]


class ChitState(_Data):
    """One of a character's 12 action chits (4.2): active, fatigued or wounded; a Magic chit
    of type I–V may be enchanted into a colour chit (4.6.4) while active, and an active Magic
    chit may be alerted until Midnight (7.9.3)."""

    label: str
    status: ChitStatus = "active"
    color: MagicColor | None = None
    alerted: bool = False


class ItemState(_Data):
    """The state of an item a character owns: active or inactive (4.3.1), a weapon's alerted
    side (4.3.6, 3.3.2a), an armor counter's damage (3.3.2a)."""

    active: bool = True
    alerted: bool = False
    damaged: bool = False


class Boon(_Data):
    """A boon taken and not yet repaid (7.6.5e): the group he owes a level of friendliness, and
    the Gold price of what he took (an item's, or the total wages of natives hired, 7.7.1b.1)."""

    group: str
    gold: int = Field(ge=0)


class Task(_Data):
    """A mission or campaign chit a character has taken (7.2.4), and the task it commits him to:
    the ``face`` he took, the game day he took it (:attr:`GameState.game_day`), the last game day
    he has to complete it (None: the end of the game, 7.2.4f.1), the ``fame`` and ``notoriety``
    he paid (7.2.4c; regained on success, paid again on failure, 7.2.4d), and for a mission the
    Dwelling it goes to and the Gold it pays there (7.2.4e.1–e.4)."""

    face: str
    taken: int = Field(ge=1)
    last_day: int | None = Field(default=None, ge=1)
    fame: int = Field(default=0, ge=0)
    notoriety: int = Field(default=0, ge=0)
    destination: str | None = None
    reward: int | None = Field(default=None, ge=0)


DepartureKind = Literal["killed", "suicide", "left_map"]


class Departure(_Data):
    """How and when a character left play (9.1.1, 9.2.2; :mod:`rules.day.leaving`).

    ``how``: killed (in combat, by wounds or fatigue, unable to Rest, 9.1.1a–c), suicided at
    Midnight (9.2.2a) or left the map (9.2.2b); ``cause`` says what killed him. ``game_day`` is
    the :attr:`GameState.game_day` he left on; ``seq`` orders the game's departures, equal for
    those who left at the same ``moment`` (killed simultaneously, 9.1.2b); ``pick`` is his place
    among the day's dead in the order of fresh starts, rolled at Midnight when ``seq`` ties
    (9.1.2b). ``restart_day`` is the first game day his player may start again (9.1.2: the next
    day; 9.2.2a: a suicide sits out a full day first; None after leaving the map).
    ``sheet`` is, for one who left the map, his sheet as it stood when he left, belongings
    included, for his score "as if it were the end of the game" (9.2.2b, 9.3.1a).
    ``restarted_as`` is the character his player started again as (9.1.2a)."""

    how: DepartureKind
    game_day: int = Field(ge=1)
    seq: int = Field(ge=1)
    moment: str = ""
    cause: Phrase | None = None
    pick: int | None = None
    restart_day: int | None = None
    sheet: dict[str, Any] | None = None
    belongings: list[str] = Field(default_factory=list)
    restarted_as: str | None = None


class CharacterState(_Data):
    """Everything a character's sheet and pieces record (2.5, 2.6).

    ``chits`` are in development order. ``relationships`` hold only the partners that are not
    Neutral. ``discoveries`` are per tile face ("DW (normal) hidden path 1-4") or sites
    ("HOARD 6"), as in the Discoveries list (2.6.2e, L627–679). ``known`` are pieces whose face he
    has seen and may remember (a face-down chit or card he looked at).
    """

    name: str
    level: int = Field(default=4, ge=1, le=4)
    player: str | None = None
    hidden: bool = True
    start: str
    gold: int = 10
    fame: int | float = 0
    notoriety: int | float = 0
    chits: list[ChitState]
    items: dict[str, ItemState] = Field(default_factory=dict)
    spells: list[str] = Field(default_factory=list)
    starting_spells: list[str] = Field(default_factory=list)
    victory: dict[str, int] = Field(default_factory=dict)
    relationships: dict[str, int] = Field(default_factory=dict)
    discoveries: list[str] = Field(default_factory=list)
    known: list[str] = Field(default_factory=list)
    curses: list[str] = Field(default_factory=list)
    """The Curses on him, each once, as the Curses Table prints them ("Wither"), 4.6.8a."""
    boons: list[Boon] = Field(default_factory=list)
    """The boons he owes, oldest first; each may be bought back once (7.6.5e.1)."""
    tasks: dict[str, Task] = Field(default_factory=dict)
    """The mission and campaign chits he carries, by piece id (in ``carried:<name>``, 7.2.4)."""
    dead: bool = False
    departed: Departure | None = None
    """How and when he left play, if he did (9.1.1, 9.2.2)."""
    strength: bool = False
    """A Wish for strength ready: his next Fight chit or Gloves card that hits inflicts
    Tremendous harm (4.6.8b.3, L5261; :mod:`rules.magic.strength`)."""

    @model_serializer(mode="wrap")
    def _without_no_strength(self, handler: SerializerFunctionWrapHandler) -> Any:
        """No Wish for strength is left out of the saved state, so a sheet without one saves
        exactly the bytes it did before the Wish was built."""
        data = handler(self)
        if isinstance(data, dict) and not data.get("strength"):
            data.pop("strength", None)
        return data


#: A sheet's fields as they are by default, copied into a familiar's (:meth:`GameState.sheet`).
_BLANK_SHEET = CharacterState.model_construct(name="", start="", chits=[])


class Minion(_Data):
    """A hired or controlled denizen ("Hired & Controlled Classes", 7.7): whose he is, and the
    last game day of his term of hire (7.7.1c; see :attr:`GameState.game_day`).

    ``controlled`` monsters and native leaders act like characters, with a turn of their own
    (6.2.5, 7.7.2, 7.7.5e); the others are underlings, who only follow (7.7.3, 7.7.5f).
    ``sheet`` is his Personal History sheet (7.7.2): whether he is hidden (7.7.1g), and for an
    actor the gold, belongings and discoveries he holds for his employer (7.7.2a); it has no
    chits, and an underling's holds nothing but his own horse (7.3.2e, 7.7.3).
    """

    employer: str
    last_day: int = Field(ge=1)
    controlled: bool = False
    sheet: CharacterState


class GameState(_Data):
    """Everything one game holds. See the module docstring for ``stacks`` and places.

    ``homes`` records the box each summoned denizen came from (7.13), where regeneration puts it
    back (6.3.4). ``minions`` are the hired and controlled denizens, by piece id (7.7).
    ``familiars`` are the familiars in play (the Witch's, L3925), by piece id, each with the
    character whose it is, and the phantasms in play (L5066), each with the character it is for;
    its piece stands on the map."""

    schema_version: int = SCHEMA_VERSION
    dice: DiceState
    day: int = Field(default=1, ge=1, le=28)
    month: int = Field(default=1, ge=1)
    tiles: list[PlacedTile]
    stacks: dict[str, list[str]] = Field(default_factory=dict)
    face_up: list[str] = Field(default_factory=list)
    dark_side_up: list[str] = Field(default_factory=list)
    visitor_faces: dict[str, str] = Field(default_factory=dict)
    homes: dict[str, str] = Field(default_factory=dict)
    characters: dict[str, CharacterState] = Field(default_factory=dict)
    minions: dict[str, Minion] = Field(default_factory=dict)
    familiars: dict[str, str] = Field(default_factory=dict)
    options: dict[str, bool | int] = Field(default_factory=dict)
    """The game's options: switches by name, and ``weeks``, the game's length (10.E.2,
    :mod:`rules.end.length`; absent: 4)."""
    opened: list[str] = Field(default_factory=list)
    """The sites opened for good: the Vault, once broken into (7.5.5d.2)."""
    spells: list[SpellInEffect] = Field(default_factory=list)
    """The spells in effect, in casting order (4.6.7; :mod:`rules.magic.state`)."""
    today: DayState = Field(default_factory=DayState)
    ended: str | None = None
    """Why the game is over, once it is: ``month`` (Midnight of its last day, 9.3.1) or
    ``agreed`` (the players quit together, 9.2.1); :func:`rules.day.midnight.game_over`."""

    @property
    def game_day(self) -> int:
        """Days since the game began, counting this one (day 1 of month 2 is day 29): terms of
        hire are counted in these (7.7.1c)."""
        return (self.month - 1) * 28 + self.day

    def sheet(self, name: str) -> CharacterState:
        """The sheet of a character or of a minion (KeyError for anyone else).

        A familiar has no sheet of its own: it carries nothing and records no gold (L3928) and
        cannot hide or be blocked (L3926). Its sheet is made on each call — never hidden,
        holding nothing — around its owner's Discoveries list itself, the one list they share
        (L3929): what either discovers is written there for both. A phantasm's is made so too
        (L5068), around its controller's chits as well, the Magic chits it enchants with: what
        its Enchant does to one is done to his."""
        if name in self.characters:
            return self.characters[name]
        if name in self.familiars:
            owner = self.characters[self.familiars[name]]
            chits = owner.chits if is_phantasm(name) else []
            given: dict[str, Any] = {"hidden": False, "start": owner.start, "gold": 0}
            given.update(name=name, chits=chits, items={}, discoveries=owner.discoveries)
            # The other fields are given too, fresh, and marked unset: pydantic reads a default
            # factory's signature whenever it calls it (about 0.1 ms a field).
            fresh = {k: copy(v) for k, v in vars(_BLANK_SHEET).items() if k not in given}
            return CharacterState.model_construct(_fields_set=set(given), **given, **fresh)
        return self.minions[name].sheet

    def recorder(self, name: str) -> str | None:
        """The character who records ``name``'s orders and learns what he learns: a familiar's
        owner (L3926), a minion's employer (6.2.5, 7.7.2a); None for a character."""
        if name in self.familiars:
            return self.familiars[name]
        minion = self.minions.get(name)
        return minion.employer if minion is not None else None

    def to_json(self) -> str:
        """The state as canonical JSON: keys sorted, no spaces; ``from_json`` reads it back."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Read a state written by :meth:`to_json`; refuses other schema versions. It is only
        parsed: a file from outside — a saved game, a snapshot — is read with
        :func:`rules.state_check.read_state`, which also checks it against the game."""
        data = json.loads(text)
        version = data.get("schema_version") if isinstance(data, dict) else None
        if version != SCHEMA_VERSION:
            raise ValueError(
                f"game state schema version {version!r} is not {SCHEMA_VERSION}, the version "
                "this realmbot reads"
            )
        return cls.model_validate(data)

    def content_hash(self) -> str:
        """A stable SHA-256 of the canonical JSON: equal states, equal hashes."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def place_of(self, piece: str) -> str:
        """The place where ``piece`` is (KeyError if it is nowhere, which would be a bug)."""
        for place, pieces in self.stacks.items():
            if piece in pieces:
                return place
        raise KeyError(f"piece {piece!r} is in no stack")

    def clearing_of(self, piece: str) -> str | None:
        """The clearing ``piece`` stands in, or None when it is not on the map (in a box, with
        someone, out of play)."""
        kind, _, where = self.place_of(piece).partition(":")
        return where if kind == "at" else None

    def road_of(self, piece: str) -> tuple[str, str] | None:
        """The two clearings at the ends of the roadway ``piece`` stands on (after running away,
        8.3.8d), or None when it is not on a roadway."""
        kind, _, where = self.place_of(piece).partition(":")
        if kind != "road":
            return None
        first, _, second = where.partition("|")
        return first, second

    def at(self, place: str) -> list[str]:
        """The pieces at ``place``, bottom first (empty if none)."""
        return self.stacks.get(place, [])

    def put(self, piece: str, place: str) -> None:
        """Put ``piece`` on top of the pile at ``place`` (removing it from where it was)."""
        self.take(piece)
        self.stacks.setdefault(place, []).append(piece)

    def take(self, piece: str) -> str | None:
        """Remove ``piece`` from its stack; returns the place it was, or None if nowhere."""
        for place, pieces in self.stacks.items():
            if piece in pieces:
                pieces.remove(piece)
                if not pieces:
                    del self.stacks[place]
                return place
        return None
