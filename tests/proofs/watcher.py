"""Everything that leaves the campaign service, per recipient, text and images.

A :class:`Watcher` stands where a transport stands: it takes every outbox message (as
:func:`bot.local.deliver` does: a batch at a time, then marks them delivered) and every reply
the service gives a player, and files each as a :class:`Sent` under the viewer who reads it —
the public for the campaign's channel, the moderator for the moderators' channel, and a
player's character for his DMs and the replies to him.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import outbox
from bot.service import CampaignService
from rules.view import MODERATOR, PUBLIC

#: How many outbox messages one batch takes.
BATCH = 500


@dataclass(frozen=True)
class Sent:
    """One message as its recipient gets it: its campaign, the ``viewer`` whose eyes it
    reaches, its text and its image (PNG bytes and file name, or None)."""

    campaign: str
    viewer: str
    how: str
    text: str
    image: bytes | None = None
    image_name: str | None = None


class Watcher:
    """The transport's seat: every message of the service, filed by viewer."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        #: Each player's character, by campaign and player.
        self.seats: dict[tuple[str, str], str] = {}
        self._names: dict[int, str] = {}

    def seat(self, campaign: str, player: str, character: str) -> None:
        """Tell the watcher that ``player`` plays ``character`` in ``campaign``."""
        self.seats[(campaign, player)] = character

    def reply(self, campaign: str, player: str, text: str) -> Sent:
        """The service's answer to ``player``, as he reads it."""
        return Sent(campaign, self.seats[(campaign, player)], "reply", text)

    def drain(self) -> list[Sent]:
        """Every outbox message not delivered yet, filed by viewer, and marked delivered."""
        found: list[Sent] = []
        while True:
            batch = outbox.pending(self.service.engine, limit=BATCH)
            if not batch:
                return found
            for outgoing in batch:
                found.append(self._filed(outgoing))
            outbox.mark_delivered(
                self.service.engine, [o.id for o in batch], at=self.service.clock()
            )

    def _filed(self, outgoing: outbox.Outgoing) -> Sent:
        message = outgoing.message
        campaign = self._names.get(message.campaign_id)
        if campaign is None:
            self._names = self.service.campaigns.campaign_names()
            campaign = self._names[message.campaign_id]
        if message.kind == "dm":
            viewer = self.seats.get((campaign, message.to or ""), MODERATOR)
        elif message.kind == "channel":
            viewer = PUBLIC
        else:
            viewer = MODERATOR
        return Sent(
            campaign,
            viewer,
            message.kind,
            message.content,
            outgoing.attachment,
            message.attachment_name,
        )
