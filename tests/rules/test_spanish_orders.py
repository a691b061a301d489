"""Orders that name things by their Spanish terms (issue 35, "Orders in either language"): the
Spanish rulebook keeps the activity letters and clearing codes (6.2.6 "M NW2"), and a player may
name a Search table, a native group, an item, a spell or a monster as the Spanish rulebook does
(rules/data/glossary.es.yaml). They read as the English names do, and the echo is canonical."""

from __future__ import annotations

from rules.orders.conditions import Condition, Fact
from tests.rules.test_combat_orders import combat
from tests.rules.test_parse import accepted


def test_search_trade_and_hire_read_spanish_names_and_echo_canonical_ones():
    english = accepted("S loot hoard, T company, HR guard, S reading runes altar", who="Magician")
    spanish = accepted(
        "S Saquear hoard, T compañia, HR Guardia, S leer runas altar", who="Magician"
    )
    assert spanish.orders == english.orders
    assert spanish.echo == english.echo
    assert "Reading Runes ALTAR 1" in spanish.echo
    assert "Compañía" not in spanish.echo


def test_a_search_table_of_several_spanish_words_is_read_whole():
    result = accepted("S Visión Mágica", who="Magician")
    assert result.orders is not None
    assert [a.target for a in result.orders.phases] == ["Magic Sight"]


def test_items_to_buy_may_be_named_in_spanish():
    english = accepted("T Company\nbuy: Shield up to 14, Helmet\nsell: Mace")
    spanish = accepted("T Compañía\nbuy: escudo up to 14, Casco\nsell: maza")
    assert spanish.orders == english.orders
    assert "buy: Shield up to 14, Helmet" in spanish.echo.splitlines()


def test_a_combat_condition_names_a_monster_by_its_spanish_term_and_id():
    (clause,) = combat("run: MOVE M4 to AV2 if Troll Pesado 2 is on me").clauses
    assert clause.condition == Condition(facts=(Fact(what="on me", name="Heavy Troll 2"),))
    (clause,) = combat("run: MOVE M4 to AV2 if gigante is on me").clauses
    assert clause.condition == Condition(facts=(Fact(what="on me", name="Giant"),))


def test_follow_names_a_character_by_his_spanish_term():
    english = accepted("F Black Knight", who="Amazon")
    spanish = accepted("F caballero negro", who="Amazon")
    assert spanish.orders == english.orders
    assert spanish.echo == english.echo
