"""Casting by DM on the local transport (issue 34): the fight of
``tests/bot/discord/test_casting_by_dm.py`` — the Wizard and the Witch King with a Demon,
casting with their colour chits — played from the command line with plays files
(``realmbot local plays``), one window closed by the moderator (the defaults taken)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from db.engine import make_engine
from tests.fights import stage_demon_fight

BLEND = "cast Blend Into Background with MAGIC II4*, color MAGIC II3*"
DISSOLVE = "cast Dissolve Spell with MAGIC VI4*, color MAGIC IV4*"


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_casters_fight_from_plays_files(tmp_path: Path, capsys) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")
    local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Wizard")
    local(capsys, db, "join", "Valley", "--player", "bob", "--character", "Witch King")
    local(capsys, db, "config", "Valley", "--moderator", "gm", "wait_for_decisions", "yes")
    local(capsys, db, "start", "Valley", "--moderator", "gm")
    engine = make_engine(db)
    stage_demon_fight(engine, 1, "Wizard", "Witch King")
    engine.dispose()
    orders = tmp_path / "orders.txt"
    orders.write_text("R\n", encoding="utf-8")
    for player in ("alice", "bob"):
        local(capsys, db, "orders", "Valley", "--player", player, str(orders))
    assert (
        "waits for" in local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    )

    def plays(player: str, text: str) -> tuple[int, str, str]:
        written = tmp_path / f"{player}.txt"
        written.write_text(text, encoding="utf-8")
        return local(capsys, db, "plays", "Valley", "--player", player, str(written))

    assert plays("alice", "lure: Demon\n")[0] == 0
    assert plays("bob", "lure: none\n")[0] == 0
    status, out, _ = plays(
        "alice",
        f"charge: none\nencounter: {BLEND}\ntarget: Wizard\nattack: none\n"
        "maneuver: MOVE M4* dodge\nplace: spread\ncolor: none\n",
    )
    assert status == 0 and f"action: {BLEND}" in out and "target: Wizard" in out
    status, _, err = plays("bob", "encounter: cast Blazing Light with MAGIC IV3*\n")
    assert status == 2 and "not one of your choices now" in err, "cast only in a cave"
    status, out, _ = plays(
        "bob",
        "encounter: cast Elemental Spirit with MAGIC IV3*, color MAGIC IV4*\n"
        "target: MAGIC VI3*\ncolor: MAGIC V3*\n",
    )
    assert status == 0 and "target: chit:Witch King/MAGIC VI3*" in out
    assert "color: MAGIC V3*" in out and "combat goes on" in out

    # Round 2: his Dissolve Spell names the Demon ahead (the wrong sort); the moderator
    # closes the window on her silence; he alone is asked its targets again.
    status, out, _ = plays("bob", f"encounter: {DISSOLVE}\ntarget: Demon\n")
    assert status == 0 and "Waiting for the other players" in out
    assert local(capsys, db, "window", "Valley", "--moderator", "gm", "close")[0] == 0
    silent = local(capsys, db, "window", "Valley", "--moderator", "gm", "status")[1]
    assert "Witch King" in silent and "Wizard" not in silent
    status, out, _ = plays("bob", "target: Wizard's Blend Into Background on Wizard\n")
    assert status == 0 and "target spell: Wizard's Blend Into Background on Wizard" in out
    for _ in range(30):
        status, _, err = local(capsys, db, "window", "Valley", "--moderator", "gm", "close")
        if status != 0:
            break
    assert status == 2 and "no combat window open" in err, "every window closed, the day over"
    report = local(capsys, db, "history", "Valley", "--day", "1")[1]
    assert "Blend Into Background" in report and "Dissolve Spell" in report

    posts = tmp_path / "posts"
    assert local(capsys, db, "deliver", "--out", str(posts))[0] == 0
    public = "\n".join(f.read_text() for f in sorted((posts / "Valley" / "public").glob("*.md")))
    assert "Round 1" in public and "reveals" in public
    assert "window" not in public and "version" not in public, "nothing of the windows"
    private = {
        f.name.partition("-")[0]: "\n".join(g.read_text() for g in sorted(f.glob("*.md")))
        for f in (posts / "Valley" / "players").iterdir()
    }
    assert "Spells you cannot cast now: Blazing Light (cast only in a cave" in private["bob"]
    assert "The targets of your Dissolve Spell" in private["bob"]
    assert "The targets of your Dissolve Spell" not in private["alice"]
    assert "The Witch King's plays" not in private["alice"]
    assert "The Wizard's plays" not in private["bob"]
