"""Combat windows as the service keeps them (issue 14): which stored decisions are combat's, how
many windows a player may miss, the round reports sent between windows, and asking the engine's
decisions, closing a window (defaults taken and told, missed windows counted) and reminding its
silent players (:class:`Windows`). What a window says is :mod:`bot.window_messages`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlmodel import Session

from bot.deadlines import when
from bot.evening_notice import evening_notice
from bot.i18n import _, speaking
from bot.render import render
from bot.round_reports import events_before, round_reports
from bot.sealing import (
    SealedSet,
    new_salt,
    revealed_to,
    sealed_sets,
)
from bot.store import Store, row_id
from bot.terms import term
from bot.window_messages import defaults_notice, reveal_notice, seal_notice, window_message
from bot.wording import pronouns
from db import repo
from db.models import Campaign, PendingDecision, Seat
from rules import (
    CombatId,
    DecisionId,
    GameState,
    Phrase,
    Resolution,
    brief,
    clearing_of,
    in_play,
    is_combat_id,
    window_of,
)
from rules.events import Decision

#: The combat windows a character may let run out in a day before he is no longer asked: his
#: standing orders and the defaults answer for him for the rest of the day.
MISSED_WINDOWS = 2


#: The stages of a day that come before its Evening.
BEFORE_EVENING = ("birdsong", "sunrise", "daylight", "sunset")

#: The point of the day a moderator names to roll combat back to the start of the Evening.
EVENING = "evening"

#: The service's own snapshots that begin a day's timeline: a rollback within the day never
#: reaches back past the last of them.
DAY_STARTS = ("start", "end", "rollback")


def round_points(state: GameState) -> list[str]:
    """The combat rounds ``state`` stands in — one, or one a clearing when they fight at once
    (8.1.3b) — as the points a moderator names to roll back to their start (``round 2 at
    CV5``); none outside combat."""
    evening = state.today.evening
    fights = evening.in_progress() if evening is not None else []
    return [f"round {combat.round} at {combat.clearing}" for combat in fights]


def day_points(
    snapshots: Sequence[tuple[int, str, dict[str, Any]]],
) -> dict[str, tuple[int, dict[str, Any]]]:
    """The points of the day a moderator may roll combat back to, from the day's snapshots
    (id, step, ledger) oldest first: each point's first snapshot since the day's timeline
    began (the last of :data:`DAY_STARTS`), with its ledger, in the order they came."""
    starts = [i for i, (_id, step, _ledger) in enumerate(snapshots) if step in DAY_STARTS]
    points: dict[str, tuple[int, dict[str, Any]]] = {}
    for snapshot_id, _step, ledger in snapshots[starts[-1] + 1 if starts else 0 :]:
        for point in ledger.get("points", []):
            if isinstance(point, str) and point not in points:
                points[point] = (snapshot_id, ledger)
    return points


def closing_time(decisions: Sequence[PendingDecision]) -> datetime | None:
    """When the window of ``decisions`` closes: their latest due time (None without one)."""
    return max((d.due_at for d in decisions if d.due_at is not None), default=None)


#: How long before a combat window closes its silent players are reminded, at most a quarter
#: of the window.
WINDOW_REMINDER = timedelta(hours=1)


def window_reminder_at(campaign: Campaign, waiting: Sequence[PendingDecision]) -> datetime | None:
    """When the silent players of the open combat window are reminded; None if they have
    been, or if no combat window is open."""
    combat = [d for d in waiting if is_combat_id(d.ref) and d.due_at is not None]
    due = closing_time(combat)
    if due is None or campaign.window_reminded == due:
        return None
    asked = min(d.asked_at for d in combat)
    return due - min(WINDOW_REMINDER, (due - asked) / 4)


def window_reminder_due(
    campaign: Campaign, waiting: Sequence[PendingDecision], now: datetime
) -> bool:
    reminder = window_reminder_at(campaign, waiting)
    return reminder is not None and reminder <= now


def declined_before(stored: Sequence[PendingDecision], decision: Decision) -> bool:
    """Whether ``decision`` is the lure of a denizen its player declined — or let its window
    run out on — in an earlier round of the same fight (``stored``: the day's decisions):
    answered no for him, he is not asked again (issue 32: a player is asked only what matters,
    once). A standing ``lure:`` line of his answers before anything is asked."""
    where = decision.where
    if decision.kind != "lure" or not isinstance(where, CombatId):
        return False
    for earlier in stored:
        if earlier.kind != "lure" or earlier.character != decision.character:
            continue
        before = DecisionId.parse(earlier.ref)
        if (
            isinstance(before, CombatId)
            and (before.clearing, before.subject) == (where.clearing, where.subject)
            and before.round < where.round
            and (earlier.answer or earlier.default) == "no"
        ):
            return True
    return False


class Windows:
    """Asking the engine's pending decisions (combat's in windows), and closing and reminding
    combat windows, over the ``store``. It never goes on with the day itself: resolution asks
    (:meth:`ask`) and goes on when nothing is left open (:mod:`bot.resolution`), and whoever
    closes a window (:meth:`close`) then has resolution go on."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def ask(
        self, session: Session, campaign: Campaign, seats: Sequence[Seat], resolution: Resolution
    ) -> int:
        """Ask each player his pending decisions by DM, privately; the channel hears nothing.
        Returns how many decisions are open now: none when every one asked was answered for
        its character, unasked (below), and the day may go on at once.

        The combat rounds finished since the last stop go to their fighters
        (:func:`bot.round_reports.round_reports`), each player's at the head of his next
        window's DM: held (``held_reports``) while the stops ask him nothing, his standing
        orders or earlier answers answering for him (issue 32: one DM a round); alone at once
        if his character is out of play (killed). What is still held when the day ends is
        told by the day's reports.

        A decision is asked once a day: one whose id is stored for the day already (asked
        again by the engine because it was still open when the day went on) gets no second
        row and no second DM. Combat decisions come in windows (:func:`window_of`): one DM per
        player, with what he needs to decide (:func:`brief`); a character who has missed two
        windows today is not asked, his standing orders and the defaults answering for him.
        What is asked at one stop is open for the longest hours of its windows, and closes
        together: one window, or, when clearings fight at once (8.1.3b), one for each. The
        first windows of a day's Evening tell the channel when it is expected to end
        (:mod:`bot.evening_notice`)."""
        store = self.store
        points = round_points(resolution.state)
        store.snapshot(session, campaign, resolution.state, "pending", points=points)
        out = store.outbox(session, campaign)
        reports: dict[str, str] = dict(campaign.held_reports)
        for player, report in round_reports(
            resolution, seats, events_before(session, campaign, resolution), out.language
        ):
            reports[player] = f"{reports[player]}\n\n{report}" if player in reports else report
        settings = store.settings(campaign)
        now = store.clock()
        stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        asked = {d.ref for d in stored}
        missed = campaign.missed_windows if campaign.missed_day == campaign.day else {}
        new: list[Decision] = []
        for decision in resolution.pending:
            if decision.id not in asked:
                asked.add(decision.id)
                new.append(decision)
        hours = max((settings.window_hours(window_of(d)) for d in new), default=0.0)
        due = now + timedelta(hours=hours)
        windows: dict[tuple[str, str], list[Decision]] = {}
        defaulted: list[str] = []
        salts: dict[str, str] = {}
        for decision in new:
            window = window_of(decision)
            row = repo.add_decision(
                session,
                campaign_id=row_id(campaign),
                day=campaign.day,
                ref=decision.id,
                character=decision.character,
                kind=decision.kind,
                prompt=decision.prompt.dumps(),
                options=list(decision.options),
                default=decision.default,
                asked_at=now,
                due_at=due,
                salt=salts.setdefault(decision.character, new_salt()),
            )
            if declined_before(stored, decision):
                assert row.id is not None
                repo.answer_decision(session, decision_id=row.id, answer="no")
                continue
            if window is not None and missed.get(decision.character, 0) >= MISSED_WINDOWS:
                assert row.id is not None
                repo.answer_decision(session, decision_id=row.id, answer=decision.default)
                defaulted.append(decision.id)
                continue
            seat = next(s for s in seats if s.character == decision.character)
            if window is not None:
                windows.setdefault((seat.player, decision.character), []).append(decision)
                continue
            out.dm(
                seat.player,
                partial(
                    render,
                    "messages/decision.txt.j2",
                    campaign=campaign,
                    decision=decision,
                    due=due,
                ),
            )
        if windows and campaign.evening_noticed != campaign.day:
            out.channel(lambda: evening_notice(campaign, resolution.state, due, settings))
            campaign.evening_noticed = campaign.day
        for (player, character), decisions in windows.items():
            with speaking(out.language(player)):
                kinds = " and ".join(dict.fromkeys(str(window_of(d)) for d in decisions))
                where = clearing_of(decisions[0].id)
                lines = brief(store.catalog, resolution.state, character, where, decisions)
                text = window_message(campaign, character, kinds, due, lines, decisions, settings)
            if player in reports:
                text = f"{reports.pop(player)}\n\n{text}"
            out.dm(player, text)
        playing = {s.player for s in seats if in_play(resolution.state, s.character)}
        for player in list(reports):
            if player not in playing:  # killed, or out of the game: his fight's last rounds
                out.dm(player, reports.pop(player))
        campaign.held_reports = reports
        if defaulted:
            campaign.defaulted = [*campaign.defaulted, *defaulted]
        return len(repo.open_decisions(session, campaign_id=row_id(campaign)))

    def seal(self, session: Session, campaign: Campaign, due: datetime | None) -> list[SealedSet]:
        """With the campaign's ``seal_hashes`` setting, tell the players of the combat window
        closing at ``due``, by DM before its reveal, the tag of each sealed set
        (:func:`seal_notice`). Returns the sets sealed, as they are now, for the reveal once
        the round is resolved (:meth:`reveal`); none without the setting."""
        if not self.store.settings(campaign).seal_hashes or due is None:
            return []
        stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        window = [d for d in stored if is_combat_id(d.ref) and d.due_at == due]
        if not window:
            return []
        sets = sealed_sets(window)
        players = {d.character for d in window}
        for seat in self.store.seats(session, campaign):
            if seat.character in players:
                self.store.outbox(session, campaign).dm(seat.player, partial(seal_notice, sets))
        return sets

    def reveal(self, session: Session, campaign: Campaign, sets: Sequence[SealedSet]) -> None:
        """Reveal the ``sets`` a window sealed (:meth:`seal`), once the round they were played
        in is resolved: each of their players is sent, by DM, the sets of his clearing
        (:func:`~bot.sealing.revealed_to`), each tag with its salt and the text it is the
        digest of (:func:`reveal_notice`)."""
        players = {s.character for s in sets}
        for seat in self.store.seats(session, campaign):
            if seat.character in players:
                shown = revealed_to(sets, seat.character)
                self.store.outbox(session, campaign).dm(
                    seat.player, partial(reveal_notice, campaign, shown)
                )

    def close(
        self, session: Session, campaign: Campaign, waiting: Sequence[PendingDecision]
    ) -> list[SealedSet]:
        """The open decisions take their defaults, which the window's players are told, each
        marked "(default)" (a decision asked in a turn, its player alone,
        :meth:`_tell_defaulted`); the caller then has the day go on, and reveals the sets returned
        (:meth:`seal`: none without ``seal_hashes``). A character who let a
        combat window run out has missed it; at his second of the day his standing orders and
        the defaults answer for him for the rest of the day, unasked, and the moderators (not
        the public) are told."""
        store = self.store
        missed = dict(campaign.missed_windows) if campaign.missed_day == campaign.day else {}
        for character in sorted({d.character for d in waiting if is_combat_id(d.ref)}):
            missed[character] = missed.get(character, 0) + 1
            if missed[character] == MISSED_WINDOWS:
                told = partial(_missed_notice, campaign.name, campaign.day, character)
                store.outbox(session, campaign).moderators_only(told)
        late = [d.ref for d in waiting if is_combat_id(d.ref)]
        before = campaign.defaulted if campaign.missed_day == campaign.day else []
        campaign.missed_day, campaign.missed_windows = campaign.day, missed
        campaign.defaulted = before + late
        notice = defaults_notice(waiting)
        due = closing_time(waiting)
        sets = self.seal(session, campaign, due)
        stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        players = {d.character for d in stored if is_combat_id(d.ref) and d.due_at == due}
        for seat in store.seats(session, campaign):
            if notice is not None and seat.character in players:
                store.outbox(session, campaign).dm(seat.player, partial(_defaults, waiting))
        for decision in waiting:
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=decision.default)
        self._tell_defaulted(session, campaign, [d for d in waiting if not is_combat_id(d.ref)])
        return sets

    def _tell_defaulted(
        self, session: Session, campaign: Campaign, defaulted: Sequence[PendingDecision]
    ) -> None:
        """Tell each player, by DM, the decisions asked in a turn (not combat's, which the
        window's notice tells) whose time ran out, and the default each takes."""
        players = {s.character: s.player for s in self.store.seats(session, campaign)}
        for decision in defaulted:
            player = players.get(decision.character)
            if player is not None:
                self.store.outbox(session, campaign).dm(
                    player,
                    partial(
                        render,
                        "messages/decision_defaulted.txt.j2",
                        campaign=campaign,
                        decision=decision,
                        prompt=Phrase.loads(decision.prompt),
                    ),
                )

    def remind(
        self, session: Session, campaign: Campaign, waiting: Sequence[PendingDecision]
    ) -> None:
        """Remind each player with an unanswered combat decision, once a window."""
        due = closing_time(waiting)
        assert due is not None, "a window is reminded before it closes"
        silent = {d.character for d in waiting if is_combat_id(d.ref)}
        for seat in self.store.seats(session, campaign):
            if seat.character in silent:
                self.store.outbox(session, campaign).dm(
                    seat.player,
                    lambda: (
                        _(
                            "%(campaign)s: your combat window closes %(due)s UTC; what you have "
                            "not answered will take its default."
                        )
                        % {"campaign": campaign.name, "due": when(due)}
                    ),
                )
        campaign.window_reminded = due


def _missed_notice(campaign: str, day: int, character: str) -> str:
    """The moderators' notice that ``character`` missed his second combat window of the day."""
    said = pronouns(character)
    return _(
        "%(campaign)s, day %(day)s: the %(character)s missed %(count)s combat windows; "
        "%(his)s standing orders and the defaults answer for %(him)s for the rest of the day."
    ) % {
        "campaign": campaign,
        "day": day,
        "character": term(character),
        "count": MISSED_WINDOWS,
        "his": said.his,
        "him": said.him,
    }


def _defaults(waiting: Sequence[PendingDecision]) -> str:
    """The notice of the defaults ``waiting`` took (:func:`defaults_notice`), which has one."""
    notice = defaults_notice(waiting)
    assert notice is not None, "told only where the window had decisions"
    return notice
