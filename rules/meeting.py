"""The Meeting Table (L5478–5505), once, for everyone who rolls on it: buying from natives and
visitors (7.6.5 L1895–1907, 7.6.7a L1913), hiring natives (7.7.1b L1929) and the roll for
battling natives at the start of combat (8.2.2 L2277–2280).

:func:`meet` makes the roll: the column of his trading relationship (:func:`relationship`), one
level friendlier with drinks (:func:`column`), his Meeting Table modifiers (:func:`modifiers`),
and the table's own rerolls, Trouble and Opportunity (L5503, L5505). What the final result then
does is the caller's: a price he pays or declines (L5491), a boon (L5493), a refusal and a block
in Daylight (7.6.5d L1902; :func:`blocks`), a group battling him in the Evening (8.2.2b L2280;
:func:`battles`). Price and Boon results do nothing in the Evening (L5491, L5493).

A campaign chit he carries changes the table for its groups (7.2.4h L1634): his partners are
two levels friendlier — written on his sheet when he takes the chit and rubbed out when he puts it
back (:mod:`rules.daylight.missions`), so the extra levels are kept beyond Ally but read in the
Ally column (h.1) — and his foes are always read in the Enemy column, with no drinks for them
(:func:`is_foe`; :func:`friendliness`, :func:`drinks_cost`).

A pacifying spell in effect sets the column of its controller with its targets' group instead
of his relationship (7.6.5a L1897, 7.7.1b.3, L4852 Persuade: Friendly; :func:`level`,
:mod:`rules.magic.pacification`); drinks make it friendlier as ever (7.7.5a). The Cloven
Hoof's +1 to every table roll in its clearing (L4344) is added with the other treasures' by
:func:`rules.modifiers.treasure_modifier`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from rules.board import board_for
from rules.catalog import Catalog
from rules.dice import Dice, Roll
from rules.magic.bewitched import spell_modifier
from rules.magic.nullifying import curses_in_force
from rules.magic.pacification import meeting_column
from rules.modifiers import applies, one_die, treasure_modifier
from rules.phrases import Phrase, phrase
from rules.schema.base import Relationship
from rules.schema.characters import DieModifier, DieTable, OneDie, TradingPartner
from rules.schema.tables import Result
from rules.state import CharacterState, GameState, Place

TABLE = "Meeting Table"
"""The catalog's name of the table, and the purpose its rolls are recorded with."""

Activity = Literal["trade", "hire", "battling"]
"""Why he meets the group: a Trade (7.6.5) or Hire (7.7.1) phase, or the roll for battling
natives at the start of combat (8.2.2). Only the Swordsman's Barter tells them apart (L3849)."""


class ResultKind(enum.StrEnum):
    """The Meeting Table's results (L5482–5505); the values are the catalog's result keys."""

    BOON = "boon"
    PRICE = "price"
    OPPORTUNITY = "opportunity"
    TROUBLE = "trouble"
    BLOCK_BATTLE = "block_battle"
    INSULT = "insult"
    CHALLENGE = "challenge"
    NO_DEAL = "no_deal"


#: What a penalty result is called (L5499–5501).
PENALTIES = {ResultKind.INSULT: "Insult", ResultKind.CHALLENGE: "Challenge"}


def penalty_points(what: str) -> str:
    """The points that pay off the penalty ``what``: Notoriety an Insult, Fame a Challenge."""
    return "Notoriety" if what == "Insult" else "Fame"


def penalty_cost(catalog: Catalog, what: str) -> int:
    """How many points pay off the penalty ``what`` ("Insult" or "Challenge"): the Notoriety or
    Fame its result on the Meeting Table takes (5, L5499–5501)."""
    printed = catalog.tables[TABLE].results[what.lower()]
    return -((printed.notoriety if what == "Insult" else printed.fame) or 0)


#: The curse under which he cannot pay a Challenge's Fame (L5499 note).
DISGUST = "Disgust"


def may_pay_penalty(state: GameState, sheet: CharacterState, what: str) -> bool:
    """Whether he may pay off the penalty ``what``: not a Challenge under the Disgust curse in
    force (L5499 note; :func:`rules.magic.nullifying.curses_in_force`), so he is not asked and it
    is Block/Battle."""
    return what == "Insult" or DISGUST not in curses_in_force(state.spells, sheet)


def penalty_prompt(
    catalog: Catalog, group: str | Phrase, what: str, unpaid: Literal["blocked", "battled"]
) -> Phrase:
    """The question a penalty asks: pay its points or refuse, and be ``unpaid`` (blocked in a
    Trade or Hire phase, battled at the start of combat)."""
    cost, points = penalty_cost(catalog, what), penalty_points(what)
    if unpaid == "blocked":
        return phrase("meeting.penalty_blocked", group=group, what=what, cost=cost, points=points)
    return phrase("meeting.penalty_battled", group=group, what=what, cost=cost, points=points)


def pay_penalty(catalog: Catalog, sheet: CharacterState, what: str) -> None:
    """L5499–5501: he pays off an Insult with 5 Notoriety, a Challenge with 5 Fame
    (:func:`penalty_cost`)."""
    if what == "Insult":
        sheet.notoriety -= penalty_cost(catalog, what)
    else:
        sheet.fame -= penalty_cost(catalog, what)


@dataclass(frozen=True)
class MeetingResult:
    """One result as printed: its kind, its text ("Price x 3"), the price multiplier of a Price
    or Boon (x 1) result (L5491, L5493), and the Fame or Notoriety a Challenge or Insult lets him
    pay instead of being blocked or battled (-5, L5499, L5501)."""

    kind: ResultKind
    text: str
    multiplier: int | None = None
    fame: int = 0
    notoriety: int = 0

    @classmethod
    def of(cls, result: Result) -> MeetingResult:
        """The catalog's Meeting Table result ``result``."""
        return cls(
            kind=ResultKind(result.key),
            text=result.text,
            multiplier=result.multiplier,
            fame=result.fame or 0,
            notoriety=result.notoriety or 0,
        )


@dataclass(frozen=True)
class Step:
    """One roll on the table: the column it was read in, the roll and what it gave."""

    column: Relationship
    roll: Roll
    result: MeetingResult


@dataclass(frozen=True)
class Meeting:
    """A whole Meeting Table roll: who rolled for which group, his relationship with it, whether
    he bought drinks, and every roll made, the rerolls of Trouble and Opportunity included."""

    who: str
    group: str
    relationship: Relationship
    drinks: bool
    steps: tuple[Step, ...]

    @property
    def column(self) -> Relationship:
        """The column of the first roll: his relationship, after drinks."""
        return self.steps[0].column

    @property
    def final_column(self) -> Relationship:
        """The column the final result was read in."""
        return self.steps[-1].column

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll, in order (each also in the dice log)."""
        return tuple(step.roll for step in self.steps)

    @property
    def result(self) -> MeetingResult:
        """The final result: never Trouble or Opportunity, which are rolled again."""
        return self.steps[-1].result


def partner(group: str) -> TradingPartner:
    """The native group or visitor called ``group`` (7.6.5a L1897); ValueError if none."""
    try:
        return TradingPartner(group)
    except ValueError:
        names = ", ".join(TradingPartner)
        raise ValueError(f"{group!r} is no native group or visitor: one of {names}") from None


def friendliness(catalog: Catalog, state: GameState, character: str, group: str) -> int:
    """His recorded level of friendliness with ``group``: -2 Enemy to +2 Ally, as the character
    card gives it and the game has changed it (boons, 7.6.5e L1904; ``CharacterState``), 0
    (Neutral) when unlisted (7.6.5a L1897). Under Grudges and Gratitude it may go beyond Ally or
    Enemy: the extra levels are kept (10.B.6 L3133). A hired native or hired leader has his
    employer's (7.6.1c L1880, 7.6.5a, 7.7.1f.1 L1947)."""
    name = partner(group)
    minion = state.minions.get(character)
    sheet = state.characters[minion.employer if minion is not None else character]
    level = sheet.relationships.get(str(name), int(Relationship.NEUTRAL))
    if is_foe(catalog, state, character, str(name)):
        return min(level, int(Relationship.ENEMY))  # 7.2.4h: always the Enemy column
    return level


def is_foe(catalog: Catalog, state: GameState, character: str, group: str) -> bool:
    """7.2.4h: whether ``group`` is a foe of the campaign chit he carries — his employer's, for a
    hired leader or native, who uses his employer's relationships (7.6.1c)."""
    minion = state.minions.get(character)
    owner = minion.employer if minion is not None else character
    sheet = state.characters.get(owner)
    if sheet is None:
        return False
    for chit, task in sheet.tasks.items():
        if group in catalog.visitors[chit].face(task.face).foes:
            return True
    return False


def relationship(catalog: Catalog, state: GameState, character: str, group: str) -> Relationship:
    """His trading relationship with a native group or visitor (:func:`friendliness`) as a
    column of the table: Neutral when unlisted (7.6.5a L1897); above Ally is still Ally and
    below Enemy still Enemy (10.B.6 L3133)."""
    return _clamp(friendliness(catalog, state, character, group))


def column(relationship: int, *, drinks: bool) -> Relationship:
    """The column he rolls in for the level ``relationship`` (a :class:`Relationship` or a level
    beyond one, :func:`friendliness`): buying drinks makes the group one level friendlier (7.6.5b
    L1898, 8.2.2a L2279), never beyond Ally; a level worse than Enemy stays in the Enemy column
    even with drinks (10.B.6 L3133, its example)."""
    return _clamp(relationship + (1 if drinks else 0))


def level(catalog: Catalog, state: GameState, who: str, group: str) -> int:
    """The level of friendliness his Meeting roll with ``group`` starts from: his own
    (:func:`friendliness`), or the column a pacifying spell of his in effect on members of the
    group sets ("he uses the trading relationship defined by the spell rather than his normal
    trading relationships", 7.6.5a L1897, 7.7.1b.3 L1932). Reading: a group his campaign makes a
    foe stays in the Enemy column (7.2.4h "always"), spell or not."""
    own = friendliness(catalog, state, who, group)
    if partner(group).is_visitor or is_foe(catalog, state, who, group):
        return own
    members = [p for p in catalog.native_counters if catalog.group_of(p).name == group]
    spell = meeting_column(state, who, members)
    return own if spell is None else int(spell)


def drinks_help(catalog: Catalog, state: GameState, who: str, group: str) -> bool:
    """Whether drinks would make ``group`` friendlier to him (7.6.5b L1898, :func:`column`): not
    an Ally group, nor one worse than an Enemy (10.B.6 L3133), nor a foe of his campaign, for
    whom he cannot buy them (7.2.4h). Drinks that would not are not offered: they would only
    spend his gold."""
    if is_foe(catalog, state, who, group):
        return False
    start = level(catalog, state, who, group)
    return column(start, drinks=True) != column(start, drinks=False)


def _clamp(level: int) -> Relationship:
    return Relationship(min(max(level, Relationship.ENEMY), Relationship.ALLY))


def modifiers(catalog: Catalog, state: GameState, who: str, activity: Activity) -> tuple[int, int]:
    """His one-die modifications and the number he adds to each die on the Meeting Table (4.1.2
    L1043): :func:`rules.modifiers.one_die` — Fear (L3626), Cave Knowledge in a cave clearing
    (L3719), Tracking Skills in the Woods tiles (L4013), an active Lucky Charm (L4350) — except
    that an advantage limited to another activity does not count (Barter: Trade only, L3849);
    his advantages' die modifiers (Honor, -1, L3898); and what his treasures add, the Cloven
    Hoof's +1 in its clearing (L4344, :func:`rules.modifiers.treasure_modifier`). A hireling
    rolls with none of his employer's (4.1.4 L1045, 7.7.1f.1 L1947)."""
    if who not in state.characters:
        return 0, 0
    board = board_for(catalog, state.tiles)
    where = state.clearing_of(who)
    dice = one_die(catalog, board, state, who, DieTable.MEETING)
    added = 0
    for effect in catalog.characters[who].effects(state.characters[who].level):
        if not isinstance(effect, OneDie | DieModifier):
            continue
        if DieTable.MEETING not in effect.tables or not applies(board, effect.where, where):
            continue
        here = effect.activity in ("any", activity)
        if isinstance(effect, OneDie) and not here:
            dice -= 1
        elif isinstance(effect, DieModifier) and here:
            added += effect.modifier
    added += spell_modifier(catalog, state, who, DieTable.MEETING)  # Bad Luck, L5169
    return dice, added + treasure_modifier(catalog, board, state, who, DieTable.MEETING)


def meet(
    dice: Dice,
    catalog: Catalog,
    state: GameState,
    who: str,
    group: str,
    *,
    activity: Activity,
    drinks: bool,
    purpose: str = TABLE,
    start: int | None = None,
) -> Meeting:
    """Roll on the Meeting Table for ``who`` meeting ``group``: in the column of his relationship
    (:func:`relationship`; a pacifying spell's, :func:`level`), one friendlier with ``drinks``
    (:func:`column`), with his :func:`modifiers` for ``activity``; each roll is recorded
    through ``dice`` with ``purpose``.

    The rerolls are the table's (its results' ``reroll_in`` and ``reroll_shift``):

    - Trouble (Neutral, 6): "Immediately roll again and find your result in the Unfriendly
      column" (L5503) — the Unfriendly column itself, whatever drinks did;
    - Opportunity (Neutral and Friendly, 1): "Immediately roll again and find your result in the
      next friendlier column" (L5505) — friendlier than the column it was rolled in, so Neutral
      goes to Friendly and an Opportunity there to Ally.

    Each reroll is a roll on the Meeting Table, with the same modifiers (Fear: "Whenever the
    Black Knight rolls on the Meeting Table", L3626; Honor, "each die he rolls", L3898). The
    chain ends: the Unfriendly and Ally columns hold neither result, so a meeting is at most
    three rolls (Neutral, Friendly, Ally).

    ``start``, when given, is the level he starts from instead of his relationship with a
    native group: the column a pacifying spell sets for the monsters it lets him hire
    (7.7.5a L1980, :func:`rules.magic.pacification.hireable`); ``group`` then only names them.

    Drinks are for natives only (7.6.5b L1898): ValueError for a visitor. That he may buy them
    (in the Evening only when he is in the clearing, 8.2.2a L2279) and pays for them
    (:func:`drinks_cost`) is the caller's to check.
    """
    if start is None:
        if drinks and partner(group).is_visitor:
            raise ValueError(f"drinks are bought for natives, not for the {group} (7.6.5b)")
        if drinks and is_foe(catalog, state, who, group):
            raise ValueError(f"no drinks for the {group}, foes of his campaign (7.2.4h)")
        start = level(catalog, state, who, group)
    table = catalog.tables[TABLE]
    one, added = modifiers(catalog, state, who, activity)
    current: Relationship | None = column(start, drinks=drinks)
    steps: list[Step] = []
    while current is not None:
        roll = dice.roll(who, purpose, one_die=one, modifier=added)
        printed = table.for_relationship(roll.result, current)
        steps.append(Step(current, roll, MeetingResult.of(printed)))
        current = reroll_column(printed, current)
        if len(steps) > len(Relationship):
            raise RuntimeError(f"the {TABLE} rerolls without end: check its data")
    return Meeting(
        who=who, group=group, relationship=_clamp(start), drinks=drinks, steps=tuple(steps)
    )


def reroll_column(printed: Result, current: Relationship) -> Relationship | None:
    """The column a result read in ``current`` is rolled again in — Trouble's Unfriendly
    (L5503), Opportunity's next friendlier (L5505) — or None for a final result."""
    if printed.reroll_in is not None:
        return Relationship[printed.reroll_in.upper()]
    if printed.reroll_shift is not None:
        return Relationship(current + printed.reroll_shift)
    return None


def _hostile(result: MeetingResult, *, pays_insult: bool, pays_challenge: bool) -> bool:
    if result.kind is ResultKind.BLOCK_BATTLE:
        return True
    if result.kind is ResultKind.INSULT:
        return not pays_insult
    if result.kind is ResultKind.CHALLENGE:
        return not pays_challenge
    return False


def battles(result: MeetingResult, *, pays_insult: bool, pays_challenge: bool) -> bool:
    """8.2.2b (L2280): at the start of combat a Block/Battle, or an Insult or Challenge whose 5
    Notoriety or 5 Fame he does not pay (L5499, L5501), starts the group battling him and his
    hirelings; anything else does not, and has no other effect. Whether he can pay is the
    caller's (no Fame under the Disgust curse, L5499)."""
    return _hostile(result, pays_insult=pays_insult, pays_challenge=pays_challenge)


def blocks(result: MeetingResult, *, pays_insult: bool, pays_challenge: bool) -> bool:
    """In a Trade or Hire phase the same results make the group block him instead of battling
    (7.6.5d L1902, L5497; 8.2.2b note); they also refuse to deal."""
    return _hostile(result, pays_insult=pays_insult, pays_challenge=pays_challenge)


def drinks_cost(
    catalog: Catalog, state: GameState, group: str, clearing: str, who: str | None = None
) -> int:
    """What drinks for ``group`` cost in ``clearing``: one Gold point for each member of the
    group in the clearing, hired and unhired (7.6.5b L1898; for Hire too, 7.7.1b L1929).
    ValueError for a visitor: drinks are bought for natives only. 0 — none to buy — when the
    group is a foe of the campaign ``who`` carries: "he cannot buy drinks for foes" (7.2.4h)."""
    if partner(group).is_visitor:
        raise ValueError(f"drinks are bought for natives, not for the {group} (7.6.5b)")
    if who is not None and is_foe(catalog, state, who, group):
        return 0
    return sum(
        1
        for piece in state.at(Place.clearing(clearing))
        if piece in catalog.native_counters and catalog.group_of(piece).name == group
    )
