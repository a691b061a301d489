"""Who reads in which language (issue 35): a campaign's public reports and its moderators'
messages in the campaign's ``language`` setting (:class:`bot.campaign_settings.CampaignSettings`),
each player's DMs and the replies he gets in his seat's own choice (``Seat.language``, None: the
campaign's). :class:`Languages` sets a player's choice and tells the language a reply is said in;
the outbox says each message in its reader's (:meth:`bot.outbox_writer.Outbox.language`)."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import col

from bot.i18n import DEFAULT, Language, UnknownLanguageError, _, language, speaking
from bot.store import Reply, RequestError, Store
from bot.terms import term
from bot.wording import pronouns
from db import repo
from db.models import Campaign

#: What a player types to read the campaign's language again, whatever it is.
THE_CAMPAIGNS = ("campaign", "default")


class Languages:
    """Each player's language, and the language of a reply, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def set_language(self, campaign_name: str, *, player: str, text: str) -> Reply:
        """The player reads his DMs and replies about the campaign in the language ``text``
        names (:func:`bot.i18n.language`), or in the campaign's (``campaign``); a language
        realmbot does not speak is refused with those it does, and nothing changes. The reply
        speaks the language chosen."""
        chosen: Language | None = None
        if text.strip().casefold() not in THE_CAMPAIGNS:
            try:
                chosen = language(text)
            except UnknownLanguageError as error:
                raise RequestError(
                    _("%(error)s Or 'campaign' for the campaign's language. Nothing changed.")
                    % {"error": error}
                ) from None
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            seat = self.store.own_seat(session, campaign, player)
            seat.language = None if chosen is None else chosen.value
            spoken = self.store.outbox(session, campaign).language(player)
            with speaking(spoken):
                words = {
                    "character": term(seat.character),
                    "campaign": campaign.name,
                    "language": spoken.native_name,
                    "his": pronouns(seat.character).his,
                }
                if chosen is None:
                    said = _(
                        "The %(character)s in %(campaign)s reads the campaign's language, "
                        "%(language)s."
                    )
                else:
                    said = _(
                        "The %(character)s in %(campaign)s reads %(his)s messages in %(language)s."
                    )
                return Reply(said % words)

    def of_reply(self, campaign_name: str, person: str, door: Language | None = None) -> Language:
        """The language a reply to ``person`` about ``campaign_name`` is said in: his seat's
        choice there, else ``door``'s (what the door he came by knows of him: a Discord client
        set to Spanish), else the campaign's, else English (no campaign he may see by that
        name). Reads without locking the campaign, and never refuses."""
        name = campaign_name.strip()
        if not name:
            return door or DEFAULT
        if name.startswith("#") and name[1:].isdigit():
            where = col(Campaign.id) == int(name[1:])
        else:
            where = func.lower(col(Campaign.name)) == func.lower(name)
        with self.store.unit() as session:
            found = self.store.visible(session, where)
            exact = [c for c in found if c.name == name]
            found = exact if len(exact) == 1 else found
            if len(found) != 1:
                return door or DEFAULT
            outbox = self.store.outbox(session, found[0])
            seat = self.store.player_seat(session, found[0], person) if person else None
            if seat is not None or door is None:
                return outbox.language(person or None)
            return door

    def of_person(self, person: str, door: Language | None = None) -> Language:
        """The language to tell ``person`` what concerns no one campaign (how to send orders,
        that he names none): the one every seat he holds reads in, where they agree; else
        ``door``'s; else English."""
        with self.store.unit() as session:
            read = {
                self.store.outbox(session, campaign).language(person)
                for campaign in self.store.visible(
                    session,
                    col(Campaign.id).in_(
                        [
                            seat.campaign_id
                            for seat in repo.list_player_seats(session, player=person)
                        ]
                    ),
                )
            }
        return read.pop() if len(read) == 1 else door or DEFAULT
