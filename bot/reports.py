"""The day's report as a person reads it: the Daylight history in the play-by-email format.

The format follows the BIMR5 history pages (moderation-anchors §1): the Monster Roll, who follows
whom, then each turn in order as one line of phases, ``M AV2 / H (5, 4: hidden) / *R``, with
what came of each phase in parentheses. :func:`day_report` renders only the events the viewer
may see (:func:`rules.events.visible_to`), so the public report holds what observers could see
and a player's report adds his own results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.evening_report import evening
from bot.event_text import describe, word
from bot.i18n import _
from bot.render import render
from bot.terms import term
from bot.wording import chit_word, hidden_word, pronouns
from rules import Event, visible_to
from rules.events.day import (
    DayEnded,
    DayStarted,
    Follows,
    Midnight,
    MonsterRoll,
    NotImplementedYet,
    Prowling,
    Regenerated,
    Rolled,
    VisitorFlipped,
)
from rules.events.daylight import (
    Abandoned,
    AbandonedCard,
    AbandonedCardNamed,
    Activated,
    Alerted,
    Blocked,
    CardActivationRefused,
    ChitRevealed,
    Climbing,
    Deactivated,
    DenizenMoved,
    Exchanged,
    Fatigued,
    FellAsleep,
    FollowerLeft,
    FollowerStopped,
    Hid,
    Moved,
    PhaseCancelled,
    PhaseStarted,
    Rested,
    Summoned,
    TurnEnded,
    TurnLost,
    TurnStarted,
    Unhidden,
    Woke,
)
from rules.events.end import (
    DeathTold,
    DepartureTold,
    DiscardedAtEnd,
    RestartOrder,
    RestartRoll,
    Scored,
    Suicided,
    Victor,
    VictoryRevealed,
)
from rules.events.evening import CombatEnded, CombatStarted, Killed
from rules.events.search import (
    ChitShown,
    ChitsRestored,
    Cursed,
    Discovered,
    ExchangedCard,
    ExchangedInto,
    FoundEnemies,
    GoldFound,
    Looked,
    Looted,
    LootedCard,
    LootedNothing,
    LootedShown,
    SearchChoice,
    Searched,
    SiteOpened,
    SpellAwakened,
    SpellLearned,
    SpellNotLearned,
    SpellsSeen,
    SubstituteExchanged,
    Teleported,
)
from rules.events.trade import (
    BoonLost,
    BoonRepaid,
    Bought,
    CampaignAbandoned,
    CampaignCompleted,
    CampaignFailed,
    CampaignNotAbandoned,
    ChitDropped,
    ChitNotTaken,
    ChitTaken,
    Drinks,
    FameReward,
    Hired,
    HirePaid,
    MeetingRolled,
    MissionCompleted,
    MissionFailed,
    NotHired,
    PaidInKind,
    PaidOff,
    Rehired,
    RelationshipChanged,
    Sold,
    SpellBought,
    TradeDeclined,
    TradeLooked,
    TradeRefused,
    Unhired,
)

#: Events shown as lines under the turn they happen in: followers left or stopping, and what
#: the end of a turn brings (7.13).
_NOTES = (
    FollowerLeft
    | FollowerStopped
    | ChitRevealed
    | Exchanged
    | Summoned
    | DenizenMoved
    | Blocked
    | TurnLost
    | ChitShown
    | FellAsleep
    | Woke
)

#: How mission and campaign tasks end away from the phase of a turn (7.2.4b, d, i): at Midnight
#: (Combat's are in its block).
_TASKS_ENDED = MissionFailed | CampaignFailed | CampaignCompleted | ChitDropped

#: Mission and campaign events of a phase (7.2.4): under the phase of the one whose turn it is,
#: as a note for a follower.
_TASKS = ChitTaken | ChitNotTaken | MissionCompleted | CampaignAbandoned | CampaignNotAbandoned

#: What everyone sees him take, said once to the one who took it (who also knows what).
_SEEN_TAKING = LootedShown | LootedCard

#: Leaving play outside combat (9.1.1c, 9.2.2) and the order of fresh starts (9.1.2b): after the
#: turns, with what the one who left abandons; his own news (``death_told``) only to him.
_LEFT_PLAY = Suicided | Killed | DeathTold | DepartureTold | RestartRoll | RestartOrder
_ABANDONED = Abandoned | AbandonedCard | AbandonedCardNamed

#: The end of the game's events (9.3, rules.end.final): after the last Midnight.
_GAME_END = VictoryRevealed | DiscardedAtEnd | Scored | Victor

#: The modules of magic's events (4.6, 7.10, 8.3.9): meditating, enchanting and colour supplied,
#: spells in effect energized, inert, released, broken and expired, casts and what they do.
_MAGIC = frozenset({"rules.events.magic", "rules.events.spells", "rules.events.casting"})


def _is_magic(event: Event) -> bool:
    """Whether ``event`` is one of magic's, told in a line of its own with its rule: under the
    turn it happens in, else with Sunrise's lines before the turns, after the turns and before
    the Evening (Sunset's expiring spells), or after the Evening (Midnight's inert ones). The
    chit of a spell that ends outside a turn fatigues in such a line too, not in the last
    turn's phase."""
    return type(event).__module__ in _MAGIC


@dataclass
class _Turn:
    who: str
    phases: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def annotate(self, text: str) -> None:
        if self.phases:
            self.phases[-1] += f" ({text})"
        else:
            self.notes.append(text)


def _outcome(event: Event) -> str | None:
    """What a phase's result event adds to that phase, in the report's short form."""
    match event:
        case Moved() | Rolled():
            return None
        case Climbing():
            return _("climbing")
        case PhaseCancelled(who=who, reason=reason):
            return _("cancelled: %(reason)s") % {"reason": word(reason, pronouns(who))}
        case Hid(who=who, roll=None):
            return hidden_word(who, success=None)
        case Hid(who=who, success=success):
            return hidden_word(who, success=success)
        case Rested(chit=chit, to=to):
            return f"{chit} {chit_word(to or '')}".rstrip() if chit else _("nothing to rest")
        case Alerted(alerted=alerted, item=item):
            return (_("alerts %(item)s") if alerted else _("unalerts %(item)s")) % {
                "item": word(item)
            }
        case Abandoned(item=item):
            return _("abandons %(item)s") % {"item": word(item)}
        case AbandonedCard():
            return _("abandons a Treasure card")
        case AbandonedCardNamed(item=item):
            return _("it is the %(item)s") % {"item": word(item)}
        case CardActivationRefused(who=who, item=item, reason=reason):
            return _("cannot activate the %(item)s: %(reason)s") % {
                "item": word(item),
                "reason": word(reason, pronouns(who)),
            }
        case Deactivated(item=item) | Activated(item=item):
            said = (
                _("activated %(item)s")
                if isinstance(event, Activated)
                else _("deactivated %(item)s")
            )
            return said % {"item": word(item)}
        case NotImplementedYet(rule=rule):
            return _("not implemented yet: rule %(rule)s") % {"rule": word(rule)}
    return _task_outcome(event) or _search_outcome(event) or _trade_outcome(event)


def _task_outcome(event: Event) -> str | None:
    """What taking a mission or campaign chit, or ending its task, adds to a phase (7.2.4)."""
    match event:
        case ChitTaken(chit=chit, cost=cost, task=task):
            return _("takes the %(chit)s for %(cost)s: %(task)s") % {
                "chit": word(chit),
                "cost": word(cost),
                "task": word(task),
            }
        case ChitNotTaken(who=who, chit=chit, reason=reason):
            return _("cannot take the %(chit)s: %(reason)s") % {
                "chit": word(chit),
                "reason": word(reason, pronouns(who)),
            }
        case MissionCompleted(chit=chit, to=to, gold=gold, regained=regained):
            return _("delivers the %(chit)s to the %(to)s: %(gold)s Gold, %(regained)s back") % {
                "chit": word(chit),
                "to": word(to),
                "gold": gold,
                "regained": word(regained),
            }
        case CampaignAbandoned(chit=chit):
            return _("abandons the %(chit)s campaign") % {"chit": word(chit)}
        case CampaignNotAbandoned(who=who, chit=chit, reason=reason):
            return _("cannot abandon the %(chit)s: %(reason)s") % {
                "chit": word(chit),
                "reason": word(reason, pronouns(who)),
            }
    return None


def _search_outcome(event: Event) -> str | None:
    """What a Search phase's events add to it (7.5): the roll and result, then what he alone
    learns or takes, and what everyone sees him take."""
    match event:
        case Searched(dice=dice, result=result):
            return f"{', '.join(map(str, dice))}: {word(result)}"
        case SearchChoice(result=result):
            return _("chooses %(result)s") % {"result": word(result)}
        case Looked(chits=chits, tile=tile):
            return _("sees %(chits)s in %(tile)s") % {
                "chits": word(chits) or _("no map chits"),
                "tile": word(tile),
            }
        case Discovered(what=what):
            return _("discovers %(what)s") % {"what": word(what)}
        case FoundEnemies():
            return _("finds hidden enemies")
        case Looted(item=item) | LootedShown(item=item):
            return _("takes the %(item)s") % {"item": word(item)}
        case LootedCard():
            return _("takes a Treasure card")
        case LootedNothing(from_=where):
            return _("nothing to take in %(where)s") % {"where": word(where)}
        case SiteOpened(site=site, by=by):
            return _("opens the %(site)s with %(by)s") % {"site": word(site), "by": word(by)}
        case Fatigued(chit=chit):
            return _("fatigues %(chit)s") % {"chit": word(chit)}
        case SpellLearned(spell=spell):
            return _("learns %(spell)s") % {"spell": word(spell)}
        case SpellAwakened(spell=spell):
            return _("awakens %(spell)s") % {"spell": word(spell)}
        case SpellNotLearned(who=who, spell=spell, reason=reason):
            return _("cannot record %(spell)s: %(reason)s") % {
                "spell": word(spell),
                "reason": word(reason, pronouns(who)),
            }
        case SpellsSeen(spells=spells):
            return _("sees the spells %(spells)s") % {"spells": word(spells)}
        case Cursed(curse=curse):
            return _("cursed: %(curse)s") % {"curse": word(curse)}
        case GoldFound(gold=gold):
            return _("%(gold)s Gold") % {"gold": gold}
        case Teleported(to=to):
            return _("teleports to %(to)s") % {"to": word(to)}
        case ChitsRestored(who=who):
            return _("all %(his)s chits return to play") % {"his": pronouns(who).his}
        case ExchangedCard(card=card):
            return _("exchanges the %(card)s") % {"card": word(card)}
        case ExchangedInto(items=items, gold=gold):
            return _("gets %(items)s and %(gold)s Gold") % {"items": word(items), "gold": gold}
        case SubstituteExchanged(count=count):
            return _("exchanges a map chit for %(count)s") % {"count": count}
    return None


def _trade_outcome(event: Event) -> str | None:
    """What a Trade or Hire phase's events add to it (7.6, 7.7.1): drinks, the look, what
    changes hands and at what price, a refusal, a boon bought back or lost, a Fame reward."""
    match event:
        case Drinks(gold=gold):
            return _("drinks for %(gold)s gold") % {"gold": gold}
        case TradeLooked(items=items):
            return _("sees %(items)s") % {"items": word(items) or _("nothing")}
        case Bought(item=item, price=price):
            return _("buys %(item)s for %(price)s gold") % {"item": word(item), "price": price}
        case Sold(items=items, gold=gold):
            return _("sells %(items)s for %(gold)s gold") % {
                "items": word(items),
                "gold": gold,
            }
        case PaidInKind(items=items):
            return _("gives %(items)s towards the price") % {"items": word(items)}
        case SpellBought(price=price):
            return _("buys a spell for %(price)s gold") % {"price": price}
        case TradeDeclined(who=who, reason=reason):
            return _("buys nothing: %(reason)s") % {"reason": word(reason, pronouns(who))}
        case TradeRefused(result=result):
            return _("refused: %(result)s") % {"result": word(result)}
        case PaidOff(result=result):
            return _("pays off the %(result)s") % {"result": word(result)}
        case RelationshipChanged(group=group, level=level):
            return _("the %(group)s are now %(level)s") % {
                "group": word(group),
                "level": word(level),
            }
        case BoonRepaid(gold=gold):
            return _("buys back the boon for %(gold)s gold") % {"gold": gold}
        case BoonLost(who=who):
            return _("%(his)s one chance to buy back the boon is gone") % {"his": pronouns(who).his}
        case FameReward(fame=fame, item=item):
            return _("%(fame)s Fame for the %(item)s") % {"fame": f"{fame:+}", "item": word(item)}
        case HirePaid(gold=gold):
            return _("pays %(gold)s gold") % {"gold": gold}
        case NotHired(who=who, reason=reason):
            return _("hires no one: %(reason)s") % {"reason": word(reason, pronouns(who))}
    return None


def _phase(activity: str) -> str:
    """A phase as the report writes it: its notation, the activity's letters and clearings as
    both languages write them (6.2.6), the name it targets (a table, a group, a character) in
    the reader's rulebook's words (``S Localizar``, ``T Gente del Bosque``), as his orders may
    name it."""
    letters, space, target = activity.partition(" ")
    return f"{letters}{space}{term(target)}" if target else activity


def _actor(event: Event) -> object:
    """Whom an event is about, whatever its type: its ``who``, if it has one."""
    return event.fields.get("who")


def day_report(events: list[Event], viewer: str) -> str:
    """The report of one day's events as ``viewer`` (public, moderator or a character) sees it."""
    seen = visible_to(events, viewer)
    context: dict[str, object] = {"day": "?", "month": "?", "colors": [], "monster_roll": None}
    sunrise: list[str] = []
    sunset: list[str] = []
    later: list[str] = []
    turns: list[_Turn] = []
    current: _Turn | None = None
    rolls: dict[str, str] = {}
    meetings: dict[str, list[str]] = {}
    taken: object = None
    gone: set[str] = set()
    combats = evening(seen)
    in_combat = fought = False
    in_turn = False
    for event in seen:
        if isinstance(event, CombatStarted):
            in_combat, fought, current = True, True, None
        if in_combat:
            in_combat = not isinstance(event, CombatEnded)
            continue
        in_turn = isinstance(event, TurnStarted) or (in_turn and not isinstance(event, TurnEnded))
        if _is_magic(event) or (isinstance(event, Fatigued) and not in_turn):
            if in_turn and current is not None:
                current.notes.append(describe(event))
            else:
                (later if fought else sunset if turns else sunrise).append(describe(event))
            continue
        if isinstance(event, DayStarted):
            context.update(day=event.day, month=event.month, colors=list(event.colors))
        elif isinstance(event, MonsterRoll):
            context["monster_roll"] = event.roll
        elif isinstance(event, Prowling):
            natives = word(event.natives)
            sunrise.append(
                _("Prowling (row %(row)s): %(monsters)s")
                % {"row": event.row, "monsters": word(event.monsters)}
                + (_("; natives: %(natives)s") % {"natives": natives} if event.natives else "")
                + (_("; the visitors and missions") if event.visitors else "")
            )
        elif isinstance(event, Regenerated | VisitorFlipped):
            sunrise.append(describe(event))
        elif isinstance(event, Follows):
            sunrise.append(
                _("%(who)s follows %(guide)s")
                % {"who": term(event.who), "guide": term(event.guide)}
            )
        elif isinstance(event, TurnStarted):
            current = _Turn(event.who)
            turns.append(current)
        elif isinstance(event, PhaseStarted) and current is not None:
            if event.who == current.who:
                current.phases.append(_phase(event.activity))
        elif isinstance(event, Rolled) and event.purpose == "Meeting Table":
            meetings.setdefault(event.who, []).append(", ".join(map(str, event.dice)))
        elif isinstance(event, Rolled):
            rolls[event.who] = ", ".join(map(str, event.dice))
        elif isinstance(event, MeetingRolled) and current is not None:
            dice = (" " + _("then") + " ").join(meetings.pop(event.who, ["?"]))
            current.annotate(f"{dice}: {word(event.result)} ({word(event.column)})")
        elif isinstance(event, Hired | Rehired) and current is not None:
            said = (
                _("hires %(piece)s until day %(until)s")
                if isinstance(event, Hired)
                else _("rehires %(piece)s until day %(until)s")
            )
            current.annotate(said % {"piece": word(event.piece), "until": event.until})
        elif isinstance(event, Hid) and current is not None and event.roll is not None:
            dice = rolls.pop(event.who, str(event.roll))
            current.annotate(f"{dice}: " + hidden_word(event.who, success=event.success))
        elif isinstance(event, _LEFT_PLAY):
            later.append(describe(event))
            gone.add(str(_actor(event)))
        elif isinstance(event, _ABANDONED) and event.who in gone:
            later.append(describe(event))
        elif isinstance(event, _NOTES) and current is not None:
            current.notes.append(describe(event))
        elif isinstance(event, _TASKS_ENDED | _GAME_END):
            later.append(describe(event))
        elif isinstance(event, TurnEnded | Unhidden):
            continue
        elif isinstance(event, NotImplementedYet | Midnight | DayEnded) and current is None:
            (sunrise if not turns else later).append(describe(event))
        elif isinstance(event, NotImplementedYet) and event.who is None:
            later.append(describe(event))
        elif current is not None and _actor(event) == current.who:
            if isinstance(event, _SEEN_TAKING) and taken == event.from_:
                taken = None
                continue
            taken = event.from_ if isinstance(event, Looted) else None
            outcome = _outcome(event)
            if outcome is not None:
                current.annotate(outcome)
        elif current is not None and isinstance(event, _TASKS):
            current.notes.append(describe(event))
        elif current is not None and isinstance(event, Moved):
            current.notes.append(
                _("%(who)s moves with %(him)s to %(to)s")
                % {"who": term(event.who), "him": pronouns(current.who).him, "to": event.to}
            )
        elif isinstance(event, Midnight | DayEnded | NotImplementedYet | Unhired):
            later.append(describe(event))
    return render(
        "reports/day.txt.j2",
        turns=turns,
        sunrise=sunrise,
        sunset=sunset,
        combats=combats,
        later=later,
        **context,
    )
