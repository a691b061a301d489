"""What the Discord transport sends is inert however it is cut (issue 20's fuzz findings): the
escape (:func:`bot.render.escape_discord`) breaks every mention and block, and splitting a long
message (:func:`bot.render.split_message`) keeps every part escaped."""

from __future__ import annotations

import pytest

from bot.render import escape_discord, split_message


def test_a_slash_command_mention_is_broken():
    """``</gm:123>`` is a link that runs the command when clicked: it must not survive."""
    escaped = escape_discord("click </gm extend:123456789012345678> now")
    assert "</gm" not in escaped and "<\u200b/gm" in escaped


@pytest.mark.parametrize("line", [" - item", "  > quote", "\t# heading", "  -# small"])
def test_an_indented_block_is_escaped(line: str):
    """Discord reads a list, a quote or a heading after leading spaces too."""
    stripped = line.lstrip(" \t")
    assert escape_discord(line) == line[: len(line) - len(stripped)] + "\\" + stripped


@pytest.mark.parametrize("brk", ["\r", "\u2028", "\u2029", "\x85", "\x0c"])
def test_a_block_after_any_line_break_is_escaped(brk: str):
    """Every break that :meth:`str.splitlines` (so :func:`split_message`) and Discord see
    starts a line."""
    text = f"x{brk}- item{brk}> quote{brk}  # heading"
    assert escape_discord(text) == f"x{brk}\\- item{brk}\\> quote{brk}  \\# heading"
    for part in split_message(str(escape_discord("y" * 1990 + text))):
        assert not part.startswith(("-", ">", "  #"))


def test_a_hard_split_never_parts_an_escape_from_what_it_escapes():
    parts = split_message(str(escape_discord("x" * 1999 + "*bold*")))
    assert [len(p) for p in parts] == [1999, 8]
    assert parts[1] == "\\*bold\\*"


def test_a_part_a_hard_split_starts_is_not_read_as_a_block():
    parts = split_message(str(escape_discord("x" * 2000 + "> quote")))
    assert parts == ["x" * 2000, "\\> quote"]


def test_splitting_plain_lines_loses_nothing():
    text = "\n".join(f"line {i} " + "y" * 90 for i in range(100))
    parts = split_message(text)
    assert all(len(p) <= 2000 for p in parts) and "\n".join(parts) == text
