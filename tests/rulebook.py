"""Finding a rule in the rulebook's text (``../shared/rules/magic-realm-3.1-rulebook.en.txt``, or
``$REALMBOT_SHARED``): the rulebook lives beside the project for its developers and in CI, never
for users, so :func:`rulebook_lines` skips the calling test cleanly when it is absent (as
:mod:`tests.catalog.reference` does for the reference facts).

:func:`locate` reads a rule number as the engine writes it: ``7.5.6`` (a heading), ``7.5.6g`` and
``8.4.7d.4`` (a lettered paragraph of a heading, and a numbered one of that), ``10.A.4`` (a rule
of section 10, whose parts are printed ``A.`` and ``4. Caching``), or ``L4216`` (a line).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.catalog.reference import reference_dir

_DOTTED = re.compile(r"^(\d+\.\d+(?:\.\d+)?)([a-z])?(?:\.(\d+))?$")
_OPTIONAL = re.compile(r"^10\.([A-E])\.(\d+)$")
_LINE = re.compile(r"^L(\d+)$")


def rulebook_path() -> Path:
    return reference_dir().parents[1] / "rules" / "magic-realm-3.1-rulebook.en.txt"


@cache
def _read(path: Path) -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8").splitlines())


def rulebook_lines() -> tuple[str, ...]:
    """The rulebook's lines (line n is item n - 1); skips the test if the rulebook is absent."""
    path = rulebook_path()
    if not path.is_file():
        pytest.skip(f"rulebook not available ({path})")
    return _read(path)


def _first(lines: tuple[str, ...], pattern: re.Pattern[str], start: int, stop: int) -> int | None:
    for index in range(start, min(stop, len(lines))):
        if pattern.match(lines[index]):
            return index
    return None


def _heading(lines: tuple[str, ...], number: str) -> int | None:
    """The index of the heading of ``number`` (``7.5.6``), past the table of contents (whose
    lines hold tabs and page numbers)."""
    pattern = re.compile(rf"^[-\s*#]*{re.escape(number)}\b(?![.\d])[^\t]*$")
    return _first(lines, pattern, 0, len(lines))


def _next_heading(lines: tuple[str, ...], start: int) -> int:
    pattern = re.compile(r"^[-\s*#]*\d+\.\d+(\.\d+)?\*{0,2}\s")
    found = _first(lines, pattern, start + 1, len(lines))
    return found if found is not None else len(lines)


def locate(rule: str) -> int | None:
    """The line (counted from 1) where ``rule`` is printed, or None when it is not found."""
    lines = rulebook_lines()
    if line := _LINE.match(rule):
        number = int(line[1])
        return number if 1 <= number <= len(lines) else None
    if optional := _OPTIONAL.match(rule):
        section = _first(lines, re.compile(r"^10\. Advanced and Optional Rules"), 0, len(lines))
        if section is None:
            return None
        part = _first(lines, re.compile(rf"^{optional[1]}\. "), section, len(lines))
        if part is None:
            return None
        title = re.compile(rf"^{optional[2]}\. [A-Z][^.\t]{{0,60}}$")  # a title, not a note
        found = _first(lines, title, part, len(lines))
        return None if found is None else found + 1
    dotted = _DOTTED.match(rule)
    if dotted is None:
        return None
    heading = _heading(lines, dotted[1])
    if heading is None or dotted[2] is None:
        return None if heading is None else heading + 1
    end = _next_heading(lines, heading)
    letter = _first(lines, re.compile(rf"^\s*-?\s*{dotted[2]}[.)]"), heading + 1, end)
    if letter is None or dotted[3] is None:
        return None if letter is None else letter + 1
    numbered = re.compile(rf"^\s*-?\s*{dotted[2]}\.{dotted[3]}\)")
    found = _first(lines, numbered, letter, end)
    return None if found is None else found + 1
