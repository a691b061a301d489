"""A resolved day's reports, posted once after the commit that resolved it (:class:`Publisher`):
the public report with its map, each player's own, the next day's deadline, and the final
report after the last day.

Resolution only marks a finished day's reports due (the campaign's ``report_due``); drawing the
map is slow, so it is done here, outside any transaction (in the bot, in worker processes:
:mod:`bot.maps.pool`), and the posting is one transaction that first checks the reports are
still due.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from sqlmodel import Session, col, select

from bot import archive, scope
from bot.final_report import FinalReport, final_events, final_report
from bot.i18n import speaking
from bot.maps.pool import public_map
from bot.notifications import day_opened
from bot.outbox_writer import campaign_language
from bot.own_report import own_report
from bot.reports import day_report
from bot.store import RequestError, Store, row_id
from db import event_log
from db.models import Campaign
from rules import PUBLIC, Catalog, GameState

if TYPE_CHECKING:
    from bot.maps.pool import Foreseen, MapPool
    from rules import Event

log = logging.getLogger(__name__)


#: Where a unit of work keeps the events of the days it resolved whole (``session.info``).
_TOLD = "publishing.told"


@dataclass(frozen=True)
class Ended:
    """A resolved day whose reports are due, as read in the unit of work that resolved it (or
    a later one): the campaign (``#<id>``), the day, the end state's text, the final report
    after the last day, and the day's events when that unit resolved the whole day (its
    reports take them instead of reading them back: :meth:`Publisher.told`)."""

    ref: str
    due: int
    state: str
    final: FinalReport | None
    events: tuple[Event, ...] | None = None
    language: str = "en"


@dataclass(frozen=True)
class _Due:
    """A resolved day's reports, read and ready to post: the campaign (``#<id>``), the day
    whose reports are due, the end state's text, its public map's file name and bytes (or their
    drawing in a :class:`MapPool`), the final report after the last day, and the day's events
    if they were handed over (:attr:`Ended.events`; else they are read when posting)."""

    ref: str
    due: int
    state: str
    image: tuple[str, bytes] | Future[tuple[str, bytes]]
    final: FinalReport | None
    events: tuple[Event, ...] | None = None
    language: str = "en"

    def drawn(self, catalog: Catalog) -> tuple[str, bytes]:
        """The map's file name and bytes; drawn here if the pool failed to (a worker died)."""
        if isinstance(self.image, tuple):
            return self.image
        what = f"{self.ref} day {self.due}"
        return _taken(self.image, catalog, self.state, what, self.language)


def _taken(
    drawing: Future[tuple[str, bytes]] | None,
    catalog: Catalog,
    state: str,
    what: str,
    language: str,
) -> tuple[str, bytes]:
    """The public map of ``state`` in ``language`` that ``drawing`` drew in a pool (waited
    for); drawn here without one, or if the pool failed to (a worker died: logged, naming
    ``what``)."""
    if drawing is None:
        return public_map(catalog, state, language)
    try:
        return drawing.result()
    except Exception:
        log.exception("the map of %s is drawn again", what)
        return public_map(catalog, state, language)


#: Runs a call later, in the thread every wake-up's database work runs in.
Later = Callable[[Callable[[], object]], object]


class Publisher:
    """Posting the reports of resolved days, over the ``store``.

    Maps are drawn in the calling thread unless :meth:`draw_in` gave a :class:`MapPool` (the
    bot's scheduler and the demo do): then a day's map starts being drawn in the pool as soon as
    its resolution knows its end state (:meth:`foresee`), and its posting takes that drawing;
    :meth:`publish_soon` returns once the map is handed to the pool, and the posting runs later
    (:meth:`post_drawn`, through ``later`` or the next wake-up), once it is drawn. A day's map being
    drawn is never drawn twice: :meth:`publish` called meanwhile (by the campaign's next
    wake-up, :meth:`publish_left`, or :meth:`publish_due`) waits for it and posts, and the
    posting that was queued finds nothing left due."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._maps: MapPool | None = None
        self._later: Later | None = None
        self._drawing: dict[tuple[str, int], _Due] = {}
        self._ready: list[tuple[_Due, contextvars.Context]] = []
        self._held: dict[str, _Due] = {}

    def draw_in(self, maps: MapPool | None, later: Later | None = None) -> None:
        """Draw maps in ``maps`` from now on, posting through ``later``; with None, in the
        calling thread again (a posting whose map is still being drawn is then dropped: its
        reports stay due, and :meth:`publish_due` posts them)."""
        with self._lock:
            self._maps, self._later = maps, later
            dropped = [] if later is not None else self._ready
            self._ready = [] if later is None else self._ready
        for due, _ in dropped:
            self._forget(due)

    def foresee(self, state: str, language: str) -> None:
        """A day ended in ``state`` (its end snapshot's text), whose reports will be posted in
        ``language`` (the campaign's): with a pool, its map starts being drawn now, while the
        day is saved, and its posting takes that drawing
        (:meth:`bot.maps.pool.MapPool.foresee`); without one, nothing."""
        with self._lock:
            if self._maps is not None:
                self._maps.foresee(state, language)

    def public_map(self, state: str, language: str) -> tuple[str, bytes]:
        """The public map of the game ``state`` (its text) in ``language``, drawn in the pool
        :meth:`draw_in` gave if any (and waited for), else here
        (:func:`bot.maps.pool.public_map`)."""
        with self._lock:
            maps = self._maps
        drawing = maps.draw(state, language) if maps is not None else None
        return _taken(drawing, self.store.catalog, state, "a campaign's start", language)

    def foresee_orders(
        self, state: str, options: dict[str, bool], characters: Sequence[str]
    ) -> None:
        """The next day's autopilot orders of ``characters`` worked out in the pool from the
        day's end ``state``, if it was made to (:meth:`bot.maps.pool.MapPool.foresee_orders`)."""
        with self._lock:
            if self._maps is not None:
                self._maps.foresee_orders(state, options, characters)

    def foreseen_orders(self, state: str, options: dict[str, bool]) -> dict[str, Foreseen]:
        """The autopilot's orders worked out in the pool on ``state`` read with ``options``
        (:meth:`foresee_orders`), and how they read there, by character; none without a
        pool."""
        with self._lock:
            maps = self._maps
        return maps.orders(state, options) if maps is not None else {}

    def publishing(self) -> int:
        """How many days' reports are handed to the pool and not yet posted."""
        with self._lock:
            return len(self._drawing)

    def publish(self, campaign_name: str, ended: Ended | None = None) -> bool:
        """Post the reports of the campaign's resolved day that wait for it (``report_due``):
        the public report with its map to the channel, once; each player by DM only what is his
        (:mod:`bot.own_report`), the next day's deadline in the channel, and the end of the
        campaign after its last day. The map is drawn outside any transaction; the
        posting is one transaction that first checks the reports are still due, so they are
        posted once, whoever calls this and however often (after each resolution, at start-up,
        and at every resync of the wake-ups). Returns whether it posted. ``ended``: what
        :meth:`ended` read of the campaign in the unit of work that resolved its day and has
        committed (then it is not read again)."""
        due = self._read(campaign_name, pooled=False, ended=ended)
        return due is not None and self._post(due)

    def hold(self, ended: Ended) -> None:
        """Keep the reports ``ended`` read, their map being drawn in the pool :meth:`draw_in`
        gave (foreseen, :meth:`foresee`), for the campaign's next resolution to post in its
        unit of work once its engine has run (:meth:`post_held`): for a caller that resolves
        the next day at once (the demo), whose day's map is drawn meanwhile instead of waited
        for. :meth:`publish` (and so :meth:`publish_due`) posts them if called first."""
        due = self._read(ended.ref, pooled=False, ended=ended)
        if due is not None:
            with self._lock:
                self._held[due.ref] = due

    def post_held(self, session: Session, campaign: Campaign) -> None:
        """Post the campaign's reports :meth:`hold` kept, if any, in the caller's unit of work
        (the resolution of its next day, before it stores anything: its messages follow
        them), waiting for their map if it is still being drawn."""
        with self._lock:
            held = self._held.pop(scope.campaign_ref(row_id(campaign)), None)
        if held is not None:
            self._post_in(session, campaign, held, held.drawn(self.store.catalog))

    def publish_soon(self, campaign_name: str, ended: Ended | None = None) -> None:
        """:meth:`publish`, its map drawn in the pool :meth:`draw_in` gave, if any: returns
        once the map is handed over; the reports are posted through ``later`` once it is
        drawn. Without a pool, :meth:`publish` itself. ``ended``: what :meth:`ended` read of
        the campaign in the unit of work that resolved its day and has committed (then it is
        not read again)."""
        due = self._read(campaign_name, pooled=True, ended=ended)
        if due is None:
            return
        if isinstance(due.image, tuple):  # no pool: drawn here, as publish draws it
            self._post(due)
            return
        context = contextvars.copy_context()
        due.image.add_done_callback(lambda _: self._drawn(due, context))

    def _drawn(self, due: _Due, context: contextvars.Context) -> None:
        """The map of ``due`` is drawn (or its drawing failed or was cancelled): it waits for
        :meth:`post_drawn`, which ``later`` is asked to run; after :meth:`draw_in` None, it is
        dropped (its reports stay due)."""
        with self._lock:
            later = self._later
            if later is not None:
                self._ready.append((due, context))
        if later is None:
            self._forget(due)
            return
        with contextlib.suppress(RuntimeError):  # the worker thread is gone: left due
            later(self.post_drawn)

    def post_drawn(self) -> int:
        """Post the reports whose maps are drawn (in the order they were drawn); how many
        were handed over. Each wake-up calls it first, so the reports go out as soon as their
        maps are drawn, never after every wake-up queued before them."""
        with self._lock:
            ready, self._ready = self._ready, []
        for due, context in ready:
            context.run(self._post_drawn, due)
        return len(ready)

    def _post_drawn(self, due: _Due) -> None:
        try:
            self._post(due)
        except Exception:
            log.exception("the reports of %s day %d are left for a later try", due.ref, due.due)
        finally:
            self._forget(due)

    def _forget(self, due: _Due) -> None:
        with self._lock:
            if self._drawing.get((due.ref, due.due)) is due:
                del self._drawing[(due.ref, due.due)]

    def told(self, session: Session, campaign: Campaign, day: int, events: Sequence[Event]) -> None:
        """The whole of ``day``'s events, as stored in the caller's unit of work (the
        resolution that stored them all, from the day's first): :meth:`ended` read in the same
        unit hands them to the day's reports, which then need not read them back."""
        told: dict[tuple[int, int], tuple[Event, ...]] = session.info.setdefault(_TOLD, {})
        told[(row_id(campaign), day)] = tuple(events)

    def ended(self, session: Session, campaign: Campaign, *, final: bool = True) -> Ended | None:
        """The campaign's day whose reports are due, read in the caller's unit of work (the
        end state's snapshot was saved in it, or is read; the day's events if the unit
        resolved it whole, :meth:`told`); None when none is due, or (without ``final``) when
        the campaign is finished, whose final report is slow to make and is left to
        :meth:`publish`, outside any transaction."""
        due = campaign.report_due
        if due is None or (campaign.status == "finished" and not final):
            return None
        ref = scope.campaign_ref(row_id(campaign))
        with self._lock:
            drawing = self._drawing.get((ref, due))
            held = self._held.get(ref)
        if held is not None and held.due == due:
            drawing = held
        if drawing is not None:  # its state is the one being drawn, or held
            return Ended(ref, due, drawing.state, drawing.final, drawing.events, drawing.language)
        snapshot = self.store.saved_snapshot(session, campaign.report_snapshot)
        assert snapshot is not None, "a resolved day keeps its end snapshot"
        text, report = snapshot.state, None
        if campaign.status == "finished":  # the state is read here only for the last day
            state = GameState.from_json(text)
            if state.today.stage == "over":
                first = archive.first_state(session, row_id(campaign)) or state
                days = archive.every_day(
                    session, row_id(campaign), state.game_day, types=final_events()
                )
                with speaking(self.store.settings(campaign).language):  # the channel's
                    report = final_report(self.store.catalog, campaign.name, first, state, days)
        events = session.info.get(_TOLD, {}).get((row_id(campaign), due))
        return Ended(ref, due, text, report, events, campaign_language(campaign).value)

    def _read(
        self,
        campaign_name: str,
        *,
        pooled: bool,
        ended: Ended | None = None,
        leave_held: bool = False,
    ) -> _Due | None:
        """The campaign's reports still due, read in one unit (unless ``ended`` was read
        already): those :meth:`hold` kept (None with ``leave_held``), else its map is the one
        being drawn for that day if there is one, else the drawing foreseen of its state
        (:meth:`foresee`), else drawn in the pool (``pooled``) or here."""
        store, catalog = self.store, self.store.catalog
        if ended is None:
            with store.unit() as session:
                ended = self.ended(session, store.campaign(session, campaign_name))
            if ended is None:
                return None
        ref, due, text, language = ended.ref, ended.due, ended.state, ended.language
        with self._lock:  # a pool is not let go while a map is handed to it
            held = self._held.get(ref)
            if held is not None and held.due == due:
                return None if leave_held else self._held.pop(ref)
            drawing = self._drawing.get((ref, due))
            if drawing is not None:
                return drawing
            maps = self._maps
            if maps is None:
                handed = None
            elif pooled:
                handed = maps.draw(text, language)
            else:
                handed = maps.foreseen(text, language)
        image = handed if handed is not None else public_map(catalog, text, language)
        read = _Due(ref, due, text, image, ended.final, ended.events, language)
        if handed is not None and pooled:
            with self._lock:
                self._drawing[(ref, due)] = read
        return read

    def _post(self, read: _Due) -> bool:
        """Post ``read``'s reports in one unit, if they are still due; whether it posted."""
        image = read.drawn(self.store.catalog)
        with self.store.unit() as session:
            return self._post_in(session, self.store.campaign(session, read.ref), read, image)

    def _post_in(
        self, session: Session, campaign: Campaign, read: _Due, image: tuple[str, bytes]
    ) -> bool:
        """Post ``read``'s reports, with the map ``image``, in the caller's unit, if they are
        still due; whether it posted."""
        if campaign.report_due != read.due:
            return False
        seats = self.store.seats(session, campaign)
        events = (
            list(read.events)
            if read.events is not None
            else event_log.day_events(session, campaign_id=row_id(campaign), day=read.due)
        )
        out = self.store.outbox(session, campaign)
        out.channel(partial(day_report, events, PUBLIC), attachment=image)
        if campaign.status == "running" and campaign.deadline is not None:
            out.channel(partial(day_opened, campaign, campaign.deadline))
        for seat in seats:
            out.dm(seat.player, partial(own_report, events, seat.character, campaign.name))
        if read.final is not None:
            (name, _, routes), *each = read.final.images
            out.channel(read.final.text, attachment=(name, routes))
            for name, caption, route in each:
                out.channel(f"{campaign.name}: {caption}", attachment=(name, route))
        campaign.report_due, campaign.report_snapshot = None, None
        return True

    def publish_left(self, campaign_name: str) -> None:
        """Post the reports of the campaign's last day if a crash left them due, before a
        resolution marks the next day's due in their place (every day starts resolving
        through :meth:`~bot.resolution.Resolver.resolve_day` or
        :meth:`~bot.timekeeping.Timekeeper.wake`): the command line has no resync job, and a
        ``local resolve`` run again after a crash would otherwise lose them. Those
        :meth:`hold` kept are left to the resolution (:meth:`post_held`)."""
        with contextlib.suppress(RequestError):  # no such campaign: the caller says so
            due = self._read(campaign_name, pooled=False, leave_held=True)
            if due is not None:
                self._post(due)

    def publish_due(self) -> list[str]:
        """:meth:`publish` for every campaign whose reports wait (after a crash between the
        resolution and its reports, say); the campaigns posted, as ``#<id>``. Only their ids
        are read (the scheduler asks every minute, however many campaigns there are)."""
        with self.store.unit() as session:
            query = select(Campaign.id).where(col(Campaign.report_due).is_not(None))
            ids = session.exec(query.order_by(col(Campaign.id)))
            refs = [scope.campaign_ref(i) for i in ids if i is not None]
        return [ref for ref in refs if self.publish(ref)]
