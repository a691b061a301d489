"""Everything that leaves the campaign service, per recipient, text and images.

A :class:`Watcher` stands where a transport stands: it takes every outbox message (as
:func:`bot.local.deliver` does: a batch at a time, then marks them delivered) and every reply
the service gives a player, and files each as a :class:`Sent` under the viewer who reads it —
the public for the campaign's channel, the moderator for the moderators' channel, and a
player's character for his DMs and the replies to him — with the language its reader reads
(the campaign's for the channel, each player's own for his DMs: issue 35).
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
    reaches, its text and its image (PNG bytes and file name, or None), and the ``language``
    its reader reads."""

    campaign: str
    viewer: str
    how: str
    text: str
    image: bytes | None = None
    image_name: str | None = None
    language: str = "en"


class Watcher:
    """The transport's seat: every message of the service, filed by viewer."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        #: Each player's character, by campaign and player.
        self.seats: dict[tuple[str, str], str] = {}
        #: The language each viewer reads, by campaign and viewer (English if not told).
        self.languages: dict[tuple[str, str], str] = {}
        self._names: dict[int, str] = {}

    def seat(self, campaign: str, player: str, character: str, language: str = "en") -> None:
        """Tell the watcher that ``player`` plays ``character`` in ``campaign`` and reads
        ``language``."""
        self.seats[(campaign, player)] = character
        self.languages[(campaign, character)] = language

    def speaks(self, campaign: str, language: str) -> None:
        """Tell the watcher that ``campaign``'s public reports (and moderators) read
        ``language``."""
        self.languages[(campaign, PUBLIC)] = language
        self.languages[(campaign, MODERATOR)] = language

    def language(self, campaign: str, viewer: str) -> str:
        """The language ``viewer`` reads in ``campaign``."""
        return self.languages.get((campaign, viewer), "en")

    def reply(self, campaign: str, player: str, text: str) -> Sent:
        """The service's answer to ``player``, as he reads it."""
        viewer = self.seats[(campaign, player)]
        return Sent(campaign, viewer, "reply", text, language=self.language(campaign, viewer))

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
            self.language(campaign, viewer),
        )
