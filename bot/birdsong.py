"""The day's orders built phase by phase from the engine's legal options (6.2): what a player's
character may record in each phase, from where the phases before leave him
(:class:`rules.orders.legal.LegalOptions`, the engine's one source of them), for as many phases
as he has today (:func:`rules.orders.entitlement.entitlement`); then, turn by turn, the same for
each individual whose orders he records — his familiar, his hired leaders and underlings (6.2.5,
L3926), each in his section of the message.

The options are his own: they are made for his character from the game at Birdsong, as the
parser judges his orders, and name nothing he has not discovered. What he builds is sent as
orders typed by hand are, and the parser has the last word.

:func:`day_builder` reads the database and blocks: run it in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import Engine

from bot import directory
from bot.i18n import _
from bot.terms import term
from bot.wording import status_word
from db import repo
from db.engine import session_scope
from rules import Activity, Catalog, GameState, LegalOptions, entitlement, recorded_by


class BuildError(Exception):
    """No orders can be built: the message says why."""


@dataclass
class Turn:
    """One turn the player records: ``who`` (his character, or one he records for), the
    ``phases`` he has, his options phase by phase and what is chosen so far."""

    who: str
    phases: int
    legal: LegalOptions
    chosen: list[Activity] = field(default_factory=list)

    def options(self) -> list[Activity]:
        """What may be recorded in the next phase; none once every phase is recorded (or after
        a Follow, which is the whole day, 6.2.7)."""
        return [] if len(self.chosen) >= self.phases else self.legal.options()

    def text(self) -> str:
        """The turn so far, in the notation (6.2.6)."""
        return ", ".join(str(a) for a in self.chosen)


@dataclass
class DayBuilder:
    """One player's orders for one day, as far as he has built them: his character's turn,
    then one for each individual he records for (his familiar, his hirelings: 6.2.5, L3926),
    each written in the message's section for him (:mod:`rules.orders.sections`). One turn is
    built at a time (:attr:`current`); :meth:`next_turn` goes on to the next."""

    campaign: str
    character: str
    day: int
    state: GameState
    catalog: Catalog
    turns: list[Turn]
    current: int = 0

    @property
    def turn(self) -> Turn:
        """The turn being built."""
        return self.turns[self.current]

    @property
    def next_one(self) -> str | None:
        """Whose turn comes after this one, if any."""
        return self.turns[self.current + 1].who if self.current + 1 < len(self.turns) else None

    def options(self) -> list[Activity]:
        """What may be recorded in the next phase of the turn being built."""
        return self.turn.options()

    def choose(self, text: str) -> bool:
        """Record the option written ``text`` as the turn's next phase; False if it is not
        one."""
        found = next((a for a in self.options() if str(a) == text), None)
        if found is None:
            return False
        self.turn.legal.record(found)
        self.turn.chosen.append(found)
        return True

    def next_turn(self) -> bool:
        """Go on to the next turn; False if this is the last."""
        if self.next_one is None:
            return False
        self.current += 1
        return True

    def undo(self) -> None:
        """Take back the last phase recorded: of the turn being built, or else, of the turn
        before it (which is built again)."""
        if not self.turn.chosen and self.current > 0:
            self.current -= 1
        turn = self.turn
        kept = turn.chosen[:-1]
        turn.chosen = []
        turn.legal = LegalOptions(self.state, turn.who, catalog=self.catalog)
        for activity in kept:
            turn.legal.record(activity)
            turn.chosen.append(activity)

    def built(self) -> bool:
        """Whether anything is recorded yet."""
        return any(turn.chosen for turn in self.turns)

    def text(self) -> str:
        """The orders built so far, as a message writes them: his own turn (6.2.6), then a
        section for each other turn with something recorded."""
        own, *others = self.turns
        sections = [f"{turn.who}: {turn.text()}" for turn in others if turn.chosen]
        return "\n".join([own.text(), *sections]) if sections else own.text()


def _turn(catalog: Catalog, state: GameState, who: str) -> Turn:
    legal = LegalOptions(state, who, catalog=catalog)
    return Turn(who, entitlement(catalog, state, who).total, legal)


def day_builder(engine: Engine, catalog: Catalog, campaign: str, player: str) -> DayBuilder:
    """A builder of ``player``'s orders for today in the visible running campaign called
    ``campaign``, from the game as it stands (as :meth:`~bot.players.Players.submit_orders` reads
    them); or :class:`BuildError` saying why there is none — no such campaign, not running, the
    day resolving with decisions open, no seat, a character out of play."""
    with session_scope(engine) as session:
        found = directory.named(session, campaign)
        if found is None or found.id is None:
            raise BuildError(
                _("There is no campaign called %(name)s%(hint)s")
                % {"name": repr(campaign[:100]), "hint": ""}
            )
        if found.status != "running":
            raise BuildError(
                _("%(campaign)s is %(status)s: orders are not open")
                % {"campaign": found.name, "status": status_word(found.status)}
            )
        if repo.open_decisions(session, campaign_id=found.id):
            raise BuildError(
                _(
                    "Day %(day)s of %(campaign)s is being resolved and waits for players' "
                    "decisions: its orders are in; build day %(next)s's once its report is out"
                )
                % {"day": found.day, "campaign": found.name, "next": found.day + 1}
            )
        seats = repo.list_seats(session, campaign_id=found.id)
        seat = next((s for s in seats if s.player == player), None)
        if seat is None:
            raise BuildError(_("You have no character in %(campaign)s") % {"campaign": found.name})
        snapshot = repo.latest_snapshot(session, campaign_id=found.id)
        if snapshot is None:
            raise BuildError(_("%(campaign)s has no game yet") % {"campaign": found.name})
        state = GameState.from_json(snapshot.state)
        name, character, day = found.name, seat.character, found.day
    sheet = state.characters.get(character)
    if sheet is None or sheet.departed is not None:
        raise BuildError(_("The %(character)s takes no orders") % {"character": term(character)})
    turns = [_turn(catalog, state, who) for who in [character, *recorded_by(state, character)]]
    return DayBuilder(name, character, day, state, catalog, turns)
