"""What the Discord transport sends is inert (issue 20's fuzz findings): the escape
(:func:`bot.render.escape_discord`) breaks every mention and block."""

from __future__ import annotations

import pytest

from bot.render import escape_discord


def test_a_slash_command_mention_is_broken():
    """``</gm:123>`` is a link that runs the command when clicked: it must not survive."""
    escaped = escape_discord("click </gm extend:123456789012345678> now")
    assert "</gm" not in escaped and "<\u200b/gm" in escaped


@pytest.mark.parametrize("line", [" - item", "  > quote", "\t# heading", "  -# small"])
def test_an_indented_block_is_escaped(line: str):
    """Discord reads a list, a quote or a heading after leading spaces too."""
    stripped = line.lstrip(" \t")
    assert escape_discord(line) == line[: len(line) - len(stripped)] + "\\" + stripped
