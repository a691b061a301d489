"""``realmbot local``: the campaign service from the command line, for forum and email games
(the local transport, :mod:`bot.local`): each action one request to the inbox
(:func:`local_request`, :mod:`bot.inbox`) on the database the ``--db`` URL names."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_input import UsageError, read_text, whole

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from bot.inbox import Request
    from rules import Catalog


#: The actions whose text is read from a file (or standard input).
_FILED = ("orders", "choose", "plays", "restart", "ask", "answer-demon")


def add_local_parser(commands: Any) -> None:
    """The ``local`` command and its actions, among ``commands`` (the parser's subparsers)."""
    local = commands.add_parser("local", help="run a campaign from the command line")
    local.add_argument("--db", default="sqlite:///realmbot.db", help="database URL")
    local_actions = local.add_subparsers(dest="action", required=True, metavar="ACTION")
    moderated = {
        "create",
        "start",
        "resolve",
        "preview",
        "extend",
        "pause",
        "resume",
        "rollback",
        "autopilot",
        "config",
        "window",
        "end",
        "rolls",
        "nudge",
        "moderator",
        "handover",
        "demon",
    }
    for action, help_text in (
        ("create", "create a campaign"),
        ("join", "seat a player as a character"),
        ("choose", "a player's secret setup choices from a file or - (before the start)"),
        ("start", "set up the game"),
        (
            "orders",
            "submit a player's orders from a file or - for stdin; his hirelings' in sections "
            "of their own (a line 'Company HQ: M CV2, H' starts one)",
        ),
        ("ready", "mark a player ready"),
        (
            "sheet",
            "a player's own sheet with his hirelings (--player), or a seat's for a moderator "
            "(--moderator and --character; logged)",
        ),
        ("answer", "a player's answer to the decision he was asked"),
        ("plays", "a player's plays for his open combat window, from a file or -"),
        ("ask", "the question a player asks by Ask Demon (L4953), from a file or -"),
        ("answer-demon", "a player's answer to the question Ask Demon asked him, a file or -"),
        ("demon", "the questions and answers of Ask Demon, for a moderator"),
        ("config", "change a campaign setting (e.g. wait_for_decisions yes)"),
        (
            "window",
            "the combat window: status, close, extend --hours, sealed, rollback --to; demon: "
            "Ask Demon's questions and answers",
        ),
        ("status", "who has sent orders, and the deadline"),
        ("history", "the report of a past day (public, or a player's own)"),
        ("rolls", "every roll of the dice on a past day, for a moderator (4.1)"),
        ("final", "a finished campaign's final report: scores, victor and epilogue"),
        ("resolve", "resolve the current day now"),
        ("preview", "a dry run of the day: nothing stored or sent"),
        ("extend", "move the deadline later"),
        ("pause", "stop the clock"),
        ("resume", "restart the clock"),
        ("rollback", "return to the start of a day"),
        ("autopilot", "let the autopilot play a character"),
        ("end", "end the game early, every player having agreed to quit (9.2.1)"),
        (
            "restart",
            "a dead character's player starts again (9.1.2): a file or - with 'character: NAME' "
            "and setup choices such as 'victory: fame 2, gold 3'",
        ),
        ("nudge", "remind every player whose orders for today are missing"),
        ("moderator", "add or remove a co-moderator (--user)"),
        ("handover", "hand the campaign to another moderator (--to; --stay to stay on)"),
        ("reminders", "turn a player's reminders of missing orders on or off"),
        ("remind-before", "how many hours before the deadline a player is reminded"),
        ("language", "the language a player reads his messages in (campaign: the campaign's)"),
    ):
        sub = local_actions.add_parser(action, help=help_text)
        sub.add_argument("campaign")
        if action in moderated:
            sub.add_argument("--moderator", required=True)
        if action == "create":
            sub.add_argument("--seed", type=whole(0), default=0)
            sub.add_argument(
                "--weeks", type=int, default=None, help="the game's length in weeks (10.E.2)"
            )
            sub.add_argument(
                "--language", default=None, help="its public reports' language: en (default), es"
            )
        if action == "moderator":
            sub.add_argument("what", choices=("add", "remove"))
            sub.add_argument("--user", required=True)
        if action == "handover":
            sub.add_argument("--to", required=True)
            sub.add_argument("--stay", action="store_true")
        if action == "reminders":
            sub.add_argument("state", choices=("on", "off"))
        if action == "language":
            sub.add_argument("language", help="en, es (or its name), or campaign")
        if action in ("reminders", "remind-before", "language"):
            sub.add_argument("--player", required=True)
        if action == "remind-before":
            sub.add_argument("--hours", type=float, required=True)
        if action in (
            "join",
            "orders",
            "ready",
            "choose",
            "answer",
            "plays",
            "restart",
            "ask",
            "answer-demon",
        ):
            sub.add_argument("--player", required=True)
        if action == "sheet":
            sub.add_argument("--player")
            sub.add_argument("--moderator")
            sub.add_argument("--character")
        if action in ("join", "autopilot"):
            sub.add_argument("--character", required=True)
        if action == "join":
            sub.add_argument("--name", help="the player's display name")
        if action in _FILED:
            sub.add_argument("file", help="a file, or - for standard input")
        if action == "config":
            sub.add_argument("setting")
            sub.add_argument("value")
        if action == "window":
            sub.add_argument(
                "what", choices=("status", "close", "extend", "sealed", "rollback", "demon")
            )
            sub.add_argument("--hours", type=float, default=0.0)
            sub.add_argument(
                "--to",
                default="round",
                help="for rollback: evening, round (this one), round N, or round N at CLEARING",
            )
        if action == "answer":
            sub.add_argument("choice")
        if action == "end":
            sub.add_argument(
                "--agreed",
                action="store_true",
                help="confirm that every player agreed to quit (9.2.1); without it nothing ends",
            )
        if action in ("history", "rollback", "rolls"):
            sub.add_argument("--day", type=whole(1), required=True)
        if action == "resolve":
            sub.add_argument(
                "--day",
                type=whole(1),
                required=True,
                help="the day you mean: refused if it is not today",
            )
        if action == "history":
            sub.add_argument("--player", help="the player whose own journal to show")
        if action in ("extend", "pause"):
            sub.add_argument("--hours", type=float, required=True)
            sub.add_argument("--reason", required=True)
    local_actions.add_parser("list", help="every campaign of the database: its state and day")
    serve = local_actions.add_parser(
        "serve",
        help="stay loaded: the local commands run meanwhile answer at once (a resident process)",
        description=(
            "Load the engine, the service and the templates once, and answer every 'realmbot "
            "local' command this user runs meanwhile from this installation, each in a fork of "
            "this process, on the command's own terminal, folder and environment. Stops after "
            "--idle minutes without a command, on Ctrl-C or SIGTERM, or when the installed code "
            "changes (the commands then run on their own again)."
        ),
    )
    serve.add_argument(
        "--idle",
        type=float,
        default=480.0,
        help="minutes without a command before it stops (default 480)",
    )
    deliver = local_actions.add_parser("deliver", help="write the reports, maps and messages")
    deliver.add_argument("--out", type=Path, required=True)


def local_request(args: argparse.Namespace, text: str = "") -> Request:
    """The inbox's request (:mod:`bot.inbox`) a ``local`` action makes: who sends it (the
    ``--player`` or ``--moderator`` given; a user's id is his name) and its options, from the
    command line's arguments; ``text`` is what its file held."""
    from bot.inbox import Request

    name = getattr(args, "campaign", "")
    moderator = getattr(args, "moderator", None) or ""
    player = getattr(args, "player", None) or ""
    match args.action:
        case "list":
            return Request("list", "")
        case "create":
            options = {"seed": args.seed, "weeks": args.weeks, "language": args.language}
            return Request("create", name, moderator, options=options)
        case "join":
            options = {"character": args.character, "name": args.name or args.player}
            return Request("join", name, player, options=options)
        case "choose":
            return Request("setup", name, player, text)
        case "orders" | "plays" | "restart" | "ask" | "answer-demon":
            return Request(args.action, name, player, text)
        case "demon":
            return Request("demon exchanges", name, moderator)
        case "ready":
            return Request("ready", name, player, options={"ready": True})
        case "sheet":
            return _sheet(args)
        case "answer":
            return Request("answer", name, player, options={"choice": args.choice})
        case "resolve":
            return Request("resolve", name, moderator, options={"day": args.day})
        case "config":
            options = {"setting": args.setting, "value": args.value}
            return Request("config", name, moderator, options=options)
        case "window":
            options = {"what": args.what, "hours": args.hours, "to": args.to}
            return Request("window", name, moderator, options=options)
        case "history" if args.player is not None:
            return Request("journal", name, args.player, options={"day": args.day})
        case "history" | "rolls" | "rollback":
            return Request(args.action, name, moderator, options={"day": args.day})
        case "extend" | "pause":
            options = {"hours": args.hours, "reason": args.reason}
            return Request(args.action, name, moderator, options=options)
        case "autopilot":
            options = {"character": args.character, "on": True}
            return Request("autopilot", name, moderator, options=options)
        case "end":
            return Request("end", name, moderator, options={"agreed": args.agreed})
        case "moderator" if args.what == "add":
            options = {"user": args.user, "user_name": args.user}
            return Request("add moderator", name, moderator, options=options)
        case "moderator":
            return Request("remove moderator", name, moderator, options={"user": args.user})
        case "handover":
            options = {"user": args.to, "user_name": args.to, "stay": args.stay}
            return Request("handover", name, moderator, options=options)
        case "reminders":
            return Request("reminders", name, player, options={"on": args.state == "on"})
        case "remind-before":
            return Request("remind before", name, player, options={"hours": args.hours})
        case "language":
            return Request("language", name, player, options={"language": args.language})
        case "status" | "final" | "start" | "preview" | "resume" | "nudge":
            return Request(args.action, name, moderator)
    raise UsageError(f"unknown local action {args.action!r}")


def _sheet(args: argparse.Namespace) -> Request:
    """``local sheet``: the player's own (``--player``), or a seat's for a moderator."""
    from bot.inbox import Request

    if args.player is not None and args.moderator is None and args.character is None:
        return Request("sheet", args.campaign, args.player)
    if args.player is None and args.moderator is not None and args.character is not None:
        options = {"character": args.character}
        return Request("view sheet", args.campaign, args.moderator, options=options)
    raise UsageError("sheet: give --player, or --moderator and --character")


def open_database(url: str) -> Engine:
    """The engine of the database at ``url``, migrated if it is not at the code's newest
    revision (:func:`db.schema_head.ensure_current`, which loads Alembic only then); a
    UsageError says why it cannot be opened (a URL that is not one, a driver not installed, a
    file or server out of reach), without the URL's password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from db.engine import make_engine
    from db.schema_head import ensure_current

    example = "e.g. sqlite:///game.db or postgresql+psycopg://user@host/realmbot"
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise UsageError(f"--db: not a database URL ({example})") from None
    try:
        engine = make_engine(url)
        ensure_current(engine)
    except (SQLAlchemyError, ImportError) as exc:
        reason = getattr(exc, "orig", None) or exc
        first = (str(reason).splitlines() or [type(exc).__name__])[0]
        raise UsageError(f"--db {shown}: cannot open the database: {first} ({example})") from None
    return engine


def _check_choices(text: str) -> None:
    """Setup choices refused here with one line, before the service reads them."""
    from rules import SetupError, setup_choices

    try:
        setup_choices(text)
    except SetupError as exc:
        from bot.render import word

        raise UsageError(word(exc.phrase)) from None


def cmd_local(args: argparse.Namespace, data: Catalog) -> str:
    """Run one ``local`` action (the engine and the service are imported only now)."""
    from pydantic import ValidationError

    from bot.cards import Refusal
    from bot.inbox import take
    from bot.service import CampaignService, RequestError
    from rules import GameStateError, load_problem

    service = CampaignService(open_database(args.db), data)
    try:
        if args.action == "deliver":
            from bot.local import deliver

            files = deliver(service, args.out)
            return f"{len(files)} files written to {args.out}"
        text = ""
        if args.action in _FILED:
            text = read_text(args.file)
        if args.action == "choose":
            _check_choices(text)
        reply = take(service, local_request(args, text))
    except RequestError as exc:
        raise UsageError(str(exc)) from None
    except (ValidationError, json.JSONDecodeError, GameStateError) as exc:
        where = getattr(args, "campaign", "the campaign")
        raise UsageError(
            f"{where}: the stored game cannot be read (a corrupted snapshot): {load_problem(exc)}"
        ) from None
    if isinstance(reply, Refusal):  # refused orders: every problem, on one line
        raise UsageError(" ".join(line.strip() for line in reply.text.splitlines() if line.strip()))
    return reply.text
