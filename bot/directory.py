"""Which campaigns and characters a request may name: those it sees (:mod:`bot.scope`), the
campaign a channel plays, the characters free to join one or seated in it; and a player's own
orders in force, to edit. The transports use it to find the campaign a command means when it
names none, to offer names as they are typed and to fill forms; it tells nothing the request
could not learn by asking the service.

Every function reads the database and blocks: run it in a thread.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import ColumnElement, Engine, func
from sqlmodel import Session, col, select

from bot import scope
from bot.names import folded
from db import repo
from db.engine import session_scope
from db.models import Campaign
from rules import Catalog

#: Discord offers at most 25 choices.
CHOICES = 25


def visible(session: Session, *where: ColumnElement[bool]) -> list[Campaign]:
    """The campaigns the current request may see, of those ``where`` selects (all when not
    given), in id order: a server's own in a server, a player's own by DM (those he has a seat
    in), every one without a scope (the command line, the scheduler)."""
    scoped = scope.current()
    query = select(Campaign).where(*where).order_by(col(Campaign.id))
    if scoped is not None and scoped.guild is not None:
        query = query.where(Campaign.guild == scoped.guild)
    campaigns = list(session.exec(query))
    if scoped is not None and scoped.player is not None:
        seated = {s.campaign_id for s in repo.list_player_seats(session, player=scoped.player)}
        campaigns = [c for c in campaigns if c.id in seated]
    return campaigns


def campaigns(engine: Engine) -> list[Campaign]:
    """The campaigns the current request may see (detached, for reading), in id order."""
    with session_scope(engine) as session:
        return visible(session)


def played_in(engine: Engine, channels: Sequence[str]) -> list[str]:
    """The names of the campaigns the request may see that are played in one of ``channels``
    (a channel, and the channel a thread of it is in): the unfinished ones, or the finished
    ones when none is unfinished."""
    with session_scope(engine) as session:
        found = visible(session, col(Campaign.channel).in_(list(channels)))
    unfinished = [c.name for c in found if c.status != "finished"]
    return unfinished or [c.name for c in found]


def offered(typed: str, names: Iterable[str], limit: int = CHOICES) -> list[str]:
    """Of ``names``, those ``typed`` (case aside) could be the start of, then those it is
    part of, at most ``limit``; all of them (to the limit) while nothing is typed."""
    want = folded(typed)
    starting = [n for n in names if folded(n).startswith(want)]
    within = [n for n in names if want in folded(n) and n not in starting]
    return (starting + within)[:limit]


def campaign_names(engine: Engine, typed: str) -> list[str]:
    """The names of the campaigns the request may see that ``typed`` could mean (:func:`offered`),
    unfinished ones first."""
    found = sorted(campaigns(engine), key=lambda c: c.status == "finished")
    return offered(typed, [c.name for c in found])


def named(session: Session, name: str) -> Campaign | None:
    """The visible campaign called ``name``, whatever the case (the one spelled exactly so
    when several differ by case only), if any."""
    found = visible(session, func.lower(col(Campaign.name)) == func.lower(name))
    exact = [c for c in found if c.name == name]
    return exact[0] if len(exact) == 1 else (found[0] if len(found) == 1 else None)


def seated_characters(engine: Engine, campaign: str) -> list[str]:
    """The characters seated in the visible campaign called ``campaign`` (any case), in the
    order they joined (public: each joining is announced in the channel); none if there is no
    such campaign."""
    with session_scope(engine) as session:
        found = named(session, campaign)
        if found is None or found.id is None:
            return []
        return [s.character for s in repo.list_seats(session, campaign_id=found.id)]


def free_characters(engine: Engine, catalog: Catalog, campaign: str) -> list[str]:
    """The characters no one has joined the visible campaign called ``campaign`` as, in the
    catalog's order, while it enrolls; none otherwise."""
    with session_scope(engine) as session:
        found = named(session, campaign)
        if found is None or found.id is None or found.status != "enrolling":
            return []
        taken = {s.character for s in repo.list_seats(session, campaign_id=found.id)}
    return [name for name in catalog.characters if name not in taken]


def own_orders(engine: Engine, campaign: str, player: str) -> str | None:
    """The text of ``player``'s orders in force today in the visible campaign called
    ``campaign``, as they were sent; ``None`` when he has none there (or no seat)."""
    with session_scope(engine) as session:
        found = named(session, campaign)
        if found is None or found.id is None:
            return None
        seat = next(
            (s for s in repo.list_seats(session, campaign_id=found.id) if s.player == player), None
        )
        if seat is None or seat.id is None:
            return None
        row = repo.current_orders(session, campaign_id=found.id, day=found.day).get(seat.id)
        return None if row is None else row.text
