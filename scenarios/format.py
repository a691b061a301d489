"""The form of a rule scenario (SCENARIOS.md, "Format"): the keys of the YAML document, their
types and defaults, as pydantic models, and :func:`load_scenario`, which validates a parsed
document. This module does no file I/O: the document is read elsewhere (``bot/scenarios.py``).

Every key except ``name``, ``map`` and ``expect`` is optional; an unknown key, a missing one or a
bad value raises :class:`ScenarioError` naming the key path
(``characters.Black Knight.fatigued[1]``) and the reason. Only the form is checked here: names
are checked against the catalog and the map when the situation is built
(:mod:`scenarios.build`).

The project's extension for missions and campaigns (7.2.4) is here too: ``out_of_play`` and
``characters.<name>.tasks``, and ``expect.visitors`` and ``expect.characters.<name>.tasks``
(:mod:`scenarios.missions`); a mission or campaign chit is put in a clearing by its face's
name under ``denizens``, like a visitor.

The project's extension for hired and controlled denizens (7.7) is here too: a denizen
``hired_by`` or ``controlled_by`` a scenario character, with ``term`` and ``hidden``
(:class:`DenizenSpec`), and ``expect.minions``. So is the one for the Witch's familiar (L3925):
``characters.Witch.familiar``, the clearing it stands in (by default hers, when she has it at her
level; ``out`` for none), and ``expect.characters.Witch.familiar``.

Part 2 of SCENARIOS.md adds ``start``, ``turn_order``, ``rounds``, the Set Up Card's
``treasures`` and ``spell_cards``, abandoned ``piles``, new character keys, ``plays`` and
``positions`` (their form is :mod:`scenarios.plays`), ``choices`` for battling natives
(:class:`BattleChoice`) and searching (:class:`SearchChoice`), and new expectations (the form
of ``expect`` is :mod:`scenarios.expect`). What neither the runner nor the engine supports
yet (``choices`` for trading and hiring, scoring, hirelings in combat, charging, flying,
casting, and the keys of Part 3, magic: :mod:`scenarios.magic_keys`) is refused when loading,
with ``not supported yet: KEY``. Part 3's spells in play — ``spells_in_effect``,
``characters.<name>.alerted_chits``, a belonging's ``awakened`` cards, and their expectations —
are built (:mod:`scenarios.spells`, :mod:`scenarios.in_effect`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic import model_validator as _model_validator

from rules.daylight.hirelings import TERM
from scenarios.expect import Expect, Level
from scenarios.magic_keys import magic_keys
from scenarios.plays import Energize, Play, Position, rounds_twice, unsupported
from scenarios.spells import SpellSpec

Until = Literal["birdsong", "daylight", "evening", "day"]
Start = Literal["birdsong", "sunset"]

#: The event types SCENARIOS.md promises, whether or not the engine emits them yet.
PROMISED_EVENT_TYPES = frozenset(
    {
        "turn_started",
        "moved",
        "phase_cancelled",
        "hid",
        "blocked",
        "monster_roll",
        "summoned",
        "denizen_moved",
        "chit_revealed",
        "searched",
        "roll",
        "attacked",
        "killed",
        "fatigued",
        "wounded",
        # Part 2: Search, Trade, Hire, the Evening
        "search_choice",
        "looked",
        "discovered",
        "found_enemies",
        "looted",
        "chit_shown",
        "spell_learned",
        "spell_awakened",
        "cursed",
        "meeting",
        "drinks",
        "paid_off",
        "bought",
        "sold",
        "relationship",
        "hired",
        "combat_started",
        "combat_ended",
        "battling",
        "lured",
        "assigned",
        "deployed",
        "charged",
        "alerted",
        "ran_away",
        "flew_away",
        "cast",
        "spell_cancelled",
        "targeted",
        "play_cancelled",
        "positioned",
        "harm",
        "armor_damaged",
        "armor_destroyed",
        "spoils",
        "flipped",
        "abandoned",
        "unhired",
        "unhidden",
    }
)


class ScenarioError(ValueError):
    """A malformed scenario: ``key`` is the path of the key at fault, ``reason`` says why."""

    def __init__(self, key: str, reason: str) -> None:
        self.key = key
        self.reason = reason
        super().__init__(f"{key}: {reason}")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MapSpec(_Model):
    """``map``: placed tiles (a partial map) or the seed of a legal random map."""

    tiles: list[Any] | None = None
    seed: int | None = None

    @_model_validator(mode="after")
    def _one_of(self) -> MapSpec:
        if (self.tiles is None) == (self.seed is None):
            raise ValueError("give either tiles (placed tiles) or seed (a random map), not both")
        return self


class Belonging(_Model):
    """An item a character owns: a name, or ``{name, active, damaged, awakened}`` (active by
    default; ``damaged``, armor only, 3.3.2a; ``awakened``, an Artifact's or Spell Book's
    awakened Spell cards, top first, Part 3: :mod:`scenarios.in_effect`)."""

    name: str
    active: bool = True
    damaged: bool = False
    awakened: list[str] | None = None


def _named(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class TaskSpec(_Model):
    """One entry of ``characters.<name>.tasks`` (:mod:`scenarios.missions`): a mission or
    campaign chit he carries, by its ``face``, taken on game day ``taken`` (default: the
    scenario's day); a mission's ``destination`` and ``reward`` default to those of his
    clearing (7.2.4e.1)."""

    face: str
    taken: int | None = Field(default=None, ge=1)
    destination: str | None = None
    reward: int | None = Field(default=None, ge=0)


class CharacterSpec(_Model):
    """One character of ``characters``; the defaults are the rulebook's starting values. ``at``
    is a clearing, or a roadway (``DW5-DW4``) he ran away onto the evening before (8.3.8d).

    Part 2 (SCENARIOS.md "Setting up"): changes to his card's trading ``relationships``, his
    recorded ``spells``, whether he has ``found_enemies`` today, the ``kills`` he has made today,
    the clearing he ``entered_from`` today (``start: sunset`` only), whether his active weapon is
    ``alerted``, ``curses`` (as the Curses Table prints them), his ``victory`` requirements in
    points (3.3.6a) and the ``spells_learned`` from Spell cards during the game (9.3.2b)."""

    at: str | None = None
    hidden: bool = False
    level: int = Field(default=4, ge=1, le=4)
    gold: int = Field(default=10, ge=0)
    fame: int = 0
    notoriety: int = 0
    fatigued: list[str] = Field(default_factory=list)
    wounded: list[str] = Field(default_factory=list)
    belongings: list[Belonging] | None = None
    discoveries: list[str] = Field(default_factory=list)
    familiar: str | None = None
    relationships: dict[str, Level] = Field(default_factory=dict)
    spells: list[str] | None = None
    found_enemies: bool = False
    kills: int = Field(default=0, ge=0)
    entered_from: str | None = None
    alerted: bool | None = None
    curses: list[str] = Field(default_factory=list)
    victory: dict[str, int] | None = None
    spells_learned: list[str] | None = None
    tasks: list[TaskSpec] = Field(default_factory=list)
    alerted_chits: list[str] = Field(default_factory=list)
    """Part 3: his Magic chits alerted today (7.9.3), ``start: sunset`` only."""
    color_chits: list[str] = Field(default_factory=list)
    """Part 3: his Magic chits enchanted into colour chits (4.6.4: Types I-V, active)."""

    @field_validator("belongings", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        return [_named(v) for v in value] if isinstance(value, list) else value


class DenizenSpec(_Model):
    """A monster (by list name) or native (by counter name) put in a clearing — the project's
    extension: ``hired_by`` a character (or ``controlled_by`` one, for a monster), for ``term``
    more days counting this one (7.7.1c), ``hidden`` or not (7.7.1g), a hired leader having
    ``found_enemies`` today (8.3.6c)."""

    name: str
    at: str
    hired_by: str | None = None
    controlled_by: str | None = None
    term: int = Field(default=TERM, ge=1)
    hidden: bool = False
    found_enemies: bool = False

    @_model_validator(mode="after")
    def _one_employer(self) -> DenizenSpec:
        if self.hired_by is not None and self.controlled_by is not None:
            raise ValueError("a denizen is hired_by or controlled_by one character, not both")
        if self.hired_by is None and self.controlled_by is None and self.hidden:
            raise ValueError("only a hired or controlled denizen can be hidden (7.7.1g)")
        if self.hired_by is None and self.controlled_by is None and self.found_enemies:
            raise ValueError("only a hired leader or controlled monster finds hidden enemies")
        return self


class BattleChoice(_Model):
    """``choices.<character>.battle``: his answers at the Meeting Table roll for one native
    group at the start of combat (8.2.2): drinks first, then paying off an Insult (5 Notoriety)
    or a Challenge (5 Fame); refusing is the default."""

    group: str
    drinks: bool = False
    insult: Literal["pay", "refuse"] = "refuse"
    challenge: Literal["pay", "refuse"] = "refuse"


Kept = Literal["keep", "activate", "abandon"]


class SearchChoice(_Model):
    """One entry of ``choices.<searcher>.search``: his answers in one of his Search phases
    (7.5), the k-th entry for the k-th S or P phase of his recorded orders
    (:mod:`scenarios.search`). Each key answers one decision of that phase; a key not
    given leaves its decision to its default:

    - ``choice``: on a Choice result (Peer or Locate 1, Magic Sight 1), the Peer or Locate
      result he takes, as printed (L5577, 7.5.7f), a double one included;
    - ``take_from``: on Magic Sight's Counters or Treasure cards (7.5.7d), a discovered site
      chit (``HOARD 6``), the clearing of a pile (``CV5``) or ``none``;
    - ``perceive_from``: on Magic Sight's Perceive spell (7.5.7e), the active Artifact or Spell
      Book, or the discovered site chit, whose Spell cards he looks at, or ``none`` (the
      project's extension);
    - ``learn``: the spell he learns (Perceive spell, Reading Runes), or ``none``;
    - ``item``: what he does with an item he takes (7.5.5f): ``keep`` (inactive: the
      engine's default, rules-map P10), ``activate`` or ``abandon``."""

    choice: str | None = None
    take_from: str | None = None
    perceive_from: str | None = None
    learn: str | None = None
    item: Kept | None = None


class TradeChoice(_Model):
    """One entry of ``choices.<trader>.trade``: his answers in one of his Trade phases (7.6),
    the k-th entry for the k-th T phase of his recorded orders (:mod:`scenarios.trading`):
    ``buy`` the item he names (a piece, or its name), or ``sell`` his belongings; ``drinks``
    (7.6.5b); ``accept`` a Price (7.6.5c); ``boon`` take | price | decline (L5493); ``insult``
    and ``challenge`` pay | refuse (L5499–5501); ``cancel`` the phase (7.6.3c); ``pay_with``
    the belongings he gives towards a price (7.6.5c); ``item`` keep | activate | abandon what he
    obtains (7.5.5f); ``buy_back`` the boon he owes the group (7.6.5e.1)."""

    buy: str | None = None
    sell: list[str] | None = None
    buy_back: bool | None = None
    drinks: bool | None = None
    accept: bool | None = None
    pay_with: list[str] | None = None
    boon: Literal["take", "price", "decline"] | None = None
    insult: Literal["pay", "refuse"] | None = None
    challenge: Literal["pay", "refuse"] | None = None
    cancel: bool | None = None
    item: Kept | None = None


class HireChoice(_Model):
    """One entry of ``choices.<hirer>.hire``: his answers in one of his Hire phases (7.7.1), the
    k-th entry for the k-th HR phase of his recorded orders (:mod:`scenarios.trading`):
    ``drinks`` (7.6.5b), ``accept`` the wages' Price (7.7.1b.1), ``boon`` take | price | decline
    (L5493), ``insult`` and ``challenge`` pay | refuse (L5499–5501), ``rehire`` the native he
    rehires (7.7.1d) rather than hire unhired ones, ``cancel`` the phase before the roll (the
    note of 7.7.1)."""

    drinks: bool | None = None
    accept: bool | None = None
    boon: Literal["take", "price", "decline"] | None = None
    insult: Literal["pay", "refuse"] | None = None
    challenge: Literal["pay", "refuse"] | None = None
    rehire: str | None = None
    cancel: bool | None = None


class EnchantChoice(_Model):
    """One entry of ``choices.<character>.enchant`` (Part 3): for his k-th tile enchantment
    that asks, the colour chit that supplies its colour (7.10.4); omitted, the first such chit
    in development order."""

    color_chit: str | None = None


class ColorChoice(_Model):
    """One entry of ``choices.<character>.color`` (Part 3): a colour chit he plays as phase
    ``phase`` of ``turn``'s turn starts in his clearing (4.6.7h.6), energizing a Permanent spell
    or, without ``energize``, only fatiguing (4.6.4i)."""

    turn: str
    phase: int = Field(ge=1)
    chit: str
    energize: Energize | None = None


#: The keys of a ``choices.<character>.spells`` entry that give its answer (Part 3).
SPELL_ANSWERS = (
    "invoke",
    "cancel",
    "clearing",
    "individual",
    "box",
    "tile",
    "adds",
    "unassign",
    "preempt",
    "ask",
    "activity",
    "result",
)


class SpellChoice(_Model):
    """One entry of ``choices.<character>.spells`` (Part 3): his answer, as caster or target,
    to a question the spell ``spell`` asks (:mod:`rules.magic.questions`), in exactly one of
    the keys of :data:`SPELL_ANSWERS`: ``{spell: Lost, clearing: DW4}``,
    ``{spell: Violent Storm, cancel: [2, 3]}``, ``{spell: Broomstick, invoke: false}``."""

    spell: str
    invoke: bool | None = None
    cancel: list[int] | None = None
    clearing: str | None = None
    individual: str | None = None
    box: str | None = None
    tile: str | None = None
    adds: str | None = None
    unassign: list[str] | None = None
    preempt: int | None = Field(default=None, ge=1)
    ask: str | None = None
    activity: str | None = None
    """Prophecy's activity for a phase, as an order writes it (``M CV2``, ``H``)."""
    result: str | None = None
    """A Choice's result on a search table, as printed (Talk to Wise Bird's Peer:
    ``Discover chits``)."""

    @_model_validator(mode="after")
    def _one_answer(self) -> SpellChoice:
        given = [key for key in SPELL_ANSWERS if getattr(self, key) is not None]
        if len(given) != 1:
            raise ValueError(
                f"an entry answers with exactly one of {', '.join(SPELL_ANSWERS)}; "
                f"this one gives {', '.join(given) or 'none'}"
            )
        return self

    @property
    def key(self) -> str:
        """The key its answer is given in."""
        return next(key for key in SPELL_ANSWERS if getattr(self, key) is not None)

    @property
    def answer(self) -> str:
        """Its answer as the decision's options write it: ``yes`` or ``no`` for a flag, a
        list's items joined by ``, ``, a number or a name as it is."""
        value = getattr(self, self.key)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(str(item) for item in value)
        return str(value)


class Choices(_Model):
    """``choices.<character>``: the answers the rules leave to him: ``battle`` and ``search``
    (a hired leader's, controlled monster's or familiar's ``search`` under its piece id),
    ``trade``, ``hire``, ``enchant``, ``color`` and ``spells``."""

    battle: list[BattleChoice] = Field(default_factory=list)
    search: list[SearchChoice] = Field(default_factory=list)
    trade: list[TradeChoice] = Field(default_factory=list)
    hire: list[HireChoice] = Field(default_factory=list)
    enchant: list[EnchantChoice] = Field(default_factory=list)
    color: list[ColorChoice] = Field(default_factory=list)
    spells: list[SpellChoice] = Field(default_factory=list)


class Scenario(_Model):
    """One scenario, as SCENARIOS.md describes it (form only; names are checked by
    :func:`build_state`)."""

    name: str = Field(min_length=1)
    rules: list[str] = Field(default_factory=list)
    options: dict[str, bool | int] = Field(default_factory=dict)
    """Game options by name: switches, and ``weeks``, the game's length (10.E.2)."""
    map: MapSpec
    day: int = Field(default=1, ge=1, le=28)
    start: Start = "birdsong"
    turn_order: list[str] | None = None
    rounds: int | None = Field(default=None, ge=1)
    monster_roll: int | None = Field(default=None, ge=1, le=6)
    seed: int = 1
    dice: list[list[int]] = Field(default_factory=list)
    characters: dict[str, CharacterSpec] = Field(default_factory=dict)
    denizens: list[DenizenSpec] = Field(default_factory=list)
    out_of_play: list[str] = Field(default_factory=list)
    chits: dict[str, list[str]] = Field(default_factory=dict)
    dwellings: dict[str, str] = Field(default_factory=dict)
    treasures: dict[str, list[str]] = Field(default_factory=dict)
    spell_cards: dict[str, list[str]] = Field(default_factory=dict)
    piles: dict[str, list[str]] = Field(default_factory=dict)
    orders: dict[str, str] = Field(default_factory=dict)
    answers: dict[str, list[str]] = Field(default_factory=dict)
    choices: dict[str, Choices] = Field(default_factory=dict)
    plays: dict[str, list[Play]] = Field(default_factory=dict)
    positions: list[Position] = Field(default_factory=list)
    spells_in_effect: list[SpellSpec] = Field(default_factory=list)
    """Part 3: the spells cast before the scenario starts, in casting order
    (:mod:`scenarios.in_effect`)."""
    until: Until = "day"
    expect: Expect

    @field_validator("name")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("a scenario's name is one line")
        return value.strip()

    @field_validator("dice", mode="before")
    @classmethod
    def _single_dice(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        return value

    @field_validator("dice")
    @classmethod
    def _rolls(cls, value: list[list[int]]) -> list[list[int]]:
        for index, roll in enumerate(value):
            if len(roll) not in (1, 2) or not all(1 <= d <= 6 for d in roll):
                raise ValueError(
                    f"roll {index} is {roll}: a roll is [a, b] for two dice or [a] for one die, "
                    "each 1-6"
                )
        return value


def load_scenario(data: object) -> Scenario:
    """Validate a parsed YAML document as a :class:`Scenario`.

    Raises :class:`ScenarioError` for the first problem, naming the key path and the reason;
    a key of magic not built yet (:mod:`scenarios.magic_keys`) is ``not supported yet``.
    """
    if not isinstance(data, Mapping):
        raise ScenarioError(
            "(top level)", "a scenario is a mapping with at least name, map and expect"
        )
    for place, reason in magic_keys(data):
        raise ScenarioError(_key(place), reason)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        raise ScenarioError(_key(error["loc"]), _reason(error)) from None
    _check_start(scenario)
    _check_supported(scenario)
    return scenario


def _check_start(scenario: Scenario) -> None:
    """``start: sunset`` has no Birdsong, Sunrise or Daylight: no ``orders``, no
    ``monster_roll``, and ``until`` the Evening or the whole day; ``entered_from`` needs it.
    Combat needs an Evening: ``plays``, ``positions`` and ``rounds`` need ``until`` evening or
    day. A play or position gives each round once."""
    sunset = scenario.start == "sunset"
    if sunset:
        for key in ("orders", "monster_roll"):
            if getattr(scenario, key):
                raise ScenarioError(
                    key, "with start: sunset there is no Birdsong or Sunrise: leave it out"
                )
    for written, spec in scenario.characters.items():
        if spec.entered_from is not None and not sunset:
            raise ScenarioError(
                f"characters.{written}.entered_from",
                "only with start: sunset (the road he came by today, 8.3.8b)",
            )
        if spec.alerted_chits and not sunset:
            raise ScenarioError(
                f"characters.{written}.alerted_chits",
                "only with start: sunset (alerted today, 7.9.3; at Birdsong none is: they "
                "fatigued at Midnight)",
            )
    if scenario.until in ("birdsong", "daylight"):
        for key in ("plays", "positions", "rounds"):
            if getattr(scenario, key):
                raise ScenarioError(
                    key, f"with until: {scenario.until} there is no Evening, so no combat"
                )
        if sunset:
            raise ScenarioError(
                "until", "with start: sunset the run goes to the end of the evening or the day"
            )
    for key in rounds_twice(scenario.plays, scenario.positions):
        raise ScenarioError(key, "this round is given twice")


def _check_supported(scenario: Scenario) -> None:
    """Raise ``not supported yet`` for the first part of SCENARIOS.md Part 2 the runner (or the
    engine) does not support yet: the combat plays :func:`scenarios.plays.unsupported` names."""
    for key, reason in unsupported(scenario.plays):
        raise ScenarioError(key, reason)


def _key(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def _reason(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        allowed = _allowed_keys(Scenario, list(error["loc"])[:-1])
        return "unknown key" + (f" (the keys here are {', '.join(allowed)})" if allowed else "")
    if kind == "missing":
        return "required, and missing"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        return message.removeprefix("Value error, ")
    return f"{message[:1].lower()}{message[1:]}, not {error.get('input')!r}"


def _allowed_keys(model: Any, path: Sequence[int | str]) -> list[str]:
    """The keys of the model found by following ``path`` from ``model`` (empty if none)."""
    current: Any = model
    for part in path:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return []
            current = info.annotation
        elif get_origin(current) in (list, dict):
            current = get_args(current)[-1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """The model inside ``X | None``."""
    if get_origin(annotation) in (Union, UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return members[0] if len(members) == 1 else annotation
    return annotation
