"""Rule scenarios: the test contract of SCENARIOS.md — a situation, orders, answers and forced
dice, part of a day resolved, and what must be true afterwards.

A scenario is a small YAML document, read elsewhere (``bot/scenarios.py`` for ``realmbot scenario
run`` and the pytest collector) and handed here as plain data; this package does no file I/O.

==================  ===========================================================================
``format.py``       the keys of a scenario file (pydantic models) and :func:`load_scenario`
``plays.py``        the form of ``plays`` and ``positions`` (Part 2, combat)
``expect.py``       the form of ``expect``
``names.py``        the scenario's names checked against the catalog and the map; copies of a
                    piece (:func:`~scenarios.names.is_copy`), heads and clubs
                    (:func:`~scenarios.names.part_id`), roadways
                    (:func:`~scenarios.names.road_place`)
``build.py``        :func:`build_state`: the situation as a :class:`~rules.state.GameState` at
                    Birdsong (or Sunset), the rest set up as section 3 does, the forced dice
                    queued
``piles.py``        the Set Up Card boxes and abandoned piles a scenario sets up and expects
``validate.py``     the names of ``orders``, ``answers``, ``expect`` and ``plays`` checked
``run.py``          :func:`run`: the orders parsed, the day resolved up to ``until``, each
                    character's answers given to his decisions by their ids, combat decisions
                    answered from ``plays``, search decisions from ``choices``, ``positions``
                    given, stopping after ``rounds``
``combat.py``       combat decision ids read, plays turned into answers, fixed positions
``search.py``       the decisions of Search phases answered from ``choices.<searcher>.search``,
                    the k-th S or P phase of his orders by his k-th entry
``enchanting.py``   Part 3's keys of Enchant: ``color_chits`` set up and expected,
                    ``choices.<name>.enchant`` answering the ``enchant`` decisions, ``expect.tiles``
``energizing.py``   ``choices.<name>.color``: colour chits played as a Daylight phase starts,
                    given as answers ahead to the ``color`` decisions
``spell_answers.py`` ``choices.<name>.spells``: the answers to the questions spells ask (the
                    ``spell`` decisions), each entry naming its spell, in the order asked
``check.py``        :func:`check`: every difference from ``expect``, one line each
``matching.py``     expected events matched with a run's (groups, unnumbered names, audience)
==================  ===========================================================================

The project's extensions, documented with the format: denizens ``hired_by`` or ``controlled_by``
a scenario character (with ``term``, ``hidden`` and ``found_enemies``), orders and expected
errors for them by piece id, ``expect.minions`` (7.7), and combat decisions ``plays`` has no key
for (``assign``) answered from ``answers``, and the search entries of a hired leader, controlled
monster or familiar under its piece id in ``choices``, with ``perceive_from`` (Magic Sight's
Perceive spell, 7.5.7e) beside SCENARIOS.md's ``choice``, ``take_from``, ``learn`` and ``item``;
and a character's ``at`` a roadway (``DW5-DW4``) he ran away onto the evening before (8.3.8d),
at Birdsong as at Sunset.
"""

from __future__ import annotations

from scenarios.build import build_state, scenario_board
from scenarios.check import check
from scenarios.format import Scenario, ScenarioError, load_scenario
from scenarios.matching import show_event
from scenarios.run import Outcome, ParseFn, ResolveFn, public_report, run

__all__ = [
    "Outcome",
    "ParseFn",
    "ResolveFn",
    "Scenario",
    "ScenarioError",
    "build_state",
    "check",
    "load_scenario",
    "public_report",
    "run",
    "scenario_board",
    "show_event",
]
