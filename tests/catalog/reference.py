"""Access to the RealmSpeak reference facts in ``../shared`` and to the differences noted for them.

The reference folder exists beside the project for its developers and in CI, never for users:
:func:`reference` skips the calling test cleanly when it is absent. Every difference between the
project's data and the reference must be recorded in ``rules/data/NOTES.md`` as a bullet that
starts with its key in backticks, e.g. ``- `tiles/BL/normal/clearing-1`: ...``.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

PROJECT = Path(__file__).resolve().parents[2]
NOTES = PROJECT / "rules" / "data" / "NOTES.md"


def reference_dir() -> Path:
    """Where the RealmSpeak reference facts live (``$REALMBOT_SHARED`` or ``../shared``)."""
    shared = Path(os.environ.get("REALMBOT_SHARED", PROJECT.parent / "shared"))
    return shared / "reference" / "realmspeak"


def reference(name: str) -> Any:
    """The parsed reference file ``name`` (e.g. ``"tiles.json"``); skips the test if absent."""
    path = reference_dir() / name
    if not path.is_file():
        pytest.skip(f"reference facts not available ({path})")
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def noted_keys() -> frozenset[str]:
    """The keys of every difference recorded in ``rules/data/NOTES.md``."""
    text = NOTES.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^\s*- `([^`]+)`", text, re.M))


def assert_all_noted(differences: dict[str, str]) -> None:
    """Fail listing every difference whose key is not recorded in the notes."""
    unnoted = {key: why for key, why in differences.items() if key not in noted_keys()}
    assert not unnoted, "differences from the reference not recorded in rules/data/NOTES.md:\n" + (
        "\n".join(f"  {key}: {why}" for key, why in sorted(unnoted.items()))
    )
