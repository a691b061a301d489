"""The decision ids the engine makes in rule scenarios, recorded once from a revision before
issue 30 gave ids a type (:mod:`rules.decisions`), so that a test can prove the engine still
makes the very same strings: answers are stored under them, in campaigns' databases and in
scenarios' ``answers``, and an old campaign's answers must still reach their decisions.

``python -m tests.rules.stored_ids --record OUT [SCENARIO ...]`` runs the scenarios (all of
``tests/scenarios`` by default) through the scenario runner with the real engine, and writes, for
each that asks or answers anything, every decision id in the order it first appears — each
pending decision's, then each answer's the runner gives (the fixed positions included). It uses
only what every revision since decision ids has: :func:`scenarios.run.run` (``rules.testing``
before issue 30 part 7) and the engine's ``resolve``.
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios"


def _module(*names: str) -> Any:
    """The first of the modules ``names`` that imports."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise ImportError(f"none of {names} imports")


def run_recording(path: Path) -> tuple[list[str], list[Any]]:
    """Run the scenario in ``path``: every decision id it makes, in order of first appearance —
    those of the decisions pending after each resolution, and those of the answers given — and
    every decision pending after a resolution, as asked."""
    runner = _module("scenarios.run", "rules.testing.run")
    reader = _module("bot.scenarios")
    engine = _module("rules.day.engine")
    catalog = _module("rules.catalog").catalog()
    seen: dict[str, None] = {}
    asked: list[Any] = []

    def recording(
        state: Any, orders: Mapping[str, Any], answers: Mapping[str, str] | None = None, **kw: Any
    ) -> Any:
        seen.update(dict.fromkeys(answers or {}))
        resolution = engine.resolve(state, orders, answers, **kw)
        seen.update(dict.fromkeys(d.id for d in resolution.pending))
        asked.extend(resolution.pending)
        return resolution

    runner.run(catalog, reader.read_scenario(path), resolve=recording)
    return list(seen), asked


def ids_of(path: Path) -> list[str]:
    """Every decision id the run of the scenario in ``path`` makes (:func:`run_recording`)."""
    return run_recording(path)[0]


def record(paths: Sequence[Path]) -> Iterator[tuple[str, list[str]]]:
    """(scenario file relative to the repository, its ids) for each scenario with any."""
    for path in paths:
        found = ids_of(path)
        if found:
            where = path.resolve()
            yield str(where.relative_to(ROOT) if where.is_relative_to(ROOT) else where), found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="stored_ids", description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", type=Path, required=True, metavar="OUT")
    parser.add_argument("scenarios", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.scenarios or sorted(SCENARIOS.rglob("*.yaml"))
    found = dict(record(paths))
    args.record.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
