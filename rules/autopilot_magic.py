"""Autopilot magic (issue 33): the spells a magic-user on autopilot starts with, the colour chit
he enchants in Daylight and the Attack spell he casts in the Evening, so that a campaign played
by the autopilot shows magic.

The policy is one spell: his **battle spell**, the first Attack spell (4.6.7: Fiery Blast, Stones
Fly) of the List of Spells that he has recorded, whose effect is built
(:data:`rules.magic.spells.BUILT`) and that may be cast in any clearing (not Lightning Bolt,
mountain only). He casts it with his fastest free Magic chit of its type, at whatever attacks
him, with a colour chit of its colour (8.3.9b.6): colour chits are the one source of colour he
carries, the others depending on where the Evening finds him.

- **Setup** (3.3.3, :func:`autopilot_setup`): his spells are the Attack spells he may record
  first, then the default choice (:func:`rules.setup.characters.default_spells`). He enchants
  no chit at setup (3.3.4): he does it in his first turn, so that a demo shows enchanting.
- **Daylight** (7.10, :func:`to_enchant`): with no colour chit of his battle spell's colour, he
  meditates (``EM``) and enchants (``E CHIT``) another chit of that colour's type than the
  one he casts with, when his day has the phases to spare.
- **Evening** (8.3.9b, :func:`casting_line`): the standing Encounter action ``cast SPELL with
  CHIT, color CHIT if an attacker is on me``, its targets his ``target:`` line (any attacker on
  his sheet).

Like the rest of the autopilot it never draws from the game's dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.catalog import Catalog
from rules.chits import printed
from rules.magic.colors import chit_color
from rules.magic.spells.registry import BUILT
from rules.magic.state import committed
from rules.schema.spells import Duration, Spell
from rules.setup.characters import default_spells
from rules.state import CharacterState, GameState

#: The Magic type whose chits are enchanted into each colour (7.10.3).
COLOR_TYPES = {"white": "I", "gray": "II", "gold": "III", "purple": "IV", "black": "V"}


@dataclass(frozen=True)
class BattleSpell:
    """His battle spell and the chits for it: ``chit``, the Magic chit he casts with (his
    fastest free one of the spell's type); ``color_chit``, his colour chit of its colour, or the
    chit he would enchant into one (``enchanted``: False)."""

    spell: str
    chit: str
    color_chit: str | None
    enchanted: bool


def attack_spells(catalog: Catalog, types: Sequence[str]) -> list[Spell]:
    """The built Attack spells of ``types`` that may be cast in any clearing, in the List's
    order."""
    return [
        spell
        for spell in catalog.spells.values()
        if spell.duration is Duration.ATTACK
        and spell.type in types
        and spell.text_key in BUILT
        and spell.cast_in is None
    ]


def autopilot_setup(catalog: Catalog, character: str) -> list[str]:
    """His setup choices (3.3.3) as the lines a player sends (``spells: Fiery Blast, ...``);
    none for a character who records no spells or may record no battle spell."""
    card = catalog.characters[character]
    level = card.starting_level
    wanted = [s.name for s in attack_spells(catalog, level.spell_types)][: level.spells]
    if not wanted:
        return []
    chosen = list(wanted)
    for name in default_spells(catalog, character):
        if len(chosen) < level.spells and name not in chosen:
            chosen.append(name)
    return [f"spells: {', '.join(chosen)}"]


def battle_spell(catalog: Catalog, state: GameState, character: str) -> BattleSpell | None:
    """His battle spell and its chits now, or None when he has none he could cast today: no
    such spell recorded and free, no free active Magic chit of its type, or no colour chit of
    its colour nor another chit to enchant into one."""
    sheet = state.characters[character]
    busy = [s.spell for s in state.spells if s.controller == character and s.caster == character]
    free = [name for name in sheet.spells if name not in busy]
    types = sorted({printed(c.label).magic_type or "" for c in sheet.chits})
    for spell in attack_spells(catalog, types):
        if spell.name not in free:
            continue
        chits = _free_magic(state, sheet, character, spell.type)
        if not chits:
            continue
        chit = min(chits, key=lambda label: (printed(label).time, printed(label).effort))
        colored = [c.label for c in sheet.chits if c.color == spell.color and c.status == "active"]
        if colored:
            return BattleSpell(spell.name, chit, colored[0], enchanted=True)
        others = [
            label
            for label in _free_magic(state, sheet, character, COLOR_TYPES[spell.color])
            if label != chit or chits.count(chit) > 1
        ]
        if others:
            slowest = max(others, key=lambda label: printed(label).time)
            return BattleSpell(spell.name, chit, slowest, enchanted=False)
    return None


def _free_magic(state: GameState, sheet: CharacterState, character: str, kind: str) -> list[str]:
    """His active Magic chits of Magic type ``kind`` that are not colour chits nor committed
    to a spell in effect (a label once per chit)."""
    taken = list(committed(state.spells, character))
    found = []
    for chit in sheet.chits:
        if printed(chit.label).magic_type != kind or chit.status != "active" or chit.color:
            continue
        if chit.label in taken:
            taken.remove(chit.label)
            continue
        found.append(chit.label)
    return found


def to_enchant(catalog: Catalog, state: GameState, character: str) -> str | None:
    """The Magic chit he enchants today into a colour chit for his battle spell (7.10.3), or
    None when he has one already or cannot."""
    battle = battle_spell(catalog, state, character)
    if battle is None or battle.enchanted or chit_color(battle.color_chit or "") is None:
        return None
    return battle.color_chit


def casting_line(catalog: Catalog, state: GameState, character: str) -> str | None:
    """His standing Encounter action casting his battle spell at whatever attacks him, with the
    colour chit he has or enchants today; None without a battle spell."""
    battle = battle_spell(catalog, state, character)
    if battle is None:
        return None
    return (
        f"encounter: cast {battle.spell} with {battle.chit}, color {battle.color_chit} "
        "if an attacker is on me"
    )
