"""``realmbot local``: the campaign service from the command line, for forum and email games
(the local transport, :mod:`bot.local`): each action one call of the service on the database
the ``--db`` URL names."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_input import UsageError, read_text, whole

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from bot.service import CampaignService
    from bot.store import Reply
    from rules import Catalog


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
        ("plays", "a player's plays for his open combat window, from a file or - (issue 14)"),
        ("config", "change a campaign setting (e.g. wait_for_decisions yes)"),
        ("window", "the combat window: status, close, extend --hours, sealed, rollback --to"),
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
        if action == "moderator":
            sub.add_argument("what", choices=("add", "remove"))
            sub.add_argument("--user", required=True)
        if action == "handover":
            sub.add_argument("--to", required=True)
            sub.add_argument("--stay", action="store_true")
        if action == "reminders":
            sub.add_argument("state", choices=("on", "off"))
        if action in ("reminders", "remind-before"):
            sub.add_argument("--player", required=True)
        if action == "remind-before":
            sub.add_argument("--hours", type=float, required=True)
        if action in ("join", "orders", "ready", "choose", "answer", "plays", "restart"):
            sub.add_argument("--player", required=True)
        if action == "sheet":
            sub.add_argument("--player")
            sub.add_argument("--moderator")
            sub.add_argument("--character")
        if action in ("join", "autopilot"):
            sub.add_argument("--character", required=True)
        if action == "join":
            sub.add_argument("--name", help="the player's display name")
        if action in ("orders", "choose", "plays", "restart"):
            sub.add_argument("file", help="a file, or - for standard input")
        if action == "config":
            sub.add_argument("setting")
            sub.add_argument("value")
        if action == "window":
            sub.add_argument("what", choices=("status", "close", "extend", "sealed", "rollback"))
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
    deliver = local_actions.add_parser("deliver", help="write the reports, maps and messages")
    deliver.add_argument("--out", type=Path, required=True)


def _window(service: CampaignService, args: argparse.Namespace) -> Reply:
    """``local window``: a moderator's hold on the open combat window."""
    name, moderator = args.campaign, args.moderator
    if args.what == "close":
        return service.plays.close_window(name, moderator=moderator)
    if args.what == "extend":
        return service.plays.extend_window(name, moderator=moderator, hours=args.hours)
    if args.what == "sealed":
        return service.plays.sealed_plays(name, moderator=moderator)
    if args.what == "rollback":
        return service.rollbacks.rollback_combat(name, moderator=moderator, to=args.to)
    return service.plays.window_status(name, moderator=moderator)


def _team_and_notices(service: CampaignService, args: argparse.Namespace) -> Reply:
    """The moderators' team, the nudge and a player's reminders (a user's id is his name)."""
    if args.action == "nudge":
        return service.reminders.nudge(args.campaign, moderator=args.moderator)
    if args.action == "moderator" and args.what == "add":
        return service.team.add_moderator(
            args.campaign, moderator=args.moderator, user=args.user, user_name=args.user
        )
    if args.action == "moderator":
        return service.team.remove_moderator(
            args.campaign, moderator=args.moderator, user=args.user
        )
    if args.action == "handover":
        return service.team.handover(
            args.campaign, moderator=args.moderator, user=args.to, user_name=args.to, stay=args.stay
        )
    if args.action == "reminders":
        return service.reminders.set_reminders(
            args.campaign, player=args.player, on=args.state == "on"
        )
    return service.reminders.set_remind_before(args.campaign, player=args.player, hours=args.hours)


def _sheet(service: CampaignService, args: argparse.Namespace) -> Reply:
    """``local sheet``: the player's own (``--player``), or a seat's for a moderator."""
    if args.player is not None and args.moderator is None and args.character is None:
        return service.players.sheet(args.campaign, player=args.player)
    if args.player is None and args.moderator is not None and args.character is not None:
        return service.moderation.view_sheet(
            args.campaign, moderator=args.moderator, character=args.character
        )
    raise UsageError("sheet: give --player, or --moderator and --character")


def open_database(url: str) -> Engine:
    """The engine of the database at ``url``, migrated; a UsageError says why it cannot be
    opened (a URL that is not one, a driver not installed, a file or server out of reach),
    without the URL's password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from db.engine import make_engine
    from db.migrate import upgrade

    example = "e.g. sqlite:///game.db or postgresql+psycopg://user@host/realmbot"
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise UsageError(f"--db: not a database URL ({example})") from None
    try:
        engine = make_engine(url)
        upgrade(engine)
    except (SQLAlchemyError, ImportError) as exc:
        reason = getattr(exc, "orig", None) or exc
        first = (str(reason).splitlines() or [type(exc).__name__])[0]
        raise UsageError(f"--db {shown}: cannot open the database: {first} ({example})") from None
    return engine


def cmd_local(args: argparse.Namespace, data: Catalog) -> str:
    """Run one ``local`` action (the engine and the service are imported only now)."""
    from pydantic import ValidationError

    from bot.cards import Refusal
    from bot.local import deliver
    from bot.service import CampaignService, RequestError
    from rules.setup import setup_choices
    from rules.state import GameStateError, load_problem

    service = CampaignService(open_database(args.db), data)
    try:
        match args.action:
            case "create":
                options = {} if args.weeks is None else {"weeks": args.weeks}
                reply = service.campaigns.create(
                    args.campaign, moderator=args.moderator, seed=args.seed, options=options
                )
            case "join":
                reply = service.campaigns.join(
                    args.campaign,
                    player=args.player,
                    player_name=args.name or args.player,
                    character=args.character,
                )
            case "start":
                reply = service.campaigns.start(args.campaign, moderator=args.moderator)
            case "orders":
                text = read_text(args.file)
                reply = service.players.submit_orders(args.campaign, player=args.player, text=text)
            case "ready":
                reply = service.players.ready(args.campaign, player=args.player)
            case "sheet":
                reply = _sheet(service, args)
            case "resolve":
                reply = service.resolver.resolve_day(
                    args.campaign, day=args.day, moderator=args.moderator
                )
            case "choose":
                text = read_text(args.file)
                setup_choices(text)  # refused here with one line, before the service reads it
                reply = service.campaigns.choose(args.campaign, player=args.player, text=text)
            case "answer":
                reply = service.resolver.answer(
                    args.campaign, player=args.player, answer=args.choice
                )
            case "plays":
                text = read_text(args.file)
                reply = service.plays.answer_plays(args.campaign, player=args.player, text=text)
            case "config":
                reply = service.moderation.configure(
                    args.campaign, moderator=args.moderator, setting=args.setting, value=args.value
                )
            case "window":
                reply = _window(service, args)
            case "status":
                reply = service.campaigns.status(args.campaign)
            case "history":
                reply = service.campaigns.history(args.campaign, day=args.day, player=args.player)
            case "rolls":
                reply = service.moderation.rolls(
                    args.campaign, moderator=args.moderator, day=args.day
                )
            case "final":
                reply = service.campaigns.final(args.campaign)
            case "preview":
                reply = service.moderation.preview(args.campaign, moderator=args.moderator)
            case "extend":
                reply = service.moderation.extend(
                    args.campaign, moderator=args.moderator, hours=args.hours, reason=args.reason
                )
            case "pause":
                reply = service.moderation.pause(
                    args.campaign, moderator=args.moderator, hours=args.hours, reason=args.reason
                )
            case "resume":
                reply = service.moderation.resume(args.campaign, moderator=args.moderator)
            case "rollback":
                reply = service.rollbacks.rollback(
                    args.campaign, moderator=args.moderator, day=args.day
                )
            case "autopilot":
                reply = service.moderation.set_autopilot(
                    args.campaign, moderator=args.moderator, character=args.character
                )
            case "restart":
                text = read_text(args.file)
                reply = service.restarts.restart(args.campaign, player=args.player, text=text)
            case "end":
                reply = service.moderation.end_early(
                    args.campaign, moderator=args.moderator, agreed=args.agreed
                )
            case "nudge" | "moderator" | "handover" | "reminders" | "remind-before":
                reply = _team_and_notices(service, args)
            case "deliver":
                files = deliver(service, args.out)
                return f"{len(files)} files written to {args.out}"
            case _:
                raise UsageError(f"unknown local action {args.action!r}")
    except RequestError as exc:
        raise UsageError(str(exc)) from None
    except (ValidationError, json.JSONDecodeError, GameStateError) as exc:
        raise UsageError(
            f"{args.campaign}: the stored game cannot be read (a corrupted snapshot): "
            f"{load_problem(exc)}"
        ) from None
    if isinstance(reply, Refusal):  # refused orders: every problem, on one line
        raise UsageError(" ".join(line.strip() for line in reply.text.splitlines() if line.strip()))
    return reply.text
