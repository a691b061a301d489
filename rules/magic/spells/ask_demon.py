"""Ask Demon (V, Black, one Demon or Winged Demon, Instant; L4953): "The spellcaster can ask one
question of any other player (in the context of the game he is asking the Demon, who knows all
about the character), and the other player *must* answer truthfully ... Question and answer must
be kept secret from the other players. *Note*: The spell has no effect on how the Demon fights."

The engine does not carry the question: it records whom he asks (the question ``spell``,
``{spell: Ask Demon, ask: Amazon}``), as a private ``asked_demon`` event that only the two of
them and the moderator see (:class:`rules.events.casting.AskedDemon`); the players then talk.
The question is asked ahead, in the melee window, with the other questions of the round's
spells (:func:`ask_ahead`; :mod:`rules.magic.spells.control` says why), and again as the spell
works.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.evening.state import CombatState
from rules.events.casting import AskedDemon
from rules.magic import questions
from rules.magic.casts import SpellCast
from rules.phrases import phrase

ASK_DEMON = "Ask Demon"


def players(ctx: Ctx, who: str) -> list[str]:
    """The other players he may ask: every other character in the game, not dead, in the
    order of the game. Reading: "any other player" is the player of another character still
    in play; the default is the first of them (SCENARIOS part 3 gives none)."""
    return [name for name, sheet in ctx.state.characters.items() if name != who and not sheet.dead]


def _ask(ctx: Ctx, combat: CombatState, who: str, options: list[str]) -> str:
    return questions.ask(
        ctx,
        who,
        ASK_DEMON,
        phrase("spells.ask_demon"),
        options,
        combat=combat,
    )


def ask_ahead(ctx: Ctx, combat: CombatState, who: str) -> None:
    """Asks ahead, in the melee window, whom he will ask."""
    options = players(ctx, who)
    if options:
        _ask(ctx, combat, who, options)


def takes_effect(ctx: Ctx, combat: CombatState, who: str, cast: SpellCast) -> None:
    """He asks the player he names one question: the private ``asked_demon`` event, to both of
    them. With no other player in the game there is no one to ask, and nothing happens."""
    del cast
    options = players(ctx, who)
    if not options:
        return
    of = _ask(ctx, combat, who, options)
    ctx.emit(
        AskedDemon(recipients=tuple(dict.fromkeys((ctx.eyes(who), ctx.eyes(of)))), who=who, of=of)
    )
