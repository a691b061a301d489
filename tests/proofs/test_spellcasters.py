"""The quick form of the spellcasters suite (:mod:`tests.proofs.spellcasters`): the six
spellcasters play two days of a campaign that waits for decisions — they enchant on the first,
and on the second cast by their standing orders and by typed plays in their combat windows —
and no message or image tells anyone a secret: a spell cast is revealed to all, the spells each
records stay his; and the same on Discord."""

from __future__ import annotations

import asyncio

from tests.proofs.autoplay import SPELLCASTERS, WAITING, waits
from tests.proofs.secrecy import run
from tests.proofs.spellcasters_discord import play as play_on_discord


def test_six_spellcasters_enchant_and_cast_by_dm_and_leak_nothing() -> None:
    seed = 2 * WAITING
    assert waits(seed)
    leaks, counts, viewers = run([seed], days=2, characters=list(SPELLCASTERS), waiting_days=2)
    assert leaks == []
    assert counts["enchants"] > 0 and counts["spells"] > 0
    assert counts["casts by DM"] > 0 and counts["days with a cast"] > 0
    assert viewers == len(SPELLCASTERS) + 2, "each player, the public and the moderator read"


def test_six_spellcasters_on_discord_cast_through_their_windows_and_leak_nothing() -> None:
    """The same on Discord (SimCord, :mod:`tests.proofs.spellcasters_discord`): two days of
    orders by DM, the days forced and the windows closed by the moderator's slash commands,
    casts made by typed plays in the windows, every DM, reply and channel message checked as
    it arrives."""
    leaks, counts, viewers = asyncio.run(play_on_discord(2))
    assert leaks == []
    assert counts["enchants"] > 0 and counts["casts by DM"] > 0 and counts["days with a cast"] > 0
    assert viewers == len(SPELLCASTERS) + 1, "each player and the channel read"
