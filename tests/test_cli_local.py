"""``realmbot local``: a whole campaign from the command line on one database."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main


def local(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, str, str]:
    status = main(["local", "--db", db, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def amazon_and_elf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Valley (seed 3) started from the command line, alice the Amazon and bob the Elf: the
    database's URL."""
    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")
    local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")
    local(capsys, db, "join", "Valley", "--player", "bob", "--character", "Elf")
    local(capsys, db, "start", "Valley", "--moderator", "gm")
    return db


def test_a_campaign_runs_from_the_command_line(tmp_path: Path, capsys):
    db = f"sqlite:///{tmp_path / 'game.db'}"
    assert local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")[0] == 0
    assert local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")[0] == 0
    choices = tmp_path / "choices.txt"
    choices.write_text("victory: fame 3, gold 2\n", encoding="utf-8")
    assert (
        "stored (secret)"
        in local(capsys, db, "choose", "Valley", "--player", "alice", str(choices))[1]
    )
    assert local(capsys, db, "start", "Valley", "--moderator", "gm")[0] == 0
    orders = tmp_path / "orders.txt"
    orders.write_text("M XX9\n", encoding="utf-8")
    status, out, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert (status, out) == (2, "") and "NOT stored" in err
    orders.write_text("H, R\n", encoding="utf-8")
    assert (
        "stored (v1" in local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))[1]
    )
    assert "Amazon: orders in" in local(capsys, db, "status", "Valley")[1]
    forced = local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    assert "day 1 resolved" in forced
    again = local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")
    assert again[0] == 2 and "Day 1 of Valley is already resolved; it is day 2" in again[2]
    assert local(capsys, db, "history", "Valley", "--day", "1")[1].startswith("Day 1, Month 1")
    status, out, _ = local(capsys, db, "deliver", "--out", str(tmp_path / "posts"))
    assert status == 0
    public = sorted((tmp_path / "posts" / "Valley" / "public").glob("*.png"))
    assert public, "the map of each report is written"
    assert any((tmp_path / "posts" / "Valley" / "players").glob("alice-*/*.bbcode.txt"))
    assert [p.name.split("-", 1)[1] for p in public] == [
        "map-month1-day1.png",
        "map-month1-day2.png",
    ]
    alices = sorted((tmp_path / "posts" / "Valley" / "players").glob("alice-*/*.md"))
    (own,) = [p for p in alices if "Day 1" in p.read_text(encoding="utf-8")]
    text = own.read_text(encoding="utf-8")
    assert "nothing in it is for the Amazon alone" in text, "the report is in public/ only"
    assert "Amazon: H" not in text


def test_refusals_are_one_line_with_status_2(tmp_path: Path, capsys):
    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm")
    status, _, err = local(capsys, db, "start", "Valley", "--moderator", "mallory")
    assert status == 2 and err == "realmbot: Only the moderators of Valley may do that\n"
    status, _, err = local(capsys, db, "status", "Nowhere")
    assert status == 2 and "There is no campaign called 'Nowhere'" in err


def test_a_fight_played_window_by_window_from_plays_files(tmp_path: Path, capsys):
    """Issue 14 on the local transport: combat waits for plays files; the moderator sees who is
    silent and closes a window; the fight ends and the day is reported."""
    from db.engine import make_engine
    from tests.fights import stage_giant_fight

    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm", "--seed", "3")
    local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")
    local(capsys, db, "join", "Valley", "--player", "bob", "--character", "Black Knight")
    configured = local(
        capsys, db, "config", "Valley", "--moderator", "gm", "wait_for_decisions", "yes"
    )
    assert configured[0] == 0, configured
    local(capsys, db, "start", "Valley", "--moderator", "gm")
    engine = make_engine(db)
    stage_giant_fight(engine, 1, "Amazon", "Black Knight")
    engine.dispose()
    orders = tmp_path / "orders.txt"
    orders.write_text("R\n", encoding="utf-8")
    for player in ("alice", "bob"):
        local(capsys, db, "orders", "Valley", "--player", player, str(orders))
    forced = local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")[1]
    assert "waits for" in forced
    plays = tmp_path / "plays.txt"
    plays.write_text("lure: none\n", encoding="utf-8")
    status, out, _ = local(capsys, db, "plays", "Valley", "--player", "alice", str(plays))
    assert status == 0 and "lure Giant 1: no" in out and "version" in out
    silent = local(capsys, db, "window", "Valley", "--moderator", "gm", "status")[1]
    assert "Black Knight" in silent and "Amazon" not in silent
    back = local(capsys, db, "window", "Valley", "--moderator", "gm", "rollback", "--to", "evening")
    assert back[0] == 0 and "back at the start of the evening" in back[1]
    silent = local(capsys, db, "window", "Valley", "--moderator", "gm", "status")[1]
    assert "Black Knight" in silent and "Amazon" in silent, "her plays were undone"
    for _ in range(30):
        status, out, err = local(capsys, db, "window", "Valley", "--moderator", "gm", "close")
        if status != 0:
            break
    assert status == 2 and "no combat window open" in err, "every window closed, the day over"
    report = local(capsys, db, "history", "Valley", "--day", "1")[1]
    assert "Giant" in report and "(8.8)" in report, "the fight is in the day's report"
    posts = tmp_path / "posts"
    assert local(capsys, db, "deliver", "--out", str(posts))[0] == 0
    public = "\n".join(f.read_text() for f in sorted((posts / "Valley" / "public").glob("*.md")))
    assert "Round 1" in public and "reveals" in public, "the Evening, revealed, in public"
    assert "window" not in public and "version" not in public, "nothing of the windows"
    folders = sorted((posts / "Valley" / "players").iterdir())
    gm = next(f for f in folders if f.name.startswith("gm-"))
    logged = "\n".join(f.read_text() for f in gm.glob("*.md"))
    assert "closed the open window" in logged, "the moderator's window actions, to him alone"
    players = [f for f in folders if f != gm]
    assert len(players) == 2
    private = {
        f.name.partition("-")[0]: "\n".join(g.read_text() for g in f.glob("*.md")) for f in players
    }
    assert all("window is open until" in text for text in private.values())
    # The rounds head a player's next window (issue 32); the Black Knight, silent for two
    # windows, is asked no more that day, and reads them in the day's report.
    assert "round 1:" in private["alice"] and "round 1:" not in private["bob"]
    bob = next(f for f in players if f.name.startswith("bob"))
    assert "the Amazon's" not in "\n".join(f.read_text() for f in bob.glob("*.md")).casefold()


def test_hirelings_are_ordered_in_the_orders_file_and_listed_on_his_sheet(tmp_path: Path, capsys):
    """Issue 16 on the local transport: the employer's orders file holds a section for his hired
    leader, echoed and played; one for a native he does not employ is refused saying why; his
    sheet lists his hirelings, another player's does not."""
    from db.engine import make_engine
    from tests.hiring import stage_hirelings

    db = amazon_and_elf(tmp_path, capsys)
    engine = make_engine(db)
    where = stage_hirelings(engine, 1, "Amazon", "Lancers HQ", gold=4)
    engine.dispose()
    orders = tmp_path / "orders.txt"
    orders.write_text("H\nBashkars HQ: H\n", encoding="utf-8")
    status, out, err = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert (status, out) == (2, "") and "NOT stored" in err
    assert "line 2 [not-your-hireling]: Bashkars HQ is not hired" in err
    assert "(write sections only for those you record: Lancers HQ)" in err
    orders.write_text("R\nLancers HQ: H, R\n", encoding="utf-8")
    status, out, _ = local(capsys, db, "orders", "Valley", "--player", "alice", str(orders))
    assert status == 0 and "stored (v1" in out and out.rstrip().endswith("R\nLancers HQ: H, R")

    status, mine, _ = local(capsys, db, "sheet", "Valley", "--player", "alice")
    assert status == 0
    expected = f"- Lancers HQ: at {where}, hired until game day 14; horse Lancers HQ Horse; gold 4"
    assert expected + "; belongings none" in mine
    theirs = local(capsys, db, "sheet", "Valley", "--player", "bob")[1]
    assert theirs.startswith("Your Elf in Valley:") and "Lancers" not in theirs
    moderated = local(capsys, db, "sheet", "Valley", "--moderator", "gm", "--character", "Amazon")
    assert moderated[0] == 0 and expected in moderated[1]
    assert moderated[1].startswith("The Amazon's sheet in Valley (a moderator's view):")
    refused = local(capsys, db, "sheet", "Valley", "--moderator", "bob", "--character", "Amazon")
    assert refused[0] == 2 and "Only the moderators of Valley" in refused[2]
    assert local(capsys, db, "sheet", "Valley")[0] == 2

    local(capsys, db, "resolve", "Valley", "--day", "1", "--moderator", "gm")
    report = local(capsys, db, "history", "Valley", "--day", "1")[1]
    assert "\nLancers HQ: H (" in report and ") / R\n" in report


def test_the_moderators_team_nudges_and_reminders_from_the_command_line(tmp_path: Path, capsys):
    db = f"sqlite:///{tmp_path / 'game.db'}"
    local(capsys, db, "create", "Valley", "--moderator", "gm")
    local(capsys, db, "join", "Valley", "--player", "alice", "--character", "Amazon")
    local(capsys, db, "start", "Valley", "--moderator", "gm")
    added = local(capsys, db, "moderator", "Valley", "add", "--user", "carol", "--moderator", "gm")
    assert added[1] == "carol is now a moderator of Valley.\n"
    refused = local(
        capsys, db, "moderator", "Valley", "add", "--user", "alice", "--moderator", "gm"
    )
    assert refused[0] == 2 and "a player cannot moderate. Nothing changed." in refused[2]
    handed = local(capsys, db, "handover", "Valley", "--to", "dave", "--moderator", "gm")
    assert handed[1] == "dave now moderates Valley. You no longer moderate it.\n"
    assert local(capsys, db, "nudge", "Valley", "--moderator", "gm")[0] == 2, "gm left"
    nudged = local(capsys, db, "nudge", "Valley", "--moderator", "carol")
    assert nudged[1] == "Nudged 1 player by DM: the Amazon.\n"
    off = local(capsys, db, "reminders", "Valley", "off", "--player", "alice")
    assert off[1].startswith("Reminders for the Amazon in Valley: off")
    bad = local(capsys, db, "remind-before", "Valley", "--player", "alice", "--hours", "100")
    assert bad[0] == 2 and "0.25 to 72 hours" in bad[2]
    local(capsys, db, "deliver", "--out", str(tmp_path / "posts"))
    public = "".join(
        p.read_text(encoding="utf-8")
        for p in sorted((tmp_path / "posts" / "Valley" / "public").glob("*.md"))
    )
    assert "gm: made carol a moderator" in public and "carol: reminded 1 player" in public
    nudges = [
        p
        for p in (tmp_path / "posts" / "Valley" / "players").glob("alice-*/*.md")
        if "moderators remind you" in p.read_text(encoding="utf-8")
    ]
    assert len(nudges) == 1, "the nudge is in her own folder, once"


def test_list_names_every_campaign_with_its_state_and_day(tmp_path: Path, capsys):
    db = f"sqlite:///{tmp_path / 'game.db'}"
    assert local(capsys, db, "list")[1] == (
        "No campaign yet: 'realmbot local create NAME --moderator YOU' makes one.\n"
    )
    local(capsys, db, "create", "valley", "--moderator", "gm")
    local(capsys, db, "create", "Hills", "--moderator", "gm")
    local(capsys, db, "join", "Hills", "--player", "alice", "--character", "Amazon")
    local(capsys, db, "start", "Hills", "--moderator", "gm")
    assert local(capsys, db, "list") == (0, "Hills: running, day 1\nvalley: enrolling, day 0\n", "")


def test_the_local_sheet_shows_his_magic_to_him_and_the_moderator(tmp_path: Path, capsys):
    """Issue 34 on the local transport: ``local sheet`` shows the Elf his awakened cards, colour
    chit, committed chit, the spells bewitching him and his Curses; the Amazon's shows only the
    spell on her; a moderator's view of the Elf shows them all."""
    from db.engine import make_engine
    from tests.snapshots import rewrite_latest
    from tests.spellbound import bewitch

    db = amazon_and_elf(tmp_path, capsys)
    engine = make_engine(db)
    magic = rewrite_latest(engine, 1, bewitch, step="test")
    engine.dispose()

    status, elf, _ = local(capsys, db, "sheet", "Valley", "--player", "bob")
    assert status == 0 and all(line + "\n" in elf for line in magic.elfs_lines()), elf
    assert magic.committed_mark in elf.split("\n")[1], "his chits line"
    amazon = local(capsys, db, "sheet", "Valley", "--player", "alice")[1]
    assert magic.AMAZONS_LINE in amazon
    assert not any(secret in amazon for secret in magic.SECRETS), amazon
    seen = local(capsys, db, "sheet", "Valley", "--moderator", "gm", "--character", "Elf")[1]
    assert all(line + "\n" in seen for line in magic.elfs_lines()), seen


def test_a_player_chooses_his_language_from_the_command_line(tmp_path: Path, capsys):
    db = amazon_and_elf(tmp_path, capsys)
    chosen = local(capsys, db, "language", "Valley", "es", "--player", "alice")
    assert chosen == (0, "Amazona, en Valley, lee sus mensajes en español.\n", "")
    bad = local(capsys, db, "language", "Valley", "Klingon", "--player", "alice")
    # refused in the language he reads now
    assert bad[0] == 2 and "Idioma desconocido 'Klingon': realmbot habla en (English)" in bad[2]
    assert "No se ha cambiado nada." in bad[2]
    again = local(capsys, db, "language", "Valley", "campaign", "--player", "alice")
    assert again[1] == "The Amazon in Valley reads the campaign's language, English.\n"
