"""The ``realmbot`` command line: one entry point whose subcommands grow with the project.

Every command prints its result to standard output and exits 0 (``scenario run`` exits 1 when a
scenario fails, ``status`` when the bot is unhealthy); a usage error or bad input prints one
line to standard error and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from bot.campaigns import Reply
    from bot.service import CampaignService

from bot.render import render
from bot.reports import day_report
from rules import (
    Catalog,
    CharacterSetup,
    GameState,
    OrdersError,
    SetupError,
    UnknownViewerError,
    catalog,
    new_game,
    parse_orders,
    resolve,
    view_for,
    viewers,
)
from rules.catalog import UnknownNameError
from rules.orders.model import Orders
from rules.plain_yaml import load_plain_yaml
from rules.schema.base import CatalogError, Record
from rules.setup import setup_choices
from rules.setup.layout_files import LayoutError, read_layout
from rules.state import GameStateError, load_problem

EXIT_USAGE = 2
#: The largest whole number a seed or day may be: what every database stores (32-bit INTEGER).
MAX_NUMBER = 2**31 - 1


class UsageError(Exception):
    """Bad input on the command line: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``realmbot: <command>: <what>``, exit
    status 2 (``--help`` shows the usage)."""

    def error(self, message: str) -> Any:
        command = self.prog.removeprefix("realmbot").strip() or "realmbot"
        self.exit(EXIT_USAGE, f"realmbot: {command}: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int = MAX_NUMBER) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``, written in ASCII digits."""

    def number(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number")
        if len(digits) > 12 or not low <= int(text) <= high:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(f"{shown} is not a whole number from {low} to {high}")
        return int(text)

    return number


def _pruned(value: Any) -> Any:
    """``value`` without the fields that say nothing: None and empty lists or mappings."""
    if isinstance(value, dict):
        pruned = {key: _pruned(item) for key, item in value.items()}
        return {key: item for key, item in pruned.items() if item not in (None, [], {})}
    if isinstance(value, list):
        return [_pruned(item) for item in value]
    return value


def render_record(kind: str, record: Record) -> str:
    """One catalog record, readably: a heading naming its kind, then its fields as YAML."""
    fields = _pruned(record.model_dump(mode="json"))
    body = yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=100)
    return f"# {kind}: {getattr(record, 'name', '')}\n{body}"


def render_summary(stats: dict[str, dict[str, int]]) -> str:
    """The counts per kind as an aligned table (what ``realmbot catalog`` prints)."""
    return render("catalog/summary.txt.j2", stats=stats, width=max(map(len, stats)))


def cmd_catalog(args: argparse.Namespace, data: Catalog) -> str:
    if args.action == "stats":
        stats = data.stats()
        return json.dumps(stats, indent=2) if args.json else render_summary(stats)
    if args.action == "show":
        name = " ".join(args.name)
        matches = data.find(name)
        if not matches:
            close = data.suggest(name)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise UsageError(f"nothing in the catalog is called {name!r}{hint}")
        return "\n".join(render_record(data.kinds()[kind].kind, record) for kind, record in matches)
    return render_summary(data.stats())


def read_mapping(path: Path, what: str) -> dict[Any, Any]:
    """A YAML file mapping each character's name to ``what``; a UsageError says why not.
    Aliases, deep nesting and huge files are refused (:mod:`rules.plain_yaml`)."""
    try:
        document = load_plain_yaml(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {path}: {_not_utf8(exc)}") from exc
    except yaml.YAMLError as exc:
        raise UsageError(f"{path} is not valid YAML: {_yaml_problem(exc)}") from exc
    if not isinstance(document, dict):
        raise UsageError(f"{path} must map each character's name to {what}")
    return document


def read_choices(path: Path, names: list[str]) -> list[CharacterSetup]:
    """The characters' setup choices from a YAML mapping of character name to choices."""
    document = read_mapping(path, "his choices")
    unknown = [name for name in document if name not in names]
    if unknown:
        raise UsageError(
            f"{path}: {unknown[0]!r} is not one of the characters ({', '.join(names)})"
        )
    setups = []
    for name in names:
        try:
            setups.append(
                CharacterSetup.model_validate({**(document.get(name) or {}), "name": name})
            )
        except ValidationError as exc:
            error = exc.errors(include_url=False)[0]
            where = ".".join(str(part) for part in error["loc"])
            raise UsageError(f"{path}: {name}: {where}: {error['msg']}") from exc
    return setups


def _not_utf8(exc: UnicodeDecodeError) -> str:
    byte = exc.object[exc.start]
    return f"not UTF-8 text (byte {exc.start + 1} is 0x{byte:02x}); save it as UTF-8"


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """A YAML error on one line: the problem and where."""
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        return f"{exc.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return " ".join(str(exc).split())


def read_game(path: Path, data: Catalog) -> GameState:
    """A saved game, checked against the catalog (:meth:`GameState.check`), or a UsageError
    saying why it cannot be read."""
    try:
        return GameState.from_json(path.read_text(encoding="utf-8"), data)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path} is not a realmbot game: {_not_utf8(exc)}") from exc
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{path} is not a realmbot game: {load_problem(exc)}") from exc


def cmd_new_game(args: argparse.Namespace, data: Catalog) -> str:
    names = [name.strip() for name in args.characters.split(",") if name.strip()]
    setups = read_choices(args.choices, names) if args.choices else names
    layout = read_layout(args.map) if args.map else None
    state = new_game(data, args.seed, setups, layout=layout)
    text = state.to_json()
    if args.out is None:
        return text
    args.out.write_text(text + "\n", encoding="utf-8")
    return f"new game written to {args.out} (seed {args.seed}, {len(state.characters)} characters)"


def cmd_view(args: argparse.Namespace, data: Catalog) -> str:
    view = view_for(data, read_game(args.game, data), args.viewer)
    return json.dumps(view.model_dump(mode="json"), indent=2)


def cmd_map(args: argparse.Namespace, data: Catalog) -> str:
    from bot.mapimage import render_map

    view = view_for(data, read_game(args.game, data), args.viewer)
    args.out.write_bytes(render_map(data, view))
    return f"map for {args.viewer} written to {args.out}"


def read_orders(path: Path, state: GameState, data: Catalog) -> dict[str, Orders]:
    """Each character's orders from a YAML mapping of character name to order text — and the
    orders his employer records for each hired leader, controlled monster or underling, and the
    Witch for her familiar, by piece id (6.2.5, L3926), or in sections of his own text; every
    problem in every order is reported at once, and nothing is
    resolved."""
    document = read_mapping(path, "his orders")
    orders: dict[str, Orders] = {}
    problems: list[str] = []
    everyone = [*state.characters, *state.minions, *state.familiars]
    for name, text in document.items():
        if name not in everyone:
            problems.append(f"{name}: not a character in this game ({', '.join(everyone)})")
            continue
        result = parse_orders(str(text), state, str(name), catalog=data)
        problems += [
            f"{name}, line {p.line}{f', phase {p.phase}' if p.phase else ''}: {p.message}"
            + (f" ({p.hint})" if p.hint else "")
            for p in result.errors
        ]
        if result.orders is not None:
            orders[name] = result.orders
    if problems:
        raise UsageError(f"{path}: " + "; ".join(problems))
    return orders


def cmd_day(args: argparse.Namespace, data: Catalog) -> str:
    state = read_game(args.game, data)
    if args.report not in viewers(state):
        raise UsageError(f"--report {args.report!r}: the reports are {', '.join(viewers(state))}")
    if state.today.stage == "over":
        raise UsageError(f"{args.game}: the game is over")
    orders = read_orders(args.orders, state, data) if args.orders else {}
    resolution = resolve(state, orders, catalog=data)
    args.out.write_text(resolution.state.to_json() + "\n", encoding="utf-8")
    return day_report(resolution.events, args.report)


def cmd_scenario(args: argparse.Namespace, data: Catalog) -> tuple[str, int]:
    from bot.scenarios import MissingPathError, run_paths

    try:
        return run_paths(args.paths, data)
    except MissingPathError as exc:
        raise UsageError(str(exc)) from None


def cmd_run(args: argparse.Namespace, data: Catalog) -> str:
    from bot.config import Settings
    from bot.demo import run_demo

    try:
        settings = Settings()
    except ValidationError as exc:
        message = str(exc.errors(include_url=False)[0]["msg"])
        raise UsageError(message.removeprefix("Value error, ")) from None
    from bot.logs import configure_logging

    configure_logging(settings.log_level)
    if settings.discord:
        run_discord(settings, data)
        return "the Discord bot stopped"
    out = run_demo(settings)
    return f"demo written to {out}"


def run_discord(settings: Any, data: Catalog) -> None:
    """Run the Discord bot: migrate the database, start the wake-ups, connect (waiting out a
    network failure at start-up; a token Discord refuses is a UsageError)."""
    import asyncio

    from bot import collector
    from bot.discord import startup
    from bot.discord.app import make_bot
    from bot.scheduler import Wakeups
    from bot.service import CampaignService
    from db.engine import make_engine
    from db.migrate import upgrade

    engine = make_engine(settings.database_url, background_checkpoints=True)
    upgrade(engine)
    service = CampaignService(engine, data)
    collector.settle()
    bot = make_bot(service)
    wakeups = Wakeups(service, jobstore_url=settings.database_url)

    async def serve() -> None:
        async with bot:
            wakeups.start()
            try:
                await startup.run(bot, settings.token())
            finally:
                wakeups.shutdown()

    try:
        asyncio.run(serve())
    except startup.StartupError as exc:
        raise UsageError(str(exc)) from None


def cmd_status(args: argparse.Namespace, data: Catalog) -> tuple[str, int]:
    from bot.health import status_command

    return status_command(args.db, as_json=args.json)


#: The most characters read from a text file or standard input (orders, setup choices).
MAX_TEXT = 100_000


def _window(service: CampaignService, args: argparse.Namespace) -> Reply:
    """``local window``: a moderator's hold on the open combat window."""
    name, moderator = args.campaign, args.moderator
    if args.what == "close":
        return service.close_window(name, moderator=moderator)
    if args.what == "extend":
        return service.extend_window(name, moderator=moderator, hours=args.hours)
    if args.what == "sealed":
        return service.sealed_plays(name, moderator=moderator)
    if args.what == "rollback":
        return service.rollback_combat(name, moderator=moderator, to=args.to)
    return service.window_status(name, moderator=moderator)


def read_text(name: str) -> str:
    """A file's text, or standard input for ``-``: UTF-8, at most :data:`MAX_TEXT` characters;
    a UsageError says why not."""
    where = "standard input" if name == "-" else name
    try:
        if name == "-":
            text = sys.stdin.read(MAX_TEXT + 1)
        else:
            with Path(name).open(encoding="utf-8") as handle:
                text = handle.read(MAX_TEXT + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {where}: {_not_utf8(exc)}") from exc
    if len(text) > MAX_TEXT:
        raise UsageError(f"{where} has over {MAX_TEXT} characters: send the orders only")
    return text


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
    from bot.local import deliver
    from bot.service import CampaignService, RequestError

    service = CampaignService(open_database(args.db), data)
    try:
        match args.action:
            case "create":
                reply = service.create(args.campaign, moderator=args.moderator, seed=args.seed)
            case "join":
                reply = service.join(
                    args.campaign,
                    player=args.player,
                    player_name=args.name or args.player,
                    character=args.character,
                )
            case "start":
                reply = service.start(args.campaign, moderator=args.moderator)
            case "orders":
                text = read_text(args.file)
                reply = service.submit_orders(args.campaign, player=args.player, text=text)
            case "ready":
                reply = service.ready(args.campaign, player=args.player)
            case "resolve":
                reply = service.resolve_day(args.campaign, day=args.day, moderator=args.moderator)
            case "choose":
                text = read_text(args.file)
                setup_choices(text)  # refused here with one line, before the service reads it
                reply = service.choose(args.campaign, player=args.player, text=text)
            case "answer":
                reply = service.answer(args.campaign, player=args.player, answer=args.choice)
            case "plays":
                text = read_text(args.file)
                reply = service.answer_plays(args.campaign, player=args.player, text=text)
            case "config":
                reply = service.configure(
                    args.campaign, moderator=args.moderator, setting=args.setting, value=args.value
                )
            case "window":
                reply = _window(service, args)
            case "status":
                reply = service.status(args.campaign)
            case "history":
                reply = service.history(args.campaign, day=args.day, player=args.player)
            case "preview":
                reply = service.preview(args.campaign, moderator=args.moderator)
            case "extend":
                reply = service.extend(
                    args.campaign, moderator=args.moderator, hours=args.hours, reason=args.reason
                )
            case "pause":
                reply = service.pause(
                    args.campaign, moderator=args.moderator, hours=args.hours, reason=args.reason
                )
            case "resume":
                reply = service.resume(args.campaign, moderator=args.moderator)
            case "rollback":
                reply = service.rollback(args.campaign, moderator=args.moderator, day=args.day)
            case "autopilot":
                reply = service.set_autopilot(
                    args.campaign, moderator=args.moderator, character=args.character
                )
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
    return reply.text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="realmbot", description="A moderator for Magic Realm campaigns.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    catalog_parser = commands.add_parser(
        "catalog", help="the game's data: tiles, characters, counters, cards and tables"
    )
    actions = catalog_parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("summary", help="counts per kind (the default)")
    show = actions.add_parser("show", help="print one entry, e.g. 'show Amazon' or 'show CV'")
    show.add_argument("name", nargs="+", help="the entry's exact name (or tile code)")
    stats = actions.add_parser("stats", help="the counts per kind")
    stats.add_argument("--json", action="store_true", help="print the counts as JSON")

    game = commands.add_parser("new-game", help="set up a new game (rulebook section 3)")
    game.add_argument("--seed", type=whole(0), required=True, help="seed of all the game's dice")
    game.add_argument(
        "--characters", required=True, help='comma-separated, e.g. "Amazon,Dwarf,Black Knight"'
    )
    game.add_argument("--map", type=Path, help="a fixed map layout (YAML); default: random")
    game.add_argument("--choices", type=Path, help="the characters' setup choices (YAML)")
    game.add_argument("--out", type=Path, help="where to write the game (default: stdout)")

    view = commands.add_parser("view", help="print what one viewer may see of a game, as JSON")
    view.add_argument("game", type=Path)
    view.add_argument("--viewer", default="public", help="public, moderator or a character")

    day = commands.add_parser("day", help="resolve one day of a game with the players' orders")
    day.add_argument("game", type=Path)
    day.add_argument("--orders", type=Path, help="YAML: character name -> his orders")
    day.add_argument("--out", type=Path, required=True, help="where to write the next day's game")
    day.add_argument(
        "--report", default="public", help="print the report for public, moderator or a character"
    )

    commands.add_parser(
        "run", help="the main job: the Discord bot with DISCORD_TOKEN set, else the local demo"
    )

    status = commands.add_parser(
        "status", help="the running bot's health from its database; exit 1 if unhealthy"
    )
    status.add_argument("--json", action="store_true", help="print the report as JSON")
    status.add_argument("--db", help="the database URL (default: DATABASE_URL)")

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
    }
    for action, help_text in (
        ("create", "create a campaign"),
        ("join", "seat a player as a character"),
        ("choose", "a player's secret setup choices from a file or - (before the start)"),
        ("start", "set up the game"),
        ("orders", "submit a player's orders from a file or - for stdin"),
        ("ready", "mark a player ready"),
        ("answer", "a player's answer to the decision he was asked"),
        ("plays", "a player's plays for his open combat window, from a file or - (issue 14)"),
        ("config", "change a campaign setting (e.g. wait_for_decisions yes)"),
        ("window", "the combat window: status, close, extend --hours, sealed, rollback --to"),
        ("status", "who has sent orders, and the deadline"),
        ("history", "the report of a past day (public, or a player's own)"),
        ("resolve", "resolve the current day now"),
        ("preview", "a dry run of the day: nothing stored or sent"),
        ("extend", "move the deadline later"),
        ("pause", "stop the clock"),
        ("resume", "restart the clock"),
        ("rollback", "return to the start of a day"),
        ("autopilot", "let the autopilot play a character"),
    ):
        sub = local_actions.add_parser(action, help=help_text)
        sub.add_argument("campaign")
        if action in moderated:
            sub.add_argument("--moderator", required=True)
        if action == "create":
            sub.add_argument("--seed", type=whole(0), default=0)
        if action in ("join", "orders", "ready", "choose", "answer", "plays"):
            sub.add_argument("--player", required=True)
        if action in ("join", "autopilot"):
            sub.add_argument("--character", required=True)
        if action == "join":
            sub.add_argument("--name", help="the player's display name")
        if action in ("orders", "choose", "plays"):
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
        if action in ("history", "rollback"):
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

    image = commands.add_parser("map", help="draw the map as one viewer sees it (PNG)")
    image.add_argument("game", type=Path)
    image.add_argument("--viewer", default="public", help="public, moderator or a character")
    image.add_argument("--out", type=Path, required=True, help="the PNG file to write")

    scenario = commands.add_parser("scenario", help="rule scenarios (SCENARIOS.md)")
    scenario_actions = scenario.add_subparsers(dest="action", required=True, metavar="ACTION")
    scenario_run = scenario_actions.add_parser(
        "run", help="run scenario files and folders; exit 1 unless all pass"
    )
    scenario_run.add_argument("paths", nargs="+", type=Path, help="YAML files or folders")
    return parser


def _text_arguments(args: argparse.Namespace) -> None:
    """Every text argument is Unicode text: bytes that are not UTF-8 arrive as lone surrogates,
    which no database stores (paths may hold them: the file system takes them back)."""
    for name, value in vars(args).items():
        try:
            if isinstance(value, str):
                value.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(f"the {name} argument is not UTF-8 text: {value[:40]!a}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    commands: dict[str, Callable[[argparse.Namespace, Catalog], str | tuple[str, int]]] = {
        "catalog": cmd_catalog,
        "new-game": cmd_new_game,
        "view": cmd_view,
        "map": cmd_map,
        "day": cmd_day,
        "scenario": cmd_scenario,
        "run": cmd_run,
        "local": cmd_local,
        "status": cmd_status,
    }
    try:
        _text_arguments(args)
        output = commands[args.command](args, catalog())
        text, status = output if isinstance(output, tuple) else (output, 0)
        print(text)
    except (
        UsageError,
        CatalogError,
        SetupError,
        LayoutError,
        UnknownViewerError,
        UnknownNameError,
        OrdersError,
        OSError,
    ) as exc:
        print(f"realmbot: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return status


if __name__ == "__main__":
    sys.exit(main())
