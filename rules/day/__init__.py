"""A day of the game (5.1), driven stage by stage.

- ``engine.py`` — :func:`~rules.day.engine.resolve`: Birdsong's orders recorded (6.2), then the
  stages in order, resumable at a pending decision;
- ``context.py`` — :class:`~rules.day.context.Ctx`, the context every step works over: the
  catalog, the board, the state, the dice, ``emit`` and ``ask``;
- ``sunrise.py`` — a new day (6.1) and Sunrise (6.3): followers declared, the monster roll, the
  week's regeneration, the Attention chits mixed;
- ``midnight.py`` — Sunset (5.1 step 5) and Midnight (8.9).

Daylight's steps are in :mod:`rules.daylight` (section 7), the Evening's in :mod:`rules.evening`
(section 8).
"""
