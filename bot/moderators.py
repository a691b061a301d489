"""The campaign's moderators as a team: co-moderators added and removed by a moderator, the
campaign handed over to another, and the channel where the moderators' notes go — each logged
in the channel, naming people by their display names (:mod:`bot.wording`).

A campaign always keeps at least one moderator. A player seated in the campaign cannot
moderate it: a moderator sees every secret (orders, sheets, the dice)."""

from __future__ import annotations

from sqlmodel import Session

from bot.i18n import N_, _, later
from bot.store import Reply, RequestError, Store, require_moderator, typed_text
from bot.terms import term
from bot.wording import known_name, with_name
from db.models import Campaign


class ModeratorTeam:
    """Who moderates a campaign, and where their notes go, over the ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add_moderator(
        self, campaign_name: str, *, moderator: str, user: str, user_name: str
    ) -> Reply:
        """Make ``user`` (called ``user_name``) a co-moderator; refused for a moderator already
        and for a player of the campaign. Logged."""
        typed_text(user_name, _("moderator's name"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            if user in campaign.moderators:
                raise RequestError(
                    _("%(name)s moderates %(campaign)s already. Nothing changed.")
                    % {"name": user_name, "campaign": campaign.name}
                )
            self._join_team(session, campaign, user, user_name)
            made = later(N_("made %(name)s a moderator"), name=user_name)
            self.store.log(session, campaign, moderator, "moderator", made)
            return Reply(
                _("%(name)s is now a moderator of %(campaign)s.")
                % {"name": user_name, "campaign": campaign.name}
            )

    def remove_moderator(self, campaign_name: str, *, moderator: str, user: str) -> Reply:
        """Take ``user`` off the campaign's moderators (a moderator may leave himself); refused
        when he is not one, or is the last. Logged."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            name = known_name(campaign.moderator_names, user)
            if user not in campaign.moderators:
                raise RequestError(
                    _("%(name)s does not moderate %(campaign)s. Nothing changed.")
                    % {"name": name, "campaign": campaign.name}
                )
            if campaign.moderators == [user]:
                raise RequestError(
                    _(
                        "%(name)s is the last moderator of %(campaign)s: hand it over first "
                        "(/gm handover). Nothing changed."
                    )
                    % {"name": name, "campaign": campaign.name}
                )
            gone = later(N_("%(name)s is no longer a moderator"), name=name)
            self.store.log(session, campaign, moderator, "moderator", gone)
            campaign.moderators = [m for m in campaign.moderators if m != user]
            return Reply(
                _("%(name)s no longer moderates %(campaign)s.")
                % {"name": name, "campaign": campaign.name}
            )

    def handover(
        self, campaign_name: str, *, moderator: str, user: str, user_name: str, stay: bool
    ) -> Reply:
        """Hand the campaign to ``user``: he becomes a moderator, and ``moderator`` leaves
        unless he ``stay``s as a co-moderator. Logged."""
        typed_text(user_name, _("moderator's name"))
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            if user == moderator:
                raise RequestError(
                    _("You moderate %(campaign)s already. Nothing changed.")
                    % {"campaign": campaign.name}
                )
            if user not in campaign.moderators:
                self._join_team(session, campaign, user, user_name)
            detail = (
                later(
                    N_("handed %(campaign)s over to %(name)s and stays a co-moderator"),
                    campaign=campaign.name,
                    name=user_name,
                )
                if stay
                else later(
                    N_("handed %(campaign)s over to %(name)s"),
                    campaign=campaign.name,
                    name=user_name,
                )
            )
            self.store.log(session, campaign, moderator, "handover", detail)
            if not stay:
                campaign.moderators = [m for m in campaign.moderators if m != moderator]
            said = (
                _("%(name)s now moderates %(campaign)s.")
                if stay
                else _("%(name)s now moderates %(campaign)s. You no longer moderate it.")
            )
            return Reply(said % {"name": user_name, "campaign": campaign.name})

    def set_moderators_channel(
        self, campaign_name: str, *, moderator: str, channel: str, channel_name: str
    ) -> Reply:
        """Send the campaign's notes for its moderators (``kind="moderators"``) to the channel
        ``channel`` (its id; ``channel_name`` for the answer). Logged, without naming it."""
        typed_text(channel_name, _("channel name"))
        if not channel.isdigit():
            raise RequestError(
                _("%(channel)s is not a channel. Nothing changed.") % {"channel": channel[:40]}
            )
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            settings = self.store.settings(campaign)
            campaign.options = settings.model_copy(update={"moderators_channel": channel}).stored()
            said = later(N_("set the moderators' channel"))
            self.store.log(session, campaign, moderator, "config", said)
            return Reply(
                _("The moderators' notes of %(campaign)s now go to #%(channel)s.")
                % {"campaign": campaign.name, "channel": channel_name}
            )

    def _join_team(self, session: Session, campaign: Campaign, user: str, user_name: str) -> None:
        """Add ``user`` to the moderators, remembering his name; refused for a player."""
        seat = self.store.player_seat(session, campaign, user)
        if seat is not None:
            raise RequestError(
                _(
                    "%(name)s plays the %(character)s in %(campaign)s: a moderator sees "
                    "every secret, so a player cannot moderate. Nothing changed."
                )
                % {"name": user_name, "character": term(seat.character), "campaign": campaign.name}
            )
        campaign.moderator_names = with_name(campaign.moderator_names, user, user_name)
        campaign.moderators = [*campaign.moderators, user]
