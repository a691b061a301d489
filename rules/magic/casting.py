"""Casting a spell as the Encounter action (8.3.9b), and colour chits played beside it (8.3.9a).

One generator of legal options per decision, shared by the engine, the default, the bot and the
tests: :func:`cast_options` adds the casts to the ``action`` decision's options
(:func:`rules.evening.encounter.action_options`); the ``color`` decision's
(``d3/CV5/r1/color/Sorcerer``) are :func:`rules.magic.energizing.options`.

Only the casts the rules let him make as the decision is asked are offered (:func:`cast_options`:
each free spell with each Magic chit he may still play, each awakened spell with its item, bare
or with each of his colour chits, that :func:`refusal` allows); as for the other Encounter
actions, the cast is judged again when his turn comes (a charge may have made him slower meanwhile,
8.3.9b.3–b.7, :func:`refusal`): a spell recorded on his sheet, not
committed to a spell in effect unless he recorded it twice (8.4.3c.2); an active Magic chit of
the spell's type, not a colour chit, not committed, not played this round, within his effort
limit (8.4.5f.2), its time — 0 if alerted (b.4) — at most the move time of every denizen and
Attention chit on his sheet (b.5); the spell's colour supplied by an automatic source where he
stands or one of his own colour chits (b.6); and the place the spell requires (the List of
Spells' "cast in"). A cast the rules forbid is a ``play_cancelled``: nothing fatigues. Every
spell's effect is built (:data:`rules.magic.spells.registry.BUILT`, which a test checks against
the List of Spells and the Treasure cards' spells).

Answers: ``cast SPELL with CHIT``, or ``cast SPELL with CHIT, color COLORCHIT`` when one of his
colour chits supplies the colour; a ``color`` answer lists the colour chits he plays beside his
action, ``MAGIC IV4* energizes Transform on Amazon, MAGIC IV3*`` (each fatigues, 8.3.9a.1–a.3),
or ``none``.

An active Artifact or Spell Book he owns is played like a Magic chit to cast one of its awakened
Spell cards (8.3.9c, :mod:`rules.magic.items`): ``cast SPELL with ITEM``, with time 0 and no
effort, once per Evening; a cast it forbids is a ``play_cancelled`` as well.
"""

from __future__ import annotations

from rules.chits import printed
from rules.day.context import Ctx
from rules.evening import kit
from rules.evening.answers import NONE
from rules.evening.state import CombatState
from rules.events import Decision
from rules.events.casting import Cast
from rules.events.evening import PlayCancelled
from rules.events.magic import ColorSupplied
from rules.magic import builtin, colors, energizing, items
from rules.magic.altering import magic_type
from rules.magic.cancelling import spend_color_chit
from rules.magic.casts import SpellCast
from rules.magic.state import committed
from rules.phrases import Phrase, phrase
from rules.schema.spells import Spell
from rules.schema.tiles import ClearingType
from rules.state import CharacterState, ChitState

#: The word that starts a cast answer, and the one that names its colour chit.
CAST, COLOR = "cast ", ", color "


def chit_time(chit: ChitState) -> int:
    """A Magic chit's completion time: 0 if alerted, else its printed time (8.3.9b.4)."""
    return 0 if chit.alerted else printed(chit.label).time


def castable(ctx: Ctx, combat: CombatState, who: str) -> list[ChitState]:
    """His Magic chits that may be played now: active, not colour chits, not committed to a
    spell in effect, not played this round (8.4.5f.1), and none if he already casts this
    round (8.3.9b.2)."""
    if who in combat.casts:
        return []
    sheet = ctx.sheet(who)
    played = kit.used(combat, who)
    left = kit.unused(sheet, played)
    taken = list(committed(ctx.state.spells, who))
    found: list[ChitState] = []
    for chit in sheet.chits:
        magic = magic_type(ctx.state.spells, who, chit.label)  # as a spell may alter it (4.6.10c)
        if magic is None or chit.status != "active" or chit.color is not None:
            continue
        if chit.label in taken:
            taken.remove(chit.label)
            continue
        if chit.label in left:
            left.remove(chit.label)
            found.append(chit)
    return found


def free_spells(ctx: Ctx, who: str) -> list[str]:
    """His recorded spells not committed to a spell in effect (each copy recorded is a spell
    of its own, 8.4.3c.2), in the order recorded, once each."""
    sheet = ctx.sheet(who)
    working = [s.spell for s in ctx.state.spells if s.controller == who and s.caster == who]
    free: list[str] = []
    for name in sheet.spells:
        if name in working:
            working.remove(name)
        elif name not in free:
            free.append(name)
    return free


def place_allows(ctx: Ctx, combat: CombatState, spell: Spell) -> bool:
    """Whether his clearing is where ``spell`` must be cast (List of Spells: a mountain or a
    cave clearing, a tile of six clearings)."""
    if spell.cast_in is None:
        return True
    if spell.cast_in == "mountain clearing":
        return ctx.board.clearing_type(combat.clearing) is ClearingType.MOUNTAIN
    if spell.cast_in == "cave clearing":
        return ctx.board.clearing_type(combat.clearing) is ClearingType.CAVE
    tile = ctx.board.tile_of(combat.clearing)
    return len(ctx.catalog.tiles[tile.tile].side(tile.enchanted).clearings) == 6


def sources(ctx: Ctx, who: str, spell: Spell) -> list[colors.Supply]:
    """What supplies ``spell``'s colour to him now (8.3.9b.6): automatic sources first, then
    his own colour chits."""
    return colors.supplies(colors.for_individual(ctx.catalog, ctx.state, who), spell.color)


def named_casts(ctx: Ctx, combat: CombatState, who: str) -> list[str]:
    """Every ``SPELL with CHIT`` he could name, allowed or not: each of his free recorded
    spells (:func:`free_spells`) with each Magic chit he may still play this round
    (:func:`castable`), and each Spell card awakened in one of his Artifacts and Spell Books
    with its item (:func:`rules.magic.items.options`)."""
    if who in combat.casts:
        return []
    chits = castable(ctx, combat, who)
    casts = [f"{name} with {chit.label}" for name in free_spells(ctx, who) for chit in chits]
    return list(dict.fromkeys([*casts, *items.options(ctx, who)]))


def cast_options(ctx: Ctx, combat: CombatState, who: str, times: list[int]) -> list[str]:
    """The casts he may make now (``times``: the move times on his sheet,
    :func:`rules.evening.encounter.move_times`): each of :func:`named_casts`, supplied by the
    automatic sources where he stands or by one of his colour chits (``, color CHIT``), that
    :func:`refusal` allows now, each once (two chits may bear one label). The one generator
    of the casts the ``action`` decision offers
    (:func:`rules.evening.encounter.action_options`); what he cannot cast, and why, is
    :func:`rules.magic.uncastable.reasons`'."""
    mine = color_chits(ctx.sheet(who))
    options: list[str] = []
    for cast in named_casts(ctx, combat, who):
        base = f"{CAST}{cast}"
        for answer in [base, *(f"{base}{COLOR}{label}" for label in mine)]:
            if answer not in options and refusal(ctx, combat, who, answer, times) is None:
                options.append(answer)
    return options


def chit_refused(
    ctx: Ctx, combat: CombatState, who: str, chit: ChitState, times: list[int]
) -> Phrase | None:
    """Why ``chit`` cannot be played to cast now: too slow for a move time on his sheet
    (8.3.9b.5: equal is fast enough), or past his effort limit (8.4.5f.2)."""
    time = chit_time(chit)
    if times and time > min(times):
        return phrase("magic.too_slow", time=time, move=min(times))
    sheet = ctx.sheet(who)
    if kit.over_limit(ctx.catalog, ctx.state, sheet, [*kit.used(combat, who), chit.label]):
        return kit.too_much(ctx.catalog, ctx.state, sheet)
    return None


def read(answer: str) -> tuple[str, str, str | None]:
    """A cast answer's spell, Magic chit and colour chit (None: an automatic source)."""
    body = answer.removeprefix(CAST)
    body, _, color_chit = body.partition(COLOR)
    spell, _, chit = body.rpartition(" with ")
    return spell, chit, color_chit or None


def cast(ctx: Ctx, combat: CombatState, who: str, answer: str, times: list[int]) -> None:
    """8.3.9b: his cast, if the rules allow it now (else ``play_cancelled``, nothing fatigues).
    The Magic chit goes to Used This Round (its asterisks count toward his effort limit,
    8.4.5f.2); a colour chit that supplies the colour fatigues and reverts to a Magic chit
    (8.3.9b.6–b.7)."""
    name, label, color_chit = read(answer)
    why = refusal(ctx, combat, who, answer, times)
    if why is not None:
        _cancel(ctx, combat, who, label, why)
        return
    spell = builtin.card(ctx.catalog, name)
    item = items.is_item(ctx, label)
    found = sources(ctx, who, spell)
    supply = (
        next(s for s in found if s.chit and s.source == color_chit)
        if color_chit is not None
        else next(s for s in found if not s.chit)
    )
    if item:
        ctx.today.items_cast.append(items.cast_key(ctx, label, str(spell.type)))
        time = 0  # 8.3.9c: an item casts with a time number of 0
    else:
        chit = next(c for c in castable(ctx, combat, who) if c.label == label)
        kit.used(combat, who).append(label)
        time = chit_time(chit)
    combat.casts[who] = SpellCast(
        spell=name, chit=label, time=time, color=str(supply.color), source=supply.source, item=item
    )
    ctx.emit(ColorSupplied(who=who, color=str(supply.color), source=supply.source, use="cast"))
    ctx.emit(
        Cast(
            who=who,
            spell=name,
            chit=label,
            time=time,
            color=str(supply.color),
            source=supply.source,
            magic_type=str(spell.type) if item and name in ctx.catalog.spells else None,
            at=combat.clearing,
            round=combat.round,
        )
    )
    if supply.chit:
        spend_color_chit(ctx, combat, who, supply.source, phrase("magic.supplies_colour"))


def refusal(
    ctx: Ctx, combat: CombatState, who: str, answer: str, times: list[int]
) -> Phrase | None:
    """Why the cast ``answer`` cannot be made now, or None (see the module docstring);
    ``times``: the move times on his sheet (:func:`rules.evening.encounter.move_times`)."""
    name, label, color_chit = read(answer)
    spell = builtin.card(ctx.catalog, name) if _known(ctx, name) else None
    if items.is_item(ctx, label):
        if spell is None:
            return phrase("magic.holds_no_spell", item=label, spell=name)
        if who in combat.casts:
            return phrase("magic.casts_already")
        refused = items.refusal(ctx, who, label, spell)
    else:
        refused = _chit_refusal(ctx, combat, who, name, label, times)
    if refused is not None:
        return refused
    assert spell is not None
    if not place_allows(ctx, combat, spell):
        return phrase("magic.cast_only_in", spell=spell.name, place=str(spell.cast_in))
    found = sources(ctx, who, spell)
    if color_chit is None and not any(not s.chit for s in found):
        return phrase("magic.no_magic_here", color=str(spell.color))
    if color_chit is not None and not any(s.chit and s.source == color_chit for s in found):
        return phrase("magic.chit_not_supplying", chit=color_chit, color=str(spell.color))
    return None


def _known(ctx: Ctx, name: str) -> bool:
    """Whether ``name`` is a Spell card or a castable built-in spell."""
    return name in ctx.catalog.spells or builtin.is_built_in(ctx.catalog, name)


def _chit_refusal(
    ctx: Ctx, combat: CombatState, who: str, name: str, label: str, times: list[int]
) -> Phrase | None:
    """Why he cannot cast his recorded spell ``name`` with his Magic chit ``label`` now."""
    spell = ctx.catalog.spells.get(name)
    if spell is None or name not in ctx.sheet(who).spells:
        return phrase("magic.not_recorded", spell=name)
    if spell.name not in free_spells(ctx, who):
        return phrase("magic.spell_committed", spell=spell.name)
    chit = next((c for c in castable(ctx, combat, who) if c.label == label), None)
    if chit is None:
        return phrase("magic.chit_not_playable", chit=label)
    if magic_type(ctx.state.spells, who, label) != spell.type:  # 4.6.10c: as altered now
        return phrase("magic.chit_wrong_type", chit=label, spell=spell.name, type=str(spell.type))
    return chit_refused(ctx, combat, who, chit, times)


def _cancel(ctx: Ctx, combat: CombatState, who: str, label: str, reason: Phrase) -> None:
    ctx.emit(
        PlayCancelled(who=who, chit=label, reason=reason, at=combat.clearing, round=combat.round)
    )


# --- 8.3.9a colour chits beside the action -------------------------------------------------


def color_chits(sheet: CharacterState) -> list[str]:
    """His active colour chits, in the order of his sheet."""
    return energizing.color_chits(sheet)


def color_decisions(ctx: Ctx, combat: CombatState, here: list[str]) -> list[Decision]:
    """The ``color`` decision of each character in the clearing who has colour chits, its
    options from :func:`rules.magic.energizing.options`."""
    found = []
    for who in here:
        options = energizing.options(ctx.catalog, ctx.state, who, combat.clearing)
        if len(options) > 1:
            found.append(
                Decision(
                    id=combat.decision_id(ctx.state.game_day, "color", who).format(),
                    character=who,
                    kind="color",
                    prompt=phrase("magic.colour_beside_action"),
                    options=tuple(options),
                    default=NONE,
                )
            )
    return found


def play_colors(ctx: Ctx, combat: CombatState, who: str, answer: str) -> None:
    """8.3.9a.1–a.3: the colour chits he plays beside his action each energize a Permanent
    spell or not, and fatigue and revert to Magic chits (:func:`rules.magic.energizing.play`);
    one his cast just used is already spent and is passed over."""
    mine = color_chits(ctx.sheet(who))
    kept = [part for part in energizing.parts(answer) if energizing.chit_of(part) in mine]
    energizing.play(
        ctx,
        who,
        combat.clearing,
        ", ".join(kept) or NONE,
        refuse=lambda chit, why: _cancel(ctx, combat, who, chit, why),
        spend=lambda chit, why: spend_color_chit(ctx, combat, who, chit, why),
    )
