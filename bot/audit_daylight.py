"""The hand-written rows of the audit of section 7 (Daylight), in the rulebook's order: every
rule by its x.y.z number, what the engine does of it, where, and its proof (the form of a row:
:class:`bot.audit_form.Written`; section 6's rows and the whole table:
:data:`bot.audit_rows.SECTIONS_6_7`)."""

from __future__ import annotations

from bot.audit_form import Written

#: The rows of section 7, in the rulebook's order.
SECTION_7: tuple[Written, ...] = (
    Written(
        "7.1.1", "done",
        "turns in the order the chits are drawn; Clever preempts (L3850); the familiar's turn "
        "comes just before the Witch's (L3926)",
        ("rules/daylight/turn.py", "rules/daylight/familiar.py"),
        "turn/7.1.1_turn_order_fixes_the_draw_of_the_attention_chits.yaml",
    ),
    Written(
        "7.1.2", "done",
        "unhidden at the start of his turn",
        ("rules/daylight/turn.py",),
        "turn/7.1.2_turn_order_another_draw.yaml",
    ),
    Written(
        "7.2.1", "done",
        "trading between characters by mirrored orders",
        ("rules/daylight/trade.py",),
        "trade/7.2.1_characters_trade_by_agreement.yaml",
    ),
    Written(
        "7.2.2", "partly",
        "rearranging at the start of a phase, and a follower's when his guide begins one; "
        "flying, he only abandons, each item landing by a die (d, "
        "`magic/spells_fly/7.2.2d_flying_he_can_only_abandon_and_it_lands_by_a_die_L1596.yaml`)"
        "; walking the woods (e) comes with Transform's values",
        ("rules/daylight/turn.py",),
        "follow/7.2.2c_follower_rearranges_when_the_guide_begins_a_phase.yaml",
    ),
    Written(
        "7.2.3", "partly",
        "Protection from Magic activated as a phase of his turn starts, protecting him to the "
        "phase's end (a, a.1; `before N: activate Protection from Magic`); colour chits played "
        "as anyone's phase starts in his clearing, each energizing a Permanent spell or only "
        "fatiguing (b–c, `magic/colorchits/4.6.7h.6_a_colour_chit_energizes_transform_as_the_"
        "amazons_phase_starts_L1265.yaml`); d's limits (a roadway, the woods, flying) are not "
        "proven by a scenario",
        ("rules/daylight/turn.py", "rules/magic/spells/protection.py", "rules/magic/energizing.py"),
        "magic/spells_chits/4.6.7f.1_protection_from_magic_activated_as_a_phase_starts.yaml",
    ),
    Written(
        "7.2.4", "done",
        "mission and campaign chits taken at the start of a phase by his `take:` instruction, "
        "never by hired leaders; their costs (c; none in Fame under Disgust, 4.6.8a.4), tasks, "
        "rewards and time limits (d–f), partners and foes (g–h), campaigns done and abandoned "
        "(i–j)",
        ("rules/daylight/missions.py",),
        "missions/7.2.4c_no_chit_taken_with_negative_points_or_a_cost_making_them_negative_"
        "L1616.yaml",
    ),
    Written(
        "7.3.1", "done",
        "roadways, hidden paths, mountains, caves, dwellings, carrying, underlings' strength, "
        "pack horses, leaving the map (a.4: out of play, his score reckoned then, 9.2.2b)",
        ("rules/daylight/move.py", "rules/daylight/moving.py", "rules/day/leaving.py"),
        "move/7.3.1h_guide_carries_with_his_underlings_strength.yaml",
    ),
    Written(
        "7.3.2", "done",
        "riding, horses' phases, caves, hired natives' horses",
        ("rules/daylight/moving.py", "rules/orders/entitlement.py"),
        "birdsong/6.2.2c3_amazon_workhorse_six_phases_L1508.yaml",
    ),
    Written(
        "7.3.3", "partly",
        "the Fly activity with a Fly spell's Fly chit (a–d): to his tile or the next, on over "
        "the forest, unhidden, leaving horses, items too heavy and followers; landing by a die "
        "before another activity and at his turn's end, the chit expiring; the Flying Carpet "
        "(h), energized by Purple from an automatic source or by a Purple colour chit of its "
        "owner for the whole day; flying monsters, creatures and steeds (e–g) come with "
        "Transform's values and controlled monsters",
        ("rules/daylight/fly.py", "rules/daylight/turn.py"),
        "magic/spells_fly/7.3.3_he_flies_to_the_next_tile_and_lands_before_hiding_L1713.yaml",
    ),
    Written(
        "7.3.4", "done",
        "a character or denizen transformed into a beast that walks the woods records and does "
        "a Move to any clearing of his tile, without a roadway; a follower follows only if he "
        "is such a beast too or the clearings are joined by a road",
        ("rules/daylight/move.py", "rules/orders/path.py"),
        "magic/spells_transform/7.3.4_a_squirrel_walks_the_woods.yaml",
    ),
    Written(
        "7.4.1", "done",
        "the Hide Table, one-die advantages and cards",
        ("rules/daylight/hide.py", "rules/modifiers.py"),
        "hide/7.4.1_hide_roll_5_hides.yaml",
    ),
    Written(
        "7.4.2", "done",
        "a hidden character's counter is drawn green side up on the map; hidden is part of "
        "every view of a character or hireling",
        ("rules/view.py", "bot/maps/"),
        "tests/bot/test_maps.py",
    ),
    Written(
        "7.4.3", "done",
        "hidden until his turn starts or he is blocked",
        ("rules/daylight/turn.py", "rules/daylight/blocking.py"),
        "hide/7.4.3_hidden_until_his_next_turn.yaml",
    ),
    Written(
        "7.4.4", "done",
        "hidden individuals act and stay hidden",
        ("rules/daylight/turn.py",),
        "hide/7.4.1_no_roll_once_hidden.yaml",
    ),
    Written(
        "7.4.5", "done",
        "underlings unhidden each day",
        ("rules/day/sunrise.py",),
        "hirelings/6.3.1b_underlings_are_unhidden_each_day_L1536.yaml",
    ),
    Written(
        "7.5.1–7.5.3", "done",
        "S names its table and what it searches (a bare S his `search:` table, Locate by "
        "default, P11), checked as he does it; one roll on one table; hired leaders and "
        "controlled monsters use neither Reading Runes nor Magic Sight",
        ("rules/daylight/search.py",),
        "search/7.5.4h_hired_leader_choice_from_his_own_entries.yaml",
    ),
    Written(
        "7.5.4", "done",
        "Peer and Locate, every result (Clues, Paths, Passages, Discover chits, Hidden "
        "enemies, double results, Choice answered or by default, P13), his own clearing or, "
        "from a mountain, a woods or mountain clearing of his tile or an adjacent one (b), the "
        "Enhanced Peer (i); found privately, on the searcher's sheet (a hireling's looks told "
        "to his employer, h), shared with followers but underlings (7.11.6c); the Lost City or "
        "Lost Castle a look finds exchanged for its five chits or put back (c, P14's default)",
        ("rules/daylight/search.py", "rules/daylight/finding.py"),
        "search/7.5.4_peer_1_choice_discover_chits_from_choices.yaml",
    ),
    Written(
        "7.5.5", "done",
        "looting a discovered site in his clearing or the pile (b), the nth item from the top "
        "or nothing (c, L1819), the Cairns' asterisk each roll and the Pool's per item (d.1), "
        "the Vault opened once and the Crypt at each roll by the Lost Keys or Tremendous "
        "strength (d.2), cards revealed at once and the rest secret (e), keep, activate or "
        "abandon (f), a face-down Site chit shown and put in its clearing (b.2), a Site card "
        "discovered, put back face up under its box and looted with its own table (g), the "
        "Remains of Thief and the Mouldy Skeleton exchanged (L4200–L4202), the Enchanted "
        "Meadow's Wish (L4265) and the Toadstool Circle's Power of the Pit (L4217)",
        ("rules/daylight/looting.py", "rules/daylight/sites.py"),
        "search/7.5.5c_loot_roll_takes_the_nth_item_from_the_top_L1819.yaml",
        (),
    ),
    Written(
        "7.5.6", "done",
        "Reading Runes on a discovered site in his clearing or an active Artifact or Spell Book "
        "he owns, the top Spell card or an item's awakened card he names before the roll (b), "
        "learn and awaken (a Magic chit of its type, c.2; once a card, f), awaken (an item's "
        "card with its item, a site's under its box, c.1), Curse! (the Curses Table, the Curse "
        "applied: `rules/daylight/curses.py`), nothing (c.3), the limit of 14 recorded spells "
        "with erasing one to make room (g: `rules/magic/recording.py`)",
        ("rules/daylight/runes.py", "rules/magic/recording.py"),
        "tests/rules/daylight/test_runes.py",
    ),
    Written(
        "7.5.7", "partly",
        "Magic Sight forced by an odd number of its causes (the Witch King's Disembodied, an "
        "active Phantom Glass; a, b), in his own clearing whatever Peer he recorded, never on "
        "the Peer activity (a), its Choice of a Peer or Locate result (f), its Discover chits, "
        "its Counters and Treasure cards' taking (d) and Perceive spell (e); the hidden "
        "enemies its results find by their belongings or spells, seen for the day (c, "
        "`rules.hidden`); World Fades' Magic Sight is one of the causes counted "
        "(`rules/magic/spells/world_fades.py`)",
        ("rules/daylight/search.py", "rules/daylight/looting.py", "rules/daylight/runes.py"),
        "search/7.5.7_witch_king_must_use_magic_sight_L3956.yaml",
    ),
    Written(
        "7.6.1–7.6.7", "partly",
        "buying from and selling to an unhired native leader's group or a visitor through the "
        "Meeting Table — drinks, Price, Boon, No Deal, Block/Battle, Insult and Challenge, "
        "paying with belongings (7.6.5c), buying back a boon (7.6.5e.1), Fame rewards (7.6.6), "
        "visitors' prices and spells (7.6.2a, 7.6.7); the column a Persuade in effect sets "
        "(7.6.5a) is read by the Meeting Table (`rules.meeting.level`), but no scenario shows "
        "it in a Trade",
        ("rules/daylight/trading.py", "rules/daylight/buying.py"),
        "trade/7.6.5c_buy_at_price_x2_L5491.yaml",
    ),
    Written(
        "7.7.1", "partly",
        "hiring a group or one Rogue or Order member through the Meeting Table, wages, drinks, "
        "Boon, Insult and Challenge, rehiring, cancelling before the roll, terms and horses; "
        "the Persuade spell's column (b.3, rules/magic/pacification.py)",
        ("rules/daylight/hiring.py", "rules/daylight/hirelings.py", "rules/meeting.py"),
        "hire/7.7.1b1_whole_group_hired_at_price_x1_L1930.yaml",
    ),
    Written(
        "7.7.2", "done",
        "hired leaders take turns, summon, carry and discover for their employer",
        ("rules/daylight/hirelings.py",),
        "hirelings/7.7.2d_hired_leader_summons_and_is_blocked_L1962.yaml",
    ),
    Written(
        "7.7.3", "done",
        "underlings only follow, summon nothing, are not blocked",
        ("rules/daylight/hirelings.py",),
        "hirelings/7.7.3b_underling_left_behind_summons_nothing_L1967.yaml",
    ),
    Written(
        "7.7.4", "done",
        "terms end at Midnight; unhiring",
        ("rules/daylight/hirelings.py",),
        "hirelings/7.7.4a_term_of_hire_ends_at_midnight_L1970.yaml",
    ),
    Written(
        "7.7.5", "partly",
        "controlled monsters (Guide Spider or Octopus, Control Bats: rules/magic/minions.py) "
        "take turns like hired leaders and are freed as the spell ends; the monsters a "
        "pacifying spell pacifies are hired as a group in a Hire phase naming the spell, in its "
        "column, for their Notoriety, a Boon as Price x 1, released from others' pacifying "
        "spells (a-c)",
        ("rules/daylight/hirelings.py", "rules/magic/minions.py", "rules/daylight/hiring.py"),
        "hirelings/7.7.5e_controlled_monster_takes_a_turn_L1984.yaml",
    ),
    Written(
        "7.8.1", "done",
        "Rest returns chits",
        ("rules/daylight/rest.py",),
        "rest/7.8.2a1_rest_fatigued_one_asterisk.yaml",
    ),
    Written(
        "7.8.2", "done",
        "which chit first (asked as a decision), the Dwarf's extra asterisk",
        ("rules/daylight/rest.py", "rules/chits.py"),
        "rest/7.8.2_rest_chooses_the_chit_asked.yaml",
    ),
    Written(
        "7.8.3", "done",
        "making change",
        ("rules/chits.py",),
        "rest/7.8.2a2_rest_fatigued_two_asterisks_with_change.yaml",
    ),
    Written(
        "7.8.4", "done",
        "with every chit out of play he can only rest",
        ("rules/daylight/turn.py",),
        "tests/rules/test_day.py",
    ),
    Written(
        "7.9.1", "done",
        "Alert a weapon or a Magic chit; the Berserker plays his Berserk chit (L3598: it "
        "fatigues, only Tremendous harm kills him until Midnight: "
        "`advantages/berserker_berserk_in_an_alert_phase_L3598.yaml`)",
        ("rules/daylight/alert.py",),
        "alert/7.9.2_alert_weapon_either_side.yaml",
    ),
    Written(
        "7.9.2", "done",
        "either side up",
        ("rules/daylight/alert.py",),
        "alert/7.9.2_alert_weapon_either_side.yaml",
    ),
    Written(
        "7.9.3", "done",
        "an alerted Magic chit is fatigued at Midnight",
        ("rules/daylight/alert.py", "rules/day/midnight.py"),
        "alert/7.9.3_alerted_magic_chit_fatigues_at_midnight.yaml",
    ),
    Written(
        "7.10.1–7.10.4", "done",
        "the first Enchant phase of the day is the meditation; E names a Magic chit of Types "
        "I-V and enchants it into a colour chit, or enchants his tile with it when an automatic "
        "source or one of his colour chits (which fatigues; a decision among several) supplies "
        "its colour, else the chit; an inactive chit cancels the phase; the tile turns over with "
        "its roads, and a Move they forbid is cancelled; someone on a roadway that vanishes is "
        "put in the forest, and his next turn starts by moving back to one of its clearings "
        "(d.2; reading: either end, the engine keeps no direction of a runaway)",
        (
            "rules/daylight/enchant.py",
            "rules/orders/targets.py",
            "rules/daylight/move.py",
            "rules/orders/path.py",
        ),
        "magic/enchant/7.10.4_e_tile_with_the_days_colour_L2034.yaml",
    ),
    Written(
        "7.10.5–7.10.6", "done",
        "Remote Enchant with its enabler, after the day's meditation, with colour from his own "
        "clearing or the recorded one; only his own Magic chits can be named, never an Artifact "
        "or Spell Book",
        ("rules/daylight/enchant.py", "rules/orders/targets.py"),
        "magic/enchant/7.10.5_remote_enchant_with_the_crystal_ball_L2050.yaml",
    ),
    Written(
        "7.11.1–7.11.3", "done",
        "Follow recorded alone and declared",
        ("rules/orders/parser.py", "rules/day/sunrise.py"),
        "follow/7.11.2_follow_is_the_whole_turn.yaml",
    ),
    Written(
        "7.11.4", "done",
        "followers become unhidden with the guide",
        ("rules/daylight/turn.py",),
        "follow/7.11.6b_followers_share_the_hide_roll.yaml",
    ),
    Written(
        "7.11.5", "done",
        "stopping at the start of the guide's phase",
        ("rules/daylight/follow.py",),
        "follow/7.11.5_stop_following.yaml",
    ),
    Written(
        "7.11.6", "partly",
        "moving, hiding, resting and alerting (or not), discoveries, carrying with underlings, "
        "searching with the guide (c: his looks, discoveries and hidden enemies, not an "
        "underling's, `search/7.5.4_follower_shares_what_his_guide_finds_L2083.yaml`); a "
        "flying guide leaves them behind (a.5, `magic/spells_fly/7.3.3a.3_flying_unhides_him_"
        "and_leaves_horses_heavy_items_and_followers_L1715.yaml`); a guide walking the woods "
        "leaves behind a follower who is no such beast (a.4, `magic/spells_transform/7.3.4_a_"
        "squirrel_walks_the_woods.yaml`); flying followers and teleporting (a.6–a.8) are not "
        "proven by a scenario",
        ("rules/daylight/follow.py", "rules/daylight/finding.py", "rules/daylight/fly.py"),
        "follow/7.11.6f_followers_choose_their_alert.yaml",
    ),
    Written(
        "7.11.7", "done",
        "following a guide with extra phases",
        ("rules/daylight/follow.py",),
        "follow/7.11.7_dwarf_follows_amazon_five_phases_L2091.yaml",
    ),
    Written(
        "7.11.8", "done",
        "followers end their turns separately",
        ("rules/daylight/turn.py",),
        "prowling/7.11.8_follower_draws_the_dragon_the_guide_summoned_L2093.yaml",
    ),
    Written(
        "7.12.1", "done",
        "who blocks and is blocked; followers while following",
        ("rules/daylight/blocking.py",),
        "blocking/7.12.4_blocked_before_his_turn_loses_it.yaml",
    ),
    Written(
        "7.12.2", "done",
        "blocking at the end of each phase, by instructions; Heavenly Protection",
        ("rules/daylight/blocking.py",),
        "blocking/7.12.2a_monster_blocks_unhidden_character_at_phase_end.yaml",
    ),
    Written(
        "7.12.3", "done",
        "arriving monsters block",
        ("rules/daylight/blocking.py",),
        "blocking/7.12.3a_goblins_arrive_and_block_L2127.yaml",
    ),
    Written(
        "7.12.4", "done",
        "a blocked individual's turn ends, or is lost",
        ("rules/daylight/blocking.py", "rules/daylight/turn.py"),
        "blocking/7.12.4_blocked_before_his_turn_loses_it.yaml",
    ),
    Written(
        "7.12.5", "done",
        "a blocked monster stops prowling",
        ("rules/daylight/prowling.py",),
        "blocking/7.12.3b_giant_does_not_block_the_dwarf_at_swordsmans_turn_end_L2128.yaml",
    ),
    Written(
        "7.12.6", "done",
        "unhired natives and visitors block only by a Block/Battle (or an unpaid Insult or "
        "Challenge) on the Meeting Table in a Trade or Hire phase, a hidden character too, "
        "who becomes unhidden",
        ("rules/daylight/buying.py", "rules/daylight/hiring.py"),
        "trade/8.2.2b_daylight_block_battle_blocks_and_the_evening_rolls_again_L2281.yaml",
    ),
    Written(
        "7.13.1", "done",
        "prowling by the monster roll",
        ("rules/daylight/prowling.py",),
        "prowling/7.13.1b_roll_4_only_giants_trolls_lancers_ghosts_prowl_L2144.yaml",
    ),
    Written(
        "7.13.2", "done",
        "the end of a turn: prowlers move, chits turn up",
        ("rules/daylight/prowling.py",),
        "prowling/7.11.5_ex_follower_summons_when_the_guides_phase_ends_L2066.yaml",
    ),
    Written(
        "7.13.3", "done",
        "monsters summoned",
        ("rules/daylight/prowling.py",),
        "prowling/7.11.8_follower_draws_the_dragon_the_guide_summoned_L2093.yaml",
    ),
    Written(
        "7.13.4", "done",
        "natives appear at their dwellings",
        ("rules/daylight/prowling.py",),
        "tests/rules/test_prowling.py",
    ),
    Written(
        "7.13.5", "done",
        "visitors and campaign chits appear",
        ("rules/daylight/prowling.py",),
        "tests/rules/test_prowling.py",
    ),
)  # fmt: skip
