"""Spells found by searching (7.5.6 Reading Runes, 7.5.7e Magic Sight's Perceive spell) and the
Curse a Reading Runes roll can bring (L5557, 4.6.8a).

Each Spell card belongs to the Artifact, Spell Book or Site chit its box of the Set Up Card
holds (7.5.6a): the cards still there are the box's Spell cards, bottom first like every stack.
A card awakened from an Artifact or Spell Book is put with its item (7.5.6c.1): its place is
:func:`with_item` (``item:Good Book``), so it stays the item's wherever the item goes and is no
longer the box's to read; a Site chit's awakened card goes back under the other Spell cards of
its box. What is looked at, awakened and learned is the searcher's alone (7.5.6a, e): private
events, and the cards he has seen in his ``known``; the roll and a Curse are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import parse_clearing_id
from rules.chits import printed, wither
from rules.day.context import Ctx
from rules.daylight.curses import CURSES
from rules.daylight.finding import map_chits
from rules.daylight.search_phase import Search
from rules.dice import Roll
from rules.events import Decision
from rules.events.day import NotImplementedYet
from rules.events.daylight import Fatigued
from rules.events.search import Cursed, SpellAwakened, SpellNotLearned, SpellsSeen
from rules.hidden import SPELLS, sight
from rules.magic import recording, spell_tables
from rules.magic.forms import absorbed_magic
from rules.magic.items import added
from rules.magic.spell_tables import CURSES_TABLE
from rules.magic.state import committed
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.chits import ChitKind
from rules.schema.tables import Result
from rules.state import Place

#: The behaviour keys of the Treasure cards that hold Spell cards (4.4.7, 7.5.6).
SPELL_ITEMS = ("artifact", "spell_book")

#: The answer that takes nothing on a Perceive spell decision.
NONE = "none"

#: The answer to ``rune_card`` that reads the topmost Spell card of the box (7.5.6b).
TOP = "top card"


def with_item(item: str) -> str:
    """The place of the awakened Spell cards put with the Artifact or Spell Book ``item``
    (7.5.6c.1): ``item:Good Book``."""
    return Place.item(item)


@dataclass(frozen=True)
class Source:
    """What he reads or perceives the Spell cards of: an Artifact or Spell Book (``item``), by
    its piece id, or a Site chit, by its name; and the box of the Set Up Card its cards came
    from (7.5.6a)."""

    name: str
    box: str
    item: bool

    def in_box(self, ctx: Ctx) -> list[str]:
        """The Spell cards still in its box, top first (7.5.6b: he reads the topmost)."""
        pieces = pieces_of(ctx.catalog)
        stack = ctx.state.at(Place.box(self.box))
        return [p for p in reversed(stack) if pieces[p].kind is Kind.SPELL]

    def awakened(self, ctx: Ctx) -> list[str]:
        """The awakened Spell cards put with the item, top first (none for a site)."""
        return list(reversed(ctx.state.at(with_item(self.name)))) if self.item else []

    def added(self, ctx: Ctx) -> list[str]:
        """The spells energized Enchant Artifact spells add to the item (L5053: "The character
        who is holding the target item can read runes to learn the spell"), each once; none
        for a site. They are not cards: "automatically awakened", read by name."""
        if not self.item:
            return []
        return list(dict.fromkeys(s for _, s in added(ctx.catalog, ctx.state, self.name)))

    def cards(self, ctx: Ctx) -> list[str]:
        """Every Spell card that belongs to it (7.5.7e): its box's, top first, then those
        awakened with the item."""
        return self.in_box(ctx) + self.awakened(ctx)


def runes_problem(ctx: Ctx, current: Search) -> Phrase | None:
    """Why he may not read runes on what he names, or None (7.5.6): an Artifact or Spell Book
    he owns and has active, or a Site chit he has discovered in his clearing, with a Spell card
    to read — the topmost of its box, or one of an item's awakened cards (7.5.6b). A bare
    ``S Reading Runes`` reads his only active Artifact or Spell Book, else, having none, the
    only discovered site in his clearing with Spell cards; if that does not say which, he must
    name it."""
    source, problem = _named(ctx, current)
    if source is None:
        return problem
    if source.in_box(ctx) or source.awakened(ctx) or source.added(ctx):
        return None
    return phrase("search.no_spell_cards", source=source.name)


def card_options(ctx: Ctx, source: Source) -> tuple[str, ...]:
    """The cards he may read on ``source`` (7.5.6b), the default first: the top card of its
    box (:data:`TOP`) if it has one, then each awakened card of an item, by spell, once, top
    first."""
    pieces = pieces_of(ctx.catalog)
    awakened = dict.fromkeys(
        [*(pieces[card].name for card in source.awakened(ctx)), *source.added(ctx)]
    )
    return (*((TOP,) if source.in_box(ctx) else ()), *awakened)


def ask_card(ctx: Ctx, current: Search) -> str:
    """7.5.6b: "If he specifies an Artifact or Spell Book with awakened Spell cards, he can
    specify one of its awakened cards instead of the top card in its box" — the decision
    ``rune_card``, asked before he rolls (:data:`TOP` or a spell's name, :func:`card_options`),
    only when there is such a choice; asked again after the roll, it gives the same answer.
    The card he names stays face down and secret: the decision is his alone."""
    source, _ = _named(ctx, current)
    if source is None or not (source.awakened(ctx) or source.added(ctx)):
        return TOP
    options = card_options(ctx, source)
    return ctx.ask(
        Decision(
            id=ctx.decision_id("rune_card", current.who).format(),
            character=ctx.eyes(current.who),
            kind="rune_card",
            prompt=phrase("search.rune_card_prompt", source=source.name),
            options=options,
            default=options[0],
        )
    )


def read(ctx: Ctx, current: Search, result: Result) -> None:
    """The Reading Runes results Learn and awaken spell, and Awaken spell (7.5.6c), on the
    topmost Spell card of what he reads, or the awakened card of an item he named instead
    (7.5.6b, :func:`ask_card`). He looks at the card (c.1) and awakens it: an item's card goes
    with the item (:func:`with_item`), a site's back under the other Spell cards of its box; a
    card already awakened stays as it is. On "learn" he records the spell if he may
    (:func:`learn_problem`: c.2, f), privately, in a free box of his sheet or one he erases
    (7.5.6g, :mod:`rules.magic.recording`: asked before anything changes); a spell he may not
    learn is only awakened, and he is told why (``spell_not_learned``)."""
    source, _ = _named(ctx, current)
    assert source is not None, "runes_problem let the search go on"
    named = ask_card(ctx, current)
    pieces = pieces_of(ctx.catalog)
    cards = source.in_box(ctx) if named == TOP else [
        c for c in source.awakened(ctx) if pieces[c].name == named
    ]  # fmt: skip
    if not cards and named in source.added(ctx):
        _read_added(ctx, current, named, result)
        return
    assert cards, "runes_problem found a Spell card to read"
    card = cards[0]
    asleep = card not in source.awakened(ctx)
    learning = result.key == "learn_and_awaken"
    spell = pieces_of(ctx.catalog)[card].name
    problem = learn_problem(ctx, current.who, spell) if learning else None
    room = recording.ask_room(ctx, current.who, spell) if learning and problem is None else None
    ctx.wait_if_pending()
    _look(ctx, current.who, [card])
    eyes = (ctx.eyes(current.who),)
    if asleep:
        _awaken(ctx, source, card)
        ctx.emit(SpellAwakened(recipients=eyes, who=current.who, spell=spell, from_=source.name))
    if learning and problem is not None:
        ctx.emit(SpellNotLearned(recipients=eyes, who=current.who, spell=spell, reason=problem))
    elif room is not None:
        recording.record(ctx, current.who, spell, source.name, room)


def _read_added(ctx: Ctx, current: Search, spell: str, result: Result) -> None:
    """He reads the runes of the spell an Enchant Artifact adds to his item (L5053: "The
    character who is holding the target item can read runes to learn the spell"): it is no
    card, "automatically awakened" — Awaken spell does nothing more; on "learn" he records it
    if he may (:func:`learn_problem`), as from a card. Reading: the added spell counts as
    learned from a Spell card for 7.5.6f (he may not learn it again)."""
    if result.key != "learn_and_awaken":
        return
    problem = learn_problem(ctx, current.who, spell)
    room = recording.ask_room(ctx, current.who, spell) if problem is None else None
    ctx.wait_if_pending()
    source, _ = _named(ctx, current)
    assert source is not None
    if problem is not None:
        eyes = (ctx.eyes(current.who),)
        ctx.emit(SpellNotLearned(recipients=eyes, who=current.who, spell=spell, reason=problem))
    elif room is not None:
        recording.record(ctx, current.who, spell, source.name, room)


def curse(ctx: Ctx, current: Search, result: Result) -> None:
    """The Reading Runes result Curse! (L5585): he rolls at once on the table the result
    names, the Curses Table (:func:`inflict_curse`)."""
    inflict_curse(ctx, current.who, result.roll_on or "Curses Table")


def inflict_curse(ctx: Ctx, who: str, table: str = CURSES_TABLE) -> str:
    """He rolls on the Curses Table (:func:`rules.magic.spell_tables.roll`: two dice, one fewer
    per "one die on every table" treasure he has active) and the Curse is inflicted on him
    (:func:`afflict`); returns it as printed."""
    rolled, inflicted = spell_tables.roll(ctx, who, table)
    return afflict(ctx, who, inflicted, rolled)


def afflict(ctx: Ctx, who: str, inflicted: Result, rolled: Roll) -> str:
    """The Curse ``inflicted`` (a result of the Curses Table, rolled as ``rolled``, by him or a
    spellcaster) is inflicted on the character ``who``, publicly, and written on his sheet
    (4.6.8a); returns it as printed. A Curse he already has has no further effect and is not
    written twice (4.6.8a). A new Curse whose effects are not wholly applied
    (:data:`rules.daylight.curses.CURSES`) reports its rule."""
    sheet = ctx.sheet(who)
    again = inflicted.text in sheet.curses
    ctx.emit(
        Cursed(who=who, curse=inflicted.text, dice=rolled.dice, roll=rolled.result, again=again)
    )
    if again:
        return inflicted.text
    sheet.curses.append(inflicted.text)
    if inflicted.key == "wither":
        for label in wither(sheet, committed(ctx.state.spells, who)):
            ctx.emit(Fatigued(who=who, chit=label, reason=phrase("search.wither_curse")))
    curse = CURSES[inflicted.text]
    if curse.done == "yes":
        return inflicted.text
    rule, effect = curse.rule, curse.missing
    ctx.emit(
        NotImplementedYet(
            rule=rule,
            what=phrase("waiting.curse_effects", curse=inflicted.text, missing=effect),
            who=who,
        )
    )
    return inflicted.text


def perceive(ctx: Ctx, current: Search, result: Result) -> None:
    """The Magic Sight result Perceive spell (7.5.7e; the "Spells" result of 7.5.7c): he may
    name an Artifact or Spell Book he has active, or a Site chit with Spell cards he has
    discovered in his clearing (the decision ``perceive_from``, default the first of them), look
    at all of its Spell cards without changing their order, then learn one of them without
    awakening it (the decision ``learn``: the spells he may learn, default the first from the
    top, rules-map P19), and with no Spells box free the spell he erases for it (7.5.6g,
    :func:`rules.magic.recording.ask_room`). All are asked before anything changes. He also
    finds the hidden enemies who have spells recorded (7.5.7c, :func:`rules.hidden.sight`)."""
    sources = perceivable(ctx, current.who)
    eyes = ctx.eyes(current.who)
    chosen = NONE
    if sources:
        chosen = ctx.ask(
            Decision(
                id=ctx.decision_id("perceive_from", current.who).format(),
                character=eyes,
                kind="perceive_from",
                prompt=phrase("search.perceive_prompt", clearing=current.clearing),
                options=(*(s.name for s in sources), NONE),
                default=sources[0].name,
            )
        )
        ctx.wait_if_pending()
    source = next((s for s in sources if s.name == chosen), None)
    cards = source.cards(ctx) if source is not None else []
    spells = [pieces_of(ctx.catalog)[card].name for card in cards]
    learnable = [s for s in spells if learn_problem(ctx, current.who, s) is None]
    learned = NONE
    if source is not None and learnable:
        learned = ctx.ask(
            Decision(
                id=ctx.decision_id("learn", current.who).format(),
                character=eyes,
                kind="learn",
                prompt=phrase("search.learn_prompt", source=source.name, spells=tuple(spells)),
                options=(*learnable, NONE),
                default=learnable[0],
            )
        )
        ctx.wait_if_pending()
    room = recording.ask_room(ctx, current.who, learned) if learned != NONE else None
    ctx.wait_if_pending()
    if source is not None:
        _look(ctx, current.who, cards)
        ctx.emit(
            SpellsSeen(recipients=(eyes,), who=current.who, spells=tuple(spells), from_=source.name)
        )
        if room is not None:
            recording.record(ctx, current.who, learned, source.name, room)
    sight(ctx, current.who, SPELLS)


def learn_problem(ctx: Ctx, who: str, spell: str) -> Phrase | None:
    """Why he may not record ``spell`` now, or None: he needs a Magic chit of the spell's type,
    active, fatigued, wounded or enchanted (7.5.6c.2), or to be a Demon or the Imp by Absorb
    Essence, whose Magic type he may use (rule 2.2 L4948,
    :func:`rules.magic.forms.absorbed_magic`); and he may not learn a spell he has already
    recorded from a Spell card (7.5.6f) — a starting spell he may record again. The boxes of his
    sheet (7.5.6g) are :mod:`rules.magic.recording`'s: with none free he may erase a spell."""
    sheet = ctx.sheet(who)
    kind = ctx.catalog.spells[spell].type
    magic = [printed(c.label) for c in sheet.chits]
    absorbed = absorbed_magic(ctx.catalog, ctx.state.spells, who)  # Absorb Essence, L4948
    if absorbed != str(kind) and not any(
        c.action is Action.MAGIC and c.magic_type == kind for c in magic
    ):
        return phrase("search.no_magic_type", magic_type=str(kind), spell=spell)
    if sheet.spells.count(spell) > sheet.starting_spells.count(spell):
        return phrase("search.already_learned", spell=spell)
    return None


def perceivable(ctx: Ctx, who: str) -> list[Source]:
    """What a Perceive spell may look into (7.5.7e): his active Artifacts and Spell Books, in
    the order of his sheet, then the Site chits with Spell cards he has discovered in his
    clearing."""
    items = [_item(ctx, item) for item in active_items(ctx, who)]
    sites = [_site(ctx, site) for site in sites_here(ctx, who)]
    return [s for s in items if s.cards(ctx)] + [s for s in sites if s.in_box(ctx)]


def active_items(ctx: Ctx, who: str) -> list[str]:
    """The Artifacts and Spell Books he owns and has active (7.5.6), in the order of his sheet."""
    return [
        t
        for t in spell_tables.active_treasures(ctx, who)
        if set(SPELL_ITEMS) & set(ctx.catalog.treasures[t].behaviour)
    ]


def sites_here(ctx: Ctx, who: str) -> list[str]:
    """The Site chits in his clearing that he has discovered (7.5.6), in the tile's order."""
    here = ctx.where(who)
    if here is None:
        return []
    code, number = parse_clearing_id(here)
    discovered = ctx.sheet(who).discoveries
    pieces = pieces_of(ctx.catalog)
    found: list[str] = []
    for chit in map_chits(ctx, code):
        record = ctx.catalog.map_chits[pieces[chit].name]
        if record.kind is ChitKind.SITE and record.clearing == number and chit in discovered:
            found.append(chit)
    return found


def _named(ctx: Ctx, current: Search) -> tuple[Source | None, Phrase | None]:
    """What his Reading Runes reads (7.5.6), or None and why not."""
    items = active_items(ctx, current.who)
    sites = sites_here(ctx, current.who)
    target = current.target
    if target is None:
        with_spells = [s for s in sites if _site(ctx, s).in_box(ctx)]
        if len(items) == 1:
            return _item(ctx, items[0]), None
        if not items and len(with_spells) == 1:
            return _site(ctx, with_spells[0]), None
        if not items and not with_spells:
            return None, phrase("search.nothing_to_read")
        return None, phrase("search.name_the_runes", choices=(*items, *with_spells))
    folded = target.casefold()
    for site in sites:
        if site.casefold() == folded:
            return _site(ctx, site), None
    for item in items:
        if item.casefold() == folded:
            return _item(ctx, item), None
    for record in ctx.catalog.map_chits.values():
        if record.kind is ChitKind.SITE and record.name.casefold() == folded:
            return None, phrase("search.runes_site_elsewhere", site=record.name)
    for treasure in ctx.catalog.treasures.values():
        if treasure.name.casefold() == folded and set(SPELL_ITEMS) & set(treasure.behaviour):
            return None, phrase("search.runes_item_not_active", item=treasure.name)
    return None, phrase("search.runes_not_a_source", target=repr(target))


def _box(ctx: Ctx, holds: str) -> str:
    """The box of the Set Up Card that belongs to ``holds``, an item or a Site chit (7.5.6a)."""
    for box in ctx.catalog.setup_card.values():
        if box.holds == holds:
            return box.name
    raise KeyError(f"no box of the Set Up Card holds {holds!r}")


def _item(ctx: Ctx, item: str) -> Source:
    """The Artifact or Spell Book ``item`` as what he reads, with its box (7.5.6a)."""
    return Source(name=item, box=_box(ctx, item), item=True)


def _site(ctx: Ctx, site: str) -> Source:
    """The Site chit ``site`` as what he reads, with its box (7.5.6a)."""
    return Source(name=site, box=_box(ctx, site), item=False)


def _look(ctx: Ctx, who: str, cards: list[str]) -> None:
    """He has seen these Spell cards' faces (7.5.6c.1, 7.5.7e): he may remember them."""
    known = ctx.sheet(ctx.eyes(who)).known
    for card in cards:
        if card not in known:
            known.append(card)


def _awaken(ctx: Ctx, source: Source, card: str) -> None:
    """7.5.6c.1: an item's card goes with its item; a site's goes back into its box under any
    other Spell cards there (above the treasures, which Loot counts from the top)."""
    if source.item:
        ctx.state.put(card, with_item(source.name))
        return
    stack = ctx.state.stacks[Place.box(source.box)]
    pieces = pieces_of(ctx.catalog)
    lowest = next(i for i, p in enumerate(stack) if pieces[p].kind is Kind.SPELL)
    stack.remove(card)
    stack.insert(lowest, card)
