"""What the cogs share: calling the service off the event loop and answering with its reply.

The service is synchronous and talks to the database, so every call runs in a worker thread
(:func:`asyncio.to_thread`). Its replies and refusals are plain text: they are escaped for
Markdown and mentions and split at Discord's 2,000 characters before they are sent. Refusals are
always private, even for a command whose answer is public. A request that found the database
busy past its patience (:class:`db.waiting.DatabaseBusyError`) is told so in a sentence, without
a traceback in the log.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

import discord

from bot.cards import Carded
from bot.discord.embeds import embed_messages
from bot.discord.translator import locale_language
from bot.discord.where import on_campaign
from bot.i18n import N_, Language, _
from bot.inbox import Option, Request, take
from bot.render import discord_times, escape_discord, render, split_message
from bot.service import CampaignService, Reply, RequestError
from db.waiting import DatabaseBusyError

Action = Callable[[], Reply]

logger = logging.getLogger(__name__)

#: What a member who may not moderate is told.
MODERATORS_ONLY = N_("Moderators only.")
#: What the asker alone sees when a public answer has been posted.
POSTED = N_("Posted in the channel.")
#: What the user sees when something failed unexpectedly (with the reference of the log line).
FAILED = N_(
    "Something went wrong on my side (reference %(reference)s); "
    "the moderators can find it in the bot's log."
)


def report_failure(logger: logging.Logger, what: str, error: BaseException) -> str:
    """Log an unexpected ``error`` with its traceback under a new short reference, and return
    the apology that gives the user that reference (:data:`FAILED`); a database busy past the
    request's patience is no failure of the bot's: logged in one line, it is answered with
    what happened and to try again."""
    if isinstance(error, DatabaseBusyError):
        logger.warning("%s found the database busy: %s", what, error)
        busy = render("messages/busy.txt.j2", seconds=round(error.waited))
        return busy[:1].upper() + busy[1:]
    reference = secrets.token_hex(4)
    logger.error("%s failed (reference %s)", what, reference, exc_info=error)
    return _(FAILED) % {"reference": reference}


async def reporting_failure(
    logger: logging.Logger,
    what: str,
    interaction: discord.Interaction,
    act: Callable[[discord.Interaction], Awaitable[None]],
) -> None:
    """Run ``act(interaction)``; what it raises unexpectedly is logged (:func:`report_failure`)
    and the user told, privately — discord.py would only log what a component's callback
    raises."""
    try:
        await act(interaction)
    except Exception as error:
        apology = report_failure(logger, what, error)
        try:
            await answer(interaction, apology)
        except discord.HTTPException:
            logger.warning("could not tell the player that %s failed", what)


def player_id(user: discord.abc.User) -> str:
    """How the service knows a Discord user: the user id as text."""
    return str(user.id)


def escaped(text: str) -> str:
    """``text`` escaped for Discord: Markdown inert, mentions broken."""
    return str(escape_discord(text))


def parts_of(text: str) -> list[str]:
    """``text`` escaped for Discord, its UTC times as Discord timestamps, split into messages."""
    return split_message(discord_times(escaped(text)))


async def answer(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Answer an interaction with plain ``text`` (escaped), whether or not it was deferred.

    After a deferral the first part replaces the "thinking" message and keeps its visibility.
    """
    for part in parts_of(text):
        if interaction.response.is_done():
            await interaction.followup.send(part, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(part, ephemeral=ephemeral)


async def answer_reply(
    interaction: discord.Interaction, reply: Reply, *, ephemeral: bool = True
) -> None:
    """Answer with ``reply``: its card as embeds (:mod:`bot.discord.embeds`) if it has one,
    else its text (:func:`answer`). Should Discord refuse the first embeds, the text is sent
    instead: the card's fallback."""
    if not isinstance(reply, Carded):
        await answer(interaction, reply.text, ephemeral=ephemeral)
        return
    for index, embeds in enumerate(embed_messages(reply.card)):
        try:
            if interaction.response.is_done():
                await interaction.followup.send(embeds=embeds, ephemeral=ephemeral)
            else:
                await interaction.response.send_message(embeds=embeds, ephemeral=ephemeral)
        except discord.HTTPException as error:
            if index > 0 or error.status != 400:
                raise
            logger.warning("Discord refused a card's embeds (%s): sending its text", error)
            await answer(interaction, reply.text, ephemeral=ephemeral)
            return


async def call_and_answer(
    interaction: discord.Interaction, action: Action, *, ephemeral: bool = True
) -> Reply | None:
    """Defer, run ``action`` (a service call) in a thread and answer with its reply.

    A :class:`RequestError` is answered with its message, privately. Returns the reply, or
    ``None`` when the request was refused.

    The deferral is private either way, since a deferred answer keeps the deferral's
    visibility: a public reply is posted as follow-up messages once the private "thinking"
    message has become :data:`POSTED`.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        reply = await asyncio.to_thread(action)
    except RequestError as error:
        await answer(interaction, str(error))
        return None
    if ephemeral:
        await answer_reply(interaction, reply)
    else:
        await interaction.edit_original_response(content=_(POSTED))
        if isinstance(reply, Carded):
            await answer_reply(interaction, reply, ephemeral=False)
        else:
            for part in parts_of(reply.text):
                await interaction.followup.send(part, ephemeral=False)
    return reply


async def ask(
    interaction: discord.Interaction,
    service: CampaignService,
    campaign: str | None,
    command: str,
    *,
    ephemeral: bool = True,
    **options: Option,
) -> Reply | None:
    """:func:`call_and_answer` the inbox's ``command`` (:data:`bot.inbox.COMMANDS`) with
    ``options``, from the member, on the campaign the slash command means
    (:func:`bot.discord.where.on_campaign`: ``campaign``, else the one played here, found when
    the service call runs). Returns the reply, or ``None`` when it was refused."""
    player = player_id(interaction.user)
    spoken = client_language(interaction)

    def asked(name: str) -> Reply:
        return take(service, Request(command, name, player, options=options, language=spoken))

    act = on_campaign(interaction, service.engine, campaign, asked)
    return await call_and_answer(interaction, act, ephemeral=ephemeral)


def client_language(interaction: discord.Interaction) -> Language | None:
    """The language the member's Discord client is set to, if realmbot speaks it (``es-ES``
    and ``es-419`` are Spanish): a reply to someone without a seat of his own speaks it
    (:meth:`bot.languages.Languages.of_reply`)."""
    return locale_language(interaction.locale)


def may_moderate(interaction: discord.Interaction) -> bool:
    """Whether the member may try to moderate here: in a server. The campaign's own moderators
    decide, in the service (its :class:`~bot.service.NotModeratorError` refuses the others);
    ``/gm`` is shown by default to members with Manage Server only (``default_permissions``),
    and a server's admins may show it to a co-moderator's role too (Server Settings >
    Integrations). Creating a campaign still needs Manage Server."""
    return interaction.guild_id is not None
