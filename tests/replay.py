"""The replay tool: proof that a refactor changed no behaviour.

``make replay REF=<git ref>`` (or ``python -m tests.replay REF``) plays the same seeded autopilot
campaigns on the working tree and on ``REF`` — checked out into a temporary git worktree — and
compares every state and every event, byte for byte. It stores no expected output: both sides
are produced by running the engine now.

Each campaign (:data:`CAMPAIGNS`: 20 seeds, 3 to 16 characters, 28 days) waits for decisions
and answers them, hires a native leader, an underling and a controlled monster in some games,
and varies the autopilot's orders with follows, blocking and trades, so that the engine's turns,
blocking, following, resting, trading, prowling and hirelings are all exercised. After each call
of ``resolve`` the run records the canonical JSON of the state, the events (their fields in the
order the engine wrote them, as they are stored) and the pending decisions (without their ids,
which older revisions lack; ``--ids`` compares those too, between revisions that have them:
answers are stored under them).

The recording half (``python -m tests.replay --record OUT``) imports whatever ``rules`` is first
on ``sys.path``; it must run on every revision it compares, so it reaches the engine only through
:func:`_engine`, which knows where each function lived before and after the issue that gave
``rules/`` its section packages.

Both sides run with the same string hashing (``PYTHONHASHSEED=0``), so that a revision whose
results depend on the iteration order of a set of names still compares with itself.

``--ignore today.answers_used`` drops a key (a dotted path into the state) on both sides before
comparing: for a field a revision removed on purpose. ``--ignore-event not_implemented:7.5.6g``
drops on both sides the events of a type (and, after the colon, of that ``rule``): for a report a
revision added on purpose; whatever else differs is still reported. Every ignored key and event
is printed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Campaign:
    seed: int
    size: int
    hirelings: bool

    def cast(self, characters: Sequence[str]) -> list[str]:
        """``size`` of the game's characters, drawn by the seed."""
        return random.Random(self.seed).sample(sorted(characters), self.size)


def campaigns(count: int = 20) -> list[Campaign]:
    """``count`` campaigns: seeds 101, 102, ..., casts of 3 to 16 characters."""
    return [
        Campaign(
            seed=101 + index, size=3 + (index * 13) % 14 if index else 16, hirelings=not index % 2
        )
        for index in range(count)
    ]


CAMPAIGNS = campaigns()


# --- recording ------------------------------------------------------------------------------------


@dataclass
class _Engine:
    catalog: Callable[[], Any]
    new_game: Callable[..., Any]
    parse_orders: Callable[..., Any]
    resolve: Callable[..., Any]
    autopilot_orders: Callable[..., str]
    hire: Callable[..., Any]
    by_id: bool


def _first(*candidates: tuple[str, str]) -> Any:
    """The first ``(module, name)`` that imports."""
    for module, name in candidates:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    raise ImportError(f"none of {candidates} is importable")


def _engine() -> _Engine:
    resolve = _first(("rules", "resolve"), ("rules.day", "resolve"))
    return _Engine(
        catalog=_first(("rules.catalog", "catalog")),
        new_game=_first(("rules", "new_game"), ("rules.setup", "new_game")),
        parse_orders=_first(("rules", "parse_orders"), ("rules.parse", "parse_orders")),
        resolve=resolve,
        autopilot_orders=_first(
            ("rules", "autopilot_orders"), ("rules.autopilot", "autopilot_orders")
        ),
        hire=_first(("rules.daylight.hirelings", "hire"), ("rules.hirelings", "hire")),
        by_id="answers_used" not in _first(("rules.state", "DayState")).model_fields,
    )


def _choice(key: str, options: Sequence[str]) -> str:
    """A deterministic pick among ``options``, the same on every revision."""
    digest = hashlib.sha256(key.encode()).digest()
    return options[digest[0] % len(options)]


def _setup(engine: _Engine, campaign: Campaign) -> Any:
    """The campaign's game on day 1: two chits of each character fatigued (so that Rest asks
    which to rest first), decisions waited for, and hirelings for some games."""
    catalog = engine.catalog()
    cast = campaign.cast(list(catalog.characters))
    state = engine.new_game(catalog, campaign.seed, cast)
    state.options["wait_for_decisions"] = True
    for index, character in enumerate(state.characters.values()):
        for chit in character.chits[index % 3 :: 5][:2]:
            chit.status = "fatigued"
    if campaign.hirelings:
        first, second = cast[:2]
        for piece, employer, controlled in (
            ("Company HQ", first, False),
            ("Company 1", first, False),
            ("Giant 1", second, True),
        ):
            where = state.place_of(employer)
            if where.startswith("at:"):
                state.put(piece, where)
                engine.hire(catalog, state, piece, employer, controlled=controlled)
    return state


def _orders(engine: _Engine, state: Any, rng: random.Random) -> dict[str, str]:
    """The day's orders: the autopilot's, varied by ``rng`` with follows, blocking and trades
    (written first: what follows a familiar's section of the autopilot's text is the
    familiar's); hirelings the autopilot's text has no section for follow their employer or
    hide."""
    catalog = engine.catalog()
    texts: dict[str, str] = {}
    names = list(state.characters)
    where = {name: state.place_of(name) for name in names}
    for name in names:
        text = engine.autopilot_orders(state, name, catalog=catalog)
        roll = rng.random()
        company = [o for o in names if o != name and where[o] == where[name]]
        if company and roll < 0.15:
            text = f"F {rng.choice(company)}"
        elif roll < 0.3:
            text = "block: " + rng.choice(("unhidden", "all")) + "\n" + text
        texts[name] = text
    for name in names:
        company = [o for o in names if o != name and where[o] == where[name]]
        partner = company[0] if company else None
        if (
            partner
            and rng.random() < 0.2
            and "trade" not in texts[partner]
            and not texts[name].startswith("F ")
            and not texts[partner].startswith("F ")
        ):
            texts[name] = f"trade {partner}: give 1 gold; get 2 gold\n" + texts[name]
            texts[partner] = f"trade {name}: give 2 gold; get 1 gold\n" + texts[partner]
    for piece, minion in sorted(state.minions.items()):
        if f"\n{piece}:" in texts.get(minion.employer, ""):
            continue  # the autopilot records him in his employer's orders
        if where.get(minion.employer) == state.place_of(piece) and rng.random() < 0.6:
            texts[piece] = f"F {minion.employer}"
        elif not piece.startswith("Company 1"):
            texts[piece] = "H, H"
    orders = {}
    for name, text in texts.items():
        result = engine.parse_orders(text, state, name, catalog=catalog)
        if result.orders is not None:
            orders[name] = result.orders
    return orders


def _stored(event: Any) -> dict[str, Any]:
    """An event's stored form: ``stored()`` since the typed events of issue 30, pydantic's JSON
    dump of the untyped ``Event`` before; its phrases said in English (:func:`_said`)."""
    stored = getattr(event, "stored", None)
    dumped: dict[str, Any] = stored() if stored is not None else event.model_dump(mode="json")
    said: dict[str, Any] = _said(dumped)
    return said


def _said(value: Any) -> Any:
    """``value`` with every phrase in it (:mod:`rules.phrases`, since issue 35: the engine's
    explanations were English text before) replaced by its English sentence, so that the
    revisions before and after phrases compare by what a reader reads."""
    if isinstance(value, list):
        return [_said(item) for item in value]
    if not isinstance(value, dict):
        return value
    if isinstance(value.get("phrase"), str):
        from bot.event_text import say
        from bot.i18n import Language, speaking
        from rules.phrases import Phrase

        with speaking(Language.EN):
            return say(Phrase.read(value))
    return {key: _said(item) for key, item in value.items()}


def _record(campaign: Campaign, days: int, *, ids: bool = False) -> Iterator[dict[str, Any]]:
    """Play ``campaign`` for ``days`` days; yield one record per call of ``resolve`` (with the
    pending decisions' ids if ``ids``)."""
    engine = _engine()
    catalog = engine.catalog()
    state = _setup(engine, campaign)
    rng = random.Random(f"replay:{campaign.seed}")
    for _ in range(days):
        day = state.day
        orders = _orders(engine, state, rng)
        answers: dict[str, Any] = {}
        calls = 0
        while True:
            resolution = engine.resolve(state, orders, answers, catalog=catalog)
            pending = [
                {k: _said(v) for k, v in d.model_dump(mode="json").items() if ids or k != "id"}
                for d in resolution.pending
            ]
            yield {
                "seed": campaign.seed,
                "day": day,
                "call": calls,
                "state": _said(json.loads(resolution.state.to_json())),
                "events": [_stored(e) for e in resolution.events],
                "pending": pending,
            }
            state = resolution.state
            calls += 1
            if not resolution.pending:
                break
            for decision in resolution.pending:
                key = f"{day}:{decision.character}:{decision.kind}:{calls}"
                chosen = _choice(key, decision.options)
                if engine.by_id:
                    answers[decision.id] = chosen
                else:
                    answers.setdefault(decision.character, []).append(chosen)
        if state.today.stage == "over":
            break


def record(out: Path, *, count: int, days: int, ids: bool = False) -> None:
    """Write the records of the first ``count`` campaigns, ``days`` days each, to ``out``."""
    with out.open("w") as stream:
        for campaign in CAMPAIGNS[:count]:
            for entry in _record(campaign, days, ids=ids):
                stream.write(json.dumps(entry, separators=(",", ":")) + "\n")


# --- comparing ------------------------------------------------------------------------------------


def _drop(data: dict[str, Any], path: str) -> None:
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node.get(key) if isinstance(node, dict) else None
    if isinstance(node, dict):
        node.pop(last, None)


def _ignored(event: Any, kinds: Sequence[str]) -> bool:
    """Whether ``event`` (stored form) is of a kind ``TYPE`` or ``TYPE:RULE`` of ``kinds``."""
    for kind in kinds:
        type_, _, rule = kind.partition(":")
        if event.get("type") == type_ and (not rule or event.get("fields", {}).get("rule") == rule):
            return True
    return False


def compare(
    old: Path, new: Path, *, ignore: Sequence[str] = (), ignore_events: Sequence[str] = ()
) -> list[str]:
    """Every difference between two recordings, one line each (at most the first 20), but those
    of the state keys ``ignore`` names and of the events ``ignore_events`` names
    (``TYPE`` or ``TYPE:RULE``), dropped on both sides."""
    problems: list[str] = []
    with old.open() as left, new.open() as right:
        for a, b in zip(left, right, strict=False):
            if a == b:
                continue
            before, after = json.loads(a), json.loads(b)
            for path in ignore:
                _drop(before["state"], path)
                _drop(after["state"], path)
            for record in (before, after):
                events = record.get("events") or []
                record["events"] = [e for e in events if not _ignored(e, ignore_events)]
            if before == after:
                continue
            where = f"seed {before.get('seed')} day {before.get('day')} call {before.get('call')}"
            for key in ("state", "events", "pending"):
                if before.get(key) != after.get(key):
                    problems.append(f"{where}: {key} differ{_first_difference(before, after, key)}")
            if len(problems) >= 20:
                break
    lines_old, lines_new = _count(old), _count(new)
    if lines_old != lines_new:
        problems.append(f"the recordings have {lines_old} and {lines_new} records")
    return problems


def _first_difference(before: dict[str, Any], after: dict[str, Any], key: str) -> str:
    a, b = before[key], after[key]
    if isinstance(a, dict) and isinstance(b, dict):
        for field in sorted(set(a) | set(b)):
            if a.get(field) != b.get(field):
                return f" at {field!r}: {str(a.get(field))[:200]} != {str(b.get(field))[:200]}"
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return f" at [{index}]: {json.dumps(x)[:200]} != {json.dumps(y)[:200]}"
        return f": {len(a)} and {len(b)} entries"
    return ""


def _count(path: Path) -> int:
    with path.open() as stream:
        return sum(1 for _ in stream)


def _record_at(root: Path, out: Path, count: int, days: int, ids: bool = False) -> None:
    """Record with the ``rules`` package of ``root`` (a checkout), in a child process."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    script = (
        "import sys, rules; from pathlib import Path\n"
        f"assert Path(rules.__file__).resolve().is_relative_to({str(root.resolve())!r}), "
        "rules.__file__\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from tests.replay import record\n"
        f"record(Path({str(out)!r}), count={count}, days={days}, ids={ids})\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=root, env=env, check=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="replay", description=__doc__.split("\n\n")[0])
    parser.add_argument("ref", nargs="?", help="the git revision to compare the working tree with")
    parser.add_argument("--record", type=Path, help="only record this tree's run to a file")
    parser.add_argument("--campaigns", type=int, default=len(CAMPAIGNS))
    parser.add_argument("--days", type=int, default=28)
    parser.add_argument("--ignore", action="append", default=[], metavar="STATE.PATH")
    parser.add_argument("--ignore-event", action="append", default=[], metavar="TYPE[:RULE]")
    parser.add_argument("--ids", action="store_true", help="compare the decisions' ids too")
    args = parser.parse_args(argv)
    if args.record is not None:
        record(args.record, count=args.campaigns, days=args.days, ids=args.ids)
        return 0
    if args.ref is None:
        parser.error("name a git revision to compare with, or --record FILE")
    with tempfile.TemporaryDirectory(prefix="replay-") as tmp:
        base = Path(tmp)
        checkout = base / "ref"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(checkout), args.ref],
            cwd=ROOT,
            check=True,
        )
        try:
            old, new = base / "ref.jsonl", base / "tree.jsonl"
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                jobs = [
                    pool.submit(_record_at, checkout, old, args.campaigns, args.days, args.ids),
                    pool.submit(_record_at, ROOT, new, args.campaigns, args.days, args.ids),
                ]
                for job in jobs:
                    job.result()
            for path in args.ignore:
                print(f"ignoring state key {path} on both sides")
            for kind in args.ignore_event:
                print(f"ignoring events {kind} on both sides")
            problems = compare(old, new, ignore=args.ignore, ignore_events=args.ignore_event)
            records = _count(new)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(checkout)], cwd=ROOT, check=False
            )
    if problems:
        print(f"replay: the working tree differs from {args.ref}:")
        for line in problems:
            print("  " + line)
        return 1
    print(
        f"replay: no difference from {args.ref} in {args.campaigns} campaigns "
        f"({records} resolutions, states, events and decisions compared byte for byte)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
