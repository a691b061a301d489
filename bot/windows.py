"""Combat windows as the service keeps them (issue 14): which stored decisions are combat's, how
many windows a player may miss, the DM that opens a window, the round reports sent between
windows, and closing a window (defaults taken and told, missed windows counted) and reminding
its silent players (:class:`Windows`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlmodel import Session

from bot.campaign_settings import CampaignSettings
from bot.campaigns import CampaignBase, Reply, row_id
from bot.evening_report import rounds_report
from bot.render import render
from db import repo
from db.models import Campaign, PendingDecision, Seat
from rules import Resolution, visible_to
from rules.evening.answers import is_combat_id
from rules.evening.windows import KEY_OF
from rules.events import Decision

#: The combat windows a character may let run out in a day before he is no longer asked: his
#: standing orders and the defaults answer for him for the rest of the day.
MISSED_WINDOWS = 2


#: How long before a combat window closes its silent players are reminded, at most a quarter
#: of the window.
WINDOW_REMINDER = timedelta(hours=1)


def window_reminder_at(
    settings: CampaignSettings, waiting: Sequence[PendingDecision]
) -> datetime | None:
    """When the silent players of the open combat window are reminded; None if they have
    been, or if no combat window is open."""
    combat = [d for d in waiting if is_combat_id(d.ref) and d.due_at is not None]
    if not combat:
        return None
    due = max(d.due_at for d in combat if d.due_at is not None)
    if settings.window_reminded == due.isoformat():
        return None
    asked = min(d.asked_at for d in combat)
    return due - min(WINDOW_REMINDER, (due - asked) / 4)


def window_reminder_due(
    settings: CampaignSettings, waiting: Sequence[PendingDecision], now: datetime
) -> bool:
    reminder = window_reminder_at(settings, waiting)
    return reminder is not None and reminder <= now


def window_message(
    campaign: Campaign,
    character: str,
    window: str,
    due: datetime,
    brief: Sequence[str],
    decisions: Sequence[Decision],
) -> str:
    """The DM that opens ``window`` for ``character``: what he needs to know, each decision
    with its options and default, and how to answer."""
    return render(
        "messages/combat_window.txt.j2",
        campaign=campaign,
        character=character,
        window=window,
        due=due,
        brief=brief,
        decisions=decisions,
        keys=KEY_OF,
    )


def round_reports(resolution: Resolution, seats: Sequence[Seat]) -> list[tuple[str, str]]:
    """The combat rounds a resolution finished, for the fight's players by DM before their next
    window (issue 14): (player, report) for each seat whose character takes part in the fight
    now waiting or has a decision in it, each seeing only what his character may."""
    evening = resolution.state.today.evening
    combat = evening.combat if evening is not None else None
    fighting = set(combat.participants) if combat is not None else set()
    fighting |= {d.character for d in resolution.pending}
    reports = []
    for seat in seats:
        if seat.character not in fighting:
            continue
        text = rounds_report(visible_to(resolution.events, seat.character))
        if text is not None:
            reports.append((seat.player, text))
    return reports


#: The decisions a character makes for one of his hirelings: the hireling is the id's ``who``.
HIRELING_KINDS = ("hireling_lure", "deploy", "hireling_target")


def decision_label(kind: str, ref: str) -> str:
    """A stored decision as a player reads it: its kind and what it is about (``lure Giant 1``,
    ``deploy Company 1``, ``attack``)."""
    parts = ref.split("/", 5)
    about = parts[4] if kind in HIRELING_KINDS else "/".join(parts[5:])
    return f"{kind} {about}".strip()


def defaults_notice(waiting: Sequence[PendingDecision]) -> str | None:
    """The combat decisions a closing window leaves to their defaults, for the window's players
    (each answer marked "(default)"); None when it leaves none."""
    lines = [
        f"the {d.character}'s {decision_label(d.kind, d.ref)}: {d.default} (default)"
        for d in waiting
        if is_combat_id(d.ref)
    ]
    return "The window closed; not answered in time:\n" + "\n".join(lines) if lines else None


class Windows(CampaignBase):
    """Closing and reminding combat windows, for resolution (:class:`bot.resolution.Resolver`),
    which resumes the day (:meth:`_continue`)."""

    def _continue(self, session: Session, campaign: Campaign) -> Reply:
        raise NotImplementedError

    def _close_window(
        self, session: Session, campaign: Campaign, waiting: Sequence[PendingDecision]
    ) -> None:
        """The open decisions take their defaults, which the window's players are told, each
        marked "(default)", and the day goes on. A character who let a
        combat window run out has missed it; at his second of the day his standing orders and
        the defaults answer for him for the rest of the day, unasked, and the moderators (not
        the public) are told."""
        settings = self._settings(campaign)
        missed = dict(settings.missed_windows) if settings.missed_day == campaign.day else {}
        for character in sorted({d.character for d in waiting if is_combat_id(d.ref)}):
            missed[character] = missed.get(character, 0) + 1
            if missed[character] == MISSED_WINDOWS:
                self._outbox(session, campaign).moderators(
                    f"{campaign.name}, day {campaign.day}: the {character} missed "
                    f"{MISSED_WINDOWS} combat windows; his standing orders and the defaults "
                    "answer for him for the rest of the day."
                )
        late = [d.ref for d in waiting if is_combat_id(d.ref)]
        before = settings.defaulted if settings.missed_day == campaign.day else []
        update = {"missed_day": campaign.day, "missed_windows": missed, "defaulted": before + late}
        campaign.options = settings.model_copy(update=update).stored()
        notice = defaults_notice(waiting)
        due = max((d.due_at for d in waiting if d.due_at is not None), default=None)
        stored = repo.list_decisions(session, campaign_id=row_id(campaign), day=campaign.day)
        players = {d.character for d in stored if is_combat_id(d.ref) and d.due_at == due}
        for seat in self._seats(session, campaign):
            if notice is not None and seat.character in players:
                self._outbox(session, campaign).dm(seat.player, notice)
        for decision in waiting:
            assert decision.id is not None
            repo.answer_decision(session, decision_id=decision.id, answer=decision.default)
        self._continue(session, campaign)

    def _remind_window(
        self, session: Session, campaign: Campaign, waiting: Sequence[PendingDecision]
    ) -> None:
        """Remind each player with an unanswered combat decision, once a window."""
        due = max(d.due_at for d in waiting if d.due_at is not None)
        silent = {d.character for d in waiting if is_combat_id(d.ref)}
        for seat in self._seats(session, campaign):
            if seat.character in silent:
                self._outbox(session, campaign).dm(
                    seat.player,
                    f"{campaign.name}: your combat window closes {due:%Y-%m-%d %H:%M} UTC; "
                    "what you have not answered will take its default.",
                )
        update = {"window_reminded": due.isoformat()}
        campaign.options = self._settings(campaign).model_copy(update=update).stored()
