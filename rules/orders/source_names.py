"""The source a player names for a phase in parentheses (6.2.4d L1517: ``M CV5 (pony)``), read
against his :class:`~rules.orders.entitlement.Entitlement`; and :class:`Issue`, what is wrong
with a phase and its source (:mod:`rules.orders.sources` gives each phase its source)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.magic.bewitched import SPELL_PHASES
from rules.orders.entitlement import Entitlement
from rules.orders.model import BASIC, SUNLIGHT
from rules.orders.problems import ProblemCode
from rules.phrases import Phrase, phrase


@dataclass(frozen=True)
class Issue:
    """A problem with the phases and their sources: its ``code``, the 1-based ``phase`` (None
    for the whole day), ``message`` and ``hint``."""

    code: ProblemCode
    phase: int | None
    message: Phrase
    hint: Phrase | None = None


_GENERIC_WORDS = {"basic": BASIC, "sunlight": SUNLIGHT, "sun": SUNLIGHT}
_HORSE_WORDS = ("pony", "workhorse", "warhorse", "horse")


def match_source(ent: Entitlement, text: str) -> tuple[str | None, Issue | None]:
    """The source a player names in parentheses (``"stamina"``, ``"pony"``, ``"sunlight"``).

    Case-insensitive; a unique prefix of 3 letters or more is enough. Returns the source's name
    (an extra's name, :data:`BASIC`, :data:`SUNLIGHT`, or an enabler such as ``"Crystal Ball"``),
    or an :class:`Issue` (codes ``unknown-source``, ``source-inactive``, ``ambiguous``).
    """
    word = " ".join(text.split()).casefold()
    if word in _GENERIC_WORDS:
        return _GENERIC_WORDS[word], None
    usable = [e.name for e in ent.extras] + [name for _, name in ent.enablers]
    names = list(dict.fromkeys(usable + [n for n, _ in ent.unavailable]))
    exact = [n for n in names if n.casefold() == word]
    if not exact and word in _HORSE_WORDS:
        exact = [
            e.name
            for e in ent.extras
            if e.kind == "horse" and (word == "horse" or e.name.casefold().startswith(word))
        ]
    if not exact and len(word) >= 3:
        exact = [n for n in names if n.casefold().startswith(word)]
    exact = list(dict.fromkeys(exact))
    valid = phrase("orders.your_sources", names=("basic", "sunlight", *dict.fromkeys(usable)))
    if len(exact) > 1:
        return None, Issue(
            ProblemCode.AMBIGUOUS,
            None,
            phrase("orders.could_be", text=repr(text), names=tuple(exact)),
            phrase("orders.write_full_name"),
        )
    if not exact:
        spell = next((n for n in SPELL_PHASES if n.casefold() == word), None)
        if spell is not None:
            return None, Issue(
                ProblemCode.SOURCE_INACTIVE,
                None,
                phrase("orders.spell_not_on_you", spell=spell, line=SPELL_PHASES[spell].line),
                valid,
            )
        return None, Issue(
            ProblemCode.UNKNOWN_SOURCE,
            None,
            phrase("orders.not_your_source", text=repr(text)),
            valid,
        )
    name = exact[0]
    if name not in usable:
        reason = dict(ent.unavailable)[name]
        return None, Issue(ProblemCode.SOURCE_INACTIVE, None, reason, valid)
    return name, None
