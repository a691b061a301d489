"""Rolling a campaign back (:class:`Rollbacks`): to the start of a day, or to a point of the
day's Evening (its start, a combat round's), which then goes on from there; the seats' ledger
restored as the snapshot recorded it."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from bot.deadlines import next_deadline
from bot.i18n import N_, _, later
from bot.notifications import announce_deadline
from bot.publishing import Publisher
from bot.resolution import Resolver
from bot.store import Reply, RequestError, Store, require_moderator, row_id
from bot.window_books import restore_window_books
from bot.windows import EVENING, day_points
from db import event_log, exchanges, repo, rewind
from db.models import Campaign
from rules import GameState


class Rollbacks:
    """The moderators' rollbacks, over the ``store``; a combat rolled back goes on with the
    ``resolver``, and what it finishes is reported by the ``publisher``."""

    def __init__(self, store: Store, resolver: Resolver, publisher: Publisher) -> None:
        self.store = store
        self.resolver = resolver
        self.publisher = publisher

    def rollback(self, campaign_name: str, *, moderator: str, day: int) -> Reply:
        """Return to the start of ``day``: the state then, the seats' missed days and readiness
        and the reminder as they were, its reports and its players' decisions removed
        (re-resolving asks them again), and the snapshots saved since (a future undone);
        re-resolving it with the same orders and answers gives the same results (the dice are
        in the state)."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            step = "start" if day == 1 else "end"
            snapshot = repo.get_snapshot(session, campaign_id=row_id(campaign), day=day, step=step)
            if snapshot is None or day > campaign.day:
                raise RequestError(
                    _("%(campaign)s has no start of day %(day)s to return to")
                    % {"campaign": campaign.name, "day": day}
                )
            assert snapshot.id is not None
            rewind.forget_after(session, campaign_id=row_id(campaign), snapshot_id=snapshot.id)
            self._restore_ledger(session, campaign, snapshot.ledger)
            if campaign.report_due is not None and campaign.report_due >= day:
                campaign.report_due, campaign.report_snapshot = None, None
            self.store.snapshot(session, campaign, GameState.from_json(snapshot.state), "rollback")
            for record in event_log.list_events(session, campaign_id=row_id(campaign), day=day):
                session.delete(record)
            for after in range(day + 1, campaign.day + 1):
                for record in event_log.list_events(
                    session, campaign_id=row_id(campaign), day=after
                ):
                    session.delete(record)
            rewind.delete_decisions(session, campaign_id=row_id(campaign), from_day=day)
            exchanges.forget_exchanges(session, campaign_id=row_id(campaign), from_day=day)
            campaign.day = day
            campaign.status = "running"
            before = campaign.deadline
            campaign.deadline = next_deadline(
                self.store.clock(), self.store.deadline_rules(campaign)
            )
            rolled = later(N_("rolled back to day %(day)s"), day=day)
            self.store.log(session, campaign, moderator, "rollback", rolled)
            announce_deadline(self.store.outbox(session, campaign), campaign, before)
            return Reply(
                _("%(campaign)s is back at the start of day %(day)s.")
                % {"campaign": campaign.name, "day": day}
            )

    def rollback_combat(self, campaign_name: str, *, moderator: str, to: str) -> Reply:
        """Return the day to a point of its Evening: ``evening`` (its start), ``round`` (the
        start of the round being fought), ``round N`` (of this clearing's fight) or ``round N
        at CLEARING``. What was stored since is undone — the day's later events, the decisions
        asked and answered, the windows' bookkeeping — and the day goes on from there: its
        windows open again, and the same plays give the same results, the dice being in the
        state. The players whose plays were undone are told; the moderators' log is private.
        A finished day is rolled back whole (:meth:`rollback`)."""
        wanted = " ".join(to.casefold().split())[:80]
        with self.store.unit() as session:
            campaign = self.store.running_for(session, campaign_name, moderator)
            snapshots = rewind.day_snapshots(
                session, campaign_id=row_id(campaign), day=campaign.day
            )
            points = day_points(snapshots)
            rounds = [p for p in points if p != EVENING]
            if wanted == "round" and rounds:
                wanted = rounds[-1]
            elif wanted.startswith("round ") and " at " not in wanted and rounds:
                wanted += " at " + rounds[-1].split(" at ", 1)[1]
            point = next((p for p in points if p.casefold() == wanted.casefold()), None)
            if point is None:
                known = ", ".join(points) or _(
                    "none (its Evening has not begun; roll back the day)"
                )
                raise RequestError(
                    _(
                        "%(campaign)s: no point %(point)s in day %(day)s to "
                        "roll back to; its points: %(known)s"
                    )
                    % {
                        "campaign": campaign.name,
                        "point": repr(to.strip()[:60]),
                        "day": campaign.day,
                        "known": known,
                    }
                )
            snapshot_id, ledger = points[point]
            stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
            undone = {d.character for d in stored if (d.id or 0) > ledger["decisions"]}
            rewind.rewind_day(
                session,
                campaign_id=row_id(campaign),
                day=campaign.day,
                snapshot_id=snapshot_id,
                events_from=ledger["events"],
                decisions_after=ledger["decisions"],
            )
            self._restore_ledger(session, campaign, ledger)
            restore_window_books(campaign, ledger["windows"])
            for seat in self.store.seats(session, campaign):
                if seat.character in undone:
                    self.store.outbox(session, campaign).dm(
                        seat.player,
                        lambda: (
                            _(
                                "%(campaign)s: the moderators rolled the combat back to the "
                                "start of the %(point)s; your plays from there are undone and "
                                "asked again."
                            )
                            % {"campaign": campaign.name, "point": point}
                        ),
                    )
            detail = later(
                N_("rolled day %(day)s back to the start of the %(point)s"),
                day=campaign.day,
                point=point,
            )
            self.store.log(session, campaign, moderator, "rollback combat", detail, public=False)
            self.resolver.continue_day(session, campaign)
        self.publisher.publish(campaign_name)
        return Reply(
            _("%(campaign)s is back at the start of the %(point)s.")
            % {"campaign": campaign.name, "point": point}
        )

    def _restore_ledger(self, session: Session, campaign: Campaign, ledger: dict[str, Any]) -> None:
        """Put the seats' missed days and readiness, their characters and past lives (9.1.2), and
        the day whose reminder was sent, back as ``ledger`` recorded them (a ledger from before
        they were recorded changes nothing)."""
        recorded = ledger.get("seats", {})
        for seat in self.store.seats(session, campaign):
            entry = recorded.get(str(row_id(seat)))
            if entry is not None:
                seat.missed_days = int(entry["missed_days"])
                seat.ready = bool(entry["ready"])
                if "character" in entry:  # a fresh start undone with the day (9.1.2)
                    seat.character = str(entry["character"])
                    seat.lives = list(entry.get("lives", []))
        if "reminded_day" in ledger:
            campaign.reminded_day = ledger["reminded_day"]
