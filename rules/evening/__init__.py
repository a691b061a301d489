"""The Evening (section 8): combat, clearing by clearing, round by round.

:func:`rules.evening.combat.evening` is the day's Evening stage; one clearing's combat is a
machine of steps kept in :class:`rules.evening.state.CombatState`. The modules, in the order of
section 8:

- ``sunset`` — 8.1: the combat order, who takes part, initial placement;
- ``natives`` — 8.2: battling natives, the Meeting Table at the start of combat
  (:mod:`rules.meeting`, shared with Trade and Hire);
- ``encounter`` — 8.3.3–8.3.8: luring, random assignment, the Encounter actions, running away;
  ``flying`` — 8.3.8e: flying away with a Fly chit;
- ``charging`` — 8.3.6: charging, and deploying hirelings (``hirelings``);
- ``melee`` — 8.4.1, 8.4.2, 8.4.5: hired natives' horses turning over, targets, and the
  secret plays asked; ``rebels`` — 8.4.2g: treachery;
- ``reveal`` — 8.4.5e–g: the plays revealed and judged; ``tactics`` and ``positions`` — 8.4.5m,
  8.4.6: placement, repositioning and change tactics; ``denizen_sheets`` — the Melee Sections
  denizens own (8.4.2a, 8.4.5n, 8.4.6d);
- ``resolving`` — 8.4.8, 8.4.9a–b: hits and misses, the order of harm; ``inflict`` and
  ``harm`` — 8.4.9c–q: harm on horses, armor, characters and denizens; ``armor`` — 8.4.9k:
  armor damaged or destroyed;
- ``spoils`` — 8.7 and deaths (8.4.9p–q);
- ``fatigue`` — 8.5; the end of the round and of combat (8.6, 8.8) are in ``combat``, a
  red-side-up Tremendous monster holding a hireling (8.6.2) in ``hirelings``;
- ``answers`` — the decisions' ids and answer texts; ``standing`` — standing combat
  instructions as their defaults (:mod:`rules.orders.combat`); ``counters`` and ``kit`` — what
  denizens and characters fight with; ``dummies`` — 8.4.5p: a transmorphized character's plays.
  Midnight (8.9) is :mod:`rules.day.midnight`.

Casting spells and playing colour chits (8.3.9, 8.4.2d–8.4.4, 8.4.5 i) are :mod:`rules.magic`'s
(``casting``, ``targets``, ``taking_effect``, ``spells``), called from the actions, the targets
and the resolving here, as are the Demons' and the Imp's magic hits (8.4.7b,
:mod:`rules.magic.demons`, from ``inflict``). Not implemented yet, and reported with
``not_implemented`` where it would act: the advantages that act in combat and are not done
(:mod:`rules.advantages`), and what :data:`rules.loud.LOUD` lists. Boots, Gloves, armor and
weapon cards, the potions that alter weapons and the Combat cards (L4392–4488:
:mod:`~rules.evening.kit`, :mod:`~rules.evening.shifting`, :mod:`~rules.evening.inflict`) are
played, and the Elusive Cloak's infinite loop with a red-side-up Tremendous monster ends as
8.4.7d.4 says (:func:`~rules.evening.shifting.cloak_loop`).

Text defects settled (rules-map-evening.md, Appendix A), each with the reading chosen:

- The Repositioning Denizens Table is a lost picture (L5405–5413): rows reconstructed in the
  catalog's table, consistent with the two examples (roll 5 moves box 1 to box 2, L2536; roll
  4 stays, L2819); its NOTES say so (``rules/data/tables.yaml``).
- The Change Tactics Table is garbled (L5415–5419): 8.4.6c is followed — either die a 6 turns
  the box over. Its note says only "unhired natives" turn (L5421), but the Denizen vs Denizen
  example turns a hired attacking Archer (L2581): attackers turn, hired or not; a hired or
  controlled defender does not (8.4.6d.3).
- The Weapon Length chart's merged rows (L2658–2688): the lengths are the catalog's, from the
  lists of weapons and monsters.
- "i. Attack Spells" at L2544 is 8.4.5l (the index cites 8.4.5l): :mod:`rules.magic.spells.attack`.
- The Striking Weapon Harm Chart is indexed by harm letter; 8.4.9f.2 compares the Fight chit
  with the weapon's weight, which is followed (:mod:`rules.evening.harm`).
- 8.4.9c.1 "all attacks that are waiting ... are cancelled": those of the one killed and those
  still aimed at him (:mod:`rules.evening.resolving`).
- Controlled monsters are not named as a trigger of combat (8.1.2): they are leaders (7.7.5e),
  so their clearings fight (:mod:`rules.evening.sunset`).
- 8.4.5f.2 does not say which play an excess asterisk cancels: the attack first, then the
  maneuver, as L2500's example reads (:mod:`rules.evening.reveal`).
- An Encounter play too slow, too weak or on the wrong road is not made at all (he "can" only
  play what he can, 8.3.7) and is reported as cancelled (:mod:`rules.evening.encounter`).
- Treachery costs Fame (8.4.2g, L2453), not Notoriety (10.B.5.3, L3127); the rebels' whole
  group battles the traitor (:mod:`rules.evening.rebels`).
- A hired defender keeps the side it lies on (8.3.6a.4 lets its employer turn it "later in the
  round": pbem-combat §1 has no such decision); a hireling moved by 8.3.6a.6 keeps its sides
  (:mod:`rules.evening.hirelings`).
- Rearranging belongings after combat (8.8.5) asks nothing: the orders rearrange them at the
  start of the next phase, and the Encounter action may in combat (:mod:`rules.evening.combat`).

Decisions asked in combat have ids under the day, clearing and round, e.g.
``d3/CV5/r2/maneuver/Amazon`` (:class:`rules.decisions.ids.CombatId`).
"""
