"""The precision and recall the stud and draw oracle reports (tools/synth/scoring.py)."""

from __future__ import annotations

from tools.synth.scoring import false_alarms, scores


def test_a_flag_counts_only_on_the_injected_row_and_code() -> None:
    truth = {("h1", 4, "ORDER"), ("h2", 7, "FL-CAP"), ("h3", 2, "ORDER")}
    flags = {
        ("h1", 4, "ORDER"),  # found
        ("h2", 8, "FL-CAP"),  # the right hand, another row: a miss and a false flag
        ("h3", 2, "FL-SIZE"),  # the right row, another code
        ("h9", 1, "REOPEN"),  # a clean hand
    }
    table = {score.code: score for score in scores(flags, truth, ("ORDER", "FL-CAP"))}
    assert list(table) == ["ORDER", "FL-CAP", "FL-SIZE", "REOPEN"]
    order, cap = table["ORDER"], table["FL-CAP"]
    assert (order.injected, order.flagged, order.found) == (2, 1, 1)
    assert (order.precision, order.recall) == (1.0, 0.5)
    assert (cap.precision, cap.recall) == (0.0, 0.0)
    assert (table["FL-SIZE"].precision, table["FL-SIZE"].recall) == (0.0, 1.0)
    assert false_alarms(flags, truth) == {("h9", 1, "REOPEN")}
    assert "precision 0.0000  recall 0.0000" in cap.line()


def test_nothing_injected_nothing_flagged_scores_one() -> None:
    (score,) = scores(set(), set(), ("DRAW-COUNT",))
    assert (score.precision, score.recall) == (1.0, 1.0)
