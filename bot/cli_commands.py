"""The ``realmbot`` commands that work on games and the catalog (see :mod:`bot.cli`, which reads
the command line and imports this module only once a command needs it, so that ``--help`` stays
quick)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

from bot.cli_input import UsageError, not_utf8
from bot.local_commands import cmd_local
from bot.render import english, render
from bot.reports import day_report
from rules import (
    Catalog,
    CatalogError,
    CharacterSetup,
    GameState,
    LayoutError,
    Orders,
    OrdersError,
    Record,
    SetupError,
    UnknownNameError,
    UnknownViewerError,
    load_plain_yaml,
    load_problem,
    new_game,
    parse_orders,
    read_layout,
    read_state,
    resolve,
    view_for,
    viewers,
)

if TYPE_CHECKING:
    from bot.cli import Command
    from bot.config import Settings


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
    """A saved game, checked against the catalog (:func:`rules.read_state`), or a UsageError
    saying why it cannot be read."""
    try:
        return read_state(path.read_text(encoding="utf-8"), data)
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
    from bot.maps import render_map

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
            f"{name}, line {p.line}{f', phase {p.phase}' if p.phase else ''}: {english(p.message)}"
            + (f" ({english(p.hint)})" if p.hint else "")
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
        return run_paths(args.paths, data, events=args.events)
    except MissingPathError as exc:
        raise UsageError(str(exc)) from None


def cmd_audit(args: argparse.Namespace, data: Catalog) -> str:
    """The honesty map as Markdown (or its rows as JSON), or written into the checkout in the
    current directory (``docs/audit.md`` and the README's table)."""
    from bot.audit import AuditWriteError, as_json, audit_rows, markdown, write

    rows = audit_rows(data)
    if args.write:
        try:
            written = write(Path.cwd(), rows)
        except AuditWriteError as exc:
            raise UsageError(str(exc)) from None
        return f"the honesty map written: {', '.join(map(str, written))}"
    return as_json(rows) if args.json else markdown(rows)


def _settings() -> Settings:
    """The settings from the environment and ``.env``; a UsageError saying which is wrong."""
    from bot.config import Settings

    try:
        return Settings()
    except ValidationError as exc:
        message = str(exc.errors(include_url=False)[0]["msg"])
        raise UsageError(message.removeprefix("Value error, ")) from None


def cmd_run(args: argparse.Namespace, data: Catalog) -> str:
    from bot.demo import run_demo

    settings = _settings()
    from bot.logs import configure_logging

    configure_logging(settings.log_level)
    if settings.discord:
        run_discord(settings, data)
        return "the Discord bot stopped"
    if settings.mail:
        run_mail(settings, data)
        return "the mail door stopped"
    out = run_demo(settings, maps=getattr(args, "maps", None))
    return f"demo written to {out}"


def run_discord(settings: Any, data: Catalog) -> None:
    """Run the Discord bot: migrate the database, start the wake-ups (their maps drawn on the
    other cores), connect (waiting out a network failure at start-up; a token Discord refuses
    is a UsageError). The map workers end with the wake-ups."""
    import asyncio

    from bot import collector
    from bot.discord import startup
    from bot.discord.app import make_bot
    from bot.maps.pool import spare_cores
    from bot.scheduler import Wakeups
    from bot.service import CampaignService
    from db.engine import make_engine
    from db.migrate import upgrade

    engine = make_engine(settings.database_url, background_checkpoints=True)
    upgrade(engine)
    service = CampaignService(engine, data)
    collector.settle()
    bot = make_bot(service)
    wakeups = Wakeups(service, jobstore_url=settings.database_url, map_workers=spare_cores())

    door = _door(service, settings)

    async def serve() -> None:
        async with bot:
            wakeups.start()
            stop = asyncio.Event()
            mail = asyncio.create_task(door.run(stop)) if door is not None else None
            try:
                await startup.run(bot, settings.token())
            finally:
                stop.set()
                if mail is not None:
                    await mail
                wakeups.shutdown()

    try:
        asyncio.run(serve())
    except startup.StartupError as exc:
        raise UsageError(str(exc)) from None


def run_mail(settings: Any, data: Catalog) -> None:
    """Run realmbot for players by mail alone (no Discord token): migrate the database, start
    the wake-ups, read the mailbox and deliver the outbox's mails (:class:`bot.mail.door.MailDoor`)
    until interrupted."""
    import asyncio

    from bot.maps.pool import spare_cores
    from bot.scheduler import Wakeups

    service = _served(settings, data)
    door = _door(service, settings)
    assert door is not None
    wakeups = Wakeups(service, jobstore_url=settings.database_url, map_workers=spare_cores())

    async def serve() -> None:
        wakeups.start()
        try:
            await door.run(asyncio.Event())
        finally:
            wakeups.shutdown()

    asyncio.run(serve())


def _door(service: Any, settings: Any) -> Any:
    """The mail door when the settings configure mail (None otherwise); a UsageError when
    they configure it wrongly."""
    if not settings.mail:
        return None
    from bot.mail.door import MailDoor
    from bot.mail.transport import SmtpUrlError

    try:
        return MailDoor(service, settings)
    except SmtpUrlError as error:
        raise UsageError(str(error)) from None


def cmd_status(args: argparse.Namespace, data: Catalog) -> tuple[str, int]:
    from bot.health import status_command

    return status_command(args.db, as_json=args.json)


def cmd_mail(args: argparse.Namespace, data: Catalog) -> tuple[str, int]:
    """``mail check``: one line per mail server (:func:`bot.mail.servers.check_servers`).
    ``mail receive``: the mail on standard input taken by the mail door
    (:meth:`bot.mail.door.MailDoor.receive`); what it did, in one line."""
    settings = _settings()
    if args.action == "check":
        from bot.mail.servers import check_servers

        return check_servers(settings)
    import asyncio
    import sys

    from bot.mail.door import MailDoor
    from bot.mail.transport import SmtpUrlError

    service = _served(settings, data)
    try:
        door = MailDoor(service, settings)
    except SmtpUrlError as error:
        raise UsageError(str(error)) from None
    raw = sys.stdin.buffer.read(settings.mail_max_bytes + 1)
    while sys.stdin.buffer.read(1 << 16):
        pass  # the rest of a mail too big, read so that the mail server's pipe ends cleanly
    return asyncio.run(door.receive(raw)).said, 0


def _served(settings: Any, data: Catalog) -> Any:
    """The campaign service over the settings' database, migrated to the newest schema."""
    from bot.service import CampaignService
    from db.engine import make_engine
    from db.migrate import upgrade

    engine = make_engine(settings.database_url)
    upgrade(engine)
    return CampaignService(engine, data)


#: The command functions, by the command's name.
COMMANDS: dict[str, Command] = {
    "catalog": cmd_catalog,
    "new-game": cmd_new_game,
    "view": cmd_view,
    "map": cmd_map,
    "day": cmd_day,
    "scenario": cmd_scenario,
    "audit": cmd_audit,
    "run": cmd_run,
    "local": cmd_local,
    "status": cmd_status,
    "mail": cmd_mail,
}

#: The errors a command answers with one line on standard error and exit status 2.
REFUSALS: tuple[type[Exception], ...] = (
    UsageError,
    CatalogError,
    SetupError,
    LayoutError,
    UnknownViewerError,
    UnknownNameError,
    OrdersError,
    OSError,
)
