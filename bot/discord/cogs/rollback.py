"""``/gm rollback``'s question: it rolls a campaign back only once its moderator confirms."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.cogs.common import MODERATORS_ONLY, escaped, may_moderate
from bot.discord.where import enter_language
from bot.i18n import _
from bot.inbox import Request, take

if TYPE_CHECKING:
    from bot.discord.cogs.moderators import ModeratorCog

log = logging.getLogger("realmbot.discord.moderators")

#: Seconds a rollback waits for its confirmation.
CONFIRM_TIMEOUT = 120.0


class RollbackConfirmation(discord.ui.View):
    """The buttons under ``/gm rollback``'s question: "Roll back" rolls back, "Cancel" does not.

    Only the moderator who asked may press them; unanswered, the question expires. It is
    made, and speaks, in the language of the command's interaction.
    """

    def __init__(
        self, cog: ModeratorCog, asked: discord.Interaction, campaign: str, day: int
    ) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.cog = cog
        self.asked = asked
        self.campaign = campaign
        self.day = day
        self.confirm.label = _("Roll back")
        self.cancel.label = _("Cancel")
        self.expired = _("Rollback not confirmed in time: nothing changed.")

    def question(self) -> str:
        return escaped(
            _(
                "Roll %(campaign)s back to the start of day %(day)s? The reports of day "
                "%(day)s and later are removed and the day is played again. Players are told."
            )
            % {"campaign": self.campaign, "day": self.day}
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        enter_language(interaction)
        return interaction.user.id == self.asked.user.id

    @discord.ui.button(label="Roll back", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[RollbackConfirmation]
    ) -> None:
        self.stop()
        if not may_moderate(interaction):
            await interaction.response.edit_message(content=_(MODERATORS_ONLY), view=None)
            return
        confirmed = f"{self.question()}\n" + _("Confirmed.")
        await interaction.response.edit_message(content=confirmed, view=None)
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
            content=_("Rollback cancelled: nothing changed."), view=None
        )

    async def on_timeout(self) -> None:
        try:
            await self.asked.edit_original_response(content=self.expired, view=None)
        except discord.HTTPException:
            log.info("could not mark an expired rollback question as expired")
