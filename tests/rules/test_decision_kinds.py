"""The registry of decision kinds (rules.decisions.kinds) says of each kind what the engine does
with it: checked against every decision the engine asks in the rule scenarios, and against the
places that read it (standing orders, typed plays, the bot's labels, the scenario runner)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.sealing import decision_label
from rules.catalog import catalog
from rules.decisions import COMBAT_KINDS, TURN_KINDS, CombatId, TurnId, kind_of
from rules.evening.windows import read_plays
from rules.events import Decision
from rules.orders.combat import COMBAT_KEYS
from rules.phrases import verbatim
from scenarios.search import SEARCH_KINDS
from scenarios.trading import HIRE_KINDS, TRADE_KINDS
from tests.once import once
from tests.rules.games import fresh
from tests.rules.stored_ids import ROOT, run_recording

RECORDED = json.loads((Path(__file__).parent / "stored_ids.json").read_text(encoding="utf-8"))


#: Decisions as the engine asked them.
Asked = tuple[Decision, ...]


def _asked() -> Asked:
    """Every decision the engine asks in the recorded scenarios, as asked."""
    return tuple(d for path in sorted(RECORDED) for d in run_recording(ROOT / path)[1])


@pytest.fixture(scope="session")
def asked(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Asked:
    """:func:`_asked`, played once for the whole run (:func:`tests.once.once`)."""
    return once(tmp_path_factory, worker_id, "decision-kinds-asked", _asked)


def test_the_scenarios_ask_decisions_of_every_form_and_of_hirelings(asked: Asked) -> None:
    kinds = {(type(d.where), d.kind) for d in asked}
    assert (TurnId, "sell") in kinds and (CombatId, "lure") in kinds
    assert (CombatId, "deploy") in kinds and (CombatId, "assign") in kinds


def test_every_decision_asked_is_of_a_kind_of_its_form_and_names_its_subject(asked: Asked) -> None:
    for decision in asked:
        kind = kind_of(decision.where)
        assert kind.name == decision.kind
        assert (decision.where.subject is not None) == (kind.subject is not None), decision.id


def test_a_kind_with_fixed_options_always_asks_them_its_default_first(asked: Asked) -> None:
    fixed = [d for d in asked if kind_of(d.where).fixed]
    assert {d.kind for d in fixed} >= {"drinks", "insult"}
    for decision in fixed:
        kind = kind_of(decision.where)
        assert (decision.options, decision.default) == (kind.fixed, kind.fixed[0]), decision.id


def test_what_declines_a_combat_decision_is_among_its_options(asked: Asked) -> None:
    combat = [(d, kind_of(d.where)) for d in asked if isinstance(d.where, CombatId)]
    assert any(kind.declined is not None for _, kind in combat)
    for decision, kind in combat:
        assert kind.asked, decision.id
        if kind.declined is not None:
            assert kind.declined in decision.options, decision.id


def test_a_hireling_s_decision_is_asked_of_its_employer_and_no_other_is(asked: Asked) -> None:
    """``for_hireling``: the id's ``who`` is the hireling, and the character asked is its
    employer; every other combat decision is asked of the one it is for."""
    combat = [(d, w) for d in asked if isinstance(w := d.where, CombatId)]
    assert any(kind_of(where).for_hireling for _, where in combat)
    for decision, where in combat:
        assert (where.who != decision.character) == kind_of(where).for_hireling, decision.id


def test_every_standing_key_answers_a_kind_and_the_parser_reads_them_all():
    keys = {key for kind in COMBAT_KINDS.values() for key in kind.keys}
    assert keys == set(COMBAT_KEYS) - {"round N"}


def test_the_scenario_entries_answer_kinds_of_a_turn():
    for name in (*SEARCH_KINDS, *TRADE_KINDS, *HIRE_KINDS):
        assert name in TURN_KINDS


def test_the_fatigue_step_is_its_own_window():
    assert {k.name for k in COMBAT_KINDS.values() if k.fatigue_step} == {"fatigue", "wound"}


def combat_decision(ref: str, options: tuple[str, ...]) -> Decision:
    return Decision(
        id=ref,
        character="Amazon",
        kind=CombatId.parse(ref).kind,
        prompt=verbatim("?"),
        options=options,
        default=options[0],
    )


def test_a_kind_no_standing_key_answers_is_typed_with_what_it_is_about():
    """A hireling's decision is about the hireling (its id's ``who``), a denizen won about the
    denizen (its subject): ``deploy Company 1: Giant 1``, ``assign Giant 1: Company 2``."""
    deploy = combat_decision("d1/DW5/r1/deploy/Company 1", ("none", "Giant 1"))
    assign = combat_decision("d1/DW5/r1/assign/Amazon/Giant 1", ("Company 1", "Company 2"))
    state = fresh(7, ["Amazon"])
    text = "deploy Company 1: Giant 1\nassign Giant 1: Company 2"
    typed = read_plays(catalog(), state, "Amazon", text, [deploy, assign])
    assert typed.problems == ()
    assert typed.answers == {deploy.id: "Giant 1", assign.id: "Company 2"}
    assert decision_label("deploy", deploy.id) == "deploy Company 1"
    assert decision_label("assign", assign.id) == "assign Giant 1"
    assert decision_label("attack", "d1/DW5/r1/attack/Amazon") == "attack"


def test_a_combat_kind_is_typed_one_way():
    """By its standing key, or — in a window — by its name and what it is about; a hireling's
    decision by what it is about (no standing key answers it), and a kind asked alone, not in a
    window, by neither."""
    for kind in COMBAT_KINDS.values():
        assert not (kind.key is not None and kind.for_hireling), kind.name
        assert kind.window is not None or kind.key is None, kind.name


#: Where an id may be split apart: only the module that reads ids.
READER = Path("rules/decisions/ids.py")
SPLIT = re.compile(r"""\.(r?split|r?partition)\(\s*["']/["']|f["']d\{""")


def test_no_code_but_the_id_reader_splits_on_a_slash_or_writes_an_id():
    """Ids are read with ``DecisionId.parse`` and written with ``format()``: no other code
    of the application splits a text on ``/`` (an id's subject may hold one, ``Pony M3/M4``)
    nor writes ``d{day}/...`` itself."""
    found = [
        f"{path}:{number}: {line.strip()}"
        for package in ("rules", "bot", "db", "scenarios")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.relative_to(ROOT) != READER
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SPLIT.search(line)
    ]
    assert found == []
