"""The form of a hand-written row of the audit (:mod:`bot.audit_rows`): a rule, what the engine
does of it, where, and its proof."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["done", "partly", "loud"]


@dataclass(frozen=True)
class Written:
    """One row: ``rule`` (``6.1.1``, or a range ``7.5.1–7.5.3``), its status, what the engine does
    (and, when partly, what it does not), the modules where (paths), its proof (a scenario under
    ``tests/scenarios``, or a path under ``tests/`` when a scenario cannot count what matters),
    and the rules of the reports of what is missing (``loud``)."""

    rule: str
    status: Status
    what: str
    where: tuple[str, ...] = ()
    proof: str = ""
    loud: tuple[str, ...] = ()
