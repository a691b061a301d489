"""Looting (7.5.5): treasure sites and piles of abandoned belongings, and Magic Sight's Counters
and Treasure cards (7.5.7d).

A site is looted only by one who has discovered it, in its clearing (7.5.5b.1); a pile any time
(b.1). The roll takes the nth item from the top of the site's box or of the pile — Treasure
cards and weapon, armor and horse counters count, Spell cards and denizens do not — and nothing
when the pile is shorter (c, L1819). The Cairns make a character fatigue one asterisk each roll,
the Pool one for each item taken; the Vault opens once per game, and the Crypt of the Knight
at every roll, to the Lost Keys or Tremendous strength (d). What he takes is private, unless it
is a card that must be revealed at once (e); he keeps it, activates it or abandons it (f). A
face-down Site chit looted is shown to all and put in its clearing (b.2); those who spy on him
learn the site (4.5.6). A Site card drawn is discovered and goes back face up under its box
(g.1–g.2).

A Site card is looted with its own table (g.3) and the cards exchanged for their boxes are
exchanged (L4198–4202) in :mod:`rules.daylight.exchanges`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import hidden, powers
from rules.board import clearing_id
from rules.chits import alteration, current
from rules.day.context import Ctx
from rules.daylight import exchanges, moving, one_use, rest, trade_orders
from rules.daylight.exchanges import site_box
from rules.daylight.search_phase import Search
from rules.evening.fatigue import fatigue_options, pay
from rules.events import Decision
from rules.events.daylight import Activated, ActivationRefused
from rules.events.search import (
    ChitShown,
    Looted,
    LootedCard,
    LootedNothing,
    LootedShown,
    SiteOpened,
)
from rules.magic import strength as strength_wish
from rules.magic.state import committed
from rules.orders.targets import PILE
from rules.phrases import Phrase, phrase
from rules.pieces import ITEM_KINDS, Kind, is_phantasm, pieces_of
from rules.schema.action_chits import STRENGTH_ACTIONS, Action
from rules.schema.base import Weight
from rules.schema.chits import ChitKind
from rules.schema.tables import Result
from rules.schema.treasures import Activation
from rules.state import ItemState, Place

#: The sites whose own conditions looting must meet (7.5.5d), by their chits' words.
CAIRNS, POOL, VAULT, CRYPT = "CAIRNS", "POOL", "VAULT", "Crypt of the Knight"

#: What a looter may do with what he takes (7.5.5f); a hired leader or controlled monster
#: cannot activate (f).
KEEP, ACTIVATE, ABANDON = "keep", "activate", "abandon"


def loose_items(ctx: Ctx, place: str) -> list[str]:
    """The items lying at ``place``, top first: Treasure cards and weapon, armor and horse
    counters — not a native's own horse, which stands with its rider (2.2.5)."""
    pieces = pieces_of(ctx.catalog)
    found = []
    for piece in reversed(ctx.state.at(place)):
        record = pieces[piece]
        if record.kind is Kind.HORSE and ctx.catalog.horses[record.name].rider is not None:
            continue
        if record.kind in ITEM_KINDS:
            found.append(piece)
    return found


def chit_of(ctx: Ctx, site: str) -> str | None:
    """The piece of the Site chit ``site`` (``HOARD 6``), or None for a Site card."""
    if site not in ctx.catalog.map_chits or ctx.catalog.map_chits[site].kind is not ChitKind.SITE:
        return None
    return pieces_of(ctx.catalog).named(site)[0]


def site_clearing(ctx: Ctx, site: str) -> str | None:
    """The clearing of the site ``site`` on the map: its chit's tile and number; a Site card's
    is that of the Site chit whose box holds it (7.5.5g). None while it is off the map (in the
    Lost City or Lost Castle's section)."""
    chit = chit_of(ctx, site)
    if chit is None:
        holder = _site_card_holder(ctx, site)
        return site_clearing(ctx, holder) if holder is not None else None
    kind, rest = Place.split(ctx.state.place_of(chit))
    if kind == "at":
        return rest
    if kind != "tile":
        return None
    number = ctx.catalog.map_chits[site].clearing
    assert number is not None, "a Site chit has its clearing"
    return clearing_id(rest, number)


def _site_card_holder(ctx: Ctx, card: str) -> str | None:
    named = pieces_of(ctx.catalog).named(card)
    if not named:
        return None
    kind, box = Place.split(ctx.state.place_of(named[0]))
    if kind != "box":
        return None
    holds = ctx.catalog.setup_card[box].holds
    return holds if holds in ctx.catalog.map_chits else None


def lootable(ctx: Ctx, who: str, clearing: str) -> list[str]:
    """What he may name to loot in ``clearing``: each site he has discovered there, and the
    pile if there is one (7.5.5b)."""
    sheet = ctx.sheet(who)
    found = [
        site
        for site in sheet.discoveries
        if _is_site(ctx, site) and site_clearing(ctx, site) == clearing
    ]
    if loose_items(ctx, Place.clearing(clearing)):
        found.append(PILE)
    return found


def _is_site(ctx: Ctx, name: str) -> bool:
    if name in ctx.catalog.map_chits:
        return ctx.catalog.map_chits[name].kind is ChitKind.SITE
    return name in ctx.catalog.treasures and (
        ctx.catalog.treasures[name].activation is Activation.SITE
    )


def target(ctx: Ctx, current: Search) -> str | None:
    """What he loots: what he named, else the only thing he may loot there (P15)."""
    if current.target is not None:
        return current.target
    choices = lootable(ctx, current.who, current.clearing)
    return choices[0] if len(choices) == 1 else None


def loot_problem(ctx: Ctx, current: Search) -> Phrase | None:
    """Why he may not loot what he names, or None: a pile must lie in his clearing, a site
    must be one he has discovered there (7.5.5b.1), and the site's conditions met (d)."""
    named = target(ctx, current)
    if named is None:
        choices = lootable(ctx, current.who, current.clearing)
        if not choices:
            return phrase("search.nothing_to_loot", clearing=current.clearing)
        return phrase("search.name_the_loot", clearing=current.clearing, choices=tuple(choices))
    if named == PILE:
        if not loose_items(ctx, Place.clearing(current.clearing)):
            return phrase("search.no_pile", clearing=current.clearing)
        return None
    if named not in ctx.sheet(current.who).discoveries:
        return phrase("search.site_undiscovered", site=named)
    if site_clearing(ctx, named) != current.clearing:
        return phrase("search.site_elsewhere", site=named)
    return condition_problem(ctx, current.who, named)


def condition_problem(ctx: Ctx, who: str, site: str) -> Phrase | None:
    """Why he cannot meet the site's condition (7.5.5d), or None: an asterisk to fatigue at the
    Cairns or Pool (a character's; d.1), the Lost Keys or Tremendous strength at the Crypt, and
    at the Vault until it is open (d.2)."""
    word = _word(ctx, site)
    if word in (CAIRNS, POOL) and ctx.is_character(who) and not _asterisk(ctx, who):
        return phrase("search.no_asterisk_to_loot", site=site)
    needs_strength = word == VAULT and site not in ctx.state.opened
    if (needs_strength or site == CRYPT) and _tremendous(ctx, who) is None:
        return phrase("search.needs_keys_or_strength", site=site)
    return None


def _word(ctx: Ctx, site: str) -> str | None:
    """The printed word of a Site chit (``VAULT``); None for a Site card."""
    return ctx.catalog.map_chits[site].word if site in ctx.catalog.map_chits else None


def _asterisk(ctx: Ctx, who: str) -> str | None:
    """The chit he fatigues for one asterisk (P16: the one-asterisk chit with the highest time,
    then the weakest; a two-asterisk chit, making change, only without one)."""
    character = ctx.sheet(who)
    options = fatigue_options(
        character, 1, dict.fromkeys(Action, 2), committed(ctx.state.spells, who)
    )
    return options[0] if options else None


def _tremendous(ctx: Ctx, who: str) -> tuple[str, str | None] | None:
    """How he breaks down the doors (7.5.5d.2, P17): the Lost Keys active, else a Tremendous
    horse, Boots or Gloves card, or follower's chit or horse (free), else his own Tremendous
    Fight, Move, Duck or Berserk chit (fatigued), else his Wish for strength (used up, 4.6.8b.3,
    :mod:`rules.magic.strength`) — as (what, who fatigues it) — or None. A
    hired leader or controlled monster uses its own Tremendous strength."""
    if not ctx.is_character(who):
        strength = moving.denizen_strength(ctx.catalog, who)
        return ("its own Tremendous strength", None) if strength is Weight.TREMENDOUS else None
    sheet = ctx.sheet(who)
    pieces = pieces_of(ctx.catalog)
    for item, held in sheet.items.items():
        piece = pieces[item]
        if piece.kind is Kind.TREASURE and held.active:
            card = ctx.catalog.treasures[piece.name]
            if "keys" in card.behaviour:
                return (piece.name, None)
    for name in (who, *ctx.followers_of(who)):
        if not ctx.is_character(name):
            continue
        for item, held in ctx.sheet(name).items.items():
            piece = pieces[item]
            horse = piece.kind is Kind.HORSE
            if horse and moving.horse_strength(ctx.catalog, item) is Weight.TREMENDOUS:
                return (piece.name, None)
            if piece.kind is Kind.TREASURE and held.active:
                printed_chit = ctx.catalog.treasures[piece.name].chit
                if printed_chit is not None and printed_chit.strength is Weight.TREMENDOUS:
                    return (piece.name, None)
    for name in (*ctx.followers_of(who), who):
        if not ctx.is_character(name):
            continue
        altered = alteration(ctx.catalog, ctx.sheet(name))
        for chit in ctx.sheet(name).chits:
            face = current(chit.label, altered)
            if (
                chit.status == "active"
                and face.action in STRENGTH_ACTIONS
                and face.strength is Weight.TREMENDOUS
            ):
                return (chit.label, name)
    if strength_wish.ready(ctx.state, who):
        return (strength_wish.WISH, None)  # 4.6.8b.3: used last, kept for the fight if it can be
    return None


def loot(ctx: Ctx, current: Search, result: Result) -> None:
    """7.5.5c: the item at the roll's place from the top, if the pile is that long (L1819);
    the site's conditions paid (d)."""
    named = target(ctx, current)
    assert named is not None, "loot_problem let the phase go on"
    place = Place.clearing(current.clearing) if named == PILE else site_box(ctx, named)
    items = loose_items(ctx, place)
    position = result.position or 1
    item = items[position - 1] if position <= len(items) else None
    choice = ask_item(ctx, current.who, item) if item is not None else KEEP
    ctx.wait_if_pending()
    where = current.clearing if named == PILE else named
    if named != PILE:
        pay_each_roll(ctx, current.who, named)
        _show_site(ctx, current.who, named)
    if item is None:
        ctx.emit(LootedNothing(who=current.who, from_=where))
        return
    take(ctx, current.who, item, where, choice)
    if _word(ctx, named) == POOL:
        _pay_asterisk(ctx, current.who, named)


def ask_item(ctx: Ctx, who: str, item: str, *, giving: Sequence[str] = ()) -> str:
    """What he does with ``item`` as he takes it (7.5.5f): keep it (the default, P10), activate
    it (a character only) or abandon it. A card that reveals or acts at once, or is always
    active (:func:`settle` activates it whatever he says), asks nothing. Activating is offered
    only when he could activate it now — or he is giving one of his active belongings away for
    it (``giving``, 7.6.5c), which may make room; an answer or ``new items:`` instruction given
    ahead is still followed, and a refused activation told (:func:`settle`)."""
    piece = pieces_of(ctx.catalog)[item]
    if piece.kind is Kind.TREASURE:
        activation = ctx.catalog.treasures[piece.name].activation
        if activation in (Activation.SITE, Activation.ON_DRAW, Activation.ALWAYS_ACTIVE):
            return KEEP
    every = (KEEP, ACTIVATE, ABANDON) if ctx.is_character(who) else (KEEP, ABANDON)
    standing = trade_orders.new_item(ctx, who)
    decision = Decision(
        id=ctx.decision_id("item", who).format(),
        character=ctx.eyes(who),
        kind="item",
        prompt=phrase("search.item_prompt", item=piece.name),
        options=every,
        default=KEEP,
    )
    asked = not trade_orders.answered_ahead(ctx, decision, standing)
    if asked and ACTIVATE in every and not _may_activate(ctx, who, item, giving):
        decision = decision.model_copy(update={"options": (KEEP, ABANDON)})
    return trade_orders.ask(ctx, decision, standing)


def _may_activate(ctx: Ctx, who: str, item: str, giving: Sequence[str]) -> bool:
    """Whether ``item`` could be activated as he takes it, so that asking it is a choice."""
    sheet = ctx.sheet(who)
    if any(sheet.items[given].active for given in giving if given in sheet.items):
        return True
    refused = moving.activation_refused(ctx.catalog, ctx.state, sheet, item)
    return refused is None and one_use.refused(ctx, who, item) is None


def take(ctx: Ctx, who: str, item: str, where: str, choice: str) -> None:
    """He takes ``item`` from ``where`` (a site, or a clearing's pile): privately, unless the
    card must be revealed at once (7.5.5e); a Site card is discovered and goes back face up
    under its box (g.1–g.2); an Enchanted card activates itself (f); the rest as he chose."""
    pieces = pieces_of(ctx.catalog)
    piece = pieces[item]
    card = ctx.catalog.treasures[piece.name] if piece.kind is Kind.TREASURE else None
    eyes = ctx.eyes(who)
    ctx.emit(Looted(recipients=(eyes,), who=who, item=piece.name, from_=where))
    shown = card is None or card.activation is not Activation.NEEDS_ACTIVATION
    if shown:
        ctx.emit(LootedShown(who=who, item=piece.name, from_=where))
    else:
        ctx.emit(LootedCard(who=who, from_=where))
    if card is not None and card.activation is Activation.SITE:
        if item not in ctx.state.face_up:
            ctx.state.face_up.append(item)
        stack = ctx.state.stacks[ctx.state.place_of(item)]
        stack.remove(item)
        stack.insert(0, item)
        moving.discover(ctx, who, [piece.name], phrase("search.by_site_card"))
        return
    ctx.state.put(item, Place.owner(who))
    ctx.sheet(who).items[item] = ItemState(active=False)
    revealed = card is not None and card.activation is not Activation.NEEDS_ACTIVATION
    if revealed and item not in ctx.state.face_up:
        ctx.state.face_up.append(item)
    if card is not None and card.activation is Activation.ON_DRAW:
        exchanges.exchange_on_draw(ctx, who, item, where)
        return
    settle(ctx, who, item, choice)


def settle(ctx: Ctx, who: str, item: str, choice: str) -> None:
    """What he does with ``item`` he has just obtained, inactive (7.5.5f, P10): a card always
    active is active at once; otherwise he keeps it, abandons it, or activates it if he may."""
    piece = pieces_of(ctx.catalog)[item]
    card = ctx.catalog.treasures[piece.name] if piece.kind is Kind.TREASURE else None
    sheet = ctx.sheet(who)
    if card is not None and card.activation is Activation.ALWAYS_ACTIVE:
        sheet.items[item].active = True
        powers.report_waiting(ctx, who, item)
        return
    if choice == ABANDON:
        clearing = ctx.where(who)
        assert clearing is not None
        moving.abandon(ctx, sheet, item, clearing)
    elif choice == ACTIVATE:
        refused = moving.activation_refused(ctx.catalog, ctx.state, sheet, item)
        refused = refused or one_use.refused(ctx, who, item)
        if refused is not None:
            ctx.emit(ActivationRefused(who=who, item=piece.name, reason=refused))
            return
        sheet.items[item].active = True
        if card is not None and item not in ctx.state.face_up:
            ctx.state.face_up.append(item)
        ctx.emit(Activated(who=who, item=item))
        powers.report_waiting(ctx, who, item)
        rest.vial_of_healing(ctx, who)
        exchanges.open_chest(ctx, who)
        one_use.use(ctx, who, item)


def pay_each_roll(ctx: Ctx, who: str, site: str) -> None:
    """The Cairns' asterisk, the Crypt's Keys or strength at every roll, and the Vault's once
    (7.5.5d)."""
    word = _word(ctx, site)
    if word == CAIRNS:
        _pay_asterisk(ctx, who, site)
    if (word == VAULT and site not in ctx.state.opened) or site == CRYPT:
        found = _tremendous(ctx, who)
        assert found is not None, "condition_problem let the phase go on"
        what, tired = found
        if tired is not None:
            pay(ctx, tired, what, 1)
        if what == strength_wish.WISH:
            strength_wish.used(ctx, who)
        if word == VAULT:
            ctx.state.opened.append(site)
        ctx.emit(SiteOpened(who=who, site=site, by=what))


def _pay_asterisk(ctx: Ctx, who: str, site: str) -> None:
    if not ctx.is_character(who):
        return
    label = _asterisk(ctx, who)
    if label is not None:
        pay(ctx, who, label, 1)


def _show_site(ctx: Ctx, who: str, site: str) -> None:
    """7.5.5b.2: a face-down Site chit looted is shown to everyone, then put face down in its
    clearing; those who spy on him learn the site (4.5.6)."""
    chit = chit_of(ctx, site)
    clearing = site_clearing(ctx, site)
    if chit is None or clearing is None:
        return
    if chit not in ctx.state.face_up and Place.split(ctx.state.place_of(chit))[0] == "tile":
        ctx.emit(ChitShown(chit=site, at=clearing))
        ctx.state.put(chit, Place.clearing(clearing))
        for character in ctx.state.characters.values():
            if chit not in character.known:
                character.known.append(chit)
    for spy in watchers(ctx, who, clearing):
        moving.discover(ctx, spy, [site], phrase("search.by_spying_on_looting", who=who))


def watchers(ctx: Ctx, who: str, clearing: str) -> list[str]:
    """Who spies on his looting in ``clearing`` (4.5.6a-b): every character, familiar and hired
    leader there who sees him — all of them if he is unhidden, those who see the hidden if he
    is hidden — followers too, who "spy normally while following" (7.11.6e, L2085); a phantasm
    spies on nobody (L5069)."""
    unseen = ctx.sheet(who).hidden
    everyone = [*ctx.state.characters, *ctx.state.familiars, *ctx.state.minions]
    return [
        other
        for other in everyone
        if other != who
        and (ctx.acts(other) or (other in ctx.state.familiars and not is_phantasm(other)))
        and ctx.where(other) == clearing
        and (not unseen or hidden.finds(ctx, other, who))
    ]


def magic_sight_take(ctx: Ctx, current: Search, result: Result) -> None:
    """Counters and Treasure cards on the Magic Sight Table (7.5.7c–d): he finds the hidden
    enemies who own them (:func:`rules.hidden.sight`), and may take the top counter, or the top
    Treasure card, of one discovered site or pile in his clearing, under the Cairns, Pool and
    Vault's conditions."""
    counters = result.key == "counters"
    offered = [
        where
        for where in lootable(ctx, current.who, current.clearing)
        if _top(ctx, current.clearing, where, counters=counters) is not None
        and (where == PILE or condition_problem(ctx, current.who, where) is None)
    ]
    if not offered:
        hidden.sight(ctx, current.who, result.key)
        return
    options = (*(current.clearing if w == PILE else w for w in offered), "none")
    decision = Decision(
        id=ctx.decision_id("take_from", current.who).format(),
        character=ctx.eyes(current.who),
        kind="take_from",
        prompt=phrase("search.take_from_prompt", result=result.text),
        options=options,
        default=options[0],
    )
    chosen = ctx.ask(decision)
    ctx.wait_if_pending()  # the item asked about depends on where he takes it from (issue 32)
    where = PILE if chosen == current.clearing else chosen
    item = _top(ctx, current.clearing, where, counters=counters) if chosen != "none" else None
    choice = ask_item(ctx, current.who, item) if item is not None else KEEP
    ctx.wait_if_pending()
    hidden.sight(ctx, current.who, result.key)
    if item is None:
        return
    if where != PILE:
        if _word(ctx, where) == VAULT and where not in ctx.state.opened:
            pay_each_roll(ctx, current.who, where)
        _show_site(ctx, current.who, where)
    take(ctx, current.who, item, current.clearing if where == PILE else where, choice)
    if _word(ctx, where) in (CAIRNS, POOL):
        _pay_asterisk(ctx, current.who, where)


def _top(ctx: Ctx, clearing: str, where: str, *, counters: bool) -> str | None:
    """The top counter (weapon, armor or horse), or the top Treasure card, at a site or pile."""
    place = Place.clearing(clearing) if where == PILE else site_box(ctx, where)
    pieces = pieces_of(ctx.catalog)
    for item in loose_items(ctx, place):
        is_card = pieces[item].kind is Kind.TREASURE
        if is_card != counters:
            return item
    return None
