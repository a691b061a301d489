"""Standing instructions: the ``key: value`` lines of an order message and what they set.

:data:`INSTRUCTION_KEYS` lists the keys and the values they take; :func:`instruction` reads one
line's value into the fields of :class:`~rules.orders.model.Instructions` — when he blocks (7.12),
the order Rest returns chits in (7.8.2), what a bare Alert (7.9) and a bare Search (7.5) do, when he
stops following (7.11.5), whom a hidden guide leaves behind (7.11.6a), and whether he keeps items
too heavy for his horse or Boots (7.3.2a). ``before N:`` rearrangements (7.2.2) are read with the
phases, by :class:`rules.orders.reader.Reader`.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import cache

from rules.catalog import Catalog
from rules.chits import printed
from rules.daylight.hirelings import is_actor
from rules.daylight.missions import task_faces
from rules.glossary import read_name
from rules.modifiers import sheet_has
from rules.orders.combat import CLAUSE_KEYS
from rules.orders.meetings import MEETING_KEYS, Wish
from rules.orders.problems import ProblemCode
from rules.orders.targets import SEARCH_TABLES, Map, OrderError, pick, quote
from rules.pieces import ITEM_KINDS, Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.characters import AbilityKey, TradingPartner
from rules.schema.visitors import FaceKind

#: Standing-instruction keys and the values they take.
INSTRUCTION_KEYS: dict[str, str] = {
    "block": "never | unhidden | all (7.12; default never)",
    "rest": (
        "the order Rest returns chits, e.g. 'move, fight, magic' (7.8.2); 'none': a follower "
        "does not rest when his guide rests (7.11.6f)"
    ),
    "alert": (
        "weapon | unalert | none | a Magic chit: what a bare A does, his own or his guide's "
        "when he follows (7.9, 7.11.6f)"
    ),
    "search": "the table a bare S uses: Locate, Peer, Loot, Reading Runes, Magic Sight (7.5)",
    "before N": "activate X; deactivate Y; abandon Z — his items, at the start of phase N (7.2.2)",
    "stop following": "before N: stop following at the start of the guide's phase N (7.11.5)",
    "drop": "characters a hidden guide leaves behind when he moves, e.g. 'Elf, Dwarf' (7.11.6a)",
    "heavy items": "keep | abandon: an item too heavy for his horse or Boots (7.3.2a)",
    "turn": (
        "first | last | after NAME: when a character who chooses it takes his turn (the "
        "Swordsman's Clever, L3850; default last)"
    ),
    "trade CHARACTER": "give X, N gold; get Y — made if his orders say the same (7.2.1)",
    **MEETING_KEYS,
    "take": (
        "mission and campaign chits to take when one is in his clearing at the start of a phase, "
        "e.g. 'Food/Ale, Raid' (7.2.4)"
    ),
    "abandon": "campaign: abandon his campaign once none of its foes is on the map (7.2.4j)",
    "suicide": (
        "at midnight: he kills himself at Midnight of this day; his belongings are abandoned in "
        "his clearing and his player sits out a full day before starting again (9.2.2a)"
    ),
    **CLAUSE_KEYS,
}


def _is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits."""
    return bool(text) and text.isascii() and text.isdigit()


def _number_before(text: str, word: str) -> int | None:
    """The number in ``text`` written ``N word`` (``5 gold``, ``5gold``; any case), or None."""
    low = text.casefold()
    if not low.endswith(word):
        return None
    number = low[: -len(word)].rstrip()
    return int(number) if _is_number(number) else None


def trade(world: Map, partner_text: str, value: str) -> dict[str, object]:
    """A ``trade Elf: give Mace 1, 5 gold; get Light Bow 1`` line (7.2.1): the partner must be
    another character, hired leader or controlled monster in the game (7.2.1, 7.7.2a.1), what he
    gives must be his own, gold amounts whole numbers."""
    state = world.state
    actors = [*state.characters, *(m for m in state.minions if is_actor(world.catalog, state, m))]
    others = {n.casefold(): n for n in actors if n != world.character}
    partner = others.get(partner_text.casefold())
    if partner is None:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"trade: {quote(partner_text)} is not another character, hired leader or controlled"
            " monster in the game",
            f"they are: {', '.join(others.values())}",
        )
    sides: dict[str, tuple[list[str], int]] = {"give": ([], 0), "get": ([], 0)}
    for part in (p.strip() for p in value.split(";") if p.strip()):
        verb, _, rest = part.partition(" ")
        if verb.casefold() not in sides:
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                f"trade: {quote(part)}",
                "e.g. 'trade Elf: give Mace 1, 5 gold; get Light Bow 1'",
            )
        items, gold = [], 0
        for thing in (t.strip() for t in rest.split(",") if t.strip()):
            if thing.casefold() == "nothing":
                continue
            amount = _number_before(thing, "gold")
            if amount is not None:
                gold += amount
            elif thing in pieces_of(world.catalog):
                items.append(thing)
            else:
                raise OrderError(
                    ProblemCode.BAD_TARGET,
                    f"trade: {quote(thing)} is no piece of the game",
                    "name items as the game does, e.g. 'Mace 1', 'Light Bow 2'",
                )
        sides[verb.casefold()] = (items, gold)
    give, give_gold = sides["give"]
    mine = world.state.sheet(world.character)
    foreign = [item for item in give if item not in mine.items]
    if foreign:
        raise OrderError(
            ProblemCode.BAD_TARGET,
            f"trade: {', '.join(map(quote, foreign))} is not his",
            f"his belongings: {', '.join(mine.items) or 'none'}",
        )
    get, get_gold = sides["get"]
    return {
        "partner": partner,
        "give": tuple(give),
        "give_gold": give_gold,
        "get": tuple(get),
        "get_gold": get_gold,
    }


def _choose(key: str, value: str, options: Sequence[str]) -> str:
    """``value`` as one of ``options`` (any case), or a ``bad-instruction`` naming them."""
    low = value.casefold()
    if low not in options:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"{key}: {quote(value)} is not allowed",
            f"one of {', '.join(options)}",
        )
    return low


def instruction(world: Map, key: str, value: str) -> dict[str, object]:
    """The :class:`~rules.orders.model.Instructions` fields one ``key: value`` line sets."""
    low = value.casefold()

    def choose(options: Sequence[str]) -> str:
        return _choose(key, value, options)

    if key == "block":
        return {"block": choose(("never", "unhidden", "all"))}
    if key == "alert":
        if low.startswith("magic"):
            return {"alert": _magic_chit(world, value)}
        if low.startswith("fight"):
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                f"alert: {quote(value)}: 'alert' is what a bare A does (7.9)",
                "for combat's Encounter action write e.g. 'encounter: alert FIGHT L3*' (8.3.7)",
            )
        return {"alert": choose(("weapon", "unalert", "none"))}
    if key == "heavy items":
        return {"keep_heavy_items": choose(("keep", "abandon")) == "keep"}
    if key == "search":
        table, rest = pick(value, SEARCH_TABLES, "Search table")
        if rest:
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION, f"search: {quote(value)} names more than a table"
            )
        return {"search": table}
    if key == "rest":
        if low.strip() == "none":
            return {"rest": ()}
        kinds = [w.strip().upper() for w in value.split(",") if w.strip()]
        allowed = ("MOVE", "FIGHT", "MAGIC")
        if not kinds or any(k not in allowed for k in kinds) or len(set(kinds)) != len(kinds):
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                f"rest: {quote(value)} is not an order of chit kinds",
                "e.g. 'rest: fight, move, magic'",
            )
        return {"rest": tuple(kinds)}
    if key == "turn":
        return {"turn": _turn(world, value)}
    if key == "take":
        return {"take": _take(world, value)}
    if key == "abandon":
        return {"abandon_campaign": _abandon(world, value)}
    if key == "suicide":
        return {"suicide": _suicide(world, value)}
    if key == "stop following":
        words = low.split()
        number = words[-1] if words and words[:-1] in ([], ["before"]) else ""
        if not _is_number(number) or int(number) < 1:
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION, f"stop following: {quote(value)}", "e.g. 'before 3'"
            )
        return {"stop_following": int(number)}
    names = [n.strip() for n in value.split(",") if n.strip()]  # drop
    known = _others(world)
    unknown = [n for n in names if n.casefold() not in known]
    if unknown or not names:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"drop: {', '.join(map(quote, unknown)) or 'nobody'} is not another character here",
            f"characters: {', '.join(known.values())}",
        )
    return {"drop_followers": tuple(known[n.casefold()] for n in names)}


def _suicide(world: Map, value: str) -> bool:
    """``suicide: at midnight`` (9.2.2a): only a character, and only in these exact words, so
    that no slip of the pen kills him."""
    if world.character not in world.state.characters:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            "suicide: only a character can kill himself at Midnight (9.2.2a)",
            "drop this line, or give it in the character's own orders",
        )
    if " ".join(value.casefold().split()) != "at midnight":
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"suicide: {quote(value)} is not 'at midnight'",
            "write 'suicide: at midnight' to kill your character at Midnight of this day "
            "(9.2.2a): he leaves play for good and you sit out a full day before starting again "
            "with a new character (9.1.2)",
        )
    return True


def _magic_chit(world: Map, value: str) -> str:
    """One of his Magic chits, by its label (``MAGIC III4*``), for ``alert:`` (7.9.3)."""
    labels = [
        chit.label
        for chit in world.state.sheet(world.character).chits
        if printed(chit.label).action is Action.MAGIC
    ]
    label = " ".join(value.split()).upper()
    if label not in labels:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"alert: {quote(value)} is not one of his Magic chits",
            f"his Magic chits: {', '.join(labels) or 'none'}",
        )
    return label


def _turn(world: Map, value: str) -> str:
    """``first``, ``last`` or the individual after whose turn he takes his own (``turn: after
    Amazon``): only for a character who chooses when he takes his turn (Clever, L3850)."""
    if not sheet_has(world.catalog, world.state.sheet(world.character), AbilityKey.CLEVER):
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            "turn: only a character who chooses when he takes his turn (the Swordsman's Clever, "
            "L3850) records it",
            "drop this line: his turn comes when his Attention chit is picked (7.1.1)",
        )
    low = value.casefold()
    if low in ("first", "last"):
        return low
    name = value[6:].strip() if low.startswith("after ") else ""
    known = _others(world)
    if name.casefold() not in known:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"turn: {quote(value)} is not 'first', 'last' or 'after' someone in the game",
            f"e.g. 'turn: after {next(iter(known.values()), 'Amazon')}'",
        )
    return known[name.casefold()]


def _characters_only(world: Map, key: str) -> None:
    """7.2.4 (L1609): "Hired leaders and controlled monsters cannot take these chits"."""
    if world.character not in world.state.characters:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"{key}: only a character takes mission and campaign chits; hired leaders and "
            "controlled monsters cannot (7.2.4, L1609)",
            "drop this line, or give it in the character's own orders",
        )


def _take(world: Map, value: str) -> tuple[str, ...]:
    """``take: Food/Ale, Raid`` (7.2.4): mission and campaign faces, each once, at most one
    campaign (7.2.4a). Whether each can be taken is seen when he does it."""
    _characters_only(world, "take")
    faces = task_faces(world.catalog)
    names = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n.casefold() not in faces]
    if unknown or not names:
        known = sorted({face.name for _, face in faces.values()})
        raise OrderError(
            ProblemCode.BAD_TARGET,
            f"take: {', '.join(map(quote, unknown)) or 'nothing'} is no mission or campaign chit",
            f"name the face up on the chit: {', '.join(known)}",
        )
    chosen = list(dict.fromkeys(faces[n.casefold()][1].name for n in names))
    campaigns = [name for name in chosen if faces[name.casefold()][1].kind is FaceKind.CAMPAIGN]
    if len(campaigns) > 1:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"take: {', '.join(campaigns)}: a character can have no more than one campaign chit "
            "at a time (7.2.4a)",
            "keep one campaign; missions may be added",
        )
    return tuple(chosen)


def take_warnings(world: Map, take: tuple[str, ...], abandons: bool) -> list[str]:
    """Why, as he stands now, the chits ``take`` names would not be taken (7.2.4a, c): one he
    carries already, a campaign while he carries another (unless he also abandons it), any chit
    while his Fame or Notoriety is negative. Only warnings: the day may change them."""
    sheet = world.state.characters[world.character]
    faces = task_faces(world.catalog)
    carried = {task.face for task in sheet.tasks.values()}
    campaign = next((f for f in carried if faces[f.casefold()][1].kind is FaceKind.CAMPAIGN), None)
    reasons: list[str] = []
    for name in take:
        if name in carried:
            reasons.append(f"take: he already carries the {name}")
        elif (
            faces[name.casefold()][1].kind is FaceKind.CAMPAIGN
            and campaign is not None
            and not abandons
        ):
            reasons.append(
                f"take: {name}: he carries the {campaign}, and no more than one campaign chit "
                "at a time (7.2.4a); it is taken only once the other is done"
            )
    if take and (sheet.fame < 0 or sheet.notoriety < 0):
        reasons.append(
            "take: with negative Fame or Notoriety he can take no chit (7.2.4c), unless he "
            "gains points first"
        )
    return reasons


def _abandon(world: Map, value: str) -> bool:
    """``abandon: campaign`` (7.2.4j), or the campaign's name."""
    _characters_only(world, "abandon")
    face = task_faces(world.catalog).get(value.casefold())
    if value.casefold() != "campaign" and (face is None or face[1].kind is not FaceKind.CAMPAIGN):
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"abandon: {quote(value)}: only a campaign can be abandoned (7.2.4j)",
            "write 'abandon: campaign'; items are abandoned with 'before N: abandon X'",
        )
    return True


def _others(world: Map) -> dict[str, str]:
    """Every other individual in the game — characters and hirelings — by his name folded."""
    return {
        n.casefold(): n
        for n in (*world.state.characters, *world.state.minions)
        if n != world.character
    }


# --- Trade and Hire (7.6, 7.7.1; rules.orders.meetings) ---------------------------------------

#: The most names one list may hold.
MAX_NAMES = 20
#: The most gold an ``up to`` may name.
MAX_GOLD = 999


def meeting(catalog: Catalog, key: str, value: str) -> dict[str, object]:
    """The :class:`~rules.orders.meetings.MeetingOrders` fields one Trade or Hire line sets
    (:data:`~rules.orders.meetings.MEETING_KEYS`)."""

    def choose(options: Sequence[str]) -> str:
        return _choose(key, value, options)

    if key == "buy":
        return {"buy": tuple(_wish(catalog, part) for part in _names(key, value))}
    if key in ("sell", "pay with"):
        names = tuple(_name(catalog, part, key, spells=False) for part in _names(key, value))
        return {key.replace(" ", "_"): names}
    if key == "drinks":
        return {"drinks": choose(("yes", "no")) == "yes"}
    if key in ("boons", "insults", "challenges", "new items", "hire"):
        options = {
            "boons": ("take", "price", "decline"),
            "insults": ("pay", "refuse"),
            "challenges": ("pay", "refuse"),
            "new items": ("keep", "activate", "abandon"),
            "hire": ("new", "rehire"),
        }[key]
        return {key.replace(" ", "_"): choose(options)}
    groups = {str(p).casefold(): str(p) for p in TradingPartner}  # buy back
    unknown = [g for g in _names(key, value) if g.casefold() not in groups]
    if unknown:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"buy back: {', '.join(map(quote, unknown))} is not a native group or visitor",
            f"groups and visitors: {', '.join(groups.values())}",
        )
    return {"buy_back": tuple(groups[g.casefold()] for g in _names(key, value))}


def _names(key: str, value: str) -> list[str]:
    """The comma-separated entries of a list value, at most :data:`MAX_NAMES`."""
    parts = [p.strip() for p in value.split(",") if p.strip()]
    if not parts or len(parts) > MAX_NAMES:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            f"{key}: {'nothing is named' if not parts else f'more than {MAX_NAMES} names'}",
            f"e.g. '{key}: Mace, Helmet'",
        )
    return parts


def _wish(catalog: Catalog, text: str) -> Wish:
    """``Shield up to 14`` or ``Power Boots``."""
    words = text.split()
    up_to: int | None = None
    if len(words) >= 3 and [w.casefold() for w in words[-3:-1]] == ["up", "to"]:
        number = words[-1].casefold().removesuffix("gold")
        if not (number.isascii() and number.isdigit()) or int(number) > MAX_GOLD:
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                f"buy: {quote(text)}: 'up to' needs a number of gold, 0 to {MAX_GOLD}",
                "e.g. 'buy: Shield up to 14'",
            )
        up_to = int(number)
        words = words[:-3]
    return Wish(name=_name(catalog, " ".join(words), "buy", spells=True), up_to=up_to)


def _name(catalog: Catalog, text: str, key: str, *, spells: bool) -> str:
    """The item (or spell) ``text`` names, as printed, whatever its case (or by its term in
    another language: ``Escudo``)."""
    known = _known(catalog, spells=spells)
    found = known.get(text.casefold()) or known.get((read_name(text) or "").casefold())
    if found is not None:
        return found
    what = "an item or spell" if spells else "an item"
    close = difflib.get_close_matches(text[:40], list(known.values()), n=3, cutoff=0.6)
    hint = f"did you mean {', '.join(close)}?" if close else f"{what} by its printed name"
    raise OrderError(ProblemCode.BAD_INSTRUCTION, f"{key}: {quote(text)} is not {what}", hint)


@cache
def _known(catalog: Catalog, *, spells: bool) -> dict[str, str]:
    """The item (and spell) names of the game, by their folded case."""
    kinds = ITEM_KINDS | ({Kind.SPELL} if spells else frozenset())
    return {p.name.casefold(): p.name for p in pieces_of(catalog) if p.kind in kinds}
