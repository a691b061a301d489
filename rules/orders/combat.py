"""Standing combat instructions in the day's orders (pbem-combat §3): the combat keys read into
:class:`~rules.orders.conditions.Clause` s, and a combat decision answered from them.

Each key is a ``key: value`` line of the order message (:data:`COMBAT_KEYS`), optionally
prefixed ``round N:`` to script one round. A value holds one or more clauses separated by ``;``,
tried in order; each clause is a play and an optional condition (``if``, ``while`` or
``unless``, then facts joined all by ``or`` or all by ``and``)::

    natives: no drinks; pay insult; refuse challenge
    lure: Goblin Axe, Wolf unless I have 2 wounds
    charge: none
    run: MOVE M4* to the road I came by, if a red-side T is on me or I have 3 wounds
    encounter: alert FIGHT L3* while my weapon is unalerted
    target: Giant, Heavy Troll, any attacker on my sheet
    round 1: attack: FIGHT H5* smash
    maneuver: MOVE H6 duck; fastest
    shield: toward most attackers
    place: spread
    fatigue: MOVE M3*, FIGHT M4*
    wound: FIGHT L4, MOVE M4

The facts are :class:`~rules.orders.conditions.Fact`: ``a red-side T is on me``, ``I have N
wounds``, ``NAME is on me`` (or ``on my sheet``), ``my weapon is alerted`` (``unalerted``),
``round N``, ``round >= N``. Chits are his own, by printed label (``MOVE M4*``; ``M4*`` will do
where only one action fits); names are monster types, native groups, monster and native piece
ids, and, for ``target``, the other characters; clearings are read as a Move's (6.2.6).

:func:`~rules.orders.conditions.standing_answer` (here too) answers a
:class:`~rules.events.Decision` from the clauses, or leaves it to the engine's default
(pbem-combat §4). Judgement calls:

- ``attack: best`` is refused: the best Fight chit depends on his weapon (8.3.7b, 8.4.9) and on
  the enemy, which neither the decision's options nor the public facts show.
- ``maneuver: fastest [SQUARE]`` is his fastest Move or Duck chit among the options (fewer
  asterisks on a tie, pbem-combat §4) that keeps the round within two asterisks (8.4.5f.2,
  :attr:`~rules.orders.conditions.Situation.effort`), in the square named, else in the default's
  square (the one his counters threaten least), else Charge. A horse's time is not in the
  options, so ``fastest`` never picks the horse.
- ``shield: toward most attackers`` and ``place: spread`` are the engine's defaults, which are
  defined so (8.4.5i.2, 8.4.5m; pbem-combat §4): they answer with the decision's default.
- ``run`` with no ``to`` runs by the road he came in by today, any road if he did not (8.3.8b);
  ``to the road I came by`` falls through when he did not come in by one.
- A ``lure`` clause answers ``yes`` for a denizen it names, ``lure: none`` ``no`` for any; a
  denizen no clause names is left to the default (``no``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import cast

from rules.catalog import Catalog
from rules.chits import printed
from rules.decisions.kinds import CombatKey
from rules.evening.answers import ATTACKS, MANEUVERS, NONE
from rules.magic.colors import chit_color
from rules.orders.conditions import (
    ATTACKER,
    CAME_BY,
    KEY_KINDS,
    NATIVE_PLAYS,
    SPREAD,
    TOWARD_MOST,
    Clause,
    Condition,
    Fact,
    standing_answer,
)
from rules.orders.model import ActivityKind
from rules.orders.problems import ProblemCode
from rules.orders.targets import Map, OrderError, quote, target
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.state import Place

__all__ = ["COMBAT_KEYS", "MAX_CLAUSES", "MAX_FACTS", "read_line", "standing_answer"]

#: The combat keys and the values they take (pbem-combat §3); each takes ``;`` between clauses
#: and ``if``/``unless``/``while`` conditions after a play.
COMBAT_KEYS: dict[str, str] = {
    "natives": (
        "at the start of combat, for every native group (8.2.2): drinks | no drinks; "
        "pay insult | refuse insult; pay challenge | refuse challenge"
    ),
    "lure": "none | denizens, e.g. 'Goblin Axe, Wolf': whom he lures onto his sheet (8.3.4)",
    "charge": "none | CHARACTER with MOVE M4*: whom he charges, and with which chit (8.3.6b)",
    "encounter": (
        "his Encounter action (8.3.7): none | alert FIGHT L3* | unalert FIGHT L3* | run ... | "
        "activate, deactivate or abandon ITEM | berserk BERSERK T4** (the Berserker, L3600) | "
        "cast SPELL with MAGIC IV4* [, color MAGIC IV3*] (8.3.9b)"
    ),
    "run": "MOVE M4* | horse walk | horse gallop [to CV5 | to the road I came by] (8.3.8)",
    "target": "names, the first present wins: 'Giant, any attacker on my sheet' | none (8.4.2)",
    "attack": "FIGHT H5* thrust|swing|smash | FIGHT H5* flip alerted|unalerted | none (8.4.5e)",
    "maneuver": "MOVE M4 charge|dodge|duck | horse walk|gallop SQUARE | fastest [SQUARE] | none",
    "shield": "thrust | swing | smash | toward most attackers (8.4.5i.2)",
    "place": "spread (8.4.5m)",
    "fatigue": "the chits to fatigue first, e.g. 'MOVE M3*, FIGHT M4*' (8.5.1)",
    "wound": "the chits to wound first, e.g. 'FIGHT L4, MOVE M4' (8.5.3)",
    "round N": "a combat key for round N only, e.g. 'round 1: attack: FIGHT H5* smash'",
}
#: The most clauses one line holds, and facts one condition.
MAX_CLAUSES = 10
MAX_FACTS = 6

_CONDITIONS = (
    "conditions: a red-side T is on me; I have 2 wounds; Giant is on me; my weapon is alerted "
    "(unalerted); round 2; round >= 2"
)
_WORDS = ("if", "while", "unless")
_GAITS = (["horse", "walk"], ["horse", "gallop"])
_ATTACKER_WORDS = [f"{a}attacker{b}" for a in ("", "any ") for b in ("", " on me", " on my sheet")]


def _refuse(message: str, hint: str, code: ProblemCode = ProblemCode.BAD_INSTRUCTION) -> OrderError:
    return OrderError(code, message, hint)


def read_line(
    world: Map, key: str, number: str | None, value: str, seen: set[str]
) -> tuple[list[Clause], list[OrderError]]:
    """A combat line, ``key: value`` or ``round N: key: value`` (``key`` is then ``round`` and
    ``number`` its digits): its clauses and every problem with it. ``seen`` are the keys given
    so far, this one added; one given twice for the same rounds is ``duplicate-instruction``."""
    round_ = None
    if key == "round":
        head, colon, value = value.partition(":")
        key, value = " ".join(head.split()).casefold(), value.strip()
        hint = "e.g. 'round 1: attack: FIGHT H5* smash'"
        if not (number and _count(number)):
            return [], [_refuse(f"round {quote(number or '')}: rounds count from 1", hint)]
        if not colon or key not in KEY_KINDS:
            keys = ", ".join(KEY_KINDS)
            message = f"round {number}: {quote(head.strip())} is not a combat key"
            return [], [_refuse(message, f"{hint}; keys: {keys}")]
        round_ = _count(number)
    name = key if round_ is None else f"round {round_}: {key}"
    if name in seen:
        hint = "keep one line: ';' separates its clauses"
        return [], [_refuse(f"'{name}' is given twice", hint, ProblemCode.DUPLICATE_INSTRUCTION)]
    seen.add(name)
    if world.character not in world.state.characters:
        return [], [_refuse(f"{name}: only a character records combat plays", "drop this line")]
    parts = [part.strip() for part in value.split(";")]
    if len(parts) > MAX_CLAUSES:
        return [], [_refuse(f"{name}: over {MAX_CLAUSES} clauses", "keep the likely ones")]
    clauses: list[Clause] = []
    problems: list[OrderError] = []
    for part in filter(None, parts):
        clause, found = _clause(world, cast(CombatKey, key), round_, part)
        problems += found
        clauses += [clause] if clause is not None else []
    if not clauses and not problems:
        problems.append(_refuse(f"{name}: says nothing", f"{key}: {COMBAT_KEYS[key]}"))
    return clauses, problems


def _clause(
    world: Map, key: CombatKey, round_: int | None, text: str
) -> tuple[Clause | None, list[OrderError]]:
    """One clause: its play and its condition, each checked; every problem with them."""
    words = text.split()
    cut = next((i for i, w in enumerate(words) if w.casefold() in _WORDS), len(words))
    play = " ".join(words[:cut]).rstrip(",").rstrip()
    problems: list[OrderError] = []
    plays: tuple[str, ...] | None = None
    condition = None
    try:
        plays = _PLAYS[key](world, play)
    except OrderError as refused:
        problems.append(refused)
    if cut < len(words):
        condition, found = _condition(world, words[cut].casefold(), words[cut + 1 :])
        problems += found
    if plays is None or problems:
        return None, problems
    return Clause(key=key, round=round_, plays=plays, condition=condition), []


def _condition(
    world: Map, word: str, words: Sequence[str]
) -> tuple[Condition | None, list[OrderError]]:
    """The facts after ``if``, ``while`` or ``unless``, joined all by ``or`` or all by ``and``."""
    text = " ".join(words)
    joins = {w.casefold() for w in words} & {"and", "or"}
    if len(joins) > 1:
        hint = "join them all with 'or' or all with 'and', or write two clauses with ';'"
        return None, [_refuse(f"{quote(text)} mixes 'and' and 'or'", hint)]
    join = joins.pop() if joins else "or"
    chunks: list[list[str]] = [[]]
    for w in words:
        if w.casefold() == join:
            chunks.append([])
        else:
            chunks[-1].append(w)
    if len(chunks) > MAX_FACTS:
        return None, [_refuse(f"{quote(text)}: over {MAX_FACTS} facts", "keep fewer")]
    facts: list[Fact] = []
    problems: list[OrderError] = []
    for chunk in chunks:
        try:
            facts.append(_fact(world, chunk))
        except OrderError as refused:
            problems.append(refused)
    if problems:
        return None, problems
    return Condition.model_validate({"word": word, "join": join, "facts": facts}), []


def _count(text: str) -> int | None:
    """A small whole number written in ASCII digits, or None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def _fact(world: Map, words: Sequence[str]) -> Fact:
    low = [w.casefold() for w in words]
    on_me = (
        3 if low[-3:] == ["is", "on", "me"] else 4 if low[-4:] == ["is", "on", "my", "sheet"] else 0
    )
    if on_me and low[:-on_me] == ["a", "red-side", "t"]:
        return Fact(what="red")
    if on_me and low[:-on_me] in (["an", "attacker"], ["any", "attacker"], ["attacker"]):
        return Fact(what="on me")
    if on_me:
        subject = " ".join(words[:-on_me])
        found = _names(subject, _denizens(world.catalog), "monster or native")
        if len(found) > 1:
            raise _refuse(f"{quote(subject)}: one name a fact", "e.g. 'if Giant is on me'")
        return Fact(what="on me", name=found[0])
    if len(low) == 4 and low[:2] == ["i", "have"] and low[3] in ("wound", "wounds"):
        count = _count(low[2])
        if count is not None:
            return Fact(what="wounds", number=count)
    if len(low) == 4 and low[:3] == ["my", "weapon", "is"] and low[3] in ("alerted", "unalerted"):
        return Fact(what="weapon", alerted=low[3] == "alerted")
    if "".join(low).startswith("round"):
        rest = "".join(low)[5:]
        at_least = rest.startswith(">=")
        count = _count(rest[2:] if at_least else rest)
        if count:
            return Fact(what="round", number=count, at_least=at_least)
    raise _refuse(f"{quote(' '.join(words))} is not a condition", _CONDITIONS)


# --- the plays ---------------------------------------------------------------------------------


@cache
def _denizens(catalog: Catalog) -> dict[str, str]:
    """Monster types, native groups and the ids of monster and native pieces, by name folded."""
    found = [*(m.name for m in catalog.monsters.values()), *catalog.natives]
    found += [p.id for p in pieces_of(catalog) if p.kind in (Kind.MONSTER, Kind.NATIVE)]
    return {name.casefold(): name for name in found}


def _names(text: str, known: dict[str, str], what: str, extra: Sequence[str] = ()) -> list[str]:
    """The names of a comma list, each one of ``known`` (by name folded) or of ``extra``
    (:data:`~rules.orders.conditions.ATTACKER`); those that are neither are one ``bad-target``
    problem, saying they are no ``what`` of the game."""
    found: list[str] = []
    unknown: list[str] = []
    for part in filter(None, (" ".join(p.split()) for p in text.split(","))):
        name = known.get(part.casefold())
        if name is None and part.casefold() in extra:
            name = ATTACKER
        found += [name] if name is not None else []
        unknown += [part] if name is None else []
    if unknown or not found:
        shown = ", ".join(map(quote, unknown[:5])) + (" …" if len(unknown) > 5 else "")
        near = difflib.get_close_matches((unknown or [""])[0].casefold()[:40], list(known), n=3)
        hint = f"did you mean {', '.join(known[n] for n in near)}?" if near else ""
        raise _refuse(
            f"{shown or 'nothing'}: no {what} of the game",
            hint or "monster types and pieces, e.g. 'Giant', 'Heavy Troll 2'",
            ProblemCode.BAD_TARGET,
        )
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
    kinds = " or ".join(a.value for a in actions)
    raise _refuse(
        f"{quote(text)} is not one of your {kinds} chits",
        f"yours: {', '.join(yours)}" if yours else f"you have no {kinds} chit",
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
        yours = ", ".join(dict.fromkeys(c.label for c in world.state.sheet(world.character).chits))
        shown = ", ".join(map(quote, unknown[:5])) + (" …" if len(unknown) > 5 else "")
        message = f"{shown or 'nothing'}: not your chits, by printed label"
        raise _refuse(message, f"yours: {yours}", ProblemCode.BAD_TARGET)
    return tuple(found)


def _item(world: Map, text: str) -> str:
    owned = world.state.at(Place.owner(world.character))
    found = [item for item in owned if item.casefold() == " ".join(text.split()).casefold()]
    if not found:
        yours = f"yours: {', '.join(owned)}" if owned else "you own no items"
        raise _refuse(f"{quote(text)} is not an item you own", yours, ProblemCode.BAD_TARGET)
    return found[0]


def _horse(world: Map, gait: str) -> str:
    owned = world.state.at(Place.owner(world.character))
    if not any(pieces_of(world.catalog)[item].kind is Kind.HORSE for item in owned):
        raise _refuse(
            f"'horse {gait}': you have no horse", "play a Move chit", ProblemCode.BAD_TARGET
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
    raise _refuse(
        f"natives: {quote(text)}",
        "one of " + ", ".join(NATIVE_PLAYS) + ", several separated by ';' (8.2.2)",
    )


def _lure(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == NONE:
        return (NONE,)
    return tuple(_names(text, _denizens(world.catalog), "monster or native"))


def _target(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == NONE:
        return (NONE,)
    others = {c.casefold(): c for c in world.state.characters if c != world.character}
    known = {**_denizens(world.catalog), **others}
    return tuple(_names(text, known, "monster, native or other character", _ATTACKER_WORDS))


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
        raise _refuse(f"run: {quote(text)} runs to nowhere", f"e.g. 'run: {play} to {CAME_BY}'")
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
        raise _refuse(
            f"charge: {quote(text)} names no other character and Move chit",
            "e.g. 'charge: Amazon with MOVE M4*', or 'charge: none' (8.3.6b)",
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
    raise _refuse(
        f"encounter: {quote(text)} is not an Encounter action",
        "none, alert FIGHT L3*, unalert FIGHT L3*, run MOVE M4* to the road I came by, "
        "activate, deactivate or abandon ITEM, cast SPELL with MAGIC IV4* (8.3.7)",
    )


def _cast(world: Map, text: str) -> str:
    """``SPELL with CHIT`` or ``SPELL with CHIT, color CHIT`` (8.3.9b): one of his recorded
    spells, or a Spell card awakened in an item he owns, cast with one of his Magic chits or
    that item, the colour from one of his Magic chits of Types I-V (as a colour chit when he
    casts) or, without ``color``, from an automatic source. Whether the rules let him cast it
    then is judged when the decision comes (:func:`rules.magic.casting.refusal`): the clause
    answers only when its cast is among the options. The canonical answer is
    :mod:`rules.magic.casting`'s."""
    hint = "e.g. 'encounter: cast Fiery Blast with MAGIC IV4*, color MAGIC IV3*' (8.3.9b)"
    head, *colored = re.split(r",\s*colou?r\s+", text, flags=re.IGNORECASE)
    *named, chit_text = re.split(r"\s+with\s+", head, flags=re.IGNORECASE)
    if not named or len(colored) > 1:
        raise _refuse(f"cast {quote(text)} names no spell and chit", hint)
    sheet = world.state.sheet(world.character)
    owned = world.state.at(Place.owner(world.character))
    pieces = pieces_of(world.catalog)
    awakened = [pieces[card].name for item in owned for card in world.state.at(Place.item(item))]
    spells = {name.casefold(): name for name in [*sheet.spells, *awakened]}
    spell = spells.get(" ".join(" with ".join(named).split()).casefold())
    if spell is None:
        yours = ", ".join(dict.fromkeys(spells.values())) or "none"
        message = f"cast {quote(' with '.join(named))}: not a spell you have"
        raise _refuse(message, f"yours: {yours}", ProblemCode.BAD_TARGET)
    folded = {item.casefold(): item for item in owned}
    chit = folded.get(" ".join(chit_text.split()).casefold()) or _chit(
        world, chit_text, [Action.MAGIC]
    )
    played = f"cast {spell} with {chit}"
    if not colored:
        return played
    color = _chit(world, colored[0], [Action.MAGIC])
    if chit_color(color) is None:
        raise _refuse(
            f"color {color}: only a Magic chit of Types I-V is a colour chit (4.6.4f)",
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
        raise _refuse(
            "attack: 'best' is not offered: the best Fight chit depends on your weapon and on "
            "the enemy, which a standing play cannot see",
            "name the chit and the circle, e.g. 'attack: FIGHT H5* smash'",
        )
    if len(low) > 2 and low[-2] == "flip" and low[-1] in ("alerted", "unalerted"):
        return (f"{_chit(world, ' '.join(words[:-2]), [Action.FIGHT])} flip {low[-1]}",)
    found = _direction(words, tuple(ATTACKS.values()))
    if found is None:
        raise _refuse(
            f"attack: {quote(text)} names no Fight chit and circle",
            "e.g. 'attack: FIGHT H5* smash' (thrust, swing, smash), 'FIGHT H5* flip alerted', "
            "or 'none'",
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
        raise _refuse(
            f"maneuver: {quote(text)} names no Move chit and square",
            "e.g. 'maneuver: MOVE M4 duck' (charge, dodge, duck), 'horse gallop dodge', "
            "'fastest', 'fastest duck' or 'none'",
        )
    play, square = found
    gait = play.casefold().split()
    if gait in _GAITS:
        return (f"{_horse(world, gait[1])} {square}",)
    label = _chit(world, play, [Action.MOVE, Action.DUCK])
    if printed(label).action is Action.DUCK and square != "duck":
        raise _refuse(f"{label} is played only to Duck (L3717)", f"maneuver: {label} duck")
    return (f"{label} {square}",)


def _shield(world: Map, text: str) -> tuple[str, ...]:
    low = " ".join(text.casefold().split())
    if low in (*ATTACKS.values(), TOWARD_MOST):
        return (low,)
    raise _refuse(f"shield: {quote(text)}", f"thrust, swing, smash or '{TOWARD_MOST}' (8.4.5i.2)")


def _place(world: Map, text: str) -> tuple[str, ...]:
    if text.casefold() == SPREAD:
        return (SPREAD,)
    raise _refuse(f"place: {quote(text)}", "'place: spread' (8.4.5m) is the one placement recorded")


_PLAYS: dict[CombatKey, Callable[[Map, str], tuple[str, ...]]] = {
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
