"""The ``realmbot`` command line: one entry point whose subcommands grow with the project.

Every command prints its result to standard output and exits 0; a usage error or bad input
prints one line to standard error and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

import yaml

from bot.render import render
from rules.catalog import Catalog, catalog
from rules.schema.base import CatalogError, Record

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input on the command line: reported as one line, exit status 2."""


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="realmbot", description="A moderator for Magic Realm campaigns."
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "catalog":
            print(cmd_catalog(args, catalog()))
    except (UsageError, CatalogError) as exc:
        print(f"realmbot: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
