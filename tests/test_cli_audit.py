"""``realmbot audit``: the honesty map printed as Markdown or JSON, or written into a checkout;
its help needs none of the engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.audit import BEGIN, END
from bot.cli import main
from rules.loud import LOUD

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_help_imports_neither_the_audit_nor_the_engine():
    probe = (
        "import sys\n"
        "from bot.cli import main\n"
        "try:\n"
        "    main(['audit', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([m for m in ('bot.audit', 'rules.catalog', 'rules.loud') if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "--write" in result.stdout and "--json" in result.stdout
    assert result.stdout.rstrip().endswith("[]"), result.stdout


def test_the_map_printed_is_the_one_checked_in(capsys):
    status, out, err = run(capsys, "audit")
    assert (status, err) == (0, "")
    assert out == (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")


def test_the_rows_as_json_hold_every_declared_report(capsys):
    status, out, _ = run(capsys, "audit", "--json")
    assert status == 0
    rows = json.loads(out)["rows"]
    keys = {"table", "subject", "rule", "status", "what", "where", "proof", "reported"}
    assert all(keys <= set(row) for row in rows)
    loud = {row["rule"] for row in rows if row["table"] == "loud"}
    assert loud == set(LOUD)
    (limit,) = [row for row in rows if row["table"] == "loud" and row["rule"] == "10.A.4"]
    assert limit["status"] == "loud" and limit["proof"].startswith("tests/scenarios/")
    (ashes,) = [row for row in rows if row["table"] == "curses" and row["subject"] == "Ashes"]
    assert ashes["status"] == "done" and not ashes["reported"]


def checkout(tmp_path: Path, readme: str) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    return tmp_path


def test_write_puts_the_map_and_the_readme_table_in_the_checkout_here(
    capsys, tmp_path, monkeypatch
):
    root = checkout(tmp_path, f"# A project\n\nBefore.\n\n{BEGIN}\nstale\n{END}\n\nAfter.\n")
    monkeypatch.chdir(root)
    status, out, err = run(capsys, "audit", "--write")
    assert (status, err) == (0, "")
    assert "docs/audit.md" in out and "README.md" in out
    assert (root / "docs" / "audit.md").read_text(encoding="utf-8") == (
        ROOT / "docs" / "audit.md"
    ).read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert readme.startswith(f"# A project\n\nBefore.\n\n{BEGIN}\n| reported as |")
    assert readme.endswith(f"\n{END}\n\nAfter.\n") and "stale" not in readme
    assert "10.A.4" in readme


@pytest.mark.parametrize(
    ("docs", "readme", "words"),
    [
        (False, f"{BEGIN}\n{END}\n", "is not a folder"),
        (True, "# No markers\n", "no lines"),
    ],
)
def test_write_outside_a_checkout_is_one_line_and_writes_nothing(
    capsys, tmp_path, monkeypatch, docs, readme, words
):
    if docs:
        (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "audit", "--write")
    assert (status, out) == (2, "")
    assert err.startswith("realmbot: ") and words in err and err.count("\n") == 1
    assert not (tmp_path / "docs" / "audit.md").exists()
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == readme


def test_json_and_write_together_are_refused(capsys):
    with pytest.raises(SystemExit) as info:
        main(["audit", "--json", "--write"])
    assert info.value.code == 2
    assert "not allowed with" in capsys.readouterr().err
