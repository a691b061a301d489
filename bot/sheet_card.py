"""A sheet as a :class:`~bot.cards.Card`: the same data as ``sheet.txt.j2``, one field per line
of the text (where he is, his gold, fame and notoriety, chits, belongings, spells, his magic
as ``sheet_magic.txt.j2`` words it, discoveries, curses, tasks, victory requirements) and one
per hireling."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bot.cards import NONE, Card, Field
from bot.i18n import N_, _
from bot.render import render, word
from bot.terms import term
from bot.wording import pronouns
from rules import CharacterView, Departure, ItemView, SpellSheet

if TYPE_CHECKING:
    from bot.sheets import Hireling

#: The footer of a sheet with hirelings: how their orders are written.
HIRELINGS_HINT = N_(
    "Record each hireling's orders in a section of your own orders, "
    "a line starting with his name and a colon."
)


def _items(items: Iterable[ItemView]) -> str:
    return ", ".join(f"{i.id}{'' if i.active else _(' (inactive)')}" for i in items) or _(NONE)


def _listed(names: Sequence[str] | None) -> str:
    return ", ".join(names or ()) or _(NONE)


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
        return _("%(He)s has left the map (9.2.2b): %(he)s takes no more part in the game.") % {
            "He": said.he.capitalize(),
            "he": said.he,
        }
    return _(
        "Dead (%(cause)s): %(his)s player may start again from game day "
        "%(day)s, with a DM restart %(campaign)s (9.1.2)."
    ) % {
        "cause": word(departed.cause, said),
        "his": said.his,
        "day": departed.restart_day,
        "campaign": campaign,
    }


def _hireling(h: Hireling) -> Field:
    name = (
        h.name
        + (_(" (controlled)") if h.controlled else "")
        + ("" if h.acts else _(" (follows only)"))
    )
    horse = h.horse or _(NONE)
    value = (
        _("at %(where)s, hired until game day %(day)s; horse %(horse)s")
        % {"where": h.at, "day": h.until, "horse": horse}
        if h.at
        else _("at off the map, hired until game day %(day)s; horse %(horse)s")
        % {"day": h.until, "horse": horse}
    )
    if h.acts:
        value += "; " + _("gold %(gold)s") % {"gold": h.gold}
        value += "; " + _("belongings") + " " + _items(h.belongings)
    return Field(name, value)


def _magic(magic: SpellSheet | None) -> list[Field]:
    """A field for each line ``sheet_magic.txt.j2`` writes of ``magic`` (``name: value``)."""
    if not magic:
        return []
    lines = render("messages/sheet_magic.txt.j2", magic=magic).splitlines()
    fields = [line.partition(": ") for line in lines if line]
    return [Field(name, value) for name, _colon, value in fields]


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
    words = {"name": term(sheet.name), "campaign": campaign}
    title = (
        _("The %(name)s's sheet in %(campaign)s (a moderator's view)") % words
        if moderator
        else _("Your %(name)s in %(campaign)s") % words
    )
    statuses = {
        "fatigued": _("fatigued"),
        "wounded": _("wounded"),
        "committed": _("committed"),
    }
    chits = ", ".join(
        c.label + ("" if status == "active" else f" ({statuses.get(status, status)})")
        for c, status in zip(sheet.chits, chit_statuses(sheet, magic), strict=True)
    )
    categories = {
        "Great Treasures": _("Great Treasures"),
        "Spells": _("Spells"),
        "Fame": _("Fame"),
        "Notoriety": _("Notoriety"),
        "Gold": _("Gold"),
    }
    fields = [
        Field(_("at"), (sheet.at or _("off the map")) + (_(", hidden") if sheet.hidden else "")),
        Field(_("gold"), str(sheet.gold), inline=True),
        Field(_("fame"), str(sheet.fame), inline=True),
        Field(_("notoriety"), str(sheet.notoriety), inline=True),
        Field(_("chits"), chits or _(NONE)),
        Field(_("belongings"), _items(sheet.belongings)),
    ]
    if sheet.spells:
        fields.append(Field(_("spells"), _listed(sheet.spells)))
    fields.extend(_magic(magic))
    for name, names in ((_("discoveries"), sheet.discoveries), (_("curses"), sheet.curses)):
        if names:
            fields.append(Field(name, _listed(names)))
    if sheet.tasks:
        tasks = [
            t.face
            + (
                " "
                + _("to the %(destination)s for %(reward)s gold")
                % {"destination": t.destination, "reward": t.reward}
                if t.destination
                else ""
            )
            + ", "
            + (
                _("until Midnight of game day %(day)s") % {"day": t.last_day}
                if t.last_day
                else _("until the end")
            )
            for t in sheet.tasks
        ]
        fields.append(Field(_("missions and campaigns"), "; ".join(tasks)))
    victory = ", ".join(f"{categories.get(k, k)} {v}" for k, v in (sheet.victory or {}).items())
    fields.append(Field(_("victory requirements"), victory or _(NONE)))
    fields.extend(_hireling(h) for h in hirelings)
    return Card(
        title=title,
        description=_fate(sheet.name, departed, campaign),
        fields=tuple(fields),
        footer=_(HIRELINGS_HINT) if hirelings else _("Only you see this sheet."),
    )
