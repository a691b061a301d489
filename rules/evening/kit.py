"""What a character fights with (8.4.5): his chits left to play this round, his active weapon,
armor and horse, the effort he has spent and the weight he carries."""

from __future__ import annotations

from collections import Counter as Tally

from rules.catalog import Catalog
from rules.chits import in_play, printed
from rules.daylight.moving import active_horse, item_weight
from rules.evening.state import CombatState
from rules.pieces import Kind, pieces_of
from rules.schema.base import Weight
from rules.schema.characters import Action, ActionChit
from rules.schema.equipment import Weapon
from rules.state import CharacterState, GameState, Place

#: The actions whose asterisks are paid at the Fatigue Step (8.5.1): Magic chits pay their own
#: way (8.5.2).
PHYSICAL = frozenset({Action.FIGHT, Action.MOVE, Action.BERSERK, Action.DUCK})


def owned(catalog: Catalog, state: GameState, name: str, kind: Kind) -> list[str]:
    """His belongings of ``kind``, in the order he holds them."""
    return [i for i in state.at(Place.owner(name)) if pieces_of(catalog)[i].kind is kind]


def active(character: CharacterState, item: str) -> bool:
    record = character.items.get(item)
    return record is not None and record.active


def weapon(catalog: Catalog, state: GameState, character: CharacterState) -> str | None:
    """His active weapon counter, if any (8.4.5h: at most one)."""
    for item in owned(catalog, state, character.name, Kind.WEAPON):
        if active(character, item):
            return item
    return None


def weapon_record(catalog: Catalog, item: str) -> Weapon:
    return catalog.weapons[pieces_of(catalog)[item].name]


def armor(catalog: Catalog, state: GameState, character: CharacterState) -> list[str]:
    """His active armor counters and armor cards (8.4.5i: all of them go on his sheet)."""
    counters = owned(catalog, state, character.name, Kind.ARMOR)
    cards = [
        item
        for item in owned(catalog, state, character.name, Kind.TREASURE)
        if catalog.treasures[pieces_of(catalog)[item].name].armor is not None
    ]
    return [i for i in [*counters, *cards] if active(character, i)]


def is_shield(catalog: Catalog, item: str) -> bool:
    """An armor counter of the shield kind (8.4.5i.2); armor cards are not shields."""
    record = catalog.armor.named(pieces_of(catalog)[item].name)
    return record is not None and record.kind == "shield"


def horse(catalog: Catalog, state: GameState, character: CharacterState) -> str | None:
    return active_horse(catalog, state, character)


def unused(character: CharacterState, used: list[str]) -> list[str]:
    """The labels of his chits in play not yet played this round (8.4.5f.1), colour chits
    aside; a label twice when he has two such chits not yet played."""
    left = Tally(used)
    labels: list[str] = []
    for chit in in_play(character):
        if chit.color is not None:
            continue
        if left[chit.label]:
            left[chit.label] -= 1
            continue
        labels.append(chit.label)
    return labels


def of_action(labels: list[str], *actions: Action) -> list[str]:
    """The labels among ``labels`` of chits of the given actions, each label once, in order."""
    seen: list[str] = []
    for label in labels:
        if printed(label).action in actions and label not in seen:
            seen.append(label)
    return seen


def cards(catalog: Catalog, state: GameState, character: CharacterState, use: str) -> list[str]:
    """His active Boots (``use="boots"``) or Gloves (``"gloves"``) cards (8.4.5j)."""
    return [
        item
        for item in owned(catalog, state, character.name, Kind.TREASURE)
        if active(character, item)
        and use in catalog.treasures[pieces_of(catalog)[item].name].behaviour
    ]


def unused_cards(
    catalog: Catalog, state: GameState, character: CharacterState, use: str, played: list[str]
) -> list[str]:
    """His active Boots or Gloves cards not yet played this round (8.4.5j: once a round)."""
    return [card for card in cards(catalog, state, character, use) if card not in played]


#: The treasure powers that act in combat and wait for the treasures issue, by behaviour key
#: prefix, with the line of the List of Treasures that describes them.
WAITING_POWERS: dict[str, str] = {
    "alter_chits": "L4364",
    "wounds_to_fatigue": "L4380",
    "weapon": "L4392",
    "weapon_potion": "L4449",
    "no_wounds_through_armor": "L4465",
    "effort_limit": "L4465",
    "shift_attack": "L4465",
    "shift_maneuver": "L4465",
    "color_source": "L4490",
    "artifact": "L4510",
    "spell_book": "L4510",
    "built_in_spell": "L4546",
}


def waiting_powers(
    catalog: Catalog, state: GameState, character: CharacterState
) -> list[tuple[str, str]]:
    """His active treasures with a power that acts in combat and is not implemented yet, as
    (item, rule line); Boots, Gloves and armor cards are (8.4.5i–j)."""
    found: list[tuple[str, str]] = []
    for item in owned(catalog, state, character.name, Kind.TREASURE):
        if not active(character, item):
            continue
        behaviour = catalog.treasures[pieces_of(catalog)[item].name].behaviour
        lines = [
            WAITING_POWERS[b.split(":")[0]] for b in behaviour if b.split(":")[0] in WAITING_POWERS
        ]
        if lines:
            found.append((item, lines[0]))
    return found


_ACTIONS = frozenset(a.value for a in Action)


def is_card(label: str) -> bool:
    """Whether a play names a Boots or Gloves card rather than an action chit: a chit's label
    always starts with its action (``MOVE M4*``), a card's name never does."""
    return label.split(" ", 1)[0] not in _ACTIONS


def face(catalog: Catalog, label: str) -> ActionChit:
    """What a play stands for: an action chit's printed face, or a Boots or Gloves card's as a
    Move or Fight chit of the card's strength and time, with no effort (8.4.5j.1–j.2)."""
    if not is_card(label):
        return printed(label)
    chit = catalog.treasures[pieces_of(catalog)[label].name].chit
    assert chit is not None and chit.kind in ("move", "fight") and chit.time is not None
    action = Action.MOVE if chit.kind == "move" else Action.FIGHT
    return ActionChit(action=action, strength=chit.strength, time=chit.time, effort=0)


def effort(used: list[str]) -> int:
    """The asterisks he has played this round (8.4.5f.2), Magic chits included; Boots and
    Gloves cards have none."""
    return sum(printed(label).effort for label in used if not is_card(label))


def heaviest(catalog: Catalog, state: GameState, character: CharacterState) -> Weight:
    """The heaviest item he carries (8.4.5f.3): every belonging but his horses."""
    weights = [
        item_weight(catalog, item)
        for item in state.at(Place.owner(character.name))
        if pieces_of(catalog)[item].kind is not Kind.HORSE
    ]
    return max(weights, key=lambda w: w.rank, default=Weight.NEGLIGIBLE)


def carrying(catalog: Catalog, state: GameState, character: CharacterState, label: str) -> Weight:
    """The weight a Move play must carry: the heaviest item he carries (8.4.5f.3) and, for a
    Boots card, his own weight too (8.4.5j.1)."""
    carried = heaviest(catalog, state, character)
    if not is_card(label):
        return carried
    own = catalog.characters[character.name].weight
    return max(carried, own, key=lambda w: w.rank)


def strong_enough(chit: ActionChit, weight: Weight) -> bool:
    return chit.strength is not None and chit.strength.rank >= weight.rank


def used(combat: CombatState, name: str) -> list[str]:
    return combat.used.setdefault(name, [])
