"""No message, however odd, makes the order parser hang (issue 11).

Each pathological input, at the message limits (4,000 characters, 60 lines, 40 phases), is parsed
in a worker process under a hang guard: a case that has not finished after
:data:`HANG_SECONDS` fails, and the worker is killed. Nothing else here is timed. Before issue
11 the pattern of ``key: value`` lines backtracked on runs of spaces: ``"a"``, 3,998 spaces and
``"x"`` took ~37 s to parse.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.orders.problems import MAX_CHARS, MAX_LINES, MAX_PHASES

HANG_SECONDS = 5.0
ROOT = Path(__file__).resolve().parents[2]

#: The worker: parse each JSON line of stdin for the Amazon of the seed-7 game (a Pony, the
#: Crystal Ball and the Flying Carpet given her), answer with the codes and the echo.
WORKER = """
import json, sys
from rules.orders.parse import parse_orders
from rules.state import ItemState, Place
from tests.rules.games import fresh

state = fresh(7, ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard"))
for item in ("Pony M3/M4", "Crystal Ball", "Flying Carpet"):
    state.put(item, Place.owner("Amazon"))
    state.characters["Amazon"].items[item] = ItemState()
parse_orders("H", state, "Amazon")
print("ready", flush=True)
for line in sys.stdin:
    result = parse_orders(json.loads(line), state, "Amazon")
    answer = {
        "errors": [p.code.value for p in result.errors],
        "accepted": result.orders is not None,
        "echo": result.echo,
    }
    print(json.dumps(answer), flush=True)
"""


class Worker:
    """A process that parses orders on request, killed and restarted when a parse hangs."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.answers: queue.Queue[str] = queue.Queue()

    def start(self) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.answers = queue.Queue()
        threading.Thread(target=self._read, args=(process, self.answers), daemon=True).start()
        if self.answers.get(timeout=120) != "ready":
            raise RuntimeError("the parse worker did not start")
        self.process = process
        return process

    @staticmethod
    def _read(process: subprocess.Popen[str], answers: queue.Queue[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            answers.put(line.strip())

    def parse(self, text: str, label: str) -> dict[str, Any]:
        process = self.process if self.process and self.process.poll() is None else self.start()
        assert process.stdin is not None
        process.stdin.write(json.dumps(text) + "\n")
        process.stdin.flush()
        try:
            answer = self.answers.get(timeout=HANG_SECONDS)
        except queue.Empty:
            answer = None
        if answer is None:
            self.stop()
            pytest.fail(f"parsing {label} did not finish within {HANG_SECONDS:.0f} s")
        result: dict[str, Any] = json.loads(answer)
        return result

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    running = Worker()
    yield running
    running.stop()


N = MAX_CHARS

#: Inputs at the limits: runs of spaces and tabs, parentheses, repeated keys, long numbers...
PATHOLOGICAL: dict[str, str] = {
    "letter, 3,998 spaces, x": "a" + " " * (N - 2) + "x",
    "letter, 3,998 spaces, digit": "a" + " " * (N - 2) + "1",
    "key: and 3,996 spaces": "key:" + " " * (N - 4),
    "block: and 3,994 spaces": "block:" + " " * (N - 6),
    "letter, tabs, digit": "a" + "\t" * (N - 2) + "1",
    "key, spaces, digits, spaces, x": "a" + " " * 2000 + "1" * 1000 + " " * 998 + "x",
    "before, 3,900 digits": "before " + "9" * (N - 20) + ": abandon x",
    "opening parentheses": "(" * N,
    "closing parentheses": ")" * N,
    "pairs of parentheses": "()" * (N // 2),
    "a phase and spaced parentheses": ("M CV5 (" + " (" * N)[:N],
    "nested parentheses": "M AV2 " + "(" * 1997 + ")" * 1997,
    "star and spaces": "*" + " " * (N - 1),
    "stars": "*" * N,
    "a clearing name of spaces": "M a" + " " * (N - 5) + "1x",
    "a clearing number of 3,997 digits": "M " + "1" * (N - 3) + "x",
    "a clearing name of many words": ("M " + "a " * N)[: N - 2] + "5x",
    "apostrophes": "M " + "'" * (N - 3) + "1",
    "S and spaces": "S" + " " * (N - 2) + "x",
    "T and a group again and again": ("T " + "Company " * N)[:N],
    "S Loot and sites again and again": ("S Loot " + "HOARD " * N)[:N],
    "repeated keys": "\n".join(["block: all"] * MAX_LINES),
    "repeated keys, one line too many": "\n".join(["block: all"] * (MAX_LINES + 1)),
    "colons": ":" * N,
    "keys and colons": "a:" * (N // 2),
    "letters": "a" * N,
    "quote marks": ">" * N,
    "quote marks and spaces": "> " * (N // 2),
    "commas": "," * N,
    "phases, far too many": "H," * (N // 2),
    "backticks": "`" * N,
    "a comment of spaces": "#" + " " * (N - 1),
    "gold, spaces, gol": "trade Dwarf: give 1" + " " * (N - 40) + "gol",
    "gold again and again": ("trade Dwarf: give " + "1 gold, " * N)[:N],
    "stop following and spaces": ("stop following: before" + " " * N)[: N - 1] + "x",
    "sixty lines of spaced sources": "\n".join(["M AV2 (" + " " * 55 + ")"] * MAX_LINES),
    "forty pony moves": ", ".join(["M AV2 (pony)", "M AV5 (pony)"] * (MAX_PHASES // 2)),
    "forty moves, no source": ", ".join(["M AV2", "M AV5"] * (MAX_PHASES // 2)),
    "forty Sunlight moves": ", ".join(["*M AV2", "*M AV5"] * (MAX_PHASES // 2)),
    "forty Peers by the Crystal Ball": ", ".join(["P CV5 (Crystal Ball)"] * MAX_PHASES),
    "forty Flies": ", ".join(["FL AV"] * MAX_PHASES),
    "a lone surrogate after 3,990 spaces": "S Loot" + " " * (N - 7) + "\ud800",
}


def test_the_inputs_are_within_the_limits():
    assert all(len(text) <= MAX_CHARS for text in PATHOLOGICAL.values())
    assert sum(len(t) == MAX_CHARS for t in PATHOLOGICAL.values()) >= 20


@pytest.mark.parametrize("label", list(PATHOLOGICAL))
def test_no_input_hangs_the_parser(worker: Worker, label: str):
    result = worker.parse(PATHOLOGICAL[label], repr(label))
    assert result["accepted"] != bool(result["errors"])


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("letter, 3,998 spaces, x", "bad-target"),
        ("key: and 3,996 spaces", "unknown-instruction"),
        ("block: and 3,994 spaces", "bad-instruction"),
        ("a phase and spaced parentheses", "bad-clearing"),
        ("a clearing number of 3,997 digits", "bad-clearing"),
        ("repeated keys, one line too many", "too-long"),
        ("phases, far too many", "too-long"),
        ("a lone surrogate after 3,990 spaces", "bad-text"),
    ],
)
def test_pathological_inputs_get_their_problem(worker: Worker, label: str, code: str):
    result = worker.parse(PATHOLOGICAL[label], repr(label))
    assert result["errors"][:1] == [code]
