"""The vocabulary of order problems (6.2): every code a problem with an order may carry.

:class:`ProblemCode` names each thing that can be wrong with a message of orders, what it means,
and its :class:`Severity`: an *error* refuses the orders, a *warning* lets them stand (6.2.3 lets
any activity be recorded in any phase, and 6.2.4e–f cancel one that cannot be done when its phase
comes). A code is carried by :class:`rules.orders.targets.OrderError` (a target or instruction
that cannot be read), :class:`rules.orders.source_names.Issue` (a phase and its source) and
:class:`rules.orders.reader.Problem` (what the parser reports). The limits of one message, which
``too-long`` names, are here too.
"""

from __future__ import annotations

import enum

from rules.phrases import Phrase, phrase

#: The most one message may hold: characters, non-blank lines, phases.
MAX_CHARS = 4000
MAX_LINES = 60
MAX_PHASES = 40


class Severity(enum.StrEnum):
    """Whether a problem refuses the orders (``error``) or lets them stand (``warning``)."""

    ERROR = "error"
    WARNING = "warning"


class ProblemCode(enum.StrEnum):
    """A problem with an order (rule 6.2): its code, ``meaning`` (a phrase, ``problems.<code>``
    with underscores, said by ``/help errors``) and ``severity``.

    The values are stable: the bot shows them to players and the tests and scenario files name
    them, so a code is never renamed. A member is the code string itself (``ProblemCode.NO_ROAD ==
    "no-road"``), and so is its JSON form.
    """

    _value_: str
    meaning: Phrase
    severity: Severity

    def __new__(
        cls, code: str, meaning: Phrase, severity: Severity = Severity.ERROR
    ) -> ProblemCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.meaning = meaning
        member.severity = severity
        return member

    TOO_LONG = (
        "too-long",
        phrase("problems.too_long", chars=MAX_CHARS, lines=MAX_LINES, phases=MAX_PHASES),
    )
    NOT_IN_GAME = (
        "not-in-game",
        phrase("problems.not_in_game"),
    )
    BAD_TEXT = (
        "bad-text",
        phrase("problems.bad_text"),
    )
    EMPTY = "empty", phrase("problems.empty")
    UNKNOWN_ACTIVITY = (
        "unknown-activity",
        phrase("problems.unknown_activity"),
    )
    MISSING_TARGET = "missing-target", phrase("problems.missing_target")
    UNEXPECTED_TARGET = "unexpected-target", phrase("problems.unexpected_target")
    BAD_CLEARING = (
        "bad-clearing",
        phrase("problems.bad_clearing"),
    )
    BAD_TILE = "bad-tile", phrase("problems.bad_tile")
    AMBIGUOUS = (
        "ambiguous",
        phrase("problems.ambiguous"),
    )
    BAD_TARGET = (
        "bad-target",
        phrase("problems.bad_target"),
    )
    NO_ROAD = (
        "no-road",
        phrase("problems.no_road"),
    )
    ON_ROADWAY = (
        "on-roadway",
        phrase("problems.on_roadway"),
    )
    HIDDEN_ROAD = (
        "hidden-road",
        phrase("problems.hidden_road"),
        Severity.WARNING,
    )
    MOUNTAIN_CLIMB = (
        "mountain-climb",
        phrase("problems.mountain_climb"),
        Severity.WARNING,
    )
    UNCHECKED_MOVE = (
        "unchecked-move",
        phrase("problems.unchecked_move"),
        Severity.WARNING,
    )
    FOLLOW_ALONE = "follow-alone", phrase("problems.follow_alone")
    FOLLOW_ABSENT = (
        "follow-absent",
        phrase("problems.follow_absent"),
    )
    HIRELING_ACTIVITY = (
        "hireling-activity",
        phrase("problems.hireling_activity"),
    )
    OPTIONAL_RULE = (
        "optional-rule",
        phrase("problems.optional_rule"),
    )
    NOT_ENHANCED = (
        "not-enhanced",
        phrase("problems.not_enhanced"),
    )
    NO_MEDITATION = (
        "no-meditation",
        phrase("problems.no_meditation"),
    )
    MEDITATION = (
        "meditation",
        phrase("problems.meditation"),
        Severity.WARNING,
    )
    UNKNOWN_SOURCE = "unknown-source", phrase("problems.unknown_source")
    SOURCE_INACTIVE = (
        "source-inactive",
        phrase("problems.source_inactive"),
    )
    TWO_SOURCES = (
        "two-sources",
        phrase("problems.two_sources"),
    )
    SOURCE_ACTIVITY = (
        "source-activity",
        phrase("problems.source_activity"),
    )
    EXTRA_ACTIVITY = (
        "extra-activity",
        phrase("problems.extra_activity"),
    )
    PONY = "pony", phrase("problems.pony")
    NO_SUNLIGHT = (
        "no-sunlight",
        phrase("problems.no_sunlight"),
    )
    SUNLIGHT_CAVE = (
        "sunlight-cave",
        phrase("problems.sunlight_cave"),
    )
    TOO_MANY_PHASES = "too-many-phases", phrase("problems.too_many_phases")
    ONLY_REST = (
        "only-rest",
        phrase("problems.only_rest"),
    )
    UNUSABLE_EXTRA = (
        "unusable-extra",
        phrase("problems.unusable_extra"),
        Severity.WARNING,
    )
    UNKNOWN_INSTRUCTION = (
        "unknown-instruction",
        phrase("problems.unknown_instruction"),
    )
    BAD_INSTRUCTION = "bad-instruction", phrase("problems.bad_instruction")
    DUPLICATE_INSTRUCTION = "duplicate-instruction", phrase("problems.duplicate_instruction")
    NOT_YOUR_HIRELING = (
        "not-your-hireling",
        phrase("problems.not_your_hireling"),
    )
    RECORDED_TWICE = (
        "recorded-twice",
        phrase("problems.recorded_twice"),
    )
    COMMITTED_SOURCE = (
        "committed-source",
        phrase("problems.committed_source"),
    )
    SOURCE_DEACTIVATED = (
        "source-deactivated",
        phrase("problems.source_deactivated"),
        Severity.WARNING,
    )
    CHIT_NOT_TAKEN = (
        "chit-not-taken",
        phrase("problems.chit_not_taken"),
        Severity.WARNING,
    )
