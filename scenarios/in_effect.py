"""Spells in play before the scenario starts, and what is expected of them after (SCENARIOS.md
Part 3, "Setting up" and "Expectations"):

- ``characters.<name>.alerted_chits``: Magic chits alerted today (7.9.3), ``start: sunset``
  only; ``characters.<name>.belongings[k].awakened``: an Artifact's or Spell Book's awakened
  Spell cards, put with it (``item:<treasure>``, 7.5.6c.1), written top first;
- ``spells_in_effect``: each becomes a :class:`~rules.magic.state.SpellInEffect` of
  :attr:`rules.state.GameState.spells`, numbered in the order written. Malformed: an unknown
  spell, an Instant, Attack or Combat spell (they cannot last until a scenario starts), a
  caster without the spell (not recorded; not awakened in the item), a character's spell
  without his chit or an item's with one, a chit not his, not a Magic chit of the spell's type,
  or also fatigued, wounded, colour, alerted or committed to another spell; ``energized`` on
  any but a Permanent spell, or without ``start: sunset``; ``becomes`` on any but Transform and
  Absorb Essence; ``adds`` on any but Enchant Artifact, or not a spell its caster records. A
  Day spell was cast the Evening before the scenario's day (it expires at its Sunset,
  4.6.7g.2); a Permanent spell starts inert unless ``energized``, and the automatic
  sources energize it as the day begins or, with ``start: sunset``, as the Evening does
  (:func:`rules.magic.lifecycle.energize_automatically`);
- ``expect.characters.<name>.alerted_chits``, ``committed`` and ``form``,
  ``expect.denizens[k].form`` (:func:`rules.magic.forms.form`) and ``expect.spells_in_effect``:
  exactly the spells in effect, in casting order, each compared on the keys it gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rules.board import ClearingError, parse_clearing_id
from rules.catalog import Catalog
from rules.chits import printed
from rules.daylight.runes import SPELL_ITEMS, with_item
from rules.magic import builtin
from rules.magic.forms import ABSORB_ESSENCE, OWN, TRANSFORM, form
from rules.magic.spells.daylight import VIOLENT_STORM
from rules.magic.state import SpellInEffect, committed
from rules.pieces import Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.spells import Duration
from rules.state import CharacterState, GameState, Place
from scenarios.expect import ExpectedCharacter, ExpectedDenizens
from scenarios.format import ScenarioError
from scenarios.names import Names, canonical_clearing, hint, is_copy
from scenarios.spells import ExpectedSpell, SpellSpec, Target

#: The spell whose ``adds`` a scenario gives (L5051).
ENCHANT_ARTIFACT = "Enchant Artifact"

#: Takes a copy of the piece called ``name`` for the key ``key`` (the builder's).
Take = Callable[[str, str], str]

#: The durations a spell given in ``spells_in_effect`` cannot have: they end within the
#: Evening they are cast in (4.6.7c, d, g.1).
UNGIVEN = (Duration.INSTANT, Duration.ATTACK, Duration.COMBAT)


def alert_chits(key: str, character: CharacterState, labels: Sequence[str]) -> None:
    """His Magic chits ``labels``, alerted today (7.9.3): each an active Magic chit of his, not
    a colour chit, alerted once."""
    for index, label in enumerate(labels):
        chit = next(
            (
                c
                for c in character.chits
                if c.label == label and c.status == "active" and c.color is None and not c.alerted
            ),
            None,
        )
        if chit is None or printed(label).action is not Action.MAGIC:
            have = sorted({c.label for c in character.chits if c.label.startswith("MAGIC")})
            raise ScenarioError(
                f"{key}[{index}]",
                f"the {character.name} has no other active, unenchanted Magic chit {label!r} to "
                f"alert (7.9.3){hint(label, have)}",
            )
        chit.alerted = True


def awaken(
    catalog: Catalog,
    state: GameState,
    names: Names,
    take: Take,
    key: str,
    item: str,
    cards: Sequence[str],
) -> None:
    """The Spell cards ``cards`` (top first) awakened in the Artifact or Spell Book ``item``:
    put with it (7.5.6c.1)."""
    piece = pieces_of(catalog)[item]
    record = catalog.treasures[piece.name] if piece.kind is Kind.TREASURE else None
    if record is None or not set(SPELL_ITEMS) & set(record.behaviour):
        raise ScenarioError(key, f"the {item} is no Artifact or Spell Book (4.6.6)")
    chosen = [
        take(f"{key}[{index}]", names.spell(f"{key}[{index}]", card))
        for index, card in enumerate(cards)
    ]
    for card in reversed(chosen):
        state.put(card, with_item(item))


def set_up(
    catalog: Catalog, state: GameState, names: Names, specs: Sequence[SpellSpec], *, sunset: bool
) -> None:
    """Each of ``specs`` in effect, in order (see the module)."""
    for index, spec in enumerate(specs):
        key = f"spells_in_effect[{index}]"
        state.spells.append(_spell(catalog, state, names, key, index + 1, spec, sunset=sunset))


def _spell(
    catalog: Catalog,
    state: GameState,
    names: Names,
    key: str,
    number: int,
    spec: SpellSpec,
    *,
    sunset: bool,
) -> SpellInEffect:
    name = names.spell(f"{key}.spell", spec.spell)
    if (spec.phases_lost is None) != (name != VIOLENT_STORM):
        raise ScenarioError(
            f"{key}.phases_lost",
            "Violent Storm, and it only, is given with the phases its roll cancels (L4924)",
        )
    card = catalog.spells[name]
    if card.duration in UNGIVEN:
        raise ScenarioError(
            f"{key}.spell",
            f"{name} is a{'n' if card.duration is not Duration.COMBAT else ''} "
            f"{card.duration.value.capitalize()} spell: it ends in the Evening it is cast, and "
            "cannot be in effect as a scenario starts",
        )
    caster, controller = _caster(catalog, state, f"{key}.caster", spec.caster, name)
    chit = _chit(state, f"{key}.chit", caster, controller, spec.chit, card.type)
    if spec.energized and card.duration is not Duration.PERMANENT:
        raise ScenarioError(
            f"{key}.energized", f"only a Permanent spell is energized; {name} is not"
        )
    if spec.energized and not sunset:
        raise ScenarioError(
            f"{key}.energized",
            "only with start: sunset: at Birdsong every Permanent spell is inert (8.9.2d)",
        )
    if spec.becomes is not None and name not in (TRANSFORM, ABSORB_ESSENCE):
        raise ScenarioError(f"{key}.becomes", f"only Transform and Absorb Essence; not {name}")
    if not spec.targets:
        raise ScenarioError(f"{key}.targets", "a spell in effect has at least one target")
    adds = _adds(catalog, state, f"{key}.adds", name, controller, spec.adds)
    targets = [
        _target(catalog, state, names, f"{key}.targets[{i}]", controller, written)
        for i, written in enumerate(spec.targets)
    ]
    cast_day = state.game_day - 1  # the Evening before (4.6.7g.2)
    if cast_day < 1:
        raise ScenarioError(f"{key}.spell", "no Evening came before day 1 for it to be cast in")
    becomes = spec.becomes
    if name == ABSORB_ESSENCE:
        becomes = _absorbed(catalog, state, f"{key}.targets", targets, becomes)
    if becomes is not None and name == TRANSFORM:
        results = [r.text for r in catalog.tables["Transform Table"].results.values()]
        if becomes not in results:
            raise ScenarioError(
                f"{key}.becomes",
                f"{becomes!r} is no Transform Table result{hint(becomes, results)}",
            )
    return SpellInEffect(
        number=number,
        spell=name,
        caster=caster,
        controller=controller,
        chit=chit,
        targets=targets,
        cast_day=cast_day,
        energized=spec.energized,
        becomes=becomes,
        phases_lost=spec.phases_lost,
        adds=adds,
    )


def _adds(
    catalog: Catalog, state: GameState, key: str, spell: str, controller: str, written: object
) -> str | None:
    """Enchant Artifact's ``adds``: one of its caster's recorded spells (L5051); required for
    it, refused for any other spell."""
    if spell != ENCHANT_ARTIFACT:
        if written is not None:
            raise ScenarioError(key, f"only Enchant Artifact adds a spell; not {spell}")
        return None
    recorded = state.characters[controller].spells
    if not isinstance(written, str) or written not in recorded:
        raise ScenarioError(
            key,
            f"Enchant Artifact adds one of the {controller}'s recorded spells: "
            f"{', '.join(recorded)}",
        )
    return written


def _absorbed(
    catalog: Catalog, state: GameState, key: str, targets: list[str], becomes: str | None
) -> str:
    """Absorb Essence's one target, a monster, "simply ceases to exist – it is removed from
    play" into the spell (L4942): it is taken off the map, and the caster becomes it."""
    pieces = pieces_of(catalog)
    if len(targets) != 1 or targets[0] not in pieces or pieces[targets[0]].kind is not Kind.MONSTER:
        raise ScenarioError(key, "Absorb Essence has one target, a monster (L4942)")
    monster = pieces[targets[0]].name
    if becomes is not None and becomes != monster:
        raise ScenarioError(
            f"{key[: -len('.targets')]}.becomes", f"the caster becomes the {monster}"
        )
    state.put(targets[0], Place.OUT)
    return monster


def _caster(
    catalog: Catalog, state: GameState, key: str, written: str, spell: str
) -> tuple[str, str]:
    """The caster and the character who controls the spell: a scenario character who records
    the spell, or an Artifact or Spell Book of one, with the spell awakened in it."""
    if written in catalog.characters:
        name = catalog.characters[written].name
        if name not in state.characters:
            raise ScenarioError(key, f"the {name} is not one of the scenario's characters")
        if spell not in state.characters[name].spells:
            raise ScenarioError(key, f"the {name} does not record {spell}")
        return name, name
    pieces = pieces_of(catalog)
    for owner in state.characters:
        for item in state.at(Place.owner(owner)):
            if is_copy(written, item) and pieces[item].kind is Kind.TREASURE:
                cards = [pieces[c].name for c in state.at(with_item(item))]
                if spell not in cards:
                    raise ScenarioError(key, f"the {item} has no {spell} awakened (4.6.6c)")
                chit = catalog.treasures[pieces[item].name].chit
                kind = builtin.card(catalog, spell).type
                if chit is None or chit.type != kind:
                    raise ScenarioError(key, f"the {item} cannot cast a Type {kind} spell (4.6.6b)")
                return item, owner
    raise ScenarioError(
        key,
        f"{written!r} is neither a scenario character nor an Artifact or Spell Book one owns",
    )


def _chit(
    state: GameState,
    key: str,
    caster: str,
    controller: str,
    label: str | None,
    kind: str,
) -> str | None:
    """The Magic chit committed to a character's spell: his, of the spell's type, active and
    neither a colour chit nor alerted, and not committed to a spell given before; none for an
    item's spell."""
    if caster != controller:
        if label is not None:
            raise ScenarioError(key, f"the {caster}'s spell commits no chit (8.3.9c)")
        return None
    if label is None:
        raise ScenarioError(key, f"the {caster}'s spell needs the Magic chit committed to it")
    sheet = state.characters[controller]
    mine = [c for c in sheet.chits if c.label == label]
    if not mine:
        have = sorted({c.label for c in sheet.chits if c.label.startswith("MAGIC")})
        raise ScenarioError(key, f"the {controller} has no chit {label!r}{hint(label, have)}")
    face = printed(label)
    if face.action is not Action.MAGIC or face.magic_type != kind:
        raise ScenarioError(key, f"{label} is no Magic chit of type {kind}, the spell's")
    free = [c for c in mine if c.status == "active" and c.color is None and not c.alerted]
    if len(free) <= Counter(committed(state.spells, controller))[label]:
        raise ScenarioError(
            key,
            f"the {controller}'s {label} is not free to commit: it is fatigued, wounded, a colour "
            "chit, alerted or committed to another spell",
        )
    return label


def _target(
    catalog: Catalog, state: GameState, names: Names, key: str, controller: str, written: Target
) -> str:
    """A target as the state writes it (:mod:`rules.magic.state`)."""
    pieces = pieces_of(catalog)
    if isinstance(written, dict):
        if set(written) == {"item", "owner"}:
            owner = names.character(f"{key}.owner", written["owner"])
            for item in state.at(Place.owner(owner)):
                if is_copy(written["item"], item) or pieces[item].name == written["item"]:
                    return item
            raise ScenarioError(key, f"the {owner} has no {written['item']}")
        if "spell" in written and set(written) <= {"spell", "target", "caster"}:
            return _spell_target(catalog, state, names, key, controller, written)
        if set(written) == {"curse", "target"}:
            who = names.character(f"{key}.target", written["target"])
            sheet = state.characters.get(who)
            if sheet is None or written["curse"] not in sheet.curses:
                raise ScenarioError(key, f"the {who} has no {written['curse']} Curse")
            return f"curse:{who}/{written['curse']}"
        raise ScenarioError(
            key, "a target mapping is {item, owner}, {spell, target[, caster]} or {curse, target}"
        )
    if written in catalog.characters:
        name = catalog.characters[written].name
        if name not in state.characters:
            raise ScenarioError(key, f"the {name} is not one of the scenario's characters")
        return name
    if any(t.tile == written for t in state.tiles):
        return written
    if _clearing_like(written):
        return names.clearing(key, written)
    if written.startswith("MAGIC "):
        if not any(c.label == written for c in state.sheet(controller).chits):
            raise ScenarioError(key, f"the {controller} has no chit {written!r}")
        return f"chit:{controller}/{written}"
    on_map = [
        piece
        for place, stack in state.stacks.items()
        if Place.split(place)[0] in ("at", "road", "with")
        for piece in stack
        if is_copy(written, piece)
        and pieces[piece].kind in (Kind.MONSTER, Kind.NATIVE, *ITEM_TARGETS)
    ]
    if on_map:
        return on_map[0]
    if written in catalog.map_chits:
        return written
    raise ScenarioError(
        key,
        f"no target {written!r}: a character, a denizen or item in play, a clearing, a tile, "
        "one of his Magic chits or a Sound chit",
    )


#: The kinds of pieces a target names as an item.
ITEM_TARGETS = (Kind.WEAPON, Kind.ARMOR, Kind.HORSE, Kind.TREASURE)


def _clearing_like(written: str) -> bool:
    try:
        parse_clearing_id(written)
    except ClearingError:
        return False
    return True


def _spell_target(
    catalog: Catalog,
    state: GameState,
    names: Names,
    key: str,
    controller: str,
    written: dict[str, str],
) -> str:
    """A spell given before this one: ``{spell, target[, caster]}``, as ``spell:<number>``."""
    spell = names.spell(f"{key}.spell", written["spell"])
    target = (
        _target(catalog, state, names, f"{key}.target", controller, written["target"])
        if "target" in written
        else None
    )
    found = [
        s
        for s in state.spells
        if s.spell == spell
        and (target is None or target in s.targets)
        and ("caster" not in written or is_copy(written["caster"], s.caster))
    ]
    if len(found) != 1:
        many = "two match: add caster" if found else "none given before it matches"
        raise ScenarioError(key, f"the spell target {spell}: {many}")
    return f"spell:{found[0].number}"


# --- expectations -------------------------------------------------------------------------------


def check_character(
    state: GameState, name: str, key: str, expected: ExpectedCharacter
) -> list[str]:
    """``alerted_chits``, ``committed`` (each exactly, as multisets) and ``form``."""
    sheet = state.characters[name]
    lines: list[str] = []
    if expected.alerted_chits is not None:
        got = sorted(c.label for c in sheet.chits if c.alerted and c.label.startswith("MAGIC"))
        if got != sorted(expected.alerted_chits):
            lines.append(f"{key}.alerted_chits: expected {expected.alerted_chits}, got {got}")
    if expected.committed is not None:
        got = sorted(committed(state.spells, name))
        if got != sorted(expected.committed):
            lines.append(f"{key}.committed: expected {expected.committed}, got {got}")
    if expected.form is not None:
        lines += _form(state, key, name, expected.form)
    return lines


def check_denizen_forms(catalog: Catalog, state: GameState, entry: ExpectedDenizens) -> list[str]:
    """``expect.denizens[k].form``: every ``name`` in ``at`` has that form."""
    if entry.form is None:
        return []
    pieces = pieces_of(catalog)
    at = canonical_clearing(entry.at)
    lines: list[str] = []
    for piece in state.at(Place.clearing(at)):
        if pieces[piece].name == entry.name:
            lines += _form(state, f"denizens ({entry.name} in {at})", piece, entry.form)
    return lines


def _form(state: GameState, key: str, who: str, want: str) -> list[str]:
    got = form(state.spells, who)
    if got == want or (want != OWN and is_copy(want, got)):
        return []
    return [f"{key}.form: expected {want}, got {got}"]


def check_spells(
    catalog: Catalog, state: GameState, expected: Sequence[ExpectedSpell] | None
) -> list[str]:
    """``expect.spells_in_effect``: exactly these spells, in casting order, each compared on
    the keys it gives."""
    if expected is None:
        return []
    spells = state.spells
    shown = ", ".join(f"{s.spell} ({s.caster} on {', '.join(s.targets)})" for s in spells)
    if len(spells) != len(expected):
        return [
            f"spells_in_effect: expected {len(expected)} spells in effect, found "
            f"{len(spells)}: {shown or 'none'}"
        ]
    lines: list[str] = []
    for index, (want, got) in enumerate(zip(expected, spells, strict=True)):
        key = f"spells_in_effect[{index}]"
        if want.spell.casefold() != got.spell.casefold():
            lines.append(f"{key}.spell: expected {want.spell}, got {got.spell}")
            continue
        if want.caster is not None and not _names(want.caster, got.caster):
            lines.append(f"{key}.caster: expected {want.caster}, got {got.caster}")
        if want.chit is not None and want.chit != got.chit:
            lines.append(f"{key}.chit: expected {want.chit}, got {got.chit}")
        if want.energized is not None and want.energized != got.energized:
            lines.append(f"{key}.energized: expected {want.energized}, got {got.energized}")
        if want.becomes is not None and not _names(want.becomes, got.becomes or ""):
            lines.append(f"{key}.becomes: expected {want.becomes}, got {got.becomes}")
        if want.phases_lost is not None and want.phases_lost != got.phases_lost:
            lines.append(f"{key}.phases_lost: expected {want.phases_lost}, got {got.phases_lost}")
        if want.adds is not None and want.adds != got.adds:
            lines.append(f"{key}.adds: expected {want.adds}, got {got.adds}")
        if want.targets is not None and not _same_targets(state, got, want.targets):
            lines.append(f"{key}.targets: expected {want.targets}, got {got.targets}")
    return lines


def _names(written: str, actual: str) -> bool:
    return written == actual or is_copy(written, actual)


def _same_targets(state: GameState, spell: SpellInEffect, written: Sequence[Target]) -> bool:
    if len(written) != len(spell.targets):
        return False
    for want, got in zip(written, spell.targets, strict=True):
        if isinstance(want, dict):
            if "curse" in want:
                ok = got == f"curse:{want.get('target')}/{want['curse']}"
            elif "item" in want:
                ok = _names(want["item"], got)
            else:
                number = got.removeprefix("spell:")
                ok = any(
                    str(s.number) == number and s.spell == want.get("spell") for s in state.spells
                )
            if not ok:
                return False
        elif not (_names(want, got) or got == f"chit:{spell.controller}/{want}"):
            return False
    return True
