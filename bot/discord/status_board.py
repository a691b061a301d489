"""The status boards on Discord (:mod:`bot.status_board`): after each delivery pass, each
campaign's board is posted and pinned the first time (an embed, :mod:`bot.discord.embeds`),
then edited in place whenever its text changes — never posted again while its message exists.
A board that fails is logged and tried again at the next pass; it never holds back the
outbox."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.discord.embeds import embed_messages
from bot.render import discord_times, escape_discord
from bot.service import CampaignService
from bot.status_board import Board

log = logging.getLogger("realmbot.discord.status_board")


async def refresh_boards(client: discord.Client, service: CampaignService) -> int:
    """Bring every board up to date; returns how many were posted or edited."""
    boards = await asyncio.to_thread(service.boards.status_boards)
    changed = 0
    for board in boards:
        if board.text == board.posted and board.message is not None:
            continue
        try:
            message = await _show(client, board)
        except discord.HTTPException as error:
            log.warning("the status board of campaign %s failed: %s", board.campaign_id, error)
            continue
        await asyncio.to_thread(
            service.boards.board_posted, board.campaign_id, message=message, text=board.text
        )
        changed += 1
    return changed


async def _show(client: discord.Client, board: Board) -> str:
    """Edit the board's message, or post and pin a new one (the first, or after its message
    was deleted); returns the message's id."""
    channel = client.get_partial_messageable(int(board.channel))
    if board.card is not None:  # one message: a board is short (a line per seat)
        content, embeds = None, embed_messages(board.card)[0]
    else:
        content, embeds = discord_times(escape_discord(board.text)), []
    if board.message is not None:
        try:
            message = channel.get_partial_message(int(board.message))
            await message.edit(content=content, embeds=embeds)
            return board.message
        except discord.NotFound:
            log.info(
                "the status board of campaign %s was deleted: posting it again", board.campaign_id
            )
    posted = await channel.send(content, embeds=embeds)
    try:
        await posted.pin(reason="the campaign's status board")
    except discord.HTTPException as error:
        log.warning("could not pin the status board of campaign %s: %s", board.campaign_id, error)
    return str(posted.id)
