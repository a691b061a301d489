"""The quick form of the crash suite (:mod:`tests.proofs.crashes`): one campaign run on SQLite,
its driver killed a few times (4 aimed at, half at least landing before the campaigns end),
then every check of the full form."""

from __future__ import annotations

from tests.proofs.crashes import campaign_run


def test_a_driver_killed_at_random_ends_as_a_run_without_kills() -> None:
    tally = campaign_run("sqlite", seed=0, rng_seed=20, kills=4)
    assert tally.problems == []
    assert sum(tally.kills.values()) >= 2, "most kills land before the campaigns end"
    assert tally.days == 6 and tally.delivered > 50
