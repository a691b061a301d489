"""``/status``, ``/me``, ``/gm status`` and ``/gm sheet`` answer with embeds: a title, short
fields, a footer; escaped; within Discord's limits; ``/status`` says nothing secret."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.cards import Card, Field
from bot.discord.embeds import (
    DESCRIPTION,
    FIELD_NAME,
    FIELD_VALUE,
    FIELDS,
    MESSAGE_EMBEDS,
    MESSAGE_TOTAL,
    TITLE,
    embed_messages,
)
from bot.service import CampaignService
from bot.sheet_card import sheet_card
from bot.sheets import Hireling
from rules.state import GameState
from rules.view import CharacterView, ChitView, ItemView

from .conftest import Table, change_state, embed_text, private_answer, seat_two_players


def fields_of(embed: discord.Embed) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in embed.fields}


def card_embeds(result: simcord.InteractionResult, *, public: bool) -> list[discord.Embed]:
    """The embeds of an answer: posted in the channel (``public``) or the asker's alone."""
    assert result.ephemeral and result.response is not None
    messages = result.followups if public else [result.response, *result.followups]
    assert messages and all(m.ephemeral is not public for m in messages)
    assert all(m.embeds and not m.content for m in messages)
    return [e for m in messages for e in m.embeds]


def within_limits(messages: list[list[discord.Embed]]) -> None:
    for embeds in messages:
        assert 1 <= len(embeds) <= MESSAGE_EMBEDS
        assert sum(len(e) for e in embeds) <= MESSAGE_TOTAL
        for embed in embeds:
            assert len(embed.title or "") <= TITLE and len(embed.description or "") <= DESCRIPTION
            assert len(embed.fields) <= FIELDS
            for field in embed.fields:
                assert field.value and len(str(field.value)) <= FIELD_VALUE
                assert len(str(field.name)) <= FIELD_NAME


async def started(table: Table) -> None:
    await seat_two_players(table)
    await table.moderator.slash(table.channel, "gm start", campaign="Test")


@pytest.mark.asyncio
async def test_status_is_an_embed_with_the_day_the_deadline_and_who_is_ready(
    table: Table, service: CampaignService
) -> None:
    await started(table)
    await table.alice.send_dm("orders Test\nH, R")
    await table.alice.slash(table.channel, "ready", campaign="Test")

    result = await table.bob.slash(table.channel, "status", campaign="Test", share=True)
    [embed] = card_embeds(result, public=True)
    assert embed.title == "Test: running, day 1"
    fields = fields_of(embed)
    deadline = service.campaigns.campaign("Test").deadline
    assert deadline is not None
    stamp = int(deadline.timestamp())
    assert fields["Day"] == "1"
    assert fields["Orders due"] == f"<t:{stamp}:F> (<t:{stamp}:R>)"
    assert fields["Ready"] == "Amazon"
    assert fields["Amazon"] == "orders in, ready" and fields["Elf"] == "no orders yet"
    assert embed.footer.text is not None and embed.footer.text.startswith("1 of 2 ready.")

    shown = embed_text(embed)
    assert "H, R" not in shown, "never what anyone ordered"
    assert "gold" not in shown and "chits" not in shown and "DV5" not in shown, "nor a sheet"


@pytest.mark.asyncio
async def test_me_is_his_sheet_as_an_embed_for_him_alone(table: Table) -> None:
    await started(table)
    result = await table.alice.slash(table.channel, "me", campaign="Test")
    [embed] = card_embeds(result, public=False)
    assert embed.title == "Your Amazon in Test"
    fields = fields_of(embed)
    assert fields["at"] == "DV5, hidden" and fields["gold"] == "10"
    assert fields["fame"] == "0" and fields["notoriety"] == "0"
    assert "FIGHT L4" in fields["chits"] and fields["belongings"] != ""
    assert "victory requirements" in fields
    assert embed.footer.text == "Only you see this sheet."
    within_limits([[embed]])


@pytest.mark.asyncio
async def test_moderators_see_status_with_deliveries_and_a_sheet_as_embeds(table: Table) -> None:
    await started(table)
    status = await table.moderator.slash(table.channel, "gm status", campaign="Test")
    [embed] = card_embeds(status, public=False)
    assert embed.title == "Test: running, day 1" and "Deliveries" in fields_of(embed)
    sheet = await table.moderator.slash(table.channel, "gm sheet", campaign="Test", character="Elf")
    [embed] = card_embeds(sheet, public=False)
    assert embed.title == "The Elf's sheet in Test (a moderator's view)"
    assert "MAGIC" in fields_of(embed)["chits"]


@pytest.mark.asyncio
async def test_a_hostile_campaign_name_is_escaped_in_the_embed(table: Table) -> None:
    name = "**Big** @everyone [x](https://evil.example) <@&123456789012345678>"
    await table.moderator.slash(table.channel, "gm create", name=name)
    result = await table.alice.slash(table.channel, "status", share=True)
    [message] = result.followups
    [embed] = message.embeds
    assert embed.title is not None
    assert "\\*\\*Big\\*\\*" in embed.title and "@\u200beveryone" in embed.title
    assert "\\[x\\](https://evil.example)" in embed.title
    assert "<@&123456789012345678>" not in embed.title
    assert not message.message.mention_everyone and not message.message.role_mentions


def test_a_long_sheet_fits_discords_limits() -> None:
    items = tuple(
        ItemView(id=f"Treasure number {i}", kind="treasure", active=i % 2 == 0) for i in range(300)
    )
    sheet = CharacterView(
        name="Amazon",
        player="alice",
        at="DV5",
        hidden=False,
        fame=3,
        notoriety=4,
        relationships={},
        chits=tuple(ChitView(label=f"MOVE M{i}", status="active") for i in range(40)),
        belongings=items,
        unseen_belongings=0,
        gold=12,
        victory={"fame": 2, "gold": 3},
        spells=tuple(f"Spell {i}" for i in range(120)),
        discoveries=tuple(f"Secret passage {i}" for i in range(120)),
    )
    hirelings = [
        Hireling(f"Company {i}", "CV3", 14, False, None, True, 5, items[:40]) for i in range(30)
    ]
    card = sheet_card(sheet, "Test", hirelings, moderator=False, departed=None)
    messages = embed_messages(card)
    within_limits(messages)
    assert len(messages) > 1, "more than one message holds"
    embeds = [e for m in messages for e in m]
    assert embeds[0].title == "Your Amazon in Test" and all(e.title is None for e in embeds[1:])
    assert embeds[-1].footer.text is not None and "hireling" in embeds[-1].footer.text
    shown = "\n".join(embed_text(e) for e in embeds)
    for i in range(300):
        assert f"Treasure number {i}" in shown, "nothing is lost"
    assert "Company 29 (continued)" in shown or "Company 29: at CV3" in shown


def test_a_long_description_and_value_are_split_not_cut() -> None:
    card = Card(
        "x" * 400,
        fields=(Field("f", "word, " * 2000), Field("", "")),
        description="line\n" * 2000,
        footer="y" * 3000,
    )
    messages = embed_messages(card)
    within_limits(messages)
    embeds = [e for m in messages for e in m]
    assert embeds[0].title is not None and embeds[0].title.endswith("\u2026")
    assert sum((e.description or "").count("line") for e in embeds) == 2000
    assert sum(str(f.value).count("word") for e in embeds for f in e.fields) == 2000


@pytest.mark.asyncio
async def test_a_long_sheet_comes_in_several_private_messages_that_discord_accepts(
    table: Table, service: CampaignService
) -> None:
    await started(table)
    passages = [f"DW (normal) hidden path {i}" for i in range(400)]

    def well_travelled(state: GameState) -> None:
        state.characters["Amazon"].discoveries = list(passages)

    change_state(service, well_travelled)
    result = await table.alice.slash(table.channel, "me", campaign="Test")  # SimCord checks
    embeds = card_embeds(result, public=False)  # Discord's limits, as Discord does
    assert result.followups, "more than one message"
    assert embeds[0].title == "Your Amazon in Test"
    shown = "\n".join(embed_text(e) for e in embeds)
    assert all(passage in shown for passage in passages), "nothing is lost"
    assert "discoveries (continued): " in shown


@pytest.mark.asyncio
async def test_the_text_is_the_fallback_when_discord_refuses_the_embeds(table: Table) -> None:
    await started(table)
    table.env.inject_error("POST", "/webhooks/*", status=400, message="Invalid Form Body")
    result = await table.alice.slash(table.channel, "me", campaign="Test")
    assert result.response is not None and not result.response.embeds
    assert private_answer(result).startswith("Your Amazon in Test:")
