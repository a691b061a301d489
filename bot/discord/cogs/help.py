"""``/help``: the commands by role, the order notation, and what each problem code means
(:mod:`bot.help` says the words), always as an answer only the asker sees."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import help as texts
from bot.discord.translator import command_in
from bot.i18n import _, current

Topic = app_commands.Choice[str]

#: The moderators' command group, listed under its own heading.
MODERATORS = "gm"


def listed(tree: app_commands.CommandTree[discord.Client]) -> dict[str, list[tuple[str, str]]]:
    """The tree's commands, ``/name`` (as a client in the language spoken shows it) and
    description, as ``players`` and ``moderators`` (the ``/gm`` group's, subgroups
    flattened), sorted by name."""
    found: dict[str, list[tuple[str, str]]] = {"players": [], "moderators": []}

    def walk(command: app_commands.Command[Any, ..., Any] | app_commands.Group, role: str) -> None:
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                walk(child, role)
        else:
            found[role].append((command_in(current(), command.qualified_name), command.description))

    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.ContextMenu):
            continue
        walk(command, "moderators" if command.name == MODERATORS else "players")
    return {role: sorted(commands) for role, commands in found.items()}


class HelpCog(commands.Cog, name="Help"):
    """``/help [topic] [code]``."""

    @app_commands.command(name="help", description="How to play and moderate by Discord")
    @app_commands.describe(
        topic="commands (the default), moderators, orders (the notation) or errors",
        code="a problem code an order got, e.g. no-road",
    )
    @app_commands.choices(topic=[Topic(name=t, value=t) for t in texts.TOPICS])
    async def help(
        self,
        interaction: discord.Interaction,
        topic: str = "commands",
        code: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        if code is not None:
            pages = [texts.code_help(code)]
        elif topic == "orders":
            pages = texts.orders_help()
        elif topic == "errors":
            pages = texts.errors_help()
        else:
            tree = listed(interaction.client.tree)  # type: ignore[attr-defined]
            if topic == "moderators":
                pages = texts.commands_help(_("Moderators' commands"), tree["moderators"])
            else:
                pages = texts.commands_help(_("Players' commands"), tree["players"])
                pages[-1] += "\n" + _(
                    "`/help orders`: the order notation · `/help moderators`: the moderators' "
                    "commands · `/help errors`: the problem codes"
                )
        await interaction.response.send_message(pages[0], ephemeral=True)
        for page in pages[1:]:
            await interaction.followup.send(page, ephemeral=True)

    @help.autocomplete("code")
    async def _codes(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in texts.matching_codes(current)]
