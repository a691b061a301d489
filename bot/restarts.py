"""A dead character's player starts again (9.1.2): :meth:`FreshStarts.restart`, one of the
campaign services (:class:`bot.service.CampaignService`)."""

from __future__ import annotations

from functools import partial

from bot.i18n import _
from bot.names import matching
from bot.render import english, render, word
from bot.sheets import sheet_text
from bot.store import Reply, RequestError, Store, row_id, typed_text
from db import event_log, repo
from rules import CharacterSetup, SetupError, restart, setup_choices
from rules.events.end import Restarted


class FreshStarts:
    """Fresh starts after a death (9.1.2), over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def restart(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """9.1.2: the player of a dead character starts again, at Birdsong of a day his death
        allows (the next day; after a suicide, once he has sat out a full day, 9.2.2a), as any
        character not in use — the same one allowed — with new Victory Requirements and setup
        choices, through the same checks as the first start (:func:`rules.setup.restart.restart`).
        ``text`` is lines of setup choices (:func:`rules.setup.setup_choices`), and
        ``character: NAME`` for the character (default: the one he lost). The seat keeps the old
        life in its history (``Seat.lives``); his standing orders, written for the old character,
        are dropped. Refused, saying why, with nothing changed."""
        typed_text(text, _("fresh start"))
        lines = [line for line in text.splitlines() if line.strip()]
        named = [line for line in lines if line.partition(":")[0].strip().casefold() == "character"]
        if len(named) > 1:
            raise RequestError(_("Name one character: a single 'character: <name>' line"))
        with self.store.unit() as session:
            campaign, seat = self.store.running_seat(session, campaign_name, player)
            if repo.open_decisions(session, campaign_id=row_id(campaign)):
                raise RequestError(
                    _(
                        "Day %(day)s of %(campaign)s is being resolved: start again at Birdsong, "
                        "once its report is out. Nothing changed."
                    )
                    % {"day": campaign.day, "campaign": campaign.name}
                )
            state = self.store.state(session, campaign)
            old = seat.character
            typed = named[0].partition(":")[2].strip() if named else old
            character = matching(typed, self.store.catalog.characters) or typed
            gone = state.characters[old].departed if old in state.characters else None
            try:
                choices = setup_choices("\n".join(line for line in lines if line not in named))
                setup = CharacterSetup.model_validate(
                    {**choices, "name": character, "player": seat.player}
                )
                sheet, notes = restart(self.store.catalog, state, old, setup)
            except (SetupError, ValueError) as error:
                said = word(error.phrase) if isinstance(error, SetupError) else str(error)
                end = " " if said.endswith(("?", ".", "!")) else ". "
                raise RequestError(
                    _("Not started again: %(why)s") % {"why": said} + end + _("Nothing changed.")
                ) from None
            life = {
                "character": old,
                "player": seat.player,
                "restarted": state.game_day,
                "as": sheet.name,
            }
            if gone is not None:
                cause = None if gone.cause is None else english(gone.cause)  # as a log is kept
                life |= {"how": gone.how, "cause": cause, "died": gone.game_day}
            seat.lives = [*seat.lives, life]
            seat.character = sheet.name
            seat.setup = choices
            seat.standing_orders = None
            seat.missed_days = 0
            self.store.snapshot(session, campaign, state, "restart")
            where = state.clearing_of(sheet.name)
            told = Restarted(who=sheet.name, old=old, at=where)  # the final report's
            event_log.save_events(
                session, campaign_id=row_id(campaign), day=campaign.day, events=[told]
            )
            self.store.outbox(session, campaign).channel(
                partial(
                    render,
                    "messages/restarted.txt.j2",
                    player=seat.player_name,
                    character=sheet.name,
                    at=where,
                )
            )
            self.store.outbox(session, campaign).dm(
                seat.player,
                partial(sheet_text, self.store.catalog, state, sheet.name, campaign.name),
            )
            gear = "; ".join(word(note) for note in notes) or _("no starting weapons or armor")
            return Reply(
                _(
                    "You start again as the %(character)s at the Inn (%(where)s) on day %(day)s: "
                    "%(gear)s. Your Victory Requirements are stored (secret); send this day's "
                    "orders."
                )
                % {"character": sheet.name, "where": where, "day": campaign.day, "gear": gear}
            )
