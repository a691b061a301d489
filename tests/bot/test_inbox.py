"""The one inbox (:mod:`bot.inbox`): a text message read as a request, every local action a
command of the one table, and a request answered as the service answers it, whatever door it
came by."""

from __future__ import annotations

import argparse

import pytest

from bot.cli import build_parser
from bot.inbox import COMMANDS, Request, only_campaign, read_message, take
from bot.local_commands import local_request
from bot.service import CampaignService, RequestError


@pytest.mark.parametrize(
    ("content", "command", "campaign", "text", "options"),
    [
        ("Orders North Sea\nM CV3\nH", "orders", "North Sea", "M CV3\nH", {}),
        ("orders\n```text\nH, R\n```", "orders", None, "H, R", {}),
        ("ANSWER  Fight M4* \n", "answer", None, "", {"choice": "Fight M4*"}),
        (
            "plays Valley\nattack: FIGHT H4** thrust",
            "plays",
            "Valley",
            "attack: FIGHT H4** thrust",
            {},
        ),
        ("plays\ntarget: Giant", "plays", None, "target: Giant", {}),
        ("restart\ncharacter: Elf", "restart", None, "character: Elf", {}),
        ("setup\nvictory: fame 2", "setup", "", "victory: fame 2", {}),
        ("setup Open\nvictory: fame 2", "setup", "Open", "victory: fame 2", {}),
    ],
)
def test_a_text_message_names_its_command_and_campaign_on_its_first_line(
    content: str, command: str, campaign: str | None, text: str, options: dict[str, str]
) -> None:
    read = read_message(content)
    assert read is not None
    assert (read.command, read.campaign, read.text, dict(read.options)) == (
        command,
        campaign,
        text,
        options,
    )
    assert read.command in COMMANDS


@pytest.mark.parametrize("content", ["hello\norders Test", "ordersValley\nH", "**hi** @here", ""])
def test_a_text_message_that_names_no_command_is_not_a_request(content: str) -> None:
    assert read_message(content) is None


def test_orders_without_a_line_of_orders_are_refused_before_the_service() -> None:
    read = read_message("orders Valley\n```\n```")
    assert read is not None
    with pytest.raises(RequestError, match="Your message has no orders"):
        read.request("Valley", "alice")


#: One command line for every ``local`` action but ``deliver``, and the sender it names.
LOCAL = [
    (["create", "V", "--moderator", "gm", "--seed", "3", "--weeks", "2"], "gm"),
    (["join", "V", "--player", "p", "--character", "Amazon"], "p"),
    (["choose", "V", "--player", "p", "-"], "p"),
    (["start", "V", "--moderator", "gm"], "gm"),
    (["orders", "V", "--player", "p", "-"], "p"),
    (["ready", "V", "--player", "p"], "p"),
    (["sheet", "V", "--player", "p"], "p"),
    (["sheet", "V", "--moderator", "gm", "--character", "Amazon"], "gm"),
    (["answer", "V", "--player", "p", "MOVE"], "p"),
    (["plays", "V", "--player", "p", "-"], "p"),
    (["config", "V", "--moderator", "gm", "decision_hours", "5"], "gm"),
    (["window", "V", "close", "--moderator", "gm"], "gm"),
    (["status", "V"], ""),
    (["history", "V", "--day", "1"], ""),
    (["history", "V", "--day", "1", "--player", "p"], "p"),
    (["rolls", "V", "--day", "1", "--moderator", "gm"], "gm"),
    (["final", "V"], ""),
    (["resolve", "V", "--day", "1", "--moderator", "gm"], "gm"),
    (["preview", "V", "--moderator", "gm"], "gm"),
    (["extend", "V", "--moderator", "gm", "--hours", "2", "--reason", "x"], "gm"),
    (["pause", "V", "--moderator", "gm", "--hours", "2", "--reason", "x"], "gm"),
    (["resume", "V", "--moderator", "gm"], "gm"),
    (["rollback", "V", "--day", "1", "--moderator", "gm"], "gm"),
    (["autopilot", "V", "--moderator", "gm", "--character", "Amazon"], "gm"),
    (["end", "V", "--moderator", "gm", "--agreed"], "gm"),
    (["restart", "V", "--player", "p", "-"], "p"),
    (["ask", "V", "--player", "p", "-"], "p"),
    (["answer-demon", "V", "--player", "p", "-"], "p"),
    (["demon", "V", "--moderator", "gm"], "gm"),
    (["nudge", "V", "--moderator", "gm"], "gm"),
    (["moderator", "V", "add", "--user", "u", "--moderator", "gm"], "gm"),
    (["moderator", "V", "remove", "--user", "u", "--moderator", "gm"], "gm"),
    (["handover", "V", "--to", "u", "--moderator", "gm"], "gm"),
    (["reminders", "V", "off", "--player", "p"], "p"),
    (["remind-before", "V", "--hours", "2", "--player", "p"], "p"),
    (["language", "V", "es", "--player", "p"], "p"),
]


def local_actions(parser: argparse.ArgumentParser) -> set[str]:
    """Every action ``realmbot local`` takes, as its parser lists them."""
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    local = commands.choices["local"]
    actions = next(a for a in local._actions if isinstance(a, argparse._SubParsersAction))
    return set(actions.choices)


def test_every_local_action_is_one_command_of_the_inbox() -> None:
    parser = build_parser()
    covered = set()
    for argv, sender in LOCAL:
        args = parser.parse_args(["local", *argv])
        request = local_request(args, "text")
        assert request.command in COMMANDS, argv
        assert (request.campaign, request.sender) == ("V", sender), argv
        covered.add(args.action)
    listing = local_request(parser.parse_args(["local", "list"]))
    assert (listing.command, listing.campaign) == ("list", "") and "list" in COMMANDS
    covered.add("list")
    # deliver writes the outbox's files; serve is the resident process (bot.resident)
    assert local_actions(parser) - covered == {"deliver", "serve"}


def test_a_requests_options_are_checked_as_the_command_reads_them(
    service: CampaignService,
) -> None:
    request = Request("extend", "V", "gm", options={"hours": True, "reason": 3, "day": 1.5})
    with pytest.raises(RequestError, match="extend: hours is not a number"):
        request.number("hours")
    with pytest.raises(RequestError, match="extend: reason is not text"):
        request.word("reason")
    with pytest.raises(RequestError, match="extend: day is not a whole number"):
        request.whole("day")
    with pytest.raises(RequestError, match="extend: agreed is missing"):
        request.flag("agreed")
    assert Request("create", "V", options={"weeks": None}).maybe_whole("weeks") is None
    with pytest.raises(RequestError, match="There is no command 'fly'"):
        take(service, Request("fly", "V"))


def test_a_message_door_answers_as_the_service_does(service: CampaignService) -> None:
    """A door that reads text (a DM's, a mail's) needs only the inbox: the message read, the
    sender's only campaign, the table's call."""
    service.campaigns.create("Valley", moderator="gm", seed=3)
    service.campaigns.join("Valley", player="alice", player_name="Alice", character="Amazon")
    service.campaigns.start("Valley", moderator="gm")
    read = read_message("orders\n```\nH, R\n```")
    assert read is not None and read.campaign is None
    reply = take(service, read.request(only_campaign(service, "alice"), "alice"))
    assert "stored (v1" in reply.text
    shown = take(service, Request("show orders", "Valley", "alice"))
    assert shown.text.endswith("\nH, R")
    with pytest.raises(RequestError, match="You play in no running campaign"):
        only_campaign(service, "bob")
