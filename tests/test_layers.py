"""The project's packages import only down the layers of DESIGN.md, and no module of ours takes
part in an import cycle — not even one hidden by an import inside a function.

The layers, top first: ``bot`` → ``db`` and ``scenarios`` → ``rules``; ``templates`` holds no
code that imports ours. The graph is read from the source (every ``import`` and ``from … import``
of a project module, at any depth, except those under ``if TYPE_CHECKING:``, which never run).
"""

from __future__ import annotations

import ast
import graphlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "scenarios", "db", "bot", "templates")

#: What each package may import of ours, besides itself.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "rules": frozenset(),
    "scenarios": frozenset({"rules"}),
    "db": frozenset({"rules"}),
    "bot": frozenset({"rules", "scenarios", "db", "templates"}),
    "templates": frozenset(),
}


@dataclass(frozen=True)
class Import:
    """``source`` imports the module ``target``, by a statement naming ``written`` (its ``from``
    module, or the module it imports)."""

    source: str
    target: str
    line: int
    written: str


def modules() -> dict[str, Path]:
    """Every module of the project's packages by its dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node`` that runs: the bodies of ``if TYPE_CHECKING:`` are skipped."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _walk(other)
            continue
        yield child
        yield from _walk(child)


def imports(known: dict[str, Path]) -> list[Import]:
    """Every import of a project module by a project module; ``from a import b`` is an import
    of the module ``a.b`` when there is one, of ``a`` otherwise."""
    found = []
    for name, path in known.items():
        for node in _walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            written = ""
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                written = node.module
                targets = [
                    f"{node.module}.{alias.name}"
                    if f"{node.module}.{alias.name}" in known
                    else node.module
                    for alias in node.names
                ]
            for target in targets:
                if target.split(".")[0] in PACKAGES and target != name:
                    found.append(
                        Import(name, target, getattr(node, "lineno", 0), written or target)
                    )
    return found


def test_the_reader_sees_imports_inside_functions_but_not_type_checking_ones(tmp_path):
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from rules import c\n"
        "def f():\n    from rules import b\n",
        encoding="utf-8",
    )
    (tmp_path / "b.py").write_text("import rules.a\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("", encoding="utf-8")
    known = {name: tmp_path / f"{name[-1]}.py" for name in ("rules.a", "rules.b", "rules.c")}
    assert {(i.source, i.target) for i in imports(known)} == {
        ("rules.a", "rules.b"),
        ("rules.b", "rules.a"),
    }


def test_imports_point_down_the_layers():
    wrong = [
        f"{i.source} (line {i.line}) imports {i.target}"
        for i in imports(modules())
        if (top := i.target.split(".")[0]) != (own := i.source.split(".")[0])
        and top not in MAY_IMPORT[own]
    ]
    assert not wrong, "\n".join(wrong)


def test_the_application_reaches_the_engine_through_its_entry():
    """``bot`` and ``db`` import from the engine only what ``rules`` exports and the event
    vocabulary (``rules.events`` and its section modules): never another engine module."""
    wrong = [
        f"{i.source} (line {i.line}) imports {i.target}"
        for i in imports(modules())
        if i.source.split(".")[0] in ("bot", "db")
        and i.written.startswith("rules.")
        and not (i.written == "rules.events" or i.written.startswith("rules.events."))
    ]
    assert not wrong, "\n".join(wrong)


def test_no_module_takes_part_in_an_import_cycle():
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for found in imports(known):
        if found.target in known:
            graph[found.source].add(found.target)
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        pytest.fail("import cycle: " + " -> ".join(error.args[1]))
