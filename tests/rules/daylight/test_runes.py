"""Spells found by searching: Reading Runes (7.5.6), Magic Sight's Perceive spell (7.5.7e) and
the Curse a Reading Runes roll brings (L5557, 4.6.8a)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.event_text import english
from rules import catalog, parse_orders, resolve
from rules.daylight.runes import with_item
from rules.events import PUBLIC, Event, visible_to
from rules.orders.model import Activity, ActivityKind, Orders
from rules.pieces import Kind, pieces_of
from rules.state import GameState, ItemState, Place
from rules.state_check import read_state

#: The spell of each type the tests deal into boxes.
TYPE_II, TYPE_III, TYPE_VII, TYPE_I = "Witch's Brew", "Elven Grace", "Sense Danger", "Peace"


def game(
    name: str,
    dice: Sequence[Sequence[int]] = (),
    *,
    at: str = "CV1",
    spells: Sequence[str] = ("Blend Into Background",),
) -> GameState:
    """A game of ``name`` alone, standing at ``at`` and recording ``spells`` (all of them his
    starting spells), the dice after the monster roll forced."""
    from tests.rules.games import fresh

    state = fresh(3, [name])
    state.put(name, Place.clearing(at))
    state.dice.forced = [[2], *(list(d) for d in dice)]
    sheet = state.characters[name]
    sheet.spells = list(spells)
    sheet.starting_spells = list(spells)
    return state


def deal(state: GameState, box: str, spells: Sequence[str]) -> None:
    """The Spell cards of ``box`` are ``spells``, bottom first: above its treasures, under its
    monster; the cards there before go out of play."""
    pieces = pieces_of(catalog())
    place = Place.box(box)
    before = list(state.at(place))
    for piece in before:
        if pieces[piece].kind is Kind.SPELL:
            state.put(piece, Place.OUT)
    for spell in spells:
        state.take(spell)
    kept = [p for p in before if pieces[p].kind is not Kind.SPELL]
    monsters = [p for p in kept if pieces[p].kind is Kind.MONSTER]
    treasures = [p for p in kept if p not in monsters]
    state.stacks[place] = [*treasures, *spells, *monsters]


def at_site(state: GameState, name: str, site: str = "ALTAR 1", *, discovered: bool = True) -> None:
    """The Site chit ``site`` lies in the tile of his clearing (whose number must be the
    site's), discovered by him or not."""
    here = state.clearing_of(name)
    assert here is not None
    state.put(site, Place.tile(here[:-1]))
    if discovered:
        state.characters[name].discoveries.append(site)


def give(state: GameState, name: str, item: str, *, active: bool = True) -> None:
    """He owns ``item``, active or not."""
    state.put(item, Place.owner(name))
    state.characters[name].items[item] = ItemState(active=active)


def spells_in(state: GameState, box: str) -> list[str]:
    """The Spell cards of ``box``, bottom first."""
    pieces = pieces_of(catalog())
    return [p for p in state.at(Place.box(box)) if pieces[p].kind is Kind.SPELL]


def day(state: GameState, name: str, text: str, answers: dict[str, str] | None = None):
    """His day's phases, written as a player writes them, resolved through Daylight."""
    orders = parse_orders(text, state, name, catalog=catalog()).orders
    assert orders is not None
    return resolve(state, {name: orders}, answers or {}, until="daylight")


def searching(state: GameState, name: str, target: str):
    """A Search phase naming ``target`` as recorded (``Reading Runes Good Book``), past the
    order parser, which names only sites today."""
    activity = Activity(kind=ActivityKind.SEARCH, source="basic", target=target)
    return resolve(state, {name: Orders(character=name, phases=(activity,))}, until="daylight")


def of_type(events: list[Event], kind: str) -> list[Event]:
    """The events of one type, in order."""
    return [e for e in events if e.type == kind]


def public_words(events: list[Event]) -> str:
    """Everything the public is told, as one text."""
    return " ".join(f"{e.type} {e.fields}" for e in visible_to(events, PUBLIC))


def reported(events: list[Event]) -> list[str]:
    """The rules of the searches and Curses reported not implemented (not the characters'
    advantages, reported elsewhere)."""
    return [
        str(e.fields["rule"])
        for e in of_type(events, "not_implemented")
        if str(e.fields["rule"]).startswith(("7.5", "4.6", "L4352"))
    ]


def cancelled(events: list[Event]) -> str:
    """The reason of the one cancelled phase, which rolled nothing (6.2.4f)."""
    (event,) = of_type(events, "phase_cancelled")
    assert not of_type(events, "searched"), "a cancelled search rolls nothing"
    return english(event.fields["reason"])


# --- Reading Runes on a site (7.5.6) ------------------------------------------------------------


def test_learn_and_awaken_records_the_spell_privately_and_puts_the_card_under():
    """7.5.6c: a "learn" with a Magic chit of the spell's type records it (c.2); the site's
    card, looked at, goes back under the other Spell cards of its box (c.1), above the
    treasures; only the searcher learns which spell (e)."""
    state = game("Elf", [[1, 1]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    treasures = [p for p in state.at(Place.box("Altar")) if p not in (TYPE_VII, TYPE_III, "Demon")]
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    sheet = result.state.characters["Elf"]
    assert sheet.spells == ["Blend Into Background", TYPE_III]
    assert spells_in(result.state, "Altar") == [TYPE_III, TYPE_VII]
    stack = [p for p in result.state.at(Place.box("Altar")) if p != "Demon"]  # he may prowl
    assert stack == [*treasures, TYPE_III, TYPE_VII], "the treasures keep their order"
    assert TYPE_III in sheet.known and TYPE_VII not in sheet.known
    (learned,) = of_type(result.events, "spell_learned")
    assert learned.fields == {"who": "Elf", "spell": TYPE_III, "from": "ALTAR 1"}
    assert learned.recipients == ("Elf",)
    (awakened,) = of_type(result.events, "spell_awakened")
    assert awakened.recipients == ("Elf",) and not of_type(result.events, "spell_not_learned")
    assert [e.fields["result"] for e in of_type(result.events, "searched")] == [
        "Learn and awaken spell"
    ]
    assert TYPE_III not in public_words(result.events)
    assert not reported(result.events)


def test_the_top_card_is_read_and_each_learn_takes_the_next():
    """7.5.6b: he must try the topmost Spell card; a site's awakened card goes under (c.1), so
    the next reading finds the other card."""
    state = game("Elf", [[2, 1], [3, 1]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1, S Reading Runes ALTAR 1")
    assert result.state.characters["Elf"].spells[1:] == [TYPE_III, TYPE_VII]
    assert spells_in(result.state, "Altar") == [TYPE_VII, TYPE_III]


def test_without_a_magic_chit_of_its_type_the_spell_is_only_awakened():
    """7.5.6c.2: the Amazon has no Magic chits: she looks at the card and awakens it, and
    records nothing; the reason is hers alone."""
    state = game("Amazon", [[1, 1]], spells=())
    at_site(state, "Amazon")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    result = day(state, "Amazon", "S Reading Runes ALTAR 1")
    assert result.state.characters["Amazon"].spells == []
    assert not of_type(result.events, "spell_learned")
    assert of_type(result.events, "spell_awakened")
    (refused,) = of_type(result.events, "spell_not_learned")
    assert "no Magic chit of type III" in english(
        refused.fields["reason"]
    ) and refused.recipients == ("Amazon",)
    assert "7.5.6c.2" in english(refused.fields["reason"])
    assert spells_in(result.state, "Altar") == [TYPE_III, TYPE_VII]


def test_a_magic_chit_of_another_type_does_not_let_him_learn():
    """7.5.6c.2: the Sorcerer's Magic chits are IV and VI, not III."""
    state = game("Sorcerer", [[1]])  # Lore: one die (L3822)
    at_site(state, "Sorcerer")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Sorcerer", "S Reading Runes ALTAR 1")
    assert TYPE_III not in result.state.characters["Sorcerer"].spells
    assert of_type(result.events, "spell_not_learned")[0].fields["reason"]


def test_a_fatigued_or_wounded_magic_chit_of_the_type_is_enough():
    """7.5.6c.2: active, inactive or enchanted, as long as it has the Roman numeral."""
    state = game("Elf", [[1, 1]])
    for chit in state.characters["Elf"].chits:
        if chit.label.startswith("MAGIC III"):
            chit.status = "wounded"
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert TYPE_III in result.state.characters["Elf"].spells


def test_a_spell_learned_from_its_card_is_not_learned_again():
    """7.5.6f: one spell per Spell card, never twice."""
    state = game("Elf", [[1, 1]])
    state.characters["Elf"].spells.append(TYPE_III)  # learned from the card before
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert result.state.characters["Elf"].spells.count(TYPE_III) == 1
    assert not of_type(result.events, "spell_learned")
    assert "7.5.6f" in english(of_type(result.events, "spell_not_learned")[0].fields["reason"])


def test_a_starting_spell_may_be_recorded_again_from_its_card():
    """7.5.6f: he can record a spell that duplicates one of his starting spells."""
    state = game("Elf", [[1, 1]], spells=(TYPE_III, "Blend Into Background"))
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert result.state.characters["Elf"].spells.count(TYPE_III) == 2


def test_awaken_spell_looks_and_puts_the_card_under_without_learning():
    """ "Awaken spell" (L5556): he looks at the card but does not learn it (7.5.6c.1)."""
    state = game("Elf", [[4, 2]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert result.state.characters["Elf"].spells == ["Blend Into Background"]
    (awakened,) = of_type(result.events, "spell_awakened")
    assert awakened.fields == {"who": "Elf", "spell": TYPE_III, "from": "ALTAR 1"}
    assert spells_in(result.state, "Altar") == [TYPE_III, TYPE_VII]
    assert TYPE_III in result.state.characters["Elf"].known
    assert TYPE_III not in public_words(result.events)


def test_nothing_leaves_the_card_on_top_unseen():
    """7.5.6c.3: neither learned nor awakened, the card is not looked at and stays on top."""
    state = game("Elf", [[6, 6]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert spells_in(result.state, "Altar") == [TYPE_VII, TYPE_III]
    assert not of_type(result.events, "spell_awakened")
    assert not of_type(result.events, "spell_learned")
    assert TYPE_III not in result.state.characters["Elf"].known
    assert [e.fields["result"] for e in of_type(result.events, "searched")] == ["Nothing"]


def test_a_bare_reading_runes_reads_the_only_site_with_spells_in_his_clearing():
    """A bare S Reading Runes names nothing: the one discovered site with Spell cards in his
    clearing is the one read."""
    state = game("Elf", [[1, 1]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes")
    assert TYPE_III in result.state.characters["Elf"].spells


# --- Reading Runes on an Artifact or Spell Book ------------------------------------------------


def test_an_awakened_card_goes_with_its_spell_book():
    """7.5.6c.1: a card that belongs to a Spell Book is put with its item; a bare S Reading
    Runes reads his only active Artifact or Spell Book."""
    state = game("Pilgrim", [[1]])  # Learning: one die (L3798)
    give(state, "Pilgrim", "Good Book")
    deal(state, "Good Book", ["Exorcise", TYPE_I])
    result = day(state, "Pilgrim", "S Reading Runes")
    assert result.state.at(with_item("Good Book")) == [TYPE_I]
    assert spells_in(result.state, "Good Book") == ["Exorcise"]
    assert TYPE_I in result.state.characters["Pilgrim"].spells
    (learned,) = of_type(result.events, "spell_learned")
    assert learned.fields["from"] == "Good Book" and learned.recipients == ("Pilgrim",)
    assert TYPE_I not in public_words(result.events)
    saved = read_state(result.state.to_json(), catalog())
    assert saved.at(with_item("Good Book")) == [TYPE_I], "a saved game keeps it there"


def test_an_item_with_awakened_cards_asks_which_card_before_the_roll():
    """7.5.6b (L1848): he may name one of his item's awakened cards instead of the top card of
    its box — asked before he rolls (``rune_card``, his alone), the top card by default, which
    is then read and awakened."""
    state = game("Pilgrim", [[4]])  # Learning: one die (L3798)
    give(state, "Pilgrim", "Good Book")
    deal(state, "Good Book", ["Exorcise", TYPE_I])
    state.put("Exorcise", with_item("Good Book"))
    state.options.update(wait_for_decisions=True)
    waiting = searching(state, "Pilgrim", "Reading Runes Good Book")
    (asked,) = waiting.pending
    assert (asked.kind, asked.options, asked.default) == (
        "rune_card",
        ("top card", "Exorcise"),
        "top card",
    )
    assert asked.character == "Pilgrim" and not of_type(waiting.events, "searched")
    state.options.update(wait_for_decisions=False)
    result = searching(state, "Pilgrim", "Reading Runes Good Book")
    assert result.state.at(with_item("Good Book")) == ["Exorcise", TYPE_I]
    assert not reported(result.events)


def test_an_item_with_only_awakened_cards_left_reads_one_of_them():
    """7.5.6b: with no card left in its box he names an awakened card (the first by default);
    a Learn result records it, and the card stays with the item."""
    state = game("Pilgrim", [[1]])  # Learning: one die (L3798)
    give(state, "Pilgrim", "Good Book")
    deal(state, "Good Book", [TYPE_I])
    state.put(TYPE_I, with_item("Good Book"))
    result = searching(state, "Pilgrim", "Reading Runes Good Book")
    assert result.state.characters["Pilgrim"].spells[-1] == TYPE_I
    assert result.state.at(with_item("Good Book")) == [TYPE_I]
    assert not of_type(result.events, "spell_awakened") and not cancelled_any(result.events)


def cancelled_any(events: list[Event]) -> bool:
    return bool(of_type(events, "phase_cancelled"))


# --- what he may not read (7.5.6): the phase is cancelled with the reason ----------------------


def test_an_undiscovered_site_cannot_be_read():
    """7.5.6: only a Site chit he has discovered."""
    state = game("Elf", [[1, 1]])
    at_site(state, "Elf", discovered=False)
    deal(state, "Altar", [TYPE_III])
    reason = cancelled(day(state, "Elf", "S Reading Runes ALTAR 1").events)
    assert "ALTAR 1" in reason and "discovered" in reason and "7.5.6" in reason


def test_a_site_in_another_clearing_cannot_be_read():
    """7.5.6: only a Site chit in his clearing (ALTAR 1 is in CV1; he is in CV4)."""
    state = game("Elf", [[1, 1]], at="CV4")
    state.put("ALTAR 1", Place.tile("CV"))
    state.characters["Elf"].discoveries.append("ALTAR 1")
    deal(state, "Altar", [TYPE_III])
    reason = cancelled(day(state, "Elf", "S Reading Runes ALTAR 1").events)
    assert "in his clearing" in reason


def test_a_site_without_spell_cards_cannot_be_read():
    """LAIR 3 holds treasures and no Spell cards (7.5.6a)."""
    state = game("Elf", [[1, 1]], at="BL3")
    at_site(state, "Elf", "LAIR 3")
    reason = cancelled(day(state, "Elf", "S Reading Runes LAIR 3").events)
    assert "no Spell cards" in reason and "7.5.6a" in reason


def test_a_bare_reading_runes_with_nothing_to_read_is_cancelled():
    """A bare S Reading Runes with no active item and no discovered site here names nothing."""
    state = game("Elf", [[1, 1]])
    reason = cancelled(day(state, "Elf", "S Reading Runes").events)
    assert "no active Artifact or Spell Book" in reason


def test_a_bare_reading_runes_with_two_books_must_name_one():
    """7.5.6b: he specifies only one item; with two active he must say which."""
    state = game("Elf", [[1, 1]])
    give(state, "Elf", "Good Book")
    give(state, "Elf", "Black Book")
    reason = cancelled(day(state, "Elf", "S Reading Runes").events)
    assert "name what" in reason and "Good Book" in reason and "Black Book" in reason


def test_an_inactive_or_unowned_spell_book_cannot_be_read():
    """7.5.6: only an Artifact or Spell Book he owns and has active."""
    state = game("Pilgrim", [[1]])  # Learning: one die (L3798)
    give(state, "Pilgrim", "Good Book", active=False)
    reason = cancelled(searching(state, "Pilgrim", "Reading Runes Good Book").events)
    assert "owns it and has it active" in reason
    reason = cancelled(searching(state, "Pilgrim", "Reading Runes Black Book").events)
    assert "Black Book" in reason


def test_something_that_holds_no_spells_cannot_be_read():
    """7.5.6: an Artifact, a Spell Book or a Site chit, nothing else."""
    state = game("Pilgrim", [[1]])  # Learning: one die (L3798)
    reason = cancelled(searching(state, "Pilgrim", "Reading Runes Lucky Charm").events)
    assert "Artifact, a Spell Book or a Site chit" in reason


# --- Curse! (L5557, L5585) ---------------------------------------------------------------------


def test_curse_rolls_on_the_curses_table_publicly_and_records_it():
    """L5585: he rolls on the Curses Table at once; 4.6.8a: the Curse is his until removed;
    Wither fatigues every chit of his with asterisks (4.6.8a.3)."""
    state = game("Elf", [[5, 2], [3, 1]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_VII, TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    (cursed,) = of_type(result.events, "cursed")
    assert cursed.audience == PUBLIC
    assert (cursed.fields["who"], cursed.fields["curse"], cursed.fields["roll"]) == (
        "Elf",
        "Wither",
        3,
    )
    elf = result.state.characters["Elf"]
    assert elf.curses == ["Wither"]
    assert not reported(result.events)
    starred = [c for c in elf.chits if "*" in c.label]
    assert starred and all(c.status != "active" for c in starred)
    assert of_type(result.events, "fatigued")
    assert spells_in(result.state, "Altar") == [TYPE_VII, TYPE_III], "the card is not looked at"
    assert not of_type(result.events, "spell_awakened")


def test_a_curse_he_already_has_is_not_written_twice():
    """4.6.8a: repetitions of the same Curse have no effect."""
    state = game("Elf", [[5, 2], [6, 1]])
    state.characters["Elf"].curses.append("Disgust")
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert result.state.characters["Elf"].curses == ["Disgust"]
    assert of_type(result.events, "cursed")[0].fields["again"] is True
    assert not reported(result.events)


def test_the_lucky_charm_rolls_one_die_on_the_curses_table():
    """L4350: with the Lucky Charm active he rolls one die on every table, the Curses Table
    included (a forced roll of the wrong number of dice would be refused)."""
    state = game("Elf", [[5], [2]])
    give(state, "Elf", "Lucky Charm")
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    (cursed,) = of_type(result.events, "cursed")
    assert (cursed.fields["curse"], cursed.fields["dice"]) == ("Squeak", [2])
    assert result.state.characters["Elf"].curses == ["Squeak"]


# --- Magic Sight's Perceive spell (7.5.7e) -----------------------------------------------------


def magic_sight(name: str, dice: Sequence[Sequence[int]] = ([4, 1],)) -> GameState:
    """He has the Phantom Glass active, so he searches on the Magic Sight Table (7.5.7); the
    Altar holds two spells, Elven Grace on top; he has discovered the ALTAR 1 in his
    clearing."""
    state = game(name, dice)
    give(state, name, "Phantom Glass")
    at_site(state, name)
    deal(state, "Altar", [TYPE_II, TYPE_III])
    return state


def test_perceive_spell_by_default_learns_the_first_learnable_card_from_the_top():
    """7.5.7e, P19: the default site is the first he may name and the default spell the first
    card from the top he may learn; nothing is awakened or moved."""
    state = magic_sight("Magician")
    result = day(state, "Magician", "S")
    assert [e.fields["result"] for e in of_type(result.events, "searched")] == ["Perceive spell"]
    sheet = result.state.characters["Magician"]
    assert sheet.spells == ["Blend Into Background", TYPE_III]
    assert spells_in(result.state, "Altar") == [TYPE_II, TYPE_III]
    assert {TYPE_II, TYPE_III} <= set(sheet.known), "he looked at all of its cards"
    assert not of_type(result.events, "spell_awakened")
    (learned,) = of_type(result.events, "spell_learned")
    assert learned.recipients == ("Magician",) and learned.fields["from"] == "ALTAR 1"
    assert not reported(result.events)
    assert (
        result.state.today.found_by_sight == {} or "Magician" in result.state.today.found_by_sight
    )
    (sight,) = of_type(result.events, "found_by_sight")
    assert sight.recipients == ("Magician",) and sight.fields["kind"] == "perceive_spell"
    words = public_words(result.events)
    assert TYPE_III not in words and TYPE_II not in words


def test_perceive_spell_waits_for_his_choices_and_changes_nothing_until_then():
    """He names where he looks, then, having looked, which spell he learns (7.5.7e): each
    decision stops the day, the state untouched, and the day resumes with the same roll."""
    state = magic_sight("Magician")
    give(state, "Magician", "Good Book")
    deal(state, "Good Book", ["Exorcise", TYPE_I])
    state.options.update(wait_for_decisions=True)
    first = day(state, "Magician", "S")
    (where,) = first.pending
    assert where.kind == "perceive_from" and where.character == "Magician"
    assert where.options == ("Good Book", "ALTAR 1", "none") and where.default == "Good Book"
    assert first.state.characters["Magician"].spells == ["Blend Into Background"]
    assert TYPE_III not in first.state.characters["Magician"].known
    second = resolve(first.state, {}, {where.id: "ALTAR 1"}, until="daylight")
    (which,) = second.pending
    assert which.kind == "learn"
    assert which.options == (TYPE_III, TYPE_II, "none") and which.default == TYPE_III
    assert second.state.characters["Magician"].spells == ["Blend Into Background"]
    assert not of_type(second.events, "searched"), "no second roll"
    third = resolve(second.state, {}, {where.id: "ALTAR 1", which.id: TYPE_II}, until="daylight")
    assert not third.pending
    assert third.state.characters["Magician"].spells == ["Blend Into Background", TYPE_II]
    assert len(of_type(third.events, "spell_learned")) == 1
    assert TYPE_II not in public_words(third.events)


def test_perceive_spell_offers_only_the_spells_he_may_learn():
    """7.5.6c.2, f: the Magician has no Magic chit of type I: the Good Book offers him
    nothing to learn; he still looks at its cards."""
    state = magic_sight("Magician")
    give(state, "Magician", "Good Book")
    deal(state, "Good Book", ["Exorcise", TYPE_I])
    state.options.update(wait_for_decisions=True)
    first = day(state, "Magician", "S")
    (where,) = first.pending
    second = resolve(first.state, {}, {where.id: "Good Book"}, until="daylight")
    assert not second.pending, "no choice to make"
    sheet = second.state.characters["Magician"]
    assert sheet.spells == ["Blend Into Background"]
    assert {TYPE_I, "Exorcise"} <= set(sheet.known)


def test_perceive_spell_answered_none_learns_nothing():
    """7.5.7e: he "can" name an item or site; answering none he looks at nothing."""
    state = magic_sight("Magician")
    state.options.update(wait_for_decisions=True)
    first = day(state, "Magician", "S")
    (where,) = first.pending
    second = resolve(first.state, {}, {where.id: "none"}, until="daylight")
    assert not second.pending
    assert second.state.characters["Magician"].spells == ["Blend Into Background"]
    assert TYPE_III not in second.state.characters["Magician"].known
    assert not of_type(second.events, "spell_learned")


def test_perceive_spell_with_nothing_to_look_into_asks_nothing():
    """No active item, no discovered site with Spell cards: no decision, nothing learned."""
    state = game("Magician", [[4, 1]])
    give(state, "Magician", "Phantom Glass")
    state.options.update(wait_for_decisions=True)
    result = day(state, "Magician", "S")
    assert not result.pending
    assert result.state.characters["Magician"].spells == ["Blend Into Background"]
    assert of_type(result.events, "found_by_sight"), "the hidden with spells are found all the same"


# --- the limit on recorded spells (7.5.6g) ------------------------------------------------------


#: Fourteen spells, a full sheet (7.5.6g: the boxes of his sheet, rules.magic.recording).
FULL = (
    "Blend Into Background", "Ask Demon", "Bad Luck", "Broomstick", "Control Bats", "Curse",
    "Dissolve Spell", "Deal with Goblins", "Enchant Artifact", "Exorcise", "Faerie Lights",
    "Fiery Blast", "Fog", "Lost",
)  # fmt: skip


def test_a_full_sheet_records_no_spell_unless_he_erases_one():
    """7.5.6g (L1856): the spells he records are limited by the boxes of his sheet (14); with
    none free he is asked first which spell to erase — ``none``, the default, keeps them all and
    records nothing (he is told so, privately); the spell he names is erased, lost, and the new
    one recorded in its box. Nothing of it is public (7.5.6e)."""
    state = game("Elf", [[1, 1]], spells=FULL)
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    state.options.update(wait_for_decisions=True)
    waiting = day(state, "Elf", "S Reading Runes ALTAR 1")
    (asked,) = waiting.pending
    assert asked.kind == "erase" and asked.default == "none"
    assert asked.options == ("none", *FULL)
    assert not of_type(waiting.events, "spell_awakened"), "nothing changes before he answers"

    kept = day(state, "Elf", "S Reading Runes ALTAR 1", {asked.id: "none"})
    assert kept.state.characters["Elf"].spells == list(FULL)
    (limit,) = of_type(kept.events, "spell_limit")
    assert limit.recipients == ("Elf",) and limit.fields["spell"] == TYPE_III
    assert of_type(kept.events, "spell_awakened") and not of_type(kept.events, "spell_learned")

    erased = day(state, "Elf", "S Reading Runes ALTAR 1", {asked.id: "Fog"})
    spells = erased.state.characters["Elf"].spells
    assert "Fog" not in spells and spells[-1] == TYPE_III and len(spells) == 14
    assert "Fog" not in erased.state.characters["Elf"].starting_spells
    (gone,) = of_type(erased.events, "spell_erased")
    assert gone.recipients == ("Elf",) and gone.fields == {
        "who": "Elf",
        "spell": "Fog",
        "for": TYPE_III,
    }
    assert "Fog" not in public_words(erased.events) and TYPE_III not in public_words(erased.events)


def test_a_spell_in_effect_ties_up_its_box():
    """8.4.2c.2 (L2475): while a spell he cast with a Magic chit is in effect he cannot erase
    its box; a duplicate in another box he can."""
    from rules.magic.recording import erase_options
    from rules.magic.state import SpellInEffect

    state = game("Elf", spells=FULL)
    state.spells.append(
        SpellInEffect(number=1, spell="Fog", caster="Elf", controller="Elf", chit="MAGIC III4*",
                      targets=["Elf"], cast_day=1)
    )  # fmt: skip
    assert "Fog" not in erase_options(state, "Elf")
    state.characters["Elf"].spells.append("Fog")
    assert "Fog" in erase_options(state, "Elf")


def test_a_free_box_records_the_spell_without_asking():
    """7.5.6e, g: with a box free the spell learned is recorded at once, nothing asked, and
    nothing is reported as not implemented any more."""
    state = game("Elf", [[1, 1]])
    at_site(state, "Elf")
    deal(state, "Altar", [TYPE_III])
    state.options.update(wait_for_decisions=True)
    result = day(state, "Elf", "S Reading Runes ALTAR 1")
    assert not result.pending and result.state.characters["Elf"].spells[-1] == TYPE_III
    assert not of_type(result.events, "not_implemented")
    perceived = day(magic_sight("Magician"), "Magician", "S")
    assert of_type(perceived.events, "spell_learned") and not of_type(
        perceived.events, "spell_limit"
    )
