"""CARD-DUP names the same card whatever the batch (the fast forms of the showdown are held to
their plain forms in tests/audit/test_reference.py)."""

from __future__ import annotations

from pathlib import Path

import polars as pl


def _dup_message(paths: list[Path], hand_id: str) -> str:
    from audit import check
    from parsers import parse_paths

    parsed = parse_paths(paths)
    flags = check(parsed.hands, parsed.seats, parsed.actions, cards=parsed.cards).violations
    dup = flags.filter((pl.col("code") == "CARD-DUP") & (pl.col("hand_id") == hand_id))
    assert dup.height == 1
    return dup["message"].item()


def test_card_dup_names_the_first_card_seen_twice_whatever_the_batch() -> None:
    """bluff_master shows [4d 9s], the flop's and the turn's cards (the summary's board line
    comes later): the flag names the first card of the first line that shows a card twice (4d),
    holders in the log's order, whether the hand is audited with its file alone or in a batch
    with every sample file (which card was named depended on the rows kept by an unordered
    unique). The hand is sample_data's out-of-turn hand as first written, before its cards were
    made consistent (tests/sites/pokerstars/card-dup-board-twice.txt)."""
    from conftest import SAMPLE_DATA

    path = Path(__file__).parents[1] / "sites" / "pokerstars" / "card-dup-board-twice.txt"
    expected = "4d appears twice: bluff_master and board 1 flop"
    assert _dup_message([path], "203590000002") == expected
    assert _dup_message([SAMPLE_DATA, path], "203590000002") == expected
