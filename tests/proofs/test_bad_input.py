"""The bad-input suite's quick form (issue 20; the full form is :mod:`tests.proofs.bad_input`):
every row of both tables — the command line and its local transport, and Discord under
SimCord — is refused with one clear line and changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.proofs import bad_input_cli, bad_input_discord


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp("bad-input")
    return bad_input_cli.build(folder), folder


@pytest.mark.parametrize("row", bad_input_cli.ROWS, ids=lambda row: row.why)
def test_the_command_line_refuses(row: bad_input_cli.Row, built: tuple[str, Path]) -> None:
    url, folder = built
    assert bad_input_cli.check(row, url, folder) is None


def test_discord_refuses_every_row() -> None:
    found = asyncio.run(bad_input_discord.check_all())
    assert len(found) == len(bad_input_discord.ROWS)
    assert [finding for finding in found if finding is not None] == []
