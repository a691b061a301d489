"""What every ``realmbot`` command reads from its command line and files: the one-line usage
error (exit status 2), whole-number arguments, and text read as UTF-8 within a size limit; and
the exit status of a command that found the database busy (75)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

EXIT_USAGE = 2
#: A command that waited its whole patience for a busy database (``EX_TEMPFAIL``: try again).
EXIT_BUSY = 75
#: The largest whole number a seed or day may be: what every database stores (32-bit INTEGER).
MAX_NUMBER = 2**31 - 1

#: The most characters read from a text file or standard input (orders, setup choices).
MAX_TEXT = 100_000


class UsageError(Exception):
    """Bad input on the command line: reported as one line, exit status 2."""


def whole(low: int, high: int = MAX_NUMBER) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``, written in ASCII digits."""

    def number(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number")
        if len(digits) > 12 or not low <= int(text) <= high:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(f"{shown} is not a whole number from {low} to {high}")
        return int(text)

    return number


def not_utf8(exc: UnicodeDecodeError) -> str:
    byte = exc.object[exc.start]
    return f"not UTF-8 text (byte {exc.start + 1} is 0x{byte:02x}); save it as UTF-8"


def read_text(name: str) -> str:
    """A file's text, or standard input for ``-``: UTF-8, at most :data:`MAX_TEXT` characters;
    a UsageError says why not."""
    where = "standard input" if name == "-" else name
    try:
        if name == "-":
            text = sys.stdin.read(MAX_TEXT + 1)
        else:
            with Path(name).open(encoding="utf-8") as handle:
                text = handle.read(MAX_TEXT + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {where}: {not_utf8(exc)}") from exc
    if len(text) > MAX_TEXT:
        raise UsageError(f"{where} has over {MAX_TEXT} characters: send the orders only")
    return text
