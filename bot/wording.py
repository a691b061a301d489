"""How people and choices are named in the lines people read: a moderator by his display name
(never his Discord id), setup choices as the rulebook writes them (``victory: Fame 2, Gold 3``),
never as Python prints them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot import scope
from bot.i18n import N_, Language, _, current, pgettext
from rules import catalog, glossary

#: How a moderator whose name the campaign never learned is called.
A_MODERATOR = N_("a moderator")


def known_name(names: Mapping[str, str], user: str) -> str:
    """How to call ``user`` in a line people read: the display name the request gives (he is
    the one asking), else the one recorded in ``names``, else his id when it is a name already
    (the command line's ``gm``), else :data:`A_MODERATOR` (a Discord id means nothing to
    anyone)."""
    scoped = scope.current()
    asked = scoped.name_of(user) if scoped is not None else None
    if asked:
        return asked
    if user in names:
        return names[user]
    return _(A_MODERATOR) if user.isdigit() else user


def feminine(name: str) -> bool:
    """Whether ``name`` (a character, a denizen...) is feminine in the language spoken (its
    glossary's gender: the Amazona, the Bruja): the words that agree with him take their
    feminine form (``escondida``), by the message's ``feminine`` context."""
    return glossary(current().value).gender(name) == "f"


def hidden_word(name: str, *, success: bool | None) -> str:
    """How a Hide roll left ``name`` (7.4), agreeing with him: ``hidden``, ``not hidden``, or,
    with no roll (``success`` None), ``stays hidden``."""
    if feminine(name):
        if success is None:
            return pgettext("feminine", "stays hidden")
        return pgettext("feminine", "hidden") if success else pgettext("feminine", "not hidden")
    if success is None:
        return _("stays hidden")
    return _("hidden") if success else _("not hidden")


def chit_word(status: str) -> str:
    """A chit's status (``active``, ``fatigued``, ``wounded``, ``committed``) in the language
    being spoken, as the sheet says it; an unknown one as it is."""
    words = {
        "active": _("active"),
        "fatigued": _("fatigued"),
        "wounded": _("wounded"),
        "committed": _("committed"),
    }
    return words.get(status, status)


def status_word(status: str) -> str:
    """A campaign's status (``enrolling``, ``running``, ``paused``, ``finished``) in the
    language being spoken; an unknown one as it is."""
    words = {
        "enrolling": _("enrolling"),
        "running": _("running"),
        "paused": _("paused"),
        "finished": _("finished"),
    }
    return words.get(status, status)


def with_name(names: Mapping[str, str], user: str, name: str | None) -> dict[str, str]:
    """``names`` with ``user`` called ``name`` (unchanged without a name)."""
    if not name:
        return dict(names)
    return {**names, user: name[:100]}


def asker_name(user: str) -> str | None:
    """The display name of ``user`` when he is the one asking (see :mod:`bot.scope`)."""
    scoped = scope.current()
    return scoped.name_of(user) if scoped is not None else None


def choice_text(value: Any) -> str:
    """One setup choice's value as a person writes it: ``Fame 2, Gold 3``, ``Absorb Essence,
    Peace``, ``Guard house``."""
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {choice_text(points)}" for key, points in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(choice_text(item) for item in value)
    return str(value)


def choices_text(choices: Mapping[str, Any]) -> str:
    """Setup choices, one ``key: value`` after another (``start: Guard house; victory: Fame 2,
    Gold 3``), separated by semicolons since a value may hold commas."""
    return "; ".join(f"{key}: {choice_text(value)}" for key, value in choices.items())


@dataclass(frozen=True)
class Pronouns:
    """The words a line uses for someone: ``he`` (the subject), ``his`` and ``him``; and
    ``feminine``, whether the words that agree with him take their feminine form (a template
    then says its sentence by the message's ``feminine`` context: ``está dormida``)."""

    he: str
    his: str
    him: str
    feminine: bool = False


HE = Pronouns("he", "his", "him")
SHE = Pronouns("she", "her", "her", feminine=True)
#: The Spanish words for a masculine and a feminine subject (``él``, ``su``, ``lo``).
EL = Pronouns("él", "su", "lo")
ELLA = Pronouns("ella", "su", "la", feminine=True)


def unnamed() -> Pronouns:
    """How a line speaks of someone it does not name, in the language being spoken: in the
    masculine, as the rulebook does (``he``, ``él``)."""
    return HE if current() is Language.EN else EL


def pronouns(name: str) -> Pronouns:
    """How the lines people read speak of ``name`` in the language being spoken. In English, as
    the rulebook speaks of him: she and her for the Amazon, the Witch and the Woods Girl
    (:attr:`rules.schema.characters.Character.pronoun`), he and his for every other character
    and for natives and monsters. In another language, by the grammatical gender of ``name``'s
    term in its glossary (``ella`` for the Amazona and the Víbora), masculine where it has none."""
    spoken = current()
    if spoken is not Language.EN:
        return ELLA if glossary(spoken.value).gender(name) == "f" else EL
    characters = catalog().characters
    return SHE if name in characters and characters[name].pronoun == "she" else HE
