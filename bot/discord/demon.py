"""A button under Ask Demon's DMs (issue 34, L4953): **Ask** under the caster's notice that he may
ask his question, **Answer** under the question relayed to the asked player (and under their
reminders); pressing it opens a text box whose text is sent as the DM ``ask <campaign>`` or
``answer-demon <campaign>`` would be (:mod:`bot.demon_exchange`), through the inbox.

The DMs are recognised by their first line, which the relay writes (the player's own text is
quoted below it): ``templates/messages/demon_reminder.txt.j2`` and ``demon_question.txt.j2``.
Like the decision buttons (:mod:`bot.discord.decisions`) the button survives a restart: its
``custom_id`` (``rb:demon:<campaign id>:ask|answer``) holds all it needs; whether there is
still something to ask or answer is the service's to say when the text is sent.
"""

from __future__ import annotations

import asyncio
import logging
import re
from functools import lru_cache
from typing import Any, Self

import discord

from bot.demon_exchange import LIMIT
from bot.discord.cogs.common import answer, call_and_answer, player_id, reporting_failure
from bot.discord.decisions import recipient_served
from bot.discord.forms import title
from bot.discord.where import enter
from bot.i18n import N_, _, patterns
from bot.inbox import Request, take
from bot.service import CampaignService

log = logging.getLogger("realmbot.discord.demon")

#: The button's ``custom_id``: the campaign's id and what the text box sends.
CUSTOM_ID = r"rb:demon:(?P<campaign>[0-9]{1,20}):(?P<what>ask|answer)"

#: What each button sends, with its label and the text box's.
_COMMANDS = {"ask": "ask", "answer": "answer-demon"}
_LABELS = {"ask": (N_("Ask"), N_("Your question")), "answer": (N_("Answer"), N_("Your answer"))}


#: The first lines of the DMs of Ask Demon (``templates/messages/demon_*.txt.j2``) as messages,
#: with what each asks of its reader: each language says them in its words.
_ASKING = (
    (
        "%(name)s: your Ask Demon lets the %(caster)s ask the %(asked)s's player one question "
        "(L4953): send it by DM, a message whose first line is `ask %(name)s` and the question "
        "below it, by the orders deadline of day %(until)s.",
        "ask",
    ),
    (
        "%(name)s: by Ask Demon (L4953) the %(caster)s asks the %(asked)s one question, which "
        "you must answer truthfully (yes, no or a number, about recorded information or game "
        "pieces, present or past); question and answer stay between the two of you:",
        "answer",
    ),
    (
        "%(name)s: the %(caster)s still waits for your answer to the question asked by Ask "
        "Demon (L4953): send it by DM, a message whose first line is `answer-demon %(name)s` and "
        "the answer below it, by the orders deadline of day %(until)s.",
        "answer",
    ),
)


@lru_cache(maxsize=256)
def _asking(campaign: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """How each DM of :data:`_ASKING` starts in each language (up to its rule's citation), for
    ``campaign``, with what it asks."""
    groups = {"name": re.escape(campaign), "caster": ".+?", "asked": ".+?"}
    cited = re.escape("(L4953)")
    return tuple(
        (re.compile(said.partition(cited)[0] + cited), action)
        for message, action in _ASKING
        for said in patterns(message, groups)
    )


def demon_action(campaign: str, content: str) -> str | None:
    """What a DM of ``campaign`` asks of its reader by Ask Demon, in whichever language it is
    said: ``ask`` (the caster's notice or reminder), ``answer`` (a question relayed to him, or
    its reminder), or None."""
    first = content.partition("\n")[0]
    return next((action for found, action in _asking(campaign) if found.match(first)), None)


class DemonModal(discord.ui.Modal):
    """The text box of a question or an answer; submitting it sends it as its DM would."""

    def __init__(self, service: CampaignService, campaign: str, what: str) -> None:
        super().__init__(title=title(_(_LABELS[what][0]), campaign))
        self.text: discord.ui.TextInput[DemonModal] = discord.ui.TextInput(
            label=_(_LABELS[what][1]),
            style=discord.TextStyle.paragraph,
            min_length=1,
            max_length=LIMIT,
            custom_id="demon-text",
        )
        self.add_item(self.text)
        self.service, self.campaign, self.what = service, campaign, what

    async def on_submit(self, interaction: discord.Interaction) -> None:
        enter(interaction)
        request = Request(
            _COMMANDS[self.what], self.campaign, player_id(interaction.user), self.text.value
        )
        await call_and_answer(interaction, lambda: take(self.service, request))


class DemonButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=CUSTOM_ID):
    """The Ask or Answer button; it finds the service through the bot pressed."""

    def __init__(self, campaign_id: int, what: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(_LABELS[what][0]),
                style=discord.ButtonStyle.primary,
                custom_id=f"rb:demon:{campaign_id}:{what}",
            )
        )
        self.campaign_id, self.what = campaign_id, what

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["campaign"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await reporting_failure(log, "an Ask Demon button", interaction, self.press)

    async def press(self, interaction: discord.Interaction) -> None:
        """Open the text box, if the presser is the DM's recipient and the campaign exists."""
        client = await recipient_served(interaction, "Ask Demon buttons")
        if client is None:
            return
        names = await asyncio.to_thread(client.service.campaigns.campaign_names)
        name = names.get(self.campaign_id)
        if name is None:
            await answer(interaction, _("This campaign is gone."))
            return
        await interaction.response.send_modal(DemonModal(client.service, name, self.what))


def demon_view(campaign_id: int, campaign: str, content: str) -> discord.ui.View | None:
    """The button for an outbox DM of ``campaign`` (whose id is ``campaign_id``), if it asks
    something of its reader by Ask Demon (:func:`demon_action`). The view is stopped."""
    what = demon_action(campaign, content)
    if what is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(DemonButton(campaign_id, what))
    view.stop()
    return view
