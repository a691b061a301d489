"""Fly spells (4.6.7e, 7.3.3d): each creates a Fly chit its target may play like a Move chit,
with the flying strength and time number the spell gives (``fly`` in the catalog); the chit stays
unused until played and expires when he lands (4.6.7e.1). A Fly spell in effect is that unused
chit; playing it in a Fly phase is :mod:`rules.daylight.fly`'s.
"""

from __future__ import annotations

from rules.day.context import Ctx
from rules.magic.state import SpellInEffect


def invoked(ctx: Ctx, spell: SpellInEffect, target: str) -> bool:
    """Whether ``target`` may fly with the Fly chit of ``spell`` as he starts a Fly phase: the
    Fly chit is his to play like a Move chit (4.6.7e, 7.3.3d.1)."""
    return True
