"""The names a scenario uses outside its setup, checked once the situation is built: whose
orders and answers are given, what ``expect`` names, and what the combat ``plays`` name.

Every check raises :class:`~scenarios.format.ScenarioError` naming the key and the reason.
Plays are checked here for names the game does not know (a chit the character never has, an
item or denizen the catalog lacks); whether he owns the item, or the denizen stands in his
clearing, is checked when the play answers a decision (:mod:`scenarios.combat`), on the
state of that moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.board import ClearingError
from rules.catalog import Catalog
from rules.events import event_types
from rules.magic import builtin
from rules.magic.forms import MIST_MOVE_CHIT
from rules.magic.nullifying import PROTECTION_FROM_MAGIC as PROTECTION
from rules.meeting import partner
from rules.orders import parse as _parse_module
from rules.pieces import Kind, pieces_of
from rules.schema.chits import ChitKind
from rules.state import GameState
from scenarios.expect import Expect, ExpectedCharacter
from scenarios.format import PROMISED_EVENT_TYPES, Scenario, ScenarioError, SearchChoice
from scenarios.names import Names, hint, part_id, roadway
from scenarios.plays import Play, target_of
from scenarios.search import NONE, choice_results


def member(names: Names, state: GameState, key: str, written: str) -> str:
    """The scenario character ``written`` names (a ScenarioError for anyone else)."""
    name = names.character(key, written)
    if name not in state.characters:
        raise ScenarioError(key, f"the {name} is not one of the scenario's characters")
    return name


def group(key: str, written: str) -> str:
    """A native group or visitor, as trading relationships name them (7.6.5a)."""
    try:
        return str(partner(written))
    except ValueError as exc:
        raise ScenarioError(key, str(exc)) from None


def check_names(names: Names, state: GameState, scenario: Scenario) -> None:
    """Check the names of ``orders``, ``answers``, ``expect`` and ``plays`` against the built
    ``state`` (see the module docstring)."""
    for written in scenario.orders:
        if written not in state.minions and written not in state.familiars:
            member(names, state, f"orders.{written}", written)
    for written in scenario.answers:
        member(names, state, f"answers.{written}", written)
    _check_expect(names, state, scenario)
    for written, chosen in scenario.choices.items():
        if written in state.minions or written in state.familiars:
            if chosen.battle:
                raise ScenarioError(
                    f"choices.{written}.battle",
                    "a hireling or familiar makes no Meeting rolls: only its search is given",
                )
        else:
            member(names, state, f"choices.{written}", written)
        for index, entry in enumerate(chosen.search):
            _check_search(names, f"choices.{written}.search[{index}]", entry)
        for index, battle in enumerate(chosen.battle):
            if battle.group not in names.catalog.natives:
                groups = ", ".join(names.catalog.natives)
                raise ScenarioError(
                    f"choices.{written}.battle[{index}].group",
                    f"{battle.group!r} is no native group ({groups})",
                )
    for written, rounds in scenario.plays.items():
        name = member(names, state, f"plays.{written}", written)
        for index, play in enumerate(rounds):
            _check_play(names, state, f"plays.{written}[{index}]", name, play)


def _check_search(names: Names, key: str, entry: SearchChoice) -> None:
    """The names of one search entry: a Peer or Locate result as printed (L5577, 7.5.7f), a
    site chit or a clearing to take from, a site chit or an item to perceive, a spell; ``none``
    where the rules let him take or learn nothing."""
    catalog = names.catalog
    if entry.choice is not None:
        results = choice_results(catalog)
        if entry.choice not in results:
            raise ScenarioError(
                f"{key}.choice",
                f"{entry.choice!r} is not a Peer or Locate result (a Choice takes one of them, "
                f"L5577, 7.5.7f): {', '.join(results)}{hint(entry.choice, results)}",
            )
    sites = [c.name for c in catalog.map_chits.values() if c.kind is ChitKind.SITE]
    if entry.take_from not in (None, NONE) and entry.take_from not in sites:
        try:
            names.clearing(f"{key}.take_from", entry.take_from)
        except ScenarioError:
            raise ScenarioError(
                f"{key}.take_from",
                f"{entry.take_from!r} is neither a site chit (HOARD 6) nor a clearing of the "
                f"map (the clearing of a pile), nor none{hint(entry.take_from, sites)}",
            ) from None
    perceive = entry.perceive_from
    if perceive not in (None, NONE, *sites) and not pieces_of(catalog).named(str(perceive)):
        raise ScenarioError(
            f"{key}.perceive_from",
            f"{perceive!r} is neither a site chit (ALTAR 1) nor an item, nor none"
            f"{hint(str(perceive), [*sites, *catalog.treasures])}",
        )
    if entry.learn not in (None, NONE):
        names.spell(f"{key}.learn", entry.learn)


def _check_expect(names: Names, state: GameState, scenario: Scenario) -> None:
    expect = scenario.expect
    for written, expected in expect.characters.items():
        key = f"expect.characters.{written}"
        _check_character(names, state, key, member(names, state, key, written), expected)
    for written in expect.scores or {}:
        member(names, state, f"expect.scores.{written}", written)
    victors = [expect.victor] if isinstance(expect.victor, str) else expect.victor or []
    for index, written in enumerate(victors):
        member(names, state, "expect.victor" + (f"[{index}]" if len(victors) > 1 else ""), written)
    for written, minion in expect.minions.items():
        key = f"expect.minions.{written}"
        denizen = written in state.minions or (
            written in names.pieces and names.pieces[written].kind in (Kind.NATIVE, Kind.MONSTER)
        )
        if not denizen:
            hired = ", ".join(state.minions) or "none"
            raise ScenarioError(
                key,
                f"{written!r} is no native or monster of the game (hired at the start: {hired}); "
                "one hired during the run is named by its piece, e.g. Company 1",
            )
        if minion.at is not None:
            names.place(f"{key}.at", minion.at)
        if minion.hired_by is not None:
            member(names, state, f"{key}.hired_by", minion.hired_by)
    for index, denizens in enumerate(expect.denizens):
        names.denizen(f"expect.denizens[{index}].name", denizens.name)
        names.clearing(f"expect.denizens[{index}].at", denizens.at)
    for code, chits in expect.chits.items():
        names.tile(f"expect.chits.{code}", code)
        for chit in chits:
            names.chit(f"expect.chits.{code}.{chit}", chit)
    _check_piles(names, expect)
    _check_events(expect, scenario.until)
    codes = getattr(_parse_module, "CODES", None)
    for index, error in enumerate(expect.errors):
        if error.character not in state.minions:
            member(names, state, f"expect.errors[{index}].character", error.character)
        if codes and error.code not in codes:
            raise ScenarioError(
                f"expect.errors[{index}].code",
                f"the parser has no code {error.code!r}{hint(error.code, codes)}",
            )


def _check_character(
    names: Names, state: GameState, key: str, name: str, expected: ExpectedCharacter
) -> None:
    catalog = names.catalog
    if expected.at is not None:
        if "/" in expected.at:
            raise ScenarioError(
                f"{key}.at", "not supported yet: at between two tiles (flying away, 8.3.9)"
            )
        forest = roadway(expected.at.removeprefix("forest "))
        if expected.at.startswith("forest ") and forest is not None:
            for end in forest:  # in the forest off a roadway that vanished (7.10.4d.2)
                names.clearing(f"{key}.at", end)
        elif expected.at.startswith("forest "):  # of a tile, a beast ran there (8.3.8f)
            names.tile(f"{key}.at", expected.at.removeprefix("forest "))
        elif roadway(expected.at) is not None:
            names.roadway(f"{key}.at", expected.at)
        else:
            names.place(f"{key}.at", expected.at)
    if expected.familiar is not None:
        names.place(f"{key}.familiar", expected.familiar)
    pieces = pieces_of(catalog)
    for index, item in enumerate(expected.belongings or []):
        item_key = f"{key}.belongings[{index}]"
        names.item(item_key, item.name)
        kind = pieces[pieces.named(item.name)[0]].kind
        if item.damaged is not None and kind is not Kind.ARMOR:
            raise ScenarioError(
                f"{item_key}.damaged", f"only armor is damaged; {item.name} is {kind}"
            )
    tiles = {t.tile: t for t in state.tiles}
    for index, text in enumerate(expected.discoveries or []):
        names.discovery(f"{key}.discoveries[{index}]", text, tiles)
    labels = {c.label for c in catalog.characters[name].chits}
    for status in ("fatigued", "wounded"):
        for index, label in enumerate(getattr(expected, status) or []):
            if label not in labels:
                raise ScenarioError(
                    f"{key}.{status}[{index}]",
                    f"the {name} has no chit {label!r}{hint(label, labels)}",
                )
    for index, spell in enumerate(expected.spells or []):
        names.spell(f"{key}.spells[{index}]", spell)
    for written in expected.relationships or {}:
        group(f"{key}.relationships.{written}", written)


def _check_piles(names: Names, expect: Expect) -> None:
    for written, listed in expect.treasures.items():
        names.box(f"expect.treasures.{written}", written)
        for index, item in enumerate(listed):
            names.item(f"expect.treasures.{written}[{index}]", item)
    for written, listed in expect.spell_cards.items():
        names.box(f"expect.spell_cards.{written}", written)
        for index, spell in enumerate(listed):
            names.spell(f"expect.spell_cards.{written}[{index}]", spell)
    for written, listed in expect.piles.items():
        names.clearing(f"expect.piles.{written}", written)
        for index, item in enumerate(listed):
            names.item(f"expect.piles.{written}[{index}]", item)


def _check_events(expect: Expect, until: str) -> None:
    known = set(event_types()) | PROMISED_EVENT_TYPES
    for part in ("events", "absent_events"):
        for index, item in enumerate(getattr(expect, part)):
            for place, entry in _members(index, item):
                if entry["type"] not in known:
                    raise ScenarioError(
                        f"expect.{part}{place}.type",
                        f"no event type {entry['type']!r}{hint(entry['type'], known)}",
                    )
    if until == "birdsong":
        for part in ("events", "absent_events", "public_excludes"):
            if getattr(expect, part):
                raise ScenarioError(
                    f"expect.{part}",
                    "with until: birdsong nothing is resolved, so there are no events",
                )


def _members(index: int, item: object) -> list[tuple[str, dict[str, Any]]]:
    """The events of an item of ``events`` with their key suffix: ``[2]``, or ``[2][0]`` ...
    for a group."""
    if isinstance(item, list):
        return [(f"[{index}][{i}]", entry) for i, entry in enumerate(item)]
    assert isinstance(item, dict)
    return [(f"[{index}]", item)]


def _check_play(names: Names, state: GameState, key: str, name: str, play: Play) -> None:
    """The names a play uses are names of the game: chits he has at his level (or a card, or
    the T4 Move chit of a character in mist, L5062), items, denizens, heads and clubs,
    characters, clearings."""
    catalog = names.catalog
    labels = {c.label for c in state.characters[name].chits} | {MIST_MOVE_CHIT}

    def chit(chit_key: str, label: str) -> None:
        label = label.removeprefix("turned ")  # a dummy turning an absorbed monster (L4947)
        if label in labels or label in catalog.treasures:
            return
        if label.startswith("fly "):  # a Fly chit played like a Move chit: the options judge it
            return
        raise ScenarioError(
            chit_key,
            f"the {name} has no chit {label!r} (at level {state.characters[name].level}), "
            f"nor is it a card{hint(label, labels)}",
        )

    def individual(piece_key: str, written: str) -> None:
        if written in catalog.characters or written in pieces_of(catalog):
            return
        if written not in _parts(catalog):
            names.denizen(piece_key, written)

    for index, written in enumerate(play.lure):
        individual(f"{key}.lure[{index}]", written)
    action = play.action
    if action is not None:
        for verb in ("alert", "unalert", "berserk"):
            label = getattr(action, verb)
            if label is not None:
                chit(f"{key}.action.{verb}", label)
        if action.run is not None:
            if action.run.chit is not None:
                chit(f"{key}.action.run.chit", action.run.chit)
            if action.run.to != "forest":  # a beast runs into the forest (8.3.8f)
                names.clearing(f"{key}.action.run.to", action.run.to)
        if action.fly is not None:  # its chit may be another's Magic chit: the options judge it
            names.tile(f"{key}.action.fly.tile", action.fly.tile)
        for verb in ("activate", "deactivate"):
            item = getattr(action, verb)
            if item is not None and not (verb == "activate" and item == PROTECTION):
                _item(names, f"{key}.action.{verb}", item)  # the spell's chit is no item
        for index, item in enumerate(action.abandon or []):
            _item(names, f"{key}.action.abandon[{index}]", item)
        if action.cast is not None:
            spell = action.cast.spell
            if spell not in catalog.spells and not builtin.is_built_in(catalog, spell):
                raise ScenarioError(
                    f"{key}.action.cast.spell",
                    f"no spell {action.cast.spell!r}{hint(action.cast.spell, catalog.spells)}",
                )
            chit(f"{key}.action.cast.chit", action.cast.chit)
            kind = str(builtin.card(catalog, action.cast.spell).type)
            if action.cast.magic_type not in (None, kind):
                raise ScenarioError(
                    f"{key}.action.cast.magic_type",
                    f"{action.cast.spell} is of Magic type {kind}, the type the item is played as",
                )
            if action.cast.color_chit is not None:
                chit(f"{key}.action.cast.color_chit", action.cast.color_chit)
    for index, played in enumerate(play.color_chits or []):
        chit(f"{key}.color_chits[{index}]", played if isinstance(played, str) else played.chit)
    casting = action is not None and action.cast is not None
    if isinstance(play.target, dict):
        _spell_or_curse(names, f"{key}.target", play.target, casting)
    targets = play.target if isinstance(play.target, list) else [target_of(play)]
    for written in filter(None, targets):
        if casting and _spell_target(names, written):
            continue  # a spell's target: an item, a clearing or a tile (8.4.2d)
        individual(f"{key}.target", written)
    if play.attack is not None:
        if play.attack.chit is not None:
            chit(f"{key}.attack.chit", play.attack.chit)
        if play.attack.weapon is not None:
            _item(names, f"{key}.attack.weapon", play.attack.weapon)
    if play.maneuver is not None and play.maneuver.chit is not None:
        chit(f"{key}.maneuver.chit", play.maneuver.chit)
    for written in play.place or {}:
        individual(f"{key}.place.{written}", written)
    for part in ("fatigue", "wound"):
        for index, label in enumerate(getattr(play, part) or []):
            chit(f"{key}.{part}[{index}]", label)


def _spell_or_curse(names: Names, key: str, written: Mapping[str, str], casting: bool) -> None:
    """A spell's target that is a spell in effect ``{spell, target[, caster]}`` or a Curse
    ``{curse, target}`` (SCENARIOS.md part 3), only beside a cast."""
    if not casting:
        raise ScenarioError(key, "a spell or a Curse is the target of a spell only")
    if "spell" in written and set(written) <= {"spell", "target", "caster"}:
        treasures = names.catalog.treasures
        carpet = written["spell"] in treasures and treasures[written["spell"]].built_in_spell
        if not carpet:  # a Treasure card's own spell, as the Flying Carpet's (L4558)
            names.spell(f"{key}.spell", written["spell"])
    elif set(written) == {"curse", "target"}:
        names.character(f"{key}.target", written["target"])
    else:
        raise ScenarioError(key, "a target mapping is {spell, target[, caster]} or {curse, target}")


def _spell_target(names: Names, written: str) -> bool:
    """Whether ``written`` names a clearing, a tile, a weapon of the game or a Magic chit."""
    catalog = names.catalog
    pieces = pieces_of(catalog)
    if written in catalog.weapons or written in catalog.tiles:
        return True
    if written.startswith("MAGIC "):
        return True  # one of his Magic chits (4.6.10c)
    if written in pieces and pieces[written].kind is Kind.WEAPON:
        return True
    try:
        names.board.resolve(written)
    except ClearingError:
        return False
    return True


def _item(names: Names, key: str, written: str) -> None:
    """An item, by catalog name or piece id (``Shield 2``)."""
    pieces = pieces_of(names.catalog)
    if written in pieces and pieces[written].kind is not Kind.SPELL:
        names.item(key, pieces[written].name)
        return
    names.item(key, written)


def _parts(catalog: Catalog) -> set[str]:
    """Every head and club, by name and by counter (``Giant's Club``, ``Giant's Club 1``)."""
    found: set[str] = set()
    for piece in pieces_of(catalog).of_kind(Kind.MONSTER):
        for part in catalog.monsters[piece.name].parts:
            found |= {part.name, part_id(catalog, piece.id, part.name)}
    return found
