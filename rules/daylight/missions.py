"""Missions and campaigns (7.2.4, L1609–1640): taking the chits, the tasks they set, and how the
tasks end.

A character takes a mission or campaign chit in his clearing at the start of a phase of his turn
(7.2.4), as his ``take:`` standing instruction names it (:func:`at_phase_start`); he pays its
cost in recorded Fame and Notoriety at once (c) and carries it (``carried:<name>``,
:class:`rules.state.Task`). A mission is delivered by moving into its Dwelling's clearing
(e.4, :func:`entered`); a campaign is complete when all its foes are dead (i,
:func:`campaigns_done`) and may be abandoned when none of them is on the map (j); a task not
done by its time limit, or by the end of the game, costs its cost again (d, :func:`midnight`);
a character killed puts his chits in his clearing (b, :func:`killed`). What the chit does to the
Meeting Table while he carries it (h) is :mod:`rules.meeting`'s; the +2 levels of friendliness
with the partners are written on his sheet here, when he takes the chit and when he puts it
back (h.2).

Readings chosen:

- The mission reward (e.1, L1619): "the number of clearings along the shortest route from his
  clearing to the Dwelling" counts the clearings he would *enter* along it — the Dwelling's
  clearing counted, his own not: one per roadway (:meth:`rules.board.Board.distance` over every
  kind of roadway, hidden paths and secret passages whether discovered or not). The route is
  "from his clearing": he is already there, and every clearing he moves into is one "along" the
  route; counting his own too would pay for a clearing the escort never travels to, and would
  make the shortest possible delivery (one roadway) pay 4 Gold for a single Move. The reward is
  then 2 Gold per roadway of the shortest route (a mountain clearing counts once, though
  entering it takes two Moves).
  Same-clearing routes cannot occur: a mission picked up at its Dwelling goes to the other one
  (e.2, e.3); were both Dwellings in one clearing, the 30 Gold of "no route" is paid.
- "Within 14 days" (e.1) counts like the campaigns' 14 days (f.2, L1626): the day he takes it
  is the first, so its last day is 13 days later, and the time runs out at that Midnight.
- The end of the game (d, f.1) is the Midnight of its last day (:mod:`rules.end.length`): every
  task not done then fails. In a game longer than a month a campaign chit's time limit is 28
  days (f.1 note, L1624), counted like the missions' 14.
- A character who leaves the map carries his chits off with him (the rules do not say): they
  stay with him and fail at their time limit, the chit going out of play with him.
- A character following another takes chits at the start of each of his guide's phases, as
  the Sequence of Play says his followers may (4.3.1, L1394).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.board import board_for
from rules.catalog import Catalog
from rules.end.length import MONTH_DAYS, last_day
from rules.events.trade import (
    CampaignAbandoned,
    CampaignCompleted,
    CampaignFailed,
    CampaignNotAbandoned,
    ChitDropped,
    ChitNotTaken,
    ChitTaken,
    MissionCompleted,
    MissionFailed,
    RelationshipChanged,
)
from rules.magic.nullifying import curses_in_force
from rules.meeting import DISGUST
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of
from rules.schema.base import Relationship
from rules.schema.visitors import ChitFace, FaceKind
from rules.state import CharacterState, GameState, Place, Task

if TYPE_CHECKING:
    from rules.day.context import Ctx

#: Levels of friendliness a campaign adds with each partner while carried (7.2.4h, h.2).
PARTNER_LEVELS = 2


#: The rulebook's other name for a campaign (L399 "Conquest", L1632 "Conquer").
OTHER_NAMES = {"conquest": "Conquer"}


def task_faces(catalog: Catalog) -> dict[str, tuple[str, ChitFace]]:
    """Every mission and campaign face, by its name folded (and ``"conquest"``): the chit's piece
    id and the face."""
    found: dict[str, tuple[str, ChitFace]] = {}
    for chit in catalog.visitors.values():
        for face in chit.faces:
            if face.kind is not FaceKind.VISITOR:
                found[face.name.casefold()] = (chit.name, face)
    for other, name in OTHER_NAMES.items():
        found[other] = found[name.casefold()]
    return found


def face_of(catalog: Catalog, chit: str, face: str) -> ChitFace:
    """The face ``face`` of the chit ``chit``."""
    return catalog.visitors[chit].face(face)


def campaign_of(catalog: Catalog, sheet: CharacterState) -> tuple[str, ChitFace] | None:
    """The campaign chit he carries (at most one, 7.2.4a) and its face, or None."""
    for chit, task in sheet.tasks.items():
        face = face_of(catalog, chit, task.face)
        if face.kind is FaceKind.CAMPAIGN:
            return chit, face
    return None


def foe_pieces(catalog: Catalog, face: ChitFace) -> Iterator[str]:
    """The pieces that are a campaign's foes: every counter of its foe groups, and every monster
    its ``foe_monsters`` name (the Quest's Dragons, f.3)."""
    for group in face.foes:
        yield from (counter.name for counter in catalog.natives[group].counters)
    pieces = pieces_of(catalog)
    for monster in face.foe_monsters:
        yield from pieces.named(monster)


def _on_map(catalog: Catalog, state: GameState, piece: str) -> bool:
    """Whether ``piece`` is on the map (7.2.4g): in a clearing, on a roadway, with an employer —
    or, a Garrison native, in his group's box ("Natives in the Garrisons boxes always count as
    being on the map", L1633)."""
    kind, _ = Place.split(state.place_of(piece))
    if kind in ("at", "road", "with"):
        return True
    if kind == "box" and piece in catalog.native_counters:
        return catalog.group_of(piece).garrison_of is not None
    return False


def _alive(state: GameState, piece: str) -> bool:
    """Whether ``piece`` is on the map or the Set Up Card (7.2.4i): not killed (out of play)."""
    return Place.split(state.place_of(piece))[0] in ("at", "road", "with", "box")


def foes_on_map(catalog: Catalog, state: GameState, face: ChitFace) -> bool:
    """7.2.4g, j: whether one or more of the campaign's foes are on the map."""
    return any(_on_map(catalog, state, piece) for piece in foe_pieces(catalog, face))


def cost_text(fame: int | float, notoriety: int | float) -> Phrase:
    """``"8 Fame"``, ``"10 Fame and 15 Notoriety"``, ``"nothing"``."""
    if fame and notoriety:
        return phrase("trade.fame_and_notoriety", fame=_points(fame), notoriety=_points(notoriety))
    if fame:
        return phrase("trade.fame_points", fame=_points(fame))
    if notoriety:
        return phrase("trade.notoriety_points", notoriety=_points(notoriety))
    return phrase("trade.no_points")


def _points(points: int | float) -> int | str:
    """A number of points as a phrase holds it: a fraction as it is written."""
    return points if isinstance(points, int) else str(points)


# --- taking (7.2.4 a–c, g) ------------------------------------------------------------------------


def at_phase_start(ctx: Ctx, name: str) -> None:
    """7.2.4: "Each time a character starts a phase of his turn, he can take any mission and
    campaign chits that are in his clearing" — and a character following him, at the start of
    each of his guide's phases (Sequence of Play 4.3.1, L1394: "He and his followers can ...
    pick up mission or campaign chits in the clearing"). His ``abandon: campaign`` is done
    first, when it may be (j), then each chit his ``take:`` instruction names that is in his
    clearing, face up as named, is taken if the rules allow (:func:`refusal`); one they do not
    allow is reported. Hired leaders and controlled monsters take none (L1609)."""
    if not ctx.is_character(name):
        return
    instructions = ctx.instructions(name)
    if instructions.abandon_campaign:
        abandon(ctx, name)
    where = ctx.where(name)
    if where is None or not instructions.take:
        return
    faces = task_faces(ctx.catalog)
    sheet = ctx.sheet(name)
    for wanted in instructions.take:
        chit, face = faces[wanted.casefold()]
        if chit in sheet.tasks or ctx.state.visitor_faces.get(chit) != face.name:
            continue
        if ctx.state.place_of(chit) != Place.clearing(where):
            continue
        refused = refusal(ctx.catalog, ctx.state, sheet, face)
        if refused is not None:
            key = ("chit_not_taken", str(ctx.state.game_day), name, chit)
            if key not in ctx.memo:
                ctx.memo[key] = True
                ctx.emit(ChitNotTaken(who=name, chit=face.name, at=where, reason=refused))
            continue
        take(ctx, name, chit, face, where)


def refusal(
    catalog: Catalog, state: GameState, sheet: CharacterState, face: ChitFace
) -> Phrase | None:
    """Why he cannot take the chit showing ``face`` now, or None: negative Fame or Notoriety,
    or a cost that would make them negative (7.2.4c); a cost in Fame under the Disgust Curse,
    which forbids "any game function that would cause him to subtract from it" (4.6.8a.4, the
    Curses Table L5280); a second campaign (a); a campaign none of whose foes is on the map
    (g)."""
    assert face.cost is not None
    if sheet.fame < 0 or sheet.notoriety < 0:
        return phrase("trade.negative_points")
    if face.cost.fame > 0 and DISGUST in curses_in_force(state.spells, sheet):
        return phrase("trade.cost_takes_fame", cost=cost_text(face.cost.fame, face.cost.notoriety))
    if sheet.fame < face.cost.fame or sheet.notoriety < face.cost.notoriety:
        have = (
            cost_text(sheet.fame, sheet.notoriety)
            if sheet.fame or sheet.notoriety
            else phrase("trade.none_at_all")
        )
        cost = cost_text(face.cost.fame, face.cost.notoriety)
        return phrase("trade.cost_too_high", cost=cost, have=have)
    if face.kind is FaceKind.CAMPAIGN:
        carried = campaign_of(catalog, sheet)
        if carried is not None:
            return phrase("trade.has_campaign", campaign=carried[1].name)
        if not foes_on_map(catalog, state, face):
            return phrase("trade.no_foes_on_map")
    return None


def take(ctx: Ctx, name: str, chit: str, face: ChitFace, where: str) -> None:
    """7.2.4b–c: he pays the cost from his recorded points and puts the chit with his active
    belongings; a mission's Dwelling and reward are fixed now (e.1–e.3, :func:`mission_terms`);
    a campaign makes each partner two levels friendlier (h)."""
    assert face.cost is not None
    sheet = ctx.sheet(name)
    sheet.fame -= face.cost.fame
    sheet.notoriety -= face.cost.notoriety
    today = ctx.state.game_day
    days = face.time_limit_days
    if days is None and last_day(ctx.state) > MONTH_DAYS:
        days = MONTH_DAYS  # f.1 note (L1624): 28 days in a game longer than a month
    task = Task(
        face=face.name,
        taken=today,
        last_day=today + days - 1 if days is not None else None,
        fame=face.cost.fame,
        notoriety=face.cost.notoriety,
    )
    if face.kind is FaceKind.MISSION:
        task.destination, task.reward = mission_terms(ctx.catalog, ctx.state, face, where)
    ctx.state.put(chit, Place.carried(name))
    sheet.tasks[chit] = task
    ctx.emit(
        ChitTaken(
            who=name,
            chit=face.name,
            kind=str(face.kind),
            at=where,
            cost=cost_text(task.fame, task.notoriety),
            fame=task.fame,
            notoriety=task.notoriety,
            task=_task_text(face, task),
            last_day=task.last_day,
            to=task.destination,
            reward=task.reward,
        )
    )
    if face.kind is FaceKind.CAMPAIGN:
        _partners(ctx, name, face, PARTNER_LEVELS, phrase("trade.takes_chit", chit=face.name))


def _task_text(face: ChitFace, task: Task) -> Phrase:
    """What the task asks of him, and by when (7.2.4e.1, f)."""
    until = (
        phrase("trade.by_midnight_of", day=task.last_day)
        if task.last_day
        else phrase("trade.by_game_end")
    )
    if face.kind is FaceKind.MISSION:
        return phrase(
            "trade.mission_task", dwelling=task.destination, until=until, gold=task.reward
        )
    foes = (*face.foes, *face.foe_monsters)
    return phrase("trade.campaign_task", foes=foes, until=until, partners=tuple(face.partners))


def mission_terms(
    catalog: Catalog, state: GameState, face: ChitFace, where: str
) -> tuple[str, int]:
    """7.2.4e.1–e.3: the Dwelling a mission picked up in ``where`` goes to — its ``to``, or its
    ``else_to`` when picked up at the ``to`` Dwelling — and the Gold it pays: 2 per clearing of
    the shortest route over every kind of roadway, hidden paths and secret passages included
    whether he has found them or not, counting the clearings entered (the destination's, not
    his own: see the module docstring); 30 when there is no route or the Dwelling is not on the
    board yet (L1619 *Special*)."""
    assert face.destination is not None and face.reward is not None
    destination = face.destination.to
    if _dwelling_clearing(state, destination) == where:
        destination = face.destination.else_to
    goal = _dwelling_clearing(state, destination)
    if goal is None:
        return destination, face.reward.gold_if_no_route
    clearings = board_for(catalog, state.tiles).distance(where, goal)
    if clearings is None or clearings == 0:
        return destination, face.reward.gold_if_no_route
    return destination, face.reward.gold_per_clearing * clearings


def _dwelling_clearing(state: GameState, dwelling: str) -> str | None:
    """The clearing of the Dwelling ``dwelling``, or None when it is not on the board."""
    try:
        return state.clearing_of(dwelling)
    except KeyError:
        return None


def _partners(ctx: Ctx, name: str, face: ChitFace, change: int, reason: Phrase) -> None:
    """7.2.4h, h.1, h.2: each partner group ``change`` levels friendlier on his sheet — beyond Ally
    the extra levels are kept (they only let him accept extra boons) — and each change shown to
    him, for ``reason``."""
    sheet = ctx.sheet(name)
    for group in face.partners:
        level = sheet.relationships.get(group, int(Relationship.NEUTRAL)) + change
        if level == Relationship.NEUTRAL:
            sheet.relationships.pop(group, None)
        else:
            sheet.relationships[group] = level
        shown = Relationship(min(max(level, Relationship.ENEMY), Relationship.ALLY)).name.lower()
        said: str | Phrase = shown
        if level > Relationship.ALLY:
            said = phrase("trade.beyond_ally", level=shown, extra=level - Relationship.ALLY)
        ctx.emit(
            RelationshipChanged(
                recipients=(name,),
                who=name,
                group=group,
                level=said,
                reason=reason,
            )
        )


# --- ending a task (7.2.4b, d, e.4, i, j) --------------------------------------------------------


def _put_back(ctx: Ctx, name: str, chit: str, clearing: str | None) -> Task:
    """7.2.4b: the chit leaves him and is put in ``clearing`` (out of play when there is none);
    a campaign's partners lose the two levels it gave (h.2)."""
    sheet = ctx.sheet(name)
    task = sheet.tasks.pop(chit)
    ctx.state.put(chit, Place.clearing(clearing) if clearing is not None else Place.OUT)
    face = face_of(ctx.catalog, chit, task.face)
    if face.kind is FaceKind.CAMPAIGN:
        _partners(ctx, name, face, -PARTNER_LEVELS, phrase("trade.puts_back_chit", chit=face.name))
    return task


def _regain(sheet: CharacterState, task: Task, sign: int) -> None:
    sheet.fame += sign * task.fame
    sheet.notoriety += sign * task.notoriety


def entered(ctx: Ctx, name: str, clearing: str) -> None:
    """7.2.4e.4: moving into the clearing of a mission's Dwelling while carrying it completes the
    task at once: he collects the reward, regains the Notoriety he paid, and the chit is put at
    the Dwelling."""
    if not ctx.is_character(name):
        return
    sheet = ctx.sheet(name)
    for chit, task in list(sheet.tasks.items()):
        if task.destination is None or _dwelling_clearing(ctx.state, task.destination) != clearing:
            continue
        _put_back(ctx, name, chit, clearing)
        _regain(sheet, task, +1)
        sheet.gold += task.reward or 0
        ctx.emit(
            MissionCompleted(
                who=name,
                chit=task.face,
                to=task.destination,
                at=clearing,
                gold=task.reward or 0,
                regained=cost_text(task.fame, task.notoriety),
            )
        )


def campaigns_done(ctx: Ctx) -> None:
    """7.2.4i: a campaign is complete when all its foes are killed — none on the map or the Set
    Up Card, whoever killed them: he regains its cost and puts the chit in his clearing. Asked
    after each kill."""
    for name, sheet in ctx.state.characters.items():
        carried = campaign_of(ctx.catalog, sheet)
        if sheet.dead or carried is None:
            continue
        chit, face = carried
        if any(_alive(ctx.state, piece) for piece in foe_pieces(ctx.catalog, face)):
            continue
        where = ctx.where(name)
        task = _put_back(ctx, name, chit, where)
        _regain(sheet, task, +1)
        ctx.emit(
            CampaignCompleted(
                who=name, chit=face.name, at=where, regained=cost_text(task.fame, task.notoriety)
            )
        )


def abandon(ctx: Ctx, name: str) -> None:
    """7.2.4j: he abandons his campaign, as his instruction says, when none of its foes is on the
    map: no cost back, no penalty; the chit is put in his clearing. While some foe is on the map
    he cannot, and is told so once."""
    sheet = ctx.sheet(name)
    carried = campaign_of(ctx.catalog, sheet)
    where = ctx.where(name)
    if carried is None or where is None:
        return
    chit, face = carried
    if foes_on_map(ctx.catalog, ctx.state, face):
        key = ("campaign_not_abandoned", str(ctx.state.game_day), name)
        if key not in ctx.memo:
            ctx.memo[key] = True
            ctx.emit(
                CampaignNotAbandoned(who=name, chit=face.name, reason=phrase("trade.foes_on_map"))
            )
        return
    _put_back(ctx, name, chit, where)
    ctx.emit(CampaignAbandoned(who=name, chit=face.name, at=where))


def killed(ctx: Ctx, name: str, clearing: str | None) -> None:
    """7.2.4b: when he is killed his chits are put in his clearing, ``clearing``."""
    sheet = ctx.sheet(name)
    for chit in list(sheet.tasks):
        task = _put_back(ctx, name, chit, clearing)
        ctx.emit(ChitDropped(who=name, chit=task.face, at=clearing))


def midnight(ctx: Ctx, *, game_over: bool) -> None:
    """7.2.4d, f.2: at Midnight of a task's last day — or of the game's last day, for every
    task not done (d, f.1) — the time runs out: he pays the chit's cost again, as a penalty, and
    the chit is put in his clearing. A campaign he has ordered abandoned today is abandoned
    first if it may be now (j: "any time that none of his foes are on the map")."""
    today = ctx.state.game_day
    for name, sheet in ctx.state.characters.items():
        for chit, task in list(sheet.tasks.items()):
            out_of_time = task.last_day is not None and task.last_day <= today
            if not (out_of_time or game_over):
                continue
            if ctx.instructions(name).abandon_campaign:
                abandon(ctx, name)
                if chit not in sheet.tasks:
                    continue
            where = ctx.where(name)
            face = face_of(ctx.catalog, chit, task.face)
            _put_back(ctx, name, chit, where)
            _regain(sheet, task, -1)
            failed = CampaignFailed if face.kind is FaceKind.CAMPAIGN else MissionFailed
            ctx.emit(
                failed(
                    who=name,
                    chit=face.name,
                    at=where,
                    penalty=cost_text(task.fame, task.notoriety),
                    reason=phrase("trade.game_ends")
                    if not out_of_time
                    else phrase("trade.day_ends", day=task.last_day),
                )
            )
