"""The game's charts and tables: die-roll tables, cross-index charts and the lists of values.

Every table a rule sends a player to is a :class:`Table`: the Daylight tables (Hide 7.4, the Search
tables 7.5.4-7.5.7, the Meeting Table 7.6.5a/7.7.1b/8.2.2), the combat charts (Encounter Step
Actions 8.3.7, Missile and Striking Weapon Harm 8.4.9f-g, Repositioning Denizens and Change
Tactics 8.4.6), the spell tables (Power of the Pit, Wishes and Curses 4.6.8, Transform 4.6.9,
Violent Storm and Lost from the List of Spells), the Regeneration Table (6.3.4) and the tables of
the optional rules (Weather 10.D.1, Commerce 10.D.2, Optional Missile, Fumble and Stumble 10.D.3).

A table's rows give, for each die result (or each label of a chart that is read, not rolled), the
id of a :class:`Result` in the table's own ``results``; tables with columns (the Meeting Table's
trading relationships, the Striking Weapon Harm chart's Fight chit strengths) give one id per
column. A result has a ``key`` the engine dispatches on, the printed ``text``, the rulebook's
explanation and the parameters the rule gives it (a price multiplier, a harm change, a clearing).

The lists of values that are not rolled have their own records: :class:`DaylightActivity` (the
Daylight Activities table, 6.2.6) and :class:`VictoryCategory` (3.3.6b). The other printed lists
are stored with what they describe: the Treasure Counters lists (L5427-5456) are the treasure
weapons and armor of weapons.yaml and armor.yaml, the Visitor Prices (L5458-5476) are the
visitor faces' ``buys`` and ``spell_price`` in visitors.yaml, and the Value of Gold and Starting
Equipment (L930-948) follows from each character's level equipment, its prices and 10 Gold.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, model_validator

from rules.schema.base import Record, Relationship, Weight, unique


class Roll(enum.StrEnum):
    """How a table is rolled (4.1)."""

    TWO_DICE = "two dice"
    """Two dice, the higher counts (4.1.1); a character may roll one die instead (4.1.2)."""
    ONE_DIE = "one die"
    """One die, as for the Monster Roll and the repositioning roll (4.1.3, 8.4.6a)."""
    DIE_AND_CHIT = "die and chit"
    """One die compared with a secretly picked numbered chit, the higher counts (10.D.1.6)."""
    ADJUSTED = "adjusted"
    """Dice plus rule-given adjustments that can leave 1-6 (the optional combat tables, 10.D.3)."""
    LOOKUP = "lookup"
    """Not rolled: a chart read by a label (Striking Weapon Harm, Encounter Step Actions)."""


DIE_FACES = (1, 6)
"""The results a plain roll can give once modifiers are applied (4.1.2: clamp to 1-6)."""


class Finding(enum.StrEnum):
    """What a Peer, Locate or Magic Sight result finds (explanations L5563-5575)."""

    CLUES = "clues"
    PATHS = "paths"
    PASSAGES = "passages"
    HIDDEN_ENEMIES = "hidden enemies"
    DISCOVER_CHITS = "discover chits"


FinalHarm = Literal["L", "M", "H", "T", "T+"]
"""Harm a hit inflicts after the Striking Weapon Harm chart; T+ exceeds Tremendous (L5401)."""

RESULT_KEY = r"^[a-z][a-z0-9_]*$"


class Creature(Record):
    """What the Transform Table turns its target into (L5284-5295, 4.6.9)."""

    name: str
    harm: Weight | None = None
    """Harm inflicted; None when the creature cannot attack."""
    attack_time: int | None = Field(default=None, ge=0)
    strength: Weight
    """Move (or flying) strength."""
    flying: bool
    """Its movement values are flying values ("Flying") rather than move values ("Move")."""
    move_time: int = Field(ge=0)
    special_movement: str
    """"must fly" or "walks woods", as printed."""
    vulnerability: Weight
    armored: bool = False

    @model_validator(mode="after")
    def _attack_is_whole(self) -> Creature:
        if (self.harm is None) != (self.attack_time is None):
            raise ValueError("harm and attack_time must both be given or both be empty")
        return self


class Result(Record):
    """One result a table can give: what the engine does (``key``) and what the player reads.

    The optional parameters carry the numbers and names the rule attaches to the result; each is
    given only where the printed result has it.
    """

    key: str = Field(pattern=RESULT_KEY)
    """What the engine dispatches on, e.g. ``price``, ``harm_change``, ``clues_and_paths``."""
    text: str
    """The result as printed in the table."""
    explanation: str | None = None
    """The rulebook's explanation of the result (and footnotes that apply to it)."""
    multiplier: int | None = Field(default=None, ge=1)
    """Meeting Table price: the basic price times this."""
    gold: int | None = None
    """Commerce Table: Gold points added to the basic price (negative subtracts)."""
    levels: int | None = None
    """Harm change in levels: +2 is "Increase two levels", -1 is "Decrease one level"."""
    harm: FinalHarm | None = None
    """Striking Weapon Harm chart: the final harm."""
    position: int | None = Field(default=None, ge=1)
    """Loot Table: take the treasure at this position, counting from the top of the pile."""
    phases: int | None = Field(default=None, ge=1)
    """Violent Storm Table: phases cancelled."""
    clearing: int | None = Field(default=None, ge=1, le=6)
    """Lost Table: the adjacent clearing with this number."""
    box: int | None = Field(default=None, ge=1, le=3)
    """Repositioning Denizens Table: the box (circle, square) the denizen moves to."""
    fame: int | None = None
    """Change to recorded Fame the result offers (Challenge: -5 to avoid Block/Battle)."""
    notoriety: int | None = None
    """Change to recorded Notoriety the result offers (Insult: -5 to avoid Block/Battle)."""
    reroll_in: str | None = None
    """Roll again on this column of the same table (Trouble: the Unfriendly column)."""
    reroll_shift: int | None = None
    """Roll again this many columns to the right, i.e. friendlier (Opportunity: 1)."""
    roll_on: str | None = None
    """Roll at once on this other table (Reading Runes "Curse!": the Curses Table)."""
    finds: tuple[Finding, ...] = ()
    """Peer, Locate and Magic Sight: what the result finds ("...and..." gives both)."""
    choose_from: tuple[str, ...] = ()
    """Choice: the tables whose results the player may choose from."""
    denizens: tuple[str, ...] = ()
    """Regeneration Table: the groups that regenerate, as printed (plural group names)."""
    creature: Creature | None = None
    """Transform Table: what the target becomes."""

    @model_validator(mode="after")
    def _parameters_fit(self) -> Result:
        unique([str(f) for f in self.finds], "finding")
        unique(list(self.choose_from), "table")
        unique(list(self.denizens), "denizen group")
        if self.reroll_in is not None and self.reroll_shift is not None:
            raise ValueError("give reroll_in or reroll_shift, not both")
        return self


_OPEN_LOW = re.compile(r"^(-?\d+) or less$")
_OPEN_HIGH = re.compile(r"^(-?\d+) or more$")
_SPAN = re.compile(r"^(-?\d+)\s*[-–]\s*(-?\d+)$")


def parse_span(label: str) -> tuple[int | None, int | None]:
    """The die results a printed row label covers: ``"1-5"``, ``"0, 1"``, ``"8 or more"``.

    None stands for an open end ("-2 or less" covers everything below -1). Raises ValueError
    for a label that is not one of the rulebook's forms.
    """
    text = label.strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text), int(text)
    if match := _OPEN_LOW.match(text):
        return None, int(match.group(1))
    if match := _OPEN_HIGH.match(text):
        return int(match.group(1)), None
    if match := _SPAN.match(text):
        low, high = int(match.group(1)), int(match.group(2))
    elif re.fullmatch(r"-?\d+(\s*,\s*-?\d+)+", text):
        values = [int(v) for v in text.split(",")]
        if values != list(range(values[0], values[0] + len(values))):
            raise ValueError(f"row {label!r}: the listed results are not consecutive")
        low, high = values[0], values[-1]
    else:
        raise ValueError(f"row {label!r} is not a die result, a range or an open range")
    if low > high:
        raise ValueError(f"row {label!r}: the range runs backwards")
    return low, high


class Row(Record):
    """One printed row: the die results it covers (or its label) and a result id per column."""

    label: str
    """The row as printed: ``"1-5"``, ``"6"``, ``"-2 or less"``; a chart's row name (``"M★"``)."""
    low: int | None = None
    """Lowest die result covered; None for an open lower end or a chart that is not rolled."""
    high: int | None = None
    """Highest die result covered; None for an open upper end or a chart that is not rolled."""
    results: tuple[str, ...]
    """Result ids, in the order of the table's columns (one id when it has no columns)."""

    def covers(self, roll: int) -> bool:
        """Whether this row is the one for die result ``roll``."""
        return (self.low is None or self.low <= roll) and (self.high is None or roll <= self.high)


class Table(Record):
    """A chart or table of the rules (one record per printed table).

    In the data file ``rows`` is written as the rulebook prints it, a mapping from the row label
    (a die result, a range such as ``"1-5"``, or a chart's row name) to a result id, or, for a
    table with columns, to a mapping from each column name to a result id.
    """

    name: str
    """The name the rules use for it, e.g. "Meeting Table", "Striking Weapon Harm Chart"."""
    rule: tuple[str, ...] = Field(min_length=1)
    """The rules that use it, e.g. ("7.6.5a", "7.7.1b", "8.2.2")."""
    source: str = Field(pattern=r"^L\d+(-\d+)?\b")
    """Rulebook lines of the printed table (and a word on any reconstruction)."""
    roll: Roll
    modified: bool
    """Whether a character's die roll modifiers (4.1.2) apply to the roll."""
    optional: bool = False
    """Used only with an optional rule (section 10)."""
    clamp: tuple[int, int] | None = None
    """Adjusted tables: results beyond these bounds count as the bound (Fumble: 1-10)."""
    columns: tuple[str, ...] = ()
    """Column names, in printed order; empty when each row has a single result."""
    rows: tuple[Row, ...] = Field(min_length=1)
    results: dict[str, Result] = Field(min_length=1)
    """Every result the table can give, by id."""
    notes: tuple[str, ...] = ()
    """Explanations and footnotes that apply to the whole table."""

    @model_validator(mode="before")
    @classmethod
    def _rows_as_printed(cls, data: Any) -> Any:
        """Turn the printed ``{label: result}`` rows into :class:`Row` records."""
        if not isinstance(data, Mapping) or not isinstance(data.get("rows"), Mapping):
            return data
        columns = tuple(data.get("columns") or ())
        rolled = data.get("roll") != Roll.LOOKUP.value
        rows = []
        for raw_label, value in data["rows"].items():
            label = str(raw_label)
            low, high = parse_span(label) if rolled else (None, None)
            if isinstance(value, Mapping):
                if not columns:
                    raise ValueError(f"row {label!r} has columns but the table names none")
                names = tuple(str(name) for name in value)
                missing = [c for c in columns if c not in names]
                extra = [n for n in names if n not in columns]
                if missing or extra:
                    raise ValueError(
                        f"row {label!r}: columns {', '.join(names)} do not match the table's"
                        f" columns {', '.join(columns)}"
                        + (f" (missing {', '.join(missing)})" if missing else "")
                        + (f" (unknown {', '.join(extra)})" if extra else "")
                    )
                results = tuple(value[c] for c in columns)
            elif columns:
                raise ValueError(f"row {label!r} needs a result for each of the table's columns")
            else:
                results = (value,)
            rows.append({"label": label, "low": low, "high": high, "results": results})
        return {**data, "rows": rows}

    @model_validator(mode="after")
    def _integrity(self) -> Table:
        if self.clamp is not None and self.clamp[0] >= self.clamp[1]:
            raise ValueError(f"clamp {self.clamp} must run from low to high")
        unique(list(self.columns), "column")
        unique([row.label for row in self.rows], "row")
        if self.roll is Roll.LOOKUP:
            if self.modified or self.clamp is not None:
                raise ValueError("a lookup chart is not rolled: no modifiers and no clamp")
        else:
            self._check_coverage()
        self._check_results_resolve()
        return self

    def _check_results_resolve(self) -> None:
        used: set[str] = set()
        for row in self.rows:
            for column, result_id in zip(self.columns or ("",), row.results, strict=True):
                where = f"row {row.label!r}" + (f" column {column!r}" if column else "")
                result = self.results.get(result_id)
                if result is None:
                    raise ValueError(f"{where}: result {result_id!r} is not defined in results")
                used.add(result_id)
                self._check_reroll(result_id, result, column, where)
        unused = [result_id for result_id in self.results if result_id not in used]
        if unused:
            raise ValueError(f"results {', '.join(map(repr, unused))} are never used in a row")

    def _check_reroll(self, result_id: str, result: Result, column: str, where: str) -> None:
        if result.reroll_in is not None and result.reroll_in not in self.columns:
            raise ValueError(f"result {result_id!r}: reroll_in {result.reroll_in!r} is no column")
        if result.reroll_shift is not None:
            if not column:
                raise ValueError(f"result {result_id!r}: reroll_shift needs a table with columns")
            target = self.columns.index(column) + result.reroll_shift
            if not 0 <= target < len(self.columns):
                raise ValueError(f"{where}: {result_id!r} shifts past the last column")

    def _check_coverage(self) -> None:
        """Every possible die result falls in exactly one row."""
        if self.roll is not Roll.ADJUSTED:
            if self.clamp is not None:
                raise ValueError(f"only adjusted tables have a clamp; a {self.roll} roll is 1-6")
            bounds: tuple[int, int] | None = DIE_FACES
        else:
            bounds = self.clamp
        if bounds is not None:
            for row in self.rows:
                if (
                    row.low is None
                    or row.high is None
                    or row.low < bounds[0]
                    or row.high > bounds[1]
                ):
                    raise ValueError(
                        f"row {row.label!r} lies outside the die results {bounds[0]}-{bounds[1]}"
                    )
            probes = range(bounds[0], bounds[1] + 1)
        else:
            ends = [n for row in self.rows for n in (row.low, row.high) if n is not None]
            probes = range(min(ends) - 1, max(ends) + 2)
        for roll in probes:
            labels = [repr(row.label) for row in self.rows if row.covers(roll)]
            if not labels:
                raise ValueError(f"die result {roll} is in no row")
            if len(labels) > 1:
                raise ValueError(f"die result {roll} is in more than one row: {', '.join(labels)}")

    def column(self, name: str | None) -> int:
        """The position of column ``name`` (None for a table without columns)."""
        if name is None:
            if self.columns:
                raise KeyError(f"{self.name} needs a column: {', '.join(self.columns)}")
            return 0
        if name not in self.columns:
            raise KeyError(f"{self.name} has no column {name!r}")
        return self.columns.index(name)

    def result(self, roll: int, column: str | None = None) -> Result:
        """The result for die result ``roll`` (clamped as 4.1.2 or the table says)."""
        if self.roll is Roll.LOOKUP:
            raise TypeError(f"{self.name} is a chart, not rolled: use lookup()")
        bounds = self.clamp if self.roll is Roll.ADJUSTED else DIE_FACES
        if bounds is not None:
            roll = min(max(roll, bounds[0]), bounds[1])
        index = self.column(column)
        row = next(row for row in self.rows if row.covers(roll))
        return self.results[row.results[index]]

    def for_relationship(self, roll: int, relationship: Relationship) -> Result:
        """The result in the column of a trading relationship (Meeting and Commerce Tables)."""
        return self.result(roll, relationship.name.title())

    def lookup(self, label: str, column: str | None = None) -> Result:
        """The result in the row printed as ``label`` (any table)."""
        for row in self.rows:
            if row.label == label:
                return self.results[row.results[self.column(column)]]
        raise KeyError(f"{self.name} has no row {label!r}")


class DaylightActivity(Record):
    """One line of the Daylight Activities table (L5509-5531): what a player records (6.2.6)."""

    name: str = Field(pattern=r"^[A-Z]{1,2}$")
    """The abbreviation recorded, e.g. "M"; the catalog looks activities up by it."""
    activity: str
    """The activity, e.g. "Move", "Enchant"."""
    target: Literal["clearing", "individual", "tile"] | None = None
    """What is recorded after the abbreviation, e.g. "M NW2" names a clearing."""
    result: str
    rule: tuple[str, ...] = Field(min_length=1)
    enhanced: bool = False
    """Note 1: only with a Special Advantage, Treasure card or Spell that enables it."""
    optional: bool = False
    """Note 2: explained in the optional rules."""
    cancellable: bool = False
    """Note 3: the phase can be cancelled; all others must be done if possible."""


class VictoryCategory(Record):
    """A Victory Requirements category and its factor (3.3.6b, L918-954)."""

    name: Literal["Great Treasures", "Spells", "Fame", "Notoriety", "Gold"]
    factor: int = Field(ge=1)
    """Points needed per Victory Point assigned."""
    rule: str
