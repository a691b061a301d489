"""The words of combat decisions: the canonical text of every answer (pbem-combat §1), shared by
the engine, its defaults, the bot's buttons, standing orders and the scenario runner.

A combat decision's id says where it arises (:class:`rules.decisions.ids.CombatId`):
``d{game day}/{clearing}/r{round}/{kind}/{who}``, and for a choice about one denizen or native
group ``.../{kind}/{who}/{subject}``; round 0 is the start of combat. What each kind is — its
window, the standing key that answers it, whose it is — is the registry
:data:`rules.decisions.kinds.COMBAT_KINDS`. Its answers are short canonical texts, one grammar
per kind:

=============  ==============================================================================
``drinks``     per native group, round 0: ``yes`` or ``no`` — drinks before the Meeting Table
               roll at the start of combat (8.2.2a)
``insult``     per native group, round 0: ``pay`` (5 Notoriety) or ``refuse`` (8.2.2b, L5499)
``challenge``  per native group, round 0: ``pay`` (5 Fame) or ``refuse`` (8.2.2b, L5501)
``lure``       per denizen: ``yes`` or ``no`` (8.3.4)
``hireling_lure``   per hireling: ``none`` or the denizen it lures (8.3.4c); asked of its
               employer, the hireling's piece in the id
``assign``     per denizen he wins at random assignment while he cannot take it himself: the
               unhidden hireling that takes it (8.3.5a.3)
``deploy``     per hireling: ``none`` or the character, monster or native it attacks (8.3.6a)
``charge``     ``none`` or the character charged and the Move chit: ``Amazon MOVE H4**``
               (8.3.6b)
``action``     ``none`` · ``alert FIGHT L3*`` · ``unalert FIGHT L3*`` · ``run MOVE M4* to DW4``
               · ``run horse walk to DW4`` · ``run horse gallop to DW4`` · ``activate ITEM`` ·
               ``deactivate ITEM`` · ``activate ITEM, deactivate ITEM`` · ``abandon ITEM``
               (8.3.7); a Boots or Gloves card may stand where a chit is named
``target``     ``none`` or the piece or character attacked (8.4.2); one's own hired native
               is marked ``Company 1 (treachery)`` (8.4.2g)
``hireling_target``  per hireling defending on its own sheet: the attacker it attacks (8.4.2e)
``attack``     ``none`` · ``FIGHT H5* thrust`` (``swing``, ``smash``) · ``FIGHT H5* flip
               alerted`` (``unalerted``: a Fight chit played without a target, 8.4.5h.2)
``head``       ``none`` · ``Dragon Head dark thrust`` (``light``; ``swing``, ``smash``): the head or
               club of the monster he absorbed, played either side up as a second attack
               (Absorb Essence, rule 2.1, L4948)
``maneuver``   ``none`` · ``MOVE M4 charge`` (``dodge``, ``duck``) · ``horse walk duck`` ·
               ``horse gallop charge`` (8.4.5e.2, 8.4.5k)
``shield``     ``thrust`` · ``swing`` · ``smash`` (8.4.5i.2)
``place``      ``Giant 1:1, Giant's Club 1:2`` — each counter on his sheet and its red box
               (8.4.5m)
``fatigue``    the chits that pay, ``MOVE M4*, FIGHT L3*``, or ``none`` (8.5.1)
``wound``      the chits wounded, ``FIGHT L4, MOVE M4``, or ``none`` (8.5.3)
``shift_attack``    ``thrust`` · ``swing`` · ``smash``: where the Battle Bracelets move his
               attack, the box he played keeping it (L4482)
``shift_maneuver``  ``charge`` · ``dodge`` · ``duck``: where the Elusive Cloak moves his
               maneuver (L4486)
=============  ==============================================================================

Chits are named by their printed labels; two plays of one label in a round use two copies.
``positions`` is not a player's decision: a moderator (or a scenario) may fix the result of
the repositioning and change-tactics rolls of one sheet with an answer under
``.../positions/{sheet}``, ``Giant 1:2 dark, Giant's Club 1:3`` (8.4.6); the rolls are then not
made.
"""

from __future__ import annotations

#: The mark of a target that is one's own hired native (8.4.2g).
TREACHERY = " (treachery)"

NONE = "none"

#: The three directions of the Melee Section by red box (rules-map §1.5): attack circles,
#: maneuver squares and red boxes are numbered alike, 1 = Charge and Thrust, 2 = Dodge and
#: Swing, 3 = Duck and Smash.
ATTACKS = {1: "thrust", 2: "swing", 3: "smash"}
MANEUVERS = {1: "charge", 2: "dodge", 3: "duck"}
BOX_OF = {**{v: k for k, v in ATTACKS.items()}, **{v: k for k, v in MANEUVERS.items()}}


def placement(boxes: dict[str, int]) -> str:
    """The ``place`` answer for ``boxes`` (counter → red box), in the order given."""
    return ", ".join(f"{counter}:{box}" for counter, box in boxes.items())


def read_placement(text: str) -> dict[str, int]:
    """The counters and boxes of a ``place`` answer or a fixed position (sides ignored);
    ValueError if it is not one."""
    boxes: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        counter, _, rest = part.rpartition(":")
        box = rest.split()[0] if rest.split() else ""
        if not counter or box not in ("1", "2", "3"):
            raise ValueError(f"{part!r} is not COUNTER:BOX with a box 1 to 3")
        boxes[counter.strip()] = int(box)
    return boxes


def read_sides(text: str) -> dict[str, str]:
    """The sides a fixed position gives (``Giant 1:2 dark`` → ``{"Giant 1": "dark"}``)."""
    sides: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        counter, _, rest = part.rpartition(":")
        words = rest.split()
        if len(words) > 1 and words[1] in ("light", "dark"):
            sides[counter.strip()] = words[1]
    return sides
