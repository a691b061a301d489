"""A campaign's settings as one typed record: what its moderators set, and nothing else (the
service's own bookkeeping has its own columns, :class:`db.models.Campaign`).

They are stored as the campaign's ``options`` JSON; :meth:`CampaignSettings.of` reads them (older
campaigns' values, such as ``autopilot_after: 3.0``, are read as the type says), and
:meth:`CampaignSettings.configured` is the only way a moderator's text becomes a value: checked
against the type and range, or refused with the reason. The record is strict: a key it does not
know is refused, naming it and the keys it knows (:class:`SettingError`), never dropped.
"""

from __future__ import annotations

from datetime import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.deadlines import DeadlineRules
from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import N_, Language, UnknownLanguageError, _, language
from rules import DEFAULT_WEEKS, MAX_WEEKS

#: What each setting takes, to be said in the reader's language (:func:`about`).
_ABOUT: dict[str, str] = {
    "wait_for_decisions": N_("yes | no: mid-day decisions wait for players, or take defaults"),
    "decision_hours": N_("hours players have to answer a decision (1-72)"),
    "combat_by_dm": N_("yes | no: with wait_for_decisions, combat asks its players round by round"),
    "lure_hours": N_(
        "hours a combat's lure window (and its natives' drinks and pay-offs) stays open (0.25-48)"
    ),
    "encounter_hours": N_("hours a combat's encounter window stays open (0.25-48)"),
    "melee_hours": N_(
        "hours a combat's melee window (targets and secret plays) stays open (0.25-48)"
    ),
    "seal_hashes": N_("yes | no: combat plays' tags sent before the reveal, their salts with it"),
    "parallel_clearings": N_(
        "yes | no: all clearings fight at once (8.1.3b); set before the start"
    ),
    "weeks": N_(
        "the game's length in weeks (1-%(most)s; 4, a month, is standard; Victory "
        "Requirements total one point a week plus one, 10.E.2); set before the start"
    ),
    "autopilot_after": N_("whole missed days before the autopilot plays a seat (1-14)"),
    "time": N_("the deadline's local time of day, HH:MM"),
    "timezone": N_("the deadline's time zone, e.g. Europe/Paris"),
    "weekdays": N_("days a deadline may fall on, 0 (Monday) to 6, e.g. 0,2,4"),
    "min_hours": N_("the least hours between two deadlines"),
    "reminder_hours": N_("hours before the deadline players without orders are reminded"),
    "status_board": N_("yes | no: a status message pinned in the channel, edited as the day goes"),
    "language": N_(
        "the language of the public reports and of the players who choose none: %(languages)s"
    ),
}


def _filled(text: str) -> str:
    languages = ", ".join(f"{lang.value} ({lang.native_name})" for lang in Language)
    return text % {"most": MAX_WEEKS, "languages": languages}


def about(key: str) -> str:
    """What the setting ``key`` takes, in the language being spoken."""
    return _filled(_(_ABOUT[key]))


#: Settings a moderator may change, and what each takes (in English: :func:`about` says it in
#: the reader's language).
SETTINGS: dict[str, str] = {key: _filled(text) for key, text in _ABOUT.items()}

#: The settings that are yes or no.
_YES_NO = frozenset(
    {"wait_for_decisions", "combat_by_dm", "seal_hashes", "parallel_clearings", "status_board"}
)

#: The settings that every player agrees to when the campaign is created: set before it starts.
BEFORE_THE_START = frozenset({"parallel_clearings", "weeks"})

#: The settings that are deadline rules, by their name in :class:`DeadlineRules`.
_DEADLINE_FIELDS = {
    "time": "time_of_day",
    "timezone": "timezone",
    "weekdays": "weekdays",
    "min_hours": "min_hours",
    "reminder_hours": "reminder_hours",
}


#: The settings that are deadline rules: they set the deadlines after today's.
DEADLINE_SETTINGS = frozenset(_DEADLINE_FIELDS)


class SettingError(ValueError):
    """A setting's value that its type or range refuses, or a key that is no setting; the message
    says what is allowed."""


class CampaignSettings(BaseModel):
    """What a campaign's moderators set: every setting of :data:`SETTINGS` (the deadline rules
    among ``deadlines``, with those a moderator does not change), and ``moderators_channel``,
    the Discord channel for the moderators' messages if the campaign has its own (set by its
    own command, :meth:`bot.moderators.ModeratorTeam.set_moderators_channel`).

    A combat window's hours are its kind's (``lure_hours``, ``encounter_hours``, ``melee_hours``,
    an hour each by default: a window closes at once when everyone asked has played, and a
    campaign that resolves a day a day cannot wait longer, issue 32); the start of combat's
    natives windows take ``lure_hours`` (they too come before the blows), the decisions of the
    day ``decision_hours``. With
    ``seal_hashes``, a closing combat window's players are first sent the tag of each sealed set,
    and with the reveal its secret salt and the text it is the digest of (:mod:`bot.sealing`), so
    that each can check every tag. With ``parallel_clearings`` every clearing fights at once
    (8.1.3b): all the players must agree, so it is set before the campaign starts; so is ``weeks``,
    the game's length (10.E.2, :mod:`rules.end.length`), which sets the Victory Points each
    character assigns. ``language`` is the language of the campaign's public reports, of its
    moderators' messages and of each player who chose none of his own (issue 35).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    wait_for_decisions: bool = False
    decision_hours: float = Field(default=12, ge=1, le=72)
    combat_by_dm: bool = True
    lure_hours: float = Field(default=1, ge=0.25, le=48)
    encounter_hours: float = Field(default=1, ge=0.25, le=48)
    melee_hours: float = Field(default=1, ge=0.25, le=48)
    seal_hashes: bool = False
    parallel_clearings: bool = False
    weeks: int = Field(default=DEFAULT_WEEKS, ge=1, le=MAX_WEEKS)
    autopilot_after: int = Field(default=2, ge=1, le=14)
    deadlines: DeadlineRules = Field(default_factory=DeadlineRules)
    moderators_channel: str | None = None
    status_board: bool = False
    language: Language = DEFAULT_LANGUAGE

    @classmethod
    def of(cls, options: dict[str, Any]) -> CampaignSettings:
        """The settings stored in a campaign's ``options``, or :class:`SettingError` as
        :meth:`created` says (what was stored was checked: a refusal means it is damaged)."""
        return cls._checked(options)

    @classmethod
    def created(cls, options: dict[str, Any]) -> CampaignSettings:
        """The settings a new campaign is created with: each checked as :meth:`configured`
        checks it, or :class:`SettingError` naming the first refused and what is allowed; a key
        that is no setting is refused, naming it and the settings (:func:`known_keys`); a
        language is named as :func:`bot.i18n.language` reads it (``es``, ``Spanish``)."""
        if isinstance(options.get("language"), str):
            try:
                options = {**options, "language": language(options["language"])}
            except UnknownLanguageError as error:
                raise SettingError(str(error)) from None
        return cls._checked(options)

    @classmethod
    def _checked(cls, options: dict[str, Any]) -> CampaignSettings:
        try:
            return cls.model_validate(options, strict=False)
        except ValidationError as error:
            raise _refusal(error) from None

    def stored(self) -> dict[str, Any]:
        """The settings as the campaign's ``options`` JSON."""
        return self.model_dump(mode="json")

    def window_hours(self, window: str | None) -> float:
        """The hours a decision of ``window`` (:func:`rules.evening.windows.window_of`) is
        open."""
        hours = {
            "natives": self.lure_hours,
            "lure": self.lure_hours,
            "encounter": self.encounter_hours,
            "melee": self.melee_hours,
        }
        return hours.get(window or "", self.decision_hours)

    @property
    def after_assignment_hours(self) -> float:
        """The hours of a round's window after random assignment, which asks the Encounter's
        choices and the Melee's together (issue 32): the longer of theirs."""
        return max(self.encounter_hours, self.melee_hours)

    def engine_options(self) -> dict[str, bool]:
        """The engine's game options these settings give: whether decisions wait for players,
        combat's too, and whether the clearings fight at once."""
        return {
            "wait_for_decisions": self.wait_for_decisions,
            "wait_for_combat": self.wait_for_decisions and self.combat_by_dm,
            "parallel_combat": self.parallel_clearings,
        }

    def value_text(self, key: str) -> str:
        """Setting ``key``'s value written as a moderator writes it (:meth:`configured` reads
        it back to the same settings): ``yes``/``no``, hours, ``HH:MM``, ``0,2,4``."""
        value: object = (
            getattr(self.deadlines, _DEADLINE_FIELDS[key])
            if key in _DEADLINE_FIELDS
            else getattr(self, key)
        )
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, time):
            return value.strftime("%H:%M")
        if isinstance(value, tuple | list):
            return ",".join(str(part) for part in value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def shown(self) -> list[tuple[str, str, str]]:
        """Every setting as (name, value as written, what it is), in :data:`SETTINGS`' order."""
        return [(key, self.value_text(key), about(key)) for key in SETTINGS]

    def configured(self, key: str, text: str) -> CampaignSettings:
        """These settings with ``key`` set from a moderator's ``text``; raises
        :class:`SettingError` naming what is allowed (nothing is changed)."""
        if key not in SETTINGS:
            raise SettingError(
                _("Unknown setting %(key)s; settings: %(known)s")
                % {"key": repr(key[:40]), "known": ", ".join(SETTINGS)}
            )
        value: object = text
        if key in _YES_NO:
            if text.casefold() not in ("yes", "no"):
                raise SettingError(
                    _("%(key)s: %(value)s is not allowed (%(about)s): yes or no")
                    % {"key": key, "value": repr(text[:40]), "about": about(key)}
                )
            value = text.casefold() == "yes"
        elif key == "weekdays":
            value = [part.strip() for part in text.split(",") if part.strip()]
        elif key == "language":
            try:
                value = language(text)
            except UnknownLanguageError as error:
                raise SettingError(str(error)) from None
        data = self.model_dump()
        if key in _DEADLINE_FIELDS:
            data["deadlines"] = {**self.deadlines.model_dump(), _DEADLINE_FIELDS[key]: value}
        else:
            data[key] = value
        try:
            return CampaignSettings.model_validate(data, strict=False)
        except ValidationError as error:
            problem = error.errors()[0]["msg"]
            raise SettingError(
                _("%(key)s: %(value)s is not allowed (%(about)s): %(problem)s")
                % {"key": key, "value": repr(text[:40]), "about": about(key), "problem": problem}
            ) from None


def known_keys(model: type[BaseModel] = CampaignSettings) -> list[str]:
    """The keys ``model`` (the settings, or their ``deadlines``) holds, in their order."""
    return list(model.model_fields)


def _refusal(error: ValidationError) -> SettingError:
    """The first problem of ``error``, for a person: a key the settings do not hold, named with
    those they do, or a value and what the setting allows."""
    problem = error.errors()[0]
    key = ".".join(str(part) for part in problem["loc"])
    if problem["type"] == "extra_forbidden":
        nested = problem["loc"][0] == "deadlines" and len(problem["loc"]) > 1
        known = ", ".join(known_keys(DeadlineRules if nested else CampaignSettings))
        said = (
            _("Unknown setting %(key)s; deadline rules: %(known)s")
            if nested
            else _("Unknown setting %(key)s; settings: %(known)s")
        )
        return SettingError(said % {"key": repr(key[:60]), "known": known})
    words = {"key": key, "value": repr(problem.get("input")), "problem": problem["msg"]}
    if key in SETTINGS:
        return SettingError(
            _("%(key)s: %(value)s is not allowed (%(about)s): %(problem)s")
            % {**words, "about": about(key)}
        )
    return SettingError(_("%(key)s: %(value)s is not allowed: %(problem)s") % words)
