"""The ``realmbot`` command line: one entry point whose subcommands grow with the project.

Every command prints its result to standard output and exits 0 (``scenario run`` exits 1 when a
scenario fails, ``status`` when the bot is unhealthy, ``mail check`` when a mail server does not
answer); a usage error or bad input prints one line to standard error and exits 2, and a
database that stayed busy with other writers for the whole of a command's patience one line too
(``realmbot: the database stayed busy ...; try again``), exit status 75. This module only reads
the command line: the commands are :mod:`bot.cli_commands`, imported when one runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_input import EXIT_BUSY, EXIT_USAGE, UsageError, whole
from bot.local_commands import add_local_parser

if TYPE_CHECKING:
    from rules import Catalog

#: A command: what it prints, or that and the exit status.
Command = Callable[[argparse.Namespace, "Catalog"], "str | tuple[str, int]"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``realmbot: <command>: <what>`` (or
    ``realmbot: <what>`` for the command line's own), exit status 2 (``--help`` shows the
    usage)."""

    def error(self, message: str) -> Any:
        command = self.prog.removeprefix("realmbot").strip()
        where = f"{command}: " if command else ""
        self.exit(EXIT_USAGE, f"realmbot: {where}{message} (see {self.prog} --help)\n")


def _version() -> str:
    """The installed realmbot's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("realmbot")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


class _VersionAction(argparse.Action):
    """``--version``: print the installed version and exit; the package metadata is read only
    when asked (reading it costs every other command tens of milliseconds)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(
            option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help")
        )

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        print(f"realmbot {_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="realmbot", description="A moderator for Magic Realm campaigns.")
    parser.add_argument(
        "--version", action=_VersionAction, help="show the installed version and exit"
    )
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
        "run",
        help="the main job: the Discord bot with DISCORD_TOKEN set, else the local demo",
        description=(
            "The main job. With DISCORD_TOKEN set, the Discord bot (deploy/README.md); without "
            "it, a local demo campaign played by the autopilot, its reports, maps and private "
            "messages written to OUTPUT_DIR. The demo's settings: DEMO_DAYS, DEMO_CHARACTERS "
            "(names, comma-separated), DEMO_SEED; the database: DATABASE_URL. Each comes from "
            "the environment or a .env file."
        ),
    )

    status = commands.add_parser(
        "status", help="the running bot's health from its database; exit 1 if unhealthy"
    )
    status.add_argument("--json", action="store_true", help="print the report as JSON")
    status.add_argument("--db", help="the database URL (default: DATABASE_URL)")

    add_local_parser(commands)

    mail = commands.add_parser("mail", help="play by email: the mail servers of the settings")
    mail_actions = mail.add_subparsers(dest="action", required=True, metavar="ACTION")
    mail_actions.add_parser(
        "check",
        help="log in to MAIL_IMAP_URL's mailbox and greet MAIL_SMTP_URL's server; exit 1 "
        "unless both answer",
    )
    mail_actions.add_parser(
        "receive",
        help="read one mail from standard input, as a mail server's pipe gives it, take it and "
        "send its answers; exit 0 whatever the mail (it is answered, or logged)",
    )

    image = commands.add_parser("map", help="draw the map as one viewer sees it (PNG)")
    image.add_argument("game", type=Path)
    image.add_argument("--viewer", default="public", help="public, moderator or a character")
    image.add_argument("--out", type=Path, required=True, help="the PNG file to write")

    audit = commands.add_parser(
        "audit", help="the honesty map: what the engine does and reports as not implemented"
    )
    audit_output = audit.add_mutually_exclusive_group()
    audit_output.add_argument("--json", action="store_true", help="print the rows as JSON")
    audit_output.add_argument(
        "--write",
        action="store_true",
        help="write docs/audit.md and the README's table in the checkout here",
    )

    scenario = commands.add_parser("scenario", help="rule scenarios (SCENARIOS.md)")
    scenario_actions = scenario.add_subparsers(dest="action", required=True, metavar="ACTION")
    scenario_run = scenario_actions.add_parser(
        "run", help="run scenario files and folders; exit 1 unless all pass"
    )
    scenario_run.add_argument("paths", nargs="+", type=Path, help="YAML files or folders")
    scenario_run.add_argument(
        "--events", action="store_true", help="print every event of each scenario's run"
    )
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


def _command(name: str) -> tuple[Command, tuple[type[Exception], ...]]:
    """The command ``name`` and the errors it refuses with one line. ``local`` comes from its
    own module, which imports only what each action uses, so that reading a campaign does not
    load the engine (issue 31, a quick command line); the others from :mod:`bot.cli_commands`."""
    if name == "local":
        from bot.local_commands import cmd_local

        return cmd_local, (UsageError, OSError)
    from bot.cli_commands import COMMANDS, REFUSALS

    return COMMANDS[name], REFUSALS


def _serve(minutes: float) -> int:
    """``local serve``: the resident process (:mod:`bot.resident`) until it stops, each
    command it hands over logged on standard output; a refusal is one line, exit status 2."""
    import time

    from bot.resident import serve

    def log(line: str) -> None:
        print(line, flush=True)

    if not minutes > 0:
        print(
            f"realmbot: serve: --idle must be a positive number of minutes, not {minutes}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        reason = serve(minutes * 60, log, time.monotonic, build_parser, run)
    except RuntimeError as exc:
        print(f"realmbot: serve: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print(f"stopped: {reason}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status. A ``local`` command is run by the
    resident process (:mod:`bot.resident`, ``realmbot local serve``) when one is listening for
    this installation, else here (:func:`run`)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["local"] and "serve" not in arguments:
        from bot.resident_call import ask

        status = ask(arguments)
        if status is not None:
            return status
    return run(arguments)


def run(argv: Sequence[str], parser: argparse.ArgumentParser | None = None) -> int:
    """Run one command in this process; returns the exit status. The commands' modules are
    imported only once the command line is read (``--help`` and usage errors need none);
    ``parser`` is :func:`build_parser`'s, built before (by a resident process) or now.
    ``run`` starts the demo's worker first (:func:`bot.demo_start.early_worker`, handed to the
    command as ``args.maps``), so that it loads on the other core while this process loads the
    engine; it is ended here if the command failed before the demo ended it."""
    parser = parser or build_parser()
    args = parser.parse_args(argv)
    if args.command == "local" and args.action == "serve":
        return _serve(args.idle)
    if args.command != "run":
        return _run(args)
    from bot.demo_start import early_worker

    args.maps = early_worker()
    try:
        return _run(args)
    finally:
        if args.maps is not None:
            args.maps.close()


def _said(exc: Exception) -> str:
    """A refusal as the command line says it: the phrase it carries (a setup choice refused,
    :class:`rules.SetupError`), else its message."""
    from bot.render import word
    from rules import Phrase

    said = getattr(exc, "phrase", None)
    return word(said) if isinstance(said, Phrase) else str(exc)


def _run(args: argparse.Namespace) -> int:
    """Run the command ``args`` names (see :func:`run`)."""
    from bot.catalog_cache import catalog
    from db.waiting import DatabaseBusyError

    command, refusals = _command(args.command)
    try:
        _text_arguments(args)
        output = command(args, catalog())
        text, status = output if isinstance(output, tuple) else (output, 0)
        print(text)
    except refusals as exc:
        print(f"realmbot: {_said(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except DatabaseBusyError as exc:
        from bot.render import render

        busy = render("messages/busy.txt.j2", seconds=round(exc.waited))
        print(f"realmbot: {busy}", file=sys.stderr)
        return EXIT_BUSY
    return status


if __name__ == "__main__":
    sys.exit(main())
