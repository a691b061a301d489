"""The Evening (section 8): combat, clearing by clearing.

Combat is not implemented yet: every Evening reports ``not implemented yet: rule 8``
(:func:`rules.evening.combat.evening`). Where each part of section 8 goes as it lands, one module
per part, each a set of steps over :class:`rules.day.context.Ctx`:

- ``sunset.py`` — 8.1: Sunset, the combat order (one Attention chit per clearing with characters
  or hired leaders), who takes part, initial placement;
- ``natives.py`` — 8.2: battling natives, the Meeting Table at the start of combat;
- ``encounter.py`` — 8.3: the Encounter step: luring, running away, charging, alerting;
- ``melee.py`` — 8.4: the Melee step: targets, attacks and maneuvers, random assignment,
  repositioning (8.4.6), resolving attacks (harm, armor, wounds, fatigue);
- ``spoils.py`` — 8.5–8.6: the end of a round, death, spoils of combat (Fame, Notoriety, gold);
- ``fatigue.py`` — 8.7–8.8: fatigue and wounds after combat, disengaging;
- Midnight (8.9) is :mod:`rules.day.midnight`.

Decisions asked in combat have ids under the day, clearing and round, e.g.
``d3/CV5/r2/maneuver/Amazon`` (:attr:`rules.events.Decision.id`).
"""
