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
    """His active armor counters (8.4.5i: all of them go on his sheet)."""
    return [i for i in owned(catalog, state, character.name, Kind.ARMOR) if active(character, i)]


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


def effort(used: list[str]) -> int:
    """The asterisks he has played this round (8.4.5f.2), Magic chits included."""
    return sum(printed(label).effort for label in used)


def heaviest(catalog: Catalog, state: GameState, character: CharacterState) -> Weight:
    """The heaviest item he carries (8.4.5f.3): every belonging but his horses."""
    weights = [
        item_weight(catalog, item)
        for item in state.at(Place.owner(character.name))
        if pieces_of(catalog)[item].kind is not Kind.HORSE
    ]
    return max(weights, key=lambda w: w.rank, default=Weight.NEGLIGIBLE)


def strong_enough(chit: ActionChit, weight: Weight) -> bool:
    return chit.strength is not None and chit.strength.rank >= weight.rank


def used(combat: CombatState, name: str) -> list[str]:
    return combat.used.setdefault(name, [])
