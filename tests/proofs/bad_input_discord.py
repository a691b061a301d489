"""The bad-input table of the Discord transport: slash commands and DMs under SimCord (issue 20;
:mod:`tests.proofs.bad_input` runs it).

:func:`check_all` seats a table in a simulated server — campaigns ``Open`` (enrolling), ``Valley``
(running) and ``Done`` (ended), each in its own channel; ``gm`` their moderator, ``alice`` and
``bob`` players, ``carol`` seated in Open, ``mallory`` a member with Manage Server who moderates
none of them — and sends every row of :data:`ROWS`. Each must be refused: answered privately,
with a clear first line (not the apology of a failure), nothing posted in any channel, and the
database exactly as before. A command Discord itself refuses (an option out of its range) is
refused too.
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.discord import make_bot
from bot.discord.cogs.common import FAILED
from bot.service import CampaignService
from db.engine import make_engine
from db.migrate import upgrade
from rules.catalog import catalog

FAILURE = FAILED.partition("(")[0]
#: What SimCord says of a command Discord does not show the member (``/gm`` for a player).
HIDDEN = "not visible to this user"


@dataclass(frozen=True)
class Row:
    """One refused request: who sends it, where, and what — a slash ``command`` with its
    ``options``, or a DM's ``text`` when ``command`` is empty."""

    why: str
    who: str
    where: str
    command: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def _slash(why: str, who: str, where: str, command: str, **options: Any) -> Row:
    return Row(why, who, where, command, options)


def _dm(why: str, who: str, text: str) -> Row:
    return Row(why, who, "dm", text=text)


ROWS: tuple[Row, ...] = (
    # malformed and hostile text
    _dm("orders that do not read", "alice", "orders Valley\nM XX9, Q"),
    _dm("orders with a control character", "alice", "orders Valley\nH\x00, R"),
    _dm("orders with a mention", "alice", "orders Valley\nH @everyone <@123456789012345678>"),
    _dm("orders for no campaign", "alice", "orders Nowhere\nH"),
    _dm("orders over the line limit", "alice", "orders Valley\n" + "H\n" * 61),
    _dm("orders over the phase limit", "alice", "orders Valley\n" + "H, " * 41),
    _dm("a DM that is no command", "alice", "**hello** @here"),
    _dm("plays with no window open", "alice", "plays Valley\nattack: FIGHT H4** thrust"),
    _dm("setup choices that do not read", "carol", "setup Open\nvictory: fame two"),
    _slash("a campaign name with a bell", "gm", "spare", "gm create", name="Bell\x07"),
    _slash("a campaign name taken", "gm", "spare", "gm create", name="valley"),
    _slash(
        "a setting out of range", "gm", "valley", "gm config", setting="decision_hours", value="0"
    ),
    _slash(
        "a time zone that is a path",
        "gm",
        "valley",
        "gm config",
        setting="timezone",
        value="../../etc/passwd",
    ),
    _slash("an extension of 10,000 hours", "gm", "valley", "gm extend", hours=10_000, reason="x"),
    _slash("an announcement with a null", "gm", "valley", "gm announce", text="hi\x00"),
    _slash("a character not in the game", "alice", "open", "join", character="Gandalf"),
    _slash("away for a year", "alice", "valley", "away", days=365),
    _slash(
        "a reminder nan hours before",
        "alice",
        "valley",
        "settings remind-before",
        hours=float("nan"),
    ),
    # hostile: strangers moderating
    _slash(
        "a player configures", "alice", "valley", "gm config", setting="decision_hours", value="5"
    ),
    _slash(
        "a server admin not moderating configures",
        "mallory",
        "valley",
        "gm config",
        setting="decision_hours",
        value="5",
    ),
    _slash("a stranger forces the day", "mallory", "valley", "gm force", day=1),
    _slash("a stranger locks", "mallory", "valley", "gm lock"),
    _slash("a stranger extends", "mallory", "valley", "gm extend", hours=2, reason="x"),
    _slash("a stranger pauses", "mallory", "valley", "gm pause", hours=2, reason="x"),
    _slash("a stranger announces", "mallory", "valley", "gm announce", text="@everyone hi"),
    _slash(
        "a stranger sets the autopilot",
        "mallory",
        "valley",
        "gm autopilot",
        character="Amazon",
        on=True,
    ),
    _slash("a stranger reads the rolls", "mallory", "valley", "gm rolls", day=1),
    _slash("a stranger previews", "mallory", "valley", "gm preview"),
    _slash("a stranger reads orders", "mallory", "valley", "gm orders view", character="Amazon"),
    _slash(
        "a stranger sets orders", "mallory", "valley", "gm orders set", character="Amazon", text="H"
    ),
    _slash("a stranger ends the game", "mallory", "valley", "gm end", agreed=True),
    _slash("a stranger starts", "mallory", "open", "gm start"),
    _slash("a stranger nudges", "mallory", "valley", "gm nudge"),
    _slash("a stranger takes over", "mallory", "valley", "gm handover", member="mallory"),
    _slash("a stranger closes a window", "mallory", "valley", "gm window", what="close"),
    _slash("a stranger reads a sheet", "mallory", "valley", "gm sheet", character="Amazon"),
    _slash("a stranger excuses", "mallory", "valley", "gm excuse", character="Amazon"),
    # out of turn
    _slash("orders before the start", "carol", "open", "ready"),
    _slash("joining after the start", "carol", "valley", "join", character="Witch"),
    _slash("starting twice", "gm", "valley", "gm start"),
    _slash("forcing another day", "gm", "valley", "gm force", day=2),
    _slash("a setting set at the start", "gm", "valley", "gm config", setting="weeks", value="2"),
    _slash("the final report before the end", "alice", "valley", "final"),
    _slash("ending without agreement", "gm", "valley", "gm end", agreed=False),
    _slash(
        "a setting after the end", "gm", "done", "gm config", setting="decision_hours", value="5"
    ),
    _slash("locking after the end", "gm", "done", "gm lock"),
    _slash("autopilot after the end", "gm", "done", "gm autopilot", character="Amazon", on=True),
    _slash("ready after the end", "alice", "done", "ready"),
    _slash("clearing orders after the end", "alice", "done", "orders clear"),
    _dm("orders after the end", "alice", "orders Done\nH"),
)


def commands() -> set[str]:
    """The slash commands and DM commands the table sends."""
    return {row.command or row.text.split()[0] for row in ROWS}


def snapshot(path: Path) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Every table of the SQLite database at ``path`` and its rows, in a stable order."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return [
            (name, sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr))
            for name in sorted(names)
        ]


#: What each step of the set-up says when it works.
SET_UP = {
    "gm create": "Campaign ",
    "join": "You play the ",
    "gm start": " has started: day 1",
    "gm end": " is over at Birdsong",
}


class Table:
    """The simulated server, its channels and members (see the module docstring)."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.guild = env.create_guild()
        mods = self.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
        self.channels = {
            name: self.guild.create_text_channel(name)
            for name in ("open", "valley", "done", "spare")
        }
        self.members = {
            name: self.guild.add_member(
                env.create_user(name), roles=[mods] if name in ("gm", "mallory") else []
            )
            for name in ("gm", "alice", "bob", "carol", "mallory")
        }

    async def slash(self, who: str, where: str, command: str, **options: Any) -> str:
        result = await self.members[who].slash(self.channels[where], command, **options)
        return "\n".join(
            part.content for part in (result.response, *result.followups) if part is not None
        )

    async def setup(self) -> None:
        steps: list[tuple[str, str, str, dict[str, Any]]] = [
            ("gm", "open", "gm create", {"name": "Open"}),
            ("carol", "open", "join", {"character": "Witch"}),
            ("gm", "valley", "gm create", {"name": "Valley"}),
            ("alice", "valley", "join", {"character": "Amazon"}),
            ("bob", "valley", "join", {"character": "Dwarf"}),
            ("gm", "valley", "gm start", {}),
            ("gm", "done", "gm create", {"name": "Done"}),
            ("alice", "done", "join", {"character": "Amazon"}),
            ("gm", "done", "gm start", {}),
            ("gm", "done", "gm end", {"agreed": True}),
        ]
        for who, where, command, options in steps:
            said = await self.slash(who, where, command, **options)
            if SET_UP[command] not in said:
                raise RuntimeError(f"setting up the Discord table: {command}: {said[:200]}")

    def posted(self) -> int:
        """How many messages the channels hold."""
        return sum(len(channel.history()) for channel in self.channels.values())

    def dms(self, who: str) -> list[str]:
        channel = self.members[who].user.dm_channel
        return [m.content for m in channel.history() if m.author.bot] if channel else []

    async def send(self, row: Row) -> tuple[str, bool]:
        """The row sent: what its sender was told, and whether it was private."""
        if row.command:
            options = dict(row.options)
            if "member" in options:
                options["member"] = self.members[options["member"]]
            try:
                result = await self.members[row.who].slash(
                    self.channels[row.where], row.command, **options
                )
            except simcord.OptionError as error:
                return f"Discord refuses it: {error}", True
            except simcord.SetupError as error:
                if HIDDEN not in str(error):
                    raise
                return f"Discord does not show it: {error}", True
            parts = [p for p in (result.response, *result.followups) if p is not None]
            return "\n".join(p.content for p in parts), all(
                getattr(p, "ephemeral", result.ephemeral) for p in parts
            ) and result.ephemeral
        before = len(self.dms(row.who))
        await self.members[row.who].send_dm(row.text)
        return "\n".join(self.dms(row.who)[before:]), True


async def check_all() -> list[str | None]:
    """Every row sent; for each, what is wrong with how it was refused, or None."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "discord.db"
        engine = make_engine(f"sqlite:///{path}")
        upgrade(engine)
        service = CampaignService(engine, catalog())
        async with simcord.run(make_bot(service)) as env:
            table = Table(env)
            await table.setup()
            found = [await _check(table, path, row) for row in ROWS]
        engine.dispose()
    return found


async def _check(table: Table, path: Path, row: Row) -> str | None:
    before, posted = snapshot(path), table.posted()
    answer, private = await table.send(row)
    problems = []
    first = answer.strip().partition("\n")[0]
    if not first or FAILURE in answer:
        problems.append(f"answer {answer[:160]!r}")
    if not private:
        problems.append("answered in public")
    if table.posted() != posted:
        problems.append("posted in a channel")
    if snapshot(path) != before:
        problems.append("the database changed")
    return f"discord: {row.why}: {'; '.join(problems)}" if problems else None
