"""The Curses (4.6.8a; the Curses Table, L5272–5280): :data:`CURSES` says, for each, the rule of
its effects, whether the engine applies them and where, and their proof; a Curse whose effects
are not wholly applied is reported when it is inflicted
(:func:`rules.daylight.runes.inflict_curse`).

What a Curse forbids in Daylight (4.6.8a.2) is applied here: a character with **Eyemist** cannot
Search on any table, the Peer Table included — the Enhanced Peer activity he may do; with **Ill
Health** he cannot Rest; with **Squeak** he cannot Hide. He may record the activity, which is
cancelled if the Curse is still on him when he does it. Curses touch characters only (a.1).

Readings for Disgust (L5280: "he cannot do any game function that would cause him to subtract
from" his Fame): what he would choose to do and that costs Fame is refused — paying a Challenge
(L5499), taking a chit whose cost is Fame (7.2.4c), buying or taking as a boon a card whose Fame
reward he would lose (7.6.6). What befalls him is not a function he does, and is subtracted from
his recorded Fame as usual, which does not count while the Curse lasts (a.4): the penalty of a
task he fails (7.2.4d) and the Fame his hired natives' rebellion costs (8.4.2g).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.day.context import Ctx
from rules.magic.nullifying import curses_in_force
from rules.orders.model import Activity, ActivityKind
from rules.phrases import Phrase, phrase

Done = Literal["yes", "partly", "no"]


@dataclass(frozen=True)
class Curse:
    """One Curse as the Curses Table prints it: its line there, the rule of its effects,
    whether the engine applies them (``partly`` and ``no`` say what is missing in ``missing``, a
    phrase its report names), where, and the proof of what is applied (a path under the
    repository: a scenario or a test module)."""

    line: int
    rule: str
    done: Done
    effect: str
    where: str
    proof: str
    missing: Phrase | None = None


_CURSES = "tests/scenarios/curses/"

#: Every Curse of the Curses Table, by its name as printed.
CURSES: dict[str, Curse] = {
    "Eyemist": Curse(
        5275, "4.6.8a.2", "yes",
        "no Search on any table (the Enhanced Peer he may do): the phase is cancelled",
        "rules.daylight.curses",
        _CURSES + "4.6.8a2_eyemist_cancels_a_search_not_the_enhanced_peer.yaml",
    ),
    "Squeak": Curse(
        5276, "4.6.8a.2", "yes",
        "no Hide: the phase is cancelled",
        "rules.daylight.curses",
        _CURSES + "4.6.8a2_squeak_cancels_his_hide.yaml",
    ),
    "Wither": Curse(
        5277, "4.6.8a.3", "yes",
        "his chits with asterisks fatigued, and none brought back into play by a Rest",
        "rules.chits.wither, rules.chits.restable",
        "tests/rules/daylight/test_curses.py",
    ),
    "Ill Health": Curse(
        5278, "4.6.8a.2", "yes",
        "no Rest: the phase is cancelled, and he is killed if he can only Rest (9.1.1c)",
        "rules.daylight.curses, rules.day.leaving.cannot_rest",
        "tests/scenarios/deaths/9.1.1c_ill_health_cannot_rest_killed.yaml",
    ),
    "Ashes": Curse(
        5279, "4.6.8a.4", "yes",
        "his recorded gold counts as -1: no gold spent or given (trades, drinks, wages, "
        "prices), and -1 in his score (9.3.2e)",
        "rules.chits.spendable_gold, rules.end.scoring",
        "tests/rules/daylight/test_curses.py",
    ),
    "Disgust": Curse(
        5280, "4.6.8a.4", "yes",
        "his recorded Fame counts as -1 in his score (9.3.2c); no Fame lost by his choice: no "
        "Challenge paid (L5499), no chit costing Fame taken (7.2.4c), no card bought whose Fame "
        "reward he would lose (7.6.6)",
        "rules.end.scoring, rules.meeting, rules.daylight.missions, rules.daylight.buying",
        _CURSES + "4.6.8a4_disgust_forbids_a_chit_whose_cost_is_fame_L5280.yaml",
    ),
}  # fmt: skip

#: The activity each Daylight Curse forbids, as the Curses Table prints it.
FORBIDS = {
    "Eyemist": ActivityKind.SEARCH,
    "Ill Health": ActivityKind.REST,
    "Squeak": ActivityKind.HIDE,
}


def forbidden(ctx: Ctx, name: str, activity: Activity) -> Phrase | None:
    """Why his Curse in force cancels ``activity`` (4.6.8a.2), or None: one nullified by a
    protection on him does not (L4964, :func:`rules.magic.nullifying.curses_in_force`)."""
    if not ctx.is_character(name):
        return None
    for curse in curses_in_force(ctx.state.spells, ctx.sheet(name)):
        if FORBIDS.get(curse) is activity.kind:
            return phrase("daylight.curse_forbids", curse=curse)
    return None
