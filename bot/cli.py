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
    pass

from bot.cli_input import EXIT_USAGE, UsageError, not_utf8, whole
from bot.local_commands import add_local_parser, cmd_local
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
from rules.setup.layout_files import LayoutError, read_layout
from rules.state import load_problem


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``realmbot: <command>: <what>``, exit
    status 2 (``--help`` shows the usage)."""

    def error(self, message: str) -> Any:
        command = self.prog.removeprefix("realmbot").strip() or "realmbot"
        self.exit(EXIT_USAGE, f"realmbot: {command}: {message} (see {self.prog} --help)\n")


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
        raise UsageError(f"cannot read {path}: {not_utf8(exc)}") from exc
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
        raise UsageError(f"{path} is not a realmbot game: {not_utf8(exc)}") from exc
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{path} is not a realmbot game: {load_problem(exc)}") from exc


def cmd_new_game(args: argparse.Namespace, data: Catalog) -> str:
    names = [name.strip() for name in args.characters.split(",") if name.strip()]
    setups = read_choices(args.choices, names) if args.choices else names
    layout = read_layout(args.map) if args.map else None
    state = new_game(data, args.seed, setups, layout=layout, weeks=args.weeks)
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
    game.add_argument(
        "--weeks",
        type=whole(1),
        default=4,
        help="the game's length in weeks (default 4, a month; 10.E.2)",
    )

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

    add_local_parser(commands)

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
