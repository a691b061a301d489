"""Daylight (section 7): each individual's turn and what he does in it.

- ``turn.py`` — 7.1–7.2: turns in Attention-chit order, phases, sources (6.2.4), rearranging
  belongings (7.2.2), and the activities of later issues reported as not implemented;
- ``move.py`` — 7.3.1: the Move activity; ``moving.py`` — roadways, mountains and caves, carrying,
  horses, activating (7.3), and discoveries by spying (4.5.6); ``fly.py`` — 7.3.3: the Fly
  activity and landing;
- ``hide.py`` — 7.4; ``rest.py`` — 7.8, with its decision; ``alert.py`` — 7.9;
- ``follow.py`` — 7.11: followers moving with their guide, left behind, stopping;
- ``blocking.py`` — 7.12; ``prowling.py`` — 7.13, and the week's regeneration (6.3.4);
- ``trade.py`` — 7.2.1: trading between characters;
- ``missions.py`` — 7.2.4: taking mission and campaign chits, and how their tasks end;
- ``hirelings.py`` — 7.7.2–7.7.5: hired and controlled denizens, their terms, unhiring.
"""
