"""The spells whose effects are built, one module per family, behind one registry
(:data:`rules.magic.spells.registry.BUILT`): each built spell's ``text_key`` mapped to what it
does when it takes effect (8.4.3), called with the caster's :class:`~rules.magic.casts.SpellCast`
once its targets are of the right sort. What a spell does later is read where it acts (an Attack
spell's attack, :mod:`rules.magic.spells.attack`; Poison's sharpness star,
:mod:`rules.magic.spells.combat`; Elven Grace's move times, :mod:`rules.magic.altering`; the
spells that act in Daylight, :mod:`rules.magic.spells.daylight`; Phantasm's phantasm,
:mod:`rules.magic.phantasm`). Every spell of the List of Spells is in the registry.
"""
