"""The plays of standing combat instructions (pbem-combat §3): each combat key's value read
into its canonical plays (:data:`PLAYS`), or refused with what is wrong and how to write it. The
lines, their clauses and conditions are :mod:`rules.orders.combat`'s; a chit is his own by
printed label, a name a monster type, a native group, a piece id or another character.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from functools import cache

from rules.catalog import Catalog
from rules.chits import printed
from rules.decisions.kinds import CombatKey
from rules.evening.answers import ATTACKS, MANEUVERS, NONE
from rules.glossary import read_name
from rules.magic.colors import chit_color
from rules.magic.spells.attack import SPELL
from rules.orders.conditions import ATTACKER, CAME_BY, NATIVE_PLAYS, SPREAD, TOWARD_MOST
from rules.orders.model import ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.targets import OrderError, either, quote, target
from rules.orders.world import Map
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.state import Place

_GAITS = (["horse", "walk"], ["horse", "gallop"])
_ATTACKER_WORDS = [f"{a}attacker{b}" for a in ("", "any ") for b in ("", " on me", " on my sheet")]


def refuse(
    message: Phrase, hint: Phrase | None, code: ProblemCode = ProblemCode.BAD_INSTRUCTION
) -> OrderError:
    """A problem with a combat line (``bad-instruction`` unless ``code``), and its hint."""
    return OrderError(code, message, hint)


@cache
def denizens(catalog: Catalog) -> dict[str, str]:
    """Monster types, native groups and the ids of monster and native pieces, by name folded."""
    found = [*(m.name for m in catalog.monsters.values()), *catalog.natives]
    found += [p.id for p in pieces_of(catalog) if p.kind in (Kind.MONSTER, Kind.NATIVE)]
    return {name.casefold(): name for name in found}


def named(text: str, known: dict[str, str], what: Phrase, extra: Sequence[str] = ()) -> list[str]:
    """The names of a comma list, each one of ``known`` (by name folded, or by its term in
    another language: ``Gigante``) or of ``extra`` (:data:`~rules.orders.conditions.ATTACKER`);
    those that are neither are one ``bad-target`` problem, saying they are no ``what`` of the
    game."""
    found: list[str] = []
    unknown: list[str] = []
    for part in filter(None, (" ".join(p.split()) for p in text.split(","))):
        name = known.get(part.casefold()) or known.get((read_name(part) or "").casefold())
        if name is None and part.casefold() in extra:
            name = ATTACKER
        found += [name] if name is not None else []
        unknown += [part] if name is None else []
    if unknown or not found:
        shown = ", ".join(map(quote, unknown[:5])) + (" …" if len(unknown) > 5 else "")
        near = difflib.get_close_matches((unknown or [""])[0].casefold()[:40], list(known), n=3)
        hint = (
            phrase("orders.did_you_mean", names=tuple(known[n] for n in near))
            if near
            else phrase("orders.monster_examples")
        )
        message = (
            phrase("orders.none_of_the_game", names=shown, what=what)
            if shown
            else phrase("orders.nothing_of_the_game", what=what)
        )
        raise refuse(message, hint, ProblemCode.BAD_TARGET)
    return found


def _chit(world: Map, text: str, actions: Sequence[Action]) -> str:
    """One of his chits of ``actions``, by printed label (``MOVE M4*``; ``M4*`` for one action)."""
    label = " ".join(text.upper().split())
    if len(actions) == 1 and label.split(" ")[0] not in Action.__members__:
        label = f"{actions[0].value} {label}"
    mine = [c.label for c in world.state.sheet(world.character).chits]
    if label in mine and printed(label).action in actions:
        return label
    yours = [x for x in dict.fromkeys(mine) if printed(x).action in actions]
    kinds = either([a.value for a in actions])
    raise refuse(
        phrase("orders.not_your_chits", text=quote(text), kinds=kinds),
        phrase("orders.yours", names=tuple(yours))
        if yours
        else phrase("orders.no_chit", kinds=kinds),
        ProblemCode.BAD_TARGET,
    )


def _chits(world: Map, text: str) -> tuple[str, ...]:
    """His chits in order of preference, any action (``fatigue``, ``wound``)."""
    found: list[str] = []
    unknown: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            found.append(_chit(world, part, tuple(Action)))
        except OrderError:
            unknown.append(part)
    if unknown or not found:
        yours = tuple(dict.fromkeys(c.label for c in world.state.sheet(world.character).chits))
        shown = ", ".join(map(quote, unknown[:5])) + (" …" if len(unknown) > 5 else "")
        message = (
            phrase("orders.not_your_chits_label", names=shown)
            if shown
            else phrase("orders.no_chits_label")
        )
        raise refuse(message, phrase("orders.yours", names=yours), ProblemCode.BAD_TARGET)
    return tuple(found)


def _item(world: Map, text: str) -> str:
    owned = world.state.at(Place.owner(world.character))
    found = [item for item in owned if item.casefold() == " ".join(text.split()).casefold()]
    if not found:
        yours = phrase("orders.yours", names=tuple(owned)) if owned else phrase("orders.no_items")
        message = phrase("orders.not_your_item", item=quote(text))
        raise refuse(message, yours, ProblemCode.BAD_TARGET)
    return found[0]


def _horse(world: Map, gait: str) -> str:
    owned = world.state.at(Place.owner(world.character))
    if not any(pieces_of(world.catalog)[item].kind is Kind.HORSE for item in owned):
        raise refuse(
            phrase("orders.no_horse", gait=gait),
            phrase("orders.play_move_chit"),
            ProblemCode.BAD_TARGET,
        )
    return f"horse {gait}"


def _direction(words: list[str], directions: Sequence[str]) -> tuple[str, str] | None:
    """The play before a last word that is one of ``directions``, and that word."""
    if len(words) > 1 and words[-1].casefold() in directions:
        return " ".join(words[:-1]), words[-1].casefold()
    return None


def _natives(world: Map, text: str) -> tuple[str, ...]:
    low = " ".join(text.casefold().split())
    if low in NATIVE_PLAYS:
        return (low,)
    raise refuse(
        phrase("orders.natives_value", text=quote(text)),
        phrase("orders.natives_plays", plays=", ".join(NATIVE_PLAYS)),
    )


def _lure(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == NONE:
        return (NONE,)
    return tuple(named(text, denizens(world.catalog), phrase("orders.monster_or_native")))


def _target(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == NONE:
        return (NONE,)
    others = {c.casefold(): c for c in world.state.characters if c != world.character}
    known = {**denizens(world.catalog), **others}
    what = phrase("orders.monster_native_or_character")
    return tuple(named(text, known, what, _ATTACKER_WORDS))


def _run(world: Map, text: str) -> str:
    """``MOVE M4*``, ``horse walk`` or ``horse gallop``, and perhaps ``to`` a clearing or the
    road he came by."""
    words = text.split()
    low = [w.casefold() for w in words]
    cut = len(low) - 1 - low[::-1].index("to") if "to" in low else len(low)
    horse = low[:cut] in _GAITS
    play = _horse(world, low[1]) if horse else _chit(world, " ".join(words[:cut]), [Action.MOVE])
    if cut == len(words):
        return play
    where = " ".join(words[cut + 1 :])
    if not where:
        raise refuse(
            phrase("orders.runs_nowhere", text=quote(text)),
            phrase("orders.example", example=f"run: {play} to {CAME_BY}"),
        )
    if where.casefold() == CAME_BY.casefold():
        return f"{play} to {CAME_BY}"
    return f"{play} to {target(world, ActivityKind.PEER, where)}"


def _charge(world: Map, text: str) -> tuple[str, ...]:
    """``none``, or another character and a Move chit: ``Amazon with MOVE M4*`` (answering
    the decision ``Amazon MOVE M4*``)."""
    if text.casefold() == NONE:
        return (NONE,)
    who, found, chit = text.partition(" with ")
    others = {c.casefold(): c for c in world.state.characters if c != world.character}
    name = others.get(" ".join(who.split()).casefold())
    if not found or name is None:
        raise refuse(
            phrase("orders.charge_names", text=quote(text)),
            phrase("orders.charge_example"),
        )
    return (f"{name} with {_chit(world, chit, [Action.MOVE])}",)


def _encounter(world: Map, text: str) -> tuple[str, ...]:
    verb, _, rest = text.partition(" ")
    verb = verb.casefold()
    if text.casefold() == NONE:
        return (NONE,)
    if verb in ("alert", "unalert"):
        return (f"{verb} {_chit(world, rest, [Action.FIGHT])}",)
    if verb == "berserk":  # L3600
        return (f"berserk {_chit(world, rest, [Action.BERSERK])}",)
    if verb == "run":
        return (f"run {_run(world, rest)}",)
    if verb in ("activate", "deactivate", "abandon"):
        return (f"{verb} {_item(world, rest)}",)
    if verb == "cast":
        return (_cast(world, rest),)
    raise refuse(
        phrase("orders.not_an_encounter", text=quote(text)),
        phrase("orders.encounter_actions"),
    )


def _cast(world: Map, text: str) -> str:
    """``SPELL with CHIT`` or ``SPELL with CHIT, color CHIT`` (8.3.9b): one of his recorded
    spells, or a Spell card awakened in an item he owns, cast with one of his Magic chits or
    that item, the colour from one of his Magic chits of Types I-V (as a colour chit when he
    casts) or, without ``color``, from an automatic source. Whether the rules let him cast it
    then is judged when the decision comes (:func:`rules.magic.casting.refusal`): the clause
    answers only when its cast is among the options. The canonical answer is
    :mod:`rules.magic.casting`'s."""
    hint = phrase("orders.cast_example")
    head, *colored = re.split(r",\s*colou?r\s+", text, flags=re.IGNORECASE)
    *named, chit_text = re.split(r"\s+with\s+", head, flags=re.IGNORECASE)
    if not named or len(colored) > 1:
        raise refuse(phrase("orders.cast_names", text=quote(text)), hint)
    sheet = world.state.sheet(world.character)
    owned = world.state.at(Place.owner(world.character))
    pieces = pieces_of(world.catalog)
    awakened = [pieces[card].name for item in owned for card in world.state.at(Place.item(item))]
    spells = {name.casefold(): name for name in [*sheet.spells, *awakened]}
    spell = spells.get(" ".join(" with ".join(named).split()).casefold())
    if spell is None:
        mine = tuple(dict.fromkeys(spells.values()))
        yours = phrase("orders.yours", names=mine) if mine else phrase("orders.yours_none")
        message = phrase("orders.not_your_spell", text=quote(" with ".join(named)))
        raise refuse(message, yours, ProblemCode.BAD_TARGET)
    folded = {item.casefold(): item for item in owned}
    chit = folded.get(" ".join(chit_text.split()).casefold()) or _chit(
        world, chit_text, [Action.MAGIC]
    )
    played = f"cast {spell} with {chit}"
    if not colored:
        return played
    color = _chit(world, colored[0], [Action.MAGIC])
    if chit_color(color) is None:
        raise refuse(
            phrase("orders.not_a_colour_chit", chit=color),
            hint,
            ProblemCode.BAD_TARGET,
        )
    return f"{played}, color {color}"


def _attack(world: Map, text: str) -> tuple[str, ...]:
    words = text.split()
    low = [w.casefold() for w in words]
    if low == [NONE]:
        return (NONE,)
    if low == ["best"]:
        raise refuse(
            phrase("orders.no_best_attack"),
            phrase("orders.name_chit_and_circle"),
        )
    if len(low) == 2 and low[0] == SPELL and low[1] in ATTACKS.values():  # 8.4.5 i
        return (f"{SPELL} {low[1]}",)
    if len(low) > 2 and low[-2] == "flip" and low[-1] in ("alerted", "unalerted"):
        return (f"{_chit(world, ' '.join(words[:-2]), [Action.FIGHT])} flip {low[-1]}",)
    found = _direction(words, tuple(ATTACKS.values()))
    if found is None:
        raise refuse(
            phrase("orders.attack_names", text=quote(text)),
            phrase("orders.attack_example"),
        )
    return (f"{_chit(world, found[0], [Action.FIGHT])} {found[1]}",)


def _maneuver(world: Map, text: str) -> tuple[str, ...]:
    words = text.split()
    low = [w.casefold() for w in words]
    if low == [NONE]:
        return (NONE,)
    squares = tuple(MANEUVERS.values())
    if low[:1] == ["fastest"] and (low == ["fastest"] or (len(low) == 2 and low[1] in squares)):
        return (" ".join(low),)
    found = _direction(words, squares)
    if found is None:
        raise refuse(
            phrase("orders.maneuver_names", text=quote(text)),
            phrase("orders.maneuver_example"),
        )
    play, square = found
    gait = play.casefold().split()
    if gait in _GAITS:
        return (f"{_horse(world, gait[1])} {square}",)
    label = _chit(world, play, [Action.MOVE, Action.DUCK])
    if printed(label).action is Action.DUCK and square != "duck":
        raise refuse(
            phrase("orders.only_to_duck", chit=label),
            phrase("orders.maneuver_duck", chit=label),
        )
    return (f"{label} {square}",)


def _shield(world: Map, text: str) -> tuple[str, ...]:
    low = " ".join(text.casefold().split())
    if low in (*ATTACKS.values(), TOWARD_MOST):
        return (low,)
    raise refuse(
        phrase("orders.shield_value", text=quote(text)),
        phrase("orders.shield_plays", most=TOWARD_MOST),
    )


def _place(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == SPREAD:
        return (SPREAD,)
    raise refuse(phrase("orders.place_value", text=quote(text)), phrase("orders.place_spread"))


PLAYS: dict[CombatKey, Callable[[Map, str], tuple[str, ...]]] = {
    "natives": _natives,
    "lure": _lure,
    "charge": _charge,
    "encounter": _encounter,
    "run": lambda world, text: (_run(world, text),),
    "target": _target,
    "attack": _attack,
    "maneuver": _maneuver,
    "shield": _shield,
    "place": _place,
    "fatigue": _chits,
    "wound": _chits,
}
