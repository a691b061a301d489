"""Who reads in which language (issue 35): each player chooses his own for his DMs and replies
(a seat's ``language``, none: the campaign's), refused with the languages realmbot speaks when it
does not speak his; a reply speaks its sender's language."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.i18n import Language, UnknownLanguageError, current, language
from bot.inbox import COMMANDS, Request, take
from bot.service import CampaignService, RequestError
from bot.store import Reply
from db.engine import session_scope
from db.models import Seat
from rules import PUBLIC


def valle(service: CampaignService, *, spoken: str = "es") -> None:
    """Valle, in ``spoken``: alice the Amazon, bob the Elf, gm its moderator; started."""
    take(service, Request("create", "Valle", "gm", options={"seed": 3, "language": spoken}))
    service.campaigns.join("Valle", player="alice", player_name="Alice", character="Amazon")
    service.campaigns.join("Valle", player="bob", player_name="Bob", character="Elf")
    service.campaigns.start("Valle", moderator="gm")


def chosen(service: CampaignService) -> dict[str, str | None]:
    with session_scope(service.engine) as session:
        return {seat.player: seat.language for seat in session.exec(select(Seat))}


def test_a_player_chooses_his_language_or_the_campaigns_again(service: CampaignService) -> None:
    valle(service)
    assert chosen(service) == {"alice": None, "bob": None}
    said = take(service, Request("language", "Valle", "alice", options={"language": "English"}))
    assert said.text == "The Amazon in Valle reads her messages in English."
    assert chosen(service) == {"alice": "en", "bob": None}
    assert service.languages.of_reply("Valle", "alice") is Language.EN
    assert service.languages.of_reply("Valle", "bob") is Language.ES
    take(service, Request("language", "Valle", "alice", options={"language": "campaign"}))
    assert chosen(service) == {"alice": None, "bob": None}
    assert service.languages.of_reply("Valle", "alice") is Language.ES


def test_a_language_realmbot_does_not_speak_is_refused_and_nothing_changes(
    service: CampaignService,
) -> None:
    valle(service)
    take(service, Request("language", "Valle", "bob", options={"language": "en"}))
    with pytest.raises(UnknownLanguageError) as told:
        language("Klingon")
    with pytest.raises(RequestError) as refused:
        take(service, Request("language", "Valle", "bob", options={"language": "Klingon"}))
    assert str(refused.value).startswith(str(told.value))
    assert str(refused.value).endswith(
        " Or 'campaign' for the campaign's language. Nothing changed."
    )
    assert chosen(service) == {"alice": None, "bob": "en"}
    # carol holds no seat: she is refused in the campaign's language
    with pytest.raises(RequestError, match="No tienes ningún personaje en Valle"):
        take(service, Request("language", "Valle", "carol", options={"language": "en"}))


def test_a_reply_speaks_its_senders_language(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat's choice, else (for a person without a seat) his door's, else the
    campaign's, else English."""
    monkeypatch.setitem(COMMANDS, "probe", lambda s, r: Reply(current().value))
    valle(service)
    take(service, Request("language", "Valle", "bob", options={"language": "en"}))

    def heard(sender: str, campaign: str = "Valle", door: Language | None = None) -> str:
        return take(service, Request("probe", campaign, sender, language=door)).text

    assert heard("alice") == "es" and heard("bob") == "en" and heard("gm") == "es"
    assert heard("bob", door=Language.ES) == "en", "his seat's choice comes first"
    assert heard("alice", "valle") == "es", "the campaign's name whatever its case"
    assert heard("alice", "Nowhere") == "en" and heard("alice", "Nowhere", Language.ES) == "es"
    take(service, Request("create", "Valley", "gm", options={"seed": 3}))
    assert heard("gm", "Valley") == "en" and heard("gm", "Valley", Language.ES) == "es"


def test_the_outbox_says_each_message_in_its_readers_language(service: CampaignService) -> None:
    """The channel and the moderators in the campaign's language; a player's DM in his own,
    else the campaign's; a text given rendered is kept as it is."""
    from bot.event_text import word

    valle(service)
    take(service, Request("language", "Valle", "bob", options={"language": "en"}))
    store = service.store
    before = {m.id for m in store.undelivered(1000)}
    with store.unit() as session:
        campaign = store.campaign(session, "Valle")
        out = store.outbox(session, campaign)
        out.channel(lambda: word(True))
        for reader in ("alice", "bob", "carol"):
            out.dm(reader, lambda: word(True))
        out.moderators(lambda: word(True))
        out.moderators_only(lambda: word(True))
        out.dm("bob", "as it is")
    said = [(m.kind, m.to, m.content) for m in store.undelivered(1000) if m.id not in before]
    assert said == [
        ("channel", None, "sí"),
        ("dm", "alice", "sí"),
        ("dm", "bob", "yes"),
        ("dm", "carol", "sí"),
        ("moderators", None, "sí"),
        ("dm", "gm", "sí"),
        ("dm", "bob", "as it is"),
    ]


def test_a_spanish_campaigns_day_reaches_each_reader_in_his_language(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Valle speaks Spanish, bob reads English: the day's public report and alice's own are
    rendered while Spanish is spoken, bob's while English is, and the moderators' nudge reaches
    each in his own."""
    from bot.own_report import own_report
    from bot.render import render
    from bot.reports import day_report

    spoken: list[tuple[str, str]] = []

    def spying(name: str, real, viewer) -> None:
        def spy(*args, **kwargs):
            spoken.append((viewer(args, kwargs), current().value))
            return real(*args, **kwargs)

        monkeypatch.setattr(name, spy)

    spying("bot.publishing.day_report", day_report, lambda a, k: a[1])
    spying("bot.publishing.own_report", own_report, lambda a, k: a[1])
    spying("bot.reminders.render", render, lambda a, k: k.get("character", "?"))
    valle(service)
    take(service, Request("language", "Valle", "bob", options={"language": "English"}))
    for player in ("alice", "bob"):
        service.players.submit_orders("Valle", player=player, text="H, H")
    service.resolver.resolve_day("Valle", day=1, moderator="gm")
    service.publisher.publish("Valle")
    assert sorted(spoken) == [("Amazon", "es"), ("Elf", "en"), (PUBLIC, "es")]
    spoken.clear()
    take(service, Request("nudge", "Valle", "gm"))
    assert sorted(spoken) == [("Amazon", "es"), ("Elf", "en")]


def test_a_refusal_speaks_its_senders_language(service: CampaignService) -> None:
    """The service's refusals are said in the sender's language: the Spanish campaign's own
    in Spanish, a player who reads English in English, as the English has always said them."""
    valle(service)
    take(service, Request("language", "Valle", "bob", options={"language": "en"}))
    answer = {"choice": "keep"}
    with pytest.raises(RequestError) as spanish:
        take(service, Request("answer", "Valle", "alice", options=answer))
    assert str(spanish.value) == (
        "Amazona no tiene ahora ninguna decisión que tomar (en una ventana de combate, responde "
        "con un MD que empiece por `plays`)"
    )
    with pytest.raises(RequestError) as english:
        take(service, Request("answer", "Valle", "bob", options=answer))
    assert str(english.value) == (
        "The Elf has no decision to make now (in a combat window, answer with a DM starting "
        "`plays`)"
    )
    with pytest.raises(RequestError, match=r"^Valle está en el día 1, no en el día 5$"):
        take(service, Request("resolve", "Valle", "gm", options={"day": 5}))


def test_a_moderators_line_is_posted_in_the_campaigns_language_and_kept_in_english(
    service: CampaignService,
) -> None:
    from db import repo

    valle(service)
    before = {m.id for m in service.store.undelivered(1000)}
    said = take(service, Request("lock", "Valle", "gm", options={"locked": True}))
    assert said.text == "Valle está bloqueada."
    posted = [m.content for m in service.store.undelivered(1000) if m.id not in before]
    assert posted == ["[moderador] gm: ha bloqueado"]
    with session_scope(service.engine) as session:
        kept = [a.detail for a in repo.list_actions(session, campaign_id=1)]
    assert kept[-1] == "locked"
