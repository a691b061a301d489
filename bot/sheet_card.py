"""A sheet as a :class:`~bot.cards.Card`: the same data as ``sheet.txt.j2``, one field per line
of the text (where he is, his gold, fame and notoriety, chits, belongings, spells, his magic
as ``sheet_magic.txt.j2`` words it, discoveries, curses, tasks, victory requirements) and one
per hireling."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bot.cards import NONE, Card, Field
from bot.event_text import word
from bot.render import render
from bot.wording import pronouns
from rules import CharacterView, Departure, ItemView, SpellSheet

if TYPE_CHECKING:
    from bot.sheets import Hireling

#: The footer of a sheet with hirelings: how their orders are written.
HIRELINGS_HINT = (
    "Record each hireling's orders in a section of your own orders, "
    "a line starting with his name and a colon."
)


def _items(items: Iterable[ItemView]) -> str:
    return ", ".join(f"{i.id}{'' if i.active else ' (inactive)'}" for i in items) or NONE


def _listed(names: Sequence[str] | None) -> str:
    return ", ".join(names or ()) or NONE


def chit_statuses(sheet: CharacterView, magic: SpellSheet | None) -> list[str]:
    """Each of his chits' status as the sheet shows it: ``active``, ``fatigued``, ``wounded``,
    or ``committed`` for an active Magic chit committed to a spell in effect, neither active nor
    fatigued for him until the spell ends (4.6.7b, g, h.1; ``magic.committed``, label by
    label: two chits of one label, one committed, show one)."""
    left = [c.chit for c in magic.committed] if magic else []
    statuses: list[str] = []
    for chit in sheet.chits:
        if chit.status == "active" and chit.label in left:
            left.remove(chit.label)
            statuses.append("committed")
        else:
            statuses.append(chit.status)
    return statuses


def _fate(name: str, departed: Departure | None, campaign: str) -> str:
    if departed is None:
        return ""
    said = pronouns(name)
    if departed.how == "left_map":
        return (
            f"{said.he.capitalize()} has left the map (9.2.2b): {said.he} takes no more part in "
            "the game."
        )
    return (
        f"Dead ({word(departed.cause)}): {said.his} player may start again from game day "
        f"{departed.restart_day}, with a DM restart {campaign} (9.1.2)."
    )


def _hireling(h: Hireling) -> Field:
    name = (
        h.name + (" (controlled)" if h.controlled else "") + ("" if h.acts else " (follows only)")
    )
    value = f"at {h.at or 'off the map'}, hired until game day {h.until}; horse {h.horse or NONE}"
    if h.acts:
        value += f"; gold {h.gold}; belongings {_items(h.belongings)}"
    return Field(name, value)


def _magic(magic: SpellSheet | None) -> list[Field]:
    """A field for each line ``sheet_magic.txt.j2`` writes of ``magic`` (``name: value``)."""
    if not magic:
        return []
    lines = render("messages/sheet_magic.txt.j2", magic=magic).splitlines()
    fields = [line.partition(": ") for line in lines if line]
    return [Field(name, value) for name, _, value in fields]


def sheet_card(
    sheet: CharacterView,
    campaign: str,
    hirelings: Sequence[Hireling],
    *,
    moderator: bool,
    departed: Departure | None,
    magic: SpellSheet | None = None,
) -> Card:
    """``sheet`` (as its owner's view shows it) in ``campaign`` with his ``hirelings`` and his
    ``magic``; headed for a ``moderator``'s eyes or for his own, and saying how he ``departed``
    if he did."""
    title = (
        f"The {sheet.name}'s sheet in {campaign} (a moderator's view)"
        if moderator
        else f"Your {sheet.name} in {campaign}"
    )
    chits = ", ".join(
        c.label + ("" if status == "active" else f" ({status})")
        for c, status in zip(sheet.chits, chit_statuses(sheet, magic), strict=True)
    )
    fields = [
        Field("at", (sheet.at or "off the map") + (", hidden" if sheet.hidden else "")),
        Field("gold", str(sheet.gold), inline=True),
        Field("fame", str(sheet.fame), inline=True),
        Field("notoriety", str(sheet.notoriety), inline=True),
        Field("chits", chits or NONE),
        Field("belongings", _items(sheet.belongings)),
    ]
    if sheet.spells:
        fields.append(Field("spells", _listed(sheet.spells)))
    fields.extend(_magic(magic))
    for name, names in (("discoveries", sheet.discoveries), ("curses", sheet.curses)):
        if names:
            fields.append(Field(name, _listed(names)))
    if sheet.tasks:
        tasks = [
            t.face
            + (f" to the {t.destination} for {t.reward} gold" if t.destination else "")
            + (f", until Midnight of game day {t.last_day}" if t.last_day else ", until the end")
            for t in sheet.tasks
        ]
        fields.append(Field("missions and campaigns", "; ".join(tasks)))
    victory = ", ".join(f"{k} {v}" for k, v in (sheet.victory or {}).items())
    fields.append(Field("victory requirements", victory or NONE))
    fields.extend(_hireling(h) for h in hirelings)
    return Card(
        title=title,
        description=_fate(sheet.name, departed, campaign),
        fields=tuple(fields),
        footer=HIRELINGS_HINT if hirelings else "Only you see this sheet.",
    )
