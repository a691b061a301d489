"""The saved game does not grow with the days played (issue 18): a month of 16 characters on
the autopilot ends with a state about the size of its second day's, and no rolls in it."""

from __future__ import annotations

import json

from rules import autopilot_orders, catalog, new_game, parse_orders, resolve


def test_a_months_state_stays_the_size_of_its_second_day() -> None:
    data = catalog()
    cast = sorted(data.characters)
    state = new_game(data, 18, cast)
    sizes: dict[int, int] = {}
    rolls = 0
    for _ in range(28):
        texts = {n: autopilot_orders(state, n, catalog=data) for n in state.characters}
        parsed = {n: parse_orders(t, state, n, catalog=data).orders for n, t in texts.items()}
        day = resolve(state, {n: o for n, o in parsed.items() if o is not None}, catalog=data)
        state, rolls = day.state, rolls + len(day.rolls)
        saved = state.to_json()
        assert set(json.loads(saved)["dice"]) == {"seed", "position", "forced"}
        sizes[state.game_day] = len(saved)
        if state.today.stage == "over":
            break
    assert rolls > 300, "a month of rolls, none of them kept in the state"
    last = sizes[max(sizes)]
    assert last <= sizes[2] * 1.15, sizes
