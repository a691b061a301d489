"""``/gm rollback``'s question: it rolls a campaign back only once its moderator confirms."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.cogs.common import MODERATORS_ONLY, escaped, may_moderate
from bot.inbox import Request, take

if TYPE_CHECKING:
    from bot.discord.cogs.moderators import ModeratorCog

log = logging.getLogger("realmbot.discord.moderators")

#: Seconds a rollback waits for its confirmation.
CONFIRM_TIMEOUT = 120.0


class RollbackConfirmation(discord.ui.View):
    """The buttons under ``/gm rollback``'s question: "Roll back" rolls back, "Cancel" does not.

    Only the moderator who asked may press them; unanswered, the question expires.
    """

    def __init__(
        self, cog: ModeratorCog, asked: discord.Interaction, campaign: str, day: int
    ) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.cog = cog
        self.asked = asked
        self.campaign = campaign
        self.day = day

    def question(self) -> str:
        return escaped(
            f"Roll {self.campaign} back to the start of day {self.day}? The reports of day "
            f"{self.day} and later are removed and the day is played again. Players are told."
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.asked.user.id

    @discord.ui.button(label="Roll back", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[RollbackConfirmation]
    ) -> None:
        self.stop()
        if not may_moderate(interaction):
            await interaction.response.edit_message(content=MODERATORS_ONLY, view=None)
            return
        await interaction.response.edit_message(content=f"{self.question()}\nConfirmed.", view=None)
        campaign, service, options = self.campaign, self.cog.service, {"day": self.day}
        await self.cog.run_moderated(
            interaction,
            lambda moderator: take(
                service, Request("rollback", campaign, moderator, options=options)
            ),
        )

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[RollbackConfirmation]
    ) -> None:
        self.stop()
        await interaction.response.edit_message(
            content="Rollback cancelled: nothing changed.", view=None
        )

    async def on_timeout(self) -> None:
        try:
            await self.asked.edit_original_response(
                content="Rollback not confirmed in time: nothing changed.", view=None
            )
        except discord.HTTPException:
            log.info("could not mark an expired rollback question as expired")
