"""Search decisions answered from a scenario's ``choices.<searcher>.search`` (SCENARIOS.md
Part 2, "Choices"; the entry's form is :class:`~scenarios.format.SearchChoice`).

The engine asks the decisions of a Search phase (7.5) under ids
``d{game day}/{whose turn}/p{phase}/{kind}/{who}`` (:meth:`rules.day.context.Ctx.decision_id`),
of the kinds :data:`SEARCH_KINDS`: ``search_choice`` (a Choice result, L5577), ``take_from`` and
``item`` (looting and Magic Sight's taking, 7.5.5f, 7.5.7d), ``perceive_from`` and ``learn``
(spells, 7.5.6, 7.5.7e). Each is answered from the entry of his searches that belongs to the
phase: the k-th S or P phase of the orders recorded for the individual whose turn it is takes
his k-th entry, whatever the phases before it did (a cancelled search still uses its entry).
So:

- the entries are the searcher's own: a character's under his name, a hired leader's or
  controlled monster's (whose orders his employer records, 6.2.5) or a familiar's (L3926) under
  its piece id, as ``orders`` are;
- a follower makes no search decisions: he shares what his guide finds (7.11.6c), and has no
  phases of his own, so entries for him are malformed;
- a decision of those kinds in a phase that is not an S or P phase is not a search's (an
  item bought in a Trade phase), and is answered as any other.

A key the entry does not give — or a search phase with no entry — leaves its decision to the
rest of the runner: the next of the searcher's recorder's ``answers``, if any are left, else its
default (or, when the scenario itself turns ``wait_for_decisions`` on, the run stops with it
pending), as for any decision. An answer that is not among the
decision's options (a site he has not discovered, a spell the pile does not hold) makes the
scenario malformed (:class:`~scenarios.format.ScenarioError`) rather than quietly taking
the default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.catalog import Catalog
from rules.events import Decision
from rules.orders.model import ActivityKind, Orders
from scenarios.format import Choices, ScenarioError, SearchChoice
from scenarios.phase_entries import PhaseEntries, activity_phases

#: The kinds of the decisions a Search phase asks, and the key of an entry that answers each.
SEARCH_KINDS: Mapping[str, str] = {
    "search_choice": "choice",
    "take_from": "take_from",
    "perceive_from": "perceive_from",
    "learn": "learn",
    "item": "item",
}

#: The activities that are Search phases: S, and the Enhanced Peer activity P (7.5.4i).
SEARCHES = frozenset({ActivityKind.SEARCH, ActivityKind.PEER})

#: The answer that takes or learns nothing.
NONE = "none"

#: The tables whose results a Choice may take (L5577, 7.5.7f).
CHOICE_TABLES = ("Peer Table", "Locate Table")


def everyone(orders: Iterable[Orders]) -> dict[str, Orders]:
    """The orders by individual: each one's, and those recorded within them (6.2.5, L3926)."""
    found: dict[str, Orders] = {}
    pending = list(orders)
    while pending:
        own = pending.pop(0)
        found[own.character] = own
        pending.extend(own.recorded)
    return found


def choice_results(catalog: Catalog) -> list[str]:
    """The results a Choice may take, as printed: those of the Peer and Locate Tables that find
    something (nothing and Choice itself are no choice)."""
    texts: list[str] = []
    for table in CHOICE_TABLES:
        for row in catalog.tables[table].results.values():
            if row.finds and row.text not in texts:
                texts.append(row.text)
    return texts


def check_entries(
    searches: Mapping[str, Sequence[SearchChoice]],
    orders: Mapping[str, Orders],
    refused: Iterable[str] = (),
) -> None:
    """Each searcher's entries, against his parsed orders (by individual, recorded ones
    included): a follower has none, and nobody more than his S and P phases. Those whose orders
    were ``refused`` (a scenario expecting errors) are not checked."""
    for name, entries in searches.items():
        if not entries or name in refused:
            continue
        key = f"choices.{name}.search"
        own = orders.get(name)
        if own is None:
            raise ScenarioError(key, f"{name} has no orders, so no Search phase to answer")
        if own.follow is not None:
            raise ScenarioError(
                key,
                f"{name} follows {own.follow}: a follower makes no search decisions, he shares "
                "what his guide finds (7.11.6c)",
            )
        phases = activity_phases(own, SEARCHES)
        if len(entries) > len(phases):
            raise ScenarioError(
                key,
                f"{len(entries)} entries, but {name}'s orders have {len(phases)} S or P "
                f"phase{'' if len(phases) == 1 else 's'}: one entry per Search phase, in order "
                "(a hireling's or familiar's entries go under its own name)",
            )


class Searches(PhaseEntries[SearchChoice]):
    """The scenario's search entries by searcher, and the search phases of everyone's orders."""

    key = "search"
    activities = SEARCHES
    kinds = SEARCH_KINDS.keys()

    def _field(self, decision: Decision) -> str:
        return SEARCH_KINDS[decision.kind]

    def _value(self, decision: Decision, entry: SearchChoice) -> str | None:
        value = getattr(entry, SEARCH_KINDS[decision.kind])
        return None if value is None else str(value)


def entries_by_name(
    choices: Mapping[str, Choices], name_of: Mapping[str, str]
) -> dict[str, list[SearchChoice]]:
    """``choices.<written>.search`` by the individual each key names (``name_of``)."""
    return {name_of[written]: list(chosen.search) for written, chosen in choices.items()}
