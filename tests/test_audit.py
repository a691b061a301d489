"""The audit of sections 6 and 7 (docs/audit-birdsong-daylight.md) stays true: every row has a
status, every proof it names exists, and every 6.x or 7.x rule a scenario lists has a row."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "docs" / "audit-birdsong-daylight.md"
SCENARIOS = ROOT / "tests" / "scenarios"
ROW = re.compile(r"^\| (?P<rule>[67][0-9.–]+) \| (?P<status>[a-z]+)[:,]? .*\| (?P<proof>[^|]*) \|$")


def rows() -> list[tuple[str, str, str]]:
    found = []
    for line in AUDIT.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            proof = match["proof"].strip().strip("`")
            found.append((match["rule"], match["status"], proof))
    return found


def covers(row: str, rule: str) -> bool:
    """Whether the row ``7.5.1–7.5.7`` or ``7.3.1`` is where ``rule`` (``7.3.1h``) belongs; a
    whole section (``6.2``) belongs to the rows of its rules."""
    first, _, last = row.partition("–")
    number = tuple(int(n) for n in re.findall(r"\d+", rule)[:3])
    low = tuple(int(n) for n in first.split("."))
    high = tuple(int(n) for n in (last or first).split("."))
    size = min(len(low), len(number))
    return low[:size] <= number[:size] <= high[:size]


def test_every_row_has_a_status_and_its_proof_exists():
    assert len(rows()) > 50
    for rule, status, proof in rows():
        assert status in ("done", "partly", "loud"), rule
        if proof in ("—", ""):
            assert status == "loud", f"{rule}: what is done has a proof"
            continue
        path = ROOT / proof if proof.startswith("tests/") else SCENARIOS / proof
        assert path.is_file(), f"{rule}: {proof} does not exist"


def test_every_rule_a_scenario_lists_has_a_row():
    table = rows()
    listed: set[str] = set()
    for path in SCENARIOS.rglob("*.yaml"):
        for rule in yaml.safe_load(path.read_text(encoding="utf-8")).get("rules") or []:
            if re.match(r"^[67]\.\d", str(rule)):
                listed.add(str(rule))
    for rule in sorted(listed):
        assert any(covers(row, rule) for row, _, _ in table), f"{rule} has no row"


def test_every_rows_scenario_lists_the_rule_it_proves():
    """A row's proof is a scenario about that rule, not a neighbour's: its ``rules`` name a rule
    the row covers."""
    for rule, _, proof in rows():
        if not proof.endswith(".yaml"):
            continue
        listed = yaml.safe_load((SCENARIOS / proof).read_text(encoding="utf-8")).get("rules") or []
        numbered = [str(r) for r in listed if re.match(r"^[67]\.\d", str(r))]
        assert any(covers(rule, r) for r in numbered), f"{rule}: {proof} lists {listed}"
