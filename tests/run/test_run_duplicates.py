"""Duplicates: the cheap repeat check agrees with find_duplicates; a hand id reused by a hand
with other betting is not a copy (both audited, counted in totals.hand_id_reused)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from run_fixtures import stars_hand

from hhaudit.cli import main
from hhaudit.run.duplicates import find_duplicates, has_repeats


def _hands(sites: list[str | None], ids: list[str | None]) -> pl.LazyFrame:
    return pl.LazyFrame(
        {
            "hand_key": list(range(len(ids))),
            "site": sites,
            "source_file": ["a.txt"] * len(ids),
            "line_no": [10 * k + 1 for k in range(len(ids))],
            "hand_id": ids,
        }
    )


@pytest.mark.parametrize(
    ("sites", "ids", "repeated"),
    [
        (["s", "s", "s"], ["1", "2", "3"], False),
        (["s", "s", "s"], ["1", "2", "1"], True),
        (["s", "t"], ["1", "1"], False),  # the same id on two sites: two hands
        (["s", "s", "s", "s"], [None, None, "", ""], False),  # no id: never a copy
        ([None, None], ["7", "7"], True),
        ([], [], False),
    ],
)
def test_has_repeats_agrees_with_find_duplicates(
    sites: list[str | None], ids: list[str | None], repeated: bool
) -> None:
    hands = _hands(sites, ids)
    assert has_repeats(hands) is repeated
    assert (not find_duplicates(hands).is_empty()) is repeated


def _actions(bettings: list[list[tuple[str, str, int]]]) -> pl.LazyFrame:
    """One hand per entry: its (player, kind, amount) actions in order."""
    rows = [
        {"hand_key": key, "seq": seq, "street": 0, "player": player, "kind": kind,
         "amount": amount, "to_amount": None}
        for key, betting in enumerate(bettings)
        for seq, (player, kind, amount) in enumerate(betting)
    ]  # fmt: skip
    return pl.LazyFrame(rows, schema_overrides={"to_amount": pl.Int64})


def test_a_reused_id_with_other_betting_is_not_a_copy() -> None:
    calls = [("a", "post_sb", 1), ("b", "post_bb", 2), ("a", "call", 1)]
    raises = [("a", "post_sb", 1), ("b", "post_bb", 2), ("a", "raise", 5)]
    hands = _hands(["s"] * 4, ["9", "9", "9", "9"])
    found = find_duplicates(hands, _actions([calls, raises, raises, calls]))
    assert found["hand_key"].to_list() == [2, 3]  # each repeats an earlier hand's betting
    assert found["reason"].to_list() == ["duplicate of a.txt:11", "duplicate of a.txt:1"]
    assert find_duplicates(hands)["hand_key"].to_list() == [1, 2, 3]  # by id alone


def test_a_reused_id_keeps_both_hands_audited(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_hand(500, undersized=False))
    (folder / "b.txt").write_text(stars_hand(500, undersized=True) + stars_hand(501))
    (folder / "c.txt").write_text(stars_hand(501))  # a true copy
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(folder), "--out", str(out), "-q"])
    assert result.exit_code == 1, result.output  # the undersized raise is a violation
    totals = json.loads((out / "run.json").read_text("utf-8"))["totals"]
    assert (totals["hands_read"], totals["hands_audited"]) == (4, 3)
    assert (totals["duplicates"], totals["hand_id_reused"]) == (1, 2)
    assert totals["violations"] >= 1, "the reused id's hand was audited, its flag kept"
