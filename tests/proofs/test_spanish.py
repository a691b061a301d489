"""The quick form of the Spanish campaign (:mod:`tests.proofs.spanish`, issue 35): a day of a
campaign whose public reports and five players read Spanish and one player English, on the
local transport; and the control checks, which prove the English finder catches an English
sentence in a Spanish message and passes the order notation both languages write."""

from __future__ import annotations

from bot.i18n import Language
from tests.proofs.english_words import untranslated
from tests.proofs.spanish import run


def test_a_spanish_campaign_reads_no_english_and_leaks_nothing() -> None:
    leaks, english, counts = run(days=1)
    assert leaks == []
    assert [(e.viewer, e.what, e.excerpt) for e in english] == []
    assert counts["messages in es"] > 100, "the public reports and five players read Spanish"
    assert counts["messages in en"] > 10, "the first player reads English"
    assert counts["files"] > 50 and counts["images"] > 0
    assert counts["decisions"] > 0, "combat is fought by DM in windows"
    assert counts["orders naming in es"] > 0, "orders name natives by the Spanish rulebook"
    assert counts["echoed in canonical notation"] == counts["orders naming in es"]


def test_the_english_finder_catches_english_and_passes_the_notation() -> None:
    spanish = Language.ES
    assert untranslated("Amazona se esconde (7.4)", spanish) == []
    assert untranslated("the Amazon hides and cannot be found", spanish) == [
        "amazon",
        "cannot",
        "found",
        "hides",
        "the",
    ]
    notation = "M AV2, H\ntarget: any attacker on my sheet\n- maneuver: fastest if he is on me"
    assert untranslated(notation, spanish) == []
    assert untranslated("`orders Valle` y `plays`", spanish) == []
