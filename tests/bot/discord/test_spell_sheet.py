"""What ``/me`` and ``/gm sheet`` show of magic (issue 34, "What players see"), end to end with
SimCord: the Elf's awakened cards, colour chit, committed chit and the spells bewitching him
with what energizes them, and his Curses, to him alone and to a moderator; the Amazon's sheet
shows none of his, only the spell that bewitches her; the channel hears nothing."""

from __future__ import annotations

import pytest

from bot.service import CampaignService
from rules.state import GameState
from tests.spellbound import Staged, bewitch

from .conftest import Table, bot_messages, change_state, private_card, seat_two_players, text_of


async def staged(table: Table, service: CampaignService) -> Staged:
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    found: list[Staged] = []

    def change(state: GameState) -> None:
        found.append(bewitch(state))

    change_state(service, change)
    return found[0]


def unescaped(card: str) -> str:
    """A card's text as read: Discord's escape of a chit's star taken off."""
    return card.replace("\\*", "*")


@pytest.mark.asyncio
async def test_me_shows_his_magic_to_him_alone(table: Table, service: CampaignService) -> None:
    magic = await staged(table, service)
    await table.bot.deliver_once()
    before = len(bot_messages(table.channel.history()))

    elf = unescaped(private_card(await table.bob.slash(table.channel, "me", campaign="Test")))
    for line in magic.elfs_lines():
        assert line in elf, (line, elf)
    chits = next(line for line in elf.splitlines() if line.startswith("chits: "))
    assert magic.committed_mark in chits and chits.count("(committed)") == 1, chits
    assert "spells: " in elf, "his recorded spells are still there"

    amazon = private_card(await table.alice.slash(table.channel, "me", campaign="Test"))
    assert magic.AMAZONS_LINE in amazon
    for secret in magic.SECRETS:
        assert secret not in amazon, secret

    moderated = await table.moderator.slash(
        table.channel, "gm sheet", campaign="Test", character="Elf"
    )
    seen = unescaped(private_card(moderated))
    assert all(line in seen for line in magic.elfs_lines()), seen

    await table.bot.deliver_once()
    public = [text_of(m) for m in bot_messages(table.channel.history())[before:]]
    assert not any("Book of Lore" in t or "colour chits" in t for t in public), public
