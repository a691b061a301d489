"""The main job without Discord: a demo campaign played by the autopilot, written to a folder.

``make run`` calls :func:`run_demo` when no Discord token is configured. It creates a fresh
SQLite campaign in the output folder, seats the demo characters (the magic-users with the spells
the autopilot casts, :func:`rules.autopilot_magic.autopilot_setup`), lets the autopilot play a few
days through the same campaign service the bot uses, and writes every report, private message and
map the outbox holds, with a progress bar on the terminal.

The month runs as one process with a worker (on a machine of more than one core), which
``realmbot run`` starts before it loads the engine (:func:`bot.demo_start.early_worker`): the
database is a copy of one migrated once and kept in the user's cache
(:func:`db.fresh.migrated_copy`); each day's map is drawn in the worker
(:class:`bot.maps.pool.MapPool`) from the moment the day's end state is known, after the
worker has worked out and read the next day's autopilot orders from the same state (which the
next day's resolution waits for first), while the day is saved and the day before's files are
written. A day's reports are held (:meth:`bot.publishing.Publisher.hold`) for the next day's
resolution to post in its unit of work once its engine has run, so that its map is drawn
meanwhile rather than waited for; they take the events its resolution stored
(:meth:`bot.publishing.Publisher.told`), and the attachments delivered are pruned once, at the
end. What is written, and in what order, is what the same days resolved and posted one after
the other write.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from bot import collector
from bot.catalog_cache import cache_dir
from bot.config import Settings
from bot.demo_start import demo_pool, many_cores
from bot.local import carry, deliver
from bot.maps.pool import MapPool
from bot.publishing import Ended
from bot.service import CampaignService
from db.engine import make_engine
from db.fresh import migrated_copy
from rules import autopilot_setup, catalog

MODERATOR = "demo-moderator"


def progress(done: int, total: int, label: str, width: int = 30) -> str:
    """A one-line progress bar: ``[##########----------] 1/2 label``."""
    filled = width * done // max(total, 1)
    return f"[{'#' * filled}{'-' * (width - filled)}] {done}/{total} {label}"


def run_demo(
    settings: Settings, echo: Callable[[str], None] = print, *, maps: MapPool | None = None
) -> Path:
    """Play ``settings.demo_days`` days of a demo campaign; returns the output folder.
    ``maps``: the demo's worker, started already (:func:`bot.demo_start.early_worker`), which
    the demo ends; without it, one is started here on a machine of more than one core."""
    out = settings.output_dir
    out.mkdir(parents=True, exist_ok=True)
    database = out / "demo.db"
    for stale in out.glob("demo.db*"):
        stale.unlink()
    if maps is None and many_cores():
        maps = demo_pool(catalog())
        maps.start()  # while the database is made and the campaign set up
    migrated_copy(database, cache_dir())  # the schema at head, without loading Alembic
    engine = make_engine(f"sqlite:///{database}")
    service = CampaignService(engine, catalog())
    service.publisher.draw_in(maps)
    try:
        files = _play(service, settings, out, names=_names(settings), echo=echo)
    finally:
        service.publisher.draw_in(None)
        if maps is not None:
            maps.close()
    echo(progress(settings.demo_days, settings.demo_days, "done"))
    echo(f"{len(files)} files written to {out}/Demo (public reports, maps, private messages)")
    return out


def _names(settings: Settings) -> list[str]:
    return [n.strip() for n in settings.demo_characters.split(",") if n.strip()]


def _play(
    service: CampaignService,
    settings: Settings,
    out: Path,
    *,
    names: list[str],
    echo: Callable[[str], None],
) -> list[Path]:
    """Seat ``names``, start the demo campaign and play its days; the files written."""
    collector.settle(batch=True)  # the catalog frozen, and no full collection: a batch job
    service.campaigns.create("Demo", moderator=MODERATOR, seed=settings.demo_seed)
    for number, name in enumerate(names, start=1):
        service.campaigns.join(
            "Demo", player=f"player-{number}", player_name=f"Player {number}", character=name
        )
        magic = autopilot_setup(service.store.catalog, name)  # spells the autopilot casts
        if magic:
            service.campaigns.choose("Demo", player=f"player-{number}", text="\n".join(magic))
    for name in names:  # before the start, whose first orders the worker then works out
        service.moderation.set_autopilot("Demo", moderator=MODERATOR, character=name)
    service.campaigns.start("Demo", moderator=MODERATOR)
    files = deliver(service, out)
    for day in range(1, settings.demo_days + 1):
        echo(progress(day - 1, settings.demo_days, f"resolving day {day}"))
        ended: list[Ended] = []  # what the resolution's unit read for the reports
        service.resolver.resolve_day("Demo", day=day, moderator=MODERATOR, post=False, ended=ended)
        # The day before's reports, posted by this day's resolution, are written while this
        # day's map is drawn in the worker; this day's are held for the next resolution to
        # post once its engine has run (Publisher.hold), the last day's by deliver; the
        # attachments delivered are pruned once, at the end.
        files += carry(service, out, prune=False)
        for held in ended:
            service.publisher.hold(held)
    return files + deliver(service, out)


if __name__ == "__main__":
    run_demo(Settings())
    sys.exit(0)
