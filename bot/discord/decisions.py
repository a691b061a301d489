"""Buttons under a decision's DM: one per option, pressing one answers the decision.

The service asks a mid-day decision by DM (``templates/messages/decision.txt.j2``)::

    North Sea, day 3: the Amazon must decide. Which chit do you rest first? (7.8.2)
    Options: MOVE M3*, FIGHT M4*. Without an answer by 2025-01-01 12:00 UTC: MOVE M3*.

The service has no method that lists open decisions, so the options are read from the DM's
``Options:`` line (:func:`read_decision`); the campaign is the outbox message's own. A button
calls :meth:`~bot.service.CampaignService.answer` as ``answer <option>`` by DM does (that path
stays), and the service checks the answer as it always does. Once one button is pressed they are
all disabled; a newer decision DM to the same player in the same campaign disables the older
one's buttons (:class:`DecisionBoard`), and unpressed buttons expire with the longest time a
decision may wait.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass

import discord

from bot.discord.cogs.common import FAILED, answer, player_id
from bot.service import CampaignService, RequestError

log = logging.getLogger("realmbot.discord.decisions")

#: Seconds a decision's buttons stay live: the longest a decision may wait (72 hours).
DECISION_TIMEOUT = 72 * 3600.0
#: Discord's limits: buttons on a message, and a button's label.
MAX_BUTTONS = 25
LABEL_LENGTH = 80

_OPTIONS = re.compile(r"^Options: (?P<options>.+?)\. Without an answer by ", re.MULTILINE)


@dataclass(frozen=True)
class DecisionAsked:
    """A decision DM read back: its campaign and the options offered, in order."""

    campaign: str
    options: tuple[str, ...]


def read_decision(campaign: str, content: str) -> DecisionAsked | None:
    """``content`` (an outbox DM of ``campaign``) as a decision, or ``None`` if it is not one, or
    its options would not fit on buttons (the player answers by DM then)."""
    first = content.partition("\n")[0]
    if not (first.startswith(f"{campaign}, day ") and " must decide. " in first):
        return None
    found = _OPTIONS.search(content)
    if found is None:
        return None
    options = tuple(o.strip() for o in found.group("options").split(", ") if o.strip())
    if not options or len(options) > MAX_BUTTONS or len(set(options)) < len(options):
        return None
    if any(len(option) > LABEL_LENGTH for option in options):
        return None
    return DecisionAsked(campaign=campaign, options=options)


class DecisionButton(discord.ui.Button["DecisionButtons"]):
    """One option of a decision."""

    def __init__(self, option: str, index: int) -> None:
        super().__init__(
            label=option, style=discord.ButtonStyle.primary, custom_id=f"decision-option-{index}"
        )
        self.option = option

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.choose(interaction, self)


class DecisionButtons(discord.ui.View):
    """The buttons under one decision DM; only its recipient may press them, once."""

    def __init__(self, service: CampaignService, decision: DecisionAsked, player: str) -> None:
        super().__init__(timeout=DECISION_TIMEOUT)
        self.service = service
        self.decision = decision
        self.player = player
        self.message: discord.Message | None = None
        for index, option in enumerate(decision.options):
            self.add_item(DecisionButton(option, index))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return player_id(interaction.user) == self.player

    def disable(self, chosen: DecisionButton | None = None) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
                item.style = (
                    discord.ButtonStyle.success if item is chosen else discord.ButtonStyle.secondary
                )

    async def choose(self, interaction: discord.Interaction, button: DecisionButton) -> None:
        """Disable the buttons, then answer the decision and reply privately."""
        self.stop()
        self.disable(button)
        await interaction.response.edit_message(view=self)
        try:
            reply = await asyncio.to_thread(
                self.service.answer,
                self.decision.campaign,
                player=player_id(interaction.user),
                answer=button.option,
            )
        except RequestError as error:
            await answer(interaction, str(error))
            return
        await answer(interaction, reply.text)

    async def retire(self) -> None:
        """Disable the buttons of a decision that is no longer the one to answer."""
        self.stop()
        await self._disable_message()

    async def on_timeout(self) -> None:
        await self._disable_message()

    async def _disable_message(self) -> None:
        if self.message is None:
            return
        self.disable()
        try:
            await self.message.edit(view=self)
        except discord.HTTPException:
            log.info("could not disable the buttons of an old decision")

    async def on_error(
        self,
        interaction: discord.Interaction,
        error: Exception,
        item: discord.ui.Item[DecisionButtons],
    ) -> None:
        log.error("a decision button failed", exc_info=error)
        try:
            await answer(interaction, FAILED)
        except discord.HTTPException:
            log.warning("could not tell the player that a decision button failed")


class DecisionBoard:
    """The live decision buttons, one set per player and campaign: a newer one retires the older."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self._live: dict[tuple[str, str], DecisionButtons] = {}

    def buttons_for(self, campaign: str, player: str, content: str) -> DecisionButtons | None:
        """The buttons for an outbox DM to ``player``, if it asks a decision."""
        decision = read_decision(campaign, content)
        if decision is None:
            return None
        return DecisionButtons(self.service, decision, player)

    async def sent(self, buttons: DecisionButtons, message: discord.Message) -> None:
        """``buttons`` went out on ``message``: they replace the player's older ones."""
        buttons.message = message
        key = (buttons.player, buttons.decision.campaign)
        older = self._live.get(key)
        self._live[key] = buttons
        if older is not None and not older.is_finished():
            await older.retire()
