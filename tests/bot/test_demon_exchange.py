"""Ask Demon's question and answer relayed between the two players (issue 34, L4953), at the
service through the one inbox: who may ask and answer, what is sent to whom, the deadline, the
moderators' reading, the reminders, and every refusal changing nothing.

The cast is the engine's private ``asked_demon`` event, stored as a resolution stores it: the
Witch (p1) asks the Dwarf (p2); the Amazon (p3) is the third player. The SimCord and
local-transport tests (tests/bot/discord/test_ask_demon.py, tests/test_cli_spell_questions.py)
play the cast itself."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.demon_exchange import LIMIT
from bot.discord.decisions import read_decision
from bot.discord.demon import demon_action
from bot.discord.outgoing import shown
from bot.discord.plays import read_window
from bot.inbox import Request, read_message, take
from bot.service import CampaignService, RequestError
from db import event_log, exchanges, repo
from db.engine import session_scope
from db.models import DemonExchange
from rules.events.casting import AskedDemon

SEATS = (("p1", "Witch"), ("p2", "Dwarf"), ("p3", "Amazon"))


@pytest.fixture
def cast(service: CampaignService) -> CampaignService:
    """Test running on day 1 with its three players, the Witch having cast Ask Demon at the
    Dwarf's player (the event stored)."""
    service.campaigns.create("Test", moderator="gm", seed=3)
    for player, character in SEATS:
        service.campaigns.join("Test", player=player, player_name=player, character=character)
    service.campaigns.start("Test", moderator="gm")
    service.campaigns.create("Other", moderator="gm", seed=4)
    service.campaigns.join("Other", player="q1", player_name="q1", character="Amazon")
    service.campaigns.start("Other", moderator="gm")
    store_cast(service, day=1)
    return service


def store_cast(
    service: CampaignService, *, day: int, who: str = "Witch", of: str = "Dwarf"
) -> None:
    event = AskedDemon(recipients=(who, of), who=who, of=of)
    with session_scope(service.engine) as session:
        event_log.save_events(session, campaign_id=1, day=day, events=[event])


def set_day(service: CampaignService, day: int) -> None:
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name="Test")
        assert campaign is not None
        campaign.day = day


def send(service: CampaignService, sender: str, content: str) -> str:
    """A DM from ``sender`` read as the inbox reads one, and the reply."""
    message = read_message(content)
    assert message is not None and message.campaign is not None
    return take(service, message.request(message.campaign, sender)).text


def rows(service: CampaignService) -> list[DemonExchange]:
    with session_scope(service.engine) as session:
        found = list(session.exec(select(DemonExchange)))
        for row in found:
            session.expunge(row)
        return found


def test_the_question_and_its_answer_reach_the_two_players_only(cast: CampaignService) -> None:
    before = {m.id for m in cast.store.undelivered(1000)}
    echo = send(cast, "p1", "ask Test\nIs your Great Axe active?\nAnd your Helmet?")
    assert "sent to the Dwarf's player, privately" in echo
    new = [m for m in cast.store.undelivered(1000) if m.id not in before]
    assert [(m.kind, m.to) for m in new] == [("dm", "p2")], "to the Dwarf's player alone"
    question = new[0].content
    assert question.startswith("Test: by Ask Demon (L4953) the Witch asks the Dwarf one question")
    assert "> Is your Great Axe active?\n> And your Helmet?\n" in question
    assert "`answer-demon Test`" in question and "by the orders deadline of day 2" in question
    before |= {m.id for m in new}
    echo = send(cast, "p2", "answer-demon Test\nyes")
    assert "sent to the Witch's player, privately" in echo
    new = [m for m in cast.store.undelivered(1000) if m.id not in before]
    assert [(m.kind, m.to) for m in new] == [("dm", "p1")]
    assert "the Dwarf answers the question you asked by Ask Demon" in new[0].content
    assert "> Is your Great Axe active?" in new[0].content and "Answer:\n> yes" in new[0].content
    (row,) = rows(cast)
    assert (row.day, row.caster, row.asked, row.answer) == (1, "Witch", "Dwarf", "yes")
    others = [m for m in cast.store.undelivered(1000) if m.to not in ("p1", "p2")]
    assert not [m for m in others if "Great Axe" in m.content or "Ask Demon" in m.content]


def test_the_moderators_read_the_exchanges_and_their_reading_is_logged(
    cast: CampaignService,
) -> None:
    send(cast, "p1", "ask Test\nHow much gold?")
    read = take(cast, Request("demon exchanges", "Test", "gm")).text
    assert "Day 1: the Witch asks the Dwarf:\n> How much gold?\n(no answer yet)" in read
    send(cast, "p2", "answer-demon Test\n12")
    read = take(cast, Request("demon exchanges", "Test", "gm")).text
    assert "Answer:\n> 12" in read
    with pytest.raises(RequestError, match="moderat"):
        take(cast, Request("demon exchanges", "Test", "p3"))
    logged = [
        m for m in cast.store.undelivered(1000) if "read the Ask Demon exchanges" in m.content
    ]
    assert logged and all(m.kind == "dm" and m.to == "gm" for m in logged), "to the moderators"


@pytest.mark.parametrize(
    ("sender", "content", "refusal"),
    [
        ("p3", "ask Test\nWho are you?", "The Amazon has cast no Ask Demon whose question is open"),
        ("p2", "ask Test\nWho are you?", "The Dwarf has cast no Ask Demon"),
        ("p2", "answer-demon Test\nyes", "No question asked of the Dwarf by Ask Demon waits"),
        ("p3", "answer-demon Test\nyes", "No question asked of the Amazon"),
        ("p1", "ask Test", "Your message has no question: write it below the first line"),
        ("p1", "ask Test\n \n\u200b", "Your message has no question"),
        ("p1", "ask Test\n" + "x" * (LIMIT + 1), f"is {LIMIT + 1} characters long; at most"),
        ("p1", "ask Other\nWho are you?", "You have no character in Other"),
        ("p1", "ask Nowhere\nWho are you?", "Nowhere"),
    ],
)
def test_a_refused_question_or_answer_changes_nothing(
    cast: CampaignService, sender: str, content: str, refusal: str
) -> None:
    before = [m.id for m in cast.store.undelivered(1000)]
    with pytest.raises(RequestError, match=refusal.replace("(", r"\(").replace("?", r"\?")):
        send(cast, sender, content)
    assert [m.id for m in cast.store.undelivered(1000)] == before
    assert rows(cast) == []


def test_one_question_per_cast_and_one_answer_per_question(cast: CampaignService) -> None:
    send(cast, "p1", "ask Test\nFirst?")
    with pytest.raises(RequestError, match="has asked the one question his Ask Demon allows"):
        send(cast, "p1", "ask Test\nSecond?")
    send(cast, "p2", "answer-demon Test\nyes")
    with pytest.raises(RequestError, match="No question asked of the Dwarf by Ask Demon waits"):
        send(cast, "p2", "answer-demon Test\nno")
    (row,) = rows(cast)
    assert (row.question, row.answer) == ("First?", "yes")
    store_cast(cast, day=1, of="Amazon")  # a second cast, at the Amazon's player
    send(cast, "p1", "ask Test\nSecond?")
    assert [(r.asked, r.question) for r in rows(cast)] == [
        ("Dwarf", "First?"),
        ("Amazon", "Second?"),
    ]


def test_the_exchange_is_open_until_the_orders_deadline_of_the_next_day(
    cast: CampaignService,
) -> None:
    set_day(cast, 2)
    send(cast, "p1", "ask Test\nStill open?")
    set_day(cast, 3)
    with pytest.raises(RequestError, match=r"open until the orders deadline of day 2\)"):
        send(cast, "p2", "answer-demon Test\nyes")
    store_cast(cast, day=1, of="Amazon")
    with pytest.raises(
        RequestError, match="The Witch has cast no Ask Demon whose question is open"
    ):
        send(cast, "p1", "ask Test\nToo late?")
    assert [r.answer for r in rows(cast)] == [None]


def test_what_is_relayed_is_inert_and_poses_as_no_decision_or_window(cast: CampaignService) -> None:
    forged = (
        "Test, day 1: the Dwarf's melee window is open until 2030-01-01 (window abcdef12).\n"
        "- Your target this round (8.4.2), or none\n  Options: none | Witch. Default: none.\n"
        "Options: yes | no. Without an answer by 2030-01-01 12:00 UTC: yes.\n"
        "@everyone <@123> **bold** [link](http://x) \x07bell"
    )
    send(cast, "p1", f"ask Test\n{forged}")
    (relayed,) = [
        m for m in cast.store.undelivered(1000) if m.to == "p2" and "by Ask Demon" in m.content
    ]
    assert read_decision("Test", relayed.content) is None
    window = read_window(relayed.content)
    assert window is None or window[1] == [], "no select can be forged"
    text = shown(relayed.content)
    assert "@everyone" not in text and "<@123>" not in text and "**bold**" not in text
    assert "\x07" not in relayed.content


def test_who_still_owes_a_question_or_an_answer_is_reminded(cast: CampaignService) -> None:
    cast.reminders.remind("Test")
    reminders = [m for m in cast.store.undelivered(1000) if "your Ask Demon lets" in m.content]
    assert [m.to for m in reminders] == ["p1"]
    assert "`ask Test`" in reminders[0].content
    send(cast, "p1", "ask Test\nWell?")
    set_day(cast, 2)
    cast.reminders.remind("Test")
    waiting = [
        m for m in cast.store.undelivered(1000) if "still waits for your answer" in m.content
    ]
    assert [m.to for m in waiting] == ["p2"] and "`answer-demon Test`" in waiting[0].content


def test_a_rollback_to_the_day_of_the_cast_forgets_its_exchange(cast: CampaignService) -> None:
    send(cast, "p1", "ask Test\nBefore the rollback?")
    cast.rollbacks.rollback("Test", moderator="gm", day=1)
    assert rows(cast) == [], "the cast is undone, and the question it allowed"
    store_cast(cast, day=1)
    send(cast, "p1", "ask Test\nAfter it?")
    assert [r.question for r in rows(cast)] == ["After it?"]


def test_a_rollback_within_the_day_forgets_only_the_exchanges_of_the_casts_it_undoes(
    cast: CampaignService,
) -> None:
    store_cast(cast, day=1, of="Amazon")
    send(cast, "p1", "ask Test\nFirst cast?")
    send(cast, "p1", "ask Test\nSecond cast?")
    with session_scope(cast.engine) as session:
        exchanges.forget_exchanges(session, campaign_id=1, from_day=1, from_seq=1)
    assert [r.question for r in rows(cast)] == ["First cast?"]


def test_the_dms_that_ask_something_of_their_reader_get_its_button(cast: CampaignService) -> None:
    """On Discord the caster's reminder gets an Ask button, the relayed question and the asked
    player's reminder an Answer button (:mod:`bot.discord.demon`); the answer relayed, none."""

    def action(player: str, words: str) -> str | None:
        found = [m for m in cast.store.undelivered(1000) if m.to == player and words in m.content]
        return demon_action("Test", found[-1].content)

    cast.reminders.remind("Test")
    assert action("p1", "your Ask Demon lets") == "ask"
    send(cast, "p1", "ask Test\nTest: your Ask Demon lets the Witch ask the Dwarf one question?")
    assert action("p2", "by Ask Demon (L4953) the Witch asks") == "answer"
    set_day(cast, 2)
    cast.reminders.remind("Test")
    assert action("p2", "still waits for your answer") == "answer"
    send(
        cast,
        "p2",
        "answer-demon Test\nTest: by Ask Demon (L4953) the Dwarf asks the Witch one question",
    )
    assert action("p1", "the Dwarf answers the question") is None
