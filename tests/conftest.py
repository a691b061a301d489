"""Rule scenarios as tests: every ``tests/scenarios/**/*.yaml`` is one test (SCENARIOS.md).

Each file is collected as one item named by the scenario's ``name`` (the file's name when it has
none or cannot be read); the item fails with what differed, or with the file, key and reason when
the scenario itself is malformed. YAML files elsewhere under ``tests/`` are not collected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.scenarios import run_file, scenario_name
from rules.catalog import catalog

SCENARIOS = Path(__file__).parent / "scenarios"


class ScenarioFailedError(Exception):
    """A scenario that did not pass; its lines say why."""


class ScenarioFile(pytest.File):
    def collect(self):  # type: ignore[no-untyped-def]
        name = scenario_name(self.path)
        if name == str(self.path):
            name = self.path.stem
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        result = run_file(self.path, catalog())
        if not result.passed:
            raise ScenarioFailedError("\n".join(result.lines))

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, ScenarioFailedError):
            return f"scenario {self.name!r} ({self.path}) failed:\n{excinfo.value}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.suffix == ".yaml" and file_path.is_relative_to(SCENARIOS):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
