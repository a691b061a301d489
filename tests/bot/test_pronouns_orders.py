"""Issue 35 in orders, Hire and Trade: a sentence's he, his and him are its subject's (the
ordering character for an order problem, the event's ``who`` for a reason, the decision's
character for a prompt), or the hireling's where it speaks of him; the Spanish agrees with a
feminine subject (``la Amazona``, ``contratada``)."""

from __future__ import annotations

import pytest

from bot.event_text import describe
from bot.i18n import Language, speaking
from bot.render import render, word
from bot.reports import day_report
from bot.wording import pronouns
from rules.catalog import catalog
from rules.daylight.hirelings import hire
from rules.events import Event
from rules.events.day import DayStarted
from rules.events.daylight import PhaseCancelled, PhaseStarted, TurnStarted
from rules.events.trade import MissionFailed, TradeDeclined, Unhired
from rules.orders.parse import parse_orders
from rules.phrases import phrase
from rules.state import GameState
from tests.rules.games import fresh

CAST = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard")


def _with_underling(employer: str) -> GameState:
    """The seed-7 game with Company 1, an underling (7.7.3), hired by ``employer`` beside him."""
    state = fresh(7, CAST)
    state.put("Company 1", state.place_of(employer))
    hire(catalog(), state, "Company 1", employer)
    return state


@pytest.mark.parametrize(
    ("character", "english", "spanish"),
    [
        (
            "Amazon",
            "Amazon buys nothing from the Company: she declines the price",
            "Amazona no compra nada a Compañía: rechaza el precio",
        ),
        (
            "Black Knight",
            "Black Knight buys nothing from the Company: he declines the price",
            "Caballero Negro no compra nada a Compañía: rechaza el precio",
        ),
    ],
)
def test_a_trade_declined_says_the_buyer_declines(character, english, spanish):
    event = TradeDeclined(who=character, group="Company", reason=phrase("trade.declines_price"))
    with speaking(Language.EN):
        assert describe(event) == english
    with speaking(Language.ES):
        assert describe(event) == spanish


@pytest.mark.parametrize(
    ("character", "english", "spanish"),
    [
        (
            "Amazon",
            "Which of her natives does the Amazon rehire (7.7.1d)?",
            "¿A cuál de sus nativos recontrata la Amazona (7.7.1d)?",
        ),
        (
            "Black Knight",
            "Which of his natives does the Black Knight rehire (7.7.1d)?",
            "¿A cuál de sus nativos recontrata el Caballero Negro (7.7.1d)?",
        ),
    ],
)
def test_the_rehire_question_names_her_natives_and_agrees_with_her(character, english, spanish):
    prompt = phrase("hire.rehire_prompt", name=character, who=character)
    with speaking(Language.EN):
        assert word(prompt, pronouns(character)) == english
    with speaking(Language.ES):
        assert word(prompt, pronouns(character)) == spanish


def test_her_refused_orders_say_she_leaves_play_and_her_underling_is_followed_for_him():
    """9.2.2a for the Amazon herself; 7.7.3 for Company 1, whom she records for: 'him'."""
    state = _with_underling("Amazon")
    result = parse_orders("H\nsuicide: tonight\nCompany 1: H", state, "Amazon")
    english, spanish = (
        render_in(
            spoken,
            "messages/order_errors.txt.j2",
            character="Amazon",
            errors=result.errors,
            warnings=result.warnings,
        )
        for spoken in (Language.EN, Language.ES)
    )
    assert "(9.2.2a): she leaves play for good and you sit out a full day" in english
    follows = "an underling can only follow (7.7.3, 7.7.5f) (record 'F <character>' for him)"
    assert follows in english
    assert "solo puede seguir (7.7.3, 7.7.5f) (anota 'F <personaje>' para él)" in spanish


@pytest.mark.parametrize(
    ("character", "english"),
    [
        ("Amazon", "at midnight: she kills herself at Midnight of this day; her belongings"),
        ("Black Knight", "at midnight: he kills himself at Midnight of this day; his belongings"),
    ],
)
def test_the_suicide_key_says_herself(character, english):
    with speaking(Language.EN):
        assert word(phrase("orders.key_suicide"), pronouns(character)).startswith(english)


def test_a_hired_leaders_group_is_his_whoever_trades():
    """7.6.1b: the belongings are the hired leader's group's, not the Amazon's."""
    reason = phrase("trade.leader_hired", group="Company", who="Company HQ")
    event = PhaseCancelled(who="Amazon", phase=2, reason=reason)
    with speaking(Language.EN):
        assert describe(event) == (
            "Amazon's phase 2 is cancelled: the Company's leader is hired: his group's belongings"
            " cannot be traded (7.6.1b) (6.2.4f)"
        )


def test_a_hirelings_term_is_his_own():
    """7.7.4a: the Company HQ's term ends, not his employer's."""
    event = Unhired(
        piece="Company HQ", employer="Amazon", reason=phrase("hire.term_over", who="Company HQ")
    )
    with speaking(Language.EN):
        assert describe(event) == (
            "the Company HQ is no longer hired by the Amazon: his term of hire is over (7.7.4a)"
        )


@pytest.mark.parametrize(
    ("monster", "spanish"),
    [
        ("Viper", "Víbora no está contratada ni controlada: nadie anota sus órdenes (7.7.5)"),
        ("Giant", "Gigante no está contratado ni controlado: nadie anota sus órdenes (7.7.5)"),
    ],
)
def test_a_monster_nobody_controls_agrees_in_spanish_whoever_writes(monster, spanish):
    """The Amazon writes a section for a monster: the sentence agrees with the monster."""
    problem = phrase("orders.not_controlled", piece=monster, who=monster)
    with speaking(Language.ES):
        assert word(problem, pronouns("Amazon")) == spanish
    with speaking(Language.EN):
        assert word(problem, pronouns("Amazon")) == (
            f"{monster} is neither hired nor controlled: nobody records his orders (7.7.5)"
        )


@pytest.mark.parametrize(("character", "he"), [("Amazon", "she"), ("Black Knight", "he")])
def test_a_failed_mission_says_who_pays_again(character, he):
    event = MissionFailed(
        who=character,
        chit="Food/Ale",
        at="AV5",
        penalty=phrase("trade.fame_points", fame=2),
        reason=phrase("trade.game_ends"),
    )
    with speaking(Language.EN):
        assert describe(event) == (
            f"{character} fails the Food/Ale mission (the game ends): {he} pays 2 Fame again and"
            " the chit is put in AV5 (7.2.4d)"
        )
    with speaking(Language.ES):
        assert describe(event).endswith(
            "(termina la partida): paga de nuevo 2 de Fama y la ficha es colocada en AV5 (7.2.4d)"
        )


@pytest.mark.parametrize(("character", "he"), [("Amazon", "she"), ("Black Knight", "he")])
def test_the_day_report_says_who_declines_and_cancels(character, he):
    """The report's short form of a Trade phase (7.6.3c, 7.6.5): the trader's pronoun."""
    events: list[Event] = [
        DayStarted(day=1, month=1, colors=()),
        TurnStarted(who=character),
        PhaseStarted(who=character, phase=1, activity="T Company"),
        TradeDeclined(who=character, group="Company", reason=phrase("trade.declines_price")),
        PhaseStarted(who=character, phase=2, activity="T Company"),
        PhaseCancelled(who=character, phase=2, reason=phrase("trade.cancels")),
    ]
    with speaking(Language.EN):
        report = day_report(events, "public")
    assert f"T Company (buys nothing: {he} declines the price)" in report
    assert f"T Company (cancelled: {he} cancels the Trade phase (7.6.3c))" in report


def render_in(spoken: Language, template: str, **context: object) -> str:
    with speaking(spoken):
        return render(template, **context)
