"""What the map shows of magic (issue 34, "What players see"): an enchanted tile on its
enchanted face, the colour sources present listed in the legend for those who know them (an
undiscovered Toadstool Circle for no one but its discoverer and the moderator), and a
transmorphized individual in his form; the patches kept stay true to what is drawn."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot.maps import MapLayout, render, render_map
from bot.maps.badges import Pieces
from bot.maps.layout import colour_entries
from bot.maps.style import CLEARING_FILL
from rules.catalog import catalog
from rules.dice import DiceState
from rules.layout import PlacedTile
from rules.magic.state import SpellInEffect
from rules.setup.game import new_game
from rules.state import GameState, ItemState, Place
from rules.view import MODERATOR, PUBLIC, view_for

#: The site whose box holds the Toadstool Circle in a new game, and its chit's clearing.
SITE, SITE_CLEARING = "SHRINE 4", 4


def game() -> GameState:
    """A new game of the Amazon and the Black Knight, both at the Inn."""
    return new_game(catalog(), 1, ["Amazon", "Black Knight"])


def picture(state: GameState, viewer: str = PUBLIC) -> Image.Image:
    found = Image.open(io.BytesIO(render_map(catalog(), view_for(catalog(), state, viewer))))
    found.load()
    return found.convert("RGB")


def entries(state: GameState, viewer: str) -> list[str]:
    return colour_entries(view_for(catalog(), state, viewer))


def test_an_enchanted_tile_is_drawn_on_its_enchanted_face() -> None:
    """Borderland's clearings lie elsewhere on its enchanted face: each is drawn where that face
    has it, and the normal face's picture has no clearing there."""
    tiles = {e: [PlacedTile(tile="BL", at=(0, 0), enchanted=e)] for e in (False, True)}
    states = {e: GameState(dice=DiceState(seed=1), day=3, tiles=t) for e, t in tiles.items()}
    pictures = {e: picture(s) for e, s in states.items()}
    layout = MapLayout(catalog(), view_for(catalog(), states[True], PUBLIC))
    assert layout.side("BL") == catalog().tiles["BL"].enchanted
    normal = MapLayout(catalog(), view_for(catalog(), states[False], PUBLIC))
    moved = 0
    for clearing in catalog().tiles["BL"].enchanted.clearings:
        x, y = layout.clearing_pixel(f"BL{clearing.number}")
        spot = (math.floor(x), math.floor(y + 0.7 * layout.clearing_radius))
        assert pictures[True].getpixel(spot) == CLEARING_FILL[clearing.type]
        others = [
            normal.clearing_pixel(f"BL{c.number}") for c in catalog().tiles["BL"].normal.clearings
        ]
        if all(math.dist(spot, o) > 1.5 * layout.clearing_radius for o in others):
            moved += 1
            assert pictures[False].getpixel(spot) != CLEARING_FILL[clearing.type]
    assert moved, "some clearing of the enchanted face lies where the normal face has none"
    assert "enchanted tile" in "\n".join(entries(states[True], PUBLIC))


def test_the_legend_lists_the_day_the_chapel_an_enchanted_card_and_enchanted_tiles() -> None:
    state = game()
    state.day = 7
    chapel = state.place_of("Chapel").removeprefix("at:")
    state.put("Dragon Essence", Place.owner("Amazon"))
    state.characters["Amazon"].items["Dragon Essence"] = ItemState(active=True)
    state.face_up.append("Dragon Essence")
    amazon = state.place_of("Amazon").removeprefix("at:")
    state.tiles = [t.model_copy(update={"enchanted": t.tile == "AV"}) for t in state.tiles]
    for viewer in (PUBLIC, "Black Knight", MODERATOR):
        assert entries(state, viewer) == [
            "colour magic today:",
            "white, black everywhere (the seventh day)",
            f"white in {chapel} (the Chapel)",
            f"purple in {amazon} (the Dragon Essence)",
            "gray in AV1, AV2, AV4, AV5 (enchanted tile)",
        ]
    state.day = 8
    state.tiles = [t.model_copy(update={"enchanted": False}) for t in state.tiles]
    state.face_up.remove("Dragon Essence")
    assert entries(state, PUBLIC) == ["colour magic today:", f"white in {chapel} (the Chapel)"]


def toadstool(state: GameState, *, discovered_by: str | None) -> str:
    """The Toadstool Circle drawn (face up in its box) with its site chit face down in the Cave
    tile; ``discovered_by`` has it among his discoveries. Returns the clearing it supplies."""
    tile = next(t.tile for t in state.tiles if t.tile in catalog().tiles)
    state.put(SITE, Place.tile(tile))
    state.face_up.append("Toadstool Circle")
    if discovered_by is not None:
        state.characters[discovered_by].discoveries.append("Toadstool Circle")
    return f"{tile}{SITE_CLEARING}"


def test_an_undiscovered_toadstool_circle_is_listed_for_its_discoverer_alone() -> None:
    state = game()
    where = toadstool(state, discovered_by="Amazon")
    line = f"black in {where} (the Toadstool Circle)"
    assert line in entries(state, "Amazon") and line in entries(state, MODERATOR)
    for viewer in (PUBLIC, "Black Knight"):
        assert not any("Toadstool" in entry for entry in entries(state, viewer)), viewer
    state.face_up.append(SITE)  # its chit turned face up: the site is known to all
    assert line in entries(state, PUBLIC)


def test_the_legend_grows_by_its_rows_of_colour_and_patches_stay_true(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The colour rows are drawn below the legend's icons (the picture is taller by them), and a
    public map drawn after its discoverer's is the one drawn alone: the rows he sees are no
    patch the public's takes."""
    state = game()
    toadstool(state, discovered_by="Amazon")
    state.put("Chapel", Place.OUT)
    assert entries(state, PUBLIC) == []
    assert picture(state, "Amazon").height > picture(state, PUBLIC).height
    monkeypatch.setattr(render, "patches", render.Patches())
    alone = render_map(catalog(), view_for(catalog(), state, PUBLIC))
    monkeypatch.setattr(render, "patches", render.Patches())
    render_map(catalog(), view_for(catalog(), state, "Amazon"))
    assert render_map(catalog(), view_for(catalog(), state, PUBLIC)) == alone


@pytest.mark.parametrize(
    ("spell", "becomes", "form"),
    [("Melt into Mist", None, "mist"), ("Transform", "Wolf", "Wolf")],
)
def test_a_transmorphized_character_is_drawn_in_his_form(
    spell: str, becomes: str | None, form: str
) -> None:
    state = game()
    where = state.place_of("Amazon")
    state.spells = [
        SpellInEffect(
            number=1,
            spell=spell,
            caster="Black Knight",
            controller="Black Knight",
            targets=["Amazon"],
            cast_day=1,
            energized=True,
            becomes=becomes,
        )
    ]
    for viewer in (PUBLIC, "Black Knight", "Amazon"):
        view = view_for(catalog(), state, viewer)
        texts = [
            b.text
            for b in Pieces(catalog(), view, MapLayout(catalog(), view)).badges(
                view.clearings[where.removeprefix("at:")]
            )
        ]
        assert f"Amazon ({form})" in texts, texts
    state.spells[0].energized = False  # inert: his own form again (4.6.7h.1)
    view = view_for(catalog(), state, PUBLIC)
    texts = [
        b.text
        for b in Pieces(catalog(), view, MapLayout(catalog(), view)).badges(
            view.clearings[where.removeprefix("at:")]
        )
    ]
    assert "Amazon" in texts
