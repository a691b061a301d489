"""Seeded campaigns played for a few days by scripted players through the campaign service.

:func:`play` seats 3 to 16 characters chosen by the seed, starts the game and plays its days as
players would: a third of the seats are left to the autopilot (:mod:`rules.autopilot`, as
``make run`` does), the others send the autopilot's orders as their own typed text (half of
them without its standing combat instructions), so that the characters search, trade, hire and
fight. One campaign in :data:`WAITING` waits for decisions: its combats are played by DM in
windows (their sealed sets tagged, and revealed with their salts: ``seal_hashes``), each
asked player answering half the time with his default, the moderator closing the rest. After
every request it hands what left the service to ``inspect`` with what was sealed at that
moment: the orders not yet resolved and the plays of the open window.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from functools import partial

from bot.cards import Refusal
from bot.i18n import Language, speaking
from bot.sealing import SealedSet, sealed_sets
from bot.service import CampaignService, RequestError
from bot.terms import term_in
from bot.windows import closing_time
from db import event_log, repo
from db.engine import session_scope
from db.models import PendingDecision
from rules import GameState, autopilot_setup
from rules.autopilot import autopilot_orders
from rules.catalog import Catalog
from rules.day.leaving import in_play
from rules.decisions import is_combat_id
from rules.orders.legal import legal_activities
from rules.orders.model import ActivityKind
from rules.state_check import read_state
from tests.proofs.readbacks import read_back
from tests.proofs.watcher import Sent, Watcher

MODERATOR = "gm"

#: What ``inspect`` is given: the messages, then the sealed orders and plays by character.
Inspect = Callable[[list[Sent], dict[str, str], dict[str, SealedSet]], None]

#: Event types counted, by what they show.
SEEN = {
    "searches": ("searched",),
    "trades": ("traded", "bought", "sold", "trade_looked"),
    "hires": ("hired", "hire_paid"),
    "combats": ("combat_started",),
    "enchants": ("enchanted", "tile_flipped"),
    "casts": ("cast",),
    "spells": ("spell_took_effect",),
}

#: The characters who start with spells and Magic chits (2.1: the spellcasters).
SPELLCASTERS = ("Wizard", "Witch", "Sorcerer", "Magician", "Druid", "Witch King")

#: The categories of Victory Requirements, as a player writes them (3.3.6a).
CATEGORIES = ("great treasures", "spells", "fame", "notoriety", "gold")

#: What a trader asks for (7.6.5): arms and armour, whose names are no secret (a Treasure's
#: name he typed would come back in his echo, which the detector cannot tell from a leak).
WANTED = ("Short Sword", "Helmet", "Shield up to 14", "Breastplate", "Great Axe", "Crossbow")

#: One campaign in this many waits for decisions.
WAITING = 20

#: How many times one day may stop for decisions before the driver gives up on it.
MAX_STOPS = 200


def victory(rng: random.Random) -> str:
    """Secret Victory Requirements (3.3.6a): five points dealt at random over the categories."""
    points = Counter(rng.choice(CATEGORIES) for _ in range(5))
    return ", ".join(f"{category} {count}" for category, count in sorted(points.items()))


def waits(seed: int) -> bool:
    """Whether campaign ``seed`` waits for decisions (one in :data:`WAITING`): its combats are
    played by DM in windows, which costs many stops a day."""
    return seed % WAITING == 0


def cast(seed: int, characters: list[str]) -> list[str]:
    """The characters of campaign ``seed``: 3 to 16 of them, drawn from the seed."""
    rng = random.Random(seed)
    return rng.sample(characters, rng.randint(3, min(16, len(characters))))


def latest_state(service: CampaignService, name: str, guild: str | None = None) -> GameState:
    """The game as the campaign's last snapshot holds it (a Discord campaign's in ``guild``)."""
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=name, guild=guild)
        assert campaign is not None and campaign.id is not None
        snapshot = repo.latest_snapshot(session, campaign_id=campaign.id)
        assert snapshot is not None
        return read_state(snapshot.state, service.catalog)


def play(
    service: CampaignService,
    watcher: Watcher,
    seed: int,
    *,
    days: int,
    inspect: Inspect,
    seen: Counter[str],
    characters: list[str] | None = None,
    language: str | None = None,
) -> None:
    """Play campaign ``S<seed>`` for ``days`` days (fewer if it ends), inspecting everything
    sent; counts what the days showed in ``seen`` (:data:`SEEN`, and ``decisions``). Its
    ``characters`` are drawn from the seed (:func:`cast`) unless given. A campaign in a
    ``language`` (issue 35) speaks it in public and to every player but the first, who reads
    English."""
    name = f"S{seed}"
    if characters is None:
        characters = cast(seed, list(service.catalog.characters))
    options: dict[str, object] = {"wait_for_decisions": waits(seed), "seal_hashes": waits(seed)}
    if language is not None:
        options["language"] = language
        watcher.speaks(name, language)
    service.campaigns.create(name, moderator=MODERATOR, seed=seed, options=options)
    players = {}
    replies: list[Sent] = []
    for number, character in enumerate(characters):
        player = f"{name}-p{number}"
        service.campaigns.join(name, player=player, player_name=f"P{number}", character=character)
        reads = language or "en"
        if language is not None and number == 0:
            reads = "en"
            service.languages.set_language(name, player=player, text=reads)
        watcher.seat(name, player, character, reads)
        players[character] = player
        choice = f"victory: {victory(random.Random(f'{seed}:{character}'))}"
        choice = "\n".join([choice, *autopilot_setup(service.catalog, character)])
        with speaking(reads):
            chosen = service.campaigns.choose(name, player=player, text=choice)
        replies.append(watcher.reply(name, player, chosen.text))
    service.campaigns.start(name, moderator=MODERATOR)
    piloted = set(characters[::3])
    for character in sorted(piloted):
        service.moderation.set_autopilot(name, moderator=MODERATOR, character=character)
    inspect(replies + watcher.drain(), {}, {})
    rng = random.Random(seed)
    for day in range(1, days + 1):
        campaign = service.campaigns.campaign(name)
        if campaign.status != "running":
            return
        state = latest_state(service, name)
        orders: dict[str, str] = {}
        for character, player in players.items():
            if character in piloted or not in_play(state, character):
                continue
            text = autopilot_orders(state, character, catalog=service.catalog)
            if characters.index(character) % 3 == 1:
                text = text.split("\n", 1)[0]  # no standing combat lines: he plays by DM
            trades = characters.index(character) % 3 == 2 and rng.random() < 0.5
            trading = trader(state, character, service.catalog, text, rng) if trades else None
            reads = watcher.language(name, character)
            written = in_words_of(trading or text, reads)
            with speaking(reads):
                reply = service.players.submit_orders(name, player=player, text=written)
            if written != (trading or text) and not isinstance(reply, Refusal):
                seen["orders naming in " + reads] += 1
                mine = (trading or text).split("\n", 1)[0].split(", ")
                theirs = written.split("\n", 1)[0].split(", ")
                named = [(m, t) for m, t in zip(mine, theirs, strict=True) if m != t]
                echo = reply.text.split("\n")[1:]
                canonical = all(any(m in line and t not in line for line in echo) for m, t in named)
                seen["echoed in canonical notation"] += canonical
            if isinstance(reply, Refusal):  # his trade left the day's route unplayable
                inspect([watcher.reply(name, player, reply.text)], orders, {})
                with speaking(watcher.language(name, character)):
                    reply = service.players.submit_orders(name, player=player, text=text)
            orders[character] = reply.text.split("\n", 1)[-1]
            inspect([watcher.reply(name, player, reply.text)], orders, {})
        inspect(watcher.drain(), orders, {})
        service.resolver.resolve_day(name, day=day, moderator=MODERATOR)
        _decide(service, watcher, name, players, rng, inspect, seen)
        inspect(watcher.drain(), {}, {})
        with session_scope(service.engine) as session:
            found = service.campaigns.campaign(name)
            assert found.id is not None
            types = [r.type for r in event_log.list_events(session, campaign_id=found.id, day=day)]
            for what, kinds in SEEN.items():
                seen[what] += sum(t in kinds for t in types)
            seen["days"] += 1
            seen["days with a fight"] += "combat_started" in types
            seen["days with a cast"] += "cast" in types


#: A phase's activity and the name it targets: ``T Woodfolk``, ``HR Company``, ``F Amazon``.
_NAMED = re.compile(r"^(\*?(?:T|HR|F|S|FL) )([A-Za-z][A-Za-z' ]*[a-z])$")


def in_words_of(orders: str, language: str) -> str:
    """``orders`` as a player who reads ``language`` may write them (issue 35): each native
    group, visitor, character or table a phase names, and what a ``buy:`` line asks for, by its
    name in his rulebook (the activity letters and clearings are the same in both, 6.2.6)."""
    if language == Language.EN.value:
        return orders
    first, newline, rest = orders.partition("\n")
    phases = []
    for phase in first.split(", "):
        named = _NAMED.match(phase)
        phases.append(named[1] + term_in(Language(language), named[2]) if named else phase)
    lines = [
        "buy: " + term_in(Language(language), line[5:]) if line.startswith("buy: ") else line
        for line in rest.split("\n")
    ]
    return ", ".join(phases) + newline + "\n".join(lines)


def trader(
    state: GameState, character: str, catalog: Catalog, text: str, rng: random.Random
) -> str | None:
    """The autopilot's orders ``text`` with a Trade first (7.6: with a native group or visitor
    of his clearing, looking for goods he may not find, drinks bought), in place of its last
    phase — or None where he has no one to trade with. The autopilot rarely trades; a player
    who does makes the private looks and the purchases the suite must see."""
    partners = [
        a
        for a in legal_activities(state, character, 1, catalog=catalog)
        if a.kind is ActivityKind.TRADE
    ]
    if not partners:
        return None
    first, _, rest = text.partition("\n")
    phases = first.split(", ")
    phases = [str(rng.choice(partners)), *phases[:-1]]
    lines = [", ".join(phases), f"buy: {rng.choice(WANTED)}", "drinks: yes"]
    return "\n".join([*lines, rest] if rest else lines)


def _decide(
    service: CampaignService,
    watcher: Watcher,
    name: str,
    players: dict[str, str],
    rng: random.Random,
    inspect: Inspect,
    seen: Counter[str],
) -> None:
    """Answer the day's stops until it is over: each asked player answers (plays, in a combat
    window, or a plain decision) with some chance, and the moderator closes what is left. At
    the day's first stop and then at its 2nd, 4th, 8th... (early rounds and late ones, at a
    cost that grows slowly with a long day), the day being resolved, everyone asks every
    read-back command (:func:`tests.proofs.readbacks.read_back`; the maps at the first)."""
    for stop in range(MAX_STOPS):
        waiting, plays = stop_of(service, name)
        if not waiting:
            return
        seen["decisions"] += len(waiting)
        inspect(watcher.drain(), {}, plays)
        if stop & (stop - 1) == 0:  # 0, 1, 2, 4, 8...
            reads = partial(watcher.language, name)
            inspect(read_back(service, name, players, maps=stop == 0, language=reads), {}, plays)
        combat = [d for d in waiting if is_combat_id(d.ref)]
        if not combat:
            decision = waiting[0]
            with speaking(watcher.language(name, decision.character)):
                service.resolver.answer(
                    name, player=players[decision.character], answer=decision.default
                )
            continue
        for character in sorted({d.character for d in combat}):
            if rng.random() < 0.5:
                continue
            mine = [d for d in combat if d.character == character]
            casting = _casting(mine, rng)
            try:
                with speaking(watcher.language(name, character)):
                    if casting is not None:  # he casts, by typed plays (issue 34)
                        reply = service.plays.answer_plays(
                            name, player=players[character], text=casting
                        )
                    else:
                        reply = service.plays.answer_window_choice(
                            name,
                            player=players[character],
                            index=0,
                            offered=tuple(mine[0].options),
                            choice=mine[0].default,
                        )
            except RequestError:
                break  # the window closed with an earlier answer
            if casting is not None:
                seen["casts by DM"] += 1
            inspect([watcher.reply(name, players[character], reply.text)], {}, plays)
        if _still_open(service, name, combat[0].ref):
            service.plays.close_window(name, moderator=MODERATOR)
    raise RuntimeError(f"{name}: the day did not end after {MAX_STOPS} stops")


def _casting(mine: list[PendingDecision], rng: random.Random) -> str | None:
    """The plays of a player who casts a spell through his window, when its Encounter action
    offers one (issue 34): one of the casts offered, and the first of the targets his target
    decision offers (a target of the wrong sort for his spell has him asked again, alone, once
    the casts are revealed); None when no cast is offered."""
    action = next((d for d in mine if d.kind == "action"), None)
    casts = [o for o in action.options if o.startswith("cast ")] if action is not None else []
    if not casts:
        return None
    lines = [f"encounter: {rng.choice(casts)}"]
    target = next((d for d in mine if d.kind == "target"), None)
    aims = [o for o in target.options if o != "none"] if target is not None else []
    if aims:
        lines.append(f"target: {aims[0]}")
    return "\n".join(lines)


def stop_of(
    service: CampaignService, name: str, guild: str | None = None
) -> tuple[list[PendingDecision], dict[str, SealedSet]]:
    """Where campaign ``name`` (a Discord campaign's in ``guild``) stops: the decisions open
    now, and the sealed sets of the open combat window by character."""
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=name, guild=guild)
        assert campaign is not None and campaign.id is not None
        waiting = repo.open_decisions(session, campaign_id=campaign.id)
        every = repo.list_decisions(session, campaign_id=campaign.id, day=campaign.day)
        for decision in every:
            session.expunge(decision)
    return waiting, _plays(every, waiting)


def _plays(every: list[PendingDecision], waiting: list[PendingDecision]) -> dict[str, SealedSet]:
    """The sealed sets of the open combat window (the decisions due when it closes), by
    character."""
    due = closing_time(waiting)
    window = [d for d in every if is_combat_id(d.ref) and due is not None and d.due_at == due]
    return {sealed.character: sealed for sealed in sealed_sets(window)}


def _still_open(service: CampaignService, name: str, ref: str) -> bool:
    with session_scope(service.engine) as session:
        campaign = repo.get_campaign(session, name=name)
        assert campaign is not None and campaign.id is not None
        return any(d.ref == ref for d in repo.open_decisions(session, campaign_id=campaign.id))
