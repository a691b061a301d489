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

Each key's plays are read by :mod:`rules.orders.combat_plays` (:data:`~rules.orders.
combat_plays.PLAYS`); the standing magic keys ``cast`` and ``color`` (issue 34,
:data:`CLAUSE_KEYS`) by :mod:`rules.orders.magic_plays`, in lines of the same form.
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

from collections.abc import Callable, Sequence
from typing import cast

from rules.decisions.kinds import CombatKey
from rules.orders.combat_plays import PLAYS, denizens, named, refuse
from rules.orders.conditions import (
    KEY_KINDS,
    MAGIC_KINDS,
    Clause,
    Condition,
    Fact,
    MagicKey,
    standing_answer,
)
from rules.orders.magic_plays import MAGIC_KEYS, cast_line, color_line
from rules.orders.problems import ProblemCode
from rules.orders.targets import OrderError, quote
from rules.orders.world import Map
from rules.phrases import Phrase, phrase

__all__ = [
    "CLAUSE_KEYS",
    "COMBAT_KEYS",
    "MAX_CLAUSES",
    "MAX_FACTS",
    "read_line",
    "standing_answer",
]

#: The combat keys and the values they take (pbem-combat §3); each takes ``;`` between clauses
#: and ``if``/``unless``/``while`` conditions after a play.
COMBAT_KEYS: dict[str, Phrase] = {
    "natives": (phrase("orders.key_natives")),
    "lure": phrase("orders.key_lure"),
    "charge": phrase("orders.key_charge"),
    "encounter": (phrase("orders.key_encounter")),
    "run": phrase("orders.key_run"),
    "target": phrase("orders.key_target"),
    "attack": (phrase("orders.key_attack")),
    "maneuver": phrase("orders.key_maneuver"),
    "shield": phrase("orders.key_shield"),
    "place": phrase("orders.key_place"),
    "fatigue": phrase("orders.key_fatigue"),
    "wound": phrase("orders.key_wound"),
    "round N": phrase("orders.key_round_n"),
}
#: Every key whose clauses :func:`read_line` reads: the combat keys and the standing magic keys
#: (:mod:`rules.orders.magic_plays`), with what each takes.
CLAUSE_KEYS: dict[str, Phrase] = {**COMBAT_KEYS, **MAGIC_KEYS}
_PLAYS: dict[str, Callable[[Map, str], tuple[str, ...]]] = {
    **dict(PLAYS.items()),
    "cast": cast_line,
    "color": color_line,
}
#: The most clauses one line holds, and facts one condition.
MAX_CLAUSES = 10
MAX_FACTS = 6

_CONDITIONS = phrase("orders.conditions")
_WORDS = ("if", "while", "unless")


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
        hint = phrase("orders.round_example")
        if not (number and _count(number)):
            message = phrase("orders.rounds_count", number=quote(number or ""))
            return [], [refuse(message, hint)]
        if not colon or (key not in KEY_KINDS and key not in MAGIC_KINDS):
            keys = ", ".join([*KEY_KINDS, *MAGIC_KINDS])
            message = phrase("orders.not_a_combat_key", number=number, key=quote(head.strip()))
            return [], [refuse(message, phrase("orders.round_example_keys", keys=keys))]
        round_ = _count(number)
    name = key if round_ is None else f"round {round_}: {key}"
    if name in seen:
        message, hint = phrase("orders.given_twice", key=name), phrase("orders.one_line_clauses")
        return [], [refuse(message, hint, ProblemCode.DUPLICATE_INSTRUCTION)]
    seen.add(name)
    if world.character not in world.state.characters:
        message = phrase("orders.combat_character", key=name)
        return [], [refuse(message, phrase("orders.drop_line"))]
    parts = [part.strip() for part in value.split(";")]
    if len(parts) > MAX_CLAUSES:
        message = phrase("orders.over_clauses", key=name, most=MAX_CLAUSES)
        return [], [refuse(message, phrase("orders.keep_likely"))]
    clauses: list[Clause] = []
    problems: list[OrderError] = []
    for part in filter(None, parts):
        clause, found = _clause(world, cast(CombatKey | MagicKey, key), round_, part)
        problems += found
        clauses += [clause] if clause is not None else []
    if not clauses and not problems:
        message = phrase("orders.says_nothing", key=name)
        problems.append(
            refuse(message, phrase("orders.key_takes", key=key, takes=CLAUSE_KEYS[key]))
        )
    return clauses, problems


def _clause(
    world: Map, key: CombatKey | MagicKey, round_: int | None, text: str
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
        message, hint = phrase("orders.mixes", text=quote(text)), phrase("orders.join_hint")
        return None, [refuse(message, hint)]
    join = joins.pop() if joins else "or"
    chunks: list[list[str]] = [[]]
    for w in words:
        if w.casefold() == join:
            chunks.append([])
        else:
            chunks[-1].append(w)
    if len(chunks) > MAX_FACTS:
        message = phrase("orders.over_facts", text=quote(text), most=MAX_FACTS)
        return None, [refuse(message, phrase("orders.keep_fewer"))]
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
        found = named(subject, denizens(world.catalog), phrase("orders.monster_or_native"))
        if len(found) > 1:
            message = phrase("orders.one_name", text=quote(subject))
            raise refuse(message, phrase("orders.fact_example"))
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
    raise refuse(phrase("orders.not_a_condition", text=quote(" ".join(words))), _CONDITIONS)
