"""The Wish for strength (4.6.8b.3, L5261; :mod:`rules.magic.strength`): one ready at most, used
up by the hit it makes Tremendous or by opening the Vault or the Crypt of the Knight, and kept
out of the saved state when none is ready."""

from __future__ import annotations

import json

from rules.catalog import catalog
from rules.day.context import Ctx
from rules.daylight import looting
from rules.magic import strength
from tests.rules.games import fresh


def context() -> Ctx:
    state = fresh(7, ["Amazon", "Sorcerer"])
    return Ctx(catalog=catalog(), board=None, state=state, dice=None, answers={})  # type: ignore[arg-type]


def test_a_second_wish_is_not_stored_up():
    ctx = context()
    strength.grant(ctx, "Amazon")
    strength.grant(ctx, "Amazon")
    assert strength.ready(ctx.state, "Amazon")
    strength.used(ctx, "Amazon")
    assert not strength.ready(ctx.state, "Amazon")


def test_only_a_character_is_granted_it():
    ctx = context()
    strength.grant(ctx, "Goblin 1")
    assert not strength.ready(ctx.state, "Goblin 1")


def test_the_wish_breaks_down_the_doors_when_nothing_else_does():
    ctx = context()
    for chit in ctx.sheet("Sorcerer").chits:
        chit.status = "fatigued"  # no Tremendous chit of his could serve anyway
    assert looting._tremendous(ctx, "Sorcerer") is None
    strength.grant(ctx, "Sorcerer")
    assert looting._tremendous(ctx, "Sorcerer") == (strength.WISH, None)


def test_a_sheet_without_a_wish_saves_no_key():
    ctx = context()
    saved = json.loads(ctx.state.to_json())
    assert "strength" not in saved["characters"]["Amazon"]
    strength.grant(ctx, "Amazon")
    saved = json.loads(ctx.state.to_json())
    assert saved["characters"]["Amazon"]["strength"] is True
    assert "peace" not in saved["today"]
