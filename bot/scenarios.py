"""Running rule scenario files (SCENARIOS.md): ``realmbot scenario run PATH...`` and pytest.

:func:`run_file` reads one YAML file and runs it with :mod:`scenarios`; it never
raises. A malformed file (not YAML, a key given twice, an unknown key, an unknown name, an
impossible placement) fails with a message naming the file, the key and the reason; an exception
raised by the engine fails the scenario with the exception's message. :func:`run_paths` runs files
and folders (every ``*.yaml`` below a folder, sorted; a path that does not exist is an error, not
a failed scenario) and formats the report: one ``PASS name`` or ``FAIL name`` line per scenario,
what differed indented below a failure, and the plain summary line ``N passed, N failed``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.event_text import describe, english
from bot.reports import day_report
from rules import Catalog, PlainLoader, load_plain_yaml
from rules.events import PUBLIC, Event, visible_to
from scenarios import (
    ParseFn,
    ResolveFn,
    Scenario,
    ScenarioError,
    check,
    load_scenario,
    public_report,
    run,
    show_event,
)
from scenarios.sentences import read_with

read_with(english)  # the runner reads the engine's phrases in the templates' English


@dataclass
class Result:
    """One scenario's result: its name (the file's when it has none), whether it passed, what
    differed, and every event its run made, in order, as ``expect`` writes them (with the
    audience of those not public)."""

    path: Path
    name: str
    passed: bool
    lines: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)

    def report(self, *, events: bool = False) -> str:
        """``PASS name``, or ``FAIL name`` and the file and differences, indented; with
        ``events``, then every event of the run, indented."""
        shown = [f"  | {line}" for line in self.events] if events else []
        if self.passed:
            return "\n".join([f"PASS {self.name}", *shown])
        where = [] if any(str(self.path) in line for line in self.lines) else [f"  in {self.path}"]
        failed = [f"FAIL {self.name}", *where, *(f"  - {line}" for line in self.lines)]
        return "\n".join([*failed, *shown])


class _UniqueKeyLoader(PlainLoader):
    """A YAML loader that refuses a mapping key given twice (PyYAML keeps the last silently), and
    aliases and deep nesting (:mod:`rules.plain_yaml`)."""


def _mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Hashable] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            mark = key_node.start_mark
            raise ScenarioError(
                str(key), f"given twice (line {mark.line + 1}, column {mark.column + 1})"
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def read_scenario(path: Path) -> Scenario:
    """The scenario in ``path``; :class:`ScenarioError` (key and reason) if it is malformed."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError("(file)", f"cannot be read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise ScenarioError("(file)", "cannot be read: not UTF-8 text") from exc
    try:
        data = load_plain_yaml(text, _UniqueKeyLoader)
    except yaml.YAMLError as exc:
        raise ScenarioError("(file)", f"not valid YAML: {_yaml_problem(exc)}") from exc
    return load_scenario(data)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        return f"{exc.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return " ".join(str(exc).split())


#: A scenario's top-level ``name:`` key and its value, continuation lines included.
_NAME = re.compile(r"^name:.*(?:\n[ \t]+\S.*)*", re.MULTILINE)


def scenario_name(path: Path) -> str:
    """The ``name`` written in the file, if it can be read; else the file's path. Its
    ``name:`` key is read alone when the file has one at the top level, so that collecting
    hundreds of scenarios does not parse each whole (the run parses it, and says what is
    wrong with it)."""
    try:
        text = path.read_text(encoding="utf-8")
        found = _NAME.search(text)
        data = load_plain_yaml(found.group(0) if found else text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return str(path)
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() if isinstance(name, str) and name.strip() else str(path)


def public_report_text(events: Sequence[Event]) -> str:
    """What ``public_excludes`` is checked against: the fields of every event the public may see
    (:func:`scenarios.public_report`), the English line of each (:func:`bot.event_text.describe`)
    and the public report as the bot renders it (:func:`bot.reports.day_report`); a string in
    any of them reaches the public."""
    lines = [describe(event) for event in visible_to(events, PUBLIC)]
    return "\n".join([public_report(events), *lines, day_report(list(events), PUBLIC)])


def run_file(
    path: Path,
    catalog: Catalog,
    *,
    parse: ParseFn | None = None,
    resolve: ResolveFn | None = None,
) -> Result:
    """Run the scenario in ``path``; never raises (every problem is a failed result)."""
    try:
        scenario = read_scenario(path)
    except ScenarioError as exc:
        return Result(path, scenario_name(path), False, [f"{path}: {exc}"])
    engines: dict[str, Any] = {}
    if parse is not None:
        engines["parse"] = parse
    if resolve is not None:
        engines["resolve"] = resolve
    try:
        outcome = run(catalog, scenario, **engines)
        lines = check(scenario, outcome, report=public_report_text)
    except ScenarioError as exc:
        return Result(path, scenario.name, False, [f"{path}: {exc}"])
    except Exception as exc:  # the engine failed: the scenario fails, the runner goes on
        return Result(
            path, scenario.name, False, [f"the engine raised {type(exc).__name__}: {exc}"]
        )
    shown = [
        show_event(e) + ("" if e.audience == "public" else f" ({e.audience})")
        for e in outcome.events
    ]
    return Result(path, scenario.name, not lines, lines, shown)


class MissingPathError(ValueError):
    """A path given to run that is neither a file nor a folder: nothing is run."""


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The scenario files named by ``paths`` (folders: every ``*.yaml`` below, sorted); raises
    :class:`MissingPathError` for the first path that is neither a file nor a folder."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise MissingPathError(f"{path}: no such file or folder")
    return files


def run_paths(
    paths: Iterable[Path],
    catalog: Catalog,
    *,
    parse: ParseFn | None = None,
    resolve: ResolveFn | None = None,
    events: bool = False,
) -> tuple[str, int]:
    """Run every scenario of ``paths``; the report text (with ``events``, each scenario's events
    too, for its author to see what happened) and the exit status (0 if all passed). A path
    that does not exist raises :class:`MissingPathError` before anything runs."""
    files = scenario_files(paths)
    results = [run_file(f, catalog, parse=parse, resolve=resolve) for f in files]
    passed = sum(result.passed for result in results)
    failed = len(results) - passed
    lines = [result.report(events=events) for result in results]
    lines.append(f"{passed} passed, {failed} failed")
    return "\n".join(lines), 0 if failed == 0 else 1
