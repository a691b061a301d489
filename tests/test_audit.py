"""The honesty map (``realmbot audit``, :mod:`bot.audit`) stays true and cannot go stale: the
checked-in ``docs/audit.md`` and the README's table are what it generates; every row has a status
and a proof that exists; every rule number and line is in the rulebook; every report a row names
is one the engine declares, and the engine makes no report it does not declare; and every loud
row's scenario expects its ``not_implemented`` report, and passes."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.audit import (
    BEGIN,
    END,
    MAP,
    README,
    SCENARIOS,
    Row,
    audit_rows,
    markdown,
    readme_table,
    readme_with_table,
)
from bot.audit_rows import SECTIONS_6_7
from bot.scenarios import run_file
from rules.catalog import catalog
from rules.daylight import sites, trading, turn
from rules.daylight.curses import CURSES
from rules.loud import LOUD
from rules.optional_rules import OPTIONAL_RULES
from tests.rulebook import locate, rulebook_lines

ROOT = Path(__file__).resolve().parent.parent


@cache
def rows() -> tuple[Row, ...]:
    return tuple(audit_rows(catalog()))


def table(name: str) -> list[Row]:
    return [row for row in rows() if row.table == name]


@cache
def scenario(path: str) -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), path
    return loaded


def expected_events(path: str) -> Iterator[dict[str, Any]]:
    """The events a scenario's ``expect.events`` lists, groups (in any order) flattened."""
    for entry in (scenario(path).get("expect") or {}).get("events") or []:
        yield from entry if isinstance(entry, list) else [entry]


def covers(row: str, rule: str) -> bool:
    """Whether the row ``7.5.1–7.5.7`` or ``7.3.1`` is where ``rule`` (``7.3.1h``) belongs; a
    whole section (``6.2``) belongs to the rows of its rules."""
    first, _, last = row.partition("–")
    number = tuple(int(n) for n in re.findall(r"\d+", rule)[:3])
    low = tuple(int(n) for n in first.split("."))
    high = tuple(int(n) for n in (last or first).split("."))
    size = min(len(low), len(number))
    return low[:size] <= number[:size] <= high[:size]


# --- generated, never stale -------------------------------------------------------------------


def test_the_checked_in_map_and_readme_table_are_what_realmbot_audit_makes():
    """Run ``realmbot audit --write`` (``make audit``) after changing what the engine does."""
    hint = "run `realmbot audit --write` (make audit) and commit what it writes"
    assert (ROOT / MAP).read_text(encoding="utf-8") == markdown(rows()) + "\n", hint
    text = (ROOT / README).read_text(encoding="utf-8")
    assert readme_with_table(text, readme_table(rows())) == text, hint


def test_the_readme_table_is_written_between_its_markers_only():
    before = f"# x\n{BEGIN}\nold\n{END}\nafter\n"
    assert readme_with_table(before, "new") == f"# x\n{BEGIN}\nnew\n{END}\nafter\n"
    with pytest.raises(ValueError, match="no lines"):
        readme_with_table("# x\n", "new")


# --- every row ------------------------------------------------------------------------------


def test_every_row_has_a_status_and_its_proof_exists():
    assert len(table("sections")) > 50
    assert {row.table for row in rows()} == {
        "loud",
        "sections",
        "advantages",
        "powers",
        "curses",
        "options",
    }
    for row in rows():
        assert row.status in ("done", "partly", "loud"), row
        assert row.proof, f"{row.table} {row.subject}: no proof"
        assert (ROOT / row.proof).is_file(), f"{row.subject}: {row.proof} does not exist"
        if row.status == "loud":
            assert row.reported, f"{row.subject}: loud, but reported as what?"
        cells = (row.subject, row.rule, row.what, row.missing, row.proof, *row.where)
        assert not any("|" in cell or "\n" in cell for cell in cells), row


def test_every_rule_a_scenario_lists_has_a_row():
    listed: set[str] = set()
    for path in (ROOT / SCENARIOS).rglob("*.yaml"):
        for rule in scenario(str(path.relative_to(ROOT))).get("rules") or []:
            if re.match(r"^[67]\.\d", str(rule)):
                listed.add(str(rule))
    for rule in sorted(listed):
        assert any(covers(row.subject, rule) for row in table("sections")), f"{rule} has no row"


def test_every_rows_own_scenario_lists_the_rule_it_proves():
    """A row's proof is a scenario about that rule, not a neighbour's: its ``rules`` name a rule
    the row covers (a loud row proven by its report's scenario is checked below)."""
    for written in SECTIONS_6_7:
        if not written.proof.endswith(".yaml"):
            continue
        listed = scenario(SCENARIOS + written.proof).get("rules") or []
        numbered = [str(r) for r in listed if re.match(r"^[67]\.\d", str(r))]
        assert any(covers(written.rule, r) for r in numbered), f"{written.rule}: {listed}"


# --- loud rows ----------------------------------------------------------------------------------


def test_every_report_a_row_names_is_declared_by_the_engine():
    """A row of sections 6 and 7 names the engine's reports by their rules; every report of a
    rule of sections 6 and 7 covers a row; an optional rule or Curse not built is reported as a
    declared rule."""
    for row in table("sections"):
        for rule in row.reported:
            assert rule in LOUD, f"{row.subject}: {rule} is not in rules.loud.LOUD"
        if row.status == "loud":
            assert row.reported, row.subject
    named = {rule for row in table("sections") for rule in row.reported}
    for rule in LOUD:
        if re.match(r"^[67]\.", rule):
            assert rule in named, f"{rule} is reported, but no row of sections 6 and 7 says so"
    for key, option in OPTIONAL_RULES.items():
        if option.done != "yes":
            assert option.rule in LOUD, key
            assert option.proof == SCENARIOS + LOUD[option.rule].scenario, key


@cache
def _passes(path: str) -> list[str]:
    result = run_file(ROOT / path, catalog())
    return [] if result.passed else result.lines


def test_every_loud_rows_scenario_expects_its_report_and_passes():
    """DESIGN principle 4: what is not implemented says so loudly. The scenario a loud row names
    expects the ``not_implemented`` event of (one of) the rules the row is reported as, and
    passes."""
    loud = [row for row in rows() if row.status == "loud"]
    assert loud, "the audit reads the loud rows (they shrink as the rules are built)"
    for row in loud:
        assert row.proof.startswith(SCENARIOS) and row.proof.endswith(".yaml"), row.subject
        reports = {
            str(event.get("rule"))
            for event in expected_events(row.proof)
            if event.get("type") == "not_implemented"
        }
        assert reports & set(row.reported), (
            f"{row.table} {row.subject}: {row.proof} expects no not_implemented event of "
            f"{', '.join(row.reported)} (it expects {sorted(reports)})"
        )
        assert not _passes(row.proof), f"{row.proof} fails: {_passes(row.proof)}"


def _reports_in(path: Path) -> Iterator[tuple[int, ast.expr | None]]:
    """The ``rule`` of every ``not_implemented`` report a module of the engine makes: a call
    naming ``not_implemented`` (an ``emit("not_implemented", ...)`` or a typed event of that
    name), with its line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        called = ast.unparse(node.func).replace("_", "").casefold()
        named = any(
            isinstance(arg, ast.Constant) and arg.value == "not_implemented" for arg in node.args
        )
        if named or "notimplemented" in called.rsplit(".", 1)[-1]:
            rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
            yield node.lineno, rule


def test_the_engine_makes_no_report_it_does_not_declare():
    """Every ``not_implemented`` report in ``rules/`` names a rule declared in
    :data:`rules.loud.LOUD`, or takes it from a table the map reads (the advantages, powers,
    curses) or from a table whose every rule is declared (checked here)."""
    found = 0
    for path in sorted((ROOT / "rules").rglob("*.py")):
        for number, named in _reports_in(path):
            found += 1
            where = f"{path.relative_to(ROOT)}:{number}"
            assert named is not None, f"{where}: a report names no rule"
            if isinstance(named, ast.Constant):
                assert named.value in LOUD, f"{where}: {named.value!r} is not in rules.loud.LOUD"
    assert found >= 5, "the scanner finds the engine's reports (9 when magic was built)"
    assert {rule for rule, _ in turn.LATER.values()} <= set(LOUD)
    assert {site_line for site_line, _ in sites.WAITING.values()} <= set(LOUD)
    for option, (rule, _) in trading.OPTIONAL_RULES.items():
        assert rule in LOUD and OPTIONAL_RULES[option].rule == rule, option


# --- against the rulebook -----------------------------------------------------------------------


def test_every_declared_line_is_where_the_rulebook_prints_its_rule():
    lines = rulebook_lines()
    for loud in LOUD.values():
        assert locate(loud.rule) == loud.line, loud.rule
        assert loud.quote in lines[loud.line - 1], (loud.rule, lines[loud.line - 1][:80])
    for key, option in OPTIONAL_RULES.items():
        assert locate(option.rule) == option.line, key
    for name, curse in CURSES.items():
        assert locate(curse.rule) is not None, name
        assert name in lines[curse.line - 1], (name, lines[curse.line - 1][:40])


def test_every_rule_number_of_a_row_is_in_the_rulebook():
    """The rules of sections 6 and 7 each row covers (both ends of a range) and every report a
    row names."""
    rulebook_lines()
    for row in table("sections"):
        for rule in row.subject.split("–"):
            assert locate(rule) is not None, f"{row.subject}: {rule} is not in the rulebook"
    for row in rows():
        for rule in row.reported:
            assert locate(rule) is not None, f"{row.table} {row.subject}: {rule}"
