"""The day's orders built phase by phase from the engine's legal options (6.2): what a player's
character may record in each phase, from where the phases before leave him
(:class:`rules.orders.legal.LegalOptions`, the engine's one source of them), for as many phases
as he has today (:func:`rules.orders.entitlement.entitlement`).

The options are his own: they are made for his character from the game at Birdsong, as the
parser judges his orders, and name nothing he has not discovered. What he builds is sent as
orders typed by hand are, and the parser has the last word.

:func:`day_builder` reads the database and blocks: run it in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Engine

from bot import directory
from db import repo
from db.engine import session_scope
from rules import Catalog, GameState
from rules.orders.entitlement import entitlement
from rules.orders.legal import LegalOptions
from rules.orders.model import Activity


class BuildError(Exception):
    """No orders can be built: the message says why."""


@dataclass
class DayBuilder:
    """One player's orders for one day, as far as he has built them."""

    campaign: str
    character: str
    day: int
    phases: int
    state: GameState
    catalog: Catalog
    chosen: list[Activity] = field(default_factory=list)
    legal: LegalOptions = field(init=False)

    def __post_init__(self) -> None:
        self.legal = LegalOptions(self.state, self.character, catalog=self.catalog)

    def options(self) -> list[Activity]:
        """What he may record in the next phase; none once every phase is recorded (or after
        a Follow, which is the whole day, 6.2.7)."""
        return [] if len(self.chosen) >= self.phases else self.legal.options()

    def choose(self, text: str) -> bool:
        """Record the option written ``text`` as the next phase; False if it is not one."""
        found = next((a for a in self.options() if str(a) == text), None)
        if found is None:
            return False
        self.legal.record(found)
        self.chosen.append(found)
        return True

    def undo(self) -> None:
        """Take back the last phase recorded."""
        kept = self.chosen[:-1]
        self.chosen = []
        self.legal = LegalOptions(self.state, self.character, catalog=self.catalog)
        for activity in kept:
            self.legal.record(activity)
            self.chosen.append(activity)

    def text(self) -> str:
        """The orders built so far, in the notation (6.2.6)."""
        return ", ".join(str(a) for a in self.chosen)


def day_builder(engine: Engine, catalog: Catalog, campaign: str, player: str) -> DayBuilder:
    """A builder of ``player``'s orders for today in the visible running campaign called
    ``campaign``, from the game as it stands (as :meth:`CampaignService.submit_orders` reads
    them); or :class:`BuildError` saying why there is none — no such campaign, not running, the
    day resolving with decisions open, no seat, a character out of play."""
    with session_scope(engine) as session:
        found = directory.named(session, campaign)
        if found is None or found.id is None:
            raise BuildError(f"there is no campaign called {campaign[:100]!r}")
        if found.status != "running":
            raise BuildError(f"{found.name} is {found.status}: orders are not open")
        if repo.open_decisions(session, campaign_id=found.id):
            raise BuildError(
                f"day {found.day} of {found.name} is being resolved and waits for players' "
                f"decisions: its orders are in; build day {found.day + 1}'s once its report is out"
            )
        seats = repo.list_seats(session, campaign_id=found.id)
        seat = next((s for s in seats if s.player == player), None)
        if seat is None:
            raise BuildError(f"you have no character in {found.name}")
        snapshot = repo.latest_snapshot(session, campaign_id=found.id)
        if snapshot is None:
            raise BuildError(f"{found.name} has no game yet")
        state = GameState.from_json(snapshot.state)
        name, character, day = found.name, seat.character, found.day
    sheet = state.characters.get(character)
    if sheet is None or sheet.departed is not None:
        raise BuildError(f"the {character} takes no orders")
    phases = entitlement(catalog, state, character).total
    return DayBuilder(name, character, day, phases, state, catalog)
