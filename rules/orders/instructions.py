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
from rules.orders.targets import SEARCH_TABLE, SEARCH_TABLES, OrderError, pick, quote
from rules.orders.world import Map
from rules.phrases import Phrase, phrase
from rules.pieces import ITEM_KINDS, Kind, pieces_of
from rules.schema.action_chits import Action
from rules.schema.characters import AbilityKey, TradingPartner
from rules.schema.visitors import FaceKind

#: Standing-instruction keys and the values they take.
INSTRUCTION_KEYS: dict[str, Phrase] = {
    "block": phrase("orders.key_block"),
    "rest": (phrase("orders.key_rest")),
    "alert": (phrase("orders.key_alert")),
    "search": phrase("orders.key_search"),
    "before N": phrase("orders.key_before_n"),
    "stop following": phrase("orders.key_stop_following"),
    "drop": phrase("orders.key_drop"),
    "heavy items": phrase("orders.key_heavy_items"),
    "turn": (phrase("orders.key_turn")),
    "trade CHARACTER": phrase("orders.key_trade_character"),
    **MEETING_KEYS,
    "take": (phrase("orders.key_take")),
    "abandon": phrase("orders.key_abandon"),
    "suicide": (phrase("orders.key_suicide")),
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
            phrase("orders.trade_partner", name=quote(partner_text)),
            phrase("orders.they_are", names=tuple(others.values())),
        )
    sides: dict[str, tuple[list[str], int]] = {"give": ([], 0), "get": ([], 0)}
    for part in (p.strip() for p in value.split(";") if p.strip()):
        verb, _, rest = part.partition(" ")
        if verb.casefold() not in sides:
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                phrase("orders.trade_part", text=quote(part)),
                phrase("orders.trade_example"),
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
                    phrase("orders.trade_no_piece", text=quote(thing)),
                    phrase("orders.name_items"),
                )
        sides[verb.casefold()] = (items, gold)
    give, give_gold = sides["give"]
    mine = world.state.sheet(world.character)
    foreign = [item for item in give if item not in mine.items]
    if foreign:
        raise OrderError(
            ProblemCode.BAD_TARGET,
            phrase(
                "orders.trade_not_his",
                items=", ".join(map(quote, foreign)),
                who=world.character,
            ),
            phrase("orders.his_belongings", items=tuple(mine.items), who=world.character)
            if mine.items
            else phrase("orders.his_belongings_none", who=world.character),
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
            phrase("orders.not_allowed", key=key, text=quote(value)),
            phrase("orders.one_of", options=", ".join(options)),
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
                phrase("orders.alert_is_bare", text=quote(value)),
                phrase("orders.alert_encounter"),
            )
        return {"alert": choose(("weapon", "unalert", "none"))}
    if key == "heavy items":
        return {"keep_heavy_items": choose(("keep", "abandon")) == "keep"}
    if key == "search":
        table, rest = pick(value, SEARCH_TABLES, *SEARCH_TABLE)
        if rest:
            message = phrase("orders.more_than_a_table", text=quote(value))
            raise OrderError(ProblemCode.BAD_INSTRUCTION, message)
        return {"search": table}
    if key == "rest":
        if low.strip() == "none":
            return {"rest": ()}
        kinds = [w.strip().upper() for w in value.split(",") if w.strip()]
        allowed = ("MOVE", "FIGHT", "MAGIC")
        if not kinds or any(k not in allowed for k in kinds) or len(set(kinds)) != len(kinds):
            raise OrderError(
                ProblemCode.BAD_INSTRUCTION,
                phrase("orders.rest_order", text=quote(value)),
                phrase("orders.rest_example"),
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
                ProblemCode.BAD_INSTRUCTION,
                phrase("orders.stop_following_value", text=quote(value)),
                phrase("orders.before_3"),
            )
        return {"stop_following": int(number)}
    names = [n.strip() for n in value.split(",") if n.strip()]  # drop
    known = _others(world)
    unknown = [n for n in names if n.casefold() not in known]
    if unknown or not names:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.drop_unknown", names=", ".join(map(quote, unknown)))
            if unknown
            else phrase("orders.drop_nobody"),
            phrase("orders.characters", names=tuple(known.values())),
        )
    return {"drop_followers": tuple(known[n.casefold()] for n in names)}


def _suicide(world: Map, value: str) -> bool:
    """``suicide: at midnight`` (9.2.2a): only a character, and only in these exact words, so
    that no slip of the pen kills him."""
    if world.character not in world.state.characters:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.suicide_character"),
            phrase("orders.own_orders"),
        )
    if " ".join(value.casefold().split()) != "at midnight":
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.suicide_words", text=quote(value)),
            phrase("orders.suicide_hint"),
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
            phrase("orders.not_his_magic_chit", text=quote(value), who=world.character),
            phrase("orders.his_magic_chits", chits=tuple(labels), who=world.character)
            if labels
            else phrase("orders.his_magic_chits_none", who=world.character),
        )
    return label


def _turn(world: Map, value: str) -> str:
    """``first``, ``last`` or the individual after whose turn he takes his own (``turn: after
    Amazon``): only for a character who chooses when he takes his turn (Clever, L3850)."""
    if not sheet_has(world.catalog, world.state.sheet(world.character), AbilityKey.CLEVER):
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.turn_clever"),
            phrase("orders.turn_attention", who=world.character),
        )
    low = value.casefold()
    if low in ("first", "last"):
        return low
    name = value[6:].strip() if low.startswith("after ") else ""
    known = _others(world)
    if name.casefold() not in known:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.turn_words", text=quote(value)),
            phrase("orders.turn_example", name=next(iter(known.values()), "Amazon")),
        )
    return known[name.casefold()]


def _characters_only(world: Map, key: str) -> None:
    """7.2.4 (L1609): "Hired leaders and controlled monsters cannot take these chits"."""
    if world.character not in world.state.characters:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.tasks_character", key=key),
            phrase("orders.own_orders"),
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
            phrase("orders.no_task", names=", ".join(map(quote, unknown)))
            if unknown
            else phrase("orders.no_task_named"),
            phrase("orders.face_up", names=tuple(known)),
        )
    chosen = list(dict.fromkeys(faces[n.casefold()][1].name for n in names))
    campaigns = [name for name in chosen if faces[name.casefold()][1].kind is FaceKind.CAMPAIGN]
    if len(campaigns) > 1:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.one_campaign", campaigns=tuple(campaigns)),
            phrase("orders.keep_one_campaign"),
        )
    return tuple(chosen)


def take_warnings(world: Map, take: tuple[str, ...], abandons: bool) -> list[Phrase]:
    """Why, as he stands now, the chits ``take`` names would not be taken (7.2.4a, c): one he
    carries already, a campaign while he carries another (unless he also abandons it), any chit
    while his Fame or Notoriety is negative. Only warnings: the day may change them."""
    sheet = world.state.characters[world.character]
    faces = task_faces(world.catalog)
    carried = {task.face for task in sheet.tasks.values()}
    campaign = next((f for f in carried if faces[f.casefold()][1].kind is FaceKind.CAMPAIGN), None)
    reasons: list[Phrase] = []
    for name in take:
        if name in carried:
            reasons.append(phrase("orders.already_carries", task=name))
        elif (
            faces[name.casefold()][1].kind is FaceKind.CAMPAIGN
            and campaign is not None
            and not abandons
        ):
            reasons.append(phrase("orders.carries_campaign", task=name, campaign=campaign))
    if take and (sheet.fame < 0 or sheet.notoriety < 0):
        reasons.append(phrase("orders.negative_points"))
    return reasons


def _abandon(world: Map, value: str) -> bool:
    """``abandon: campaign`` (7.2.4j), or the campaign's name."""
    _characters_only(world, "abandon")
    face = task_faces(world.catalog).get(value.casefold())
    if value.casefold() != "campaign" and (face is None or face[1].kind is not FaceKind.CAMPAIGN):
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.abandon_campaign_only", text=quote(value)),
            phrase("orders.abandon_hint"),
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
            phrase("orders.buy_back_unknown", names=", ".join(map(quote, unknown))),
            phrase("orders.groups_and_visitors", names=tuple(groups.values())),
        )
    return {"buy_back": tuple(groups[g.casefold()] for g in _names(key, value))}


def _names(key: str, value: str) -> list[str]:
    """The comma-separated entries of a list value, at most :data:`MAX_NAMES`."""
    parts = [p.strip() for p in value.split(",") if p.strip()]
    if not parts or len(parts) > MAX_NAMES:
        raise OrderError(
            ProblemCode.BAD_INSTRUCTION,
            phrase("orders.nothing_named", key=key)
            if not parts
            else phrase("orders.too_many_names", key=key, most=MAX_NAMES),
            phrase("orders.list_example", key=key),
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
                phrase("orders.up_to_gold", text=quote(text), most=MAX_GOLD),
                phrase("orders.buy_example"),
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
    what = phrase("orders.item_or_spell") if spells else phrase("orders.an_item")
    close = difflib.get_close_matches(text[:40], list(known.values()), n=3, cutoff=0.6)
    hint = (
        phrase("orders.did_you_mean", names=tuple(close))
        if close
        else phrase("orders.by_printed_name", what=what)
    )
    message = phrase("orders.is_not", key=key, text=quote(text), what=what)
    raise OrderError(ProblemCode.BAD_INSTRUCTION, message, hint)


@cache
def _known(catalog: Catalog, *, spells: bool) -> dict[str, str]:
    """The item (and spell) names of the game, by their folded case."""
    kinds = ITEM_KINDS | ({Kind.SPELL} if spells else frozenset())
    return {p.name.casefold(): p.name for p in pieces_of(catalog) if p.kind in kinds}
