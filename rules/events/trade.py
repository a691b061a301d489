"""The events of dealings: trading between characters (7.2.1), missions and campaigns (7.2.4),
the Meeting Table, Trade (7.6) and Hire and hirelings (7.7)."""

from __future__ import annotations

from rules.events.base import Private, Public
from rules.phrases import Phrase


class HirePaid(Public, type="hire_paid"):
    """``who`` pays ``gold`` gold to hire from the ``group`` (``result``)."""

    who: str
    group: str | Phrase
    gold: int
    result: str | Phrase


class NotHired(Public, type="not_hired"):
    """``who`` hires no one from the ``group``: ``reason``."""

    who: str
    group: str | Phrase
    reason: Phrase


class RelationshipChanged(Private, type="relationship"):
    """``who``'s trading relationship with the ``group`` is now ``level``: ``reason``."""

    who: str
    group: str
    level: str | Phrase
    reason: Phrase


class BoonRepaid(Public, type="boon_repaid"):
    """``who`` buys back a boon from the ``group`` for ``gold`` gold."""

    who: str
    group: str
    gold: int


class BoonLost(Private, type="boon_lost"):
    """``who`` has missed his one chance to buy back the boon of the ``group`` (7.6.5e.1)."""

    who: str
    group: str


class Rehired(Public, type="rehired"):
    """The ``piece`` is rehired by the ``by`` until game day ``until`` (7.7.1d)."""

    piece: str
    by: str
    until: int


class Traded(Public, type="traded"):
    """``who`` trades with ``partner`` (7.2.1)."""

    who: str
    partner: str


class TradedDetail(Private, type="traded_detail"):
    """``who`` trades with ``partner``: ``gave``."""

    who: str
    partner: str
    gave: str


class TradeFailed(Private, type="trade_failed"):
    """The trade of ``who`` with ``partner`` fails: ``reason``."""

    who: str
    partner: str
    reason: Phrase


class TradeNotMade(Private, type="trade_not_made"):
    """``who``'s trade with ``partner`` was not made today (``offer``)."""

    who: str
    partner: str
    offer: str


class TradeLooked(Private, type="trade_looked"):
    """``who`` looks at the belongings of the ``group``: ``items``."""

    who: str
    group: str
    items: tuple[str, ...]


class EnchantedRevealed(Public, type="enchanted_revealed"):
    """The Enchanted card ``item`` of the ``group`` turns face up (7.6.5)."""

    item: str
    group: str


class Bought(Public, type="bought"):
    """``who`` buys ``item`` from the ``from_`` for ``price`` gold (7.6.5)."""

    who: str
    item: str
    price: int
    from_: str


class Sold(Public, type="sold"):
    """``who`` sells ``items`` to the ``to`` for ``gold`` gold (7.6.4)."""

    who: str
    items: tuple[str, ...]
    to: str
    gold: int


class PaidInKind(Public, type="paid_in_kind"):
    """``who`` pays the ``to`` with ``items``, worth ``worth`` gold, towards the price (7.6.5c)."""

    who: str
    items: tuple[str, ...]
    to: str
    worth: int


class SpellBought(Public, type="spell_bought"):
    """``who`` buys a spell from the ``from_`` for ``price`` gold (7.6.7; which one is secret)."""

    who: str
    price: int
    from_: str


class FameReward(Public, type="fame_reward"):
    """``who``'s Fame changes by ``fame`` for the ``item`` (7.6.6)."""

    who: str
    item: str
    group: str
    fame: int


class TradeRefused(Public, type="trade_refused"):
    """The ``group`` will not sell to ``who``: ``result`` (7.6.5d)."""

    who: str
    group: str
    result: str | Phrase


class TradeDeclined(Public, type="trade_declined"):
    """``who`` buys nothing from the ``group``: ``reason``."""

    who: str
    group: str
    reason: Phrase


class ChitTaken(Public, type="chit_taken"):
    """``who`` takes the ``chit`` chit in ``at``, paying ``cost`` (7.2.4c): ``task``."""

    who: str
    chit: str
    kind: str
    at: str
    cost: Phrase
    fame: int
    notoriety: int
    task: Phrase
    last_day: int | None
    to: str | None
    reward: int | None


class ChitNotTaken(Public, type="chit_not_taken"):
    """``who`` cannot take the ``chit`` chit in ``at``: ``reason``."""

    who: str
    chit: str
    at: str
    reason: Phrase


class MissionCompleted(Public, type="mission_completed"):
    """``who`` delivers the ``chit`` to the ``to``: ``gold`` Gold, and he regains ``regained``
    (7.2.4e.4)."""

    who: str
    chit: str
    to: str
    at: str
    gold: int
    regained: Phrase


class CampaignCompleted(Public, type="campaign_completed"):
    """``who``'s ``chit`` campaign is complete, all its foes are dead: he regains ``regained``
    (7.2.4i)."""

    who: str
    chit: str
    at: str | None
    regained: Phrase


class MissionFailed(Public, type="mission_failed"):
    """``who`` fails the ``chit`` mission (``reason``): he pays ``penalty`` again and the chit is
    put in ``at`` (7.2.4d)."""

    who: str
    chit: str
    at: str | None
    penalty: Phrase
    reason: Phrase


class CampaignFailed(Public, type="campaign_failed"):
    """``who`` fails the ``chit`` campaign (``reason``): he pays ``penalty`` again and the chit is
    put in ``at`` (7.2.4d)."""

    who: str
    chit: str
    at: str | None
    penalty: Phrase
    reason: Phrase


class CampaignAbandoned(Public, type="campaign_abandoned"):
    """``who`` abandons the ``chit`` campaign in ``at``: none of its foes is on the map (7.2.4j)."""

    who: str
    chit: str
    at: str


class CampaignNotAbandoned(Public, type="campaign_not_abandoned"):
    """``who`` cannot abandon the ``chit`` campaign: ``reason``."""

    who: str
    chit: str
    reason: Phrase


class ChitDropped(Public, type="chit_dropped"):
    """``who`` is killed: the ``chit`` chit is put in ``at`` (7.2.4b)."""

    who: str
    chit: str
    at: str | None


class Hired(Public, type="hired"):
    """The ``piece`` is hired by the ``by`` until game day ``until`` (7.7.1c)."""

    piece: str
    by: str
    until: int


class Unhired(Public, type="unhired"):
    """The ``piece`` is no longer hired by the ``employer``: ``reason``."""

    piece: str
    employer: str
    reason: Phrase


class MeetingRolled(Public, type="meeting"):
    """``who`` rolls on the Meeting Table for the ``group`` (``column``): ``result``."""

    who: str
    group: str | Phrase
    column: str
    result: str
    at: str
    round: int | None = None
    phase: int | None = None


class Drinks(Public, type="drinks"):
    """``who`` buys drinks for the ``group``: ``gold`` gold (7.6.5b)."""

    who: str
    group: str | Phrase
    gold: int
    at: str
    round: int | None = None


class DrinksUnpaid(Private, type="drinks_unpaid"):
    """``who`` cannot pay for the drinks for the ``group``: his gold is spent (2.6.2d.2)."""

    who: str
    group: str


class PaidOff(Public, type="paid_off"):
    """``who`` pays off the ``group``'s ``result`` (L5499-5501)."""

    who: str
    group: str | Phrase
    result: str
    at: str | None
    round: int | None = None
