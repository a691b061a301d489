"""Maps drawn in worker processes (:class:`MapPool`), so that a machine's other cores draw the
public maps while the scheduler's thread resolves the next campaign's day.

Drawing a map is pure CPU in Python and Pillow: in a thread it would hold the interpreter's lock
the resolution needs. The workers are started with ``spawn`` (a fresh interpreter, never a fork
of a process running threads), each given the bot's catalog once; a map drawn in a worker is the
same bytes as one drawn in the bot's own process (:func:`public_map` is a function of the
catalog and the state's text alone). A pool made without a catalog has each worker load the
shared one through the compiled cache itself (:func:`bot.catalog_cache.catalog`): it can be
started before the process that starts it has loaded anything of the engine (the demo's is,
:func:`bot.demo_start.early_worker`), since this module loads neither the engine nor the drawing
code.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules import Catalog, ParseResult, Problem

#: How many maps handed over ahead (:meth:`MapPool.foresee`) are kept for their posting at most:
#: the oldest beyond it (a day whose resolution was rolled back, say) is let go.
FORESEEN = 32

#: The worker's catalog, set once when the worker starts (:func:`_load`).
_CATALOG: dict[str, Catalog] = {}


def _load(catalog: Catalog | None) -> None:
    """A worker's start: its catalog, the one handed over, else the shared one loaded through
    the compiled cache."""
    if catalog is None:
        from bot.catalog_cache import catalog as shared

        catalog = shared()
    _CATALOG["default"] = catalog


def _ready(autopilot: bool = False) -> bool:
    """A worker's first job: load what drawing needs, and with ``autopilot`` what working out
    orders needs (the engine), so that the first map and orders do not wait for it."""
    import bot.maps.render  # noqa: F401  # the drawing code, imported before the first map

    if autopilot:
        from rules import autopilot_orders, read_state  # noqa: F401  # the engine, likewise
    return True


def public_map(catalog: Catalog, state: str, language: str = "en") -> tuple[str, bytes]:
    """The public map of the game ``state`` (:meth:`rules.GameState.to_json`'s text) in
    ``language`` (its code: the campaign's): its file name and PNG
    (:func:`bot.maps.map_file_name`, :func:`bot.maps.render_map`). Workers and the bot's own
    process draw with this one function, from the same text."""
    from bot.i18n import speaking
    from bot.maps import map_file_name, render_map
    from rules import PUBLIC, GameState, view_for

    public = view_for(catalog, GameState.from_json(state), PUBLIC)
    with speaking(language):
        return map_file_name(public), render_map(catalog, public)


def _draw(state: str, language: str) -> tuple[str, bytes]:
    return public_map(_CATALOG["default"], state, language)


#: The engine options a state is read with (:meth:`bot.campaign_settings.CampaignSettings
#: .engine_options`), as a key.
Options = tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Foreseen:
    """A character's autopilot orders worked out ahead (:meth:`MapPool.foresee_orders`): their
    ``text`` (:func:`rules.autopilot_orders`) and how they read on the same game
    (:func:`rules.parse_standing`: the result and the problems of the phases left blank)."""

    text: str
    parsed: ParseResult
    blanked: tuple[Problem, ...]


def _autopilot(state: str, options: Options, characters: tuple[str, ...]) -> dict[str, Foreseen]:
    """The autopilot's orders (:func:`rules.autopilot_orders`) of each of ``characters`` on the
    game ``state`` read with ``options``, as the resolution of its day reads it, and how they
    read there (:func:`rules.parse_standing`), each worked out as the resolution would."""
    from rules import autopilot_orders, parse_standing, read_state

    catalog = _CATALOG["default"]
    game = read_state(state, catalog)
    game.options.update(dict(options))
    foreseen = {}
    for name in characters:
        text = autopilot_orders(game, name, catalog=catalog)
        foreseen[name] = Foreseen(text, *parse_standing(text, game, name, catalog=catalog))
    return foreseen


def spare_cores() -> int:
    """How many workers suit this machine: every core but the one the bot's thread uses, at
    least one."""
    return max((os.cpu_count() or 1) - 1, 1)


class MapPool:
    """``workers`` processes (:func:`spare_cores` when not given) drawing maps of ``catalog``
    (None: the shared catalog, which each worker loads through the compiled cache, so that
    the caller need not have loaded it nor hand it over). :meth:`close` ends them; until then
    they wait for maps to draw.

    A map may be handed over ahead of its posting (:meth:`foresee`: as soon as a day's end
    state is known, while the day is still being saved): the posting then takes that drawing
    (:meth:`draw`, :meth:`foreseen`), found by the state's very text and the language, so a
    map foreseen is only ever the map of the state posted, in the language it is posted in."""

    def __init__(
        self, catalog: Catalog | None, *, workers: int | None = None, autopilot: bool = False
    ) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers = workers if workers is not None else spare_cores()
        self._executor = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_load,
            initargs=(catalog,),
        )
        self.autopilot = autopilot
        self._lock = threading.Lock()
        self._foreseen: OrderedDict[tuple[str, str], Future[tuple[str, bytes]]] = OrderedDict()
        self._orders: OrderedDict[tuple[str, Options], Future[dict[str, Foreseen]]] = OrderedDict()

    def ready(self) -> None:
        """Start every worker and wait until each can draw (the start-up is not paid by the
        first maps)."""
        for started in [self._executor.submit(_ready, self.autopilot) for _ in range(self.workers)]:
            started.result()

    def start(self) -> None:
        """Start every worker in the background and return at once. Starting a worker takes
        about as long as its start-up (the new process reads what it is handed, the catalog
        included, only once it has loaded the drawing code): the caller goes on meanwhile, and
        the first maps wait for the workers if they must."""
        threading.Thread(target=self._start, name="map-pool-start", daemon=True).start()

    def _start(self) -> None:
        with contextlib.suppress(RuntimeError):  # closed before it started: nothing to start
            for _ in range(self.workers):
                self._executor.submit(_ready, self.autopilot)

    def draw(self, state: str, language: str = "en") -> Future[tuple[str, bytes]]:
        """:func:`public_map` of ``state`` in ``language``, in a worker: the state is read
        there too (only its text crosses to the worker, and the map's bytes back); the drawing
        :meth:`foresee` started, if it did."""
        return self.foreseen(state, language) or self._executor.submit(_draw, state, language)

    def foresee(self, state: str, language: str = "en") -> None:
        """Start drawing the map of ``state`` in ``language``, whose posting will ask for it
        (:meth:`draw`, :meth:`foreseen`); of the drawings foreseen, only the :data:`FORESEEN`
        latest are kept."""
        drawing = self._executor.submit(_draw, state, language)
        with self._lock:
            self._foreseen[(state, language)] = drawing
            while len(self._foreseen) > FORESEEN:
                self._foreseen.popitem(last=False)[1].cancel()

    def foreseen(self, state: str, language: str = "en") -> Future[tuple[str, bytes]] | None:
        """The drawing :meth:`foresee` started of ``state``'s map in ``language`` (handed over
        once), or None."""
        with self._lock:
            return self._foreseen.pop((state, language), None)

    def foresee_orders(
        self, state: str, options: dict[str, bool], characters: Sequence[str]
    ) -> None:
        """With ``autopilot`` (a caller that resolves the next day at once: the demo), start
        working out the autopilot's orders of ``characters`` on the game ``state`` read with
        the engine ``options``, and reading them there, which :meth:`orders` hands over; else
        nothing."""
        if not self.autopilot or not characters:
            return
        key = (state, tuple(sorted(options.items())))
        working = self._executor.submit(_autopilot, state, key[1], tuple(characters))
        with self._lock:
            self._orders[key] = working
            while len(self._orders) > FORESEEN:
                self._orders.popitem(last=False)[1].cancel()

    def orders(self, state: str, options: dict[str, bool]) -> dict[str, Foreseen]:
        """The autopilot's orders :meth:`foresee_orders` worked out on ``state`` read with
        ``options``, and how they read, by character (handed over once; none if it was not
        asked, or failed)."""
        with self._lock:
            working = self._orders.pop((state, tuple(sorted(options.items()))), None)
        try:
            return working.result() if working is not None else {}
        except Exception:  # a worker that died: the caller works them out itself
            return {}

    def close(self) -> None:
        """End the workers: maps not started are cancelled, those being drawn finish; returns
        once every worker process has ended."""
        self._executor.shutdown(wait=True, cancel_futures=True)
