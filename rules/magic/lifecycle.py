"""Spells in effect from the moment they are in play to their end (4.6.7, 4.6.10d, 4.6.10h):
energized and inert, a target released, broken, expired — and the steps of the day that do it
without anyone casting (8.1.1, 8.9.2d–e, 6.1.3, 4.6.10h).

Each spell in effect is a :class:`~rules.magic.state.SpellInEffect` of
:attr:`rules.state.GameState.spells`. The functions here change that list and tell what they do
with the events of :mod:`rules.events.spells`, all public:

- :func:`energize` and :func:`fall_inert` (4.6.7h): a Permanent spell affects its target only
  while energized; :func:`automatic_supply` says whether an automatic source supplies its
  colour to its target now (4.6.7h.3, h.7), and :func:`energize_automatically` energizes every
  inert one that is (the casting and Daylight code call it whenever a target may have come to
  be supplied);
- :func:`release` (4.6.10d.2): one target is no longer the spell's; with none left, it breaks;
- :func:`break_spell` (4.6.10d.3) and :func:`expire` (4.6.7b–g): the spell ends, its targets
  are released and its Magic chit returns to its owner and fatigues (an item's spell has no
  chit);
- the steps: :func:`sunset` (Day spells cast the day before expire, 8.1.1 L2247, 4.6.7g.2),
  :func:`midnight` (Permanent spells fall inert unless an automatic source supplies them, 8.9.2d
  L2879; Combat spells expire, 8.9.2e, 4.6.7g.1), :func:`day_begins` (6.1.3 L1492),
  :func:`killed` (4.6.10h.2–h.3) and :func:`game_ends` (4.6.10h.1).

Readings. A spell with several targets has one energized state (:class:`SpellInEffect`): an
automatic source energizes it when it supplies any of its targets. A Permanent spell energized
by the seventh day falls inert at that day's Midnight, when the day stops supplying its colour
(L1418 5.1 step 7.1, magic-readings). On a seventh day a character's duplicate Permanent spells
(two Absorb Essence) are energized one only, the earliest cast — the default of the choice 6.1.3
gives him (rules-map U4), which is not asked.
"""

from __future__ import annotations

from rules.board import ClearingError, parse_clearing_id
from rules.catalog import Catalog
from rules.day.context import Ctx
from rules.events.daylight import Fatigued
from rules.events.spells import SpellBroken, SpellEnergized, SpellExpired, SpellInert, SpellReleased
from rules.magic import builtin, item_monster, minions, nullifying, phantasm
from rules.magic.colors import DAY, Supply, at_place, on_tile, supplies
from rules.magic.forms import ABSORB_ESSENCE, transmorphize_belongings
from rules.magic.state import SpellInEffect
from rules.phrases import Phrase, phrase
from rules.schema.spells import Duration, Spell
from rules.state import GameState, Place

#: What breaks a spell when its caster or target is killed (4.6.10h.2–h.3), or the game ends
#: (4.6.10h.1), as ``spell_broken`` and ``spell_released`` name it.
CASTER_KILLED = phrase("magic.caster_killed")
TARGET_KILLED = phrase("magic.target_killed")
RELEASED = phrase("magic.released")
GAME_OVER = phrase("magic.game_over")
#: Why a regenerating denizen is released from spells (6.3.4e).
REGENERATED = phrase("magic.regenerated")


#: The reason a spell is broken or a target released by a spell or an item: its name
#: (``Exorcise``, ``Amulet``), as the reader's rulebook names it.
def by_name(name: str) -> Phrase:
    """The reason that names the spell or item ``name``."""
    return phrase("magic.named", name=name)


def card_of(catalog: Catalog, spell: SpellInEffect) -> Spell | None:
    """The spell's card in the List of Spells, or the values of a Treasure card's own spell
    that can be cast (the Dragonfang Necklace's, :func:`rules.magic.builtin.built_in`); None for
    another Treasure card's own spell (4.4.8), which this module leaves to its card."""
    if spell.spell not in catalog.spells:  # the index's get raises for a name it lacks
        return builtin.built_in(catalog, spell.spell)
    return builtin.card(catalog, spell.spell)


def duration(catalog: Catalog, spell: SpellInEffect) -> Duration | None:
    """The spell's duration as its card prints it (4.6.7), None for a Treasure card's own spell
    (:func:`card_of`)."""
    card = card_of(catalog, spell)
    return card.duration if card is not None else None


def find(state: GameState, number: int) -> SpellInEffect | None:
    """The spell in effect numbered ``number``, None if it has ended."""
    return next((s for s in state.spells if s.number == number), None)


def energize(ctx: Ctx, spell: SpellInEffect, by: str) -> None:
    """4.6.7h.2: the Permanent spell is energized (by ``by``: a character's colour chit or an
    automatic source) and affects its targets until Midnight, unless broken first. Energizing
    one already energized changes nothing and tells nothing."""
    if spell.energized:
        return
    spell.energized = True
    transmorphize_belongings(spell, _belongings(ctx.state, spell))  # 4.6.9b.1
    ctx.emit(
        SpellEnergized(spell=spell.spell, caster=spell.caster, targets=tuple(spell.targets), by=by)
    )
    item_monster.energized(ctx, spell)  # an item's Absorb Essence (L4950)
    nullifying.announce(ctx, spell)  # an energized Melt into Mist protects (L5061)


def _belongings(state: GameState, spell: SpellInEffect) -> dict[str, list[str]]:
    """What each target of ``spell`` has, by target."""
    return {target: list(state.at(Place.owner(target))) for target in spell.targets}


def fall_inert(ctx: Ctx, spell: SpellInEffect, by: str) -> None:
    """4.6.7h.1–h.2: the Permanent spell falls inert: it no longer affects its targets, which
    stay bewitched by it. One already inert changes nothing."""
    if not spell.energized:
        return
    spell.energized = False
    ctx.emit(
        SpellInert(spell=spell.spell, caster=spell.caster, targets=tuple(spell.targets), by=by)
    )
    item_monster.reverts(ctx, spell)  # an item's Absorb Essence (L4950)
    nullifying.resume(ctx, spell)


def release(
    ctx: Ctx,
    spell: SpellInEffect,
    target: str,
    *,
    by: str | None = None,
    reason: Phrase | None = None,
) -> None:
    """4.6.10d.2: ``target`` is no longer a target of the spell; its other targets stay
    bewitched. With no target left, the spell is broken (:func:`break_spell`, for ``reason``,
    else ``released``)."""
    if target not in spell.targets:
        return
    item_monster.reverts(ctx, spell, ends=True)  # the item that is the monster reappears
    spell.targets.remove(target)
    ctx.emit(
        SpellReleased(spell=spell.spell, caster=spell.caster, target=target, by=by, reason=reason)
    )
    minions.freed(ctx, spell, target)
    if not spell.targets:
        break_spell(ctx, spell, reason or RELEASED, by=by)


def break_spell(ctx: Ctx, spell: SpellInEffect, reason: Phrase, *, by: str | None = None) -> None:
    """4.6.10d.3: the spell is broken: all its targets are released, and its Magic chit returns
    to its owner and fatigues (:func:`_end`)."""
    if spell not in ctx.state.spells:
        return
    ctx.emit(SpellBroken(spell=spell.spell, caster=spell.caster, reason=reason, by=by))
    _end(ctx, spell, phrase("magic.its_spell_broken"))


def expire(ctx: Ctx, spell: SpellInEffect, when: str) -> None:
    """4.6.7b–g: the spell expires (``when``: ``sunset``, ``midnight``, ...): its effects end
    and its Magic chit fatigues (:func:`_end`)."""
    if spell not in ctx.state.spells:
        return
    ctx.emit(SpellExpired(spell=spell.spell, caster=spell.caster, when=when))
    _end(ctx, spell, phrase("magic.its_spell_expires"))


def _end(ctx: Ctx, spell: SpellInEffect, reason: Phrase) -> None:
    """The spell leaves play, and its chit, no longer committed, fatigues on its owner's sheet
    (4.6.7b, g; 4.6.10d.3) — unless he is dead, his chits gone with him. The monsters it
    controlled are freed (:func:`rules.magic.minions.freed`); a protecting spell's end lets the
    spells it nullified resume (:func:`rules.magic.nullifying.resume`), and a Phantasm's
    phantasm leaves play (:func:`rules.magic.phantasm.vanish`)."""
    for target in spell.targets:
        minions.freed(ctx, spell, target)
    ctx.state.spells.remove(spell)
    _free_chit(ctx, spell, reason)
    nullifying.resume(ctx, spell)  # what it nullified resumes (4.6.10d.1)
    phantasm.vanish(ctx)  # a Phantasm's phantasm leaves play with it (L5064)


def _free_chit(ctx: Ctx, spell: SpellInEffect, reason: Phrase) -> None:
    owner = ctx.state.characters.get(spell.controller)
    _absorbed_returns(ctx, spell)
    if spell.chit is None or owner is None or owner.dead:
        return
    chit = next((c for c in owner.chits if c.label == spell.chit), None)
    if chit is None:
        return
    chit.status = "fatigued"
    chit.color = None
    chit.alerted = False
    ctx.emit(Fatigued(who=owner.name, chit=chit.label, reason=reason))


def _absorbed_returns(ctx: Ctx, spell: SpellInEffect) -> None:
    """Absorb Essence ending (L4946, rule 1.2): "If the spell is broken without killing the
    spellcaster, the monster instantly appears in the spellcaster's clearing" — where he stands
    (under an item's spell, the character it transmorphized, or the item where it is, rule 4).
    Killed, "the monster is also killed" (1.1): it stays out of play. An item that is the
    monster reappears where the monster is, which stays in play (rule 4, L4950)."""
    if spell.spell != ABSORB_ESSENCE or not spell.targets:
        return
    if item_monster.is_monster(ctx.state, spell):
        item_monster.reverts(ctx, spell, ends=True)
        return
    owner = ctx.state.characters.get(spell.controller)
    if owner is not None and owner.dead:
        return
    where = _place(ctx.state, spell.controller if owner is not None else spell.caster)
    kind, clearing = Place.split(where) if where is not None else ("", "")
    if kind == "at":
        ctx.state.put(spell.targets[0], Place.clearing(clearing))


def automatic_supply(
    catalog: Catalog, state: GameState, spell: SpellInEffect, *, midnight: bool = False
) -> Supply | None:
    """The first automatic source (4.6.7h.3: Enchanted cards, the Chapel, the Toadstool Circle,
    enchanted tiles, the seventh day) that supplies the colour the spell needs to a target of it
    now, None if none does; a tile target from anywhere on the tile (h.7). At ``midnight`` the
    seventh day supplies nothing any more (L1418). A spell that is not a Permanent spell of the
    List of Spells is never supplied here."""
    card = card_of(catalog, spell)
    if card is None or card.duration is not Duration.PERMANENT:
        return None
    for target in spell.targets:
        found = supplies(_supplied(catalog, state, spell, target), card.color)
        if midnight:
            found = [s for s in found if s.source != DAY]
        if found:
            return found[0]
    return None


def _supplied(
    catalog: Catalog, state: GameState, spell: SpellInEffect, target: str
) -> tuple[Supply, ...]:
    """What the automatic sources supply where ``target`` is: a tile anywhere on it, a clearing
    there, an individual or item where he (or its owner) stands. A target off the map (a monster
    absorbed into the spell, 4.6.9; a chit or spell of someone's) is where the spell's
    controller stands."""
    if any(t.tile == target for t in state.tiles):
        return on_tile(catalog, state, target)
    if _is_clearing(state, target):
        return at_place(catalog, state, Place.clearing(target))
    place = _place(state, target) or _place(state, spell.controller)
    if place is None:
        return ()
    return at_place(catalog, state, place)


def _is_clearing(state: GameState, target: str) -> bool:
    """Whether ``target`` names a clearing of a tile on the map (``CV5``)."""
    try:
        code, _ = parse_clearing_id(target)
    except ClearingError:
        return False
    return any(t.tile == code for t in state.tiles)


def _place(state: GameState, piece: str) -> str | None:
    """Where ``piece`` stands on the map (a clearing, a roadway, or the forest off one,
    7.10.4d.2), following an item to its owner; None off the map."""
    for _ in range(3):
        try:
            place = state.place_of(piece)
        except KeyError:
            return None
        kind, where = Place.split(place)
        if kind in ("at", "road", "forest"):
            return place
        if kind != "with":
            return None
        piece = where
    return None


def energize_automatically(ctx: Ctx) -> None:
    """4.6.7h.3 (L1261): every inert Permanent spell whose target an automatic source supplies
    with its colour now is energized, by that source, in casting order. Called as the day
    begins (:func:`day_begins`), as a scenario starts at Sunset, and by the code that moves a
    target, turns a card face up or enchants a tile."""
    _energize_supplied(ctx, day=False)


def day_begins(ctx: Ctx) -> None:
    """6.1.3 (L1492): "As soon as the seventh day of the week starts, any permanent spells using
    that type of color magic become activated and stay activated until Midnight" — with the
    other automatic sources, which supply as the day begins as at any moment (4.6.7h.3). Of a
    character's duplicate spells the day energizes the earliest cast only (see the module)."""
    _energize_supplied(ctx, day=True)


def _energize_supplied(ctx: Ctx, *, day: bool) -> None:
    by_day: set[tuple[str, str]] = set()
    for spell in list(ctx.state.spells):
        supply = automatic_supply(ctx.catalog, ctx.state, spell)
        if supply is None:
            continue
        if supply.source == DAY and day:
            duplicate = (spell.controller, spell.spell)
            if duplicate in by_day:
                continue
            by_day.add(duplicate)
        if not spell.energized:
            energize(ctx, spell, supply.source)


def sunset(ctx: Ctx) -> None:
    """8.1.1 (L2247): "At the beginning of Sunset, all Day spells cast during the Evening of the
    day before expire, and their associated Magic chits fatigue" (4.6.7g.2), before combat
    begins."""
    for spell in list(ctx.state.spells):
        if duration(ctx.catalog, spell) is Duration.DAY and spell.cast_day < ctx.state.game_day:
            expire(ctx, spell, "sunset")


def midnight(ctx: Ctx) -> None:
    """8.9.2d–e (L2879): "All Permanent spells become inert, unless they are supplied with a
    continuous supply of color magic" — an automatic source supplying the target (the seventh
    day's colour ends at its Midnight, L1418) — and "All Combat spells expire" (4.6.7g.1), their
    chits fatiguing."""
    for spell in list(ctx.state.spells):
        if duration(ctx.catalog, spell) is not Duration.PERMANENT or not spell.energized:
            continue
        if automatic_supply(ctx.catalog, ctx.state, spell, midnight=True) is None:
            fall_inert(ctx, spell, "midnight")
    for spell in list(ctx.state.spells):
        if duration(ctx.catalog, spell) is Duration.COMBAT:
            expire(ctx, spell, "midnight")


def killed(ctx: Ctx, who: str) -> None:
    """4.6.10h.2–h.3: when ``who`` is killed, the spells he cast with his Magic chits are broken
    (those his Artifacts and Spell Books cast stay in effect, but for an Absorb Essence that
    made him its monster: "If the spellcaster is killed the monster is also killed", rule 1.1,
    and "When the monster is killed the spell is broken", rule 4, L4950), and he is released
    from every spell that names him as a target — a spell left with no target is broken."""
    for spell in list(ctx.state.spells):
        mine = spell.chit is not None or spell.spell == ABSORB_ESSENCE
        if mine and spell.controller == who:
            break_spell(ctx, spell, CASTER_KILLED)
    for spell in list(ctx.state.spells):
        if who in spell.targets:
            release(ctx, spell, who, reason=TARGET_KILLED)


def regenerated(ctx: Ctx, piece: str) -> None:
    """6.3.4e (L1557): "Denizens who regenerate are released from all spells. If all the targets
    of a spell regenerate, the spell is broken." """
    for spell in list(ctx.state.spells):
        if piece in spell.targets:
            release(ctx, spell, piece, reason=REGENERATED)


def absorbed(state: GameState, piece: str) -> bool:
    """Whether ``piece`` is a monster absorbed by an Absorb Essence in effect: it "is not killed
    and cannot regenerate" (L4942) — unless an item's spell made it the monster in play, which
    "functions like a normal monster in all respects" (rule 4, L4950)."""
    return any(
        s.spell == ABSORB_ESSENCE and piece in s.targets and not item_monster.is_monster(state, s)
        for s in state.spells
    )


def game_ends(ctx: Ctx) -> None:
    """4.6.10h.1 (L1353): "All spells end at the end of the game. No spells are in effect when
    the characters calculate their scores": every spell in effect is broken, in casting order
    (Curses stay)."""
    for spell in list(ctx.state.spells):
        break_spell(ctx, spell, GAME_OVER)
