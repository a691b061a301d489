"""``realmbot scenario run PATH...``: one line per scenario, the summary, the exit status."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.cli import main
from bot.scenarios import run_file, run_paths, scenario_name
from rules.catalog import catalog

PASSING = """\
name: {name}
map:
  tiles:
    - {{tile: BL, at: [0, 0]}}
characters:
  Amazon: {{at: BL1}}
until: birdsong
expect:
  characters:
    Amazon: {{at: BL1, hidden: false}}
"""

FAILING = """\
name: {name}
map: {{tiles: [{{tile: BL, at: [0, 0]}}]}}
characters:
  Amazon: {{at: BL1}}
until: birdsong
expect:
  characters:
    Amazon: {{at: BL6, gold: 12}}
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_passing_scenario_prints_pass_and_exits_0(tmp_path, capsys):
    path = write(tmp_path / "ok.yaml", PASSING.format(name="The Amazon stays put"))
    assert run(capsys, "scenario", "run", str(path)) == (
        0,
        "PASS The Amazon stays put\n1 passed, 0 failed\n",
        "",
    )


def test_a_failing_scenario_prints_what_differed_and_exits_1(tmp_path, capsys):
    path = write(tmp_path / "bad.yaml", FAILING.format(name="The Amazon walks"))
    status, out, err = run(capsys, "scenario", "run", str(path))
    assert status == 1
    assert err == ""
    assert out.splitlines() == [
        "FAIL The Amazon walks",
        f"  in {path}",
        "  - characters.Amazon.at: expected BL6, got BL1",
        "  - characters.Amazon.gold: expected 12, got 10",
        "0 passed, 1 failed",
    ]


HIDING = """\
name: {name}
map: {{tiles: [{{tile: BL, at: [0, 0]}}]}}
characters:
  Amazon: {{at: BL1}}
orders:
  Amazon: "H"
until: daylight
expect:
  characters:
    Amazon: {{at: BL1}}
"""


def test_events_prints_every_event_of_each_run_after_its_result(tmp_path, capsys):
    path = write(tmp_path / "hide.yaml", HIDING.format(name="The Amazon hides"))
    status, out, _ = run(capsys, "scenario", "run", "--events", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "PASS The Amazon hides"
    shown = [line for line in lines[1:-1] if line.startswith("  | ")]
    assert shown == lines[1:-1], "every line between the result and the summary is an event"
    assert any(line.startswith("  | {type: hid, who: Amazon") for line in shown), shown
    quiet = run(capsys, "scenario", "run", str(path))[1]
    assert quiet == "PASS The Amazon hides\n1 passed, 0 failed\n", "no events unless asked"


def test_a_malformed_scenario_fails_naming_the_file_the_key_and_the_reason(tmp_path, capsys):
    text = PASSING.format(name="Typo").replace(
        "Amazon: {at: BL1}\n", "Amazon: {at: BL1, colour: red}\n", 1
    )
    path = write(tmp_path / "typo.yaml", text)
    status, out, _ = run(capsys, "scenario", "run", str(path))
    assert status == 1
    assert out.splitlines() == [
        "FAIL Typo",
        f"  - {path}: characters.Amazon.colour: unknown key (the keys here are at, hidden, level, "
        "gold, fame, notoriety, fatigued, wounded, belongings, discoveries, familiar, "
        "relationships, spells, found_enemies, kills, entered_from, alerted, curses, victory, "
        "spells_learned, tasks, alerted_chits, color_chits)",
        "0 passed, 1 failed",
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name: [unclosed\n", "(file): not valid YAML"),
        ("- a list\n", "(top level): a scenario is a mapping"),
        ("name: a\nname: b\nmap: {seed: 1}\nexpect: {}\n", "name: given twice (line 2, column 1)"),
        ("name: n\nmap: {seed: 1}\ncharacters: {Amazonn: {}}\nexpect: {}\n", "'Amazon'"),
        ("name: n\nmap: {seed: 1}\n", "expect: required, and missing"),
    ],
)
def test_every_malformed_file_fails_and_never_crashes(tmp_path, text, words):
    path = write(tmp_path / "broken.yaml", text)
    result = run_file(path, catalog())
    assert not result.passed
    (line,) = result.lines
    assert line.startswith(f"{path}: ")
    assert words in line


def test_a_folder_runs_every_yaml_below_it_sorted(tmp_path, capsys):
    write(tmp_path / "b" / "two.yaml", FAILING.format(name="Second"))
    write(tmp_path / "a.yaml", PASSING.format(name="First"))
    write(tmp_path / "b" / "c" / "three.yaml", PASSING.format(name="Third"))
    write(tmp_path / "notes.txt", "not a scenario")
    status, out, _ = run(capsys, "scenario", "run", str(tmp_path))
    assert status == 1
    heads = [line for line in out.splitlines() if not line.startswith("  ")]
    assert heads == ["PASS First", "PASS Third", "FAIL Second", "2 passed, 1 failed"]


def test_files_and_folders_mix_and_all_passing_exits_0(tmp_path, capsys):
    one = write(tmp_path / "one.yaml", PASSING.format(name="One"))
    write(tmp_path / "more" / "two.yaml", PASSING.format(name="Two"))
    status, out, _ = run(capsys, "scenario", "run", str(one), str(tmp_path / "more"))
    assert (status, out) == (0, "PASS One\nPASS Two\n2 passed, 0 failed\n")


def test_a_missing_path_is_an_error_and_nothing_runs(tmp_path, capsys):
    """Issue 11: a mistyped path is the operator's error (one line, status 2), not "1 failed"."""
    write(tmp_path / "a.yaml", PASSING.format(name="One"))
    missing = tmp_path / "nowhere.yaml"
    status, out, err = run(capsys, "scenario", "run", str(tmp_path / "a.yaml"), str(missing))
    assert (status, out) == (2, "")
    assert err == f"realmbot: {missing}: no such file or folder\n"


def test_aliases_in_a_scenario_are_refused(tmp_path):
    """A "billion laughs" of anchors and aliases would expand without bound: refused at once."""
    laughs = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9)
    )
    result = run_file(write(tmp_path / "laughs.yaml", laughs), catalog())
    (line,) = result.lines
    assert "an alias (*name) is not accepted" in line and "(line 2, column " in line


def test_an_engine_exception_fails_the_scenario_and_the_run_goes_on(tmp_path):
    write(
        tmp_path / "a.yaml",
        PASSING.format(name="Crashes").replace(
            "until: birdsong\n", 'orders: {Amazon: "M BL6"}\nuntil: birdsong\n'
        ),
    )
    write(tmp_path / "b.yaml", PASSING.format(name="Fine"))

    def broken_parse(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the parser fell over")

    text, status = run_paths([tmp_path], catalog(), parse=broken_parse)
    assert status == 1
    assert text.splitlines() == [
        "FAIL Crashes",
        f"  in {tmp_path / 'a.yaml'}",
        "  - the engine raised RuntimeError: the parser fell over",
        "PASS Fine",
        "1 passed, 1 failed",
    ]


def test_no_paths_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["scenario", "run"])
    assert info.value.code == 2


def test_a_folder_of_the_project_s_scenarios_passes_line_by_line(capsys):
    """The command line on real scenarios (one small folder of them: every scenario already
    runs once as a test of its own, tests/conftest.py): a PASS line per file, by the name
    written in it, in the files' order, then the count."""
    folder = Path(__file__).parent / "scenarios" / "hide"
    files = sorted(folder.rglob("*.yaml"))
    names = [yaml.safe_load(path.read_text(encoding="utf-8"))["name"].strip() for path in files]
    status, out, err = run(capsys, "scenario", "run", str(folder))
    assert (status, err) == (0, ""), out
    assert out.splitlines() == [
        *(f"PASS {name}" for name in names),
        f"{len(files)} passed, 0 failed",
    ]
    assert len(files) >= 3


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("name: A Giant at the Inn\nrules: [8.1]\n", "A Giant at the Inn"),
        ("# a comment\nrules: [8.1]\nname: 'quoted: with a colon'\n", "quoted: with a colon"),
        (
            "name: a name that goes on\n  over two lines\nrules: [8.1]\n",
            "a name that goes on over two lines",
        ),
        ("name: >\n  folded\n  text\nrules: [8.1]\n", "folded text"),
        ("setup:\n  name: not the scenario's\nname: the scenario's\n", "the scenario's"),
        ("{name: flow style, rules: [8.1]}\n", "flow style"),
        ("setup:\n  name: nested only\n", None),
        ("name: [not, a, string]\n", None),
        ("name: 'unclosed\n", None),
    ],
)
def test_a_scenario_is_named_by_its_top_level_name(
    tmp_path: Path, text: str, name: str | None
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    assert scenario_name(path) == (name if name is not None else str(path))
