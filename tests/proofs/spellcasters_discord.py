"""Magic for players on Discord (issue 34): the six spellcasters play a campaign through Discord
(SimCord), the moderator forcing each day and closing what is left open, and nothing secret
reaches the wrong reader.

Six members of a simulated server join as the Wizard, the Witch, the Sorcerer, the Magician,
the Druid and the Witch King, with the spells the autopilot casts
(:func:`rules.autopilot_magic.autopilot_setup`), in a campaign that waits for decisions; two of
them are left to the autopilot by ``/gm autopilot``. Each day the others DM the autopilot's
orders as their own (enchanting colour chits, ``EM, E CHIT``), half of them without its standing
combat lines; the moderator forces the day (through the service, as ``/gm force`` does: a day of
six fighting spellcasters can take longer to resolve than SimCord lets a command settle). In
each combat window a player offered a cast makes it by typed plays (``encounter: cast ...``,
``target: ...``; :func:`tests.proofs.autoplay._casting`), the others answer half the time with
their defaults; the moderator closes the rest (as ``/gm window close`` does). Everything the bot
says — each DM, each reply, each message and image in the campaign's channel — is checked, as
it arrives, against its reader's view of the game (:class:`tests.proofs.secrecy.Inspector`),
with the other players' orders sealed until the day is resolved and their plays until the
window closes.

``python -m tests.proofs.spellcasters_discord [DAYS]`` is the full form (28 days); it prints
its figures and exits 1 on any leak or if no spell was cast through a window.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import discord
import simcord

from bot.discord import make_bot
from bot.discord.app import RealmBot
from bot.sealing import SealedSet
from bot.service import CampaignService
from db import event_log, repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from rules import autopilot_setup
from rules.autopilot import autopilot_orders
from rules.catalog import catalog
from rules.day.leaving import in_play
from rules.decisions import is_combat_id
from rules.view import PUBLIC
from tests.proofs.autoplay import (
    SPELLCASTERS,
    _casting,
    in_words_of,
    latest_state,
    stop_of,
    victory,
)
from tests.proofs.secrecy import Inspector, Leak
from tests.proofs.spellcasters import verdict
from tests.proofs.watcher import Sent

NAME = "Spells"
DAYS = 28
#: The seats left to the autopilot, and how many times one day may stop before giving up.
PILOTED = ("Druid", "Witch King")
MAX_STOPS = 120


class Table:
    """The simulated server: the moderator, the players (of ``characters``), and what each has
    read so far; in a campaign of a ``language`` (issue 35), the language each reads: the
    campaign's, but the first player's, English."""

    def __init__(
        self,
        env: simcord.Env,
        service: CampaignService,
        characters: Sequence[str] = SPELLCASTERS,
        language: str | None = None,
    ) -> None:
        self.env = env
        self.service = service
        self.language = language
        self.guild = env.create_guild()
        mods = self.guild.create_role(
            "Moderators", permissions=discord.Permissions(manage_guild=True)
        )
        self.channel = self.guild.create_text_channel("realm")
        self.gm = self.guild.add_member(env.create_user("gm"), roles=[mods])
        self.players = {
            character: self.guild.add_member(env.create_user(f"p{number}"))
            for number, character in enumerate(characters)
        }
        self.reads = {PUBLIC: language or "en"}
        self.reads |= {c: "en" if n == 0 else language or "en" for n, c in enumerate(characters)}
        self.inspector = Inspector(service, guild=str(self.guild.id))
        self.seen: dict[str, int] = {}

    @property
    def where(self) -> str:
        """The server's id, as the campaign's ``guild``."""
        return str(self.guild.id)

    @property
    def moderator(self) -> str:
        """The moderator as the service knows him: his user id."""
        return str(self.gm.user.id)

    @property
    def bot(self) -> RealmBot:
        bot = self.env.bot
        assert isinstance(bot, RealmBot)
        return bot

    def read(self, orders: dict[str, str], plays: dict[str, SealedSet]) -> None:
        """Hand every message not read yet, in each DM and in the channel, to the inspector."""
        readers = [(PUBLIC, self.channel.history())] + [
            (character, member.user.dm_channel.history())
            for character, member in self.players.items()
            if member.user.dm_channel is not None
        ]
        sent: list[Sent] = []
        for viewer, history in readers:
            mine = [m for m in history if m.author.bot]
            for message in mine[self.seen.get(viewer, 0) :]:
                sent += self._sent(viewer, message)
            self.seen[viewer] = len(mine)
        self.inspector(sent, orders, plays)

    def _sent(self, viewer: str, message: discord.Message) -> list[Sent]:
        shown = [c.content for c in message.components if isinstance(c, discord.TextDisplay)]
        embeds = [e.description or "" for e in message.embeds]
        text = "\n".join([message.content, *shown, *embeds])
        reads = self.reads[viewer]
        how = "dm" if viewer != PUBLIC else "channel"
        found = [Sent(NAME, viewer, how, text, language=reads)]
        for attachment in message.attachments:
            data = self.env.backend.cdn.get(attachment.url)
            if data is not None and attachment.filename.endswith(".png"):
                image = Sent(NAME, viewer, "image", "", data, attachment.filename, reads)
                found.append(image)
        return found


async def play(
    days: int,
    seed: int = 7,
    *,
    characters: Sequence[str] = SPELLCASTERS,
    piloted: Sequence[str] = PILOTED,
    language: str | None = None,
) -> tuple[list[Leak], Counter[str], int]:
    """Play :data:`NAME` for ``days`` days on a fresh database under SimCord; the leaks, the
    counts (those of the inspector and of the days) and how many viewers read something. Its
    ``characters`` (the six spellcasters unless given), ``piloted`` left to the autopilot; in a
    ``language``, the campaign is created in it and its first player reads English (the English
    found in messages to the others is among the leaks, :attr:`Inspector.english`)."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'spells.db'}")
        upgrade(engine)
        service = CampaignService(engine, catalog())
        async with simcord.run(make_bot(service)) as env:
            table = Table(env, service, characters, language)
            await _seat(table, piloted)
            for day in range(1, days + 1):
                if not await _day(table, day, rng, counts, piloted):
                    break
        engine.dispose()
    inspector = table.inspector
    leaks = inspector.leaks + inspector.english
    return leaks, inspector.counts + counts, len(inspector.viewers)


async def _seat(table: Table, piloted: Sequence[str]) -> None:
    """Create (in the table's language), seat, choose and start: the campaign waits for
    decisions; the ``piloted`` seats are left to the autopilot; the first player reads
    English (``/settings language``)."""
    if table.language is None:
        await table.gm.slash(table.channel, "gm create", name=NAME)
    else:
        await table.gm.slash(table.channel, "gm create", name=NAME, language=table.language)
    with session_scope(table.service.engine) as session:
        campaign = repo.get_campaign(session, name=NAME, guild=table.where)
        assert campaign is not None
        campaign.options = {**campaign.options, "wait_for_decisions": True}
    for character, member in table.players.items():
        await member.slash(table.channel, "join", campaign=NAME, character=character)
        choice = f"victory: {victory(random.Random(character))}"
        spells = autopilot_setup(table.service.catalog, character)
        await member.send_dm("\n".join([f"setup {NAME}", choice, *spells]))
    if table.language is not None:
        first = next(iter(table.players.values()))
        await first.slash(table.channel, "settings language", campaign=NAME, language="en")
    await table.gm.slash(table.channel, "gm start", campaign=NAME)
    for character in piloted:
        await table.gm.slash(
            table.channel, "gm autopilot", campaign=NAME, character=character, on=True
        )
    await table.bot.deliver_once()
    table.read({}, {})


async def _day(
    table: Table, day: int, rng: random.Random, counts: Counter[str], piloted: Sequence[str]
) -> bool:
    """One day: the players' orders by DM, the day forced, its windows answered and closed;
    False, doing nothing, once the campaign is over."""
    service = table.service
    with session_scope(service.engine) as session:
        found = repo.get_campaign(session, name=NAME, guild=table.where)
        if found is None or found.status != "running":
            return False
    state = latest_state(service, NAME, table.where)
    orders: dict[str, str] = {}
    for number, (character, member) in enumerate(table.players.items()):
        if character in piloted or not in_play(state, character):
            continue
        text = autopilot_orders(state, character, catalog=service.catalog)
        if number % 2:
            text = text.split("\n", 1)[0]  # no standing combat lines: he plays by DM
        written = in_words_of(text, table.reads[character])
        counts["orders naming in " + table.reads[character]] += written != text
        await member.send_dm(f"orders {NAME}\n{written}")
        echo = [m for m in member.user.dm_channel.history() if m.author.bot][-1]
        orders[character] = echo.content.split("\n", 1)[-1]  # as the service echoes them
    table.read(orders, {})
    service.resolver.resolve_day(NAME, day=day, moderator=table.moderator)  # his force
    await table.bot.deliver_once()
    table.read({}, {})
    for _ in range(MAX_STOPS):
        waiting, plays = stop_of(service, NAME, table.where)
        if not waiting:
            break
        counts["decisions"] += len(waiting)
        for character in sorted({d.character for d in waiting if is_combat_id(d.ref)}):
            mine = [d for d in waiting if d.character == character]
            casting = _casting(mine, rng)
            if casting is not None:
                await table.players[character].send_dm(f"plays {NAME}\n{casting}")
                counts["casts by DM"] += 1
            elif rng.random() < 0.5:
                await table.players[character].send_dm(f"plays {NAME}\nencounter: none")
        table.read({}, plays)
        if _open(table):
            service.plays.close_window(NAME, moderator=table.moderator)  # his window close
        await table.bot.deliver_once()
        table.read({}, {})
    else:
        raise RuntimeError(f"day {day} did not end after {MAX_STOPS} stops")
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=NAME, guild=table.where)
        assert campaign is not None and campaign.id is not None
        types = [r.type for r in event_log.list_events(session, campaign_id=campaign.id, day=day)]
    counts["days"] += 1
    counts["days with a fight"] += "combat_started" in types
    counts["days with a cast"] += "cast" in types
    counts["casts"] += types.count("cast")
    counts["enchants"] += types.count("enchanted")
    return True


def _open(table: Table) -> bool:
    """Whether a decision of the campaign still waits."""
    with session_scope(table.service.engine) as session:
        campaign = repo.get_campaign(session, name=NAME, guild=table.where)
        assert campaign is not None and campaign.id is not None
        return bool(repo.open_decisions(session, campaign_id=campaign.id))


def main(argv: list[str]) -> int:
    """The full form: :data:`DAYS` days (or ``argv[0]``)."""
    days = int(argv[0]) if argv else DAYS
    start = time.perf_counter()
    leaks, counts, viewers = asyncio.run(play(days))
    print(f"figure: campaign: the six spellcasters on Discord (SimCord), {counts['days']} days")
    return verdict(leaks, counts, viewers, ("decisions", "messages", "images"), start)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
