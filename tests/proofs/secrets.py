"""What one viewer must not learn: the moderator's view of a game minus the viewer's own.

:func:`secrets_of` derives a viewer's secrets from the two :class:`rules.view.View` s alone
(4.4-4.5, 2.6): the identity of every piece the moderator identifies and the viewer does not
(face-down Treasures, Spells and map chits), and every other character's private sheet — Gold,
Victory Requirements, recorded spells, discoveries — as the sheet prints it. :func:`sealed`
adds what the game state does not hold: other players' orders and combat plays before their
reveal, and the salts of the sealed plays. A :class:`Secret` finds itself in a text with
:meth:`Secret.found_in`: as a whole name, case kept, and not as part of a longer name of the
game that contains it (``Lost`` is not found in ``Lost Keys``). A reader of another language
than English (issue 35) reads the game's names in his rulebook's words and the sheet's lines in
his language: his secrets are sought in both forms (``spoken``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from bot.i18n import Language, gettext, speaking
from bot.sealing import SealedSet
from bot.terms import term_in
from rules.catalog import Catalog
from rules.events import Event
from rules.pieces import pieces_of
from rules.view import CharacterView, Pile, View


@dataclass(frozen=True)
class Secret:
    """One thing a viewer may not read: ``what`` it is (for the finding) and its ``text``;
    ``longer`` are the game's names that contain it and may be read."""

    what: str
    text: str
    longer: tuple[str, ...] = field(default=())
    line: bool = False

    def found_in(self, message: str) -> bool:
        """Whether ``message`` holds this secret, as a whole name (or, for a ``line``, as a
        whole line)."""
        if self.text not in message:
            return False
        if self.line:
            return self.text in (line.strip() for line in message.splitlines())
        for name in self.longer:
            message = message.replace(name, "\0")
        return _whole(self.text).search(message) is not None


@lru_cache(maxsize=4096)
def _whole(text: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w']){re.escape(text)}(?![\w'])")


@lru_cache(maxsize=4)
def _names(catalog: Catalog) -> tuple[str, ...]:
    """Every piece's id: the names a longer name may hide a secret in."""
    return tuple(sorted(piece.id for piece in pieces_of(catalog)))


#: Names of Spell cards that name something open too: the Imp's Curse and the Demons' Power of
#: the Pit are their attacks, printed on their counters (8.4.7b), and a site's roll may bring
#: the Power of the Pit (L4228) — none of them the face-down card.
OTHER_USES = {
    "Curse": ("Imp's Curse",),
    "Power of the Pit": ("Demon's Power of the Pit", "the Power of the Pit, which comes with"),
}


@lru_cache(maxsize=4096)
def _longer(catalog: Catalog, text: str) -> tuple[str, ...]:
    longer = tuple(n for n in _names(catalog) if text in n and n != text)
    return longer + OTHER_USES.get(text, ())


def _piles(view: View) -> Iterator[Pile]:
    yield from (tile.chits for tile in view.tiles)
    yield from view.clearings.values()
    yield from (box.contents for box in (*view.set_up_card, *view.sections))
    yield view.aside
    yield view.out_of_play


def _sheets(view: View) -> Iterator[CharacterView]:
    yield from view.characters
    yield from (minion.sheet for minion in view.minions)


def identified(view: View) -> set[str]:
    """Every piece the view names: on the board, in boxes, and among belongings."""
    names = {piece.id for pile in _piles(view) for piece in pile.pieces}
    names |= {item.id for sheet in _sheets(view) for item in sheet.belongings}
    return names


def private_lines(sheet: CharacterView, spoken: Language = Language.EN) -> list[str]:
    """A sheet's secret fields as :file:`templates/messages/sheet.txt.j2` prints them in
    ``spoken`` (its messages, the game's names in that language's terms)."""
    lines = []
    with speaking(spoken):
        if sheet.gold is not None:
            gold = gettext("gold %(gold)s, fame %(fame)s, notoriety %(notoriety)s")
            lines.append(
                gold % {"gold": sheet.gold, "fame": sheet.fame, "notoriety": sheet.notoriety}
            )
        if sheet.victory:
            shown = ", ".join(f"{gettext(c)} {p}" for c, p in sheet.victory.items())
            lines.append(f"{gettext('victory requirements')}: {shown}")
        if sheet.spells:
            spells = ", ".join(term_in(spoken, s) for s in sheet.spells)
            lines.append(f"{gettext('spells')}: {spells}")
        if sheet.discoveries:
            found = ", ".join(term_in(spoken, d) for d in sheet.discoveries)
            lines.append(f"{gettext('discoveries')}: {found}")
    return lines


#: The events by which the rules show pieces: turned face up before all (7.13.2b, 7.5.5b.2,
#: 7.5.5e, 7.6.5's Enchanted card; a Treasure card bought or sold is revealed, 7.6.5f and
#: 7.6.4, even if it then lies inactive face down), or in a secret look or find to one (7.5.4,
#: 7.6.5, 7.6.7a; a Wish's vision, 4.6.8b.2). A spell cast is revealed to all (8.3.9b, 8.4.3),
#: and a spell in effect lies on the board for all to see (4.6.7g–h): its name is no secret, though
#: a face-down Spell card in a box may bear it.
SHOWING = frozenset(
    {
        "cast",
        "spell_took_effect",
        "spell_cancelled",
        "bought",
        "sold",
        "chit_revealed",
        "chit_shown",
        "enchanted_revealed",
        "looted_shown",
        "looked",
        "trade_looked",
        "spells_seen",
        "vision_seen",
        "discovered",
    }
)


def shown(events: Iterable[Event], viewer: str) -> set[str]:
    """The names that ``events`` showed ``viewer`` (:data:`SHOWING`): he saw them, and a
    player remembers what he saw, even once it is face down again."""
    names: set[str] = set()
    for event in events:
        if event.type in SHOWING and event.visible_to(viewer):
            for value in event.fields.values():
                if isinstance(value, str):
                    names.add(value)
                elif isinstance(value, list | tuple):
                    names.update(str(v) for v in value)
    return names


def secrets_of(
    catalog: Catalog,
    moderator: View,
    viewer: View,
    seen: Iterable[str] = (),
    spoken: Language = Language.EN,
) -> list[Secret]:
    """The secrets of ``viewer``'s view: what ``moderator``'s holds and it lacks — but for the
    names he has ``seen`` (:func:`shown`) and the spells he records or knows — as a reader of
    ``spoken`` may read them: each name also in his rulebook's words, the sheet's lines in his
    language."""
    if viewer.viewer == moderator.viewer:
        return []
    found: list[Secret] = []
    knows = identified(viewer) | set(seen)
    for sheet in _sheets(viewer):
        for names in (sheet.spells, sheet.starting_spells, sheet.known, sheet.discoveries):
            knows.update(names or ())
    for name in sorted(identified(moderator) - knows):
        found.extend(_named(catalog, f"the face-down {name}", name, spoken))
    own = {s.name: s for s in _sheets(viewer)}
    known = {line for sheet in _sheets(viewer) for line in private_lines(sheet, spoken)}
    for sheet in _sheets(moderator):
        his = own.get(sheet.name)
        if his is not None and his.gold is not None:
            continue  # his own sheet, or his hireling's
        for line in private_lines(sheet, spoken):
            if line not in known:
                what = f"the {sheet.name}'s {line.split(' ')[0]}"
                found.append(Secret(what, line, line=True))
        theirs = set(sheet.discoveries or ()) - knows
        for discovery in sorted(theirs):
            found.extend(
                _named(catalog, f"the {sheet.name}'s discovery: {discovery}", discovery, spoken)
            )
    return found


def _named(catalog: Catalog, what: str, name: str, spoken: Language) -> list[Secret]:
    """The secret ``name``, and its term in ``spoken`` where that is another word."""
    found = [Secret(what, name, _longer(catalog, name))]
    said = term_in(spoken, name)
    if said != name:
        longer = tuple(term_in(spoken, n) for n in _longer(catalog, name))
        found.append(Secret(what, said, longer))
    return found


def sealed(
    character: str,
    orders: dict[str, str],
    plays: dict[str, SealedSet],
    spoken: Language = Language.EN,
) -> list[Secret]:
    """What ``character`` may not read before the reveal: the other players' ``orders`` of
    the day not yet resolved (their canonical echo, line by line), their ``plays`` in the
    open combat window (their sealed sets, as :func:`bot.window_messages.plays_echo` heads
    them, in ``spoken``), each keyed by its character, and the salt of every set of that window,
    his own too (told only with the reveal, :mod:`bot.sealing`); a line of orders that is his
    own too is no secret."""
    own = {line.strip() for line in orders.get(character, "").splitlines()}
    found: list[Secret] = []
    for other, echo in orders.items():
        if other != character:
            found.extend(
                Secret(f"the {other}'s orders", line.strip(), line=True)
                for line in echo.splitlines()
                if line.strip() and line.strip() not in own
            )
    for other, sealed_set in plays.items():
        if other != character:
            found.append(Secret(f"the {other}'s plays", _plays_heading(other, spoken)))
        found.append(Secret(f"the salt of the {other}'s sealed plays", sealed_set.salt))
    return found


def _plays_heading(character: str, spoken: Language) -> str:
    """The start of the heading of ``character``'s sealed plays (:file:`templates/messages/
    plays_echo.txt.j2`) in ``spoken``, up to its tag."""
    with speaking(spoken):
        heading = gettext("The %(character)s's plays (version %(tag)s):")
    start = heading.partition("%(tag)s")[0].rstrip()
    return start % {"character": term_in(spoken, character)}
