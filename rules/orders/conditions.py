"""Standing combat instructions as data (pbem-combat §3): clauses, their public conditions, the
:class:`Situation` they are checked in, and :func:`standing_answer`, a decision answered from them.

A :class:`Clause` is one play a player records in advance for one kind of combat decision
(:data:`rules.decisions.kinds.COMBAT_KINDS`), perhaps only for round N, perhaps only when a
:class:`Condition` holds. :class:`CombatOrders` keeps them in the order written: for a decision,
the clauses of its round come before the general ones, and the first that can be played answers
it (:func:`standing_answer`). Conditions are few and public — a red-side-up
Tremendous monster on his sheet (8.4.7d), his wounds, a denizen on his sheet, whether his weapon
is alerted (2.3.5d), the round — so that the echo can say what each clause means.

The standing magic keys (issue 34, read by :mod:`rules.orders.magic_plays`) are clauses too:
a ``cast`` clause answers the Encounter action and then, once his cast is known, his spell's
``target`` decision (:func:`spell_target`); a ``color`` clause the ``color`` decisions, in the
Evening here and in Daylight through :func:`daylight_color` (:func:`color_answer`).

This module reads no text (:mod:`rules.orders.combat` does, and documents the judgement calls)
and imports nothing of the game state, so that :mod:`rules.orders.model` can hold
:class:`CombatOrders`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.decisions.kinds import COMBAT_KINDS, CombatKey
from rules.evening.answers import MANEUVERS, NONE, TREACHERY
from rules.schema.action_chits import Action, ActionChit

if TYPE_CHECKING:
    from rules.events import Decision


#: The combat keys of an order message (:data:`rules.decisions.kinds.CombatKey`), in the
#: rules' order, each with the kind of decision its clauses answer
#: (:attr:`rules.decisions.kinds.CombatKind.keys`); a ``natives`` clause answers the kind its
#: play names (:data:`NATIVE_PLAYS`, :attr:`Clause.kind`).
def _key_kinds() -> dict[CombatKey, str]:
    found: dict[CombatKey, str] = {}
    for kind in COMBAT_KINDS.values():
        for key in kind.keys:
            found.setdefault(key, kind.name)
    return found


KEY_KINDS = _key_kinds()
#: The ``natives`` plays (8.2.2, pbem-combat §3), each with the decision kind it answers and
#: its answer.
NATIVE_PLAYS: dict[str, tuple[str, str]] = {
    play: (kind.name, answer) for kind in COMBAT_KINDS.values() for play, answer in kind.natives
}
#: What ``target:`` writes for any denizen attacking him, one on his own sheet.
ATTACKER = "any attacker on my sheet"
#: What ``run:`` writes for the roadway he came in by today, the only one he may run on (8.3.8b).
CAME_BY = "the road I came by"
#: The ``shield`` and ``place`` plays that ask for what the engine's defaults are defined to be
#: (pbem-combat §4): the oval facing the most attacking counters, and the counters spread.
TOWARD_MOST = "toward most attackers"
SPREAD = "spread"

#: The standing magic keys (issue 34, :mod:`rules.orders.magic_plays`), each with the decision
#: kinds its clauses answer: ``cast`` the Encounter action (8.3.9b) and then, once his cast is
#: known, his spell's targets (8.4.2d); ``color`` the colour chits played as a phase starts in
#: his clearing (4.6.7h.6) and beside his Encounter action (8.3.9a).
MagicKey = Literal["cast", "color"]
MAGIC_KINDS: dict[MagicKey, tuple[str, ...]] = {"cast": ("action", "target"), "color": ("color",)}
#: The target phrases of a ``cast`` clause besides names (:func:`spell_target`), canonical.
ATTACKING_MONSTER = "the first monster that attacks me"
ME = "me"
MY_CLEARING = "my clearing"
THIS_TILE = "this tile"
#: What a ``cast`` clause writes between its cast and its targets, and a ``color`` clause before
#: the spell it energizes.
AT, ENERGIZE = " at ", "energize "


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True)
class Situation:
    """The public facts a combat clause is checked against, when the rules reach its step.

    ``on_sheet`` are the pieces attacking him, by piece id (``Giant 1``): the denizens on his
    Melee Section (8.3.4–8.3.5). ``red_tremendous``: one of them is a Tremendous monster red
    side up (8.4.7d). ``wounds``: his wounded chits. ``weapon_alerted``: his active weapon's side
    (2.3.5d), None without one. ``came_from``: the clearing at the other end of the roadway he
    came in by today, None if he did not move in (8.3.8b). ``effort``: the asterisks already
    played this round or planned in his other plays, which a play may not take over two
    (8.4.5f.2). ``carried``: the rank of the heaviest item he carries
    (:attr:`rules.schema.base.Weight.rank`), which a Move chit must match (8.4.5f.3).
    ``faces``: the current face of each of his action chits by label, where his active Belt of
    Strength, Draught or Garb of Speed alter it (L4364–4378); a chit not listed shows its
    printed face (:meth:`face`). For the magic keys: ``cast``, the spell he cast this round
    (None before his cast is known); ``monsters``, the monsters among ``on_sheet``, in its
    order; ``clearing`` and ``tile``, where the fight is; ``energize``, the plays of one colour
    chit of his that would energize an inert Permanent spell now, its colour the right one
    (``MAGIC IV3* energizes Transform on Amazon``, :func:`rules.magic.energizing.worth_playing`).
    """

    round: int
    on_sheet: tuple[str, ...] = ()
    red_tremendous: bool = False
    wounds: int = 0
    weapon_alerted: bool | None = None
    came_from: str | None = None
    effort: int = 0
    carried: int = 0
    faces: tuple[tuple[str, ActionChit], ...] = ()
    cast: str | None = None
    monsters: tuple[str, ...] = ()
    clearing: str | None = None
    tile: str | None = None
    energize: tuple[str, ...] = ()

    def face(self, label: str) -> ActionChit:
        """The chit ``label`` as it counts now: altered (``faces``, L4364–4378) or printed."""
        return dict(self.faces).get(label) or ActionChit.parse(label)


def names(name: str, piece: str) -> bool:
    """Whether ``name`` names ``piece``: its id, or the monster type or native group it belongs
    to — ``Giant`` names ``Giant 1`` and ``Giant 2`` but not ``Giant Bat 1`` nor ``Giant's
    Club 1``; ``Company`` names ``Company HQ`` and ``Company 2``."""
    if piece == name:
        return True
    rest = piece[len(name) + 1 :] if piece.startswith(name + " ") else ""
    return rest == "HQ" or (rest.isascii() and rest.isdigit())


class Fact(_Frozen):
    """One public fact a condition asks about:

    - ``red``: a red-side-up Tremendous monster is on his sheet (8.4.7d);
    - ``wounds``: he has ``number`` or more wounded chits;
    - ``on me``: a piece ``name`` names (:func:`names`) is on his sheet; any attacker at all
      when ``name`` is empty;
    - ``weapon``: his weapon is alerted (``alerted``) or unalerted (2.3.5d);
    - ``round``: this is round ``number``, or (``at_least``) a later one.
    """

    what: Literal["red", "wounds", "on me", "weapon", "round"]
    name: str = ""
    number: int = Field(default=0, ge=0)
    at_least: bool = False
    alerted: bool = False

    def __str__(self) -> str:
        if self.what == "red":
            return "a red-side T is on me"
        if self.what == "wounds":
            return f"I have {self.number} wound{'' if self.number == 1 else 's'}"
        if self.what == "on me":
            return f"{self.name or 'an attacker'} is on me"
        if self.what == "weapon":
            return f"my weapon is {'alerted' if self.alerted else 'unalerted'}"
        return f"round >= {self.number}" if self.at_least else f"round {self.number}"

    def holds(self, situation: Situation) -> bool:
        if self.what == "red":
            return situation.red_tremendous
        if self.what == "wounds":
            return situation.wounds >= self.number
        if self.what == "on me":
            return any(not self.name or names(self.name, p) for p in situation.on_sheet)
        if self.what == "weapon":
            return situation.weapon_alerted is self.alerted
        if self.at_least:
            return situation.round >= self.number
        return situation.round == self.number


class Condition(_Frozen):
    """``if`` (or ``while``, the same) or ``unless`` one or more :class:`Fact`, joined all by
    ``or`` or all by ``and``."""

    word: Literal["if", "while", "unless"] = "if"
    join: Literal["and", "or"] = "or"
    facts: tuple[Fact, ...] = Field(min_length=1)

    def __str__(self) -> str:
        return f"{self.word} " + f" {self.join} ".join(map(str, self.facts))

    def holds(self, situation: Situation) -> bool:
        found = (fact.holds(situation) for fact in self.facts)
        met = any(found) if self.join == "or" else all(found)
        return met != (self.word == "unless")


class Clause(_Frozen):
    """One recorded play for the decisions of ``key``'s kind, in round ``round`` only (None:
    every round), when ``condition`` holds (None: always).

    ``plays`` are canonical texts: one play for ``encounter`` (``alert FIGHT L3*``, ``run MOVE
    M4* to the road I came by``), ``run`` (the same without ``run``), ``attack`` (``FIGHT H5*
    smash``), ``maneuver`` (``MOVE M4 duck``, ``fastest``), ``shield`` (``smash``, ``toward
    most attackers``) and ``place`` (``spread``); the names in order for ``lure`` and
    ``target`` (or ``none``); the chit labels in order of preference for ``fatigue`` and
    ``wound``."""

    key: CombatKey | MagicKey
    round: int | None = Field(default=None, ge=1)
    plays: tuple[str, ...] = Field(min_length=1)
    condition: Condition | None = None

    @property
    def kind(self) -> str:
        """The decision kind the clause answers; a ``natives`` clause answers the one its play
        names (``no drinks``, ``pay insult``, ``refuse challenge``)."""
        return self.kinds[0]

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every decision kind the clause answers: one, but for ``cast`` (:data:`MAGIC_KINDS`)."""
        if self.key == "natives":
            return (NATIVE_PLAYS[self.plays[0]][0],)
        if self.key == "cast" or self.key == "color":
            return MAGIC_KINDS[self.key]
        return (KEY_KINDS[self.key],)

    def holds(self, situation: Situation) -> bool:
        return self.condition is None or self.condition.holds(situation)

    def __str__(self) -> str:
        play = ", ".join(self.plays)
        if self.key == "cast" and len(self.plays) > 1:
            play = f"{self.plays[0]}{AT}{', '.join(self.plays[1:])}"
        return play if self.condition is None else f"{play} {self.condition}"


class CombatOrders(_Frozen):
    """His standing combat instructions: every clause, in the order written."""

    clauses: tuple[Clause, ...] = ()

    def clauses_for(self, kind: str, round_: int) -> list[Clause]:
        """The clauses that may answer a ``kind`` decision of round ``round_``, in the order
        they are tried: those written for that round, then the general ones."""
        mine = [c for c in self.clauses if kind in c.kinds]
        return [c for c in mine if c.round == round_] + [c for c in mine if c.round is None]

    def lines(self) -> list[str]:
        """The canonical text, one ``[round N: ]key: clause; clause`` line per key written."""
        lines: list[str] = []
        last: tuple[int | None, str] | None = None
        for clause in self.clauses:
            if (clause.round, clause.key) == last:
                lines[-1] += f"; {clause}"
                continue
            last = (clause.round, clause.key)
            prefix = "" if clause.round is None else f"round {clause.round}: "
            lines.append(f"{prefix}{clause.key}: {clause}")
        return lines


# --- answering ---------------------------------------------------------------------------------


def standing_answer(orders: CombatOrders, decision: Decision, situation: Situation) -> str | None:
    """The answer ``orders`` give to ``decision``, one of its options, or None to leave it to
    the engine's default: the first clause of the decision's kind — those for
    ``situation.round`` before the general ones — whose condition holds in ``situation`` and
    whose play is among the options (:mod:`rules.orders.combat` gives the judgement calls). A
    name names pieces as :func:`names` says; a ``lure`` decision's denizen is its id's subject
    (``d3/CV5/r1/lure/Amazon/Giant 1``)."""
    subject = decision.where.subject
    for clause in orders.clauses_for(decision.kind, situation.round):
        if clause.holds(situation):
            answer = _answer(clause, decision, situation, subject)
            if answer is not None and answer in decision.options:
                return answer
    return None


def _answer(
    clause: Clause, decision: Decision, situation: Situation, subject: str | None
) -> str | None:
    plays, options = clause.plays, decision.options
    if clause.key == "cast":
        if decision.kind == "action":
            return f"cast {plays[0]}"
        return spell_target(plays, decision, situation)
    if clause.key == "color":
        return color_answer(plays[0], options, situation)
    if clause.key == "natives":
        return NATIVE_PLAYS[plays[0]][1]
    if clause.key == "charge":
        return plays[0].replace(" with ", " ", 1)
    if clause.kind == "lure":
        if subject is None:
            return None
        if plays == (NONE,):
            return "no"
        return "yes" if any(names(name, subject) for name in plays) else None
    if clause.kind == "target":
        for name in plays:
            if name == NONE:
                return NONE
            found = [
                o
                for o in options
                if o != NONE
                and not o.endswith(TREACHERY)  # never his own hirelings (8.4.2g)
                and (o in situation.on_sheet if name == ATTACKER else names(name, o))
            ]
            if found:
                return found[0]
        return None
    if clause.kind == "fatigue":
        return next((label for label in plays if label in options), None)
    if clause.kind == "wound":
        return _wounds(plays, options)
    play = f"run {plays[0]}" if clause.key == "run" else plays[0]
    if play.startswith("run "):
        return _run_answer(play, options, situation)
    if play.startswith("fastest"):
        return _fastest(play, decision, situation)
    if play in (TOWARD_MOST, SPREAD):
        return decision.default
    return play


def _run_answer(play: str, options: Sequence[str], situation: Situation) -> str | None:
    """A run by the road named, the road he came by, or (none named) the road he came in by
    today or else the first road offered (8.3.8b)."""
    if play.endswith(f" to {CAME_BY}"):
        came = situation.came_from
        return None if came is None else play.removesuffix(CAME_BY) + came
    if " to " in play:
        return play
    if situation.came_from is not None:
        return f"{play} to {situation.came_from}"
    return next((o for o in options if o.startswith(f"{play} to ")), None)


def _strength(chit: ActionChit) -> int:
    return chit.strength.rank if chit.strength is not None else 0


def _fastest(play: str, decision: Decision, situation: Situation) -> str | None:
    """His fastest Move or Duck chit offered in the square, fewer asterisks on a tie, within
    two asterisks this round (8.4.5f.2) and strong enough for what he carries (8.4.5f.3) — by
    the time and strength of its current face (:meth:`Situation.face`, L4364–4378)."""
    named = play.split()[1:]
    default = decision.default.rpartition(" ")[2]
    square = named[0] if named else default if default in MANEUVERS.values() else "charge"
    labels = [
        label
        for label, _, box in (option.rpartition(" ") for option in decision.options)
        if box == square
        and label.split(" ")[0] in (Action.MOVE, Action.DUCK)
        and situation.effort + ActionChit.parse(label).effort <= 2
        and _strength(situation.face(label)) >= situation.carried
    ]
    best = min(
        labels,
        key=lambda x: (situation.face(x).time, ActionChit.parse(x).effort, x),
        default=None,
    )
    return None if best is None else f"{best} {square}"


def _wounds(plays: Sequence[str], options: Sequence[str]) -> str | None:
    """The option whose chits come first in his order of preference: the one whose positions
    in the order, sorted, are least; options with none of his chits are not taken."""
    rank = {label: index for index, label in reversed(list(enumerate(plays)))}

    def positions(option: str) -> list[int]:
        return sorted(rank.get(label.strip(), len(plays)) for label in option.split(","))

    liked = [o for o in options if o != NONE and min(positions(o)) < len(plays)]
    return min(liked, key=positions, default=None)


# --- the standing magic keys ----------------------------------------------------------------


def cast_spell(play: str) -> str:
    """The spell a ``cast`` clause's play casts: ``Fiery Blast with MAGIC IV4*, color MAGIC
    IV3*`` casts Fiery Blast (a spell's name may hold ``with``: the chit follows the last)."""
    head = play.partition(", color ")[0]
    return head.rpartition(" with ")[0]


def spell_target(plays: Sequence[str], decision: Decision, situation: Situation) -> str | None:
    """The answer of a ``cast`` clause to his ``target`` decision (8.4.2d): only once his cast
    is known to be the clause's spell, the first of its target phrases that names one of the
    options — :data:`ATTACKING_MONSTER` the first monster on his sheet, :data:`ATTACKER` the
    first denizen there, :data:`ME` himself, :data:`MY_CLEARING` and :data:`THIS_TILE` where
    the fight is, a name (:func:`names`) the first option naming that one alone, else a set of
    several it names all of (the Bats, a native group)."""
    if situation.cast is None or situation.cast != cast_spell(plays[0]):
        return None
    options = [o for o in decision.options if o != NONE]
    for phrase in plays[1:]:
        fixed = {
            ATTACKING_MONSTER: situation.monsters,
            ATTACKER: situation.on_sheet,
            ME: (decision.character,),
            MY_CLEARING: (situation.clearing,),
            THIS_TILE: (situation.tile,),
        }.get(phrase)
        if fixed is not None:
            found = next((t for t in fixed if t in options), None)
        else:
            single = (o for o in options if ", " not in o and names(phrase, o))
            sets = (o for o in options if all(names(phrase, t) for t in o.split(", ")))
            found = next(single, None) or next(sets, None)
        if found is not None:
            return found
    return None


def color_answer(play: str, options: Sequence[str], situation: Situation) -> str | None:
    """The answer of a ``color`` clause (``energize SPELL [on TARGET] [with CHIT]`` or
    ``none``) to a ``color`` decision: the first option that plays one colour chit (the one
    named, if any) energizing that spell (on a target the clause names, :func:`names`) while
    the spell is inert and the chit's colour the one it needs (:attr:`Situation.energize`);
    None when there is none, so that a spell energized already is not paid for again."""
    if play == NONE:
        return NONE
    body, found, chit = play.removeprefix(ENERGIZE).rpartition(" with ")
    if not found or not chit.startswith("MAGIC "):
        body, chit = play.removeprefix(ENERGIZE), ""
    spell, _, target = body.partition(" on ")
    for option in options:
        if option not in situation.energize:
            continue
        label, _, rest = option.partition(" energizes ")
        name, _, on = rest.rpartition(" on ")
        if name == spell and (not target or names(target, on)) and (not chit or label == chit):
            return option
    return None


def daylight_color(orders: CombatOrders, decision: Decision, energize: Sequence[str]) -> str | None:
    """His ``color`` clauses' answer to a Daylight ``color`` decision (4.6.7h.6; there is no
    window in Daylight): those with no round and no condition, which speak of combat, tried in
    order (:func:`color_answer`); None leaves the default."""
    situation = Situation(round=0, energize=tuple(energize))
    for clause in orders.clauses:
        if clause.key == "color" and clause.round is None and clause.condition is None:
            found = color_answer(clause.plays[0], decision.options, situation)
            if found is not None and found in decision.options:
                return found
    return None
