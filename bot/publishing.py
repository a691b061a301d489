"""A resolved day's reports, posted once after the commit that resolved it (:class:`Publisher`):
the public report with its map, each player's own, the next day's deadline, and the final
report after the last day.

Resolution only marks a finished day's reports due (the campaign's ``report_due``); drawing the
map is slow, so it is done here, outside any transaction, and the posting is one transaction
that first checks the reports are still due.
"""

from __future__ import annotations

import contextlib

from sqlmodel import col, select

from bot import archive, scope
from bot.final_report import final_report
from bot.maps import map_file_name, render_map
from bot.notifications import day_opened
from bot.own_report import own_report
from bot.reports import day_report
from bot.store import RequestError, Store, row_id
from db import repo
from db.models import Campaign, Snapshot
from rules import PUBLIC, GameState, view_for


class Publisher:
    """Posting the reports of resolved days, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def publish(self, campaign_name: str) -> bool:
        """Post the reports of the campaign's resolved day that wait for it (``report_due``):
        the public report with its map to the channel, once; each player by DM only what is his
        (:mod:`bot.own_report`), the next day's deadline in the channel, and the end of the
        campaign after its last day. The map is drawn outside any transaction; the
        posting is one transaction that first checks the reports are still due, so they are
        posted once, whoever calls this and however often (after each resolution, at start-up,
        and at every resync of the wake-ups). Returns whether it posted."""
        store, catalog = self.store, self.store.catalog
        with store.unit() as session:
            campaign = store.campaign(session, campaign_name)
            ref = scope.campaign_ref(row_id(campaign))
            due = campaign.report_due
            if due is None:
                return False
            snapshot = session.get(Snapshot, campaign.report_snapshot)
            assert snapshot is not None, "a resolved day keeps its end snapshot"
            state = GameState.from_json(snapshot.state)
            over = state.today.stage == "over"
            name = campaign.name
            first, days = state, []
            if over:
                first = archive.first_state(session, row_id(campaign)) or state
                days = archive.every_day(session, row_id(campaign), state.game_day)
        public = view_for(catalog, state, PUBLIC)
        image, image_name = render_map(catalog, public), map_file_name(public)
        final = final_report(catalog, name, first, state, days) if over else None
        with store.unit() as session:
            campaign = store.campaign(session, ref)
            if campaign.report_due != due:
                return False
            seats = store.seats(session, campaign)
            events = repo.day_events(session, campaign_id=row_id(campaign), day=due)
            out = store.outbox(session, campaign)
            out.channel(day_report(events, PUBLIC), attachment=(image_name, image))
            if campaign.status == "running" and campaign.deadline is not None:
                out.channel(day_opened(campaign, campaign.deadline))
            for seat in seats:
                out.dm(seat.player, own_report(events, seat.character, campaign.name))
            if final is not None:
                (name, _, routes), *each = final.images
                out.channel(final.text, attachment=(name, routes))
                for name, caption, route in each:
                    out.channel(f"{campaign.name}: {caption}", attachment=(name, route))
            campaign.report_due, campaign.report_snapshot = None, None
            return True

    def publish_left(self, campaign_name: str) -> None:
        """Post the reports of the campaign's last day if a crash left them due, before a
        resolution marks the next day's due in their place (every day starts resolving
        through :meth:`~bot.resolution.Resolver.resolve_day` or
        :meth:`~bot.timekeeping.Timekeeper.wake`): the command line has no resync job, and a
        ``local resolve`` run again after a crash would otherwise lose them."""
        with contextlib.suppress(RequestError):  # no such campaign: the caller says so
            self.publish(campaign_name)

    def publish_due(self) -> list[str]:
        """:meth:`publish` for every campaign whose reports wait (after a crash between the
        resolution and its reports, say); the campaigns posted, as ``#<id>``. Only their ids
        are read (the scheduler asks every minute, however many campaigns there are)."""
        with self.store.unit() as session:
            query = select(Campaign.id).where(col(Campaign.report_due).is_not(None))
            ids = session.exec(query.order_by(col(Campaign.id)))
            refs = [scope.campaign_ref(i) for i in ids if i is not None]
        return [ref for ref in refs if self.publish(ref)]
