"""``realmbot local end``: the moderator ends the game early when every player agreed (9.2.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_end_needs_agreed_and_a_moderator_then_the_campaign_is_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    assert local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")[0] == 0
    assert local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")[0] == 0
    early = local(capsys, db, "end", "Valley", "--moderator", "gm", "--agreed")
    assert early[0] == 2
    assert early[2] == (
        "realmbot: Valley is enrolling: only a running game can end early. Nothing changed.\n"
    )
    assert local(capsys, db, "start", "Valley", "--moderator", "gm")[0] == 0

    status, _, err = local(capsys, db, "end", "Valley", "--moderator", "gm")
    assert status == 2 and "Valley was not ended: the game ends early only when every" in err
    assert "Amazon: " in local(capsys, db, "status", "Valley")[1]
    status, _, err = local(capsys, db, "end", "Valley", "--moderator", "mallory", "--agreed")
    assert status == 2 and err == "realmbot: Only the moderators of Valley may do that\n"

    status, out, _ = local(capsys, db, "end", "Valley", "--moderator", "gm", "--agreed")
    assert status == 0
    assert out == (
        "Valley is over at Birdsong of day 1: the players quit together (9.2.1), and it is "
        "scored as at the end of the month.\n"
    )
    orders = tmp_path / "orders.txt"
    orders.write_text("H\n", encoding="utf-8")
    status, _, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert status == 2 and err == "realmbot: Valley is finished: orders are not open\n"
