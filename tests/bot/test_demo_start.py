"""The demo's worker started first thing (issue 31, the month as a process:
:func:`bot.demo_start.early_worker`): ``realmbot run`` without Discord starts it before loading
the engine, the database code or the drawing code, the worker loads its own catalog and draws
the bytes drawn in-process, the demo run that way writes the same files as a demo without a
worker, and no worker is left once the command ends; with Discord, or on one core, none is
started."""

from __future__ import annotations

import filecmp
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings
from bot.demo import run_demo
from bot.demo_start import early_worker

#: Run in a new process: the modules loaded once the worker is started, then a map it draws
#: compared with the one drawn here.
_STARTED = """
import json, os, sys
os.cpu_count = lambda: 2
from bot.demo_start import early_worker
maps = early_worker()
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("rules", "sqlalchemy", "db", "PIL")
               or m.startswith(("bot.maps.render", "bot.service", "bot.demo.")))
from bot.maps.pool import public_map
from rules.catalog import catalog
from rules.setup.game import new_game
text = new_game(catalog(), 3, ["Elf", "Dwarf"]).to_json()
same = maps.draw(text).result(timeout=120) == public_map(catalog(), text)
maps.close()
print(json.dumps({"heavy": heavy, "same": same}))
"""


def test_the_worker_starts_before_the_engine_loads_and_draws_with_its_own_catalog(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-c", _STARTED],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,  # no .env file there
        timeout=300,
        check=True,
    )
    report = json.loads(done.stdout)
    assert report["heavy"] == [], "nothing of the engine, database or drawing code yet"
    assert report["same"], "the worker's map is the bytes drawn in-process"


def test_realmbot_run_writes_the_files_a_demo_without_a_worker_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    for key, value in {
        "DEMO_DAYS": "3",
        "DEMO_SEED": "5",
        "DEMO_CHARACTERS": "Amazon,Elf,Dwarf",
        "LOG_LEVEL": "WARNING",
    }.items():
        monkeypatch.setenv(key, value)
    before = set(multiprocessing.active_children())
    monkeypatch.setenv("OUTPUT_DIR", str(tmp_path / "run"))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert main(["run"]) == 0
    assert set(multiprocessing.active_children()) == before, "no worker is left"
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # one core: the demo has no worker
    run_demo(Settings(output_dir=tmp_path / "alone"), echo=lambda _: None)
    pooled, alone = tmp_path / "run" / "Demo", tmp_path / "alone" / "Demo"
    files = sorted(p.relative_to(alone) for p in alone.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(pooled) for p in pooled.rglob("*") if p.is_file())
    assert any(p.suffix == ".png" for p in files)
    _, mismatch, errors = filecmp.cmpfiles(alone, pooled, [str(p) for p in files], shallow=False)
    assert (mismatch, errors) == ([], [])
    assert "demo written to" in capsys.readouterr().out


def test_no_worker_is_started_for_discord_nor_on_one_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.not-a-real.token")
    assert early_worker() is None
    monkeypatch.delenv("DISCORD_TOKEN")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert early_worker() is None
