"""The messages a player reads, in Spanish (issue 35): the templates' sentences are said from the
Spanish catalog, in the rulebook's terms, with every value (names, numbers, clearings, times)
where the English has it; outside ``speaking("es")`` the same message is English."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from bot.campaign_settings import CampaignSettings
from bot.discord.plays import read_window
from bot.event_text import word as spoken
from bot.i18n import speaking
from bot.players import checked
from bot.render import render
from bot.reports import day_report
from bot.sheets import sheet_text
from bot.window_messages import window_message
from db.models import Campaign
from rules.catalog import catalog
from rules.decisions import CombatId
from rules.dice import Roll
from rules.events import Decision
from rules.phrases import phrase, verbatim
from tests.bot.test_reports import CARD_ABANDONED
from tests.bot.test_spell_sheet import state_of, world_fades_on_the_elf

DUE = datetime(2026, 11, 29, 20, tzinfo=UTC)


def in_spanish(template: str, **context: Any) -> tuple[str, str]:
    """``template`` rendered in English and in Spanish with the same context."""
    english = render(template, **context)
    with speaking("es"):
        return english, render(template, **context)


def test_a_reminder_is_spanish_and_keeps_its_values():
    campaign = SimpleNamespace(name="Vale", day=3, deadline=DUE)
    context = {"campaign": campaign, "character": "Woods Girl"}
    english, spanish = in_spanish("messages/reminder.txt.j2", standing=False, **context)
    assert "no orders yet for the Woods Girl" in english
    assert spanish.startswith(
        "Vale: aún no hay órdenes de Chica del Bosque para el día 3; vencen a las 29/11/2026 "
        "20:00 UTC."
    )
    assert "piloto automático" in spanish
    assert "orders" not in spanish and "autopilot" not in spanish
    _, standing = in_spanish("messages/reminder.txt.j2", standing=True, **context)
    assert "Si no envías ninguna, se usarán tus órdenes permanentes." in standing


def test_refused_orders_are_told_in_spanish_with_their_count_and_lines():
    state = state_of(characters={"Amazon": {"at": "AV2"}})
    english = checked(catalog(), "M ZZ9, H", state, "Amazon")[1]
    with speaking("es"):
        refusal = checked(catalog(), "M ZZ9, H", state, "Amazon")[1]
    assert english is not None and refusal is not None
    assert "were NOT stored: 1 problem." in english.text
    spanish = refusal.text
    assert spanish.startswith("Tus órdenes para Amazona NO se han guardado: 1 problema.")
    assert "- línea 1" in spanish and "ZZ9" in spanish
    assert "Corrige cada línea y vuelve a enviar las órdenes completas." in spanish
    assert not any(word in spanish for word in ("Your orders", "line 1", "Fix every line"))


def test_a_sheet_names_its_lines_in_the_rulebooks_terms():
    state = world_fades_on_the_elf()
    with speaking("es"):
        elf = sheet_text(catalog(), state, "Elf", "Test").splitlines()
        king = sheet_text(catalog(), state, "Witch King", "Test").splitlines()
    assert elf[0].startswith("Tu Elfo en Test: en AV2"), "his name is the Spanish rulebook's"
    assert any(line.startswith("fichas: ") for line in elf)
    assert any(line.startswith("pertenencias: ") for line in elf)
    assert any(line.startswith("requisitos de victoria: ") for line in elf)
    assert "fichas comprometidas: MAGIC VI4* a World Fades (hechizo 1, sobre Elfo)" in king
    assert any(
        line.startswith("hechizado por: World Fades de Rey Brujo (hechizo 1;") for line in elf
    )
    english = sheet_text(catalog(), state, "Elf", "Test")
    for word in ("belongings", "victory requirements", "bewitched by", "chits:"):
        assert word in english
        assert word not in "\n".join(elf)


def test_a_combat_window_asks_in_spanish_and_counts_its_hours():
    campaign = Campaign(name="Valley", day=3, created_at=DUE)
    lure = Decision(
        id="d3/CV5/r2/lure/Amazon/Giant 1",
        character="Amazon",
        kind=CombatId.parse("d3/CV5/r2/lure/Amazon/Giant 1").kind,
        prompt=verbatim("Lure the Giant 1 onto your Melee Section (8.3.4)?"),
        options=("no", "yes"),
        default="no",
    )

    def told(hours: float) -> str:
        settings = CampaignSettings(lure_hours=2, encounter_hours=1, melee_hours=hours)
        with speaking("es"):
            return window_message(campaign, "Amazon", "lure", DUE, [], [lure], settings)

    text = told(3)
    assert text.startswith("Valley, día 3: la ventana de atracción de Amazona está abierta")
    assert "  Opciones: no | yes. Por defecto: no." in text
    assert "Responde con un MD cuya primera línea sea `plays`" in text
    assert text.rstrip("\n").endswith(
        "ronda 2, en una ventana que se abre cuando se cierre esta, antes de las 29/11/2026 20:00 "
        "UTC, y abierta como mucho 3 horas."
    )
    assert told(1).rstrip("\n").endswith("abierta como mucho 1 hora.")
    read = read_window(text)
    assert read is not None, "Discord reads a Spanish window's selects as an English one's"
    tag, blocks = read
    assert f"(ventana {tag})." in text
    assert [(b.options, b.many) for b in blocks] == [(("no", "yes"), False)]
    pace = {"campaign": campaign, "end": DUE}
    for hours, said in ((1, "como mucho 1 hora,"), (0.5, "como mucho 0.5 horas,")):
        _, spanish = in_spanish("messages/evening_pace.txt.j2", hours=hours, **pace)
        assert said in spanish and "el combate de la Noche se juega por MD" in spanish
    assert not any(word in text for word in ("Options:", "Default:", "Answer with", "Next:"))


def test_the_days_report_and_the_final_report_head_their_parts_in_spanish():
    day = {
        "day": 3,
        "month": 1,
        "colors": ["gray", "gold"],
        "monster_roll": 4,
        "sunrise": [],
        "turns": [SimpleNamespace(who="Amazon", phases=[], notes=[])],
        "sunset": [],
        "combats": [SimpleNamespace(opening=[], rounds={1: ["x"]}, closing=[])],
        "later": [],
    }
    english, spanish = in_spanish("reports/day.txt.j2", **day)
    assert english.startswith("Day 3, Month 1 (gray and gold magic everywhere)")
    assert spanish.startswith("Día 3, Mes 1 (magia Gris y Dorada en todas partes)")
    for said in ("Tirada de Monstruos: 4", "Amazona: sin actividades", "Noche", "  Ronda 1"):
        assert said in spanish.splitlines()
    life = SimpleNamespace(
        character="Elf", route=["AV2", "AV5"], kills=[], treasures=[], deaths=[], starts=[]
    )
    final = {
        "campaign": "Vale",
        "agreed": False,
        "last_day": 28,
        "requirements": [],
        "scores": [],
        "victors": ["Elf", "Amazon"],
        "winners": [],
        "lives": [life],
    }
    _, spanish = in_spanish("messages/final.txt.j2", **final)
    assert spanish.startswith("Vale ha terminado: su último día, el día 28, ha concluido (9.3.1).")
    assert "Vencedores: Elfo, Amazona; nadie ganó." in spanish
    assert "Elfo: 1 movimiento, AV2 > AV5" in spanish
    assert "Epílogo" in spanish and "Epilogue" not in spanish


def test_a_day_reports_phases_are_said_in_spanish():
    """bot.reports' own words: a Treasure card abandoned, and named to its owner alone."""
    with speaking("es"):
        public = day_report(CARD_ABANDONED, "public")
        own = day_report(CARD_ABANDONED, "Amazon")
    assert public.startswith("Día 1, Mes 1\n")
    assert "Amazona: M BL2 (abandona una carta de Tesoro)" in public
    assert "Amazona: M BL2 (abandona una carta de Tesoro) (es Cloak of Mist)" in own
    assert "abandons" not in own and "Cloak" not in public


def test_the_rolls_report_names_the_game_s_own_rolls_in_spanish():
    rolls = [
        Roll(who="game", purpose="Curses Table", dice=(3,), result=3),
        Roll(who="Amazon", purpose="Hide Table", dice=(2, 5), result=5),
    ]
    english, spanish = in_spanish("reports/rolls.txt.j2", campaign="Vale", day=2, rolls=rolls)
    assert "1. game, Curses Table: 3 = 3" in english
    assert "1. juego, Tabla de Maldiciones: 3 = 3" in spanish
    assert "2. Amazona, Tabla de Esconderse: 2, 5 = 5" in spanish


def test_a_fresh_start_refused_and_a_setup_line_refused_are_said_in_spanish():
    with speaking("es"):
        assert spoken(phrase("setup.no_inn")) == (
            "la Posada no está en el mapa: no hay dónde volver a comenzar (9.1.2a)"
        )
        assert spoken(phrase("setup.in_use", who="Woods Girl")) == (
            "Chica del Bosque está en uso; elige un personaje que nadie juegue (9.1.2a)"
        )
        assert spoken(phrase("setup.price_instead", item="Short Sword", gold=5)).startswith(
            "no hay Espada Corta que conseguir"
        )


def test_a_status_card_and_the_epilogues_lines_are_said_in_spanish():
    """What the code words itself, not a template: a status card's headings, a seat's standing,
    and the epilogue's deaths and kills, in Spanish; the English as it always was."""
    from bot.cards import Seat, status_reply
    from bot.epilogue import lives
    from rules import Event
    from rules.events.end import Suicided
    from rules.events.evening import Killed

    campaign = SimpleNamespace(name="Vale", day=3, deadline=DUE, status="running", pause_reason="")
    seats = [Seat("Amazon", True, True), Seat("Elf", False, False)]
    english = status_reply(campaign, seats).card
    with speaking("es"):
        spanish = status_reply(campaign, seats).card
    assert english.title == "Vale: running, day 3"
    assert spanish.title == "Vale: en marcha, día 3"
    assert [f.name for f in spanish.fields[:3]] == ["Día", "Órdenes hasta", "Listos"]
    assert [f.value for f in spanish.fields[3:]] == ["órdenes enviadas, listo", "aún sin órdenes"]
    assert [f.value for f in english.fields[3:]] == ["orders in, ready", "no orders yet"]
    assert spanish.footer.startswith("1 de 2 listos. Las órdenes son secretas")
    days: list[tuple[int, list[Event]]] = [
        (2, [Killed(who="Wolf 1", by="Amazon", at="AV2", round=1)]),
        (3, [Suicided(who="Elf", at="AV5")]),
    ]
    starts = {"Amazon": "AV5", "Elf": "AV5"}
    found = lives(starts, days)
    assert found["Amazon"].kills == ["the Wolf 1 (day 2)"]
    assert found["Elf"].deaths == ["day 3, by his own hand at Midnight"]
    with speaking("es"):
        found = lives(starts, days)
    assert found["Elf"].deaths == ["día 3, por su propia mano a Medianoche"]
    assert found["Amazon"].kills[0].endswith(" (día 2)")


def test_a_word_that_agrees_with_a_character_takes_her_gender_in_spanish():
    from bot.wording import hidden_word

    with speaking("es"):
        assert hidden_word("Amazon", success=True) == "escondida"
        assert hidden_word("Amazon", success=None) == "sigue escondida"
        assert hidden_word("Dwarf", success=True) == "escondido"
        assert hidden_word("Witch", success=False) == "no se esconde"
    assert hidden_word("Amazon", success=True) == hidden_word("Dwarf", success=True) == "hidden"


def test_help_reads_no_english_in_spanish():
    """``/help``'s notation and problem codes in Spanish: its pages hold no word only English
    uses (:mod:`tests.proofs.english_words`), the codes and notation set aside."""
    from bot.help import errors_help, orders_help
    from bot.i18n import Language
    from tests.proofs.english_words import untranslated

    with speaking("es"):
        spanish = "\n".join(orders_help() + errors_help())
    english = "\n".join(orders_help() + errors_help())
    assert untranslated(spanish, Language.ES) == []
    assert untranslated(english, Language.ES), "the English help is English"
    assert "`M` Mover · `H` Esconderse · `S` Buscar" in spanish


def test_a_time_is_written_as_its_reader_s_language_writes_one_and_discord_reads_both():
    from datetime import UTC, datetime

    from bot.deadlines import when
    from bot.i18n import Language
    from bot.render import discord_times

    moment = datetime(2026, 3, 4, 9, 5, tzinfo=UTC)
    assert when(moment, Language.EN) == "2026-03-04 09:05"
    assert when(moment, Language.ES) == "4/3/2026 9:05"
    stamped = "<t:1772615100:F> (<t:1772615100:R>)"
    assert discord_times("vence el 4/3/2026 9:05 UTC.") == f"vence el {stamped}."
    assert discord_times("due 2026-03-04 09:05 UTC.") == f"due {stamped}."


def test_discord_reads_a_spanish_decision_dm_for_its_buttons():
    """A mid-day decision DM said in Spanish is read back as one in English is: the buttons and
    selects of its options (bot.discord.decisions.read_decision)."""
    from bot.discord.decisions import read_decision

    campaign = SimpleNamespace(name="Vale", day=3)
    decision = Decision(
        id="d3/Amazon/p2/rest/Amazon",
        character="Amazon",
        kind="rest",
        prompt=verbatim("Which chit do you rest first?"),
        options=("MOVE M4*", "FIGHT L3*"),
        default="MOVE M4*",
    )
    english, spanish = in_spanish(
        "messages/decision.txt.j2", campaign=campaign, decision=decision, due=DUE
    )
    for text in (english, spanish):
        asked = read_decision("Vale", text)
        assert asked is not None, text
        assert asked.options == ("MOVE M4*", "FIGHT L3*") and asked.default == "MOVE M4*"
    asked = read_decision("Vale", spanish)
    assert asked is not None and asked.header == "Vale, día 3: Amazona debe decidir."
    assert read_decision("Otra", spanish) is None


def test_discord_reads_what_a_spanish_ask_demon_dm_asks_for_its_button():
    from bot.discord.demon import demon_action

    campaign = SimpleNamespace(name="Vale")
    asked = SimpleNamespace(caster="Witch", asked="Elf", day=2, answer=None, question="?")
    for template, action in (("demon_question", "answer"), ("demon_reminder", "answer")):
        english, spanish = in_spanish(
            f"messages/{template}.txt.j2", campaign=campaign, exchange=asked, limit=900, until=4
        )
        assert demon_action("Vale", english) == demon_action("Vale", spanish) == action, spanish
    _, notice = in_spanish(
        "messages/demon_reminder.txt.j2",
        campaign=campaign,
        exchange=None,
        caster="Witch",
        asked="Elf",
        until=4,
        limit=900,
    )
    assert demon_action("Vale", notice) == "ask", notice
