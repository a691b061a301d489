"""The Wishes Table (L5253–5270; 4.6.8b): one roll, six Wishes, granted to the character who
rolls — by the Small Blessing spell (L4717, in a round of combat), the Enchanted Meadow's 3
(L4265) and the Withered Claw (L4336, with the Curses Table's roll), in Daylight.

1. **I wish I were elsewhere**: he teleports to any clearing he chooses (the ``spell``
   question, answer ``clearing``; his own by default: 4.6.8b.1, "if an individual teleports to
   the clearing where he is already located, he does not move").
2. **I wish you were elsewhere**: he names one character, monster or native in his clearing
   but himself (``individual``, the first in the Evening's order by default; a hidden one only
   if he has found hidden enemies, note 2), who teleports: a character to the clearing he
   chooses himself (his own question), a denizen back where it started the game (its
   ``homes`` place: a Ghost or a garrison's clearing, or its box), unhired if it goes to the
   Set Up Card and released from every spell on it.
3. **I wish for a vision**: he looks at the Treasure cards in one box of the Set Up Card
   (``box``, the first by default) without changing them; what he sees is his alone
   (``vision_seen``, private), that he looked is public (``vision``).
4. **I wish for peace**: his clearing is at peace for the rest of the day: its combat ends
   after two rounds of actions, the slower casts are cancelled and no one names a target or
   attacks (L5259, notes 3–4: :mod:`rules.magic.truce`).
5. **I wish for health**: all his action chits are rested and returned to play, and the Wither
   and Ill Health Curses are removed (``curse_removed``; 4.6.8b.4).
6. **I wish for strength**: his next hit with a Fight chit or Gloves card inflicts Tremendous
   harm, or opens the Vault or the Crypt of the Knight (L5261, 4.6.8b.3:
   :mod:`rules.magic.strength`).

Note 1: an individual who teleports is released from the spells not yet in effect on him: in
a round of combat, every cast on him not yet worked is cancelled (``spell_cancelled``, reason
``wish``), and he leaves the combat. In Daylight his followers are left behind (7.3.3,
as the Toadstool Circle's teleport does).

Readings: "When a character teleports, he must leave the clearing" (note 1) is read with
4.6.8b.1: choosing his own clearing, he stays. The character the second Wish teleports chooses
where he goes, as he would for the first. The Wish for health, like Make Whole (magic-readings
L5260), brings back a chit fatigued this round as well.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.daylight.hirelings import unhire
from rules.evening.spoils import remove
from rules.evening.state import CombatState
from rules.events.casting import Healed, Vision, VisionSeen
from rules.events.daylight import FollowerLeft
from rules.events.search import Teleported
from rules.events.spells import CurseRemoved
from rules.hidden import finds
from rules.magic import lifecycle, questions, spell_tables, strength, targets, truce
from rules.magic.cancelling import cancel
from rules.magic.casts import SpellCast
from rules.magic.spell_tables import WISHES_TABLE
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.tables import Result
from rules.state import Place

#: The Curses the Wish for health removes (L5260).
HEALTH_CURES = ("Wither", "Ill Health")
#: The reason a cast is cancelled by a teleport (SCENARIOS part 3's ``spell_cancelled``).
WISH = truce.WISH


def wish(
    ctx: Ctx,
    who: str,
    asker: str,
    *,
    combat: CombatState | None = None,
    cast: SpellCast | None = None,
) -> Result:
    """The character ``who`` rolls on the Wishes Table (``roll``, ``spell_table``) and is
    granted the Wish (:func:`grant`); ``asker`` is what makes him wish (the spell's or card's
    name), the subject of the questions the Wish asks. In a round of combat, by the spell
    ``cast``, the roll is kept on it (``rolled``): when the Wish's question waits, the step
    resumes the cast and the Wish is granted again from the same roll, not rolled again nor
    told twice (:func:`_ask`). Returns the Wish rolled."""
    if cast is not None and cast.rolled is not None:
        result = ctx.catalog.tables[WISHES_TABLE].result(cast.rolled)
    else:
        at = combat.clearing if combat is not None else ctx.where(who)
        round = combat.round if combat is not None else None
        rolled, result = spell_tables.told(
            ctx, who, WISHES_TABLE, who, at=at, round=round, combat=combat
        )
        if cast is not None:
            cast.rolled = rolled.result
    grant(ctx, who, result, asker, combat=combat)
    return result


def grant(
    ctx: Ctx, who: str, result: Result, asker: str, *, combat: CombatState | None = None
) -> None:
    """The Wish ``result`` is granted to ``who`` (see the module docstring)."""
    match result.key:
        case "teleport_self":
            _elsewhere(ctx, who, asker, combat)
        case "teleport_other":
            _you_elsewhere(ctx, who, asker, combat)
        case "vision":
            _vision(ctx, who, asker, combat)
        case "peace":
            truce.make(ctx, who, combat)
        case "health":
            _health(ctx, who)
        case "strength":
            strength.grant(ctx, who)


def _elsewhere(ctx: Ctx, who: str, asker: str, combat: CombatState | None) -> None:
    """1, and a character teleported by 2: he chooses any clearing, his own first."""
    here = ctx.where(who)
    if here is None:
        return
    others = sorted(c for c in ctx.board.clearings() if c != here)
    prompt = phrase("magic.wish_teleports")
    where = _ask(ctx, who, asker, prompt, [here, *others], combat)
    if where != here:
        _teleport(ctx, who, here, Place.clearing(where), where, combat)


def _you_elsewhere(ctx: Ctx, who: str, asker: str, combat: CombatState | None) -> None:
    """2: he names someone else in his clearing (note 2), who teleports."""
    here = ctx.where(who)
    if here is None:
        return
    people = _people(ctx, who, here, combat)
    if not people:
        return
    prompt = phrase("magic.wish_sends")
    named = _ask(ctx, who, asker, prompt, people, combat)
    if named in ctx.state.characters:
        _elsewhere(ctx, named, asker, combat)
        return
    home = ctx.state.homes.get(named)
    if home is None or ctx.state.place_of(named) == home:
        return
    kind, where = Place.split(home)
    if combat is not None:
        remove(ctx, combat, named)
    if kind != "at" and named in ctx.state.minions:
        unhire(ctx, named, phrase("magic.wish_sent_home"))
    _teleport(ctx, named, here, home, where, combat)
    if kind != "at":
        lifecycle.regenerated(ctx, named)  # note 2: released from every spell on it


def _ask(
    ctx: Ctx,
    who: str,
    asker: str,
    prompt: Phrase,
    options: list[str],
    combat: CombatState | None,
) -> str:
    """His answer to the Wish's question (:func:`rules.magic.questions.ask`). In a round of
    combat it waits for him when the Evening's decisions wait: the effects step stops, before
    the Wish has changed anything, and resumes the cast (status ``taking``, 8.4.3) with his
    answer, from the roll kept on it (:func:`wish`). In Daylight it is the answer given ahead,
    else the default — the Wish is granted at once, not waiting: it comes in the middle of a
    step that has already changed the game (a Search's result or a card's activation is told),
    and a wait would run that step again from its start, against
    :func:`rules.day.engine.resolve`'s contract that a step asks before it changes anything."""
    answer = questions.ask(ctx, who, asker, prompt, options, combat=combat)
    if combat is not None:
        ctx.wait_if_pending()
    return answer


def _people(ctx: Ctx, who: str, here: str, combat: CombatState | None) -> list[str]:
    """The individuals in his clearing he may name, himself excepted: in combat those he may
    name as a spell's target (8.4.2d.6), in Daylight those who are not hidden from him."""
    if combat is not None:
        return [p for p in targets.seen(ctx, combat, who) if p != who]
    people = []
    for piece in ctx.state.at(Place.clearing(here)):
        if piece == who:
            continue
        if piece in ctx.state.characters:
            hidden = ctx.sheet(piece).hidden
        elif pieces_of(ctx.catalog)[piece].kind in (Kind.MONSTER, Kind.NATIVE):
            minion = ctx.state.minions.get(piece)
            hidden = minion is not None and minion.sheet.hidden
        else:
            continue
        if not hidden or finds(ctx, who, piece):
            people.append(piece)
    return people


def _teleport(
    ctx: Ctx, who: str, here: str, to: str, name: str, combat: CombatState | None
) -> None:
    """``who`` teleports from ``here`` to the place ``to`` (``name`` as said), released from
    the casts on him not yet worked and out of the combat (note 1), his followers left."""
    if combat is not None:
        for caster, cast in combat.casts.items():
            if cast.status == "cast" and who in cast.targets:
                cancel(ctx, combat, caster, WISH, by=who)
        if who in ctx.state.characters:
            combat.left.append(who)
            combat.sheets.pop(who, None)
            combat.targets = {k: t for k, t in combat.targets.items() if t != who}
    else:
        for follower in ctx.followers_of(who):
            ctx.today.followers.pop(follower, None)
            ctx.emit(FollowerLeft(who=follower, guide=who, at=here))
    ctx.state.put(who, to)
    ctx.emit(Teleported(who=who, from_=here, to=name))


def _vision(ctx: Ctx, who: str, asker: str, combat: CombatState | None) -> None:
    """3: he looks at the Treasure cards of one box of the Set Up Card, in order."""
    pieces = pieces_of(ctx.catalog)
    boxes = {
        box.name: [p for p in ctx.state.at(Place.box(box.name)) if pieces[p].kind is Kind.TREASURE]
        for box in ctx.catalog.setup_card.values()
    }
    held = [name for name, cards in boxes.items() if cards]
    if not held:
        return
    prompt = phrase("magic.wish_vision")
    box = _ask(ctx, who, asker, prompt, held, combat)
    cards = tuple(pieces[p].name for p in reversed(boxes[box]))  # a stack is bottom first
    ctx.emit(Vision(who=who, box=box))
    eyes = ctx.eyes(who)
    ctx.emit(VisionSeen(recipients=(eyes,), who=who, box=box, cards=cards))
    known = ctx.sheet(eyes).known
    known.extend(card for card in boxes[box] if card not in known)


def _health(ctx: Ctx, who: str) -> None:
    """5: all his action chits are rested and returned to play; Wither and Ill Health are
    removed."""
    sheet = ctx.sheet(who)
    rested = [c for c in sheet.chits if c.status != "active"]
    for chit in rested:
        chit.status = "active"
    ctx.emit(Healed(who=who, chits=tuple(c.label for c in rested)))
    for curse in [c for c in sheet.curses if c in HEALTH_CURES]:
        sheet.curses.remove(curse)
        ctx.emit(CurseRemoved(who=who, curse=curse, by=phrase("magic.wish_for_health")))
