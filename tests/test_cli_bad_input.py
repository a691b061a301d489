"""Bad input on the command line (issue 11): one line on stderr, exit status 2, nothing changed.

Each of these gave a traceback, or hung, before: files that are not UTF-8, numbers no database
stores, a database URL that is not one, a corrupted game file, a "billion laughs" of YAML aliases,
setup choices with points that are not digits, text arguments that are not UTF-8.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main

NOT_UTF8 = b"Amazon: H, R\n\xff\xfe M CV5\n"
#: Ten levels of nine aliases each: a billion "lol"s once expanded.
LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9)
)
BIG = str(2**63)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``argv``, which must be refused with one line; the line."""
    try:
        status, out, err = run(capsys, *argv)
    except SystemExit as exit_:
        status, (out, err) = int(exit_.code or 0), capsys.readouterr()
    assert (status, out) == (2, ""), err
    assert err.startswith("realmbot: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.fixture
def game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    assert (
        run(capsys, "new-game", "--seed", "7", "--characters", "Amazon,Dwarf", "--out", str(path))[
            0
        ]
        == 0
    )
    return path


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    url = f"sqlite:///{tmp_path / 'game.db'}"
    assert run(capsys, "local", "--db", url, "create", "Valley", "--moderator", "gm")[0] == 0
    run(
        capsys, "local", "--db", url, "join", "Valley", "--player", "alice", "--character", "Amazon"
    )
    return url


# --- files that are not UTF-8 -------------------------------------------------------------


def test_an_orders_file_that_is_not_utf8(game_file: Path, tmp_path: Path, capsys):
    orders = tmp_path / "orders.yaml"
    orders.write_bytes(NOT_UTF8)
    out = tmp_path / "next.json"
    err = refused(capsys, "day", str(game_file), "--orders", str(orders), "--out", str(out))
    assert f"cannot read {orders}: not UTF-8 text (byte 14 is 0xff)" in err
    assert not out.exists()


def test_a_local_orders_file_that_is_not_utf8(db: str, tmp_path: Path, capsys):
    run(capsys, "local", "--db", db, "start", "Valley", "--moderator", "gm")
    orders = tmp_path / "orders.txt"
    orders.write_bytes(NOT_UTF8)
    err = refused(capsys, "local", "--db", db, "orders", "Valley", "--player", "alice", str(orders))
    assert "not UTF-8 text" in err
    assert "Amazon: no orders yet" in run(capsys, "local", "--db", db, "status", "Valley")[1]


def test_a_game_file_that_is_not_utf8(tmp_path: Path, capsys):
    game = tmp_path / "game.json"
    game.write_bytes(b"\xff{}")
    assert "is not a realmbot game: not UTF-8 text" in refused(capsys, "view", str(game))


# --- numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["new-game", "--seed", BIG, "--characters", "Amazon"],
        ["new-game", "--seed", "-1", "--characters", "Amazon"],
        ["new-game", "--seed", "1" * 5000, "--characters", "Amazon"],
        ["new-game", "--seed", "²", "--characters", "Amazon"],
        ["local", "--db", "sqlite:///never.db", "create", "V", "--moderator", "gm", "--seed", BIG],
        ["local", "--db", "sqlite:///never.db", "history", "V", "--day", BIG],
        ["local", "--db", "sqlite:///never.db", "rollback", "V", "--moderator", "gm", "--day", BIG],
        ["local", "--db", "sqlite:///never.db", "resolve", "V", "--moderator", "gm", "--day", "0"],
    ],
)
def test_numbers_no_database_stores_are_refused(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    err = refused(capsys, *argv)
    assert "is not a whole number" in err and "(see realmbot " in err
    assert list(tmp_path.iterdir()) == [], "nothing is written"


# --- the database ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("nonsense", "--db: not a database URL (e.g. sqlite:///game.db"),
        ("foo://x", "--db foo://x: cannot open the database"),
        ("sqlite:////nonexistent/dir/x.db", "unable to open database file"),
        ("postgresql+psycopg://gm:s3cret@127.0.0.1:9/x", "--db postgresql+psycopg://gm:***@"),
    ],
)
def test_a_database_that_cannot_be_opened(url, words, capsys):
    err = refused(capsys, "local", "--db", url, "status", "Valley")
    assert words in err
    assert "s3cret" not in err


# --- corrupted game files ------------------------------------------------------------------


def _corrupt(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _to_nowhere(data: dict) -> None:  # type: ignore[type-arg]
    data["stacks"] = {p: [x for x in s if x != "Amazon"] for p, s in data["stacks"].items()}
    data["stacks"]["at:ZZ9"] = ["Amazon"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_to_nowhere, "'at:ZZ9' (the Amazon): 'ZZ9' is no clearing on this map"),
        (lambda d: d["characters"]["Amazon"].update(gold=-3), "Amazon: recorded gold -3"),
        (lambda d: d["stacks"]["out"].append("Amazon"), "the Amazon is also in "),
        (lambda d: d.update(day="soon"), "day: Input should be a valid integer"),
        (lambda d: d.pop("dice"), "dice: Field required"),
    ],
)
def test_a_corrupted_game_file_is_refused_naming_the_fault(game_file: Path, change, words, capsys):
    _corrupt(game_file, change)
    err = refused(capsys, "view", str(game_file))
    assert err.startswith(f"realmbot: {game_file} is not a realmbot game: ")
    assert words in err


@pytest.mark.parametrize("text", ["{", "[" * 100_000, '{"schema_version": 1}', "null"])
def test_a_game_file_that_is_no_game_at_all(tmp_path: Path, text: str, capsys):
    game = tmp_path / "game.json"
    game.write_text(text, encoding="utf-8")
    assert "is not a realmbot game" in refused(capsys, "day", str(game), "--out", "x.json")


# --- YAML aliases ------------------------------------------------------------------------------


def test_a_billion_laughs_of_orders_is_refused_at_once(game_file: Path, tmp_path: Path, capsys):
    orders = tmp_path / "orders.yaml"
    orders.write_text(LAUGHS + "Amazon: *j\n", encoding="utf-8")
    out = tmp_path / "next.json"
    err = refused(capsys, "day", str(game_file), "--orders", str(orders), "--out", str(out))
    assert "is not valid YAML: an alias (*name) is not accepted" in err
    assert "(line 2, column " in err


def test_aliases_in_choices_and_layouts_are_refused(tmp_path: Path, capsys):
    choices = tmp_path / "choices.yaml"
    choices.write_text("x: &x {start: Inn}\nAmazon: *x\n", encoding="utf-8")
    args = ["new-game", "--seed", "1", "--characters", "Amazon", "--choices", str(choices)]
    assert "an alias (*name) is not accepted" in refused(capsys, *args)
    layout = tmp_path / "layout.yaml"
    layout.write_text(LAUGHS + "tiles: *j\n", encoding="utf-8")
    args = ["new-game", "--seed", "1", "--characters", "Amazon", "--map", str(layout)]
    assert "an alias (*name) is not accepted" in refused(capsys, *args)


# --- setup choices ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("victory: fame ²", "victory: 'fame ²' is not '<category> <points>', the points a whole"),
        ("victory: fame 2, gold ٣", "victory: 'gold ٣' is not '<category> <points>'"),
        ("spells", "'spells': write 'start: <dwelling>', 'victory: fame 2, gold 3', "),
    ],
)
def test_setup_choices_that_are_not_the_form_are_refused(db: str, tmp_path, line, words, capsys):
    choices = tmp_path / "choices.txt"
    choices.write_text(line + "\n", encoding="utf-8")
    err = refused(
        capsys, "local", "--db", db, "choose", "Valley", "--player", "alice", str(choices)
    )
    assert words in err


def test_text_arguments_that_are_not_utf8(db: str, capsys):
    """Bytes that are not UTF-8 reach Python as lone surrogates, which SQLite cannot store."""
    err = refused(
        capsys, "local", "--db", db, "join", "Valley", "--player", "\udcff", "--character", "Dwarf"
    )
    assert "the player argument is not UTF-8 text: '\\udcff'" in err


def test_orders_with_a_lone_surrogate_are_refused_and_not_stored(db: str, monkeypatch, capsys):
    run(capsys, "local", "--db", db, "start", "Valley", "--moderator", "gm")
    monkeypatch.setattr("sys.stdin", io.StringIO("S Loot \ud800\n"))
    argv = ("local", "--db", db, "orders", "Valley", "--player", "alice", "-")
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "") and "NOT stored" in err and "[bad-text]" in err
    assert "Amazon: no orders yet" in run(capsys, "local", "--db", db, "status", "Valley")[1]


@pytest.mark.parametrize(
    ("corruption", "words"),
    [
        ("substr(state, 1, length(state) - 1)", "Expecting ',' delimiter"),
        (
            'replace(state, \'"gold":10\', \'"gold":"x"\')',
            "characters.Amazon.gold: Input should be",
        ),
    ],
)
def test_a_corrupted_snapshot_is_refused(db: str, corruption: str, words: str, capsys):
    import sqlite3

    run(capsys, "local", "--db", db, "start", "Valley", "--moderator", "gm")
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        connection.execute(f"UPDATE snapshot SET state = {corruption}")
    err = refused(
        capsys, "local", "--db", db, "resolve", "Valley", "--day", "1", "--moderator", "gm"
    )
    assert err.startswith("realmbot: Valley's saved game (snapshot 1) is damaged: ")
    assert words in err


# --- refused orders ------------------------------------------------------------------------


def test_refused_orders_are_one_line_on_stderr_with_exit_2(db: str, tmp_path: Path, capsys):
    """Refused orders are a refusal like any other (they went to standard output, exit 0)."""
    run(capsys, "local", "--db", db, "start", "Valley", "--moderator", "gm")
    orders = tmp_path / "orders.txt"
    orders.write_text("M XX9, Q\nblock: sometimes\n", encoding="utf-8")
    err = refused(capsys, "local", "--db", db, "orders", "Valley", "--player", "alice", str(orders))
    assert "NOT stored: 3 problems. - line 1, phase 1 [bad-clearing]" in err
    assert "Amazon: no orders yet" in run(capsys, "local", "--db", db, "status", "Valley")[1]
