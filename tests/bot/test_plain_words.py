"""Words a person reads (issue 31): a refusal starts with a capital letter, and a count is
followed by its noun in the number it takes, never ``decision(s)``.

Both are read from the source, so that a refusal or a sentence added later is held to them too:
every refusal raised in ``bot/`` with words of its own (:data:`REFUSALS`), and every string of
``bot/`` and every template. A refusal that starts with a name (a campaign's, a setting's, a
command's) starts as the name is written."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot.service import CampaignService, RequestError

ROOT = Path(__file__).resolve().parents[2]

#: The exceptions whose message is shown to the person refused, as it is or after a
#: :class:`~bot.store.RequestError` takes it over.
REFUSALS = frozenset({"RequestError", "NotModeratorError", "SettingError", "BuildError"})

#: The calls that say a message in the reader's language (:mod:`bot.i18n`): the message is
#: their first argument.
SAYING = frozenset({"_", "gettext", "ngettext"})

#: A noun with its plural in brackets: ``round(s)``.
BRACKETED_PLURAL = re.compile(r"\w\(s\)")


def refusals(root: Path) -> Iterator[tuple[str, str]]:
    """Where each refusal is raised under ``root`` (``path:line``), and the literal text its
    message starts with ("" when it starts with a value): the English, for a message said in
    the reader's language (``_("...") % values``)."""
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            function = node.func
            if isinstance(function, ast.Attribute):
                name = function.attr
            else:
                name = function.id if isinstance(function, ast.Name) else ""
            if name not in REFUSALS:
                continue
            message = node.args[0]
            if isinstance(message, ast.BinOp) and isinstance(message.op, ast.Mod):
                message = message.left
            if (
                isinstance(message, ast.Call)
                and isinstance(message.func, ast.Name)
                and message.func.id in SAYING
                and message.args
            ):
                message = message.args[0]
            if isinstance(message, ast.JoinedStr) and message.values:
                message = message.values[0]
            start = message.value if isinstance(message, ast.Constant) else ""
            yield f"{path.relative_to(ROOT)}:{node.lineno}", str(start)


def test_every_refusal_starts_with_a_capital_letter() -> None:
    found = dict(refusals(ROOT / "bot"))
    assert len(found) > 50, "the scan reads the refusals"
    worded = {where: start for where, start in found.items() if start}
    assert any(start.startswith("Unknown setting") for start in worded.values())
    assert [f"{where}: {start!r}" for where, start in worded.items() if start[0].islower()] == []


def test_a_refusal_reaches_the_person_as_it_is_written(service: CampaignService) -> None:
    for refused in (
        lambda: service.campaigns.create("Valley", moderator="gm", seed=-1),
        lambda: service.campaigns.create("Valley", moderator="gm", options={"nope": True}),
        lambda: service.players.submit_orders("Nowhere", player="p1", text="H"),
    ):
        try:
            refused()
        except RequestError as error:
            assert str(error)[0].isupper(), str(error)
        else:
            raise AssertionError("not refused")


def strings(root: Path) -> Iterator[tuple[str, str]]:
    """Every string constant of the Python files under ``root``, where it is."""
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value


def test_no_sentence_brackets_a_plural() -> None:
    found = list(strings(ROOT / "bot"))
    for template in sorted((ROOT / "templates").rglob("*.j2")):
        lines = template.read_text(encoding="utf-8").splitlines()
        found += [(f"{template.relative_to(ROOT)}:{n}", line) for n, line in enumerate(lines, 1)]
    assert len(found) > 1000, "the scan reads the code's strings and the templates"
    assert any(BRACKETED_PLURAL.search(text) for text in ("round(s)", "decision(s)"))
    assert [f"{where}: {text!r}" for where, text in found if BRACKETED_PLURAL.search(text)] == []
