"""Leaving play (9.1.1, 9.2.2, L2890–2909): a character's death, however it comes, his suicide at
Midnight, his leaving the map, and the order in which the day's dead pick their fresh starts.

Every way out of play ends in :func:`record`, which writes his
:class:`~rules.state.Departure` — how, when, in which order — and tells his player privately
what he lost and when he may start again; what the board shows (his death, the belongings he
abandons) is told publicly by the events of each way.

- Killed in combat or by the wounds of the Fatigue step (9.1.1a–b):
  :func:`rules.evening.spoils.character_killed`, which calls :func:`record`.
- Unable to Rest (9.1.1c): "If the character cannot do a Rest phase on the next Daylight phase
  (for example, due to the Ill Health curse), he is killed" — :func:`cannot_rest`, checked when
  his turn comes (the Daylight phase where he would have to Rest).
- Suicide (9.2.2a, 8.9.4): at Midnight, when his orders for the day say ``suicide: at
  midnight`` (:func:`suicides`).
- Leaving the map (9.2.2b): :func:`rules.daylight.move.leave_map` calls :func:`left_map`.

On death (9.1.1d) his items are abandoned in his clearing — the order he chooses; the default
(a reading) keeps the order of his belongings on his sheet, the first listed at the bottom of the
pile — and his recorded Fame, Notoriety, gold, spells and discoveries are lost; his hirelings are
unhired (8.4.9p reads so in combat; 9.2.2b says it of leaving the map, and we read it of every
death), his familiar leaves play with him (L3926), and his mission and campaign chits go to his
clearing (7.2.4b).
"""

from __future__ import annotations

from rules import chits
from rules.day.context import Ctx
from rules.daylight import familiar, hirelings, missions
from rules.daylight.moving import abandon
from rules.end.scoring import score_character
from rules.events.end import (
    DeathTold,
    DepartureScored,
    DepartureTold,
    RestartOrder,
    RestartRoll,
    Suicided,
)
from rules.events.evening import Killed
from rules.magic import lifecycle
from rules.magic.nullifying import curses_in_force
from rules.magic.state import committed
from rules.phrases import Phrase, phrase
from rules.state import Departure, DepartureKind, GameState, Place

#: The Curses that keep him from resting (4.6.8a.2; :data:`rules.daylight.curses.FORBIDS`).
NO_REST_CURSES = ("Ill Health",)


def restart_day(how: DepartureKind, game_day: int) -> int | None:
    """The first game day his player may start again: the next day after a death (9.1.2, "he
    can start over on the next day"); after a suicide he "must stay out of the game for at least
    one complete game day" (9.2.2a), so the day after next; never after leaving the map — his
    score stands (9.2.2b, 9.3.1a)."""
    if how == "killed":
        return game_day + 1
    if how == "suicide":
        return game_day + 2
    return None


def record(ctx: Ctx, name: str, how: DepartureKind, *, moment: str, cause: Phrase) -> Departure:
    """Write how and when ``name`` left play, and tell his player privately. Those who leave at
    the same ``moment`` of the same day (killed by the same instant's blows, 8.4.9b) share a
    ``seq``: they were "killed simultaneously" (9.1.2b)."""
    state = ctx.state
    sheet = state.characters[name]
    gone = [c.departed for c in state.characters.values() if c.departed is not None]
    same = [d for d in gone if d.game_day == state.game_day and d.moment == moment]
    seq = same[0].seq if same else 1 + max((d.seq for d in gone), default=0)
    departure = Departure(
        how=how,
        game_day=state.game_day,
        seq=seq,
        moment=moment,
        cause=cause,
        restart_day=restart_day(how, state.game_day),
    )
    sheet.departed = departure
    if how == "left_map":
        ctx.emit(DepartureTold(recipients=(name,), who=name))
    else:
        ctx.emit(
            DeathTold(recipients=(name,), who=name, cause=cause, restart=departure.restart_day)
        )
    return departure


def lose_everything(ctx: Ctx, name: str, unhired: Phrase | None = None) -> None:
    """9.1.1d: his recorded Fame, Notoriety, gold, spells and discoveries are lost, the spells
    his Magic chits cast are broken and he is released from those cast on him (4.6.10h.2–h.3,
    :func:`rules.magic.lifecycle.killed`); he is dead,
    off the map (out of play, so he takes no turn and is asked nothing); his familiar leaves play
    with him (L3926) and his hirelings become unhired (8.4.9p, 9.2.2b), ``unhired`` saying why
    (by default, that their employer is dead)."""
    state = ctx.state
    sheet = state.characters[name]
    sheet.dead = True
    lifecycle.killed(ctx, name)  # 4.6.10h.2-h.3
    sheet.fame = 0
    sheet.notoriety = 0
    sheet.gold = 0
    sheet.spells = []
    sheet.discoveries = []
    sheet.hidden = False
    state.put(name, Place.OUT)
    familiar.leave(state, name)
    for piece, minion in sorted(state.minions.items()):
        if minion.employer == name:
            hirelings.unhire(ctx, piece, unhired or phrase("day.employer_dead", name=name))


def die(ctx: Ctx, name: str, how: DepartureKind, *, moment: str, cause: Phrase) -> None:
    """A character dies outside combat (9.1.1c, 9.2.2a): his chits to his clearing (7.2.4b), his
    belongings abandoned there in the order of his sheet (9.1.1d), everything recorded lost."""
    clearing = ctx.where(name)
    sheet = ctx.state.characters[name]
    missions.killed(ctx, name, clearing)
    if clearing is not None:
        for item in reversed(list(ctx.state.at(Place.owner(name)))):
            abandon(ctx, sheet, item, clearing)
    lose_everything(ctx, name)
    record(ctx, name, how, moment=moment, cause=cause)


def cannot_rest(ctx: Ctx, name: str) -> bool:
    """9.1.1c (L2894): "When all of a character's chits are fatigued, wounded, or dedicated to
    spells, the only activity he can record and carry out is a Rest phase. If the character
    cannot do a Rest phase on the next Daylight phase (for example, due to the Ill Health curse),
    he is killed." Checked when his turn comes: with no chit in play and a Curse that forbids
    Rest, he dies before doing anything. Returns whether he died."""
    if not ctx.is_character(name):
        return False
    sheet = ctx.state.characters[name]
    if sheet.dead or chits.in_play(sheet, committed(ctx.state.spells, name)):
        return False
    in_force = curses_in_force(ctx.state.spells, sheet)
    curse = next((c for c in in_force if c in NO_REST_CURSES), None)
    if curse is None:
        return False
    at = ctx.where(name)
    cause = phrase("day.unable_to_rest", curse=curse)
    ctx.emit(Killed(who=name, by=phrase("day.being", cause=cause), at=at))
    die(ctx, name, "killed", moment=f"daylight turn of the {name}", cause=cause)
    return True


def suicides(ctx: Ctx) -> None:
    """9.2.2a, 8.9.4: "A player can kill his own character at Midnight of any day", when his
    orders for the day say ``suicide: at midnight``; his belongings are abandoned in his
    clearing. All who suicide on one Midnight do so at the same moment."""
    for name, sheet in sorted(ctx.state.characters.items()):
        orders = ctx.today.orders.get(name)
        if orders is None or not orders.instructions.suicide or sheet.dead:
            continue
        if sheet.departed is not None or ctx.state.place_of(name) == Place.OUT:
            continue
        ctx.emit(Suicided(who=name, at=ctx.where(name)))
        die(ctx, name, "suicide", moment="midnight", cause=phrase("day.suicide"))


def left_map(ctx: Ctx, name: str) -> None:
    """9.2.2b (L2908): "When a player moves his character off the map, his belongings are
    removed from play for the rest of the game, and his score is immediately calculated as if it
    were the end of the game." His sheet — belongings included — is kept as it stands in his
    :class:`~rules.state.Departure`; his belongings go out of play and he takes no more part
    (out of play: no turn, no orders). His score is reckoned from the sheet kept, now (told to
    his player alone, so that his Victory Requirements stay secret until the end) and at the end
    (:func:`rules.end.scoring.as_he_left`)."""
    state = ctx.state
    sheet = state.characters[name]
    belongings = list(state.at(Place.owner(name)))
    frozen = sheet.model_dump(mode="json")
    departure = record(
        ctx, name, "left_map", moment=f"left the map {name}", cause=phrase("day.left_map")
    )
    departure.sheet = frozen
    departure.belongings = belongings
    for item in belongings:
        state.put(item, Place.OUT)
        sheet.items.pop(item, None)
    score = score_character(ctx.catalog, state, name)
    ctx.emit(DepartureScored(recipients=(name,), who=name, total=score.total, won=score.won))


def pick_order(ctx: Ctx) -> None:
    """9.1.2b (L2900): "If two players lose characters on the same day, the player who lost his
    character first picks a new one first. If the old characters were killed simultaneously, each
    player rolls one die and the high roll gets first pick." At Midnight, the characters who left
    play today by death or suicide are ranked by ``seq``; those of one moment roll a die each
    (the engine's recorded dice), the higher first — a tie rolls again between those tied (a
    reading: the rule does not say). Each :class:`~rules.state.Departure` gets its ``pick``."""
    state = ctx.state
    today = [
        (name, sheet.departed)
        for name, sheet in sorted(state.characters.items())
        if sheet.departed is not None
        and sheet.departed.game_day == state.game_day
        and sheet.departed.how != "left_map"
    ]
    if len(today) < 2:
        for _, departure in today:
            departure.pick = 1
        return
    order: list[str] = []
    for seq in sorted({d.seq for _, d in today}):
        together = [name for name, d in today if d.seq == seq]
        order += _roll_off(ctx, together) if len(together) > 1 else together
    for rank, name in enumerate(order, start=1):
        gone = state.characters[name].departed
        assert gone is not None
        gone.pick = rank
    ctx.emit(RestartOrder(order=tuple(order)))


def _roll_off(ctx: Ctx, names: list[str]) -> list[str]:
    """One die each, the high roll first; those tied roll again among themselves."""
    rolls: dict[str, int] = {}
    for name in names:
        roll = ctx.dice.game_roll(phrase("day.fresh_starts_order"), who=name)
        rolls[name] = roll.result
        ctx.emit(
            RestartRoll(who=name, roll=roll.result, with_=tuple(n for n in names if n != name))
        )
    ranked: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [n for n in names if rolls[n] == value]
        ranked += _roll_off(ctx, tied) if len(tied) > 1 else tied
    return ranked


def in_play(state: GameState, name: str) -> bool:
    """Whether the character ``name`` still takes part: not dead, not gone off the map."""
    sheet = state.characters.get(name)
    return sheet is not None and not sheet.dead and sheet.departed is None
