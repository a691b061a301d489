"""Secrecy at scale (issue 20): nothing that leaves the service tells a viewer a secret.

Seeded campaigns of 3 to 16 characters are played a few days each (:mod:`tests.proofs.autoplay`:
the characters search, trade, hire and fight; combat windows open and close). Every message
and image that leaves the service (:mod:`tests.proofs.watcher`) is checked against its
reader's view of the game at that moment: its text must hold none of his secrets
(:mod:`tests.proofs.secrets`: what the moderator's view holds and his lacks, the others'
orders and plays before their reveal, and the salts of the open window's sealed sets, his own
too), and its image must be, byte for byte, the map drawn from his own view. While a day is
being resolved (a combat window open), everyone asks every read-back command — the public
history, each journal and sheet, another's sheet, the status, the maps
(:mod:`tests.proofs.readbacks`) — and those answers must also hold no line of the unfinished
day's report. The control check plants a secret in a message and sees it caught, and the
unfinished day's report in a read-back's answer.

``python -m tests.proofs.secrecy [CAMPAIGNS]`` is the full form (1,000 campaigns, over two
processes); it prints its figures and exits 1 on any leak.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from sqlmodel import col, select

from bot.i18n import Language, speaking
from bot.maps import render_map
from bot.reports import day_report
from bot.sealing import SealedSet
from bot.service import CampaignService
from db import event_log, repo
from db.engine import make_engine, session_scope
from db.migrate import upgrade
from db.models import EventRecord, PendingDecision
from rules import catalog
from rules.catalog import Catalog
from rules.events import Event
from rules.state import GameState
from rules.view import MODERATOR, PUBLIC, View, view_for
from tests.proofs.autoplay import cast, latest_state, play, waits
from tests.proofs.english_words import untranslated
from tests.proofs.readbacks import FIGHT, FIGHTERS, READ_BACK, Unfinished, mid_evening, unfinished
from tests.proofs.secrets import SHOWING, Secret, sealed, secrets_of, shown
from tests.proofs.watcher import Sent, Watcher

#: The full form's campaigns, the days each is played, and its processes.
CAMPAIGNS = 1000
DAYS = 2
#: The days a campaign that waits for decisions is played (its windows make each day long).
WAITING_DAYS = 1
PROCESSES = 2


@dataclass(frozen=True)
class Leak:
    """A secret found in a message: where, to whom, what, and the message's start."""

    campaign: str
    viewer: str
    what: str
    excerpt: str
    full: str = ""


@dataclass
class Moment:
    """A campaign's game at one snapshot, as the inspector checks messages against it: the
    moderator's view, the events that showed pieces, the options each character was asked, and
    for each viewer met so far his view, his secrets and his map."""

    snapshot: int | None
    state: GameState
    moderator: View
    events: list[Event]
    asked: dict[str, set[str]]
    views: dict[str, View] = field(default_factory=dict)
    secrets: dict[str, list[Secret]] = field(default_factory=dict)
    maps: dict[str, bytes] = field(default_factory=dict)
    unfinished: Unfinished | None = None
    unfinished_lines: dict[str, set[str]] = field(default_factory=dict)


@dataclass
class Inspector:
    """Checks what leaves the service against each reader's view, and counts it."""

    service: CampaignService
    #: The Discord server whose campaigns it reads (None: the command line's).
    guild: str | None = None
    leaks: list[Leak] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    viewers: set[tuple[str, str]] = field(default_factory=set)
    #: English words found in messages to readers of another language (issue 35).
    english: list[Leak] = field(default_factory=list)
    _moments: dict[str, Moment] = field(default_factory=dict)

    @property
    def catalog(self) -> Catalog:
        return self.service.catalog

    def __call__(
        self, sent: list[Sent], orders: dict[str, str], plays: dict[str, SealedSet]
    ) -> None:
        for message in sent:
            self.counts["messages"] += 1
            self.counts["read-backs"] += message.how == READ_BACK
            self.viewers.add((message.campaign, message.viewer))
            self.counts[f"messages in {message.language}"] += 1
            if message.language != Language.EN.value:
                self.read(message)
            if message.viewer != MODERATOR:
                self.check(message, self.moment(message.campaign), orders, plays)

    def read(self, message: Sent) -> None:
        """Note the English words in a message to a reader of another language."""
        found = untranslated(message.text, Language(message.language))
        if found:
            what = f"English for a reader of {message.language}: {', '.join(found)}"
            self.english.append(
                Leak(message.campaign, message.viewer, what, message.text[:300], message.text)
            )

    def moment(self, campaign: str) -> Moment:
        """The game of ``campaign`` as its last snapshot holds it, with what was shown so far
        (kept until the next snapshot)."""
        with session_scope(self.service.engine) as session:
            found = repo.get_campaign(session, name=campaign, guild=self.guild)
            assert found is not None and found.id is not None
            snapshot = repo.latest_snapshot_id(session, campaign_id=found.id)
            known = self._moments.get(campaign)
            if known is not None and known.snapshot == snapshot:
                return known
            query = (
                select(EventRecord)
                .where(EventRecord.campaign_id == found.id, col(EventRecord.type).in_(SHOWING))
                .order_by(col(EventRecord.day), col(EventRecord.seq))
            )
            events = [event_log.as_event(record) for record in session.exec(query)]
            asked: dict[str, set[str]] = {}
            decisions = select(PendingDecision).where(PendingDecision.campaign_id == found.id)
            for decision in session.exec(decisions):
                asked.setdefault(decision.character, set()).update(decision.options)
        state = latest_state(self.service, campaign, self.guild)
        moment = Moment(snapshot, state, view_for(self.catalog, state, MODERATOR), events, asked)
        moment.unfinished = unfinished(self.service, campaign, self.guild)
        self._moments = {campaign: moment}  # one campaign at a time: keep only its game
        return moment

    def check(
        self,
        message: Sent,
        moment: Moment,
        orders: dict[str, str],
        plays: dict[str, SealedSet],
    ) -> None:
        """Check one message against its reader's view of the game at ``moment``."""
        viewer = message.viewer
        spoken = Language(message.language)
        reader = f"{viewer} in {spoken.value}"
        if reader not in moment.secrets:
            view = moment.views.get(viewer) or view_for(self.catalog, moment.state, viewer)
            seen = shown(moment.events, viewer) | moment.asked.get(viewer, set())
            moment.views[viewer] = view
            found = secrets_of(self.catalog, moment.moderator, view, seen, spoken)
            moment.secrets[reader] = found
        view = moment.views[viewer]
        secrets = moment.secrets[reader] + sealed(viewer, orders, plays, spoken)
        for secret in secrets:
            if secret.found_in(message.text):
                self.leaks.append(
                    Leak(
                        message.campaign,
                        message.viewer,
                        secret.what,
                        message.text[:300],
                        message.text,
                    )
                )
        if message.how == READ_BACK and message.image is None:
            if reader not in moment.unfinished_lines:
                day = moment.unfinished
                with speaking(spoken):
                    told = set() if day is None else day.lines(viewer)
                moment.unfinished_lines[reader] = told
            lines = {line.strip() for line in message.text.splitlines()}
            today = sorted(lines & moment.unfinished_lines[reader])
            if today:
                what = "a line of the unfinished day's report in a read-back"
                self.leaks.append(
                    Leak(message.campaign, viewer, what, today[0][:300], message.text)
                )
        if message.image is not None:
            self.counts["images"] += 1
            if moment.state.today.stage == "over":
                return  # the final report's route maps: every route on the public map (9.3)
            if reader not in moment.maps:
                with speaking(spoken):
                    moment.maps[reader] = render_map(self.catalog, view)
            if message.image != moment.maps[reader]:
                self.leaks.append(
                    Leak(message.campaign, message.viewer, "an image not of his view", "")
                )


def run(
    seeds: list[int],
    days: int = DAYS,
    characters: list[str] | None = None,
    waiting_days: int = WAITING_DAYS,
    language: str | None = None,
    english: list[Leak] | None = None,
) -> tuple[list[Leak], Counter[str], int]:
    """Play the campaigns of ``seeds`` on a fresh SQLite database, inspecting everything;
    the leaks, the counts, and how many viewers read something. Each campaign seats
    ``characters``, or those its seed draws; one that waits for decisions plays at most
    ``waiting_days``. Campaigns in a ``language`` (:func:`tests.proofs.autoplay.play`) add the
    English words found in messages to their readers to ``english``."""
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'secrecy.db'}")
        upgrade(engine)
        service = CampaignService(engine, catalog())
        inspector = Inspector(service)
        watcher = Watcher(service)
        seen: Counter[str] = Counter()
        for seed in seeds:
            length = min(days, waiting_days) if waits(seed) else days
            play(
                service,
                watcher,
                seed,
                days=length,
                inspect=inspector,
                seen=seen,
                characters=characters,
                language=language,
            )
        engine.dispose()
    if english is not None:
        english.extend(inspector.english)
    return inspector.leaks, inspector.counts + seen, len(inspector.viewers)


def control(service: CampaignService, name: str) -> list[Leak]:
    """The control check on campaign ``name``: three secrets of one of its characters planted
    in messages to him — a face-down piece's name, another character's Victory Requirements and
    the moderator's map — and the leaks the inspector finds in them (one for each, if it works)."""
    state = latest_state(service, name)
    viewer, other = list(state.characters)[:2]
    moderator = view_for(service.catalog, state, MODERATOR)
    view = view_for(service.catalog, state, viewer)
    piece = next(s for s in secrets_of(service.catalog, moderator, view) if "face-down" in s.what)
    theirs = next(c for c in moderator.characters if c.name == other)
    victory = ", ".join(
        f"{category} {points}" for category, points in (theirs.victory or {}).items()
    )
    planted = [
        Sent(name, viewer, "dm", f"Day 1 for the {viewer}: you see {piece.text}."),
        Sent(name, viewer, "dm", f"The {other}'s sheet:\nvictory requirements: {victory}\n"),
        Sent(name, viewer, "dm", "Your map", render_map(service.catalog, moderator), "map.png"),
    ]
    inspector = Inspector(service)
    inspector(planted, {}, {})
    return inspector.leaks


def control_unfinished(service: CampaignService) -> list[Leak]:
    """The read-backs' control check: in the Evening of a day being fought
    (:func:`tests.proofs.readbacks.mid_evening`), its report so far planted in a public
    history's answer and in each fighter's journal — what they answered before issue 31 — and
    the leaks the inspector finds (one for each, if it works)."""
    mid_evening(service)
    day = unfinished(service, FIGHT)
    assert day is not None
    planted = [
        Sent(FIGHT, viewer, READ_BACK, day_report(day.today, viewer))
        for viewer in (PUBLIC, *FIGHTERS)
    ]
    inspector = Inspector(service)
    inspector(planted, {}, {})
    return inspector.leaks


def _run_chunk(args: tuple[list[int], int]) -> tuple[list[Leak], Counter[str], int]:
    return run(*args)


def main(argv: list[str]) -> int:
    """The full form: :data:`CAMPAIGNS` campaigns (or ``argv[0]``), over two processes."""
    count = int(argv[0]) if argv else CAMPAIGNS
    start = time.perf_counter()
    seeds = list(range(1, count + 1))
    chunks = [(seeds[i::PROCESSES], DAYS) for i in range(PROCESSES)]
    with ProcessPoolExecutor(PROCESSES) as pool:
        results = list(pool.map(_run_chunk, chunks))
    leaks = [leak for found, _, _ in results for leak in found]
    counts = sum((c for _, c, _ in results), Counter[str]())
    viewers = sum(v for _, _, v in results)
    sizes = [len(cast(seed, list(catalog().characters))) for seed in seeds]
    caught = _control_caught()
    for leak in leaks[:20]:
        print(f"LEAK {leak.campaign} to {leak.viewer}: {leak.what}\n    {leak.excerpt!r}")
    print(f"figure: campaigns: {count} ({DAYS} days each)")
    print(f"figure: characters range: {min(sizes)}-{max(sizes)}")
    counted = ("messages", "read-backs", "images", "searches", "trades", "hires", "combats")
    for what in (*counted, "decisions"):
        print(f"figure: {what}: {counts[what]}")
    print(f"figure: viewers: {viewers}")
    print(f"figure: leaks: {len(leaks)}")
    print(f"figure: control checks caught the planted secrets: {'yes' if caught else 'NO'}")
    print(f"figure: seconds: {time.perf_counter() - start:.0f}")
    return 0 if not leaks and caught else 1


def _control_caught() -> bool:
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'control.db'}")
        upgrade(engine)
        service = CampaignService(engine, catalog())
        watcher = Watcher(service)
        play(service, watcher, 1, days=1, inspect=lambda *_: None, seen=Counter())
        caught = len({leak.excerpt for leak in control(service, "S1")}) == 3
        caught &= len({leak.viewer for leak in control_unfinished(service)}) == 3
        engine.dispose()
    return caught


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
