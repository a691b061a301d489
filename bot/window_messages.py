"""What a combat window says (issue 14): the tag naming a player's window, the DM that opens it
(its decisions in blocks, how to type an answer), the echo heading his sealed plays, the notices
of the sealed plays and of their reveal, and the defaults taken when it closed. The service that
opens, seals and closes windows is :mod:`bot.windows`."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.campaign_settings import CampaignSettings
from bot.i18n import _, pgettext
from bot.option_lists import compact, expand
from bot.render import render, word, words
from bot.sealing import CHECK_COMMAND, TAG_DIGITS, SealedSet, sealed_set
from bot.terms import term
from bot.wording import pronouns
from db.models import Campaign, PendingDecision
from rules import KEY_OF, CombatId, DecisionId, Phrase, about, is_combat_id, typed_example
from rules.events import Decision


def window_tag(day: int, refs: Sequence[str]) -> str:
    """The tag naming one player's window (its decisions' engine ids ``refs``, on ``day``),
    which its DM shows and its selects carry, so that a select left on an older window's DM
    answers nothing. It is made of what the player knows, never of row ids, which would tell
    him how many decisions others were asked in between."""
    return hashlib.sha256("\n".join([str(day), *refs]).encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Block:
    """One block of a combat window's DM: a decision with its options and default, or
    (``many``) the lures of several denizens together — any of ``options``, the denizens, or
    none — standing for a yes-or-no decision each, in a row (issue 32: one multi-select, not
    a question per denizen). ``whole``: its options are written one by one, never in braces
    (the colour chits played beside an action: ``MAGIC {IV4*, V3*}``, one of them, would read
    too close to ``MAGIC IV4*, MAGIC V3*``, both)."""

    prompt: str
    options: tuple[str, ...]
    default: str
    many: bool = False
    whole: bool = False

    @property
    def count(self) -> int:
        """How many of the window's decisions the block stands for."""
        return len(self.options) if self.many else 1

    @property
    def entries(self) -> list[str]:
        """The options as the DM writes them: in braces where they cross chits with directions
        or characters with chits (:func:`bot.option_lists.compact`; issue 32, a melee window
        in one message); the lures' denizens one by one."""
        return list(self.options) if self.many or self.whole else compact(self.options)


def window_blocks(decisions: Sequence[Decision]) -> list[Block]:
    """The blocks of a window's DM, in the decisions' order: its lures of two or more
    denizens in a row as one block, every other decision a block of its own."""
    lures = [n for n, d in enumerate(decisions) if d.kind == "lure"]
    grouped = len(lures) > 1 and lures == list(range(lures[0], lures[0] + len(lures)))
    blocks: list[Block] = []
    for number, decision in enumerate(decisions):
        if grouped and number in lures:
            if number == lures[0]:
                denizens = tuple(about(decisions[n].where) for n in lures)
                blocks.append(Block("", denizens, "none", many=True))
            continue
        whole = decision.kind == "color"
        prompt = word(decision.prompt, pronouns(decision.character))
        blocks.append(Block(prompt, decision.options, decision.default, whole=whole))
    return blocks


def window_message(
    campaign: Campaign,
    character: str,
    window: str,
    due: datetime,
    brief: Sequence[Phrase],
    decisions: Sequence[Decision],
    settings: CampaignSettings | None = None,
) -> str:
    """The DM that opens ``window`` for ``character``: what he needs to know, each decision
    with its options and default, and how to answer; its header names the window by its
    :func:`window_tag`. With the campaign's ``settings``, it ends with what will be asked
    next and when (issue 32): after the natives', the first round; after a lure window, the
    encounter and melee's, once random assignment is done; after those, the next round's,
    which brings the round's report."""
    blocks = window_blocks(decisions)
    where = decisions[0].where if decisions else None
    number = where.round if isinstance(where, CombatId) else 0
    following = None
    if settings is not None:
        following = {
            "natives": ("first round", settings.lure_hours),
            "lure": ("encounter and melee", settings.after_assignment_hours),
        }.get(window, ("next round", settings.lure_hours))
    return render(
        "messages/combat_window.txt.j2",
        following=following,
        round=number,
        campaign=campaign,
        character=character,
        window=window,
        tag=window_tag(campaign.day, [d.id for d in decisions]),
        due=due,
        brief=brief,
        blocks=blocks,
        key=next((KEY_OF[d.kind] for d in decisions if d.kind in KEY_OF), None),
        typed=typed_example(decisions),
        braced=braced_example(blocks),
        several=several_targets(decisions),
    )


def several_targets(decisions: Sequence[Decision]) -> str | None:
    """The first option of several targets (a spell's, in the order announced: ``Demon,
    Witch King``) among ``decisions``' targets, to show that a ``target:`` line written as an
    option names them all, not a priority list (issue 34); None if none is offered."""
    return next((o for d in decisions if d.kind == "target" for o in d.options if ", " in o), None)


def braced_example(blocks: Sequence[Block]) -> tuple[str, str] | None:
    """The first entry of ``blocks`` written with braces, and the first option it stands for:
    the DM's example of how braces read; None if no entry has braces."""
    for block in blocks:
        for entry in block.entries:
            if "{" in entry:
                return entry, expand(entry)[0]
    return None


def plays_echo(decisions: Sequence[PendingDecision], character: str) -> str:
    """The echo of ``character``'s plays in a window: his :func:`~bot.sealing.sealed_set`,
    tagged (never its salt)."""
    return render("messages/plays_echo.txt.j2", sealed=sealed_set(decisions, character))


def seal_notice(sets: Sequence[SealedSet]) -> str:
    """The tag of each player's sealed set in a closing window, sent before the reveal
    (pbem-combat.md §6): each can check his against his last echo, and that none changed."""
    return render("messages/plays_sealed.txt.j2", sets=sets)


def reveal_notice(campaign: Campaign, sets: Sequence[SealedSet]) -> str:
    """The reveal of sealed ``sets``: each tag with its salt and the exact text it is the
    digest of, and how to check it."""
    return render(
        "messages/plays_revealed.txt.j2",
        campaign=campaign,
        sets=sets,
        digits=TAG_DIGITS,
        command=CHECK_COMMAND,
    )


def said_label(decision: PendingDecision) -> str:
    """A decision as a person reads it, in the language spoken: its kind's word and what it is
    about in his rulebook's terms (``lure Giant 1``, ``atraer Gigante 1``)."""
    subject = about(DecisionId.parse(decision.ref))
    kind = str(words("decisions").kind(decision.kind))
    return f"{kind} {term(subject)}".strip() if subject else kind


def said_option(option: str) -> str:
    """An option of a decision as a person reads it in the language spoken: each name in it in
    his rulebook's words (``Fantasma 1:2, Dragón Pesado:1``), ``none`` as his language says no
    play; what he types stays the option itself."""
    if option == "none":
        return pgettext("no play", "none")
    named = (part.partition(":") for part in option.split(", "))
    return ", ".join(f"{term(name)}{colon}{rest}" for name, colon, rest in named)


def defaults_notice(waiting: Sequence[PendingDecision]) -> str | None:
    """The combat decisions a closing window leaves to their defaults, for the window's players
    (each answer marked "(default)"); None when it leaves none."""
    lines = [
        _("the %(character)s's %(label)s: %(default)s (default)")
        % {
            "character": term(d.character),
            "label": said_label(d),
            "default": said_option(d.default),
        }
        for d in waiting
        if is_combat_id(d.ref)
    ]
    if not lines:
        return None
    return _("The window closed; not answered in time:") + "\n" + "\n".join(lines)
