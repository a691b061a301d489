"""The campaign's moderators as a team: co-moderators added and removed by a moderator, the
campaign handed over to another, and the channel where the moderators' notes go — each logged
in the channel, naming people by their display names (:mod:`bot.wording`).

A campaign always keeps at least one moderator. A player seated in the campaign cannot
moderate it: a moderator sees every secret (orders, sheets, the dice)."""

from __future__ import annotations

from sqlmodel import Session

from bot.store import Reply, RequestError, Store, require_moderator, typed_text
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
        typed_text(user_name, "moderator's name")
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            if user in campaign.moderators:
                raise RequestError(
                    f"{user_name} moderates {campaign.name} already. Nothing changed."
                )
            self._join_team(session, campaign, user, user_name)
            self.store.log(
                session, campaign, moderator, "moderator", f"made {user_name} a moderator"
            )
            return Reply(f"{user_name} is now a moderator of {campaign.name}.")

    def remove_moderator(self, campaign_name: str, *, moderator: str, user: str) -> Reply:
        """Take ``user`` off the campaign's moderators (a moderator may leave himself); refused
        when he is not one, or is the last. Logged."""
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            name = known_name(campaign.moderator_names, user)
            if user not in campaign.moderators:
                raise RequestError(f"{name} does not moderate {campaign.name}. Nothing changed.")
            if campaign.moderators == [user]:
                raise RequestError(
                    f"{name} is the last moderator of {campaign.name}: hand it over first "
                    "(/gm handover). Nothing changed."
                )
            self.store.log(
                session, campaign, moderator, "moderator", f"{name} is no longer a moderator"
            )
            campaign.moderators = [m for m in campaign.moderators if m != user]
            return Reply(f"{name} no longer moderates {campaign.name}.")

    def handover(
        self, campaign_name: str, *, moderator: str, user: str, user_name: str, stay: bool
    ) -> Reply:
        """Hand the campaign to ``user``: he becomes a moderator, and ``moderator`` leaves
        unless he ``stay``s as a co-moderator. Logged."""
        typed_text(user_name, "moderator's name")
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            if user == moderator:
                raise RequestError(f"You moderate {campaign.name} already. Nothing changed.")
            if user not in campaign.moderators:
                self._join_team(session, campaign, user, user_name)
            stays = " and stays a co-moderator" if stay else ""
            detail = f"handed {campaign.name} over to {user_name}{stays}"
            self.store.log(session, campaign, moderator, "handover", detail)
            if not stay:
                campaign.moderators = [m for m in campaign.moderators if m != moderator]
            gone = "" if stay else " You no longer moderate it."
            return Reply(f"{user_name} now moderates {campaign.name}.{gone}")

    def set_moderators_channel(
        self, campaign_name: str, *, moderator: str, channel: str, channel_name: str
    ) -> Reply:
        """Send the campaign's notes for its moderators (``kind="moderators"``) to the channel
        ``channel`` (its id; ``channel_name`` for the answer). Logged, without naming it."""
        typed_text(channel_name, "channel name")
        if not channel.isdigit():
            raise RequestError(f"{channel[:40]} is not a channel. Nothing changed.")
        with self.store.unit() as session:
            campaign = self.store.campaign(session, campaign_name)
            require_moderator(campaign, moderator)
            settings = self.store.settings(campaign)
            campaign.options = settings.model_copy(update={"moderators_channel": channel}).stored()
            self.store.log(session, campaign, moderator, "config", "set the moderators' channel")
            return Reply(f"The moderators' notes of {campaign.name} now go to #{channel_name}.")

    def _join_team(self, session: Session, campaign: Campaign, user: str, user_name: str) -> None:
        """Add ``user`` to the moderators, remembering his name; refused for a player."""
        seat = self.store.player_seat(session, campaign, user)
        if seat is not None:
            raise RequestError(
                f"{user_name} plays the {seat.character} in {campaign.name}: a moderator sees "
                "every secret, so a player cannot moderate. Nothing changed."
            )
        campaign.moderator_names = with_name(campaign.moderator_names, user, user_name)
        campaign.moderators = [*campaign.moderators, user]
