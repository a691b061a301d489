"""The final report reads only the events it needs from the archive (issue 31, the month's
benchmark: :func:`bot.final_report.final_events`): the report made from those alone is the report
made from every event, and the archive reads back only those types, in order."""

from __future__ import annotations

from bot.archive import every_day
from bot.final_report import final_events, final_report
from bot.service import CampaignService
from db import event_log
from db.engine import session_scope
from rules.catalog import catalog
from rules.events import Event
from rules.events.daylight import Moved, Unhidden
from rules.events.end import Restarted, Scored, Suicided, Victor, VictoryRevealed
from rules.events.evening import Killed
from rules.events.search import Looked, Teleported
from rules.phrases import Phrase
from tests.rules.games import fresh

#: A month's worth of what the final report reads, among events it does not read.
DAYS: list[tuple[int, list[Event]]] = [
    (
        1,
        [
            Unhidden(who="Amazon", reason=Phrase.read("moved")),
            Moved(who="Amazon", from_="AV5", to="AV2"),
            Looked(recipients=("Elf",), who="Elf", tile="AV", chits=()),
            Killed(who="Wolf 1", by="Amazon", at="AV2", round=1),
        ],
    ),
    (2, [Teleported(who="Elf", from_="AV5", to="BL6"), Killed(who="Elf", by="Giant 1", at="BL6")]),
    (3, [Restarted(who="Black Knight", old="Elf", at="AV5"), Suicided(who="Amazon", at="AV2")]),
    (
        4,
        [
            VictoryRevealed(
                who="Black Knight", great_treasures=1, spells=0, fame=2, notoriety=1, gold=1
            ),
            Scored(
                who="Black Knight", fame=-20, basic=-20, bonus=0, total=-20, won=False, dead=False
            ),
            Victor(who=("Black Knight",), total=-20, winners=()),
        ],
    ),
]


def test_the_final_report_made_from_its_events_alone_is_the_one_made_from_every_event() -> None:
    state = fresh(7, ("Amazon", "Elf"))
    wanted = final_events()
    kept = [(day, [e for e in events if e.type in wanted]) for day, events in DAYS]
    assert sum(map(len, (e for _, e in kept))) < sum(map(len, (e for _, e in DAYS)))
    everything = final_report(catalog(), "Test", state, state, DAYS)
    assert final_report(catalog(), "Test", state, state, kept) == everything
    assert "Black Knight" in everything.text and len(everything.images) > 1


def test_the_archive_reads_back_only_the_types_asked_for_in_order(service: CampaignService) -> None:
    service.campaigns.create("Test", moderator="gm", seed=7)
    with session_scope(service.engine) as session:
        for day, events in DAYS:
            event_log.save_events(session, campaign_id=1, day=day, events=events)
    with session_scope(service.engine) as session:
        read = every_day(session, 1, 4, types=final_events())
        whole = every_day(session, 1, 4)
    assert whole == DAYS
    assert read == [(day, [e for e in events if e.type in final_events()]) for day, events in DAYS]
