"""The standing magic instructions (issue 34; pbem-combat §3's style): ``cast:`` and ``color:``
read into their canonical plays, or refused with what is wrong and how to write it.

``cast: SPELL with CHIT [, color CHIT] [at TARGET, TARGET...]`` sets his Encounter action, the
cast (8.3.9b, the same play as ``encounter: cast ...``), and, once his cast is known, his
spell's targets (8.4.2d), the first target phrase that names one of the ``target`` decision's
options winning: ``the first monster that attacks me``, ``any attacker on my sheet``, ``me``,
``my clearing``, ``this tile``, or a name (a monster type, a native group, a piece, another
character). The spell is one of his recorded spells or a Spell card awakened in an item he owns;
the chit one of his Magic chits of the spell's type (8.3.9b.3, by the type it has now, 4.6.10c)
or that item; the colour chit one of his Magic chits of Types I-V.

``color: energize SPELL [on TARGET] [with CHIT] [when possible]`` or ``color: none`` answers
the ``color`` decisions (4.6.7h.6): in Daylight as a phase of anyone's turn starts in his
clearing — there is no window in Daylight, so these are the only colour plays he makes in
another's turn —, and in the Evening beside his Encounter action (8.3.9a). It plays a colour
chit of his (the one named) energizing that Permanent spell, on that target, whenever it is
inert there and his chit's colour is the one it needs (:func:`rules.orders.conditions.
color_answer`); ``when possible`` says just that and is not echoed. The spell is a Permanent
spell (Transform, Melt into Mist...) or his Flying Carpet (7.3.3h), whoever cast it.

Both take ``;`` between clauses, ``if``/``unless`` conditions and the ``round N:`` prefix as the
combat keys do (:mod:`rules.orders.combat`); in Daylight a ``color`` clause with a round or a
condition, which speak of combat, is not used.
"""

from __future__ import annotations

import re

from rules.magic import builtin
from rules.magic.altering import magic_type
from rules.magic.colors import chit_color
from rules.orders.combat_plays import _cast, _chit, denizens, named, refuse
from rules.orders.conditions import (
    ATTACKER,
    ATTACKING_MONSTER,
    ENERGIZE,
    ME,
    MY_CLEARING,
    THIS_TILE,
)
from rules.orders.model import ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.targets import OrderError, pick, quote, target
from rules.orders.world import Map
from rules.phrases import Phrase, phrase
from rules.schema.action_chits import Action
from rules.schema.spells import Duration

#: The standing magic keys and the values they take.
MAGIC_KEYS: dict[str, Phrase] = {
    "cast": (phrase("orders.key_cast")),
    "color": (phrase("orders.key_color")),
}

#: How a target phrase may be written, folded, by its canonical form.
_PHRASES: dict[str, tuple[str, ...]] = {
    ATTACKING_MONSTER: (
        ATTACKING_MONSTER,
        "first monster that attacks me",
        "the monster that attacks me",
        "a monster that attacks me",
        "any monster that attacks me",
        "the first monster attacking me",
        "the first monster on my sheet",
        "any monster on my sheet",
        "a monster on my sheet",
    ),
    ATTACKER: (
        ATTACKER,
        "the first attacker",
        "the first that attacks me",
        "whoever attacks me",
        "any attacker",
        "an attacker",
        "attacker",
        "any attacker on me",
    ),
    ME: (ME, "myself", "him", "himself"),
    MY_CLEARING: (MY_CLEARING, "this clearing", "the clearing"),
    THIS_TILE: (THIS_TILE, "my tile", "the tile"),
}
_SPELLINGS = {spelling: canonical for canonical, all_ in _PHRASES.items() for spelling in all_}
_TARGET_HINT = phrase("orders.spell_targets")
_COLOR_HINT = phrase("orders.color_example")
_WHEN = re.compile(r"\s+when(ever)?\s+possible$", re.IGNORECASE)


def cast_line(world: Map, text: str) -> tuple[str, ...]:
    """A ``cast`` clause's plays: the cast as an Encounter action writes it without ``cast``
    (``Fiery Blast with MAGIC IV4*, color MAGIC IV3*``), then each target phrase, canonical."""
    head, *rest = re.split(r"\s+at\s+", text, maxsplit=1, flags=re.IGNORECASE)
    played = _cast(world, head).removeprefix("cast ")
    _right_type(world, played)
    if not rest:
        return (played,)
    phrases = [" ".join(p.split()) for p in rest[0].split(",")]
    if not all(phrases):
        message = phrase("orders.names_no_target", text=quote(rest[0]))
        raise refuse(message, _TARGET_HINT, ProblemCode.BAD_TARGET)
    return (played, *(_phrase(world, p) for p in phrases))


def _right_type(world: Map, played: str) -> None:
    """8.3.9b.3: the Magic chit he casts with is of the spell's type (its type now, 4.6.10c);
    an item casting its own awakened spell is judged when he plays it."""
    body = played.partition(", color ")[0]
    spell, _, chit = body.rpartition(" with ")
    if not chit.startswith("MAGIC "):
        return
    wanted = builtin.card(world.catalog, spell).type
    have = magic_type(world.state.spells, world.character, chit)
    if have != wanted:
        message = (
            phrase("orders.wrong_type", spell=spell, chit=chit, wanted=str(wanted), have=str(have))
            if have
            else phrase("orders.casts_no_type", spell=spell, chit=chit, wanted=str(wanted))
        )
        hint = phrase("orders.cast_with_type", wanted=str(wanted))
        raise refuse(message, hint, ProblemCode.BAD_TARGET)


def _phrase(world: Map, text: str) -> str:
    """One target phrase, canonical: a fixed phrase, or one name."""
    fixed = _SPELLINGS.get(text.casefold())
    if fixed is not None:
        return fixed
    others = {c.casefold(): c for c in world.state.characters if c != world.character}
    try:
        (name,) = named(text, {**denizens(world.catalog), **others}, phrase("orders.target"))
    except OrderError as refused:
        message = phrase("orders.target_not_understood", text=quote(text))
        hint = phrase("orders.hint_then", hint=refused.hint, then=_TARGET_HINT)
        raise refuse(message, hint, ProblemCode.BAD_TARGET) from None
    return name


def _permanent(world: Map) -> dict[str, str]:
    """The spells a colour chit may energize, by name, with the colour each needs: the
    Permanent spells (4.6.7h) and the Flying Carpet's (Purple, 7.3.3h)."""
    found = {
        name: str(spell.color)
        for name, spell in world.catalog.spells.items()
        if spell.duration is Duration.PERMANENT
    }
    for name, card in world.catalog.treasures.items():
        if card.built_in_spell is not None and card.built_in_spell.fly is not None:
            found[name] = "purple"
    return found


def color_line(world: Map, text: str) -> tuple[str, ...]:
    """A ``color`` clause's play: ``none``, or ``energize SPELL[ on TARGET][ with CHIT]``."""
    body = _WHEN.sub("", " ".join(text.split()))
    if body.casefold() == "none":
        return ("none",)
    if not body.casefold().startswith(ENERGIZE):
        raise refuse(phrase("orders.energizes_nothing", text=quote(text)), _COLOR_HINT)
    spells = _permanent(world)
    try:
        what = phrase("orders.permanent_spell"), phrase("orders.permanent_spells")
        spell, rest = pick(body[len(ENERGIZE) :], list(spells), *what)
    except OrderError as refused:
        raise refuse(refused.message, refused.hint, refused.code) from None
    on, found, chit_text = f" {rest}".rpartition(" with ")
    if not found:
        on, chit_text = rest, ""
    words = on.split()
    if (words and words[0].casefold() != "on") or words == ["on"]:
        raise refuse(phrase("orders.write_on", text=quote(text)), _COLOR_HINT)
    play = f"{ENERGIZE}{spell}"
    if words:
        play += f" on {_energized(world, ' '.join(words[1:]))}"
    if chit_text:
        chit = _chit(world, chit_text, [Action.MAGIC])
        color = chit_color(chit)
        if color is None or spells[spell] not in ("any", str(color)):
            message = (
                phrase(
                    "orders.wrong_color",
                    chit=chit,
                    color=str(color),
                    spell=spell,
                    needs=spells[spell],
                )
                if color is not None
                else phrase("orders.no_color", chit=chit, spell=spell, needs=spells[spell])
            )
            hint = phrase("orders.name_colour_chit")
            raise refuse(message, hint, ProblemCode.BAD_TARGET)
        play += f" with {chit}"
    return (play,)


def _energized(world: Map, text: str) -> str:
    """What a ``color`` clause names the spell on: ``me`` (himself), a character, a monster,
    native group or piece, an item, a clearing or a tile."""
    if text.casefold() in _PHRASES[ME]:
        return world.character
    people = {c.casefold(): c for c in world.state.characters}
    items = {name.casefold(): name for name in world.catalog.treasures}
    name = {**denizens(world.catalog), **people, **items}.get(text.casefold())
    if name is not None:
        return name
    for kind in (ActivityKind.PEER, ActivityKind.FLY):  # a clearing, then a tile
        try:
            place = target(world, kind, text)
        except OrderError:
            continue
        if place is not None:
            return place
    raise refuse(
        phrase("orders.not_a_spell_target", text=quote(text)),
        phrase("orders.spell_target_kinds"),
        ProblemCode.BAD_TARGET,
    )
