"""What a character fights with (8.4.5): his chits left to play this round, his active weapon,
armor and horse, the effort he has spent and the weight he carries — and the Treasure cards that
change these (List of Treasures L4392–4488): weapon cards, the potions that alter his weapon,
the effort limit's cards, and the powers of his other active treasures.

Reading: a Potion "applied to a weapon" goes on the weapon he has active when he activates it
(4.4.3d, L1129; L4451); the state does not record which weapon that was, so its effect is on
the weapon he attacks with — his active weapon, or his dagger (8.4.5h.3) — while the card is
active (:func:`weapon_potions`). It expires at Midnight (:func:`rules.day.midnight.potions`).
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.catalog import Catalog
from rules.chits import Alteration, alteration, current, in_play, printed
from rules.daylight.moving import active_horse, is_weapon, item_weight
from rules.evening.state import CombatState
from rules.magic import altering
from rules.magic.altering import graced
from rules.phrases import Phrase, phrase
from rules.pieces import Kind, pieces_of
from rules.powers import waiting
from rules.schema.action_chits import Action, ActionChit
from rules.schema.base import Weight
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
    """His active weapon, counter or card, if any (8.4.5h: at most one, "counter or card")."""
    for item in state.at(Place.owner(character.name)):
        if active(character, item) and is_weapon(catalog, item):
            return item
    return None


@dataclass(frozen=True)
class Side:
    """What a weapon shows when it attacks (2.3.4b): its attack time (None: none printed, the
    Fight chit's is used, 8.4.5h.1), its harm letter and its sharpness stars."""

    time: int | None
    harm: Weight
    sharpness: int


@dataclass(frozen=True)
class Arms:
    """A weapon as combat uses it (8.4.5h): a weapon counter, with its unalerted and alerted
    sides (2.3.4d), or a weapon card, "used just like weapons" (L4394) with the one set of
    values it prints on both (the Alchemist's Mixture: missile, length 11, weight Negligible,
    M***, no time, L4430–4435). ``weight`` is what a Fight chit must match (8.4.5f.3) and what
    the striking bonus is measured against (8.4.9f.2)."""

    attack: Literal["missile", "striking"]
    length: int
    weight: Weight
    unalerted: Side
    alerted: Side
    card: bool = False

    def side(self, alerted: bool) -> Side:
        """The alerted side if ``alerted``, else the unalerted side (a card's are alike)."""
        return self.alerted if alerted else self.unalerted


def weapon_record(catalog: Catalog, item: str) -> Arms:
    """The combat values of the weapon counter or weapon card ``item``."""
    name = pieces_of(catalog)[item].name
    if pieces_of(catalog)[item].kind is Kind.TREASURE:
        card = catalog.treasures[name]
        assert card.weapon is not None, f"{name} is no weapon card"
        values = Side(time=None, harm=card.weapon.harm, sharpness=card.weapon.sharpness)
        return Arms(
            attack=card.weapon.attack,
            length=card.weapon.length,
            weight=card.weight or Weight.NEGLIGIBLE,
            unalerted=values,
            alerted=values,
            card=True,
        )
    record = catalog.weapons[name]
    unalerted, alerted = (
        Side(time=s.time, harm=s.effective_harm, sharpness=s.sharpness)
        for s in (record.unalerted, record.alerted)
    )
    return Arms(
        attack=record.attack,
        length=record.length,
        weight=record.weight,
        unalerted=unalerted,
        alerted=alerted,
    )


def powers(catalog: Catalog, state: GameState, character: CharacterState) -> set[str]:
    """The ``behaviour`` keys of his active Treasure cards (rules/schema/treasures.py)."""
    found: set[str] = set()
    for item in owned(catalog, state, character.name, Kind.TREASURE):
        if active(character, item):
            found.update(catalog.treasures[pieces_of(catalog)[item].name].behaviour)
    return found


def weapon_potions(catalog: Catalog, state: GameState, character: CharacterState) -> set[str]:
    """The effects of the Alter Weapons Potions he has active (section 11, L4449–4463) on the
    weapon he attacks with, his dagger if he has no weapon active (L4451): ``stays_alerted``
    (Gripping Dust, L4455), ``add_sharpness`` (Oil of Poison, L4457), ``hit_on_tie`` (Ointment
    of Bite, L4459), ``ignore_armor`` (Penetrating Grease, L4461). See the module's reading."""
    prefix = "weapon_potion:"
    return {
        key.removeprefix(prefix)
        for key in powers(catalog, state, character)
        if key.startswith(prefix)
    }


def alerted(catalog: Catalog, state: GameState, character: CharacterState, item: str) -> bool:
    """Whether his weapon ``item`` shows its alerted side: as it lies, or always while Gripping
    Dust is on it ("alerted side up at all times, even when it hits", L4455)."""
    if "stays_alerted" in weapon_potions(catalog, state, character):
        return True
    record = character.items.get(item)
    return record is not None and record.alerted


def effort_limit(catalog: Catalog, state: GameState, character: CharacterState) -> int | None:
    """The asterisks he may play in a round of combat (8.4.5f.2): two; three with the Girtle of
    Energy active (L4474); any number (None) with the Potion of Energy, which takes precedence
    over the Girtle (L4477)."""
    keys = powers(catalog, state, character)
    if "effort_limit:unlimited" in keys:
        return None
    if "effort_limit:3" in keys:
        return 3
    return 2


def over_limit(
    catalog: Catalog, state: GameState, character: CharacterState, labels: list[str]
) -> bool:
    """Whether the plays ``labels`` pass his effort limit for the round (8.4.5f.2)."""
    return beyond(labels, effort_limit(catalog, state, character))


def beyond(labels: list[str], limit: int | None) -> bool:
    """Whether the plays ``labels`` pass the effort limit ``limit`` (:func:`effort_limit`)."""
    return limit is not None and effort(labels) > limit


def too_much(catalog: Catalog, state: GameState, character: CharacterState) -> Phrase:
    """Why a play over his effort limit is cancelled (8.4.5f.2, L4472)."""
    limit = effort_limit(catalog, state, character)
    if limit == 3:
        return phrase("evening.three_asterisks")
    return phrase("evening.two_asterisks")


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


def unused(character: CharacterState, used: list[str], committed: Sequence[str] = ()) -> list[str]:
    """The labels of his chits in play not yet played this round (8.4.5f.1), colour chits
    aside, and those ``committed`` to spells in effect (4.6.7: they are not his to play); a
    label twice when he has two such chits not yet played."""
    left = Tally([*used, *committed])
    labels: list[str] = []
    for chit in in_play(character):
        if chit.color is not None:
            continue
        if left[chit.label]:
            left[chit.label] -= 1
            continue
        labels.append(chit.label)
    return labels


def of_action(
    labels: list[str], *actions: Action, freed: Collection[str] = frozenset()
) -> list[str]:
    """The labels among ``labels`` of chits of the given actions, each label once, in order;
    a Magic chit ``freed`` by Unleash Power counts as a Move and a Fight chit (L5076,
    :func:`unleashed`)."""
    both = {Action.MOVE, Action.FIGHT}
    seen: list[str] = []
    for label in labels:
        action = printed(label).action
        if (action in actions or (label in freed and both & set(actions))) and label not in seen:
            seen.append(label)
    return seen


def unleashed(state: GameState, who: str) -> frozenset[str]:
    """His Magic chits Unleash Power makes Move/Fight chits now (L5076)."""
    return altering.unleashed(state.spells, who) if state.spells else frozenset()


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


#: The treasure powers that act in combat, by behaviour key prefix: those not wholly built
#: (:data:`rules.powers.POWERS`) are reported at the start of each Evening their card is active.
COMBAT_POWERS = (
    "alter_chits",
    "wounds_to_fatigue",
    "boots",
    "gloves",
    "weapon",
    "armor",
    "weapon_potion",
    "no_wounds_through_armor",
    "effort_limit",
    "shift_attack",
    "shift_maneuver",
    "color_source",
    "artifact",
    "spell_book",
    "built_in_spell",
)


def waiting_powers(
    catalog: Catalog, state: GameState, character: CharacterState
) -> list[tuple[str, str]]:
    """His active treasures with a power that acts in combat and is not implemented yet, as
    (item, rule line); Boots, Gloves, armor and weapon cards, the potions that alter weapons and
    the Combat cards are (8.4.5i–j, L4392–4488)."""
    found: list[tuple[str, str]] = []
    for item in owned(catalog, state, character.name, Kind.TREASURE):
        if not active(character, item):
            continue
        card = catalog.treasures[pieces_of(catalog)[item].name]
        acting = tuple(b for b in card.behaviour if b.split(":")[0] in COMBAT_POWERS)
        spell = card.built_in_spell.text_key if card.built_in_spell is not None else None
        lines = [power.line for _, power in waiting(acting, spell)]
        if lines:
            found.append((item, lines[0]))
    return found


_ACTIONS = frozenset(a.value for a in Action)


def is_card(label: str) -> bool:
    """Whether a play names a Boots or Gloves card rather than an action chit: a chit's label
    always starts with its action (``MOVE M4*``), a card's name never does."""
    return label.split(" ", 1)[0] not in _ACTIONS


def altered(catalog: Catalog, state: GameState, character: CharacterState) -> Alteration:
    """How his treasures and the spells on him alter his action chits now: his
    :func:`rules.chits.alteration`, with Elven Grace if it is on him (L4838,
    :func:`rules.magic.altering.graced`)."""
    return alteration(catalog, character, graced=graced(state, character.name))


def face(
    catalog: Catalog,
    state: GameState,
    character: CharacterState,
    label: str,
    altered_now: Alteration | None = None,
) -> ActionChit:
    """What a play of ``character``'s stands for: an action chit's current face — its printed
    one, as his active Belt of Strength, Draught or Garb of Speed and Elven Grace alter it
    (L4364–4378, L4838, :func:`rules.chits.current`; ``altered_now``: his :func:`altered`, if
    the caller has it) —, or a Boots or Gloves card's as a Move or Fight chit of the card's
    strength and time, with no effort (8.4.5j.1–j.2): cards are not altered (L4366)."""
    if label in unleashed(state, character.name):
        return altering.unleashed_face(label)
    if not is_card(label):
        found = altered(catalog, state, character) if altered_now is None else altered_now
        return current(label, found)
    chit = catalog.treasures[pieces_of(catalog)[label].name].chit
    assert chit is not None and chit.kind in ("move", "fight") and chit.time is not None
    action = Action.MOVE if chit.kind == "move" else Action.FIGHT
    return ActionChit(action=action, strength=chit.strength, time=chit.time, effort=0)


def effort(used: list[str]) -> int:
    """The asterisks he has played this round (8.4.5f.2), Magic chits included; Boots and
    Gloves cards have none. His limit is :func:`effort_limit`."""
    return sum(printed(label).effort for label in used if not is_card(label))


def heaviest(catalog: Catalog, state: GameState, character: CharacterState) -> Weight:
    """The heaviest item he carries (8.4.5f.3): every belonging but his horses."""
    weights = [
        item_weight(catalog, item)
        for item in state.at(Place.owner(character.name))
        if pieces_of(catalog)[item].kind is not Kind.HORSE
    ]
    return max(weights, key=lambda w: w.rank, default=Weight.NEGLIGIBLE)


def carrying(
    catalog: Catalog,
    state: GameState,
    character: CharacterState,
    label: str,
    carried: Weight | None = None,
) -> Weight:
    """The weight a Move play must carry: the heaviest item he carries (8.4.5f.3; ``carried``:
    :func:`heaviest`, if the caller has it) and, for a Boots card, his own weight too
    (8.4.5j.1)."""
    carried = heaviest(catalog, state, character) if carried is None else carried
    if not is_card(label):
        return carried
    own = catalog.characters[character.name].weight
    return max(carried, own, key=lambda w: w.rank)


def strong_enough(chit: ActionChit, weight: Weight) -> bool:
    return chit.strength is not None and chit.strength.rank >= weight.rank


def used(combat: CombatState, name: str) -> list[str]:
    return combat.used.setdefault(name, [])
