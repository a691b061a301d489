"""Magic (rulebook 4.6, 7.10, 8.3.9, 8.4.2–8.4.4; the List of Spells L4665–5232): colour, Enchant,
spells in play and casting.

The package reads like those rules' table of contents; each module holds one part, as step
functions over the engine's context (:class:`rules.day.context.Ctx`) or as pure functions of the
game state:

- :mod:`rules.magic.state`: what the game state records of magic beyond the chits' colour and
  alert (:class:`~rules.state.ChitState`) and the tiles' sides
  (:class:`~rules.layout.PlacedTile`): the spells in effect (4.6.7), each with its caster, the
  chit committed to it, its targets and whether it is energized.
- :mod:`rules.magic.colors`: every source of colour magic (4.6.2–4.6.4), behind one pair of
  functions that say which colours supply an individual, a place or a tile now — used by
  enchanting (7.10.4), casting (8.3.9b) and energizing (4.6.7h) alike; and every automatic
  source present on the map (:func:`~rules.magic.colors.present`, for the map's legend).
- :mod:`rules.magic.casting`: the cast as the Encounter action and the colour chits played
  beside it (8.3.9a–b); :mod:`rules.magic.casts`: a cast in its round;
  :mod:`rules.magic.cancelling`: a cast cancelled, and its Magic chit fatigued;
  :mod:`rules.magic.uncastable`: why a spell of his cannot be cast now, for the combat
  window's brief; :mod:`rules.magic.targets`: a spell's targets and their sort (8.4.2d);
  :mod:`rules.magic.naming`: a caster's target decision, asked ahead in the encounter window
  and again once the casts are revealed;
  :mod:`rules.magic.taking_effect`: spells cancelled or coming to life by completion time, and
  the Instant and Attack spells expiring (8.4.3–8.4.4); :mod:`rules.magic.spells`: what each
  spell built does, one module per family.
- The Spell Tables (4.6.8, L5234–5282): :mod:`rules.magic.spell_tables` rolls on them;
  :mod:`rules.magic.pit` applies the Power of the Pit, :mod:`rules.magic.wishes` grants the
  Wishes (the Curses are :func:`rules.daylight.runes.afflict`'s); :mod:`rules.magic.demons`: the
  Demons' and the Imp's magic hits (8.4.7b). :mod:`rules.magic.in_clearing`: the spells and
  Curses in a clearing, as Exorcise, Remedy, Dissolve Spell and the Amulet find them.
- :mod:`rules.magic.energizing`: colour chits played to energize Permanent spells or only to
  fatigue, as a Daylight phase starts in his clearing or beside his Encounter action (4.6.4h–i,
  4.6.7h.4–h.6, 8.3.9a).
- :mod:`rules.magic.lifecycle`: a spell in effect energized and falling inert, a target
  released, the spell broken or expired, and the steps of the day that do it without casting
  (Sunset, Midnight, the day's beginning, a death, the game's end).
- :mod:`rules.magic.minions`: the monsters a spell in effect controls (7.7.5, 8.4.4c), freed
  as the spell ends; :mod:`rules.magic.pacification`: the denizens it pacifies (8.4.4b) and the
  Meeting Table column it sets (7.6.5a).
- :mod:`rules.magic.builtin`: the spells printed on Treasure cards (4.4.8), cast like an
  Artifact's, and the one lookup of a spell's values (:func:`rules.magic.builtin.card`).
- :mod:`rules.magic.forms`: the form a transmorphizing spell gives an individual (4.6.9) and
  the creature's values; :mod:`rules.magic.limits`: the activities a transmorphized individual
  cannot do (4.6.9c).
- :mod:`rules.magic.nullifying`: whether a spell in effect is nullified on a target now, from
  the spells protecting him (Pentangle, Melt into Mist; 4.6.10d.1), and the events as a
  protection begins and ends.
- :mod:`rules.magic.altering`: what spells in effect make of the values an individual fights
  and moves with (Elven Grace's move times).
- :mod:`rules.magic.bewitched`: who a spell in effect bewitches now, and what the spells that
  act in Daylight do there through it: extra phases, Fog, Illusion's and Bad Luck's
  modifications (read by the orders, the Search tables and the tables' modifiers);
  :mod:`rules.magic.spells.daylight` and :mod:`rules.magic.spells.lost` hold what those spells
  do with the day's context (Violent Storm's phases lost, Lost's Move).
- :mod:`rules.magic.recording`: the spells a character records, the boxes of his sheet and
  erasing (7.5.6e–g).
- :mod:`rules.magic.sheet`: what a character's sheet shows of magic (his awakened cards, colour
  and committed chits, the spells bewitching him and what energizes them).
- :mod:`rules.magic.phantasm`: the phantasm a Phantasm spell puts in play at the next Birdsong,
  a piece of the familiar's sort (:mod:`rules.daylight.familiar`), until its spell ends.

Where the rulebook is unclear, the reading chosen is recorded in the docstring of the function
that applies it, with its line (``../shared/docs/magic-readings.md`` lists them all).
"""
