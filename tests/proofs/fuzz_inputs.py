"""The fuzz suite's inputs (issue 20): texts a person may send, made from the order language.

:class:`Grammar` builds valid orders from the game's own words (activities with clearings,
tables, groups and sources; standing instructions; combat keys) and :func:`mutate` spoils them
the ways people and attackers do: tokens dropped, doubled or swapped, random targets, runs of
whitespace, mentions, Markdown and BBCode, lone surrogates and control characters, texts padded
to the message limits (4,000 characters, 60 lines, 40 phases) and just past them. Every input
is a pure function of a seed and its index (:func:`nth_input`), so a finding is replayed from
its number alone. :func:`texts` is the same for hypothesis (the quick form).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from rules.orders.problems import MAX_CHARS, MAX_LINES, MAX_PHASES

ACTIVITIES = ("M", "H", "S", "R", "A", "T", "HR", "EM", "E", "P", "FL", "RE", "C", "-")
LONG_NAMES = ("Move", "Hide", "Search", "Rest", "Alert", "Trade", "Hire", "Fly", "Follow")
TABLES = ("Loot", "Peer", "Locate", "Reading Runes", "Magic Sight", "Loot pile", "Loot HOARD 6")
GROUPS = ("Company", "Patrol", "Woodfolk", "Guard", "Bashkars", "Rogues", "Order", "Lancers")
SOURCES = ("(Stamina)", "(pony)", "(Crystal Ball)", "(Reputation)", "(Sunlight)", "(Flying Carpet)")
CHARACTERS = ("Amazon", "Black Knight", "Captain", "Dwarf", "Magician", "Wizard", "Witch")
INSTRUCTIONS = (
    "block: never",
    "block: unhidden",
    "block: all",
    "rest: fight, move",
    "rest: none",
    "alert: weapon",
    "alert: none",
    "search: Peer",
    "before 2: activate Pony M3/M4",
    "before 3: deactivate Crystal Ball",
    "stop following: before 3",
    "drop: Dwarf",
    "heavy items: abandon",
    "turn: after Amazon",
    "turn: first",
    "trade Dwarf: give Crystal Ball, 3 gold; get Pony M3/M4",
    "take: Crystal Ball",
    "abandon: campaign",
    "suicide: at midnight",
    "target: any attacker on my sheet",
    "attack: FIGHT H4** thrust",
    "maneuver: fastest if an attacker is on me; none",
    "run: MOVE M3* to the road I came by if I have 3 wounds",
    "lure: Giant",
    "round 2: attack FIGHT H4** swing",
)
SETUP_LINES = (
    "start: Guard house",
    "start: Inn",
    "victory: fame 2, gold 3",
    "victory: great treasures 1, spells 1, fame 1, notoriety 1, gold 1",
    "spells: Absorb Essence, Peace",
    "enchant: MAGIC III4*",
)
SETTINGS_VALUES = ("yes", "no", "12", "0.25", "48", "72.5", "20:00", "Europe/Paris", "0,2,4", "4")
#: What an attacker pastes: mentions, Markdown, BBCode, HTML, links and odd characters.
HOSTILE = (
    "@everyone",
    "@here",
    "<@123456789012345678>",
    "<@!123456789012345678>",
    "<@&123456789012345678>",
    "<#123456789012345678>",
    "</gm:123456789012345678>",
    "**bold**",
    "__under__",
    "~~strike~~",
    "||spoiler||",
    "`code`",
    "```\nfence\n```",
    "> quote",
    ">>> quote",
    "# heading",
    "-# small",
    "- item",
    "[link](https://evil.example)",
    "[b]bold[/b]",
    "[url=https://evil.example]x[/url]",
    "[/code]",
    "<script>alert(1)</script>",
    "\\",
    "\\*",
    "\u200b",
    "\u202e",
    "\ufeff",
    "é",
    "Ⅳ",
    "²",
    "\U0001f600",
)
#: Characters that are not text: control characters and lone surrogates.
NOT_TEXT = ("\x00", "\x07", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\ud800", "\udfff", "\udc00")
#: The longest text a person can send: Discord's limit on a command's options (a DM is 4,000).
MAX_INPUT = 6_000
SPACES = (" ", "  ", "\t", " " * 50, "\n", "\r\n", "\n\n\n", "\u00a0", "\u2028", "\u3000")


@dataclass(frozen=True)
class Grammar:
    """The order language's words for one game: its clearings and tiles (from the board)."""

    clearings: tuple[str, ...]
    tiles: tuple[str, ...]

    def target(self, rng: random.Random, kind: str) -> str:
        """A target a phase of ``kind`` may name, or often one it may not (a random target)."""
        if rng.random() < 0.15:
            return rng.choice((*self.clearings, *self.tiles, *GROUPS, *TABLES, *CHARACTERS))
        match kind:
            case "M" | "P" | "RE" | "Move":
                return rng.choice(self.clearings)
            case "FL" | "Fly":
                return rng.choice(self.tiles)
            case "S" | "Search":
                table = rng.choice(TABLES)
                return f"Peer {rng.choice(self.clearings)}" if table == "Peer" else table
            case "T" | "HR" | "Trade" | "Hire":
                return rng.choice(GROUPS)
            case "A" | "Alert":
                return rng.choice(("", "weapon", "unalert"))
        return ""

    def phase(self, rng: random.Random) -> str:
        """One phase: an activity, its target, maybe a source and a Sunlight mark."""
        kind = rng.choice(ACTIVITIES if rng.random() < 0.85 else LONG_NAMES)
        text = f"{kind} {self.target(rng, kind)}".strip()
        if rng.random() < 0.1:
            text += " " + rng.choice(SOURCES)
        if rng.random() < 0.1:
            text = "*" + text
        return text

    def orders(self, rng: random.Random) -> str:
        """A day's orders: phases (or a Follow), then a few instruction lines."""
        if rng.random() < 0.05:
            head = f"F {rng.choice(CHARACTERS)}"
        else:
            head = ", ".join(self.phase(rng) for _ in range(rng.randint(1, 6)))
        lines = [head, *rng.sample(INSTRUCTIONS, rng.randint(0, 3))]
        if rng.random() < 0.05:
            lines.append(f"Familiar: M {rng.choice(self.clearings)}")
        return "\n".join(lines)


def mutate(rng: random.Random, text: str, grammar: Grammar) -> str:
    """``text`` spoiled once or a few times (see the module docstring), at most
    :data:`MAX_INPUT` characters."""
    for _ in range(rng.randint(1, 3)):
        text = _MUTATIONS[rng.randrange(len(_MUTATIONS))](rng, text, grammar)[:MAX_INPUT]
    return text


def _tokens(text: str) -> list[str]:
    return text.replace(",", " , ").replace("\n", " \n ").split(" ")


def _drop(rng: random.Random, text: str, _: Grammar) -> str:
    words = _tokens(text)
    del words[rng.randrange(len(words))]
    return " ".join(words)


def _double(rng: random.Random, text: str, _: Grammar) -> str:
    words = _tokens(text)
    i = rng.randrange(len(words))
    words.insert(i, words[i])
    return " ".join(words)


def _swap(rng: random.Random, text: str, _: Grammar) -> str:
    words = _tokens(text)
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def _insert(rng: random.Random, text: str, pieces: Sequence[str]) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + rng.choice(pieces) + text[at:]


def _hostile(rng: random.Random, text: str, _: Grammar) -> str:
    return _insert(rng, text, HOSTILE)


def _not_text(rng: random.Random, text: str, _: Grammar) -> str:
    return _insert(rng, text, NOT_TEXT)


def _spaces(rng: random.Random, text: str, _: Grammar) -> str:
    return _insert(rng, text, SPACES)


def _target(rng: random.Random, text: str, grammar: Grammar) -> str:
    words = _tokens(text)
    words[rng.randrange(len(words))] = grammar.target(rng, rng.choice(ACTIVITIES))
    return " ".join(words)


def _case(rng: random.Random, text: str, _: Grammar) -> str:
    return text.upper() if rng.random() < 0.5 else text.lower()


def _cut(rng: random.Random, text: str, _: Grammar) -> str:
    return text[: rng.randint(0, len(text))]


def _noise(rng: random.Random, text: str, _: Grammar) -> str:
    at = rng.randint(0, len(text))
    noise = "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 12)))
    return text[:at] + noise + text[at:]


def _limits(rng: random.Random, text: str, grammar: Grammar) -> str:
    """Padded to a message limit, or one past it."""
    past = rng.random() < 0.3
    match rng.randrange(4):
        case 0:
            return (text + " " * MAX_CHARS)[: MAX_CHARS + past]
        case 1:
            return "\n".join([text] * (MAX_LINES + past))
        case 2:
            return ", ".join(grammar.phase(rng) for _ in range(MAX_PHASES + past))
    return ("M " + rng.choice(grammar.clearings) + " ") * (MAX_CHARS // 8)


_MUTATIONS = (
    _drop,
    _double,
    _swap,
    _hostile,
    _not_text,
    _spaces,
    _target,
    _case,
    _cut,
    _noise,
    _limits,
)


def nth_input(grammar: Grammar, seed: int, index: int) -> tuple[str, str]:
    """Input ``index`` of the run seeded ``seed``: (its door's kind, the text). Most are orders
    (valid, or mutated); the rest are combat plays, setup choices, names, settings, long
    messages the bot relays and moderators' text."""
    rng = random.Random(seed * 1_000_003 + index)
    roll = rng.random()
    if roll < 0.70:
        text = grammar.orders(rng)
        return "orders", text if rng.random() < 0.25 else mutate(rng, text, grammar)
    if roll < 0.78:
        lines = "\n".join(grammar.phase(rng) for _ in range(rng.randint(0, 2)))
        text = "\n".join([lines, *rng.sample(INSTRUCTIONS[19:], rng.randint(1, 3))])
        return "plays", mutate(rng, text, grammar) if rng.random() < 0.7 else text
    if roll < 0.84:
        text = "\n".join(rng.sample(SETUP_LINES, rng.randint(1, 3)))
        return "setup", mutate(rng, text, grammar) if rng.random() < 0.7 else text
    if roll < 0.90:
        text = rng.choice(("Valley", "The Long Night", "north-sea", *CHARACTERS))
        return "name", mutate(rng, text, grammar)
    if roll < 0.93:
        return "setting", mutate(rng, rng.choice(SETTINGS_VALUES), grammar)
    if roll < 0.96:
        return "relayed", _long_message(rng)
    text = rng.choice(("the server is down", "Amazon", "Dwarf", "rollback to day 2"))
    return "moderator", mutate(rng, text, grammar)


def _long_message(rng: random.Random) -> str:
    """A message of hostile pieces around Discord's 2,000 characters or beyond, to split."""
    size = rng.choice((1990, 2000, 2010, 3999, 4000, 4010, MAX_INPUT))
    pieces: list[str] = []
    while sum(map(len, pieces)) < size:
        pieces.append(rng.choice((*HOSTILE, *SPACES, "x" * rng.randint(1, 300))))
    return "".join(pieces)[:size]


def texts() -> st.SearchStrategy[str]:
    """Hypothesis' texts for the quick form: any Unicode (surrogates included), and texts built
    from the order language's words and the hostile pieces."""
    words = st.sampled_from(
        (*ACTIVITIES, *LONG_NAMES, *TABLES, *GROUPS, *SOURCES, *INSTRUCTIONS, *HOSTILE, *NOT_TEXT)
    )
    joined = st.lists(
        st.tuples(words, st.sampled_from((" ", ", ", "\n", "", *SPACES))), max_size=30
    ).map(lambda parts: "".join(word + sep for word, sep in parts))
    return st.one_of(st.text(max_size=300), joined, st.text(st.characters(), max_size=60))
