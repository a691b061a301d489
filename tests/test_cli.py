"""The ``realmbot`` command line: the catalog commands, their output and their errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from rules.catalog import catalog


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_summary_counts_every_kind(capsys):
    status, out, err = run(capsys, "catalog")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Magic Realm catalog (3rd edition, release 3.1)"
    assert "  tiles" in lines[1]
    assert "20 tiles, 95 clearings per side, 163 roads on normal sides" in lines[1]
    assert any(line.split()[:3] == ["characters", "16", "characters,"] for line in lines)
    assert any("74 cards" in line and line.strip().startswith("treasures") for line in lines)


def test_stats_as_json_are_the_catalog_counts(capsys):
    status, out, _ = run(capsys, "catalog", "stats", "--json")
    assert status == 0
    assert json.loads(out) == catalog().stats()
    assert json.loads(out)["monsters"]["counters"] == 59


def test_show_prints_a_character_readably(capsys):
    status, out, _ = run(capsys, "catalog", "show", "Amazon")
    assert status == 0
    assert out.startswith("# character: Amazon\n")
    # The Amazon's Scout row, L3578: MOVE M4, MOVE M3*, FIGHT L4.
    assert "  title: Scout\n  chits:\n  - MOVE M4\n  - MOVE M3*\n  - FIGHT L4\n" in out
    assert "Company: unfriendly" in out


def test_show_finds_a_tile_by_code_or_name(capsys):
    _, by_code, _ = run(capsys, "catalog", "show", "CV")
    _, by_name, _ = run(capsys, "catalog", "show", "Curst", "Valley")
    assert by_code == by_name
    assert by_code.startswith("# tile: Curst Valley\n")
    assert "code: CV" in by_code


def test_show_lists_every_kind_sharing_a_name(capsys):
    _, out, _ = run(capsys, "catalog", "show", "Company")
    assert "# native group: Company" in out
    assert "# Set Up Card box: Company" in out


def test_an_unknown_name_is_one_line_on_stderr_with_exit_status_2(capsys):
    status, out, err = run(capsys, "catalog", "show", "Amazone")
    assert status == 2
    assert out == ""
    assert err.startswith(
        "realmbot: nothing in the catalog is called 'Amazone'; did you mean 'Amazon'"
    )
    assert err.count("\n") == 1


def test_a_bad_subcommand_exits_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["catalog", "shw", "Amazon"])
    assert info.value.code == 2


SCRIPT = Path(sys.executable).parent / "realmbot"


@pytest.mark.skipif(not SCRIPT.exists(), reason="console script not installed beside Python")
def test_the_installed_console_script_prints_the_summary():
    result = subprocess.run(
        [str(SCRIPT), "catalog"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Magic Realm catalog")


def test_the_module_runs_as_a_script():
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "catalog", "show", "Giant"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# monster: Giant\n")


def test_show_spells_out_structured_advantages(capsys):
    """Cave Knowledge (L3719): one die on Hide, Meeting and Search tables in a cave clearing."""
    _, out, _ = run(capsys, "catalog", "show", "Dwarf")
    knowledge = out[out.index("- name: Cave Knowledge") : out.index("starting_locations:")]
    assert "    kind: one_die\n" in knowledge
    assert "    where: cave_clearing\n" in knowledge
    assert "aliases" not in out, "empty fields are left out"


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (("bogus",), "realmbot: argument COMMAND: invalid choice: 'bogus'"),
        (("scenario",), "realmbot: scenario: the following arguments are required"),
    ],
)
def test_a_usage_error_names_the_program_once_and_the_command_if_any(capsys, argv, start):
    with pytest.raises(SystemExit) as stopped:
        main(list(argv))
    _, err = capsys.readouterr()
    assert stopped.value.code == 2
    assert err.startswith(start), err
    assert err.count("realmbot:") == 1 and err.count("\n") == 1, err


def test_version_names_the_installed_realmbot(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"realmbot {version('realmbot')}\n"


def test_no_help_text_names_an_issue_and_run_names_its_settings(capsys):
    """Help is for users: it never points at the project's issue tracker; ``run --help`` names
    the settings it reads."""
    texts = []
    for argv in ([], ["local"], ["scenario"], ["scenario", "run"], ["catalog"], ["run"], ["audit"]):
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        texts.append(capsys.readouterr().out)
    assert not any("issue" in text.lower() for text in texts), texts
    for name in ("DISCORD_TOKEN", "DEMO_DAYS", "DEMO_CHARACTERS", "DEMO_SEED", "DATABASE_URL"):
        assert name in texts[5], name
