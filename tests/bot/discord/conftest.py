"""SimCord fixtures: the real bot over a service on a migrated temporary SQLite database (a copy
of the session's template, ``migrated_sqlite_url``), in a simulated guild with a moderator
(Manage Server) and two players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

from bot.discord import RealmBot, make_bot
from bot.discord.cogs.common import POSTED
from bot.service import CampaignService
from bot.store import Clock, system_clock
from db import repo
from db.engine import make_engine, session_scope
from rules.catalog import catalog
from rules.state import GameState
from tests.snapshots import rewrite_latest


@pytest.fixture
def clock() -> Clock:
    """The service's clock: the system's; a module that moves time overrides this fixture with
    a :class:`tests.clocks.ManualClock`."""
    return system_clock


@pytest.fixture
def service(migrated_sqlite_url: str, clock: Clock) -> CampaignService:
    engine = make_engine(migrated_sqlite_url)
    return CampaignService(engine, catalog(), clock=clock)


@pytest.fixture
def simcord_bot(service: CampaignService) -> RealmBot:
    return make_bot(service)


@dataclass
class Table:
    """Where a campaign is played: the guild, its channel and the people at the table."""

    env: simcord.Env
    bot: RealmBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    moderator: simcord.MemberActor
    alice: simcord.MemberActor
    bob: simcord.MemberActor

    def member(
        self, name: str, *, global_name: str | None = None, manage_guild: bool = False
    ) -> simcord.MemberActor:
        """One more member of the guild, a Discord moderator with ``manage_guild``."""
        permissions = discord.Permissions(manage_guild=True)
        roles = [self.guild.create_role(f"{name}-role", permissions=permissions)]
        user = self.env.create_user(name, global_name=global_name)
        return self.guild.add_member(user, roles=roles if manage_guild else [])


@pytest.fixture
def table(simcord_env: simcord.Env) -> Table:
    guild = simcord_env.create_guild()
    mods = guild.create_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    bot = simcord_env.bot
    assert isinstance(bot, RealmBot)
    return Table(
        env=simcord_env,
        bot=bot,
        guild=guild,
        channel=guild.create_text_channel("realm"),
        moderator=guild.add_member(simcord_env.create_user("gm"), roles=[mods]),
        alice=guild.add_member(simcord_env.create_user("alice")),
        bob=guild.add_member(simcord_env.create_user("bob")),
    )


def bot_messages(history: list[discord.Message]) -> list[discord.Message]:
    """The bot's messages in a channel's history, oldest first."""
    return [m for m in history if m.author.bot]


def text_of(message: discord.Message) -> str:
    """What ``message`` says: its text, the text of its layout (a combat window's), or its
    embeds read as text (:func:`embed_text`), a report's or a decision's card."""
    shown = [c.content for c in message.components if isinstance(c, discord.TextDisplay)]
    return message.content or "\n".join(shown) or "\n".join(embed_text(e) for e in message.embeds)


def last_dm(member: simcord.MemberActor) -> str:
    """The last thing the bot told ``member`` privately."""
    return text_of(bot_messages(member.user.dm_channel.history())[-1])


def last_window(member: simcord.MemberActor) -> str:
    """The last combat window the bot opened for ``member`` by DM, whole: a long one comes in
    several messages, the first naming the window."""
    sent = [text_of(m) for m in bot_messages(member.user.dm_channel.history())]
    first = max(i for i, text in enumerate(sent) if "window is open until" in text)
    return "\n".join(sent[first:])


def last_report(member: simcord.MemberActor) -> str:
    """The last report the bot sent ``member`` by DM, whole: a long one comes in several
    messages, the first starting ``Day``."""
    sent = [m.content for m in bot_messages(member.user.dm_channel.history())]
    first = max(i for i, text in enumerate(sent) if text.startswith("Day "))
    return "\n".join(sent[first:])


def channel_report(history: list[discord.Message], start: str) -> tuple[str, list[str]]:
    """The report in the channel that starts with ``start``, whole, and the files attached to it:
    a long report comes in several messages, the map with the last."""
    public = bot_messages(history)
    first = next(i for i, m in enumerate(public) if text_of(m).startswith(start))
    parts: list[discord.Message] = []
    for message in public[first:]:
        parts.append(message)
        if message.attachments:
            break
    text = "\n".join(text_of(m) for m in parts)
    return text, [a.filename for a in parts[-1].attachments]


def private_answer(result: simcord.InteractionResult) -> str:
    """The answer only the asker sees: one message, or a long one in several, every one of them
    his alone."""
    assert result.ephemeral and result.response is not None
    assert all(followup.ephemeral for followup in result.followups), result.followups
    return "\n".join([result.response.content, *(f.content for f in result.followups)])


def public_answer(result: simcord.InteractionResult) -> str:
    """A public answer: the asker's private note, then the messages everyone sees."""
    assert result.ephemeral and result.response is not None
    assert result.response.content == POSTED
    assert result.followups and not any(part.ephemeral for part in result.followups)
    return "\n".join(part.content for part in result.followups)


def embed_text(embed: discord.Embed) -> str:
    """An embed read as text: its title, description, a ``name: value`` line per field, its
    footer (each present)."""
    lines = [embed.title or "", embed.description or ""]
    lines += [f"{field.name}: {field.value}" for field in embed.fields]
    lines.append(embed.footer.text or "")
    return "\n".join(line for line in lines if line)


def card_of(messages: Sequence[Any]) -> str:
    """The embeds of ``messages`` (a card, in one message or several) read as text; each
    message has embeds and no other text."""
    assert messages and all(m.embeds and not m.content for m in messages), messages
    return "\n".join(embed_text(e) for m in messages for e in m.embeds)


def private_card(result: simcord.InteractionResult) -> str:
    """A card only the asker sees (:func:`private_answer`), read as text (:func:`card_of`)."""
    assert result.ephemeral and result.response is not None
    assert all(followup.ephemeral for followup in result.followups), result.followups
    return card_of([result.response, *result.followups])


def public_card(result: simcord.InteractionResult) -> str:
    """A card posted in the channel (:func:`public_answer`), read as text (:func:`card_of`)."""
    assert result.ephemeral and result.response is not None
    assert result.response.content == POSTED
    assert result.followups and not any(part.ephemeral for part in result.followups)
    return card_of(result.followups)


async def seat_two_players(table: Table) -> None:
    created = await table.moderator.slash(table.channel, "gm create", name="Test")
    assert private_answer(created).startswith("Campaign Test created")
    for member, character in ((table.alice, "Amazon"), (table.bob, "Elf")):
        joined = await member.slash(table.channel, "join", campaign="Test", character=character)
        welcome = private_answer(joined)
        assert welcome.startswith(f"You play the {character} in Test.\nHow to play by DM")
        assert '"orders Test"' in welcome and '"setup Test"' in welcome


async def start_waiting_for_decisions(table: Table, service: CampaignService) -> None:
    """Start Test, its players seated, with mid-day decisions waiting for their players (not
    combat's, which have their own tests)."""
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test", guild=str(table.guild.id))
        assert campaign is not None
        campaign.options = {**campaign.options, "wait_for_decisions": True, "combat_by_dm": False}
    await table.moderator.slash(table.channel, "gm start", campaign="Test")


def change_state(service: CampaignService, change: Callable[[GameState], None]) -> None:
    """Save Test's latest state again, as ``change`` leaves it, as the state the day starts
    from."""
    rewrite_latest(service.engine, 1, change, step="test")


#: What SimCord says when a member runs a command Discord would not show him (``/gm`` for a
#: player: its ``default_permissions``).
HIDDEN = "not visible to this user"
