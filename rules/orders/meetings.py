"""Standing instructions for Trade and Hire (7.6, 7.7.1): what a player records in advance for
the choices his T and HR phases ask, so that a campaign that does not wait for decisions still
trades as he means to (rules-map-daylight P10, P22–P31).

``buy: Shield up to 14, Power Boots, Ask Demon`` — what he names after looking, the first of the
seller's on the list (by name, as printed; a spell by its name), and the most he pays for it; with
a list and nothing on it for sale he names the cheapest belonging and declines the price, since
looking obliges him to roll (7.6.5, P23). ``sell: Mace, Helmet`` — a T phase sells these if he
has any of them (7.6.4, P22). ``pay with: Mace`` — belongings given towards a price (7.6.5c,
P25). ``drinks: yes | no`` (7.6.5b, P24). ``boons: take | price | decline`` (L5493, P26).
``insults: pay | refuse`` and ``challenges: pay | refuse`` (L5499–5501, P27). The last three also
answer the Meeting rolls at the start of combat (8.2.2) where the combat line ``natives:`` does
not (:mod:`rules.evening.natives`). ``buy back:
Company`` — his T phases with these groups buy back the boon he owes them (7.6.5e.1, P28).
``new items: keep | activate | abandon`` — what he does with an item he buys or loots (7.5.5f,
P10). ``hire: new | rehire`` — whom an HR phase hires when he could do either (7.7.1d, P31).

This module holds :class:`MeetingOrders` and imports nothing of the game, so that
:mod:`rules.orders.model` can hold it; :func:`rules.orders.instructions.meeting` reads the lines,
and the Trade and Hire phases follow them (:mod:`rules.daylight.trade_orders`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.phrases import Phrase, phrase

#: The keys of the Trade and Hire instructions and the values they take.
MEETING_KEYS: dict[str, Phrase] = {
    "buy": phrase("orders.key_buy"),
    "sell": phrase("orders.key_sell"),
    "pay with": phrase("orders.key_pay_with"),
    "drinks": phrase("orders.key_drinks"),
    "boons": phrase("orders.key_boons"),
    "insults": phrase("orders.key_insults"),
    "challenges": phrase("orders.key_challenges"),
    "buy back": phrase("orders.key_buy_back"),
    "new items": phrase("orders.key_new_items"),
    "hire": phrase("orders.key_hire"),
}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Wish(_Frozen):
    """One entry of ``buy:``: an item or spell by name, and the most he pays for it (None: any
    price he can pay)."""

    name: str
    up_to: int | None = Field(default=None, ge=0)

    def describe(self) -> str:
        return self.name if self.up_to is None else f"{self.name} up to {self.up_to}"


class MeetingOrders(_Frozen):
    """His standing answers to Trade and Hire choices (see the module); None or empty: the
    engine's defaults."""

    buy: tuple[Wish, ...] = ()
    sell: tuple[str, ...] = ()
    pay_with: tuple[str, ...] = ()
    drinks: bool | None = None
    boons: Literal["take", "price", "decline"] | None = None
    insults: Literal["pay", "refuse"] | None = None
    challenges: Literal["pay", "refuse"] | None = None
    buy_back: tuple[str, ...] = ()
    new_items: Literal["keep", "activate", "abandon"] | None = None
    hire: Literal["new", "rehire"] | None = None

    def wish(self, name: str) -> Wish | None:
        """The ``buy:`` entry for the item or spell called ``name``, if any."""
        return next((w for w in self.buy if w.name == name), None)

    def lines(self) -> list[str]:
        """The instructions in their canonical notation, for the echo."""
        found: list[str] = []
        if self.buy:
            found.append(f"buy: {', '.join(w.describe() for w in self.buy)}")
        for key, names in (("sell", self.sell), ("pay with", self.pay_with)):
            if names:
                found.append(f"{key}: {', '.join(names)}")
        if self.drinks is not None:
            found.append(f"drinks: {'yes' if self.drinks else 'no'}")
        for key, value in (
            ("boons", self.boons),
            ("insults", self.insults),
            ("challenges", self.challenges),
        ):
            if value is not None:
                found.append(f"{key}: {value}")
        if self.buy_back:
            found.append(f"buy back: {', '.join(self.buy_back)}")
        if self.new_items is not None:
            found.append(f"new items: {self.new_items}")
        if self.hire is not None:
            found.append(f"hire: {self.hire}")
        return found
