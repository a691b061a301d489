"""Issue 35 in the phrases of combat, magic and Search (``templates/phrases/evening.j2``,
``magic.j2``, ``search.j2``): their he, his and him are the subject's (she and her for the
Amazon, as the rulebook speaks of her, L3568), or the one a phrase names as its ``who`` (the
looter a spy watched, the target a Pentangle protects); their Spanish agrees with a feminine
subject ("transmorfizada", "muerta", "la retiene")."""

from __future__ import annotations

import pytest

from bot.event_text import describe, word
from bot.i18n import Language, speaking
from bot.wording import pronouns
from rules.events.end import DeathTold
from rules.events.evening import AttackCancelled, PlayCancelled
from rules.events.search import Discovered
from rules.phrases import Phrase, phrase


def said(value: Phrase, subject: str, language: Language = Language.EN) -> str:
    with speaking(language):
        return word(value, pronouns(subject))


@pytest.mark.parametrize(
    ("subject", "english", "spanish"),
    [
        (
            "Amazon",
            "transmorphized into mist, she cannot search (4.6.9c.2)",
            "transmorfizada en Niebla, no puede Buscar (4.6.9c.2)",
        ),
        (
            "Black Knight",
            "transmorphized into mist, he cannot search (4.6.9c.2)",
            "transmorfizado en Niebla, no puede Buscar (4.6.9c.2)",
        ),
    ],
)
def test_a_cancelled_phase_speaks_of_its_character(
    subject: str, english: str, spanish: str
) -> None:
    """4.6.9c.2: a character in mist cannot search; the Spanish participle agrees with him."""
    reason = phrase("magic.mist_cannot_search")
    assert said(reason, subject) == english
    assert said(reason, subject, Language.ES) == spanish


@pytest.mark.parametrize(
    ("subject", "english", "spanish"),
    [
        ("Amazon", "she is not in a clearing", "no está en un claro"),
        ("Black Knight", "he is not in a clearing", "no está en un claro"),
    ],
)
def test_an_order_problem_speaks_of_the_ordering_character(
    subject: str, english: str, spanish: str
) -> None:
    assert said(phrase("search.not_in_clearing"), subject) == english
    assert said(phrase("search.not_in_clearing"), subject, Language.ES) == spanish


@pytest.mark.parametrize(
    ("subject", "english", "spanish"),
    [
        (
            "Amazon",
            "a red-side-up Tremendous monster holds her (8.4.7d.2)",
            "la retiene un monstruo Tremendo con el lado rojo hacia arriba (8.4.7d.2)",
        ),
        (
            "Black Knight",
            "a red-side-up Tremendous monster holds him (8.4.7d.2)",
            "lo retiene un monstruo Tremendo con el lado rojo hacia arriba (8.4.7d.2)",
        ),
    ],
)
def test_him_is_her_for_the_amazon(subject: str, english: str, spanish: str) -> None:
    """8.4.7d.2: a character with a red-side-up Tremendous monster on his sheet cannot run."""
    assert said(phrase("evening.tremendous_holds"), subject) == english
    assert said(phrase("evening.tremendous_holds"), subject, Language.ES) == spanish


def test_a_broomstick_prompt_speaks_of_the_one_who_plays_not_the_caster() -> None:
    """L4957: the Witch, whose Broomstick it is, is asked whether to force the Black Knight,
    or the Amazon, to charge or fly away: the prompt's him is the player's, named as who."""
    light = "a Light Move chit: force {} to charge or fly away with the Fly chit (L4957)?"
    amazon = phrase("evening.broomstick_light_play", who="Amazon", play="MOVE L3")
    knight = phrase("evening.broomstick_light_play", who="Black Knight", play="MOVE L3")
    assert said(amazon, "Witch") == "The Amazon plays MOVE L3, " + light.format("her")
    assert said(knight, "Witch") == "The Black Knight plays MOVE L3, " + light.format("him")
    assert said(amazon, "Witch", Language.ES).startswith("Amazona juega MOVE L3")
    assert "¿la obligas a cargar" in said(amazon, "Witch", Language.ES)
    assert "¿lo obligas a cargar" in said(knight, "Witch", Language.ES)


@pytest.mark.parametrize(
    ("subject", "english", "spanish"),
    [
        (
            "Amazon",
            "Amazon's play of MOVE M4* is cancelled: her horse gallops only once a round "
            "(8.4.5k.2)",
            "la jugada de MOVE M4* de Amazona es cancelada: su caballo galopa solo una vez por "
            "ronda (8.4.5k.2)",
        ),
        (
            "Black Knight",
            "Black Knight's play of MOVE M4* is cancelled: his horse gallops only once a round "
            "(8.4.5k.2)",
            "la jugada de MOVE M4* de Caballero Negro es cancelada: su caballo galopa solo una "
            "vez por ronda (8.4.5k.2)",
        ),
    ],
)
def test_a_cancelled_play_s_reason_speaks_of_its_player(
    subject: str, english: str, spanish: str
) -> None:
    """8.4.5k.2: a horse gallops once a round; the reason is the event's who's."""
    event = PlayCancelled(
        who=subject, chit="MOVE M4*", reason=phrase("evening.gallops_once"), at="Cliff 6", round=2
    )
    assert describe(event) == english
    with speaking(Language.ES):
        assert describe(event) == spanish


@pytest.mark.parametrize(
    ("subject", "english", "spanish"),
    [
        ("Amazon", "killed by her wounds in Cliff 6 (9.1.1)", "muerta por sus heridas"),
        ("Black Knight", "killed by his wounds in Cliff 6 (9.1.1)", "muerto por sus heridas"),
    ],
)
def test_a_death_by_wounds_agrees_with_the_dead(subject: str, english: str, spanish: str) -> None:
    event = DeathTold(
        recipients=(subject,),
        who=subject,
        cause=phrase("evening.killed_by_wounds", clearing="Cliff 6"),
        restart=5,
    )
    assert f"({english})" in describe(event)
    with speaking(Language.ES):
        assert f"({spanish} en " in describe(event)


def test_a_spy_discovers_by_the_looter_s_looting() -> None:
    """4.5.6: the Black Knight, spying on the Amazon, learns the site she loots: her looting."""
    how = phrase("search.by_spying_on_looting", who="Amazon")
    event = Discovered(recipients=("Black Knight",), who="Black Knight", what="Vault", how=how)
    assert describe(event) == "Black Knight discovers the Vault, by spying on her looting (4.5.6)"


def test_a_pentangle_protects_the_target_not_the_attacker() -> None:
    """L4964: the Imp cannot attack the Woods Girl, whom a Pentangle protects."""
    event = AttackCancelled(
        attacker="Imp",
        target="Woods Girl",
        reason=phrase("evening.pentangle_protects", who="Woods Girl"),
        at="Cliff 6",
        round=1,
    )
    assert describe(event) == (
        "Imp's attack on Woods Girl is cancelled: a Pentangle protects her from the Demons and "
        "the Imp (L4964)"
    )
    with speaking(Language.ES):
        assert describe(event).endswith(
            "un Pentangle la protege de los Demonios y del Diablillo (L4964)"
        )


@pytest.mark.parametrize(("subject", "hers"), [("Amazon", "hers"), ("Black Knight", "his")])
def test_a_possessive_standing_alone_is_hers(subject: str, hers: str) -> None:
    """8.3.8e.2: one flying away goes to a tile next to his own, or hers (not "next to her")."""
    refused = phrase("evening.tile_not_next", tile="Cliff")
    assert said(refused, subject) == f"Cliff is not a tile next to {hers} (8.3.8e.2)"
    assert said(refused, subject, Language.ES) == (
        "Cliff no es una loseta adyacente a la suya (8.3.8e.2)"
    )
