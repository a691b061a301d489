"""``realmbot new-game``, ``view`` and ``map``: files in, files out, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from rules.catalog import catalog
from rules.state import GameState


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    status, out, _ = run(
        capsys,
        "new-game",
        "--seed",
        "7",
        "--characters",
        "Amazon,Dwarf,Black Knight",
        "--out",
        str(path),
    )
    assert status == 0
    assert out == f"new game written to {path} (seed 7, 3 characters)\n"
    return path


def test_new_game_writes_a_game_that_reads_back(game_file: Path):
    state = GameState.from_json(game_file.read_text(encoding="utf-8"))
    assert set(state.characters) == {"Amazon", "Dwarf", "Black Knight"}
    assert len(state.tiles) == 20


def test_the_same_seed_writes_the_same_game(tmp_path: Path, game_file: Path, capsys):
    again = tmp_path / "again.json"
    run(
        capsys,
        "new-game",
        "--seed",
        "7",
        "--characters",
        "Amazon,Dwarf,Black Knight",
        "--out",
        str(again),
    )
    assert again.read_bytes() == game_file.read_bytes()


def test_a_fixed_map_and_choices_are_used(tmp_path: Path, game_file: Path, capsys):
    state = GameState.from_json(game_file.read_text(encoding="utf-8"))
    layout = tmp_path / "layout.yaml"
    layout.write_text(
        json.dumps(
            {
                "tiles": [
                    {"tile": t.tile, "at": list(t.at), "rotation": t.rotation} for t in state.tiles
                ]
            }
        ),
        encoding="utf-8",
    )
    choices = tmp_path / "choices.yaml"
    choices.write_text("Dwarf: {start: Guard house, victory: {Gold: 5}}\n", encoding="utf-8")
    out = tmp_path / "fixed.json"
    args = ["--characters", "Amazon,Dwarf", "--map", str(layout), "--choices", str(choices)]
    status, _, err = run(capsys, "new-game", "--seed", "1", *args, "--out", str(out))
    assert (status, err) == (0, "")
    fixed = GameState.from_json(out.read_text(encoding="utf-8"))
    assert fixed.tiles == state.tiles
    assert fixed.characters["Dwarf"].start == "Guard house"
    assert fixed.characters["Dwarf"].victory["Gold"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--characters", "Amazon,Amazone"], "unknown character 'Amazone'; did you mean 'Amazon'"),
        (["--characters", "Amazon,Amazon"], "the Amazon is chosen twice"),
        (["--characters", "Amazon", "--map", "missing.yaml"], "missing.yaml"),
        (["--characters", "Amazon", "--choices", "missing.yaml"], "cannot read missing.yaml"),
    ],
)
def test_bad_new_game_input_is_one_line_with_status_2(capsys, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "new-game", "--seed", "1", *args, "--out", "g.json")
    assert status == 2
    assert out == ""
    assert err.startswith("realmbot: ") and err.count("\n") == 1
    assert message in err
    assert not (tmp_path / "g.json").exists(), "nothing is written"


def test_an_impossible_layout_names_the_tile_and_the_rule(tmp_path, capsys):
    layout = tmp_path / "layout.yaml"
    layout.write_text("tiles:\n  - {tile: BL, at: [0, 0]}\n  - {tile: CV, at: [5, 5]}\n")
    status, _, err = run(
        capsys, "new-game", "--seed", "1", "--characters", "Amazon", "--map", str(layout)
    )
    assert status == 2
    assert "rule 3.2" in err


def test_choices_for_a_character_not_in_the_game_are_refused(tmp_path, capsys):
    choices = tmp_path / "choices.yaml"
    choices.write_text("Elf: {start: Inn}\n")
    status, _, err = run(
        capsys, "new-game", "--seed", "1", "--characters", "Amazon", "--choices", str(choices)
    )
    assert status == 2
    assert "'Elf' is not one of the characters (Amazon)" in err


def test_view_prints_the_public_view_as_json(game_file: Path, capsys):
    status, out, _ = run(capsys, "view", str(game_file), "--viewer", "public")
    assert status == 0
    view = json.loads(out)
    assert view["viewer"] == "public"
    amazon = next(c for c in view["characters"] if c["name"] == "Amazon")
    assert amazon["gold"] is None and amazon["victory"] is None


def test_a_character_views_his_own_sheet(game_file: Path, capsys):
    _, out, _ = run(capsys, "view", str(game_file), "--viewer", "Dwarf")
    dwarf = next(c for c in json.loads(out)["characters"] if c["name"] == "Dwarf")
    assert dwarf["gold"] == 10


def test_view_errors(game_file: Path, tmp_path: Path, capsys):
    status, _, err = run(capsys, "view", str(game_file), "--viewer", "Elf")
    assert status == 2 and "unknown viewer 'Elf'" in err
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    status, _, err = run(capsys, "view", str(junk))
    assert status == 2 and err.startswith(f"realmbot: {junk} is not a realmbot game")
    status, _, err = run(capsys, "view", str(tmp_path / "none.json"))
    assert status == 2 and "cannot read" in err


def test_map_writes_a_png(game_file: Path, tmp_path: Path, capsys):
    out = tmp_path / "map.png"
    status, text, err = run(
        capsys, "map", str(game_file), "--viewer", "moderator", "--out", str(out)
    )
    assert (status, err) == (0, "")
    assert text == f"map for moderator written to {out}\n"
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_day_advances_a_game_with_orders_from_a_file(game_file: Path, tmp_path: Path, capsys):
    orders = tmp_path / "orders.yaml"
    orders.write_text("Amazon: H, R\n", encoding="utf-8")
    out = tmp_path / "next.json"
    status, text, err = run(
        capsys, "day", str(game_file), "--orders", str(orders), "--out", str(out)
    )
    assert (status, err) == (0, "")
    assert text.startswith("Day 1, Month 1")
    assert "Amazon: H (" in text
    after = GameState.from_json(out.read_text(encoding="utf-8"))
    assert after.day == 2
    status, text, _ = run(
        capsys, "day", str(out), "--out", str(tmp_path / "day3.json"), "--report", "Amazon"
    )
    assert status == 0 and text.startswith("Day 2, Month 1")


def test_day_refuses_bad_orders_listing_every_problem(game_file: Path, tmp_path: Path, capsys):
    orders = tmp_path / "orders.yaml"
    orders.write_text("Amazon: M XX9, Q\nElf: H\n", encoding="utf-8")
    out = tmp_path / "next.json"
    status, _, err = run(capsys, "day", str(game_file), "--orders", str(orders), "--out", str(out))
    assert status == 2
    assert "Amazon, line 1, phase 1" in err and "Amazon, line 1, phase 2" in err
    assert "Elf: not a character in this game" in err
    assert not out.exists(), "nothing is resolved or written"


def test_day_takes_orders_for_a_hired_leader(game_file: Path, tmp_path: Path, capsys):
    """6.2.5: the employer records his hired leader's orders; the leader takes his own turn."""
    from rules.daylight.hirelings import hire

    state = GameState.from_json(game_file.read_text(encoding="utf-8"))
    state.put("Company HQ", state.place_of("Amazon"))
    hire(catalog(), state, "Company HQ", "Amazon")
    hired = tmp_path / "hired.json"
    hired.write_text(state.to_json(), encoding="utf-8")
    orders = tmp_path / "orders.yaml"
    orders.write_text("Amazon: H\nCompany HQ: H, H\n", encoding="utf-8")
    out = tmp_path / "next.json"
    status, text, err = run(capsys, "day", str(hired), "--orders", str(orders), "--out", str(out))
    assert (status, err) == (0, "")
    assert "Company HQ: H (" in text
    orders.write_text("Company HQ: E\n", encoding="utf-8")
    status, _, err = run(capsys, "day", str(hired), "--orders", str(orders), "--out", str(out))
    assert status == 2 and "Company HQ, line 1, phase 1" in err and "(6.2.5)" in err


def test_day_refuses_an_unknown_report_viewer(game_file: Path, tmp_path: Path, capsys):
    status, _, err = run(
        capsys, "day", str(game_file), "--out", str(tmp_path / "n.json"), "--report", "Elf"
    )
    assert status == 2 and "the reports are public, moderator, Amazon" in err


def test_a_sixteen_character_game_advances_day_after_day(tmp_path: Path, capsys):
    """Every character moves along a road he may use, then hides, for three days."""
    from rules import legal_activities
    from rules.orders.model import ActivityKind

    game = tmp_path / "day1.json"
    everyone = ",".join(catalog().characters)
    assert (
        run(capsys, "new-game", "--seed", "3", "--characters", everyone, "--out", str(game))[0] == 0
    )
    for day in (1, 2, 3):
        state = GameState.from_json(game.read_text(encoding="utf-8"))
        lines = []
        for name in state.characters:
            moves = [a for a in legal_activities(state, name, 1) if a.kind is ActivityKind.MOVE]
            first = f"M {moves[0].target}, " if moves and moves[0].target != "Edge" else ""
            lines.append(f"{name}: {first}H")
        orders = tmp_path / f"orders{day}.yaml"
        orders.write_text("\n".join(lines) + "\n", encoding="utf-8")
        following = tmp_path / f"day{day + 1}.json"
        status, report, err = run(
            capsys, "day", str(game), "--orders", str(orders), "--out", str(following)
        )
        assert (status, err) == (0, ""), err
        assert report.startswith(f"Day {day}, Month 1")
        assert report.count(": ") >= 16
        game = following
    assert GameState.from_json(game.read_text(encoding="utf-8")).day == 4
