"""Magic in the orders by DM, end to end under SimCord (issue 34): the Elf (bob), a spellcaster,
sends his Birdsong's magic phases and gets them back in the rulebook's notation, or every
problem at once with nothing stored."""

from __future__ import annotations

import re

import pytest

from bot.help import orders_help
from bot.service import CampaignService
from rules.magic.state import SpellInEffect
from rules.orders.parse import parse_orders
from rules.state import GameState
from tests.rules.games import fresh

from .conftest import Table, change_state, last_dm, private_card, seat_two_players


def unescaped(text: str) -> str:
    """A DM as the player reads it: Discord's markdown escapes (``\\*``, ``\\[``) removed."""
    return text.replace("\\", "")


@pytest.mark.asyncio
async def test_magic_orders_are_echoed_or_refused_by_dm(table: Table) -> None:
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    await table.bot.deliver_once()

    await table.bob.send_dm("orders Test\nE, e magic vii4*, A FIGHT M9")
    refused = unescaped(last_dm(table.bob))
    assert "NOT stored: 3 problems" in refused
    assert "phase 1 [missing-target]" in refused
    assert "yours: MAGIC III3*, MAGIC III4*, MAGIC III2*" in refused, "the chits he could use"
    assert "phase 2 [bad-target]" in refused and "Types I-V" in refused
    assert "phase 3 [bad-target]" in refused
    status = await table.alice.slash(table.channel, "status", campaign="Test")
    assert "Elf: no orders yet" in private_card(status), "nothing was stored"

    await table.bob.send_dm("orders Test\ne magic iii4*, enchant III2*, a iii3*")
    echo = unescaped(last_dm(table.bob))
    assert echo.startswith("Orders for the Elf, day 1 stored (v1 · ")
    assert "\nE MAGIC III4*, E MAGIC III2*, *A MAGIC III3*\n" in echo
    assert "warning [meditation]: phase 1 is your first Enchant phase today" in echo
    assert "Orders for the Elf" not in last_dm(table.alice), "his orders are his alone"


@pytest.mark.asyncio
async def test_standing_magic_instructions_are_echoed_or_refused_by_dm(
    table: Table, service: CampaignService
) -> None:
    """``cast:`` and ``color:`` lines (issue 34) come back in canonical form with the orders,
    or every problem at once with nothing stored."""
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")
    await table.bot.deliver_once()

    def elven_grace(state: GameState) -> None:
        state.characters["Elf"].spells = ["Elven Grace"]

    change_state(service, elven_grace)

    await table.bob.send_dm(
        "orders Test\nH\ncast: Fiery Blast with MAGIC III4*\ncolor: energize Frog"
    )
    refused = unescaped(last_dm(table.bob))
    assert "NOT stored: 2 problems" in refused
    assert "cast 'Fiery Blast': not a spell you have (yours: Elven Grace)" in refused
    assert "'Frog' is not a Permanent spell" in refused

    await table.bob.send_dm(
        "orders Test\nH\ncast: elven grace with magic iii4* at ME if an attacker is on me\n"
        "color: energize transform on amazon when possible"
    )
    echo = unescaped(last_dm(table.bob))
    assert echo.startswith("Orders for the Elf, day 1 stored (v1 · ")
    assert echo.splitlines()[1:] == [
        "H",
        "cast: Elven Grace with MAGIC III4* at me if an attacker is on me",
        "color: energize Transform on Amazon",
    ]


def test_the_help_gives_the_magic_orders_and_says_daylight_colour_is_standing_only() -> None:
    """``/help orders``: the magic phases and standing magic instructions, each example one the
    parser accepts for a Sorcerer who has recorded Fiery Blast, and the one way colour chits are
    played in someone else's Daylight turn."""
    text = "\n".join(orders_help())
    assert "there is no window in Daylight" in text
    phases = [
        "EM",
        "E MAGIC IV3*",
        "E tile MAGIC IV3*",
        "A MAGIC IV4*",
        "H (Blend Into Background)",
    ]
    (paragraph,) = [t for t in text.splitlines() if t.startswith("**Standing magic")]
    lines = [
        line
        for line in re.findall(r"`([^`]+)`", paragraph)
        if line.split(":")[0] in KEYS and line.split(":")[1].strip() not in ("", "none")
    ]
    assert {line.split(":")[0] for line in lines} == KEYS
    state = fresh(7, ("Sorcerer", "Amazon"))
    state.characters["Sorcerer"].spells.append("Fiery Blast")
    for example in ("E MAGIC III4*", "E tile MAGIC II3*", "A MAGIC II4*", phases[-1]):
        assert f"`{example}`" in text
    state.spells = [
        SpellInEffect(
            number=1,
            spell="Blend Into Background",
            caster="Wizard",
            controller="Wizard",
            chit="MAGIC II4*",
            targets=["Sorcerer"],
            cast_day=1,
        )
    ]
    result = parse_orders("\n".join([", ".join(phases), *lines]), state, "Sorcerer")
    assert (result.errors, result.warnings) == ((), ()), (result.errors, result.warnings)


KEYS = {"cast", "attack", "color"}
