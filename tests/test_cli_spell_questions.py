"""The questions spells ask on the local transport (issue 34): a Daylight question answered with
``realmbot local answer``, a combat one with a plays file, one left to the moderator's closing;
each asked and told by the files a player reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.spell_stages import CAST_ASK_DEMON, stage_demon, stage_storm

PLAYERS = (("alice", "Witch"), ("bob", "Dwarf"), ("carol", "Amazon"))


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def started(tmp_path: Path, capsys: pytest.CaptureFixture[str], stage: str) -> str:
    """Valley, its three players seated and waiting for decisions, started with ``stage`` (the
    Witch's Ask Demon, or a Violent Storm over her) staged and day 1 forced with the Witch's
    orders (the others rest): the database's URL."""
    from db.engine import make_engine

    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")
    for player, character in PLAYERS:
        local(capsys, db, "join", "Valley", "--player", player, "--character", character)
    local(capsys, db, "config", "Valley", "--moderator", "gm", "wait_for_decisions", "yes")
    local(capsys, db, "start", "Valley", "--moderator", "gm")
    engine = make_engine(db)
    (stage_demon if stage == "demon" else stage_storm)(engine, 1)
    engine.dispose()
    witch = "R\n" + CAST_ASK_DEMON if stage == "demon" else "H, H, H, H"
    for player, character in PLAYERS:
        orders = tmp_path / f"{player}.txt"
        orders.write_text(witch if character == "Witch" else "R", encoding="utf-8")
        local(capsys, db, "orders", "Valley", "--player", player, str(orders))
    assert (
        "waits for" in local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    )
    return db


def private(capsys: pytest.CaptureFixture[str], db: str, tmp_path: Path, player: str) -> str:
    """What ``player`` was sent so far, as the local transport files it."""
    posts = tmp_path / "posts"
    assert local(capsys, db, "deliver", "--out", str(posts))[0] == 0
    folder = next(f for f in (posts / "Valley" / "players").iterdir() if f.name.startswith(player))
    return "\n".join(f.read_text(encoding="utf-8") for f in sorted(folder.glob("*.md")))


def test_a_daylight_spell_question_answered_from_the_command_line(tmp_path: Path, capsys):
    db = started(tmp_path, capsys, "storm")
    asked = private(capsys, db, tmp_path, "alice")
    assert "the Witch must decide. Violent Storm in " in asked
    assert "Options: 3, 4 | 2, 4 | 2, 3." in asked
    status, _, err = local(capsys, db, "answer", "Valley", "--player", "alice", "1, 2")
    assert status == 2 and "'1, 2' is not one of: 3, 4 | 2, 4 | 2, 3" in err
    status, out, _ = local(capsys, db, "answer", "Valley", "--player", "alice", "2, 3")
    assert status == 0 and "Answer recorded: 2, 3" in out
    for _ in range(30):  # the Evening's fights, if any, to their defaults
        if local(capsys, db, "window", "Valley", "--moderator", "gm", "close")[0] != 0:
            break
    report = local(capsys, db, "history", "Valley", "--day", "1")[1]
    turn = next(line for line in report.splitlines() if line.startswith("Witch: H"))
    cancelled = ["Violent Storm cancels it" in phase for phase in turn.split(" / ")]
    assert cancelled == [False, True, True, False], turn


def demon_window(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, Path]:
    """The Witch's Ask Demon cast at the Demon, the lures declined: her question of whom to
    ask waits in the melee window; the database, and a plays file to write her plays in."""
    db = started(tmp_path, capsys, "demon")
    plays = tmp_path / "plays.txt"
    plays.write_text("lure: none\n", encoding="utf-8")
    for player in ("alice", "bob"):
        local(capsys, db, "plays", "Valley", "--player", player, str(plays))
    local(capsys, db, "window", "Valley", "--moderator", "gm", "close")
    return db, plays


def test_a_combat_spell_question_from_a_plays_file_or_closed_to_its_default(tmp_path: Path, capsys):
    db, plays = demon_window(tmp_path, capsys)
    asked = private(capsys, db, tmp_path, "alice")
    assert "Which player do you ask your question (L4953)?" in asked
    assert "Options: Amazon | Dwarf. Default: Amazon." in asked
    silent = local(capsys, db, "window", "Valley", "--moderator", "gm", "status")[1]
    assert "not answered: Witch" in silent
    plays.write_text("spell Ask Demon: Dwarf\n", encoding="utf-8")
    status, out, _ = local(capsys, db, "plays", "Valley", "--player", "alice", str(plays))
    assert status == 0 and "spell Ask Demon: Dwarf" in out
    told = private(capsys, db, tmp_path, "alice")  # her round's report waits for her next window
    assert "your Ask Demon lets the Witch ask the Dwarf's player one question" in told
    assert "may ask the player of Dwarf one question" in private(capsys, db, tmp_path, "bob")
    assert "ask the player of" not in private(capsys, db, tmp_path, "carol")


def test_ask_demons_question_and_answer_from_the_command_line(tmp_path: Path, capsys):
    """Issue 34 on the local transport: the Witch names the Dwarf's player in a plays file,
    then asks her question from a file; it reaches his folder alone, his answer hers alone;
    the moderator reads both."""
    db, plays = demon_window(tmp_path, capsys)
    plays.write_text("spell Ask Demon: Dwarf\n", encoding="utf-8")
    local(capsys, db, "plays", "Valley", "--player", "alice", str(plays))
    text = tmp_path / "question.txt"
    text.write_text("How many Fame points?\n[b]loud[/b] **bold**\n", encoding="utf-8")
    status, _, err = local(capsys, db, "ask", "Valley", "--player", "carol", str(text))
    assert status == 2 and "The Amazon has cast no Ask Demon" in err
    status, out, _ = local(capsys, db, "ask", "Valley", "--player", "alice", str(text))
    assert status == 0 and "sent to the Dwarf's player, privately" in out
    question = private(capsys, db, tmp_path, "bob")
    assert "the Witch asks the Dwarf one question" in question
    assert "How many Fame points?" in question
    text.write_text("Three.\n", encoding="utf-8")
    status, out, _ = local(capsys, db, "answer-demon", "Valley", "--player", "bob", str(text))
    assert status == 0 and "sent to the Witch's player, privately" in out
    answer = private(capsys, db, tmp_path, "alice")
    assert "the Dwarf answers the question you asked by Ask Demon" in answer and "Three." in answer
    carol = private(capsys, db, tmp_path, "carol")
    assert "Fame points" not in carol and "Three." not in carol
    public = tmp_path / "posts" / "Valley" / "public"
    said = "\n".join(f.read_text(encoding="utf-8") for f in public.glob("*.md"))
    assert "Fame points" not in said and "Three." not in said
    read = local(capsys, db, "demon", "Valley", "--moderator", "gm")[1]
    assert "Day 1: the Witch asks the Dwarf:\n> How many Fame points?" in read
    assert "Answer:\n> Three." in read
    status, _, err = local(capsys, db, "demon", "Valley", "--moderator", "alice")
    assert status == 2 and "moderat" in err
