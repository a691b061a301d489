"""The text boxes players type orders in: the day's orders (``/orders send``) and the standing
orders (``/standing``), several lines each, as in a DM — a hireling's orders in a section that
starts with his name (:mod:`rules.orders.sections`). Submitting one makes the service call a DM
would, answered privately with the same echo or the same list of problems, within the
campaigns the submitter may see (:func:`bot.discord.where.scope_of`)."""

from __future__ import annotations

import discord

from bot.discord.cogs.common import call_and_answer, player_id
from bot.discord.where import enter
from bot.i18n import _
from bot.inbox import Request, take, unfenced
from bot.service import CampaignService, Reply, RequestError

#: The longest standing orders (a slash option's limit too).
ORDERS_LENGTH = 2000
#: The longest day's orders: Discord's limit on a text box, and on the longest DM.
DAY_ORDERS_LENGTH = 4000
#: Discord's limit on a modal's title.
MODAL_TITLE_LENGTH = 45


def title(what: str, campaign: str) -> str:
    """A modal's title, ``what: campaign``, cut to Discord's limit."""
    text = f"{what}: {campaign}"
    return text if len(text) <= MODAL_TITLE_LENGTH else text[: MODAL_TITLE_LENGTH - 1] + "…"


class OrdersModal(discord.ui.Modal):
    """The day's orders' text box, filled with his orders in force if any; submitting it sends
    them as a DM ``orders <campaign>`` would (the inbox's ``orders``, :mod:`bot.inbox`)."""

    def __init__(self, service: CampaignService, campaign: str, current: str | None) -> None:
        super().__init__(title=title(_("Orders"), campaign))
        self.orders: discord.ui.TextInput[OrdersModal] = discord.ui.TextInput(
            label=_("Today's orders"),
            style=discord.TextStyle.paragraph,
            placeholder="M CV5, H, S\nCompany HQ: M CV5, H",
            min_length=1,
            max_length=DAY_ORDERS_LENGTH,
            custom_id="day-orders",
        )
        self.add_item(self.orders)
        self.service = service
        self.campaign = campaign
        if current is not None and len(current) <= DAY_ORDERS_LENGTH:
            self.orders.default = current

    async def on_submit(self, interaction: discord.Interaction) -> None:
        enter(interaction)
        campaign, player, text = self.campaign, player_id(interaction.user), self.orders.value

        def submit() -> Reply:
            orders = unfenced(text)
            if not orders:
                raise RequestError(_("Your orders are empty: nothing was stored"))
            return take(self.service, Request("orders", campaign, player, orders))

        await call_and_answer(interaction, submit)


class StandingOrdersModal(discord.ui.Modal):
    """The standing orders' text box: several lines, as in a DM; submitting it stores them."""

    def __init__(self, service: CampaignService, campaign: str) -> None:
        super().__init__(title=title(_("Standing orders"), campaign))
        self.orders: discord.ui.TextInput[StandingOrdersModal] = discord.ui.TextInput(
            label=_("Standing orders"),
            style=discord.TextStyle.paragraph,
            placeholder="H, R",
            min_length=1,
            max_length=ORDERS_LENGTH,
            custom_id="standing-orders",
        )
        self.add_item(self.orders)
        self.service = service
        self.campaign = campaign

    async def on_submit(self, interaction: discord.Interaction) -> None:
        enter(interaction)
        campaign, player, text = self.campaign, player_id(interaction.user), self.orders.value
        request = Request("standing", campaign, player, text)
        await call_and_answer(interaction, lambda: take(self.service, request))
