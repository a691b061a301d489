"""The odds of the Meeting Table (L5478–5505), worked out rather than rolled: which final
results a roll can reach in a column and with what chance, and so whether buying drinks before
the roll for battling natives at the start of combat (8.2.2a L2279) is a real choice — the
Evening asks it only then.

A roll on the table is two dice, one per one-die modification fewer (at least one), the highest
counting, plus what he adds to each die, kept within 1–6 (4.1.1–4.1.2, :meth:`rules.dice.Dice.roll`,
:func:`rules.meeting.modifiers`); Trouble and Opportunity are rolled again in the column they
name, with the same modifiers (L5503, L5505, :func:`rules.meeting.reroll_column`).

Readings, where the rules leave it open:

- In the Evening only Block/Battle, Insult and Challenge do anything (8.2.2b L2280: "any other
  result ... has no other effect"; Price and Boon "nothing happens", L5491, L5493). Insult and
  Challenge are told apart (they cost different points, and only a Challenge is unpayable under
  Disgust, L5499); everything else is one outcome, "nothing".
- Drinks are a real choice when they make the column friendlier (never beyond Ally, never out of
  the Enemy column for a level worse than Enemy, 10.B.6 L3133; never for a foe, 7.2.4h, whose
  drinks cost nothing to buy because none may be bought), when the roll without them can reach a
  result that battles him or owes a penalty, and when the friendlier column changes the chances
  of those results. Drinks that cannot change what the Evening does would only spend his gold:
  he is not asked, and buys none.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from rules.catalog import Catalog
from rules.meeting import TABLE, ResultKind, column, reroll_column
from rules.schema.base import Relationship

#: The results that do something in the Evening: the group battles him, or he owes a penalty
#: he may pay instead (8.2.2b L2280, L5499–5501).
EVENING_RESULTS = frozenset({ResultKind.BLOCK_BATTLE, ResultKind.INSULT, ResultKind.CHALLENGE})

Odds = dict[ResultKind | None, Fraction]
"""The chance of each final result that matters; None stands for every result that does
nothing then."""


def roll_odds(one_die: int, added: int) -> dict[int, Fraction]:
    """The chance of each number a Meeting Table roll gives: the highest of two dice, or of one
    for each ``one_die`` modification (never fewer than one die), plus ``added``, within 1–6."""
    count = max(1, 2 - one_die)
    throws = product(range(1, 7), repeat=count)
    faces = Counter(min(6, max(1, max(dice) + added)) for dice in throws)
    total = 6**count
    return {number: Fraction(times, total) for number, times in sorted(faces.items())}


def final_odds(
    catalog: Catalog, start: Relationship, *, one_die: int = 0, added: int = 0
) -> dict[ResultKind, Fraction]:
    """The chance of each final result of a meeting whose first roll is read in ``start``,
    Trouble and Opportunity rolled again as :func:`rules.meeting.meet` does (L5503, L5505)."""
    table = catalog.tables[TABLE]
    numbers = roll_odds(one_die, added)
    found: dict[ResultKind, Fraction] = {}
    waiting: list[tuple[Relationship, Fraction, int]] = [(start, Fraction(1), 0)]
    while waiting:
        current, chance, depth = waiting.pop()
        if depth > len(Relationship):
            raise RuntimeError(f"the {TABLE} rerolls without end: check its data")
        for number, share in numbers.items():
            printed = table.for_relationship(number, current)
            again = reroll_column(printed, current)
            if again is not None:
                waiting.append((again, chance * share, depth + 1))
                continue
            kind = ResultKind(printed.key)
            found[kind] = found.get(kind, Fraction(0)) + chance * share
    return found


def evening_odds(
    catalog: Catalog, start: Relationship, *, one_die: int = 0, added: int = 0
) -> Odds:
    """:func:`final_odds` as the Evening sees them: Block/Battle, Insult, Challenge, and None for
    the rest, which do nothing then (8.2.2b)."""
    odds: Odds = {}
    for kind, chance in final_odds(catalog, start, one_die=one_die, added=added).items():
        key = kind if kind in EVENING_RESULTS else None
        odds[key] = odds.get(key, Fraction(0)) + chance
    return odds


def drinks_matter(catalog: Catalog, level: int, *, one_die: int = 0, added: int = 0) -> bool:
    """Whether drinks bought before the roll for battling natives (8.2.2a) are a real choice for
    a character at friendliness ``level`` with the group (:func:`rules.meeting.friendliness`;
    a foe's drinks are the caller's to rule out, 7.2.4h) rolling with ``one_die`` and ``added``:
    they make the column friendlier, the roll without them can battle him or owe a penalty, and
    the friendlier column changes those chances (see the module's readings)."""
    plain, friendlier = column(level, drinks=False), column(level, drinks=True)
    if plain == friendlier:
        return False
    without = evening_odds(catalog, plain, one_die=one_die, added=added)
    if not any(kind is not None for kind in without):
        return False
    return without != evening_odds(catalog, friendlier, one_die=one_die, added=added)
