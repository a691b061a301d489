"""``realmbot local restart``: a dead character's player starts again from the command line
(9.1.2), after a suicide and a full day out (9.2.2a)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_suicide_sits_out_a_day_then_starts_again_as_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    assert local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")[0] == 0
    assert local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")[0] == 0
    assert local(capsys, db, "start", "Valley", "--moderator", "gm")[0] == 0
    orders = tmp_path / "orders.txt"
    orders.write_text("H\nsuicide: yes\n", encoding="utf-8")
    status, out, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert (status, out) == (2, "") and "NOT stored" in err
    assert "write 'suicide: at midnight'" in err
    orders.write_text("H\nsuicide: at midnight\n", encoding="utf-8")
    assert (
        "stored (v1" in local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))[1]
    )
    assert (
        "day 1 resolved"
        in local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    )

    status, _, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert status == 2 and "The Amazon is dead (suicide at Midnight (9.2.2a))" in err
    assert "Amazon: dead, takes no orders" in local(capsys, db, "status", "Valley")[1]
    status, out, _ = local(capsys, db, "sheet", "Valley", "--player", "alice")
    assert status == 0 and out.splitlines()[0] == (
        "Your Amazon in Valley: dead (suicide at Midnight (9.2.2a)): her player may start "
        "again from game day 3, with a DM restart Valley (9.1.2)"
    )
    choices = tmp_path / "restart.txt"
    choices.write_text("character: Black Knight\nvictory: fame 2, gold 3\n", encoding="utf-8")
    status, _, err = local(capsys, db, "restart", "Valley", "--player", "alice", str(choices))
    assert status == 2 and err == (
        "realmbot: Not started again: the Amazon died on game day 1: a player who suicides sits "
        "out a full day (9.2.2a), so from game day 3, not 2. Nothing changed.\n"
    )
    assert (
        "day 2 resolved"
        in local(capsys, db, "resolve", "Valley", "--day", "2", "--moderator", "gm")[1]
    )
    choices.write_text("character: Blak Knight\nvictory: fame 2, gold 3\n", encoding="utf-8")
    status, _, err = local(capsys, db, "restart", "Valley", "--player", "alice", str(choices))
    assert status == 2 and "did you mean 'Black Knight'" in err, err
    assert err.endswith("? Nothing changed.\n") and "?." not in err, err
    choices.write_text("character: black knight\nvictory: fame 2, gold 3\n", encoding="utf-8")
    status, out, _ = local(capsys, db, "restart", "Valley", "--player", "alice", str(choices))
    assert status == 0 and out.startswith("You start again as the Black Knight at the Inn (")
    orders.write_text("H\n", encoding="utf-8")
    assert (
        "Black Knight" in local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))[1]
    )
    status, _, err = local(capsys, db, "restart", "Valley", "--player", "alice", str(choices))
    assert status == 2 and "the Black Knight is not dead" in err

    # Rolled back to the start of day 2, the fresh start is undone with the day: the seat plays
    # the dead Amazon again, with no past life.
    assert local(capsys, db, "rollback", "Valley", "--moderator", "gm", "--day", "2")[0] == 0
    status, _, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert status == 2 and "The Amazon is dead" in err
