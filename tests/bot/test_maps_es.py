"""Maps in the reader's language (issue 35): a Spanish map's title, legend and pieces are said
in Spanish, drawn the same in a worker as in the process, and no cached part of one language's
map is ever taken into another's."""

from __future__ import annotations

from bot.i18n import speaking
from bot.maps import MapLayout, render_map
from bot.maps.badges import Pieces
from bot.maps.layout import legend_entries
from bot.maps.pool import MapPool, public_map
from bot.maps.render import _title_text, _viewer_title
from rules.catalog import catalog
from rules.setup.game import new_game
from rules.view import MODERATOR, PUBLIC, view_for


def test_the_legend_and_the_title_are_said_in_the_language_spoken() -> None:
    state = new_game(catalog(), 5, ["Amazon", "Elf"])
    english = dict(legend_entries())
    with speaking("es"):
        spanish = dict(legend_entries())
        title = _title_text(view_for(catalog(), state, PUBLIC))
        viewers = [_viewer_title(view_for(catalog(), state, v)) for v in (PUBLIC, "Amazon")]
    assert english.keys() == spanish.keys()
    assert (
        spanish["clearing cave"] == "claro de cueva" and english["clearing cave"] == "cave clearing"
    )
    assert title == "Magic Realm · Día 1, Mes 1"
    assert viewers == ["vista pública", "tal como lo ve Amazona"]


def test_the_pieces_are_named_as_the_spanish_rulebook_names_them() -> None:
    data = catalog()
    state = new_game(data, 5, ["Amazon", "Elf"])
    view = view_for(data, state, MODERATOR)
    layout = MapLayout(data, view)
    with speaking("es"):
        said = {b.text for badges, _, _ in Pieces(data, view, layout).place([]) for b in badges}
    english = {b.text for badges, _, _ in Pieces(data, view, layout).place([]) for b in badges}
    assert {"Amazona", "Elfo"} <= said and {"Amazon", "Elf"} <= english
    assert "Amazon" not in said


def test_a_map_in_spanish_is_drawn_alike_in_a_worker_and_never_mixed_with_english(
    maps: MapPool,
) -> None:
    data = catalog()
    text = new_game(data, 9, ["Amazon", "Witch King", "Dwarf"]).to_json()
    english = public_map(data, text)
    spanish = public_map(data, text, "es")
    assert spanish != english
    assert maps.draw(text, "es").result(timeout=60) == spanish
    assert maps.draw(text).result(timeout=60) == english
    assert public_map(data, text) == english, "the Spanish legend and title were not kept"
    with speaking("es"):
        view = view_for(data, new_game(data, 9, ["Amazon", "Witch King", "Dwarf"]), PUBLIC)
        assert render_map(data, view) == spanish[1]
