"""The vocabulary of order problems (6.2): every code a problem with an order may carry.

:class:`ProblemCode` names each thing that can be wrong with a message of orders, what it means,
and its :class:`Severity`: an *error* refuses the orders, a *warning* lets them stand (6.2.3 lets
any activity be recorded in any phase, and 6.2.4e–f cancel one that cannot be done when its phase
comes). A code is carried by :class:`rules.orders.targets.OrderError` (a target or instruction
that cannot be read), :class:`rules.orders.sources.Issue` (a phase and its source) and
:class:`rules.orders.reader.Problem` (what the parser reports). The limits of one message, which
``too-long`` names, are here too.
"""

from __future__ import annotations

import enum

#: The most one message may hold: characters, non-blank lines, phases.
MAX_CHARS = 4000
MAX_LINES = 60
MAX_PHASES = 40


class Severity(enum.StrEnum):
    """Whether a problem refuses the orders (``error``) or lets them stand (``warning``)."""

    ERROR = "error"
    WARNING = "warning"


class ProblemCode(enum.StrEnum):
    """A problem with an order (rule 6.2): its code, ``meaning`` and ``severity``.

    The values are stable: the bot shows them to players and the tests and scenario files name
    them, so a code is never renamed. A member is the code string itself (``ProblemCode.NO_ROAD ==
    "no-road"``), and so is its JSON form.
    """

    _value_: str
    meaning: str
    severity: Severity

    def __new__(cls, code: str, meaning: str, severity: Severity = Severity.ERROR) -> ProblemCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.meaning = meaning
        member.severity = severity
        return member

    TOO_LONG = (
        "too-long",
        f"over {MAX_CHARS} characters, {MAX_LINES} lines or {MAX_PHASES} phases",
    )
    NOT_IN_GAME = (
        "not-in-game",
        "orders for someone who is not in the game: no character, hired leader, controlled "
        "monster or underling of that name",
    )
    BAD_TEXT = (
        "bad-text",
        "the message holds a character that is not text: a lone surrogate (not Unicode) or a "
        "control character",
    )
    EMPTY = "empty", "no phases and no Follow"
    UNKNOWN_ACTIVITY = (
        "unknown-activity",
        "a phase does not start with an activity of the Daylight Activities table",
    )
    MISSING_TARGET = "missing-target", "the activity needs a clearing, tile, group or individual"
    UNEXPECTED_TARGET = "unexpected-target", "the activity takes nothing after it"
    BAD_CLEARING = (
        "bad-clearing",
        "not a clearing on this map (malformed, unknown tile, or missing number)",
    )
    BAD_TILE = "bad-tile", "not a tile on this map, or not one he may fly to (7.3.3)"
    AMBIGUOUS = (
        "ambiguous",
        "the text could mean several things; the candidates are listed, none is guessed",
    )
    BAD_TARGET = (
        "bad-target",
        "an unknown Search table, native group, visitor, chit or Alert/Enchant target",
    )
    NO_ROAD = (
        "no-road",
        "no roadway joins his clearing at that point of the day to the one recorded",
    )
    ON_ROADWAY = (
        "on-roadway",
        "on a roadway after running away, his first phase must be a Move to one of its ends",
    )
    HIDDEN_ROAD = (
        "hidden-road",
        "the roadway is a hidden path or secret passage he has not found",
        Severity.WARNING,
    )
    MOUNTAIN_CLIMB = (
        "mountain-climb",
        "a single Move into a mountain clearing does not move him",
        Severity.WARNING,
    )
    UNCHECKED_MOVE = (
        "unchecked-move",
        "his clearing is unknown after a Fly, so the Move is not checked",
        Severity.WARNING,
    )
    FOLLOW_ALONE = "follow-alone", "Follow is recorded alone, for the whole day (6.2.7)"
    FOLLOW_ABSENT = (
        "follow-absent",
        "Follow names nobody he can follow: a character in his clearing, not himself",
    )
    HIRELING_ACTIVITY = (
        "hireling-activity",
        "an activity a hired leader, controlled monster or underling cannot do",
    )
    OPTIONAL_RULE = (
        "optional-rule",
        "the activity belongs to an optional rule this game does not use",
    )
    NOT_ENHANCED = (
        "not-enhanced",
        "P, FL or RE without a Special Advantage, Treasure card or spell giving it",
    )
    NO_MEDITATION = (
        "no-meditation",
        "RE with no EM (or E) phase recorded before it that day (7.10.5)",
    )
    MEDITATION = (
        "meditation",
        "an E recorded as the day's first Enchant phase: he meditates in it, enchanting nothing "
        "(7.10.1)",
        Severity.WARNING,
    )
    UNKNOWN_SOURCE = "unknown-source", "the source in parentheses is not one of his"
    SOURCE_INACTIVE = (
        "source-inactive",
        "the source is his but gives no phase today (inactive, in a cave, ...)",
    )
    TWO_SOURCES = (
        "two-sources",
        "a phase names two sources ('*' and a name in parentheses)",
    )
    SOURCE_ACTIVITY = (
        "source-activity",
        "an extra phase used for an activity it does not allow (6.2.4a)",
    )
    EXTRA_ACTIVITY = (
        "extra-activity",
        "the extra phases left cannot pay for the activities recorded (6.2.4a)",
    )
    PONY = "pony", "pony Moves must follow a Move from another source, never first (6.2.4c)"
    NO_SUNLIGHT = (
        "no-sunlight",
        "a Sunlight phase recorded by someone who never has them (the Dwarf)",
    )
    SUNLIGHT_CAVE = (
        "sunlight-cave",
        "a Sunlight phase on a day he enters or starts in a cave (6.2.2b; 7.3.1c.2)",
    )
    TOO_MANY_PHASES = "too-many-phases", "more phases than he is entitled to today (6.2.2)"
    ONLY_REST = (
        "only-rest",
        "every chit fatigued or wounded: he may record only Rest phases (9.1.1c)",
    )
    UNUSABLE_EXTRA = (
        "unusable-extra",
        "an extra phase planned where or when it cannot be used (6.2.4b)",
        Severity.WARNING,
    )
    UNKNOWN_INSTRUCTION = (
        "unknown-instruction",
        "a 'key: value' line whose key is not a standing instruction",
    )
    BAD_INSTRUCTION = "bad-instruction", "a standing instruction whose value is not allowed"
    DUPLICATE_INSTRUCTION = "duplicate-instruction", "the same standing instruction twice"
    NOT_YOUR_HIRELING = (
        "not-your-hireling",
        "a section of orders for a native or monster the character does not record for: one "
        "not hired, another's hireling, or no such counter (6.2.5)",
    )
    RECORDED_TWICE = (
        "recorded-twice",
        "two sections of orders for the same familiar or hireling (L3926, 6.2.5)",
    )
    COMMITTED_SOURCE = (
        "committed-source",
        "abandoning the card or horse that gives a later phase (6.2.4d)",
    )
    SOURCE_DEACTIVATED = (
        "source-deactivated",
        "the source of a phase is deactivated before it (6.2.4d)",
        Severity.WARNING,
    )
    CHIT_NOT_TAKEN = (
        "chit-not-taken",
        "a chit to take that he cannot take as he stands: one he carries, a second campaign, "
        "negative points (7.2.4a, c)",
        Severity.WARNING,
    )
