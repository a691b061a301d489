"""9 The end of the game: how long the game lasts (10.E.2, :mod:`rules.end.length`), scoring
(9.3, :mod:`rules.end.scoring`) and what the end of the game makes public
(:mod:`rules.end.final`)."""
