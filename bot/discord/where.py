"""Which campaign a slash command means: the one it names, else the one its channel plays.

A campaign is played in the channel its ``/gm create`` was run in (``Campaign.channel``); there,
and in the threads of that channel, a command that takes a campaign needs no name. Elsewhere in
the server, or in a direct message, a command that names none is answered with the campaigns
the asker could name — the server's, or by DM his own; by DM, a player who plays in a single
unfinished campaign means that one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import discord
from sqlalchemy import Engine

from bot import directory, i18n, scope
from bot.discord.translator import locale_language
from bot.i18n import _, ngettext
from bot.logs import set_campaign
from bot.scope import Scope
from bot.service import RequestError

T = TypeVar("T")


def scope_of(interaction: discord.Interaction) -> Scope:
    """The campaigns an interaction may see (:mod:`bot.scope`): its server's, or by DM its
    user's; and who asks, with his display name (for the lines people read)."""
    user, name = str(interaction.user.id), interaction.user.display_name
    if interaction.guild_id is not None:
        return Scope(guild=str(interaction.guild_id), user=user, name=name)
    return Scope(player=user, name=name)


def enter(interaction: discord.Interaction) -> None:
    """Serve the rest of the interaction's task within its scope (:func:`scope_of`), speaking
    its member's client's language where realmbot speaks it (:func:`bot.i18n.enter`): what he
    is told before a campaign is known, or about none; a reply about a campaign speaks his
    language there (:func:`bot.inbox.take`)."""
    scope.enter(scope_of(interaction))
    enter_language(interaction)


def enter_language(interaction: discord.Interaction) -> None:
    """Speak the member's client's language for the rest of the interaction's task, where
    realmbot speaks it (English else)."""
    i18n.enter(locale_language(interaction.locale))


@dataclass(frozen=True)
class Place:
    """Where an interaction happens: its server (``None`` in a DM), its channel and, for a
    thread, the channel the thread is in; and who asks."""

    guild: str | None
    channels: tuple[str, ...]
    player: str

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Place:
        channels = [str(interaction.channel_id)] if interaction.channel_id is not None else []
        if isinstance(interaction.channel, discord.Thread):
            channels.append(str(interaction.channel.parent_id))
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        return cls(guild=guild, channels=tuple(channels), player=str(interaction.user.id))

    def campaign(self, engine: Engine, named: str | None) -> str:
        """The campaign's name: ``named``, else the campaign played here (named in the log
        lines that follow in this thread); else a :class:`RequestError` listing the campaigns
        the asker may name. Blocks (it reads the database, within the request's scope)."""
        if named is not None and named.strip():
            return named.strip()
        found = self._played_here(engine)
        set_campaign(found)
        return found

    def _played_here(self, engine: Engine) -> str:
        if self.guild is None:
            return self._own_campaign(engine)
        played = directory.played_in(engine, self.channels)
        if len(played) == 1:
            return played[0]
        if played:
            raise RequestError(
                _(
                    "This channel plays %(count)s campaigns (%(names)s): "
                    "name one in the command's campaign option"
                )
                % {"count": len(played), "names": ", ".join(played)}
            )
        names = [c.name for c in directory.campaigns(engine)]
        if not names:
            raise RequestError(
                _(
                    "This channel plays no campaign, and this server has none: a moderator "
                    "creates one in its channel with /gm create"
                )
            )
        raise RequestError(
            _(
                "This channel plays no campaign: name one in the command's campaign option, or "
                "use the command in the campaign's channel (this server's: %(names)s)"
            )
            % {"names": listed(names)}
        )

    def _own_campaign(self, engine: Engine) -> str:
        """By DM: the asker's only unfinished campaign, else a refusal listing his."""
        mine = directory.campaigns(engine)
        unfinished = [c.name for c in mine if c.status != "finished"]
        if len(unfinished) == 1:
            return unfinished[0]
        if not mine:
            raise RequestError(
                _("You play in no campaign: join one with /join in its channel on its server")
            )
        names = listed([c.name for c in mine])
        raise RequestError(
            _("Name the campaign in the command's campaign option: you play in %(names)s")
            % {"names": names}
        )


def listed(names: list[str], limit: int = directory.CHOICES) -> str:
    """``names`` joined for a sentence, at most ``limit`` of them and how many more."""
    shown = ", ".join(names[:limit])
    if len(names) <= limit:
        return shown
    more = len(names) - limit
    return ngettext("%(names)s and %(count)s more", "%(names)s and %(count)s more", more) % {
        "names": shown,
        "count": more,
    }


def on_campaign(
    interaction: discord.Interaction, engine: Engine, named: str | None, act: Callable[[str], T]
) -> Callable[[], T]:
    """``act`` on the campaign the interaction means (:meth:`Place.campaign`: ``named``, else
    the one played here), found when the returned call runs (it reads the database: run it in
    a thread, as the service call it makes)."""
    place = Place.of(interaction)
    return lambda: act(place.campaign(engine, named))
