"""Issue 32's walk-through on Discord (SimCord): three players at the Inn fight a Giant, an Ogre
and a Wolf through their DMs. Each round asks a player at most twice, each window a real choice,
and the Evening reaches its end with the day's report in the channel; every DM the bot sends
unasked is counted, at most two a round."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import simcord

from bot.option_lists import expand
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from rules.state import GameState, Place
from tests.fights import quiet_plays
from tests.snapshots import rewrite_latest

from .conftest import Table, bot_messages, private_answer, text_of

PLAYERS = {"alice": "Amazon", "bob": "Black Knight", "carol": "Swordsman"}
#: A window's header, and the round its brief names.
HEADER = re.compile(r"the (?P<who>[\w ]+)'s [\w ]+ window is open until")
ROUND = re.compile(r"^Combat in \w+, round (?P<round>\d+)\.$", re.MULTILINE)
BLOCK = re.compile(r"^\\?- .+\n  (?:Options|Any of): (?P<options>.+)\. Default:", re.MULTILINE)


def choices(written: str) -> list[str]:
    """The options a block's line offers, its braces read (bot.option_lists), escapes undone."""
    entries = written.replace("\\", "").split(" | ")
    return [option for entry in entries for option in expand(entry)]


#: What the bot may DM a fighter: the echo of what he sent (orders, plays), his sheet, a
#: window, the rounds before it, his own report of the day.
ECHO = re.compile(r"^(Orders for the [\w ]+, day \d+ stored|The [\w ]+'s plays \(version )")
SHEET = re.compile(r"^Your [\w ]+ in \w+: at ")
REPORT = re.compile(r"^Combat in \w+, round (?P<round>\d+):$", re.MULTILINE)
OWN = re.compile(r"^Day \d+, Month \d+ of \w+, for the [\w ]+ alone:")


def messages_a_round(name: str, member: simcord.MemberActor) -> Counter[int]:
    """Every message the bot sent ``member`` by DM unasked, by the round it asks about: a
    window its round's, the rounds' report sent before a window (too long to share its
    message) or after his character's death the next round's. Any other message fails."""
    counted: Counter[int] = Counter()
    for message in bot_messages(member.user.dm_channel.history()):
        text = text_of(message)
        if ECHO.match(text) or SHEET.match(text) or OWN.match(text):
            continue
        if HEADER.search(text):
            found = ROUND.search(text)
            assert found is not None, f"{name}: a window naming no round: {text}"
            counted[int(found["round"])] += 1
            continue
        rounds = [int(found["round"]) for found in REPORT.finditer(text)]
        assert rounds and text.startswith("Combat in "), f"{name}: an unexpected DM: {text}"
        counted[max(rounds) + 1] += 1
    return counted


def open_kinds(service: CampaignService, character: str) -> set[str]:
    with session_scope(service.engine) as session:
        waiting = repo.open_decisions(session, campaign_id=1)
        return {d.kind for d in waiting if d.character == character}


def at_the_inn(state: GameState) -> None:
    """The three characters in the Amazon's clearing (the Inn's), unhidden, with a Giant, an
    Ogre and a Wolf; nothing else there."""
    here = state.place_of("Amazon")
    for piece in list(state.at(here)):
        if piece != "Amazon":
            state.put(piece, Place.OUT)
    for piece in ("Black Knight", "Swordsman", "Giant 1", "Ogre 1", "Wolf 1"):
        state.put(piece, here)
    for character in state.characters.values():
        character.hidden = False


@pytest.mark.asyncio
async def test_three_players_at_the_inn_are_asked_at_most_twice_a_round(
    table: Table, service: CampaignService
) -> None:
    members = {"alice": table.alice, "bob": table.bob, "carol": table.member("carol")}
    created = await table.moderator.slash(table.channel, "gm create", name="Test")
    assert private_answer(created).startswith("Campaign Test created")
    for name, character in PLAYERS.items():
        await members[name].slash(table.channel, "join", campaign="Test", character=character)
    await table.moderator.slash(
        table.channel, "gm config", campaign="Test", setting="wait_for_decisions", value="yes"
    )
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    rewrite_latest(service.engine, 1, at_the_inn, step="test")
    for member in members.values():
        await member.send_dm("orders Test\nR")
    await table.moderator.slash(table.channel, "gm force", campaign="Test", day=1)
    await table.bot.deliver_once()
    for _ in range(60):
        waiting = {n: open_kinds(service, c) for n, c in PLAYERS.items()}
        if not any(waiting.values()):
            break
        for name, kinds in waiting.items():
            text = quiet_plays(kinds)
            if text is not None:
                await members[name].send_dm("plays\n" + text)
        await table.bot.deliver_once()
    assert service.campaigns.campaign("Test").day == 2, "the Evening ended, the day resolved"

    for name in PLAYERS:
        sent = [text_of(m) for m in bot_messages(members[name].user.dm_channel.history())]
        windows = [text for text in sent if HEADER.search(text)]
        assert windows, f"{name} was asked"
        per_round = Counter(
            int(found["round"]) for text in windows if (found := ROUND.search(text))
        )
        assert per_round and max(per_round.values()) <= 2, (name, per_round)
        for text in windows:
            assert "Next: " in text, f"{name}: a window that does not say what comes next"
            blocks = [choices(found["options"]) for found in BLOCK.finditer(text)]
            assert any(len(options) > 1 for options in blocks), f"{name}: no real choice: {text}"
        assert max(messages_a_round(name, members[name]).values()) <= 2, name
    said = [text_of(m) for m in bot_messages(table.channel.history())]
    (pace,) = [text for text in said if "the Evening's combat is fought by DM" in text]
    assert "expected to end about" in pace, "the Evening's expected end, in the channel"
    assert not any(character in pace for character in PLAYERS.values()) and "DV5" not in pace
    report = " ".join(said)
    assert "Round 1" in report
