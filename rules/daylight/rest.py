"""The Rest activity (7.8), and the one decision it asks: which chit to rest first (7.8.2).

:func:`options` is the single generator of that decision's legal options and default, used by
the day, its default, the bot's buttons and the tests.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.chits import rest as rest_chits
from rules.chits import restable
from rules.day.context import Ctx
from rules.events import Decision
from rules.modifiers import has
from rules.orders.model import DEFAULT_REST, Instructions
from rules.schema.characters import AbilityKey
from rules.state import CharacterState

#: The decision's kind, in its id (``d3/Amazon/p2/rest/Woods Girl``).
KIND = "rest"
PROMPT = "Which chit do you rest first? (7.8.2)"


class Options(NamedTuple):
    """The chits he may rest first, and the one his Rest would take by itself."""

    options: tuple[str, ...]
    default: str


def options(character: CharacterState, instructions: Instructions) -> Options | None:
    """The choice of the chit he rests first, when there is one his instructions do not settle
    (7.8.2; rules-map P32): None when he has fewer than two chits to choose from or his ``rest``
    instruction orders them. The default is what resting by :data:`DEFAULT_REST` takes first."""
    choices = restable(character)
    if len(choices) < 2 or instructions.rest is not None:
        return None
    best = rest_chits(character.model_copy(deep=True), 1, DEFAULT_REST)
    return Options(tuple(choices), best[0].chit if best else choices[0])


def choices(ctx: Ctx, name: str) -> dict[str, str | None]:
    """Before a Rest changes anything, ask each resting character — he and the characters
    following him, who "can do the activity or not, as he chooses" (7.11.6f: not with
    ``rest: none``) — which chit he rests first, when he has a choice (:func:`options`); stops
    resolution if any answer is awaited. Hirelings record Rest only for their followers'
    benefit (6.2.5): they rest nothing."""
    prefers: dict[str, str | None] = {}
    for who in (name, *ctx.followers_of(name)):
        if not ctx.is_character(who) or (who != name and ctx.instructions(who).rest == ()):
            continue
        prefers[who] = None
        legal = options(ctx.sheet(who), ctx.instructions(who))
        if legal is not None:
            prefers[who] = ctx.ask(
                Decision(
                    id=ctx.decision_id(KIND, who),
                    character=who,
                    kind=KIND,
                    prompt=PROMPT,
                    options=legal.options,
                    default=legal.default,
                )
            )
    ctx.wait_if_pending()
    return prefers


def rest(ctx: Ctx, prefers: dict[str, str | None]) -> None:
    """7.8: one Rest for each resting character (two asterisks for the Dwarf, L3715), with the
    chit he chose first (``prefers``, from :func:`choices`) and then by his ``rest`` order."""
    for who, prefer in prefers.items():
        character = ctx.sheet(who)
        extra = has(ctx.catalog, ctx.state, who, AbilityKey.EXTRA_REST_ASTERISK)
        priority = ctx.instructions(who).rest or DEFAULT_REST
        steps = rest_chits(character, 2 if extra else 1, priority, prefer)
        if not steps:
            ctx.emit("rested", who=who, chit=None, to=None, option="nothing to rest")
        for step in steps:
            ctx.emit(
                "rested",
                who=who,
                chit=step.chit,
                to=step.to,
                option=step.option,
                change=step.change,
            )
