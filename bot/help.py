"""What ``/help`` says: the commands by role, the order notation with examples, and what each
order problem code means.

The words come from where the things are defined, so that the help cannot drift from them: the
commands and their descriptions from the transport's command tree (the caller lists them), the
activities from :class:`rules.orders.model.ActivityKind` and their names from the Daylight
Activities table (:func:`rules.orders.entitlement.activity_name`), the problem codes from the
engine's one list (:data:`rules.orders.parse.CODES`). Texts are split into pages a Discord
message can hold.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from bot.i18n import _
from bot.render import render, split_message, word
from rules import CODES, ActivityKind, activity_name

#: The most one page of help holds (Discord's limit on a message is 2,000 characters).
PAGE = 1900

#: The topics of ``/help``.
TOPICS = ("commands", "moderators", "orders", "errors")


def pages(lines: Iterable[str]) -> list[str]:
    """``lines`` as pages a Discord message can hold (split at line breaks)."""
    return split_message("\n".join(lines), PAGE)


def commands_help(title: str, commands: Sequence[tuple[str, str]]) -> list[str]:
    """``commands`` — (``/name``, description) pairs — listed under ``title``, each
    description in the language spoken (the command tree's translations are the catalog's:
    :mod:`bot.discord.translator`)."""
    return pages(
        [
            f"**{title}**",
            *(f"`{name}` — {_(about) if about else about}" for name, about in commands),
        ]
    )


def orders_help() -> list[str]:
    """The order notation: the activities by their abbreviations, and examples."""
    activities = [
        (kind.value, activity_name(kind)) for kind in ActivityKind if kind is not ActivityKind.BLANK
    ]
    return pages(render("messages/help_orders.txt.j2", activities=activities).splitlines())


def errors_help() -> list[str]:
    """Every problem code an order may get, and what it means."""
    title = _("**What the problem codes mean**")
    return pages([title, *(f"`{c}` — {word(m)}" for c, m in CODES.items())])


def code_help(code: str) -> str:
    """What problem ``code`` means; for a code that is not one, the nearest codes."""
    wanted = code.strip().lower()
    if wanted in CODES:
        return f"`{wanted}` — {word(CODES[wanted])}"
    near = difflib.get_close_matches(wanted, list(CODES), n=3)
    hint = (
        _(" Did you mean %(codes)s?") % {"codes": ", ".join(f"`{c}`" for c in near)} if near else ""
    )
    shown = re.sub(r"[^a-z0-9-]", "", wanted)[:40]  # never markup or a mention
    return _("There is no problem code '%(code)s'.%(hint)s `/help errors` lists them all.") % {
        "code": shown,
        "hint": hint,
    }


def matching_codes(prefix: str, *, limit: int = 25) -> list[str]:
    """The problem codes containing ``prefix`` (all when it is empty), at most ``limit``:
    the choices a code option offers as it is typed."""
    wanted = prefix.strip().lower()
    return [code for code in CODES if wanted in code][:limit]
