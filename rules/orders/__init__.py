"""Birdsong orders (6.2): what a character records for the day, read from the rulebook notation.

The package holds the order model, reading the notation and checking it, the targets a phase may
name, the standing instructions, the phases he is entitled to and which source pays for each, the
vocabulary of problems, and what may legally be recorded in a phase:

- :mod:`~rules.orders.model` — the typed orders: :class:`~rules.orders.model.Orders`, one
  :class:`~rules.orders.model.Activity` per phase, :class:`~rules.orders.model.Instructions`
  (6.2, 7.2.1–7.2.2).
- :mod:`~rules.orders.parse` — the public entry: :func:`~rules.orders.parse.parse_orders`, its
  :class:`~rules.orders.parse.ParseResult` and canonical echo (6.2.3–6.2.7).
- :mod:`~rules.orders.problems` — :class:`~rules.orders.problems.ProblemCode`, every problem an
  order may have, an error or a warning, and the message limits (6.2).
- :mod:`~rules.orders.reader` — a message split into phases and instruction lines (6.2.3–6.2.6);
  :mod:`~rules.orders.path` — the day's path, phase by phase (7.3.1, 7.3.3, 8.3.8d.1);
  :mod:`~rules.orders.parser` — the whole day's checks (6.2.1a, 6.2.4, 6.2.7, 7.2.2, 7.11.5).
- :mod:`~rules.orders.targets` — clearings, tiles, Search tables, groups and chits a phase names
  (6.2.6); :mod:`~rules.orders.instructions` — the ``key: value`` standing instructions (7.2.1,
  7.3.2a, 7.5, 7.8.2, 7.9, 7.11.5–7.11.6, 7.12).
- :mod:`~rules.orders.entitlement` — the phases he has today and what gives each extra one
  (6.2.1–6.2.2); :mod:`~rules.orders.sources` — which source pays for each recorded phase (6.2.4).
- :mod:`~rules.orders.legal` — :class:`~rules.orders.legal.LegalOptions`, what may be recorded in
  each phase from where the earlier ones leave him (the Daylight Activities table), judged with
  the parser's own parts so that what it offers parses with no problem, and
  :func:`~rules.orders.legal.legal_activities`, one phase of it.
- :mod:`~rules.orders.combat` — the standing combat keys (``lure:``, ``target:``, ``round N:``...,
  pbem-combat §3); :mod:`~rules.orders.magic_plays` — the standing magic keys (``cast:``,
  ``color:``, issue 34), read as clauses of the same kind; :mod:`~rules.orders.conditions` —
  their clauses and conditions as data, and :func:`~rules.orders.conditions.standing_answer`, a
  combat decision answered from them (:func:`~rules.orders.conditions.daylight_color`, a Daylight
  ``color`` decision).

Nothing is imported here: :mod:`rules.state` imports :mod:`rules.orders.model`, which must not
pull in the parser.
"""
