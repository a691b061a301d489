"""The rules the engine reports as not implemented where they would act (DESIGN, principle 4: "a
rule that is not implemented yet says so loudly; it is never silently skipped").

Each report is a public ``not_implemented`` event naming the rule (``rule``) and what is missing
(``what``). :data:`LOUD` declares every such report made in the engine's own steps, by the rule
its event names: where the rule is printed in the rulebook (its line, and a few words of it as
printed there), what is missing, the module that reports it, and the scenario under
``tests/scenarios`` whose ``expect`` holds the report. The Special Advantages and the Treasure
powers not built yet are reported from their own tables (:data:`rules.advantages.ADVANTAGES`,
:data:`rules.powers.POWERS`), and so are the optional rules
(:data:`rules.optional_rules.OPTIONAL_RULES`) and the Curses (:data:`rules.daylight.curses.CURSES`)
where they refer here. ``realmbot audit`` makes the project's honesty map (``docs/audit.md``) of
these tables; a test checks each entry's line against the rulebook and that its scenario expects
its report and passes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Loud:
    """One rule reported as not implemented: ``rule`` as its event names it (``"7.3.3h"``,
    ``"L4336"``); ``line``, the rulebook line that states it, and ``quote``, a few words of that
    line as printed; ``missing``, what is not built; ``where``, the module that reports it; and
    ``scenario``, a path under ``tests/scenarios`` whose ``expect.events`` holds the report."""

    rule: str
    line: int
    quote: str
    missing: str
    where: str
    scenario: str


def _table(*entries: Loud) -> dict[str, Loud]:
    table = {entry.rule: entry for entry in entries}
    assert len(table) == len(entries), "a rule is declared twice"
    return table


#: Every rule the engine's steps report as not implemented, by the rule its event names.
LOUD: dict[str, Loud] = _table(
    Loud(
        "10.A.4", 3033, "4. Caching",
        "the Cache activity of the optional Caching rule: a C phase does nothing",
        "rules.daylight.turn",
        "turn/10.A.4_cache_phase_not_implemented.yaml",
    ),
    Loud(
        "10.D.2", 3305, "2. Commerce",
        "the optional Commerce rule's selling and buying: a Trade phase trades by the basic "
        "rules",
        "rules.daylight.trading",
        "trade/10.D.2_commerce_on_is_named_as_not_implemented.yaml",
    ),
    Loud(
        "10.B.6", 3129, "6. Grudges and Gratitude",
        "the optional Grudges and Gratitude rule for Fame rewards: a Trade phase trades by the "
        "basic rules",
        "rules.daylight.trading",
        "trade/10.B.6_grudges_and_gratitude_on_is_named_as_not_implemented.yaml",
    ),
)  # fmt: skip
