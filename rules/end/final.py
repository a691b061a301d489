"""What the end of the game makes public (9.3): after Midnight of the last day
(:mod:`rules.end.length`) each character's Victory Requirements are revealed — kept secret until
then (3.3.6: "He must keep his Victory Requirements section secret until the end of the game") —
then what each discards (9.3.1), each score (9.3.2) and the victor (9.3.2j)."""

from __future__ import annotations

from typing import Any

from rules.day.context import Ctx
from rules.end.scoring import KEYS, counted, fields, score_game
from rules.state import VICTORY_CATEGORIES


def end_game(ctx: Ctx) -> None:
    """9.3: every character's Victory Requirements (``victory_revealed``, the points per
    category), the items he cannot carry (``discarded_at_end``), his score (``scored``: each
    category's result, basic, bonus, total, won) and the winners and victors (``victor``), all
    public. The state is not changed: the game is over."""
    state = ctx.state
    scores = score_game(ctx.catalog, state)
    for name in counted(state):  # 9.3.1a: a previous character is ignored
        character = state.characters[name]
        points: dict[str, Any] = {KEYS[c]: character.victory.get(c, 0) for c in VICTORY_CATEGORIES}
        ctx.emit("victory_revealed", who=name, **points)
    for score in scores.scores:
        if score.discarded:
            ctx.emit("discarded_at_end", who=score.name, items=list(score.discarded))
        ctx.emit("scored", who=score.name, **fields(score))
    ctx.emit(
        "victor",
        who=list(scores.victors),
        total=max((s.total for s in scores.scores), default=0),
        winners=list(scores.winners),
    )
