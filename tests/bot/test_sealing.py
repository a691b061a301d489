"""Sealed plays as commitments (issue 31; :mod:`bot.sealing`): each set's tag is salted with a
secret told to no one before the reveal, so equal plays give unrelated tags, and the reveal gives
each player the salt and the exact text hashed, so that he can check every tag he was sent."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine

from bot.sealing import CHECK_COMMAND, TAG_DIGITS, check_tag, sealed_set, sealed_text, tag_of
from bot.service import CampaignService
from db import repo
from db.engine import session_scope
from db.models import PendingDecision
from tests.bot.test_plays import START, force, giant_fight, quietly
from tests.fights import stage_two_fights

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def traveller() -> Iterator[time_machine.Traveller]:
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def row(character: str, salt: str, answer: str | None = "no") -> PendingDecision:
    return PendingDecision(
        campaign_id=1,
        day=1,
        character=character,
        kind="lure",
        prompt="Lure the Giant?",
        options=["no", "yes"],
        default="no",
        answer=answer,
        asked_at=T0,
        due_at=T0,
        ref=f"d1/AV5/r1/lure/{character}/Giant 1",
        salt=salt,
    )


def test_equal_plays_under_equal_salts_still_differ_by_character_and_salt_changes_all() -> None:
    """The tag is the digest of the salt, the character and his lines: two players with the
    same lines have unrelated tags, and a tag is what the revealed text gives."""
    salt = "ab" * 16
    window = [row("Amazon", salt), row("Black Knight", salt)]
    amazon, knight = sealed_set(window, "Amazon"), sealed_set(window, "Black Knight")
    assert amazon.lines == knight.lines and amazon.tag != knight.tag
    assert amazon.text == f"{salt} | Amazon | lure Giant 1: no"
    assert check_tag(amazon.tag.upper(), amazon.text) and not check_tag(amazon.tag, knight.text)
    other = sealed_set([row("Amazon", "cd" * 16)], "Amazon")
    assert other.lines == amazon.lines and other.tag != amazon.tag
    assert len(amazon.tag) == TAG_DIGITS and re.fullmatch("[0-9a-f]+", amazon.tag)


def test_the_documented_one_liner_prints_the_tag_of_the_pasted_text() -> None:
    text = sealed_text("0f" * 16, "Woods Girl", ["attack: FIGHT L2** thrust", "lure Giant 1: no"])
    command = CHECK_COMMAND.removeprefix('python3 -c "').removesuffix('"')
    printed = subprocess.run(
        [sys.executable, "-c", command], input=f"{text}\n", capture_output=True, text=True
    )
    assert printed.stdout.strip() == tag_of(text)


def salts(service: CampaignService) -> set[str]:
    with session_scope(service.engine) as session:
        return {d.salt for d in repo.list_decisions(session, campaign_id=1, day=1)}


def version(echo: str) -> str:
    return echo.split("(version ")[1].split(")")[0]


def test_the_salt_is_told_only_with_the_reveal_which_lets_each_player_check_each_tag(
    service: CampaignService, traveller
) -> None:
    giant_fight(service)
    service.moderation.configure("Test", moderator="gm", setting="seal_hashes", value="yes")
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    salted = salts(service)
    assert len(salted) == 2, "one salt for each player's set in the window"
    said = [
        service.plays.answer_plays("Test", player="p1", text="lure: none").text,
        service.moderation.configure(
            "Test", moderator="gm", setting="seal_hashes", value="yes"
        ).text,
        service.plays.window_status("Test", moderator="gm").text,
        service.plays.sealed_plays("Test", moderator="gm").text,
        service.campaigns.status("Test").text,
    ]
    echoes = [said[0], service.plays.answer_plays("Test", player="p2", text="lure: none").text]
    assert version(echoes[0]) != version(echoes[1]), "equal plays, unrelated tags"
    sent = service.store.undelivered(1000)
    (first,) = [i for i, m in enumerate(sent) if "revealed" in m.content and m.to == "p1"]
    before = [str(text) for text in said + echoes] + [m.content for m in sent[:first]]
    assert not [text for text in before if any(salt in text for salt in salted)]
    assert any("plays sealed" in text for text in before)

    reveals = {m.to: m.content for m in sent if "revealed" in m.content}
    assert set(reveals) == {"p1", "p2"} and reveals["p1"] == reveals["p2"]
    shown = re.findall(r"the (Amazon|Black Knight)'s ([0-9a-f]+): `([^`]+)`", reveals["p1"])
    assert [(who, tag) for who, tag, _ in shown] == [
        ("Amazon", version(echoes[0])),
        ("Black Knight", version(echoes[1])),
    ]
    for who, tag, text in shown:
        assert check_tag(tag, text) and text.split(" | ")[0] in salted
        assert text.endswith(f" | {who} | lure Giant 1: no")
    assert "SHA-256" in reveals["p1"] and CHECK_COMMAND in reveals["p1"]
    unrevealed = salts(service) - salted
    assert unrevealed, "the next window is open, its sets salted anew"
    assert not [m for m in sent if any(salt in m.content for salt in unrevealed)]


def test_clearings_fighting_at_once_each_reveal_only_their_own_plays(
    service: CampaignService, traveller
) -> None:
    """8.1.3b: one window for two clearings; the seal gives every tag (they tell nothing), but
    the reveal gives each player only the salts and plays of his own clearing, with which he
    could otherwise tabulate the other's tag."""
    service.campaigns.create("Test", moderator="gm", seed=7, options={"wait_for_decisions": True})
    service.campaigns.join("Test", player="p1", player_name="P1", character="Amazon")
    service.campaigns.join("Test", player="p2", player_name="P2", character="Black Knight")
    for setting in ("parallel_clearings", "seal_hashes"):
        service.moderation.configure("Test", moderator="gm", setting=setting, value="yes")
    service.campaigns.start("Test", moderator="gm")
    stage_two_fights(service.engine, 1, "Amazon", "Black Knight")
    service.players.submit_orders("Test", player="p1", text="R")
    service.players.submit_orders("Test", player="p2", text="R")
    force(service)
    with session_scope(service.engine) as session:
        window = repo.open_decisions(session, campaign_id=1)
        salt = {d.character: d.salt for d in window}
    quietly(service, "p1", "Amazon")
    quietly(service, "p2", "Black Knight")
    reveals = {m.to: m.content for m in service.store.undelivered(1000) if "revealed" in m.content}
    assert salt["Amazon"] in reveals["p1"] and salt["Black Knight"] not in reveals["p1"]
    assert salt["Black Knight"] in reveals["p2"] and salt["Amazon"] not in reveals["p2"]
    assert "Black Knight" not in reveals["p1"] and "Amazon" not in reveals["p2"]


def test_the_readme_gives_the_one_liner_the_reveal_gives() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    assert CHECK_COMMAND in " ".join(readme.split())
