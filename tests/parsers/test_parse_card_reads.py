"""parsers/core/card_lines.py `CardLines.reads`: card patterns reading one class of the lines
the parse split (summary, actor texts, loose lines, the deal's marker) find the cards that the
same patterns written for the whole line find on every line."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import parsers.api as api
from parsers import parse_bytes
from parsers.core.card_lines import CardLines, read_card_lines
from parsers.detect import FORMATS

SITES = Path(__file__).resolve().parents[1] / "sites"
SPLIT_READERS = [f for f in FORMATS if f.cards is not None and f.cards.reads]

#: Hand 1: a seated name holding the separator shows, a muck without showing, cards dealt
#: before the deal's marker (not this deal's), a board run twice. Hand 2: a player without a
#: seat line posts and shows.
HANDS = """\
PokerStars Hand #203590000101:  Hold'em No Limit ($0.50/$1 USD) - 2026/01/05 10:01:48 ET
Table 'Split Lines' 6-max Seat #1 is the button
Seat 1: Ann: 2 ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($100 in chips)
Dealt to Bob [2c 2d]
Bob: posts small blind $0.50
Cy: posts big blind $1
*** HOLE CARDS ***
Dealt to Bob [Ts 3d]
Ann: 2: calls $1
Bob: calls $0.50
Cy: checks
*** FIRST FLOP *** [Kh 4d 6c]
*** FIRST TURN *** [Kh 4d 6c] [9s]
*** FIRST RIVER *** [Kh 4d 6c 9s] [6d]
*** SECOND FLOP *** [Ah 5d 7c]
*** SECOND TURN *** [Ah 5d 7c] [8s]
*** SECOND RIVER *** [Ah 5d 7c 8s] [2h]
*** FIRST SHOW DOWN ***
Ann: 2: shows [4h 9h] (two pair, Nines and Sixes)
Bob: shows [Ts 3d] (a pair of Sixes)
Cy: mucks hand
Ann: 2 collected $1.50 from pot
*** SECOND SHOW DOWN ***
Ann: 2 collected $1.50 from pot
*** SUMMARY ***
Total pot $3 | Rake $0
Hand was run twice
FIRST Board [Kh 4d 6c 9s 6d]
SECOND Board [Ah 5d 7c 8s 2h]
Seat 1: Ann: 2 (button) showed [4h 9h] and won ($1.50) with two pair, Nines and Sixes
Seat 2: Bob (small blind) showed [Ts 3d] and lost with a pair of Sixes
Seat 3: Cy (big blind) mucked [Qc Jc]



PokerStars Hand #203590000102:  Hold'em No Limit ($0.50/$1 USD) - 2026/01/05 10:03:48 ET
Table 'Split Lines' 6-max Seat #2 is the button
Seat 1: Ann: 2 ($101 in chips)
Seat 2: Bob ($99 in chips)
Ghost: posts big blind $1
Ann: 2: posts small blind $0.50
*** HOLE CARDS ***
Bob: folds
Ann: 2: calls $0.50
Ghost: checks
*** FLOP *** [Kh 4d 6c]
Ann: 2: checks
Ghost: checks
*** TURN *** [Kh 4d 6c] [9s]
Ann: 2: checks
Ghost: checks
*** RIVER *** [Kh 4d 6c 9s] [6d]
Ann: 2: checks
Ghost: checks
*** SHOW DOWN ***
Ghost: shows [Ks 2s] (a pair of Kings)
Ann: 2: mucks hand
Ghost collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Board [Kh 4d 6c 9s 6d]
Seat 1: Ann: 2 (small blind) mucked [7h 8h]
Seat 2: Bob (button) folded before Flop
"""


def _every_line(spec: CardLines, separator: str) -> CardLines:
    """`spec` with every pattern reading every line: an actor-text pattern written for the
    whole line (`<name><separator>` first)."""

    def whole(pattern: str) -> str:
        if spec.reads_of(pattern) != "actor":
            return pattern
        return r"^(?P<player>.+?)" + re.escape(separator) + pattern.removeprefix("^")

    return replace(
        spec,
        hole=tuple((whole(p), source) for p, source in spec.hole),
        conceded=tuple(whole(p) for p in spec.conceded),
        reads=(),
    )


def _both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> list[tuple[pl.DataFrame, ...]]:
    """(the cards of a parse, the same lines read by the every-line patterns), per format of
    the parse with split reads."""
    calls = []

    def read(lines, spec, hands, seats, split=None):  # type: ignore[no-untyped-def]
        found = read_card_lines(lines, spec, hands, seats, split)
        if spec is not None and spec.reads:
            assert split is not None
            plain = read_card_lines(lines, _every_line(spec, split.separator), hands, seats)
            calls.append((found, plain))
        return found

    monkeypatch.setattr(api, "read_card_lines", read)
    parse_bytes(data, "cards.txt", digest=False)
    return calls


def test_split_reads_find_the_cards_of_every_line(monkeypatch: pytest.MonkeyPatch) -> None:
    [(found, plain)] = _both_ways(HANDS.encode(), monkeypatch)
    assert_frame_equal(found, plain)
    rows = found.group_by("hand_id", "source", "player").agg(pl.len()).sort(pl.all())
    dealt = found.filter(pl.col("source") == "dealt")
    assert dealt["raw"].to_list() == ["Ts", "3d"]  # not the cards dealt before the marker
    assert {"Ann: 2", "Ghost"} <= set(found.filter(source="shown")["player"].to_list())
    assert found.filter(source="board")["board"].unique().sort().to_list() == [1, 2]
    assert set(found.filter(source="conceded")["player"].to_list()) == {"Cy", "Ann: 2"}
    assert rows.height > 0


@pytest.mark.parametrize("site", SPLIT_READERS, ids=lambda f: f.name)
def test_split_reads_on_the_site_samples(site, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = SITES / site.name if (SITES / site.name).is_dir() else SITES / site.name.split("-")[0]
    read = 0
    for path in sorted(folder.glob("*.txt")):
        for found, plain in _both_ways(path.read_bytes(), monkeypatch):
            assert_frame_equal(found, plain)
            read += found.height
    assert read > 0


def test_split_reads_need_the_split_lines() -> None:
    spec = next(iter(SPLIT_READERS)).cards
    assert spec is not None
    lines = pl.DataFrame(
        {"file_id": [0], "hand_ix": [0], "line_no": [1], "text": ["x"]},
        schema={"file_id": pl.Int32, "hand_ix": pl.Int32, "line_no": pl.Int32, "text": pl.String},
    )
    hands = pl.DataFrame({"hand_key": [0], "hand_id": ["1"]})
    with pytest.raises(ValueError, match="split lines"):
        read_card_lines(lines, spec, hands, pl.DataFrame())
