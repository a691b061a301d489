"""The honesty map (``realmbot audit``): what the engine does of the rules and what it reports as
not implemented, generated from the engine's own declarations — the loud reports
(:data:`rules.loud.LOUD`), the Special Advantages (:data:`rules.advantages.ADVANTAGES`), the
Treasure powers (:data:`rules.powers.POWERS`), the Curses (:data:`rules.daylight.curses.CURSES`)
and the optional rules (:data:`rules.optional_rules.OPTIONAL_RULES`) — and the hand-written rows
of sections 6 and 7 (:data:`bot.audit_rows.SECTIONS_6_7`).

:func:`audit_rows` makes the rows; :func:`markdown` renders them as ``docs/audit.md`` and
:func:`readme_table` as the README's table of what is not implemented yet (both through
``templates/audit/``), :func:`as_json` as JSON; :func:`write` puts both in a checkout. A test
keeps the checked-in files equal to what this generates.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from bot.audit_form import Written
from bot.audit_rows import SECTIONS_6_7
from bot.render import english, render
from rules import (
    ADVANTAGES,
    BUILT_IN_SPELLS,
    CURSES,
    LATER_PARTS,
    LOUD,
    OPTIONAL_RULES,
    POWERS,
    Catalog,
    Power,
)

Table = Literal["loud", "sections", "advantages", "powers", "curses", "options"]
Status = Literal["done", "partly", "loud"]

#: Where the map is written in a checkout, and where the README's table goes.
MAP = Path("docs") / "audit.md"
README = Path("README.md")
#: The lines between which the README holds its generated table.
BEGIN, END = "<!-- realmbot audit: begin -->", "<!-- realmbot audit: end -->"
#: Where the rule scenarios are, from the repository's root.
SCENARIOS = "tests/scenarios/"

_STATUS: dict[str, Status] = {"yes": "done", "partly": "partly", "no": "loud"}


@dataclass(frozen=True)
class Row:
    """One row of the map: its ``table``; what it is about (``subject``: a rule, ``Amazon:
    Aim``, a power's key, a Curse, an option); its rule number or rulebook line; its status
    (**done**, **partly**, or **loud**: reported as not implemented wherever it would act); what
    the engine does or does not; where (modules); its proof (a path from the repository's root,
    empty when it has none); ``reported``, the rules of the ``not_implemented`` reports that
    cover what is missing; for a row of the engine's tables that is loud, what its report says
    is missing and the module that makes it (``reporter``); and the rulebook line of its rule
    (``L1710``), where the engine's table gives it."""

    table: Table
    subject: str
    rule: str
    status: Status
    what: str
    where: tuple[str, ...]
    proof: str
    reported: tuple[str, ...] = ()
    missing: str = ""
    reporter: str = ""
    line: str = ""


def _under_tests(proof: str) -> str:
    """A proof as a path from the repository's root (scenarios are written from
    ``tests/scenarios``)."""
    return proof if not proof or proof.startswith("tests/") else SCENARIOS + proof


def _names(where: str) -> tuple[str, ...]:
    """``rules.daylight.curses, rules.chits.wither``: the names it lists."""
    return tuple(part.strip() for part in where.split(",") if part.strip())


def loud_rows() -> list[Row]:
    """The engine's loud reports, one row each (:data:`rules.loud.LOUD`)."""
    return [
        Row(
            "loud",
            loud.rule,
            loud.rule,
            "loud",
            loud.missing,
            (loud.where,),
            SCENARIOS + loud.scenario,
            (loud.rule,),
            loud.missing,
            loud.where,
            f"L{loud.line}",
        )
        for loud in LOUD.values()
    ]


def section_row(written: Written) -> Row:
    """A hand-written row of sections 6 and 7; a loud one without a proof of its own is proven
    by its first report's scenario."""
    proof = written.proof
    if not proof and written.loud and written.loud[0] in LOUD:
        proof = LOUD[written.loud[0]].scenario
    return Row(
        "sections",
        written.rule,
        written.rule,
        written.status,
        written.what,
        written.where,
        _under_tests(proof),
        written.loud,
    )


def advantage_rows() -> list[Row]:
    """The Special Advantages; one not wholly built is reported where it would act when it acts
    in a part of the game :data:`rules.advantages.LATER_PARTS` names."""
    rows = []
    for (character, name), advantage in ADVANTAGES.items():
        status = _STATUS[advantage.done]
        waits = status != "done" and any(part in LATER_PARTS for part in advantage.acts)
        acts = ", ".join(advantage.acts)
        rows.append(
            Row(
                "advantages",
                f"{character}: {name}",
                advantage.rule,
                status,
                f"acts in {acts}" + (f"; {advantage.note}" if advantage.note else ""),
                ("rules/advantages.py",),
                _under_tests(advantage.scenario or ""),
                (advantage.rule,) if waits else (),
                f"the {character}'s {name}" + (f": {advantage.note}" if advantage.note else ""),
                "rules.advantages",
                advantage.rule,
            )
        )
    return rows


def _powers(catalog: Catalog) -> list[tuple[str, Power, list[str]]]:
    """Each Treasure power with the cards that have it; the built-in spells one by one, each
    with its card (:data:`rules.powers.BUILT_IN_SPELLS`)."""
    found = []
    for key, power in POWERS.items():
        if key == "built_in_spell":
            for text_key, spell in BUILT_IN_SPELLS.items():
                cards = sorted(
                    t.name
                    for t in catalog.treasures.values()
                    if t.built_in_spell is not None and t.built_in_spell.text_key == text_key
                )
                found.append((key, spell, cards))
            continue
        cards = sorted(t.name for t in catalog.treasures.values() if key in t.behaviour)
        found.append((key, power, cards))
    return found


def power_rows(catalog: Catalog) -> list[Row]:
    """The Treasure powers, with the cards that have each; one not wholly built is reported as
    its card becomes active (:func:`rules.powers.report_waiting`)."""
    rows = []
    for key, power, cards in _powers(catalog):
        status = _STATUS[power.done]
        missing = power.note or f"comes with {power.where}"
        rows.append(
            Row(
                "powers",
                f"`{key}` ({', '.join(cards)})",
                power.line,
                status,
                power.note,
                _names(power.where),
                power.proof or "",
                (power.line,) if status != "done" else (),
                f"the {' and '.join(cards)}'s power `{key}`: {missing}",
                "rules.powers",
                power.line,
            )
        )
    return rows


def curse_rows() -> list[Row]:
    """The Curses; one not wholly applied is reported when it is inflicted."""
    return [
        Row(
            "curses",
            name,
            curse.rule,
            _STATUS[curse.done],
            curse.effect + (f"; not applied: {missing}" if missing else ""),
            _names(curse.where),
            curse.proof,
            (curse.rule,) if curse.done != "yes" else (),
            f"the {name} Curse's effects: {missing}",
            "rules.daylight.runes",
            f"L{curse.line}",
        )
        for name, curse in CURSES.items()
        for missing in [english(curse.missing) if curse.missing is not None else ""]
    ]


def option_rows() -> list[Row]:
    """The optional rules; one not built is reported where it would act, as its LOUD entry."""
    return [
        Row(
            "options",
            f"`{key}`",
            option.rule,
            _STATUS[option.done],
            option.what,
            _names(option.where),
            option.proof,
            (option.rule,) if option.done != "yes" else (),
            LOUD[option.rule].missing if option.rule in LOUD else "",
            LOUD[option.rule].where if option.rule in LOUD else "",
            f"L{option.line}",
        )
        for key, option in OPTIONAL_RULES.items()
    ]


def audit_rows(catalog: Catalog) -> list[Row]:
    """Every row of the map, table by table."""
    return [
        *loud_rows(),
        *(section_row(written) for written in SECTIONS_6_7),
        *advantage_rows(),
        *power_rows(catalog),
        *curse_rows(),
        *option_rows(),
    ]


def not_implemented(rows: Iterable[Row]) -> list[Row]:
    """What the engine reports as not implemented: the loud rows of its own tables — not those of
    sections 6 and 7, nor the optional rules', which the loud reports (:data:`LOUD`) cover."""
    return [
        row
        for row in rows
        if row.status == "loud"
        and row.table != "sections"
        and not (row.table == "options" and row.rule in LOUD)
    ]


def _tables(rows: Sequence[Row]) -> dict[str, list[Row]]:
    tables: dict[str, list[Row]] = {}
    for row in rows:
        tables.setdefault(row.table, []).append(row)
    return tables


def markdown(rows: Sequence[Row]) -> str:
    """The map as ``docs/audit.md``: proofs linked from ``docs/``."""
    counts = {status: sum(r.status == status for r in rows) for status in ("done", "partly")}
    return render(
        "audit/map.md.j2",
        tables=_tables(rows),
        loud=not_implemented(rows),
        counts=counts,
        root="../",
    )


def readme_table(rows: Sequence[Row]) -> str:
    """The README's table of what is not implemented yet, proofs linked from the root."""
    return render("audit/not_implemented.md.j2", loud=not_implemented(rows), root="")


def as_json(rows: Sequence[Row]) -> str:
    """The rows as JSON: ``{"rows": [{"table", "subject", "rule", "status", ...}]}``."""
    return json.dumps({"rows": [asdict(row) for row in rows]}, indent=2, ensure_ascii=False)


class AuditWriteError(ValueError):
    """The checkout to write into is not one: no ``docs/`` folder, or no README holding the
    generated table's markers."""


def readme_with_table(readme: str, table: str) -> str:
    """``readme`` with ``table`` between its markers (:data:`BEGIN`, :data:`END`)."""
    head, begin, rest = readme.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise AuditWriteError(f"the README has no lines {BEGIN} and {END} to write between")
    return f"{head}{BEGIN}\n{table}\n{END}{tail}"


def write(root: Path, rows: Sequence[Row]) -> list[Path]:
    """Write the map (``docs/audit.md``) and the README's table in the checkout at ``root``;
    returns the files written."""
    if not (root / MAP.parent).is_dir():
        raise AuditWriteError(f"{root / MAP.parent} is not a folder: run this in a checkout")
    readme = root / README
    try:
        text = readme.read_text(encoding="utf-8")
    except OSError as exc:
        raise AuditWriteError(f"cannot read {readme}: {exc.strerror}") from None
    updated = readme_with_table(text, readme_table(rows))
    (root / MAP).write_text(markdown(rows) + "\n", encoding="utf-8")
    readme.write_text(updated, encoding="utf-8")
    return [MAP, README]
