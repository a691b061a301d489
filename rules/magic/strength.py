"""The Wish for strength (the Wishes Table's 6, L5261; 4.6.8b.3, L1286): "The next Fight chit or
Gloves card you play that hits inflicts Tremendous harm. Regardless of how many times you get
this wish, it affects only your next hit – you cannot 'store up' several hits. Note: You can use
this hit to open the Vault or Crypt of the Knight." 4.6.8b.3 adds: "An attack using Tremendous
Strength as a result of a Wish is not affected or modified by the weapons or chits played – it
always inflicts T damage if it hits."

A character's Wish ready is :attr:`rules.state.CharacterState.strength` (one at most: a second
Wish leaves it as it is). His attack with it (:func:`rules.evening.resolving.strikes`) inflicts
Tremendous harm, no sharpness star, striking bonus or Missile Table roll counted, and neither
the Potions nor the Poison on his weapon. It is used up by the hit that inflicts it
(:func:`rules.evening.inflict.inflict`), or by opening the Vault or the Crypt of the Knight
(:func:`rules.daylight.looting.pay_each_roll`).

Readings: 4.6.8b.3 says the Wish "always affects the next Fight chit ... the target plays"; the
Wishes Table (L5261) says the next one "that hits", and "it affects only your next hit": an
attack that misses, or whose hit is cancelled before it is inflicted (8.4.9c), leaves it ready.
Any attack made with a chit or Gloves card — a Fight chit, a Gloves card, or a chit played as a
Fight chit (Unleash Power, L5076) — is "a Fight chit played"; an Attack spell's and a
transmorphized creature's are not. "Not affected or modified by the weapons" is read to leave
out the Potions on the weapon that change harm or where it falls (Oil of Poison, Penetrating
Grease) but not those that change whether it hits (Ointment of Bite) or how the weapon turns
over (Gripping Dust). At the Vault and the Crypt, the Wish is used only when nothing else of
his gives Tremendous strength: it is kept for the fight it was wished for.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.state import GameState

#: How the Wish is named where it opens a site (``site_opened``'s ``by``).
WISH = "the Wish for strength"


def grant(ctx: Ctx, who: str) -> None:
    """``who`` is granted the Wish for strength (a character; a second one changes nothing)."""
    if who in ctx.state.characters:
        ctx.sheet(who).strength = True


def ready(state: GameState, who: str) -> bool:
    """Whether ``who`` is a character with a Wish for strength ready."""
    character = state.characters.get(who)
    return character is not None and character.strength


def used(ctx: Ctx, who: str) -> None:
    """His Wish for strength is used up."""
    if who in ctx.state.characters:
        ctx.sheet(who).strength = False
