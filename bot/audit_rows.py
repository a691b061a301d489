"""The hand-written rows of the audit of sections 6 (a new day, Birdsong, Sunrise) and 7
(Daylight): every rule by its x.y.z number, what the engine does of it, where, and its proof
(the form of a row: :class:`bot.audit_form.Written`; section 7's rows:
:mod:`bot.audit_daylight`).

No registry of the engine knows these rules as a whole, so they are written here, and
:mod:`bot.audit` merges them with the engine's own declarations into the honesty map
(``realmbot audit``). A row is **done**, **partly** (saying what is missing) or **loud**: the
engine reports it as not implemented wherever it would act. A row names in ``loud`` the rules of
the engine's reports (:data:`rules.loud.LOUD`) that cover what it does not do; a loud row with no
``proof`` of its own is proven by its first report's scenario. ``tests/test_audit.py`` checks
every row: its rule numbers are in the rulebook, its proof exists and lists a rule the row
covers, its reports are declared, and every 6.x or 7.x rule a scenario lists has a row.
"""

from __future__ import annotations

from bot.audit_daylight import SECTION_7
from bot.audit_form import Written

#: The rows of section 6 (a new day, Birdsong, Sunrise), in the rulebook's order.
SECTION_6: tuple[Written, ...] = (
    Written(
        "6.1.1", "done",
        "the day advances at Midnight (day 1 of the next month after day 28); the game ends "
        "after its last day, day 28 unless `options.weeks` says (10.E.2, `rules/end/length.py`)",
        ("rules/day/midnight.py",),
        "day/8.9_midnight_ends_the_day.yaml",
    ),
    Written(
        "6.1.2", "done",
        "the colour magic of the seventh days is announced",
        ("rules/day/sunrise.py",),
        "day/6.1.2_fourteenth_day_grey_magic.yaml",
    ),
    Written(
        "6.1.3", "done",
        "as the day begins, the seventh day's colour and the other automatic sources energize the "
        "Permanent spells whose targets they supply, until Midnight (of a character's duplicate "
        "spells the day energizes the earliest cast, the default of his choice, rules-map U4)",
        ("rules/day/sunrise.py", "rules/magic/lifecycle.py"),
        "magic/spells/6.1.3_the_seventh_day_energizes_until_its_midnight.yaml",
    ),
    Written(
        "6.2.1", "done",
        "one turn a day; enhanced activities need their source",
        ("rules/orders/entitlement.py",),
        "birdsong/6.2.1a_enhanced_activities_need_their_source_L1497.yaml",
    ),
    Written(
        "6.2.2", "done",
        "Basic, Sunlight and extra phases; caves; horses",
        ("rules/orders/entitlement.py",),
        "birdsong/6.2.2c1_no_horse_phase_in_cave_L1506.yaml",
    ),
    Written(
        "6.2.3", "done",
        "orders recorded secretly at Birdsong",
        ("rules/day/engine.py",),
        "format/move_along_road.yaml",
    ),
    Written(
        "6.2.4", "done",
        "order, sources, pony Moves, commitments, impossible activities cancelled",
        ("rules/orders/sources.py", "rules/orders/standing.py"),
        "birdsong/6.2.4e_move_through_undiscovered_path_L1518.yaml",
    ),
    Written(
        "6.2.5", "done",
        "hired leaders' and controlled monsters' turns, what they may record; recorded under "
        "their ids or in sections of the employer's message (`rules/orders/sections.py`), a "
        "section for a native or monster he does not record for refused saying why "
        "(`not-your-hireling`)",
        ("rules/daylight/hirelings.py",),
        "hirelings/6.2.5_what_hirelings_cannot_record_L1522.yaml",
    ),
    Written(
        "6.2.6", "done",
        "the notation",
        ("rules/orders/reader.py",),
        "birdsong/6.2.6_notation_L1524.yaml",
    ),
    Written(
        "6.2.7", "done",
        "Follow recorded alone, with someone in his clearing",
        ("rules/orders/parser.py",),
        "birdsong/6.2.7a_follow_only_in_guides_clearing.yaml",
    ),
    Written(
        "6.3.1", "partly",
        "underlings follow guides and are unhidden each day; the order of assignment (a) is "
        "moot, since orders are secret and simultaneous",
        ("rules/day/sunrise.py",),
        "hirelings/6.3.1b_underlings_are_unhidden_each_day_L1536.yaml",
    ),
    Written(
        "6.3.2", "done",
        "followers declared; followers of each other do nothing",
        ("rules/day/sunrise.py",),
        "follow/7.11.7_dwarf_follows_amazon_five_phases_L2091.yaml",
    ),
    Written(
        "6.3.3", "done",
        "the monster roll",
        ("rules/day/sunrise.py",),
        "format/monster_roll_forced.yaml",
    ),
    Written(
        "6.3.4", "done",
        "the end of the week's regeneration",
        ("rules/daylight/prowling.py",),
        "regeneration/6.3.4c_partly_hired_group_L1558.yaml",
    ),
    Written(
        "6.3.5", "done",
        "the Attention chits are mixed",
        ("rules/day/sunrise.py",),
        "turn/7.1.2_turn_order_another_draw.yaml",
    ),
)  # fmt: skip


#: The rows of sections 6 and 7, in the rulebook's order.
SECTIONS_6_7: tuple[Written, ...] = SECTION_6 + SECTION_7
