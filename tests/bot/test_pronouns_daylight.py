"""Issue 35 in Daylight's phrases and events: a reason, a prompt and an order problem speak of
their subject as she for the Amazon, the Witch and the Woods Girl, and their Spanish agrees with
her ("bloqueada", "transmorfizada", "ella misma"); he and the masculine for the Black Knight."""

from __future__ import annotations

import pytest

from bot.event_text import describe
from bot.i18n import Language, speaking
from bot.render import word
from bot.wording import pronouns
from rules.events.daylight import PhaseCancelled, Unhidden
from rules.phrases import phrase

EN, ES = Language.EN, Language.ES


@pytest.mark.parametrize(
    ("who", "spoken", "sentence"),
    [
        (
            "Amazon",
            EN,
            "Amazon's phase 2 is cancelled: she is blocked as the phase begins "
            "(7.12.4; the Timeless Jewel, L4315.2) (6.2.4f)",
        ),
        (
            "Black Knight",
            EN,
            "Black Knight's phase 2 is cancelled: he is blocked as the phase begins "
            "(7.12.4; the Timeless Jewel, L4315.2) (6.2.4f)",
        ),
        (
            "Amazon",
            ES,
            "la fase 2 de Amazona es cancelada: está bloqueada al empezar la fase "
            "(7.12.4; la Timeless Jewel, L4315.2) (6.2.4f)",
        ),
        (
            "Black Knight",
            ES,
            "la fase 2 de Caballero Negro es cancelada: está bloqueado al empezar la fase "
            "(7.12.4; la Timeless Jewel, L4315.2) (6.2.4f)",
        ),
    ],
)
def test_a_phase_cancelled_as_the_timeless_jewel_blocks_her(
    who: str, spoken: Language, sentence: str
) -> None:
    event = PhaseCancelled(who=who, phase=2, reason=phrase("daylight.blocked_as_phase_begins"))
    with speaking(spoken):
        assert describe(event) == sentence


@pytest.mark.parametrize(
    ("who", "spoken", "reason"),
    [
        ("Woods Girl", EN, "transmorphized, she keeps her belongings inactive"),
        ("Black Knight", EN, "transmorphized, he keeps his belongings inactive"),
        ("Woods Girl", ES, "transmorfizada, mantiene sus pertenencias inactivas"),
        ("Black Knight", ES, "transmorfizado, mantiene sus pertenencias inactivas"),
    ],
)
def test_transmorphized_she_keeps_her_belongings_inactive(
    who: str, spoken: Language, reason: str
) -> None:
    with speaking(spoken):
        said = word(phrase("daylight.transmorphized_inactive"), pronouns(who))
    assert said == f"{reason} (4.6.9b.2, b.4)"


@pytest.mark.parametrize(
    ("who", "spoken", "sentence"),
    [
        ("Amazon", EN, "Amazon becomes unhidden (her turn starts (7.1.2))"),
        ("Black Knight", EN, "Black Knight becomes unhidden (his turn starts (7.1.2))"),
        ("Amazon", ES, "Amazona pierde su estatus de “escondida” (empieza su turno (7.1.2))"),
        (
            "Black Knight",
            ES,
            "Caballero Negro pierde su estatus de “escondido” (empieza su turno (7.1.2))",
        ),
    ],
)
def test_her_turn_starts_and_she_is_unhidden(who: str, spoken: Language, sentence: str) -> None:
    event = Unhidden(who=who, reason=phrase("daylight.turn_starts", who=who))
    with speaking(spoken):
        assert describe(event) == sentence


def test_a_follower_is_unhidden_as_his_guide_s_turn_starts_hers() -> None:
    """7.1.2: the followers become unhidden with their guide; the turn is the guide's."""
    event = Unhidden(who="Black Knight", reason=phrase("daylight.turn_starts", who="Woods Girl"))
    with speaking(EN):
        assert describe(event) == "Black Knight becomes unhidden (her turn starts (7.1.2))"
    with speaking(ES):
        assert describe(event) == (
            "Caballero Negro pierde su estatus de “escondido” (empieza su turno (7.1.2))"
        )


def test_a_guide_in_mist_is_she_who_cannot_be_followed() -> None:
    """4.6.9c.2: the follower's phase is cancelled; the one in mist is his guide, the Witch."""
    reason = phrase("day.guide_in_mist", guide="Witch", who="Witch")
    event = PhaseCancelled(who="Black Knight", phase=1, reason=reason)
    with speaking(EN):
        assert describe(event) == (
            "Black Knight's phase 1 is cancelled: the Witch is mist: she cannot be followed "
            "(4.6.9c.2) (6.2.4f)"
        )


@pytest.mark.parametrize(
    ("mover", "spoken", "prompt"),
    [
        (
            "Amazon",
            EN,
            "The Amazon moves with a Light Move chit to carry her items: do you invoke the Fly "
            "chit and make her fly to the tile she moves to (L4959)?",
        ),
        (
            "Black Knight",
            EN,
            "The Black Knight moves with a Light Move chit to carry his items: do you invoke the "
            "Fly chit and make him fly to the tile he moves to (L4959)?",
        ),
        (
            "Amazon",
            ES,
            "La Amazona se mueve con una ficha Move Ligera para cargar sus objetos: ¿invocas la "
            "ficha de Volar y la haces volar a la loseta a la que se mueve (L4959)?",
        ),
        (
            "Black Knight",
            ES,
            "El Caballero Negro se mueve con una ficha Move Ligera para cargar sus objetos: "
            "¿invocas la ficha de Volar y le haces volar a la loseta a la que se mueve (L4959)?",
        ),
    ],
)
def test_the_broomstick_prompt_speaks_of_the_mover_not_of_the_caster_asked(
    mover: str, spoken: Language, prompt: str
) -> None:
    """L4959: the Broomstick's controller (here the Witch, she) is asked about its target."""
    asked = phrase("daylight.broomstick_light", name=mover, who=mover)
    with speaking(spoken):
        assert word(asked, pronouns("Witch")) == prompt


@pytest.mark.parametrize(
    ("who", "spoken", "problem"),
    [
        (
            "Woods Girl",
            EN,
            "Follow names nobody she can follow: a character in her clearing, not herself",
        ),
        (
            "Black Knight",
            EN,
            "Follow names nobody he can follow: a character in his clearing, not himself",
        ),
        (
            "Woods Girl",
            ES,
            "Seguir no nombra a nadie a quien pueda seguir: un personaje en su claro, "
            "no ella misma",
        ),
        (
            "Black Knight",
            ES,
            "Seguir no nombra a nadie a quien pueda seguir: un personaje en su claro, no él mismo",
        ),
    ],
)
def test_she_cannot_follow_herself(who: str, spoken: Language, problem: str) -> None:
    with speaking(spoken):
        assert word(phrase("problems.follow_absent"), pronouns(who)) == problem


@pytest.mark.parametrize(
    ("who", "hers", "her", "la"),
    [("Witch", "hers", "her", "la"), ("Black Knight", "his", "him", "le")],
)
def test_a_source_is_hers_and_a_climb_does_not_move_her(
    who: str, hers: str, her: str, la: str
) -> None:
    """An order problem of the character's own orders: "his" standing alone is "hers"."""
    with speaking(EN):
        assert word(phrase("problems.unknown_source"), pronouns(who)) == (
            f"the source in parentheses is not one of {hers}"
        )
        assert word(phrase("problems.mountain_climb"), pronouns(who)) == (
            f"a single Move into a mountain clearing does not move {her}"
        )
    with speaking(ES):
        assert word(phrase("problems.mountain_climb"), pronouns(who)) == (
            f"un solo Mover hacia un claro de montaña no {la} mueve"
        )


def test_the_turn_report_says_her_cancelled_phase_of_her() -> None:
    """The day's report (bot.reports) gives a cancelled phase its reason about its character."""
    from bot.reports import _outcome

    reason = phrase("daylight.no_fly_chit")
    with speaking(EN):
        assert _outcome(PhaseCancelled(who="Witch", phase=1, reason=reason)) == (
            "cancelled: she has no Fly chit that can carry her and is invoked (7.3.3a.2)"
        )
    with speaking(ES):
        assert _outcome(PhaseCancelled(who="Witch", phase=1, reason=reason)) == (
            "cancelada: no tiene ninguna ficha de Volar que pueda llevarla y esté invocada "
            "(7.3.3a.2)"
        )
