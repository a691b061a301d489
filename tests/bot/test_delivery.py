"""The one delivery protocol (:mod:`bot.delivery`): a transport is only what it implements —
which campaigns are its, how it carries one message, what a failure means — and the courier
hands it its messages in order, marks them delivered once carried, and holds a destination
behind a failing message."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.delivery import FIRST_RETRY, Courier, Failure
from bot.outbox import Outgoing
from bot.service import CampaignService
from db.models import OutboxMessage
from tests.clocks import ManualClock
from tests.reads import reads


@dataclass
class Mailbag:
    """A transport that keeps what it carries, and cannot reach the players in ``closed``."""

    name: str = "mail"
    with_channel: bool | None = False
    mail: bool | None = None
    batch: int = 2
    closed: set[str] = field(default_factory=set)
    carried: list[tuple[int, str, str | None]] = field(default_factory=list)
    prepared: int = 0

    async def prepare(self) -> None:
        self.prepared += 1

    async def send(self, outgoing: Outgoing, campaign: str | None) -> None:
        message = outgoing.message
        if message.kind == "dm" and message.to in self.closed:
            raise ConnectionRefusedError(f"{message.to} takes no mail")
        assert message.id is not None and campaign is not None
        self.carried.append((message.id, campaign, message.to))

    def classify(self, error: Exception, message: OutboxMessage) -> Failure:
        return Failure(str(error), holds_destination=True, closed_dms=True)

    async def notice(self, message: OutboxMessage, failure: Failure, campaign: str) -> str:
        return f"{campaign}: mail to {message.to} bounced"


def started(service: CampaignService) -> None:
    """A campaign without a channel (the local transports'), started: its messages wait."""
    service.campaigns.create("Valley", moderator="gm", seed=3)
    service.campaigns.join("Valley", player="alice", player_name="Alice", character="Amazon")
    service.campaigns.join("Valley", player="bob", player_name="Bob", character="Elf")
    service.campaigns.start("Valley", moderator="gm")


def test_a_transport_gets_its_messages_in_order_and_each_once(service: CampaignService) -> None:
    started(service)
    waiting = [m.id for m in service.store.undelivered(1000)]
    bag = Mailbag()
    courier = Courier(service, bag)
    assert asyncio.run(courier.deliver_once()) == len(waiting)
    assert [carried[0] for carried in bag.carried] == waiting
    assert {carried[1] for carried in bag.carried} == {"Valley"}
    assert service.store.undelivered(1000) == []
    assert asyncio.run(courier.deliver_once()) == 0
    assert bag.prepared == 1, "a pass with nothing to carry prepares nothing"


def test_a_transport_of_the_channels_campaigns_gets_none_of_the_others(
    service: CampaignService,
) -> None:
    started(service)
    assert asyncio.run(Courier(service, Mailbag(with_channel=True)).deliver_once()) == 0
    assert service.store.undelivered(1000) != []


def test_a_failing_destination_waits_alone_and_the_moderators_hear_of_it_once(
    service: CampaignService,
) -> None:
    started(service)
    clock = ManualClock()
    bag = Mailbag(closed={"alice"})
    courier = Courier(service, bag, clock=clock)
    asyncio.run(courier.deliver_once())
    assert any(to == "bob" for _, _, to in bag.carried), "another player's mail goes"
    [waiting, notice] = service.store.undelivered(1000)
    assert (waiting.to, waiting.attempts) == ("alice", 1)
    assert (notice.kind, notice.content) == ("moderators", "Valley: mail to alice bounced")
    bag.closed.clear()
    assert asyncio.run(courier.deliver_once()) == 1, "the notice; hers is not due again yet"
    assert [m.id for m in service.store.undelivered(1000)] == [waiting.id]
    clock.advance(FIRST_RETRY)
    assert asyncio.run(courier.deliver_once()) == 1
    assert bag.carried[-1] == (waiting.id, "Valley", "alice")
    assert service.store.undelivered(1000) == []


def test_a_pass_asks_the_database_for_what_waits_whatever_the_campaigns_beside_it(
    service: CampaignService,
) -> None:
    """A pass reads the messages that wait and their campaigns' names, nothing of the campaigns
    with nothing waiting: a thousand campaigns' passes, each reading every campaign, made their
    delivery grow with the square of their number."""
    bag = Mailbag(batch=100)
    courier = Courier(service, bag)
    started(service)
    with reads(service.engine) as alone:
        first = asyncio.run(courier.deliver_once())
    for n in range(6):
        service.campaigns.create(f"Idle{n}", moderator="gm", seed=3)
        service.campaigns.join(f"Idle{n}", player=f"p{n}", player_name="P", character="Amazon")
        service.campaigns.start(f"Idle{n}", moderator="gm")
    asyncio.run(courier.deliver_once())
    service.campaigns.create("Hills", moderator="gm", seed=3)
    service.campaigns.join("Hills", player="carol", player_name="Carol", character="Amazon")
    service.campaigns.join("Hills", player="dave", player_name="Dave", character="Elf")
    service.campaigns.start("Hills", moderator="gm")
    with reads(service.engine) as beside:
        second = asyncio.run(courier.deliver_once())
    assert first == second > 0
    assert beside.statements == alone.statements
    assert beside.loaded == alone.loaded
    assert "Campaign" not in beside.loaded
