"""The Evening's pace (issue 32): how much a campaign played by DM asks of its players.

A seeded 28-day campaign of six characters waits for decisions (``wait_for_decisions``, combat
by DM): each day every player sends the autopilot's orders for his character — its phases and
his trade and hire lines, but no standing combat instructions, so that every choice of combat is
his to make by DM — and answers every window and decision the moment it is asked, each with its
default. Everything the service sends is taken as a transport would (:class:`Watcher`). Reported:

- the DMs each player gets a day (the messages the service sends him, not its replies to what he
  sent), median and max over the days he plays;
- the windows a player is asked in a combat round (the distinct windows holding a decision of his
  for that clearing and round), median and max over the rounds he is asked in;
- the hours a round would wait, and a whole Evening, if nobody answered: the sum of the lengths
  (due minus asked) of the windows it opens, at the campaign's default window lengths;

against the issue's goals: a median of at most 4 DMs a player a day; a median of one window a
player a round, never more than two; a round waiting at most two windows (two hours at the
defaults). A measurement, never an assertion: ``python -m tests.bench_pace [--seed N]``;
``make bench`` runs it too. The workload is checked: the campaign must fight (some rounds must
ask), or the benchmark stops.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import get_args

from bot.catalog_cache import cache_dir
from bot.service import CampaignService
from db import repo
from db.engine import make_engine, session_scope
from db.fresh import migrated_copy
from db.models import PendingDecision
from rules.autopilot import autopilot_orders
from rules.catalog import catalog
from rules.day.leaving import in_play
from rules.decisions import CombatId, DecisionId, is_combat_id
from rules.decisions.kinds import CombatKey
from tests.proofs.autoplay import latest_state
from tests.proofs.watcher import Watcher

NAME = "Pace"
MODERATOR = "gm"
CHARACTERS = 6
DAYS = 28
SEED = 4
#: The issue's goals.
DMS_GOAL = 4
WINDOWS_GOAL = 1
WINDOWS_MAX = 2
ROUND_WINDOWS_MAX = 2
#: The most stops a day may take before the benchmark gives up on it.
MAX_STOPS = 2000


@dataclass
class Pace:
    """What the campaign asked: DMs by (player, day); the windows (their due times) by
    (character, day, clearing, round); the windows' lengths in hours by day, clearing and
    round, each window counted once."""

    dms: dict[tuple[str, int], int] = field(default_factory=lambda: defaultdict(int))
    windows: dict[tuple[str, int, str, int], set[datetime]] = field(
        default_factory=lambda: defaultdict(set)
    )
    round_windows: dict[tuple[int, str, int], dict[datetime, float]] = field(
        default_factory=lambda: defaultdict(dict)
    )
    evening_windows: dict[int, dict[datetime, float]] = field(
        default_factory=lambda: defaultdict(dict)
    )
    decisions: int = 0
    days: int = 0


def play(seed: int = SEED, days: int = DAYS, characters: int = CHARACTERS) -> Pace:
    """Play the campaign and count what it asked (see the module's docstring)."""
    data = catalog()
    cast = random.Random(seed).sample(sorted(data.characters), characters)
    pace = Pace()
    with tempfile.TemporaryDirectory(prefix="realmbot-pace-") as folder:
        database = Path(folder) / "pace.db"
        migrated_copy(database, cache_dir())
        service = CampaignService(make_engine(f"sqlite:///{database}"), data)
        watcher = Watcher(service)
        service.campaigns.create(
            NAME, moderator=MODERATOR, seed=seed, options={"wait_for_decisions": True}
        )
        players = {}
        for number, character in enumerate(cast):
            player = f"p{number}"
            service.campaigns.join(NAME, player=player, player_name=player, character=character)
            watcher.seat(NAME, player, character)
            players[character] = player
        service.campaigns.start(NAME, moderator=MODERATOR)
        watcher.drain()
        for day in range(1, days + 1):
            if service.campaigns.campaign(NAME).status != "running":
                break
            state = latest_state(service, NAME)
            playing = [c for c in cast if in_play(state, c)]
            for character in playing:
                text = autopilot_orders(state, character, catalog=data)
                phases, _, rest = text.partition("\n")
                kept = [line for line in rest.splitlines() if not _combat_line(line)]
                service.players.submit_orders(
                    NAME, player=players[character], text="\n".join([phases, *kept])
                )
                pace.dms[(players[character], day)] += 0  # a day he plays, DMs or not
            _count(pace, watcher, day)
            service.resolver.resolve_day(NAME, day=day, moderator=MODERATOR)
            _count(pace, watcher, day)
            _answer_all(service, watcher, pace, players, day)
            pace.days = day
    return pace


#: The keys of standing combat instructions (pbem-combat §3), which the players leave out, and
#: the ``round N:`` that scripts one of them for a round.
_COMBAT_KEYS = (*get_args(CombatKey), "round")


def _combat_line(line: str) -> bool:
    return line.split(":", 1)[0].strip().casefold().startswith(_COMBAT_KEYS)


def _count(pace: Pace, watcher: Watcher, day: int) -> None:
    """Count the DMs sent since the last count, as the day's of their players."""
    players = {character: player for (_, player), character in watcher.seats.items()}
    for sent in watcher.drain():
        if sent.how == "dm" and sent.viewer in players:
            pace.dms[(players[sent.viewer], day)] += 1


def _answer_all(
    service: CampaignService,
    watcher: Watcher,
    pace: Pace,
    players: dict[str, str],
    day: int,
) -> None:
    """Answer every stop of the day as it comes, each decision with its default."""
    for _ in range(MAX_STOPS):
        with session_scope(service.engine) as session:
            campaign = repo.get_campaign(session, name=NAME)
            assert campaign is not None and campaign.id is not None
            waiting = repo.open_decisions(session, campaign_id=campaign.id)
            for decision in waiting:
                session.expunge(decision)
        if not waiting:
            return
        pace.decisions += len(waiting)
        _note_windows(pace, waiting, day)
        combat = [d for d in waiting if is_combat_id(d.ref)]
        if not combat:
            decision = waiting[0]
            service.resolver.answer(
                NAME, player=players[decision.character], answer=decision.default
            )
        else:
            for character in sorted({d.character for d in combat}):
                mine = [d for d in combat if d.character == character]
                for index, decision in enumerate(mine):
                    service.plays.answer_window_choice(
                        NAME,
                        player=players[character],
                        index=index,
                        offered=tuple(decision.options),
                        choice=decision.default,
                    )
        _count(pace, watcher, day)
    raise RuntimeError(f"day {day} did not end after {MAX_STOPS} stops")


def _note_windows(pace: Pace, waiting: Sequence[PendingDecision], day: int) -> None:
    """Record the combat windows among the open decisions: each player's, each round's and the
    Evening's, a window being the decisions due at the same time."""
    for decision in waiting:
        where = DecisionId.parse(decision.ref)
        if not isinstance(where, CombatId) or decision.due_at is None:
            continue
        hours = (decision.due_at - decision.asked_at).total_seconds() / 3600
        key = (day, where.clearing, where.round)
        pace.windows[(decision.character, *key)].add(decision.due_at)
        pace.round_windows[key][decision.due_at] = hours
        pace.evening_windows[day][decision.due_at] = hours


def report(pace: Pace) -> list[str]:
    """The figures against the goals, as lines."""
    dms = list(pace.dms.values())
    windows = [len(due) for due in pace.windows.values()]
    round_counts = [len(w) for w in pace.round_windows.values()]
    round_hours = [sum(w.values()) for w in pace.round_windows.values()]
    evening_hours = [sum(w.values()) for w in pace.evening_windows.values()]
    if not windows:
        raise RuntimeError("the campaign asked no combat window: not the workload")

    def verdict(ok: bool) -> str:
        return "meets" if ok else "OVER"

    dm_median = statistics.median(dms)
    window_median = statistics.median(windows)
    return [
        f"pace: {CHARACTERS} characters, {pace.days} days, every window answered at once with "
        f"its defaults ({pace.decisions} decisions asked, {len(round_counts)} combat rounds asked)",
        f"DMs a player a day: median {dm_median:g}, max {max(dms)} "
        f"(goal: median <= {DMS_GOAL}: {verdict(dm_median <= DMS_GOAL)})",
        f"windows a player a round: median {window_median:g}, max {max(windows)} "
        f"(goal: median {WINDOWS_GOAL}, never over {WINDOWS_MAX}: "
        f"{verdict(window_median <= WINDOWS_GOAL and max(windows) <= WINDOWS_MAX)})",
        f"windows a round: median {statistics.median(round_counts):g}, max {max(round_counts)} "
        f"(goal: at most {ROUND_WINDOWS_MAX}: {verdict(max(round_counts) <= ROUND_WINDOWS_MAX)})",
        f"hours a round waits, nobody answering: median {statistics.median(round_hours):g}, "
        f"max {max(round_hours):g} (goal: two hours: {verdict(max(round_hours) <= 2)})",
        f"hours an Evening waits, nobody answering: median "
        f"{statistics.median(evening_hours):g}, max {max(evening_hours):g}",
    ]


def pace_benchmark(seed: int = SEED, days: int = DAYS) -> None:
    """Play the campaign and print the figures against the goals."""
    for line in report(play(seed, days)):
        print(line)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_pace", description=__doc__)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--days", type=int, default=DAYS)
    args = parser.parse_args(argv)
    pace_benchmark(args.seed, args.days)


if __name__ == "__main__":
    main()
