"""The bad-input table of the ``realmbot`` command line and its local (forum) transport, the
``local`` actions (issue 20; :mod:`tests.proofs.bad_input` runs it).

:func:`build` makes a database with three campaigns — ``Open`` (enrolling: Carol seated),
``Valley`` (running day 1: Alice the Amazon, Bob the Dwarf) and ``Done`` (ended early) — and
files of text. Each row of :data:`ROWS` is a command that must be refused: malformed (numbers,
names, files, text that is not text), hostile (mentions, control characters, a stranger acting
as moderator) or out of turn (orders before the start, choices after it, a finished campaign's
settings). :func:`check` runs one and says what is wrong: the refusal must be one line on
standard error starting ``realmbot:``, nothing on standard output, exit status 2, and the
database exactly as before (:func:`snapshot`).
"""

from __future__ import annotations

import contextlib
import io
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.cli import main
from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules.catalog import catalog

#: Files the rows name by key (``@key``), written by :func:`build`.
FILES: dict[str, bytes] = {
    "valid": b"M AV2, H\n",
    "bad-orders": b"M XX9, Q\nblock: sometimes\n",
    "mention": b"H <@123456789012345678> @everyone\n",
    "control": b"H\x00, R\n",
    "surrogate": "H, R \udcff".encode("utf-8", "surrogatepass"),
    "not-utf8": b"H, \xff\xfe R\n",
    "huge": b"H, " * 3_000,
    "empty": b"",
    "suicide": b"H\nsuicide: at midnight\n",
    "bad-setup": b"victory: fame two\n",
    "bad-start": b"start: the Moon\n",
    "plays": b"attack: FIGHT H4** thrust\n",
    "restart": b"character: Amazon\n",
}


@dataclass(frozen=True)
class Row:
    """One refused command: why it is refused, and its arguments after ``local --db URL``
    (``@key`` names a file of :data:`FILES`); ``local=False`` for a command that is not
    ``local`` (its arguments whole)."""

    why: str
    argv: tuple[str, ...]
    local: bool = True


def _row(why: str, *argv: str, local: bool = True) -> Row:
    return Row(why, argv, local)


MOD = ("--moderator", "gm")
STRANGER = ("--moderator", "mallory")
ROWS: tuple[Row, ...] = (
    # malformed
    _row("orders that do not read", "orders", "Valley", "--player", "alice", "@bad-orders"),
    _row("orders with a control character", "orders", "Valley", "--player", "alice", "@control"),
    _row("orders with a lone surrogate", "orders", "Valley", "--player", "alice", "@surrogate"),
    _row("orders file not UTF-8", "orders", "Valley", "--player", "alice", "@not-utf8"),
    _row("orders over the size limit", "orders", "Valley", "--player", "alice", "@huge"),
    _row("empty orders", "orders", "Valley", "--player", "alice", "@empty"),
    _row("orders with a mention", "orders", "Valley", "--player", "alice", "@mention"),
    _row("orders file missing", "orders", "Valley", "--player", "alice", "/nonexistent/o.txt"),
    _row("orders for no campaign", "orders", "Nowhere", "--player", "alice", "@suicide"),
    _row("no such campaign", "status", "Nowhere"),
    _row("campaign name a mention", "status", "@everyone"),
    _row("campaign name with a control character", "status", "Val\x1bley"),
    _row("campaign name empty", "create", "   ", *MOD),
    _row("campaign name too long", "create", "x" * 101, *MOD),
    _row("campaign name with a bell", "create", "Bell\x07", *MOD),
    _row("campaign name taken, other case", "create", "valley", *MOD),
    _row("weeks zero", "create", "Short", *MOD, "--weeks", "0"),
    _row("weeks absurd", "create", "Long", *MOD, "--weeks", "99999"),
    _row("seed negative", "create", "Seedy", *MOD, "--seed", "-1"),
    _row("day not a number", "history", "Valley", "--day", "one"),
    _row("day zero", "history", "Valley", "--day", "0"),
    _row("day never played", "history", "Valley", "--day", "99"),
    _row("unknown setting", "config", "Valley", *MOD, "nosuch", "1"),
    _row("setting out of range", "config", "Valley", *MOD, "decision_hours", "0"),
    _row("setting not a number", "config", "Valley", *MOD, "decision_hours", "nan"),
    _row("setting yes or no", "config", "Valley", *MOD, "status_board", "maybe"),
    _row("time zone unknown", "config", "Valley", *MOD, "timezone", "Mars/Olympus"),
    _row("time zone a path", "config", "Valley", *MOD, "timezone", "../../etc/passwd"),
    _row("time not a time", "config", "Valley", *MOD, "time", "25:61"),
    _row("weekdays out of range", "config", "Valley", *MOD, "weekdays", "0,9"),
    _row("extension of nan hours", "extend", "Valley", *MOD, "--hours", "nan", "--reason", "x"),
    _row("extension of no hours", "extend", "Valley", *MOD, "--hours", "0", "--reason", "x"),
    _row("extension without reason", "extend", "Valley", *MOD, "--hours", "2", "--reason", " "),
    _row("pause of infinite hours", "pause", "Valley", *MOD, "--hours", "inf", "--reason", "x"),
    _row("reminder nan hours", "remind-before", "Valley", "--player", "alice", "--hours", "nan"),
    _row("no such character", "autopilot", "Valley", *MOD, "--character", "Nobody"),
    _row("resident process idle for no time", "serve", "--idle", "0"),
    _row("resident process idle for nan minutes", "serve", "--idle", "nan"),
    _row("resident process idle for words", "serve", "--idle", "a while"),
    _row("a character not seated", "join", "Open", "--player", "dan", "--character", "Gandalf"),
    _row("a character taken", "join", "Open", "--player", "dan", "--character", "Witch"),
    _row("setup choices that do not read", "choose", "Open", "--player", "carol", "@bad-setup"),
    _row("a start that is no dwelling", "choose", "Open", "--player", "carol", "@bad-start"),
    _row("answer with nothing asked", "answer", "Valley", "--player", "alice", "yes"),
    _row("a window action unknown", "window", "Valley", *MOD, "open"),
    _row(
        "a database URL that is none", "local", "--db", "not a url", "status", "Valley", local=False
    ),
    _row(
        "new game with no such character",
        *("new-game", "--seed", "1", "--characters", "Gandalf"),
        local=False,
    ),
    _row("a game file missing", "view", "/nonexistent/game.json", local=False),
    # hostile: a stranger acting as a moderator, a player as another
    _row("stranger configures", "config", "Valley", *STRANGER, "decision_hours", "5"),
    _row("stranger resolves", "resolve", "Valley", *STRANGER, "--day", "1"),
    _row("stranger extends", "extend", "Valley", *STRANGER, "--hours", "2", "--reason", "x"),
    _row("stranger pauses", "pause", "Valley", *STRANGER, "--hours", "2", "--reason", "x"),
    _row("stranger resumes", "resume", "Valley", *STRANGER),
    _row("stranger rolls back", "rollback", "Valley", *STRANGER, "--day", "1"),
    _row("stranger sets autopilot", "autopilot", "Valley", *STRANGER, "--character", "Amazon"),
    _row("stranger ends", "end", "Valley", *STRANGER, "--agreed"),
    _row("stranger reads the rolls", "rolls", "Valley", *STRANGER, "--day", "1"),
    _row("stranger previews", "preview", "Valley", *STRANGER),
    _row("stranger nudges", "nudge", "Valley", *STRANGER),
    _row("stranger adds himself", "moderator", "Valley", "add", *STRANGER, "--user", "mallory"),
    _row("stranger takes over", "handover", "Valley", *STRANGER, "--to", "mallory"),
    _row("stranger closes a window", "window", "Valley", *STRANGER, "close"),
    _row("stranger reads a sheet", "sheet", "Valley", *STRANGER, "--character", "Amazon"),
    _row("stranger starts", "start", "Open", *STRANGER),
    _row("a player as a moderator", "config", "Valley", "--moderator", "alice", "weeks", "2"),
    _row("orders for no seat", "orders", "Valley", "--player", "mallory", "@valid"),
    _row("ready for no seat", "ready", "Valley", "--player", "mallory"),
    _row("sheet for no seat", "sheet", "Valley", "--player", "mallory"),
    _row("choices for no seat", "choose", "Open", "--player", "mallory", "@bad-start"),
    # out of turn
    _row("orders before the start", "orders", "Open", "--player", "carol", "@valid"),
    _row("ready before the start", "ready", "Open", "--player", "carol"),
    _row("choices after the start", "choose", "Valley", "--player", "alice", "@bad-start"),
    _row("joining after the start", "join", "Valley", "--player", "dan", "--character", "Witch"),
    _row("starting twice", "start", "Valley", *MOD),
    _row("resolving another day", "resolve", "Valley", *MOD, "--day", "2"),
    _row("rolling back to the future", "rollback", "Valley", *MOD, "--day", "5"),
    _row("a setting set at the start", "config", "Valley", *MOD, "weeks", "2"),
    _row("the final report before the end", "final", "Valley"),
    _row("ending without agreement", "end", "Valley", *MOD),
    _row("plays with no window open", "plays", "Valley", "--player", "alice", "@plays"),
    _row("restart of a living character", "restart", "Valley", "--player", "alice", "@restart"),
    _row("closing a window none opened", "window", "Valley", *MOD, "close"),
    _row("resuming what is not paused", "resume", "Valley", *MOD),
    _row("orders after the end", "orders", "Done", "--player", "alice", "@valid"),
    _row("ready after the end", "ready", "Done", "--player", "alice"),
    _row("a setting after the end", "config", "Done", *MOD, "decision_hours", "5"),
    _row("a status board after the end", "config", "Done", *MOD, "status_board", "yes"),
    _row("autopilot after the end", "autopilot", "Done", *MOD, "--character", "Amazon"),
    _row("extending after the end", "extend", "Done", *MOD, "--hours", "2", "--reason", "x"),
    _row("pausing after the end", "pause", "Done", *MOD, "--hours", "2", "--reason", "x"),
    _row("ending twice", "end", "Done", *MOD, "--agreed"),
    _row("resolving after the end", "resolve", "Done", *MOD, "--day", "1"),
)


def build(folder: Path) -> str:
    """The database of the three campaigns and the files, in ``folder``; its URL. The
    campaigns are made through the service itself (the command line's every call would
    migrate the database again)."""
    url = f"sqlite:///{folder / 'bad-input.db'}"
    for key, data in FILES.items():
        (folder / key).write_bytes(data)
    engine = make_engine(url)
    upgrade(engine)
    service = CampaignService(engine, catalog())
    service.campaigns.create("Open", moderator="gm")
    service.campaigns.join("Open", player="carol", player_name="carol", character="Witch")
    for name, seats in (("Valley", ("alice", "bob")), ("Done", ("alice",))):
        service.campaigns.create(name, moderator="gm")
        for player, character in zip(seats, ("Amazon", "Dwarf"), strict=False):
            service.campaigns.join(name, player=player, player_name=player, character=character)
        service.campaigns.start(name, moderator="gm")
    service.moderation.end_early("Done", moderator="gm", agreed=True)
    engine.dispose()
    return url


def run(argv: list[str]) -> tuple[int, str, str]:
    """``realmbot argv`` in this process: (exit status, standard output, standard error)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def snapshot(url: str) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Every table of the SQLite database at ``url`` and its rows, in a stable order."""
    with contextlib.closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [
            (name, sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr))
            for name in sorted(names)
        ]


def argv_of(row: Row, url: str, folder: Path) -> list[str]:
    """The whole command line of ``row``."""
    args = [str(folder / a[1:]) if a.startswith("@") else a for a in row.argv]
    return ["local", "--db", url, *args] if row.local else args


def check(row: Row, url: str, folder: Path) -> str | None:
    """What is wrong with how ``row`` is refused, or None (see the module docstring)."""
    before = snapshot(url)
    status, out, err = run(argv_of(row, url, folder))
    problems = []
    if status != 2:
        problems.append(f"exit status {status}")
    if out:
        problems.append(f"standard output {out[:120]!r}")
    if not err.startswith("realmbot: ") or err.count("\n") != 1 or "Traceback" in err:
        problems.append(f"standard error {err[:200]!r}")
    if snapshot(url) != before:
        problems.append("the database changed")
    return f"{row.why}: {'; '.join(problems)}" if problems else None
