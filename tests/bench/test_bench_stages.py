"""bench/stages.py: the floor reference stage counts what the parser reads."""

from __future__ import annotations

import polars as pl
from conftest import SAMPLE_DATA

from bench.stages import stage_floor
from parsers import parse_file

SAMPLE = SAMPLE_DATA
FLOOR_KINDS = ("fold", "check", "call", "bet", "raise", "post_sb", "post_bb")


def test_floor_stage_finds_every_hand_and_betting_line() -> None:
    path = SAMPLE / "NLHE-2max-USD-0.50-1.00.heads-up.txt"
    parsed = parse_file(path)
    betting = parsed.actions.filter(pl.col("kind").cast(pl.String).is_in(FLOOR_KINDS)).height
    floor = stage_floor([path])
    assert floor["hands"] == parsed.hands.height == 3
    assert floor["actions"] == betting == 18
    assert floor["lines"] == len(path.read_text(encoding="utf-8").splitlines())
    assert 0 < floor["read_s"] <= floor["seconds"]
