"""How many phases a character gets today, and what gives each extra one (6.2.1–6.2.2, 6.2.5).

:func:`entitlement` reads the state at Birdsong: the two Basic phases (6.2.2a L1503), the two
Sunlight phases (6.2.2b L1504: lost when he starts the day in a cave clearing or records a Move
into one; never for the Dwarf, L3713), and every extra phase (6.2.2c L1505–1508) with its source
and its limits — Special Advantages (:class:`~rules.schema.characters.ExtraPhase` effects), an
active horse (7.3.2b L1692–1698; none while he is in a cave, 6.2.2c.1 L1506), active Birdsong
cards (``extra_phase:*`` behaviours, L4270–4294) and the Toadstool Circle in his clearing
(``clearing_extra_phase:enchant``, L4292) and the spells in effect on him that give one
(:data:`rules.magic.bewitched.SPELL_PHASES`: Blend Into Background, See Hidden Signs, Sense
Danger, Blazing Light on his clearing). It also lists the sources that let him record
the enhanced activities P, RE and FL on his regular phases (6.2.1a–b L1497–1498). Which source
pays for each recorded phase (6.2.4) is :mod:`rules.orders.sources`'s business.

Everything here is pure: no state is changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.board import Board, board_for
from rules.catalog import Catalog
from rules.magic import builtin
from rules.magic.bewitched import SPELL_PHASES, phase_spells
from rules.modifiers import cards_in_clearing
from rules.orders.model import ActivityKind
from rules.phrases import Phrase, phrase
from rules.pieces import pieces_of
from rules.schema.characters import Ability, AbilityKey, ExtraPhase
from rules.schema.spells import Duration
from rules.state import GameState, Place

K = ActivityKind
#: The enhanced activities: recordable only with a source (6.2.1a–b L1497–1498).
ENHANCED = frozenset({K.PEER, K.FLY, K.REMOTE_ENCHANT})
#: The "normal" activities an any-activity extra may be used for (L3653, L4288).
NORMAL = frozenset(set(K) - ENHANCED - {K.FOLLOW})

Where = Literal["anywhere", "dwelling", "cave", "mountain"]
SourceKind = Literal["advantage", "horse", "treasure", "spell"]

_ADVANTAGE_ACTIVITIES: dict[str, frozenset[ActivityKind]] = {
    "move": frozenset({K.MOVE}),
    "rest": frozenset({K.REST}),
    "hide": frozenset({K.HIDE}),
    "alert": frozenset({K.ALERT}),
    "enchant": frozenset({K.ENCHANT, K.ENCHANT_FIRST, K.REMOTE_ENCHANT}),
    "any": NORMAL,
}
#: ``extra_phase:*`` treasure behaviours (L4276–4292): activities, place, and enhanced activity.
_TREASURE_EXTRAS: dict[str, tuple[frozenset[ActivityKind], Where, frozenset[ActivityKind]]] = {
    "move": (frozenset({K.MOVE}), "anywhere", frozenset()),
    "hide": (frozenset({K.HIDE}), "anywhere", frozenset()),
    "search": (frozenset({K.SEARCH}), "anywhere", frozenset()),
    "trade": (frozenset({K.TRADE}), "anywhere", frozenset()),
    "hire": (frozenset({K.HIRE}), "anywhere", frozenset()),
    "enchant": (frozenset({K.ENCHANT, K.ENCHANT_FIRST, K.REMOTE_ENCHANT}), "anywhere", frozenset()),
    "mountain_peer": (frozenset({K.PEER}), "mountain", frozenset({K.PEER})),
    "cave": (NORMAL, "cave", frozenset()),
}
_ENABLER_BEHAVIOURS = {"enhanced_peer": K.PEER, "remote_enchant": K.REMOTE_ENCHANT}
#: The Toadstool Circle's key: an extra Enchant phase for each character in its clearing (L4292).
_CLEARING_EXTRAS = {"clearing_extra_phase:enchant": "enchant"}
_NAMES = {
    K.MOVE: "Move",
    K.HIDE: "Hide",
    K.SEARCH: "Search",
    K.TRADE: "Trade",
    K.REST: "Rest",
    K.ALERT: "Alert",
    K.HIRE: "Hire",
    K.FOLLOW: "Follow",
    K.ENCHANT_FIRST: "Enchant",
    K.ENCHANT: "Enchant",
    K.PEER: "Peer",
    K.FLY: "Fly",
    K.REMOTE_ENCHANT: "Remote Enchant",
    K.CACHE: "Cache",
    K.BLANK: "blank",
}


def activity_name(kind: ActivityKind) -> str:
    """The activity's name as the Daylight Activities table gives it (L5509–5531)."""
    return _NAMES[kind]


@dataclass(frozen=True)
class ExtraSource:
    """One source of extra phases (6.2.2c L1505): its name as the player writes it in
    parentheses, what gives it, the activities its phase may be used for (6.2.4a), where the
    phase must start (6.2.4b; ``target_where``: where the recorded clearing must be), the
    enhanced activities it enables in its own phase, and whether it is a pony (6.2.4c: any number
    of Moves, each after a Move from another source)."""

    name: str
    kind: SourceKind
    activities: frozenset[ActivityKind]
    where: Where = "anywhere"
    target_where: Where = "anywhere"
    enables: frozenset[ActivityKind] = frozenset()
    pony: bool = False
    rule: str = ""

    @property
    def flexible(self) -> bool:
        """True for an extra that fits any normal activity (Reputation, Shielded Lantern)."""
        return self.activities == NORMAL

    @property
    def what(self) -> Phrase:
        """``"extra Move"``, ``"extra phase for any activity, started at a dwelling"``."""
        if self.pony:
            return phrase("orders.pony_moves")
        if self.flexible:
            what = phrase("orders.extra_any")
        else:
            plain = sorted(self.activities - ENHANCED) or sorted(self.activities)
            names = "/".join(dict.fromkeys(activity_name(k) for k in plain))
            what = phrase("orders.extra_for", activities=names)
        if self.where == "anywhere":
            return what
        if self.where == "dwelling":
            return phrase("orders.at_dwelling", what=what)
        if self.where == "cave":
            return phrase("orders.in_cave_clearing", what=what)
        return phrase("orders.in_mountain_clearing", what=what)

    def describe(self) -> Phrase:
        """:attr:`what` and the name: ``"extra Move (Stamina)"``."""
        return phrase("orders.extra_named", what=self.what, name=self.name)


@dataclass(frozen=True)
class Entitlement:
    """A character's phases today (6.2.2): ``basic`` and ``sunlight`` counts (``no_sunlight``
    says why he has none, ``sunlight_lost`` how many a cave took from him), his ``extras``, the
    ``enablers`` of enhanced activities on regular phases (activity, source name), and
    ``unavailable`` sources he has but cannot use today (name, reason)."""

    character: str
    clearing: str | None
    basic: int = 2
    sunlight: int = 2
    no_sunlight: Phrase | None = None
    sunlight_lost: int = 0
    extras: tuple[ExtraSource, ...] = ()
    enablers: tuple[tuple[ActivityKind, str], ...] = ()
    unavailable: tuple[tuple[str, Phrase], ...] = ()
    normal: frozenset[ActivityKind] = frozenset()
    """Enhanced activities that are normal ones for him: a familiar's Peer (L3926, L1807)."""

    @property
    def total(self) -> int:
        """Phases today, not counting pony Moves (which depend on his other Moves)."""
        return self.basic + self.sunlight + sum(1 for e in self.extras if not e.pony)

    def extra(self, name: str) -> ExtraSource | None:
        """The extra source called ``name`` (exactly), or None."""
        return next((e for e in self.extras if e.name == name), None)

    def enablers_of(self, kind: ActivityKind) -> tuple[str, ...]:
        """The sources that let him record enhanced ``kind`` on any of his phases."""
        return tuple(name for k, name in self.enablers if k is kind)

    def enhanced(self, kind: ActivityKind) -> bool:
        """Whether ``kind`` is an enhanced activity for him, that needs a source (6.2.1a)."""
        return kind in ENHANCED and kind not in self.normal

    def can_record(self, kind: ActivityKind) -> bool:
        """Whether some source lets him record ``kind`` (always, for non-enhanced ones)."""
        return (
            not self.enhanced(kind)
            or bool(self.enablers_of(kind))
            or any(kind in e.enables for e in self.extras)
        )

    def describe(self) -> Phrase:
        """``"5 phases today: 2 basic, 2 sunlight, 1 extra Move (Stamina)"``."""
        parts = [phrase("orders.basic_count", count=self.basic)]
        if self.sunlight:
            parts.append(phrase("orders.sunlight_count", count=self.sunlight))
        parts += [
            phrase("orders.one_extra", extra=e.describe()) if not e.pony else e.describe()
            for e in self.extras
        ]
        return phrase("orders.phases_today", total=self.total, parts=tuple(parts))


def every_chit_down(state: GameState, character: str) -> bool:
    """9.1.1c (L2894): "When all of a character's chits are fatigued, wounded, or dedicated to
    spells, the only activity he can record and carry out is a Rest phase" — a character's, as
    he stands at Birdsong (a hireling or a familiar has no chits)."""
    sheet = state.characters.get(character)
    if sheet is None or sheet.dead or not sheet.chits:
        return False
    return all(chit.status != "active" for chit in sheet.chits)


def clearing_qualities(board: Board, state: GameState, clearing: str) -> frozenset[str]:
    """What matters about a clearing for extra phases: its type (``"cave"``, ``"mountain"`` or
    ``"woods"``) and ``"dwelling"`` when a dwelling or campfire stands there (L3653)."""
    found = {str(board.clearing_type(clearing))}
    if board.catalog.dwellings.any_in(state.at(Place.clearing(clearing))):
        found.add("dwelling")
    return frozenset(found)


def entitlement(
    catalog: Catalog,
    state: GameState,
    character: str,
    *,
    cave_moves: Sequence[str] = (),
) -> Entitlement:
    """The phases ``character`` gets today (6.2.2), from the state at Birdsong.

    ``cave_moves`` are the cave clearings his recorded Moves enter: any of them costs him his
    Sunlight phases (6.2.2b L1504). Sources come from his advantages at his level, his active
    horse (not while he is in a cave, 6.2.2c.1) and his active Birdsong cards (6.2.2c.1: active at
    Birdsong). A hired leader or controlled monster has two Basic and two Sunlight phases and
    the extra Moves of the native horse he rides (6.2.5, 7.3.2e.1), but no Special Advantages
    (7.7.1f.1). A familiar has two Basic and two Sunlight phases too, and its Peer is a normal
    activity for it (L3926). The spells in effect that give an extra phase give it to anyone
    they name, character or not (:func:`rules.magic.bewitched.phase_spells`).
    """
    sheet = state.sheet(character)
    advantages = (
        catalog.characters[character].advantages_at(sheet.level)
        if character in state.characters
        else ()
    )
    here = state.clearing_of(character)
    board = board_for(catalog, state.tiles)
    in_cave = here is not None and "cave" in clearing_qualities(board, state, here)

    extras: list[ExtraSource] = []
    unavailable: list[tuple[str, Phrase]] = []
    no_sunlight: Phrase | None = None
    sunlight_lost = 0
    for advantage in advantages:
        gives = [e for e in advantage.effects if isinstance(e, ExtraPhase)]
        for effect in gives:
            extras.append(
                ExtraSource(
                    advantage.name,
                    "advantage",
                    _ADVANTAGE_ACTIVITIES[effect.activity],
                    where=effect.where,
                    rule=f"L{advantage.line}",
                )
            )
        if any(
            isinstance(e, Ability) and e.key is AbilityKey.NO_SUNLIGHT_PHASES
            for e in advantage.effects
        ):
            no_sunlight = phrase("orders.advantage_line", name=advantage.name, line=advantage.line)
        if not gives:
            why = phrase("orders.gives_no_extra_phase", name=advantage.name)
            unavailable.append((advantage.name, why))

    carried = frozenset(state.at(Place.owner(character)))
    for piece, item in sheet.items.items():
        if piece not in carried:
            continue
        if piece in catalog.horses:
            _horse(catalog, piece, item.active, in_cave, extras, unavailable)
        elif piece in catalog.treasures:
            _treasure(catalog, piece, item.active, extras, unavailable)

    if here is not None and character in state.characters:
        _clearing_cards(catalog, state, here, extras)
    for name in phase_spells(state, character):
        phase = SPELL_PHASES[name]
        activities = NORMAL if phase.activity is None else frozenset({phase.activity})
        where: Where = "cave" if phase.cave else "anywhere"
        extras.append(ExtraSource(name, "spell", activities, where, rule=f"L{phase.line}"))

    if no_sunlight is None and in_cave:
        no_sunlight = phrase("orders.start_in_cave", clearing=here)
        sunlight_lost = 2
    elif no_sunlight is None and cave_moves:
        no_sunlight = phrase("orders.move_into_cave", clearings=tuple(dict.fromkeys(cave_moves)))
        sunlight_lost = 2
    enablers = [
        (_ENABLER_BEHAVIOURS[b], piece)
        for piece, item in sheet.items.items()
        if item.active and piece in catalog.treasures
        for b in catalog.treasures[piece].behaviour
        if b in _ENABLER_BEHAVIOURS
    ]
    enablers += [
        (K.FLY, piece)
        for piece, item in sheet.items.items()
        if item.active
        and piece in catalog.treasures
        and (spell := catalog.treasures[piece].built_in_spell) is not None
        and spell.fly is not None
    ]
    enablers += [(K.FLY, spell) for spell in _fly_spells(catalog, state, character)]
    return Entitlement(
        character=character,
        clearing=here,
        sunlight=0 if no_sunlight else 2,
        no_sunlight=no_sunlight,
        sunlight_lost=sunlight_lost,
        extras=tuple(extras),
        enablers=tuple(enablers),
        unavailable=tuple(unavailable),
        normal=frozenset({K.PEER}) if character in state.familiars else frozenset(),
    )


def _fly_spells(catalog: Catalog, state: GameState, character: str) -> list[str]:
    """The Fly spells in effect whose target he is: each an unused Fly chit that lets him
    record FL (4.6.7e, 6.2.1a; 7.3.3a.1 lets him record it even without one, but 6.2.1a's
    "only if he has the appropriate ... spell" is the check the parser makes of every enhanced
    activity)."""
    return [
        spell.spell
        for spell in state.spells
        if spell.targets[:1] == [character]
        and spell.spell in catalog.spells
        and builtin.card(catalog, spell.spell).duration is Duration.FLY
    ]


def _horse(
    catalog: Catalog,
    piece: str,
    active: bool,
    in_cave: bool,
    extras: list[ExtraSource],
    unavailable: list[tuple[str, Phrase]],
) -> None:
    """A horse's extra Moves (7.3.2b L1692–1698): workhorse one, pony one after each other Move,
    warhorse none; only if active at Birdsong and not in a cave (6.2.2c.1 L1506)."""
    horse = catalog.horses[piece]
    if horse.move_bonus is None:
        unavailable.append((piece, phrase("orders.warhorse", horse=piece)))
    elif in_cave:
        unavailable.append((piece, phrase("orders.horse_in_cave")))
    elif not active:
        unavailable.append((piece, phrase("orders.inactive_at_birdsong", piece=piece)))
    else:
        pony = horse.move_bonus == "double"
        rule = "7.3.2b.3 L1698" if pony else "7.3.2b.2 L1696"
        extras.append(ExtraSource(piece, "horse", frozenset({K.MOVE}), pony=pony, rule=rule))


def _treasure(
    catalog: Catalog,
    piece: str,
    active: bool,
    extras: list[ExtraSource],
    unavailable: list[tuple[str, Phrase]],
) -> None:
    """A Birdsong card's extra phase (L4276–4292); the card must be active (6.2.2c.1)."""
    for behaviour in catalog.treasures[piece].behaviour:
        kind, _, what = behaviour.partition(":")
        if kind != "extra_phase" or what not in _TREASURE_EXTRAS:
            continue
        if not active:
            unavailable.append((piece, phrase("orders.inactive_at_birdsong", piece=piece)))
            continue
        activities, where, enables = _TREASURE_EXTRAS[what]
        target: Where = "mountain" if what == "mountain_peer" else "anywhere"
        extras.append(
            ExtraSource(piece, "treasure", activities, where, target, enables, rule="L4278")
        )


def _clearing_cards(
    catalog: Catalog, state: GameState, clearing: str, extras: list[ExtraSource]
) -> None:
    """The extra phases the cards in his clearing give whoever is there (L4292): the Toadstool
    Circle, once drawn, "allows each character in its clearing to record an extra phase to do the
    Enchant activity, if he is in that clearing both when he records the phase and when he does
    it" — the first here, at Birdsong."""
    pieces = pieces_of(catalog)
    for card in cards_in_clearing(catalog, state, clearing):
        for behaviour in catalog.treasures[pieces[card].name].behaviour:
            if behaviour in _CLEARING_EXTRAS:
                activities, where, enables = _TREASURE_EXTRAS[_CLEARING_EXTRAS[behaviour]]
                extras.append(
                    ExtraSource(card, "treasure", activities, where, enables=enables, rule="L4292")
                )
