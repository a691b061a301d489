"""``/help`` on Discord: the commands by role from the bot's own command tree, the order notation
whose examples are orders the parser accepts, and each problem code's meaning from the engine's
one list — always answered to the asker alone."""

from __future__ import annotations

import re

import pytest

from bot.discord.cogs.help import listed
from bot.event_text import english
from bot.help import commands_help, orders_help
from bot.i18n import speaking
from bot.service import CampaignService
from rules.board import board_for
from rules.catalog import catalog
from rules.orders.parse import CODES, parse_orders
from rules.orders.problems import ProblemCode
from rules.schema.tiles import RoadType
from rules.setup.game import new_game
from rules.state import Place
from tests.bot.discord.conftest import Table, last_dm, private_answer, seat_two_players

OPEN = frozenset({RoadType.OPEN})


@pytest.mark.asyncio
async def test_help_names_every_players_command_and_no_moderators_one(table: Table) -> None:
    text = private_answer(await table.alice.slash(table.channel, "help"))
    players = {f"/{c.name}" for c in table.bot.tree.get_commands() if c.name not in ("gm", "help")}
    named = set(re.findall(r"`(/[a-z ]+)`", text))
    assert {n.split(" ")[0] for n in named} >= players
    assert not any(n.startswith("/gm") for n in named)


@pytest.mark.asyncio
async def test_help_for_moderators_lists_the_gm_commands_with_their_descriptions(
    table: Table,
) -> None:
    text = private_answer(await table.moderator.slash(table.channel, "help", topic="moderators"))
    gm = next(c for c in table.bot.tree.get_commands() if c.name == "gm")
    for command in gm.walk_commands():  # type: ignore[union-attr]
        if not hasattr(command, "commands"):
            assert f"`/{command.qualified_name}` — {command.description}" in text


@pytest.mark.asyncio
async def test_help_on_errors_gives_every_problem_code_in_pages_a_message_holds(
    table: Table,
) -> None:
    result = await table.bob.slash(table.channel, "help", topic="errors")
    text = private_answer(result)
    assert all(len(m.content) <= 2000 for m in [result.response, *result.followups] if m)
    for code in ProblemCode:
        assert f"`{code.value}` — {english(CODES[code.value])}" in text


@pytest.mark.asyncio
async def test_help_on_a_code_explains_it_and_a_typo_gets_the_nearest(table: Table) -> None:
    exact = private_answer(await table.alice.slash(table.channel, "help", code="no-road"))
    assert exact == f"`no-road` — {english(CODES['no-road'])}"
    typo = private_answer(await table.alice.slash(table.channel, "help", code="no-rod"))
    assert "There is no problem code 'no-rod'" in typo and "`no-road`" in typo


@pytest.mark.asyncio
async def test_the_code_option_offers_the_codes_containing_what_is_typed(table: Table) -> None:
    offered = await table.alice.autocomplete(table.channel, "help", "code", "road")
    values = [choice["value"] for choice in offered]
    assert values and all("road" in value for value in values)
    assert set(values) == {code for code in CODES if "road" in code}


@pytest.mark.asyncio
async def test_hostile_text_in_the_code_is_neither_echoed_raw_nor_pinging(table: Table) -> None:
    text = private_answer(await table.alice.slash(table.channel, "help", code="@everyone **x**"))
    assert text.startswith("There is no problem code 'everyonex'")
    assert "@" not in text and "**x" not in text


def test_the_example_orders_of_the_notation_are_orders_the_parser_accepts() -> None:
    """The character's own lines of the help's examples (not the ``orders`` header, not the
    hirelings' sections) parse without a problem for a character standing next to CV5."""
    blocks = re.findall(r"```\n(.*?)```", "\n".join(orders_help()), re.DOTALL)
    examples = [
        line
        for block in blocks
        for line in block.splitlines()
        if not line.startswith("orders") and ":" not in line
    ]
    assert examples
    data = catalog()
    state = new_game(data, 1, ["Amazon"])
    board = board_for(data, state.tiles)
    start = next(c for c in board.clearings() if "CV5" in board.neighbours(c, OPEN))
    state.put("Amazon", Place.clearing(start))
    for line in examples:
        result = parse_orders(line, state, "Amazon")
        assert result.orders is not None and not result.warnings, (line, result.errors)


@pytest.mark.asyncio
async def test_help_names_the_commands_as_a_spanish_client_shows_them(table: Table) -> None:
    """A client set to Spanish shows the commands by their Spanish names (the translator's):
    ``/help`` lists them so, with their Spanish descriptions (issue 35)."""
    with speaking("es"):
        tree = listed(table.bot.tree)
        said = commands_help("Órdenes", tree["moderators"])[0]
    assert "`/moderar crear` — Crear una campaña" in said and "/gm" not in said
    assert ("/ayuda", "How to play and moderate by Discord") in tree["players"]
    assert listed(table.bot.tree)["players"][0][0].startswith("/")
    assert ("/help", "How to play and moderate by Discord") in listed(table.bot.tree)["players"]


@pytest.mark.asyncio
async def test_a_dm_the_bot_cannot_read_is_told_how_to_send_orders_in_the_player_s_language(
    table: Table, service: CampaignService
) -> None:
    await seat_two_players(table)
    await table.alice.send_dm("hello?")
    told = last_dm(table.alice)
    assert told.startswith(
        "To send orders, DM me a message whose first line is `orders <campaign>`"
    )
    assert "`/me` lists your hirelings" in told
    service.languages.set_language("Test", player=str(table.alice.user.id), text="es")
    await table.alice.send_dm("hola")
    dicho = last_dm(table.alice)
    assert dicho.startswith("Para enviar órdenes, mándame un mensaje directo")
    assert "`/yo` lista tus contratados" in dicho and "orders North Sea" in dicho
    await table.bob.send_dm("hello?")
    assert last_dm(table.bob).startswith("To send orders"), "Bob reads the campaign's English"
