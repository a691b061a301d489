"""Combat decisions answered from a scenario's ``plays``, and its ``positions`` as the answers
that fix the repositioning and change-tactics rolls (SCENARIOS.md Part 2, "Combat plays").

The engine asks combat decisions under ids ``d{game day}/{clearing}/r{round}/{kind}/{who}``
(and ``/{denizen}`` for a lure), and takes answers in the canonical texts of
:mod:`rules.evening.answers`. :func:`answer` turns the play of ``who`` for that round into that
text. What no play covers is not done: ``none`` (``no`` for a lure), except the shield, the
placement, the fatigue and the wounds, which take the decision's default.

Names. A chit is named as printed; an item, denizen, head or club by its name, which without its
number names any copy (:func:`scenarios.names.is_copy`): the answer is the option that
matches. When none does (a play the rules would cancel, which the engine judges), the answer is
the play's text with each name resolved to the piece he owns or that stands in the clearing; a
chit he does not have, an item he does not own or a denizen not in the clearing makes the
scenario malformed (:class:`~scenarios.format.ScenarioError`). Each play names what it uses,
so a lure of ``[Giant]`` lures one Giant, and ``[Giant, Giant]`` two.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from rules.catalog import Catalog
from rules.decisions import COMBAT_KINDS, CombatId, combat_id, kind_of
from rules.evening.answers import NONE, TREACHERY, placement, read_placement
from rules.events import Decision
from rules.magic import in_clearing
from rules.magic.energizing import ENERGIZES, ON
from rules.pieces import Kind as PieceKind
from rules.pieces import pieces_of
from rules.state import GameState, Place
from scenarios.format import ScenarioError
from scenarios.names import canonical_clearing, is_copy, parts_of
from scenarios.plays import Play, Position, target_of

#: The combat decisions ``plays`` has no key for — those of a window that no standing key
#: answers and that are not a hireling's (``plays`` keys those by hireling): the scenario's
#: ``answers`` give them, in the order asked, else they take their default.
UNPLAYED = frozenset(
    k.name
    for k in COMBAT_KINDS.values()
    if k.window is not None and k.key is None and not k.for_hireling
)


def read_id(text: str) -> CombatId | None:
    """The id ``text`` if it is a combat decision's that a player is asked in a window (the
    scenario's ``plays``, battle choices or ``answers`` give it); None for any other decision's
    id."""
    where = combat_id(text)
    kind = COMBAT_KINDS.get(where.kind) if where is not None else None
    return where if kind is not None and kind.window is not None else None


def round_of(decision: Decision) -> int | None:
    """The combat round a decision belongs to; None for a decision outside combat."""
    where = combat_id(decision.id)
    return where.round if where is not None else None


@dataclass(frozen=True)
class Scene:
    """What a play's names are resolved against when it answers a decision: the pieces
    standing in the clearing (characters, denizens and native horses, with the monsters' heads
    and clubs), and each character's belongings, active weapon and chit labels; the words
    that name the spells in effect there (:func:`rules.magic.in_clearing.spells`, and the
    Flying Carpets' energized, :func:`rules.magic.in_clearing.carpets`)."""

    pieces: tuple[str, ...] = ()
    belongings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    weapons: Mapping[str, str | None] = field(default_factory=dict)
    chits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    spells: tuple[str, ...] = ()

    @classmethod
    def of(cls, catalog: Catalog, state: GameState, clearing: str) -> Scene:
        pieces = pieces_of(catalog)
        here: list[str] = []
        for piece in state.at(Place.clearing(clearing)):
            here += [piece, *parts_of(catalog, piece)]
        weapons: dict[str, str | None] = {}
        for name, sheet in state.characters.items():
            weapons[name] = next(
                (
                    p
                    for p in state.at(Place.owner(name))
                    if pieces[p].kind is PieceKind.WEAPON
                    and p in sheet.items
                    and sheet.items[p].active
                ),
                None,
            )
        return cls(
            pieces=tuple(here),
            belongings={n: tuple(state.at(Place.owner(n))) for n in state.characters},
            weapons=weapons,
            chits={n: tuple(c.label for c in s.chits) for n, s in state.characters.items()},
            spells=(
                *in_clearing.spells(state, clearing),
                *in_clearing.carpets(state, state.today.carpets, clearing),
            ),
        )


@dataclass(frozen=True)
class _Name:
    """A name in a play: a chit (or card), an item he owns, or an individual in the clearing."""

    written: str
    of: Literal["chit", "item", "individual"]


_Part = str | _Name


def answer(
    decision: Decision,
    plays: Mapping[str, Sequence[Play]],
    scene: Scene,
    given: Mapping[str, str],
) -> str:
    """The answer to the combat ``decision`` from the play of its ``who`` for its round in
    ``plays`` (by character), names resolved in ``scene``; ``given`` are the answers given so
    far, by id (a lure names each denizen once). See the module docstring."""
    where = read_id(decision.id)
    if where is None:
        raise ValueError(f"{decision.id!r} is not a combat decision's id")
    hired = kind_of(where).for_hireling
    who = decision.character if hired else where.who
    rounds = plays.get(who, ())
    index = next((i for i, p in enumerate(rounds) if p.round == where.round), None)
    if index is None:
        return _unplayed(decision, where)
    play = rounds[index]
    resolver = _Resolver(decision, where, scene, f"plays.{who}[{index}]")
    if hired:
        return _hireling(resolver, play, where)
    match where.kind:
        case "lure":
            return _lure(resolver, play.lure, given)
        case "action":
            return resolver.pick(_action(play), "action")
        case "charge":
            if play.charge is None:
                return NONE
            charged = _Name(play.charge.target, "individual")
            return resolver.pick([charged, " ", _Name(play.charge.chit, "chit")], "charge")
        case "color":
            return _colors(resolver, play)
        case "target" if play.action is not None and play.action.cast is not None:
            if isinstance(play.target, dict):
                return _spell_or_curse(resolver, play.target)
            written = [play.target] if isinstance(play.target, str) else play.target or []
            return _targets(resolver, written) if written else NONE
        case "target":
            target = target_of(play)
            named: list[_Part] | None = None if target is None else [_Name(target, "individual")]
            answer = resolver.pick(named, "target")
            if answer not in decision.options and f"{answer}{TREACHERY}" in decision.options:
                return f"{answer}{TREACHERY}"  # his own hired native (8.4.2g)
            return answer
        case "attack":
            return resolver.pick(_attack(resolver, play), "attack")
        case "maneuver":
            return resolver.pick(_maneuver(play), "maneuver")
        case "shield":
            return play.shield or decision.default
        case "place":
            return decision.default if play.place is None else _place(resolver, play.place)
        case "fatigue" | "wound":
            chits = play.fatigue if where.kind == "fatigue" else play.wound
            return decision.default if chits is None else _chits(resolver, chits, where.kind)
    return _unplayed(decision, where)


def _hireling(resolver: _Resolver, play: Play, where: CombatId) -> str:
    """The answer for one hireling from ``hireling_lure``, ``deploy`` or ``hireling_targets``,
    each keyed by the hireling (written with or without its number). A deployment's ``side``
    turns the hireling (8.3.6a.4); a mounted native's horse is then turned walking side up,
    the format having no key for it."""
    table: Mapping[str, str] | None
    sides: Mapping[str, str] = {}
    if where.kind == "hireling_lure":
        table = play.hireling_lure
    elif where.kind == "deploy":
        table = {k: v.target for k, v in play.deploy.items()} if play.deploy else None
        sides = {k: v.side for k, v in (play.deploy or {}).items() if v.side is not None}
    else:
        table = play.hireling_targets
    key = next((k for k in table or {} if k == where.who or is_copy(k, where.who)), None)
    if table is None or key is None:
        return _unplayed(resolver.decision, where)
    name = _Name(table[key], "individual")
    if key not in sides:
        return resolver.pick([name], where.kind)
    answer = NONE
    for suffix in (f", {sides[key]}", f", {sides[key]}, horse walk"):
        answer = resolver.pick([name, suffix], where.kind)
        if answer in resolver.decision.options:
            break
    return answer


def _unplayed(decision: Decision, where: CombatId) -> str:
    """What no play covering ``decision`` answers: the answer that does nothing
    (:attr:`rules.decisions.kinds.CombatKind.declined`), else — a kind with none, such as the
    shield, the placement, the fatigue and the wounds — its default."""
    declined = kind_of(where).declined
    return decision.default if declined is None else declined


class _Resolver:
    """Matches a play's text with the decision's options, and resolves its names when none
    matches (raising :class:`ScenarioError` for a name he cannot use)."""

    def __init__(self, decision: Decision, where: CombatId, scene: Scene, key: str) -> None:
        self.decision, self.where, self.scene, self.key = decision, where, scene, key

    def pick(self, parts: Sequence[_Part] | None, what: str) -> str:
        if parts is None:
            return NONE
        text = "".join(p if isinstance(p, str) else p.written for p in parts)
        if text in self.decision.options:
            return text
        pattern = "".join(_pattern(p) for p in parts)
        for option in self.decision.options:
            if re.fullmatch(pattern, option):
                return option
        return "".join(p if isinstance(p, str) else self.resolve(p, what) for p in parts)

    def resolve(self, name: _Name, what: str) -> str:
        """The piece ``name`` stands for: a chit he has (or a card he owns), an item he owns, an
        individual in the clearing; a ScenarioError if there is none."""
        who, written = self.where.who, name.written
        if name.of == "chit" and written in self.scene.chits.get(who, ()):
            return written
        if name.of == "individual":
            found = _best(written, self.scene.pieces)
            if found is None:
                raise ScenarioError(
                    f"{self.key}.{what}",
                    f"there is no {written} in {self.where.clearing} (round {self.where.round})",
                )
            return found
        found = _best(written, self.scene.belongings.get(who, ()))
        if found is None:
            thing = "chit or card" if name.of == "chit" else "item"
            raise ScenarioError(f"{self.key}.{what}", f"the {who} has no {thing} {written!r}")
        return found


def _pattern(part: _Part) -> str:
    """A regular expression for ``part``: an item or individual may carry a copy number."""
    if isinstance(part, str):
        return re.escape(part)
    if part.of == "chit":
        return re.escape(part.written)
    return re.escape(part.written) + r"(?: \d+)?"


def _best(written: str, pieces: Sequence[str]) -> str | None:
    """The piece ``written`` names among ``pieces``: itself, else the first copy of it."""
    if written in pieces:
        return written
    return next((p for p in pieces if is_copy(written, p)), None)


def _lure(resolver: _Resolver, lure: Sequence[str], given: Mapping[str, str]) -> str:
    """``yes`` if a name of ``lure`` not used by an earlier ``yes`` of his this round names the
    denizen asked about (the denizen itself before a copy of its name)."""
    where = resolver.where
    for index, written in enumerate(lure):
        if _best(written, resolver.scene.pieces) is None:
            raise ScenarioError(
                f"{resolver.key}.lure[{index}]",
                f"there is no {written} in {where.clearing} to lure (round {where.round})",
            )
    left = list(lure)
    mine = replace(where, subject=None)
    for asked, said in given.items():
        other = combat_id(asked)
        if (
            said == "yes"
            and other is not None
            and other.subject is not None
            and replace(other, subject=None) == mine
        ):
            _use(left, other.subject)
    return "yes" if where.subject is not None and _use(left, where.subject) else "no"


def _use(names: list[str], piece: str) -> bool:
    """Take from ``names`` the one that names ``piece`` (the piece itself first); False if none."""
    found = piece if piece in names else next((n for n in names if is_copy(n, piece)), None)
    if found is None:
        return False
    names.remove(found)
    return True


def _action(play: Play) -> list[_Part] | None:
    action = play.action
    if action is None:
        return None
    if action.alert is not None:
        return ["alert ", _Name(action.alert, "chit")]
    if action.unalert is not None:
        return ["unalert ", _Name(action.unalert, "chit")]
    if action.berserk is not None:
        return ["berserk ", _Name(action.berserk, "chit")]
    if action.run is not None:
        to = canonical_clearing(action.run.to)
        if action.run.horse is not None:
            return [f"run horse {action.run.horse} to {to}"]
        assert action.run.chit is not None
        return ["run ", _Name(action.run.chit, "chit"), f" to {to}"]
    if action.fly is not None:
        return [f"fly {action.fly.chit} to {action.fly.tile.upper()}"]
    if action.abandon is not None:
        return ["abandon ", _Name(action.abandon[0], "item")]
    if action.cast is not None:
        cast = action.cast
        color: list[_Part] = [", color ", _Name(cast.color_chit, "chit")] if cast.color_chit else []
        return [f"cast {cast.spell} with ", _Name(cast.chit, "chit"), *color]
    parts: list[_Part] = []
    if action.activate is not None:
        parts += ["activate ", _Name(action.activate, "item")]
    if action.deactivate is not None:
        parts += [", " if parts else "", "deactivate ", _Name(action.deactivate, "item")]
    return parts or None


def _attack(resolver: _Resolver, play: Play) -> list[_Part] | None:
    attack = play.attack
    if attack is not None and attack.chit is None:
        return [f"spell {attack.direction}"]  # after an Attack spell (8.4.5 i)
    if attack is None or attack.chit is None:
        return None
    if attack.weapon is not None:
        weapon = resolver.scene.weapons.get(resolver.where.who)
        if weapon is None or not is_copy(attack.weapon, weapon):
            raise ScenarioError(
                f"{resolver.key}.attack.weapon",
                f"{attack.weapon} is not his active weapon ({weapon or 'he has none'})",
            )
    if attack.flip is not None:
        return [_Name(attack.chit, "chit"), f" flip {attack.flip}"]
    return [_Name(attack.chit, "chit"), f" {attack.direction}"]


def _colors(resolver: _Resolver, play: Play) -> str:
    """The colour chits played beside his action (8.3.9a), each bare or energizing a spell
    (``MAGIC IV4* energizes Transform on Amazon``): the option listing them in any order (a
    target written without its number matching its copy), else as written; ``none`` for none."""
    written: list[str] = []
    for chit in play.color_chits or []:
        label = chit if isinstance(chit, str) else chit.chit
        resolver.resolve(_Name(label, "chit"), "color_chits")
        if isinstance(chit, str) or chit.energize is None:
            written.append(label)
        else:
            written.append(f"{label}{ENERGIZES}{chit.energize.spell}{ON}{chit.energize.target}")
    if not written:
        return NONE
    for option in resolver.decision.options:
        parts = [p.strip() for p in option.split(",")]
        if len(parts) == len(written) and all(_take_part(parts, w) for w in written):
            return option
    return ", ".join(written)


def _take_part(parts: list[str], written: str) -> bool:
    """Takes from ``parts`` the one ``written`` names (its target possibly without its number)."""
    head, _, target = written.rpartition(ON)

    def names(part: str) -> bool:
        if part == written:
            return True
        before, _, after = part.rpartition(ON)
        return ENERGIZES in written and before == head and _names(target, after)

    found = next((p for p in parts if names(p)), None)
    if found is None:
        return False
    parts.remove(found)
    return True


def _targets(resolver: _Resolver, written: Sequence[str]) -> str:
    """A spell's targets (8.4.2d): the option naming them with the first written first (his
    Attention chit), the others in any order; else each name resolved — an individual in the
    clearing, an item someone owns, else as written (a clearing, a tile) — in order. The
    target decision may be asked ahead, before his cast is made, with an attack's options."""
    first, rest = written[0], sorted(written[1:])
    for option in resolver.decision.options:
        names = [n.strip() for n in option.split(",")]
        if len(names) != len(written) or not _names(first, names[0]):
            continue
        others = list(names[1:])
        if all(_take(others, w) for w in rest):
            return option
    return ", ".join(_spell_target(resolver, w) for w in written)


def _spell_or_curse(resolver: _Resolver, written: Mapping[str, str]) -> str:
    """A spell in effect ``{spell, target[, caster]}`` or a Curse ``{curse, target}`` as the
    target decision offers it (:mod:`rules.magic.in_clearing`: ``Witch King's Transform on
    Amazon``, ``Amazon's Ashes``); a spell named by its card and one of its targets (and its
    caster, if given), among those the decision offers or, asked ahead of the cast, those in
    effect in the clearing."""
    if "curse" in written:
        return f"{written['target']}'s {written['curse']}"
    for option in dict.fromkeys([*resolver.decision.options, *resolver.scene.spells]):
        caster, _, rest = option.partition("'s ")
        spell, _, aims = rest.partition(" on ")
        if spell != written["spell"] or ("caster" in written and caster != written["caster"]):
            continue
        if "target" not in written or any(
            _names(written["target"], a) for a in aims.split(" and ")
        ):
            return option
    return f"{written.get('caster', '?')}'s {written['spell']} on {written.get('target', '?')}"


def _spell_target(resolver: _Resolver, written: str) -> str:
    scene = resolver.scene
    if written.startswith("MAGIC "):  # one of his own Magic chits (4.6.10c)
        return f"chit:{resolver.decision.character}/{written}"
    found = _best(written, scene.pieces)
    if found is None:
        owned = [item for items in scene.belongings.values() for item in items]
        found = _best(written, owned)
    return written if found is None else found


def _names(written: str, piece: str) -> bool:
    """Whether ``written`` names ``piece``: a piece by its name or id, or one of the
    spellcaster's Magic chits by its label (a target ``chit:<owner>/<label>``)."""
    if piece.startswith("chit:"):
        return piece.endswith(f"/{written}") and written.startswith("MAGIC ")
    return written == piece or is_copy(written, piece)


def _take(pieces: list[str], written: str) -> bool:
    found = next((p for p in pieces if _names(written, p)), None)
    if found is None:
        return False
    pieces.remove(found)
    return True


def _maneuver(play: Play) -> list[_Part] | None:
    maneuver = play.maneuver
    if maneuver is None:
        return None
    if maneuver.horse is not None:
        return [f"horse {maneuver.horse} {maneuver.direction}"]
    assert maneuver.chit is not None
    return [_Name(maneuver.chit, "chit"), f" {maneuver.direction}"]


def _place(resolver: _Resolver, boxes: Mapping[str, int]) -> str:
    """The counters on his sheet (those of the default placement) in the boxes ``boxes`` says;
    those it does not name stay where the default puts them."""
    try:
        placed = read_placement(resolver.decision.default)
    except ValueError:
        placed = {}
    counters = list(placed)
    for written, box in boxes.items():
        counter = _best(written, counters)
        if counter is None:
            raise ScenarioError(
                f"{resolver.key}.place.{written}",
                f"no {written} on the {resolver.where.who}'s sheet "
                f"(on it: {', '.join(placed) or 'nothing'})",
            )
        counters.remove(counter)
        placed[counter] = box
    return placement(placed)


def _chits(resolver: _Resolver, labels: Sequence[str], what: str) -> str:
    """The chits that pay (or take wounds): the option listing them in any order, else their
    labels as written; ``none`` for an empty list."""
    if not labels:
        return NONE
    for label in labels:
        resolver.resolve(_Name(label, "chit"), what)
    wanted = sorted(labels)
    for option in resolver.decision.options:
        if sorted(p.strip() for p in option.split(",")) == wanted:
            return option
    return ", ".join(labels)


def fixed_positions(
    catalog: Catalog, state: GameState, positions: Sequence[Position]
) -> dict[str, str]:
    """The answers fixing the ``positions`` (8.4.6), by id
    ``d{game day}/{clearing}/r{round}/positions/{sheet}`` (:class:`CombatId`), each
    ``Giant 1:2 dark, Giant's Club 1:3``: the clearing is the sheet owner's in ``state`` (the
    built state), the counters are resolved among the denizens, native horses, heads and clubs
    there, and a side is written only when given. Raises :class:`ScenarioError` for a sheet or
    counter that is not there."""
    fixed: dict[str, str] = {}
    for index, position in enumerate(positions):
        key = f"positions[{index}]"
        sheet, clearing = _sheet(catalog, state, f"{key}.sheet", position.sheet)
        counters = _counters(catalog, state, clearing)
        resolved: dict[str, str] = {}
        for written in position.boxes:
            resolved[written] = _counter(
                f"{key}.boxes.{written}", written, counters, f"in {clearing}"
            )
            counters.remove(resolved[written])
        text = ", ".join(
            f"{resolved[w]}:{box}" + (f" {position.sides[w]}" if w in position.sides else "")
            for w, box in position.boxes.items()
        )
        where = CombatId(
            day=state.game_day, clearing=clearing, round=position.round, kind="positions", who=sheet
        )
        fixed[where.format()] = text
    return fixed


def _sheet(catalog: Catalog, state: GameState, key: str, written: str) -> tuple[str, str]:
    """The owner of a Melee Section (a character, or a denizen on the map) and his clearing."""
    if written in catalog.characters and catalog.characters[written].name in state.characters:
        owner = catalog.characters[written].name
    else:
        on_map = [
            p
            for place, stack in state.stacks.items()
            if Place.split(place)[0] == "at"
            for p in stack
            if pieces_of(catalog)[p].kind in (PieceKind.MONSTER, PieceKind.NATIVE)
        ]
        owner = _counter(key, written, on_map, "on the map")
    clearing = state.clearing_of(owner)
    if clearing is None:
        raise ScenarioError(key, f"the {owner} is not on the map")
    return owner, clearing


def _counters(catalog: Catalog, state: GameState, clearing: str) -> list[str]:
    """The counters that may stand on a sheet in ``clearing``: its monsters (with their heads
    and clubs), natives and natives' horses — a hired native's own horse is held by him."""
    pieces = pieces_of(catalog)
    found: list[str] = []
    for piece in state.at(Place.clearing(clearing)):
        kind = pieces[piece].kind
        if kind in (PieceKind.MONSTER, PieceKind.NATIVE):
            found += [piece, *parts_of(catalog, piece)]
            found += [
                held
                for held in state.at(Place.owner(piece))
                if pieces[held].kind is PieceKind.HORSE
            ]
        elif kind is PieceKind.HORSE and catalog.horses[pieces[piece].name].rider is not None:
            found.append(piece)
    return found


def _counter(key: str, written: str, counters: Sequence[str], where: str) -> str:
    """The one counter of ``counters`` that ``written`` names."""
    if written in counters:
        return written
    copies = [c for c in counters if is_copy(written, c)]
    if len(copies) == 1:
        return copies[0]
    if copies:
        raise ScenarioError(
            key, f"{written} could be {' or '.join(copies)} {where}: write its number"
        )
    raise ScenarioError(key, f"there is no {written} {where}")
