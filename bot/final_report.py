"""The final report of a campaign (issue 17, 9.3): every character's Victory Requirements
revealed at last, the score table, the victor and the winners, and the epilogue — each
character's route over the month, his kills, the treasures he carried out, his deaths and fresh
starts — with the route maps: one with every route, and one per character.

It is made from what the archive keeps — the events of every day and the saved game at the
start and at the end — so the same archive gives the same report, whenever it is asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from bot.epilogue import EPILOGUE_EVENTS, Life, carried_out, lives, route_maps, starts
from bot.event_text import describe
from bot.i18n import _
from bot.render import render
from bot.terms import term
from rules import PUBLIC, Catalog, Event, GameState
from rules.events import event_types
from rules.events.end import Restarted, Scored, Victor, VictoryRevealed

#: The event classes the final report reads (its epilogue's too): it reads no other event.
FINAL_EVENTS = (VictoryRevealed, Scored, Victor, Restarted, *EPILOGUE_EVENTS)


@functools.cache
def final_events() -> frozenset[str]:
    """The names of the event types :func:`final_report` reads (:data:`FINAL_EVENTS` and
    their subclasses): the archive need read no other (an event stored under another name is
    read as another class, or as an untyped event, neither of which the report reads)."""
    return frozenset(name for name, kind in event_types().items() if issubclass(kind, FINAL_EVENTS))


@dataclass(frozen=True)
class FinalReport:
    """The text of the final report and its images, each (file name, caption, PNG bytes): every
    route first, then each character's."""

    text: str
    images: tuple[tuple[str, str, bytes], ...]


def final_report(
    catalog: Catalog,
    campaign: str,
    first: GameState,
    last: GameState,
    days: Sequence[tuple[int, Sequence[Event]]],
    *,
    maps: bool = True,
) -> FinalReport:
    """The final report of ``campaign``: ``first`` is the saved game as day 1 began, ``last``
    as the game ended, ``days`` the events of each day in order (those of
    :func:`final_events` are enough). ``maps`` draws the route maps (the text alone is enough
    for ``/final``)."""
    everything = [e for _, events in days for e in events]
    requirements = [e for e in everything if isinstance(e, VictoryRevealed)]
    scores = [e for e in everything if isinstance(e, Scored)]
    victor = next((e for e in everything if isinstance(e, Victor)), None)
    found = lives(starts(first), days)
    restarted = _fresh_starts(everything)
    for name in restarted:
        found.setdefault(name, Life(name))
    for life in found.values():
        if life.character in last.characters:
            life.treasures = carried_out(catalog, last, life.character)
        life.starts = restarted.get(life.character, [])
    rows = list(found.values())
    text = render(
        "messages/final.txt.j2",
        campaign=campaign,
        last_day=last.game_day,
        agreed=last.ended == "agreed",
        requirements=requirements,
        scores=scores,
        victors=list(victor.who) if victor else [],
        winners=list(victor.winners) if victor else [],
        lives=rows,
    )
    images: list[tuple[str, str, bytes]] = []
    if maps:
        routes = {life.character: life.route for life in found.values() if life.route}
        singles = [{name: route} for name, route in routes.items()]
        pictures = route_maps(catalog, last, [routes, *singles])
        images.append(("routes.png", _("every route"), pictures[0]))
        for name, picture in zip(routes, pictures[1:], strict=True):
            slug = name.lower().replace(" ", "-")
            caption = _("the route of the %(character)s") % {"character": term(name)}
            images.append((f"route-{slug}.png", caption, picture))
    return FinalReport(text, tuple(images))


def _fresh_starts(events: Sequence[Event]) -> dict[str, list[str]]:
    """The fresh starts the events tell (9.1.2): by the new character, where and when."""
    found: dict[str, list[str]] = {}
    for event in events:
        if isinstance(event, Restarted) and event.visible_to(PUBLIC):
            found.setdefault(event.who, []).append(describe(event))
    return found
