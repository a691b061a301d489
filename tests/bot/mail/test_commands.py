"""A mail's text as a request (issue 36): the DM's commands as they are, the commands a mail
player has no slash command for, and the subject's when the body names none."""

from __future__ import annotations

import pytest

from bot.inbox import Message
from bot.mail.commands import Help, read_command, read_mail


@pytest.mark.parametrize(
    ("text", "command", "campaign", "options"),
    [
        ("orders North Sea\nM CV5, H", "orders", "North Sea", {}),
        ("answer keep", "answer", None, {"choice": "keep"}),
        ("plays Valle\ntarget: none", "plays", "Valle", {}),
        ("standing North Sea\nH, R", "standing", "North Sea", {}),
        ("ready North Sea", "ready", "North Sea", {"ready": True}),
        ("Not Ready North Sea", "ready", "North Sea", {"ready": False}),
        ("ready", "ready", None, {"ready": True}),
        ("away North Sea 3", "away", "North Sea", {"days": 3}),
        ("away 0.5", "away", None, {"days": 0.5}),
        ("status Valle", "status", "Valle", {}),
        ("sheet", "sheet", None, {}),
        ("history North Sea 2", "history", "North Sea", {"day": 2}),
        ("journal 4", "journal", None, {"day": 4}),
        ("language Valle es", "language", "Valle", {"language": "es"}),
        ("join North Sea\ncharacter: Amazon", "join", "North Sea", {"character": "Amazon"}),
        ("join Valle\npersonaje: Amazona", "join", "Valle", {"character": "Amazona"}),
    ],
)
def test_a_first_line_names_its_command_campaign_and_options(
    text: str, command: str, campaign: str | None, options: dict[str, object]
) -> None:
    read = read_command(text)
    assert isinstance(read, Message)
    assert (read.command, read.campaign, dict(read.options)) == (command, campaign, options)


def test_orders_keep_their_lines_and_standing_orders_theirs() -> None:
    orders = read_command("orders Valle\n```\nM CV5, H\n```")
    assert isinstance(orders, Message) and orders.text == "M CV5, H"
    standing = read_command("standing Valle\nH, R\nalert: FIGHT L4")
    assert isinstance(standing, Message) and standing.text == "H, R\nalert: FIGHT L4"


def test_help_and_what_is_no_command() -> None:
    assert isinstance(read_command("help"), Help)
    assert read_command("help me please") is None
    assert read_command("hello there") is None
    assert read_command("") is None


def test_the_subject_says_the_command_when_the_body_does_not() -> None:
    read = read_mail("Re: Fwd: orders North Sea", "M CV5, H")
    assert isinstance(read, Message)
    assert (read.command, read.campaign, read.text) == ("orders", "North Sea", "M CV5, H")
    assert read_mail("", "nothing here") is None
    assert read_mail("RE[3]: status Valle", "") is not None
    body_first = read_mail("status Valle", "sheet Valle")
    assert isinstance(body_first, Message) and body_first.command == "sheet"


def test_a_missing_number_is_left_for_the_inbox_to_name() -> None:
    read = read_command("away")
    assert isinstance(read, Message) and read.command == "away" and "days" not in read.options
