"""Races (issue 20): what people and the bot do at the same moment, on SQLite and PostgreSQL.

Each round releases a group of callers together (:func:`tests.races.race`) on one database:

- a **day** round, on a campaign played on Discord: three players send orders (one of them two
  versions at once) while both transports deliver; then, past the deadline, three wake-ups, two
  moderators' forces, a late order and both deliveries;
- a **decision** round, on a campaign that waits for decisions: the day stops on the Amazon's
  choice of what to rest (she is tired), and her answer twice, another answer, a wake-up past
  its time (the default) and a force race;
- a **combat** round, on a new campaign with a staged fight: the window's plays of both players
  (one twice), the moderator's close, a wake-up past the window's time and a delivery race.

After each round: the day advanced once (one resolution, one ``end`` snapshot), every order
accepted is stored once with its own version and none is lost, a decision is answered once, and
no caller got anything but its answer or a refusal (:class:`bot.service.RequestError`): an
``OperationalError`` ("database is locked") or any other exception reaching a person is a
problem. At the end every message of the outbox was delivered by its campaign's transport (its
files written, or sent to Discord), none twice to Discord. (Two local delivers racing may both
write a message's files, the same files with the same text: that is not counted.)

``python -m tests.proofs.races [--rounds N] [--no-postgres]`` is the full form (200 rounds per
database, one process per database); :func:`rounds` is what the quick form runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import cast

import discord
from sqlmodel import col, func, select

from bot.discord.delivery import OutboxDelivery
from bot.local import deliver
from bot.service import CampaignService, RequestError
from db import repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from db.models import OrderSubmission, PendingDecision, Snapshot
from rules.catalog import catalog
from rules.decisions import is_combat_id
from tests import pg
from tests.clocks import ManualClock
from tests.fights import quiet_plays, stage_giant_fight
from tests.proofs.crash_checks import deliveries
from tests.proofs.crash_driver import Journal, RecordingClient, tired
from tests.races import race
from tests.snapshots import rewrite_latest

GM = "100000000000000009"
PLAYERS = (("200000000000000001", "Amazon"), ("200000000000000002", "Elf"))
THIRD = ("200000000000000003", "Dwarf")
#: The days a day round's campaign plays before the next round takes a new one.
DAY_ROUNDS = 12


@dataclass
class Tally:
    """What the rounds found."""

    rounds: Counter[str] = field(default_factory=Counter)
    calls: int = 0
    resolutions: int = 0
    orders: int = 0
    answers: int = 0
    delivered: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


class Table:
    """One database, its service and transports, and the rounds played on it."""

    def __init__(self, url: str, folder: Path) -> None:
        self.engine = make_engine(url)
        upgrade(self.engine)
        self.clock = ManualClock()
        self.service = CampaignService(self.engine, catalog(), clock=self.clock)
        self.folder = folder
        self.journal_path = folder / "journal"
        self.client = cast(discord.Client, RecordingClient(Journal(self.journal_path)))
        self.tally = Tally()
        self.day: str | None = None
        self.tables = 0

    def new_campaign(
        self,
        prefix: str,
        seats: tuple[tuple[str, str], ...],
        *,
        channel: str | None = None,
        options: dict[str, object] | None = None,
    ) -> str:
        """A new started campaign named ``prefix`` and a number, ``seats`` (player, character)
        seated; its name. (A campaign plays for a few rounds only: its characters die, its
        weeks end.)"""
        self.tables += 1
        name = f"{prefix}{self.tables}"
        self.service.campaigns.create(
            name, moderator=GM, seed=self.tables, channel=channel, options=options
        )
        for player, character in seats:
            self.service.campaigns.join(
                name, player=player, player_name=player, character=character
            )
        self.service.campaigns.start(name, moderator=GM)
        return name

    # --- the callers ------------------------------------------------------------------------

    def deliver_local(self) -> object:
        return deliver(self.service, self.folder / "out")

    def deliver_discord(self) -> object:
        """One pass of the bot's delivery (the bot runs one pass at a time, on its loop)."""
        delivery = OutboxDelivery(self.client, self.service, clock=self.clock)
        return asyncio.run(delivery.deliver_once())

    def orders(self, campaign: str, player: str, text: str) -> Callable[[], object]:
        return lambda: self.service.players.submit_orders(campaign, player=player, text=text)

    def plays(self, campaign: str, player: str, text: str) -> Callable[[], object]:
        return lambda: self.service.plays.answer_plays(campaign, player=player, text=text)

    def wake(self, campaign: str, day: int) -> Callable[[], object]:
        return lambda: self.service.timekeeper.wake(campaign, day)

    def force(self, campaign: str, day: int) -> Callable[[], object]:
        return lambda: self.service.resolver.resolve_day(campaign, day=day, moderator=GM)

    # --- checks -----------------------------------------------------------------------------

    def race(self, what: str, *calls: Callable[[], object]) -> list[object]:
        """Race ``calls``; every exception but a refusal is a problem (it reached someone)."""
        results = race(*calls)
        self.tally.calls += len(calls)
        for result in results:
            if isinstance(result, Exception) and not isinstance(result, RequestError):
                name = type(result).__name__
                self.tally.errors[name] += 1
                self.tally.problems.append(f"{what}: {name}: {str(result).splitlines()[0]}")
        return results

    def resolved_once(self, what: str, campaign: str, day: int, results: list[object]) -> None:
        """The day resolved once: the campaign is past it, one ``end`` snapshot says so, and
        one racer (at most) says it resolved it."""
        now = self.service.campaigns.campaign(campaign)
        said = sum(
            1
            for r in results
            if r in ("resolved", "decided by default")
            or (not isinstance(r, (str, Exception)) and "resolved" in getattr(r, "text", ""))
        )
        with session_scope(self.engine) as session:
            ends = session.exec(
                select(func.count())
                .select_from(Snapshot)
                .where(Snapshot.campaign_id == now.id, Snapshot.day == day + 1)
                .where(Snapshot.step == "end")
            ).one()
        if now.day != day + 1 or ends != 1 or said > 1:
            self.tally.problems.append(
                f"{what}: day {day} of {campaign}: now day {now.day}, {ends} end snapshots, "
                f"{said} racers said they resolved it"
            )
        self.tally.resolutions += 1

    def orders_kept(self, what: str, campaign: str, day: int, accepted: Counter[str]) -> None:
        """Each accepted submission stored once, versions 1..n of the seat's day."""
        with session_scope(self.engine) as session:
            cid = self.service.campaigns.campaign(campaign).id
            assert cid is not None
            seats = {s.id: s.player for s in repo.list_seats(session, campaign_id=cid)}
            rows = session.exec(
                select(OrderSubmission)
                .where(OrderSubmission.campaign_id == cid, OrderSubmission.day == day)
                .order_by(col(OrderSubmission.id))
            ).all()
        stored: dict[str, list[int]] = {}
        for row in rows:
            stored.setdefault(seats[row.seat_id], []).append(row.version)
        for player, count in accepted.items():
            versions = sorted(stored.get(player, []))
            if versions != list(range(1, count + 1)):
                self.tally.problems.append(
                    f"{what}: {player}'s {count} orders for day {day} stored as {versions}"
                )
        self.tally.orders += sum(accepted.values())

    def settle(self, campaign: str) -> None:
        """Let the day end: every later decision or combat window takes its default."""
        cid = self.service.campaigns.campaign(campaign).id
        assert cid is not None
        for _ in range(100):
            with session_scope(self.engine) as session:
                waiting = repo.open_decisions(session, campaign_id=cid)
            if not waiting:
                return
            if is_combat_id(waiting[0].ref):
                self.service.plays.close_window(campaign, moderator=GM)
            else:
                player = {c: p for p, c in PLAYERS}[waiting[0].character]
                self.service.resolver.answer(campaign, player=player, answer=waiting[0].default)

    # --- the rounds -------------------------------------------------------------------------

    def day_round(self, number: int) -> None:
        if self.day is None or self.service.campaigns.campaign(self.day).day > DAY_ROUNDS:
            channel = str(100000000000000001 + self.tables)
            self.day = self.new_campaign("Day", (*PLAYERS, THIRD), channel=channel)
        name = self.day
        campaign = self.service.campaigns.campaign(name)
        day = campaign.day
        (p1, _), (p2, _), (p3, _) = (*PLAYERS, THIRD)
        results = self.race(
            f"day round {number}: orders",
            self.orders(name, p1, "H"),
            self.orders(name, p1, "R"),
            self.orders(name, p2, "H"),
            self.orders(name, p3, "H"),
            self.deliver_local,
            self.deliver_discord,
        )
        accepted: Counter[str] = Counter()
        for player, result in zip((p1, p1, p2, p3), results, strict=False):
            if not isinstance(result, Exception) and " stored (v" in getattr(result, "text", ""):
                accepted[player] += 1
        assert campaign.deadline is not None
        self.clock.now = max(self.clock.now, campaign.deadline) + timedelta(minutes=1)
        results = self.race(
            f"day round {number}: resolution",
            self.wake(name, day),
            self.wake(name, day),
            self.wake(name, day),
            self.force(name, day),
            self.force(name, day),
            self.deliver_local,
            self.deliver_discord,
        )
        self.resolved_once(f"day round {number}", name, day, results[:5])
        self.orders_kept(f"day round {number}", name, day, accepted)

    def decision_round(self, number: int) -> None:
        name = self.new_campaign("Decide", PLAYERS, options={"wait_for_decisions": True})
        campaign = self.service.campaigns.campaign(name)
        day = campaign.day
        assert campaign.id is not None
        rewrite_latest(self.engine, campaign.id, tired, step="start")
        (p1, _), (p2, _) = PLAYERS
        self.service.players.submit_orders(name, player=p1, text="R")
        self.service.players.submit_orders(name, player=p2, text="H")
        self.service.resolver.resolve_day(name, day=day, moderator=GM)
        options = self.service.resolver.open_decision(name, player=p1)
        if options is None:  # she could not rest so (dead, say): the day is over
            self.tally.rounds["decision (none asked)"] += 1
            return
        with session_scope(self.engine) as session:
            [asked] = repo.open_decisions(session, campaign_id=campaign.id)
        assert asked.due_at is not None
        self.clock.now = max(self.clock.now, asked.due_at) + timedelta(minutes=1)
        results = self.race(
            f"decision round {number}",
            lambda: self.service.resolver.answer(name, player=p1, answer=options[0]),
            lambda: self.service.resolver.answer(name, player=p1, answer=options[-1]),
            lambda: self.service.resolver.answer(name, player=p2, answer=options[0]),
            self.wake(name, day),
            self.force(name, day),
            self.deliver_local,
        )
        answered = [
            r for r in results[:2] if not isinstance(r, Exception) and "Answer recorded" in str(r)
        ]
        with session_scope(self.engine) as session:
            decision = session.get(PendingDecision, asked.id)
        if len(answered) > 1 or decision is None or decision.answer is None:
            self.tally.problems.append(
                f"decision round {number}: {len(answered)} answers taken, the decision "
                f"{'open' if decision is not None and decision.answer is None else 'answered'}"
            )
        self.tally.answers += len(answered)
        self.settle(name)
        self.resolved_once(f"decision round {number}", name, day, results[3:4])

    def combat_round(self, number: int) -> None:
        service = self.service
        seats = (("p1", "Amazon"), ("p2", "Black Knight"))
        name = self.new_campaign("Fight", seats, options={"wait_for_decisions": True})
        campaign = service.campaigns.campaign(name)
        assert campaign.id is not None
        stage_giant_fight(self.engine, campaign.id, "Amazon", "Black Knight")
        service.players.submit_orders(name, player="p1", text="R")
        service.players.submit_orders(name, player="p2", text="R")
        service.resolver.resolve_day(name, day=1, moderator=GM)
        with session_scope(self.engine) as session:
            waiting = repo.open_decisions(session, campaign_id=campaign.id)
        if not waiting:
            self.tally.rounds["combat (no window)"] += 1
            return
        plays = {
            player: quiet_plays({d.kind for d in waiting if d.character == character})
            for player, character in (("p1", "Amazon"), ("p2", "Black Knight"))
        }
        due = max(d.due_at for d in waiting if d.due_at is not None)
        self.clock.now = max(self.clock.now, due) + timedelta(minutes=1)
        calls = [self.plays(name, player, text) for player, text in plays.items() if text]
        self.race(
            f"combat round {number}",
            *calls,
            *calls[:1],
            lambda: service.plays.close_window(name, moderator=GM),
            self.wake(name, 1),
            self.deliver_local,
        )
        with session_scope(self.engine) as session:
            before = {d.ref for d in waiting}
            rows = session.exec(
                select(PendingDecision).where(PendingDecision.campaign_id == campaign.id)
            ).all()
        left = [d.ref for d in rows if d.ref in before and d.answer is None]
        if left:
            self.tally.problems.append(f"combat round {number}: {left} still open after close")

    def finish(self) -> None:
        """Deliver what is left, then check the outbox against what was delivered."""
        self.deliver_local()
        self.deliver_discord()
        url = self.engine.url.render_as_string(hide_password=False)
        found = deliveries(url, self.journal_path, self.folder / "out", local_journal=False)
        self.tally.delivered = found.delivered
        if found.resends:
            self.tally.problems.append(f"{found.resends} Discord messages sent twice")
        self.tally.problems += found.problems
        self.engine.dispose()


KINDS = ("day", "decision", "combat")


def rounds(url: str, count: int) -> Tally:
    """Play ``count`` rounds (day, decision and combat in turn) on the empty database at
    ``url``; what they found."""
    with tempfile.TemporaryDirectory(prefix="races-") as name:
        table = Table(url, Path(name))
        for number in range(count):
            kind = KINDS[number % len(KINDS)]
            getattr(table, f"{kind}_round")(number)
            table.tally.rounds[kind] += 1
        table.finish()
        return table.tally


def _run(job: tuple[str, str | None, int]) -> tuple[str, Tally, float]:
    kind, postgres, count = job
    start = time.perf_counter()
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="races-db-") as folder:
            tally = rounds(f"sqlite:///{folder}/realm.db", count)
    else:
        assert postgres is not None
        tally = rounds(postgres, count)
    return kind, tally, time.perf_counter() - start


def main(argv: list[str], echo: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.proofs.races")
    parser.add_argument("--rounds", type=int, default=200, help="rounds per database")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    cluster = None if args.no_postgres else pg.start()
    problems: list[str] = []
    try:
        jobs: list[tuple[str, str | None, int]] = [("sqlite", None, args.rounds)]
        if cluster is not None:
            jobs.append(("postgresql", cluster.url(cluster.create_database()), args.rounds))
        with ProcessPoolExecutor(len(jobs)) as pool:
            for kind, tally, took in pool.map(_run, jobs):
                for what, count in sorted(tally.rounds.items()):
                    echo(f"figure: {kind}: {what} rounds: {count}")
                echo(f"figure: {kind}: racing calls: {tally.calls}")
                echo(f"figure: {kind}: days resolved (once each): {tally.resolutions}")
                echo(f"figure: {kind}: orders accepted (each stored once): {tally.orders}")
                echo(
                    f"figure: {kind}: decisions answered by their player (once each; the "
                    f"others took the default): {tally.answers}"
                )
                echo(f"figure: {kind}: messages delivered: {tally.delivered}")
                errors = ", ".join(f"{n} {e}" for e, n in tally.errors.items()) or "none"
                echo(f"figure: {kind}: errors reaching a person: {errors}")
                echo(f"figure: {kind}: problems: {len(tally.problems)}")
                echo(f"figure: {kind}: seconds: {took:.0f}")
                problems += [f"{kind}: {p}" for p in tally.problems]
    finally:
        if cluster is not None:
            cluster.stop()
    for problem in problems[:40]:
        echo(f"  {problem}")
    echo(f"figure: problems: {len(problems)}")
    echo(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
