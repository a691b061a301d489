"""What the end of the game makes public (9.3): after Midnight of the last day
(:mod:`rules.end.length`) each character's Victory Requirements are revealed — kept secret until
then (3.3.6: "He must keep his Victory Requirements section secret until the end of the game") —
then what each discards (9.3.1), each score (9.3.2) and the victor (9.3.2j)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.day.context import Ctx
from rules.end.scoring import Points, counted, score_game
from rules.events.end import DiscardedAtEnd, Scored, Victor, VictoryRevealed


def end_game(ctx: Ctx) -> None:
    """9.3: every character's Victory Requirements (``victory_revealed``, the points per
    category), the items he cannot carry (``discarded_at_end``), his score (``scored``: each
    category's result, basic, bonus, total, won) and the winners and victors (``victor``), all
    public. The state is not changed: the game is over."""
    state = ctx.state
    scores = score_game(ctx.catalog, state)
    for name in counted(state):  # 9.3.1a: a previous character is ignored
        points = state.characters[name].victory
        ctx.emit(
            VictoryRevealed(
                who=name,
                great_treasures=points.get("Great Treasures", 0),
                spells=points.get("Spells", 0),
                fame=points.get("Fame", 0),
                notoriety=points.get("Notoriety", 0),
                gold=points.get("Gold", 0),
            )
        )
    for score in scores.scores:
        if score.discarded:
            ctx.emit(DiscardedAtEnd(who=score.name, items=score.discarded))
        results: Mapping[str, Points] = {c.category: c.result for c in score.categories}
        ctx.emit(  # a dead character has no categories (9.3.1a)
            Scored(
                who=score.name,
                great_treasures=results.get("Great Treasures"),
                spells=results.get("Spells"),
                fame=results.get("Fame"),
                notoriety=results.get("Notoriety"),
                gold=results.get("Gold"),
                basic=score.basic,
                bonus=score.bonus,
                total=score.total,
                won=score.won,
                dead=score.dead,
            )
        )
    ctx.emit(
        Victor(
            who=scores.victors,
            total=max((s.total for s in scores.scores), default=0),
            winners=scores.winners,
        )
    )
