"""Magic staged on a started game's Elf and Amazon, for the tests of what a player's sheet shows
of magic (issue 34): a Book of Lore with an awakened card, a colour chit, a Magic chit committed
to a spell on the Amazon, spells bewitching the Elf energized and inert, a Curse."""

from __future__ import annotations

from dataclasses import dataclass

from rules.catalog import catalog
from rules.magic.state import SpellInEffect
from rules.schema.base import MagicColor
from rules.state import GameState, ItemState, Place
from rules.state_check import check_state


@dataclass(frozen=True)
class Staged:
    """What :func:`bewitch` gave the Elf: his colour chit (gold), the chit committed to the
    Elven Grace on the Amazon (spell 1); the Peace with Nature on him (spell 2) is energized by a
    colour chit, the Lost on him (spell 3) inert."""

    colour_chit: str
    committed_chit: str

    def elfs_lines(self) -> list[str]:
        """The lines of the Elf's sheet that tell his magic."""
        return [
            "awakened spells: Book of Lore (Fiery Blast)",
            f"colour chits: {self.colour_chit} (gold)",
            f"committed chits: {self.committed_chit} to Elven Grace (spell 1, on Amazon)",
            "bewitched by: the Amazon's Peace with Nature (spell 2; Permanent, energized until "
            "Midnight (no automatic source supplies gold magic to it)); the Amazon's Lost (spell "
            "3; Permanent, inert: no gold magic supplies it)",
            "curses: Ashes",
        ]

    @property
    def committed_mark(self) -> str:
        """How his chits line shows the committed chit (4.6.7: neither active nor fatigued)."""
        return f"{self.committed_chit} (committed)"

    #: What the Amazon's sheet shows of the Elf's magic: the spell that bewitches her.
    AMAZONS_LINE = "bewitched by: the Elf's Elven Grace (spell 1; Combat spell)"
    #: Words of the Elf's magic that no one else's sheet shows.
    SECRETS = ("Book of Lore", "Fiery Blast", "colour chits", "committed", "Ashes", "Lost")


def bewitch(state: GameState) -> Staged:
    """Stage on ``state`` (the Elf and the Amazon seated) what :class:`Staged` says, plus the
    Book of Lore active in the Elf's belongings with Fiery Blast awakened in it and the Curse
    Ashes on him; the state is checked."""
    elf = state.characters["Elf"]
    magic = [c for c in elf.chits if c.label.startswith("MAGIC III")]
    colour = magic[0]
    committed = next(c for c in magic if c.label != colour.label)
    colour.color = MagicColor.GOLD
    state.put("Book of Lore", Place.owner("Elf"))
    elf.items["Book of Lore"] = ItemState(active=True)
    state.put("Fiery Blast", Place.item("Book of Lore"))
    elf.curses = ["Ashes"]
    day = state.game_day
    state.spells = [
        SpellInEffect(
            number=1,
            spell="Elven Grace",
            caster="Elf",
            controller="Elf",
            chit=committed.label,
            targets=["Amazon"],
            cast_day=day,
        ),
        SpellInEffect(
            number=2,
            spell="Peace with Nature",
            caster="Amazon",
            controller="Amazon",
            targets=["Elf"],
            cast_day=day,
            energized=True,
        ),
        SpellInEffect(
            number=3,
            spell="Lost",
            caster="Amazon",
            controller="Amazon",
            targets=["Elf"],
            cast_day=day,
        ),
    ]
    check_state(state, catalog())
    return Staged(colour.label, committed.label)
