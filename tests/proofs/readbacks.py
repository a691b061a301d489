"""The read-back commands, for the secrecy suite (issue 31): what anyone may ask of a campaign's
past — ``history`` (the public report, asked by anyone, and shared by a player), each player's
``journal`` and ``sheet``, another's sheet (``view sheet``, the moderators'), the status and
each viewer's map — asked through the inbox as a door asks, while a day is being resolved.

:func:`read_back` asks them all, for every day up to the current one, and files each answer (or
refusal) as a :class:`~tests.proofs.watcher.Sent` of kind :data:`READ_BACK` under the viewer
who reads it; :func:`unfinished` gives what such an answer must not hold while the day is
unfinished (:meth:`Unfinished.lines`): the lines of the day's report so far, as the viewer
would read them, that no published day's report of his has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.campaigns import published
from bot.i18n import speaking
from bot.inbox import Option, Request, take
from bot.reports import day_report
from bot.service import CampaignService, RequestError
from db import event_log, repo
from db.engine import session_scope
from rules.events import Event
from rules.state import GameState
from rules.view import PUBLIC
from tests.fights import quiet_plays, stage_giant_fight
from tests.proofs.watcher import Sent

#: The kind of a read-back's answer among the messages the suite inspects.
READ_BACK = "read-back"
#: Who asks for the public reports: a member of the server without a seat.
OUTSIDER = "outsider"


def _ask(service: CampaignService, command: str, name: str, sender: str, **options: Option) -> str:
    """The text of the inbox's answer to ``command``, or of its refusal."""
    try:
        return take(service, Request(command, name, sender, options=options)).text
    except RequestError as refusal:
        return str(refusal)


def read_back(
    service: CampaignService,
    name: str,
    players: dict[str, str],
    *,
    maps: bool = True,
    language: Callable[[str], str] = lambda viewer: "en",
) -> list[Sent]:
    """Every read-back command about campaign ``name`` (``players``: each character's player),
    for every day up to the current one, answered as each asker reads it (in the ``language``
    of each viewer: the inbox answers each in his); the maps only with ``maps`` (each costs a
    drawing, and the inspector another)."""
    day = service.campaigns.campaign(name).day
    public = language(PUBLIC)
    status = _ask(service, "status", name, OUTSIDER)
    found = [Sent(name, PUBLIC, READ_BACK, status, language=public)]
    if maps:
        with speaking(public):  # as the inbox answers an outsider: in the campaign's language
            image = service.campaigns.map_image(name)
        found.append(Sent(name, PUBLIC, READ_BACK, "", image, language=public))
    for past in range(1, day + 1):
        told = _ask(service, "history", name, OUTSIDER, day=past)
        found.append(Sent(name, PUBLIC, READ_BACK, told, language=public))
    characters = sorted(players)
    for index, character in enumerate(characters):
        player = players[character]
        other = characters[(index + 1) % len(characters)]
        asked = [_ask(service, "sheet", name, player)]
        asked.append(_ask(service, "view sheet", name, player, character=other))
        for past in range(1, day + 1):
            asked.append(_ask(service, "journal", name, player, day=past))
        reads = language(character)
        found += [Sent(name, character, READ_BACK, text, language=reads) for text in asked]
        if maps:
            with speaking(reads):
                image = service.campaigns.map_image(name, player=player)
            found.append(Sent(name, character, READ_BACK, "", image, language=reads))
    return found


@dataclass(frozen=True)
class Unfinished:
    """The day of a campaign being resolved: its events so far, and every published day's."""

    today: list[Event]
    before: list[list[Event]]

    def lines(self, viewer: str) -> set[str]:
        """The lines of the day's report so far, as ``viewer`` reads it, that no published
        day's report of his has."""
        today = _lines(self.today, viewer)
        for events in self.before:
            today -= _lines(events, viewer)
        return today


def unfinished(service: CampaignService, name: str, guild: str | None = None) -> Unfinished | None:
    """The day of campaign ``name`` (a Discord campaign's in ``guild``) being resolved (a
    decision open, its report not out), or None."""
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=name, guild=guild)
        assert campaign is not None and campaign.id is not None
        if published(campaign, campaign.day) or not repo.open_decisions(
            session, campaign_id=campaign.id
        ):
            return None
        days = [
            [
                event_log.as_event(r)
                for r in event_log.list_events(session, campaign_id=campaign.id, day=d)
            ]
            for d in range(1, campaign.day + 1)
        ]
    return Unfinished(days[-1], days[:-1])


def _lines(events: list[Event], viewer: str) -> set[str]:
    return {line.strip() for line in day_report(events, viewer).splitlines() if line.strip()}


#: The staged fight's campaign, and its characters' players.
FIGHT = "Fight"
FIGHTERS = {"Amazon": "p1", "Black Knight": "p2"}


def mid_evening(service: CampaignService) -> None:
    """Campaign :data:`FIGHT`, waiting for decisions, stopped in the Evening of its first day:
    the Amazon and the Black Knight against a Giant (:func:`tests.fights.stage_giant_fight`),
    its first round fought (both played quietly) and the next round's window open."""
    service.campaigns.create(FIGHT, moderator="gm", seed=7, options={"wait_for_decisions": True})
    for character, player in FIGHTERS.items():
        service.campaigns.join(FIGHT, player=player, player_name=player, character=character)
    service.campaigns.start(FIGHT, moderator="gm")
    first, second = FIGHTERS
    stage_giant_fight(service.engine, service.campaigns.campaign(FIGHT).id or 0, first, second)
    for player in FIGHTERS.values():
        service.players.submit_orders(FIGHT, player=player, text="R")
    service.resolver.resolve_day(FIGHT, day=1, moderator="gm")
    for _ in range(20):
        with session_scope(service.engine) as session:
            campaign = repo.get_campaign(session, name=FIGHT)
            assert campaign is not None and campaign.id is not None
            waiting = repo.open_decisions(session, campaign_id=campaign.id)
            snapshot = repo.latest_snapshot(session, campaign_id=campaign.id)
            assert snapshot is not None
        evening = GameState.from_json(snapshot.state).today.evening
        fought = evening.combat.round if evening is not None and evening.combat else 0
        if waiting and fought >= 2:
            return
        for character, player in FIGHTERS.items():
            plays = quiet_plays({d.kind for d in waiting if d.character == character})
            if plays is not None:
                service.plays.answer_plays(FIGHT, player=player, text=plays)
    raise AssertionError("the fight's second round never opened")
