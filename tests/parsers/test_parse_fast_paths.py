"""Fast paths of the parsers must give what the plain join, sort or regex pass gives."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from parsers.core import actions, card_lines
from parsers.core.events import _seated_only
from parsers.core.groups import matching_groups
from parsers.core.hands import _boards
from parsers.core.lines import SUMMARY, board_count_expr, segment
from parsers.core.pipeline import _in_order, _player_seated_twice, _with_hand_ids, _with_seats
from parsers.core.seat_lookup import pair_rows
from parsers.detect import FORMATS
from parsers.sites.pokerstars.grammar import POKERSTARS
from parsers.sites.pokerstars.header import DATE_PART, HAND_ID_PART, _after_id, _game_part

SITES = Path(__file__).resolve().parents[1] / "sites"

FRAME = pl.DataFrame({"hand_key": [9, 1, 2, 2, 5, 10, 9], "x": range(7)})


@pytest.mark.parametrize(
    "ids",
    [
        pl.DataFrame({"hand_key": [2, 5, 9], "hand_id": ["a", "b", "c"]}),
        pl.DataFrame({"hand_key": [9, 5, 2], "hand_id": ["c", "b", "a"]}),  # not in order
        pl.DataFrame({"hand_key": [1, 2, 5, 9, 10], "hand_id": list("vwxyz")}),
        pl.DataFrame(schema={"hand_key": pl.Int64, "hand_id": pl.String}),
    ],
)
def test_hand_ids_like_an_inner_join(ids: pl.DataFrame) -> None:
    expected = FRAME.join(ids, on="hand_key", maintain_order="left")
    assert_frame_equal(_with_hand_ids(FRAME, ids), expected)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([1, 1, 2, 2], [1, 2, 1, 3]),  # in order: returned as is
        ([1, 1, 2, 2], [2, 1, 1, 3]),
        ([2, 1, 3, 3], [0, 0, 0, 0]),
        ([1, 1, 2, 2], [1, 1, 2, 3]),  # a tie is sorted by Polars, not kept
        ([1, None, 2, 2], [1, 1, 2, 3]),
    ],
)
def test_in_order_like_a_sort(a: list[int | None], b: list[int]) -> None:
    frame = pl.DataFrame({"a": a, "b": b, "row": range(len(a))})
    assert_frame_equal(_in_order(frame, "a", "b"), frame.sort("a", "b", maintain_order=True))
    # ties on one key may come back in any order, as from the sort it replaces
    assert_frame_equal(_in_order(frame, "a").select("a"), frame.sort("a").select("a"))


SEATS = pl.DataFrame(
    {
        "hand_key": [1, 1, 2, 2, 3],
        "player": ["ann", "bob", "ann", "cy: x", "dee"],
        "seat": pl.Series([1, 2, 1, 4, 9], dtype=pl.Int16),
    }
)
# a player seated twice in hand 3 (such a hand is quarantined, but is still parsed)
SEATS_TWICE = pl.concat(
    [SEATS, pl.DataFrame({"hand_key": [3], "player": ["dee"], "seat": [7]})], how="vertical_relaxed"
)
ACTIONS = pl.DataFrame(
    {
        "hand_key": [1, 1, 2, 2, 2, 3, 4, 1],
        "player": ["bob", "ann", "ann", "bob", "cy: x", None, "ann", "zed"],
        "x": range(8),
    }
)


@pytest.mark.parametrize("seats", [SEATS, SEATS_TWICE])
@pytest.mark.parametrize("actions", [ACTIONS, ACTIONS.with_columns(player=pl.lit("dee"))])
def test_seats_like_a_left_join(actions: pl.DataFrame, seats: pl.DataFrame) -> None:
    expected = actions.join(seats, on=["hand_key", "player"], how="left", maintain_order="left")
    assert_frame_equal(_with_seats(actions, seats), expected)


@pytest.mark.parametrize("seats", [SEATS, SEATS_TWICE])
def test_seated_only_like_a_semi_join(seats: pl.DataFrame) -> None:
    expected = ACTIONS.join(seats, on=["hand_key", "player"], how="semi")
    assert_frame_equal(_seated_only(ACTIONS, seats), expected)


def test_pair_rows_refuses_a_repeated_pair() -> None:
    assert pair_rows(ACTIONS.with_columns(player=pl.lit("dee")), SEATS_TWICE) is None
    rows = pair_rows(ACTIONS, SEATS_TWICE)  # no action of "dee" in hand 3: exact rows
    assert rows is not None
    assert rows.to_list() == [1, 0, 2, None, 3, None, None, None]


@pytest.mark.parametrize("file_ids", [[0, 0, 0, 0, 0], [3, 3, 5, 5, 5], [5, 5, 3, 3, 3]])
def test_segment_like_the_per_file_count(file_ids: list[int]) -> None:
    headers = pl.Series([True, False, True, True, False])
    lines = pl.DataFrame({"file_id": pl.Series(file_ids, dtype=pl.Int32), "text": list("abcde")})
    got = segment(lines, headers)["hand_ix"].to_list()
    per_file = lines.with_columns(headers.alias("h")).with_columns(
        (pl.col("h").cast(pl.Int32).cum_sum().over("file_id") - 1).alias("ix")
    )
    assert got == per_file["ix"].to_list()


@pytest.mark.parametrize(
    "pattern",
    [
        r"^(?P<player>.+) collected (?P<amount>\S+) from pot$",
        r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<player>.+)$",
        r"(?P<player>\w+)?(?P<amount>x)?",  # every group optional, empty matches
    ],
)
def test_matching_groups_like_filter_then_extract(pattern: str) -> None:
    frame = pl.DataFrame(
        {
            "text": [
                "ann collected $1 from pot",
                "Uncalled bet ($2) returned to bob",
                "",
                None,
                "a collected b collected $3 from pot",
                "x",
            ],
            "n": range(6),
        }
    )
    expected = (
        frame.filter(pl.col("text").str.contains(pattern))
        .with_columns(pl.col("text").str.extract_groups(pattern).alias("g"))
        .unnest("g")
    )
    assert_frame_equal(matching_groups(frame, pattern), expected)


SECOND = r"^\*\*\* SECOND |^\*\*\* (?:FLOP|TURN|RIVER) 2 |^Hand was run twice"
THIRD = r"^\*\*\* THIRD |^\*\*\* (?:FLOP|TURN|RIVER) 3 |^Hand was run three times"


@pytest.mark.parametrize(("second", "third"), [(SECOND, THIRD), ("(?i)twice", "x|THREE"), ("", "")])
def test_boards_like_every_line_counted(second: str, third: str) -> None:
    lines = pl.DataFrame(
        {
            "hand_key": [1, 1, 1, 2, 2, 3, 3, 4, 4, 5],
            "text": [
                "*** FLOP *** [Ah Kd 2c]",
                "*** SECOND FLOP *** [2h 3d 4c]",
                "Hand was run twice",
                "*** THIRD FLOP *** [2h 3d 4c]",
                "*** FLOP 2 *** [2h 3d 4c]",
                "*** SUMMARY ***",
                "Board [Ah Kd 2c]",
                "Hand was run three times",  # not a marker or summary line: not read
                "*** RIVER *** [Ah Kd 2c 5s] [7d]",
                "Hand was run twice",
            ],
            "section": [1, 1, 5, 1, 1, 5, 5, 3, 3, 5],
            "is_marker": [True, True, False, True, True, True, False, False, True, False],
        }
    )
    plain = (
        lines.filter(pl.col("is_marker") | (pl.col("section") == SUMMARY))
        .group_by("hand_key")
        .agg(board_count_expr(second, third).max().alias("boards"))
    )
    hands = lines.select("hand_key").unique()
    expected = hands.join(plain, on="hand_key", how="left").sort("hand_key")
    found = hands.join(_boards(lines, second, third), on="hand_key", how="left").sort("hand_key")
    # assemble_hands reads a missing count as 1
    one = pl.col("boards").fill_null(1)
    assert_frame_equal(found.with_columns(one), expected.with_columns(one))


@pytest.mark.parametrize("seats", [SEATS, SEATS_TWICE, pl.concat([SEATS_TWICE, SEATS_TWICE])])
def test_player_seated_twice_like_the_group_by(seats: pl.DataFrame) -> None:
    twice = seats.group_by("hand_key", "player").agg(pl.len().alias("_n")).filter(pl.col("_n") > 1)
    expected = seats.join(twice.select("hand_key", "player"), on=["hand_key", "player"], how="semi")
    assert_frame_equal(_player_seated_twice(seats), expected)


def test_game_part_like_contains_then_replace() -> None:
    text = pl.col("text")
    headers = pl.DataFrame(
        {
            "text": [
                "PokerStars Hand #2001:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/05 10:00 ET",
                "PokerStars Hand #2001: Hold'em No Limit ($0.01/$0.02)",  # no date
                "PokerStars Game #A-1:Omaha - 2026/1/5 1:00:00",
                "PokerStars Hand 2001: Hold'em No Limit - 2026/01/05",  # no id
                "Tournament #12, Hand #34:  Hold'em - 2026/01/05",
                "#:",
                "",
                None,
            ]
        }
    )
    plain = (
        pl.when(text.str.contains(HAND_ID_PART))
        .then(text.str.replace(HAND_ID_PART, "").str.replace(DATE_PART, ""))
        .otherwise(pl.lit(""))
    )
    found = headers.with_columns(_after_id(text).alias("a")).select(
        _game_part(text, pl.col("a")).alias("g")
    )
    assert_frame_equal(found, headers.select(plain.alias("g")))


AMOUNT_EVENTS = pl.DataFrame(
    {
        "hand_key": [1, 1, 2, 2, 3, 4],
        "amount_s": ["$1", "$0.50", "$1", None, "1,000", "$2"],
        "to_s": [None, "$2", None, None, "2,000", None],
    }
)


def _amounts_row_by_row(events: pl.DataFrame, scales: pl.DataFrame) -> pl.DataFrame:
    """The plain form of actions._with_amounts: each row's amounts read from its own strings
    and keys, none where a key is null (the joins on every key find nothing there)."""
    frame = events.join(scales, on="hand_key", how="left", maintain_order="left")
    keys = [c for c in scales.columns if c != "hand_key"]
    known = pl.all_horizontal(pl.col(keys).is_not_null())

    def read(strings: str) -> pl.DataFrame:
        texts = frame.select(pl.col(strings).alias("_s"), *keys)
        values = actions._amount_values(texts, POKERSTARS)
        return values.select(pl.when(known).then(pl.col("_value", "_live")))

    amount, to_amount = read("amount_s"), read("to_s")
    return frame.with_columns(
        amount=amount.get_column("_value"),
        _live=amount.get_column("_live"),
        to_amount=to_amount.get_column("_value"),
    )


@pytest.mark.parametrize(
    ("scale", "alt_locale"),
    [
        ([100, 100, 100], [False, False, False]),  # one value: left out of the joins
        ([100, 1, 100], [False, True, False]),
        ([None, None, None], [False, False, False]),  # null keys match nothing
        ([100, None, 100], [None, None, None]),
    ],
)
def test_amounts_like_the_join_on_every_key(
    scale: list[int | None], alt_locale: list[bool | None]
) -> None:
    # hand 4 has no scales row (null keys after the left join)
    scales = pl.DataFrame(
        {"hand_key": [1, 2, 3], "scale": scale, "alt_locale": alt_locale},
        schema={"hand_key": pl.Int64, "scale": pl.Int32, "alt_locale": pl.Boolean},
    )
    for events in (AMOUNT_EVENTS, AMOUNT_EVENTS.filter(pl.col("hand_key") < 4)):
        found = actions._with_amounts(events, scales, POKERSTARS)
        assert_frame_equal(found, _amounts_row_by_row(events, scales))
        keyed = found.filter(pl.col("scale").is_not_null() & pl.col("alt_locale").is_not_null())
        assert keyed.is_empty() or keyed.get_column("amount").is_not_null().any()


def test_with_per_distinct_equals_the_rowwise_computation() -> None:
    from parsers.core.distinct import with_per_distinct

    frame = pl.DataFrame({"text": ["a1", "b22", None, "a1", "b22", "c"], "n": range(6)})
    length = pl.col("text").str.len_chars().alias("length")
    plain = frame.with_columns(length)
    once = with_per_distinct(frame, ["text"], lambda d: d.with_columns(length), nulls_equal=True)
    assert once.equals(plain)
    # a plain left join: a null key finds nothing (here the same null)
    assert with_per_distinct(frame, ["text"], lambda d: d.with_columns(length)).equals(plain)
    flagged = pl.col("text").is_null().alias("missing")
    null_taken = with_per_distinct(
        frame, ["text"], lambda d: d.with_columns(flagged), nulls_equal=True
    )
    null_left = with_per_distinct(frame, ["text"], lambda d: d.with_columns(flagged))
    assert null_taken["missing"].to_list() == [False, False, True, False, False, False]
    assert null_left["missing"].to_list() == [False, False, None, False, False, False]


def test_board_word_before_like_a_shift_per_hand() -> None:
    """The board word of the line before a board line, read by position, is the per-hand
    shift it replaces: none at a hand's first line (the word of the hand before)."""
    lines = pl.DataFrame(
        {
            "hand_key": [1, 1, 1, 2, 2, 2, 2, 3],
            "line_no": [1, 2, 3, 4, 5, 6, 7, 8],
            "text": ["FIRST", "Board [Ah]", "Board [Kd]", "Board [2c]", "SECOND", "Board [3h]",
                     "THIRD", "Board [4s]"],
        }
    )  # fmt: skip
    shifted = lines.with_columns(
        _word=pl.col("text").shift(1).over("hand_key").str.extract(card_lines.BOARD_WORD, 1)
    ).filter(pl.col("text").str.starts_with("Board"))
    numbered = card_lines._numbered(lines).filter(pl.col("text").str.starts_with("Board"))
    found = card_lines._with_word_before(lines, numbered)
    assert_frame_equal(found, shifted)
    assert found["_word"].to_list() == ["FIRST", None, None, "SECOND", None]  # not hand 2's THIRD


def _site_folder(name: str) -> Path:
    """tests/sites/<site>: a format's own folder, else its site's ("wpn-old": wpn)."""
    own = SITES / name
    return own if own.is_dir() else SITES / name.split("-")[0]


@pytest.mark.parametrize("site", [f for f in FORMATS if f.cards is not None], ids=lambda f: f.name)
def test_card_line_candidates_keep_every_match(site) -> None:
    """Each card pattern runs on the lines holding the card-list opener only when it needs it:
    the matches are those of the pattern on every line."""
    texts = [
        line.strip()
        for path in sorted(_site_folder(site.name).glob("*.txt"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ] + ["Dealt to x [Ah Kd]", "x: mucks hand", "Board [2c 3d 4h]", "Seat 1: x showed [Ah]"]
    rows = len(texts)
    lines = pl.DataFrame({"hand_key": [1] * rows, "line_no": range(rows), "text": texts})
    # every pattern read on every line (the split reads: tests/parsers/test_parse_card_reads.py)
    spec = replace(site.cards, reads=())
    candidates = card_lines._candidate_lines(lines, spec)
    patterns = [p for p, _ in spec.hole] + list(spec.conceded) + [p for p, _ in spec.boards]
    matched = 0
    for pattern in patterns:
        found = card_lines._matching(candidates[pattern], pattern).drop("_i")
        plain = lines.filter(pl.col("text").str.contains(pattern))
        groups = pl.col("text").str.extract_groups(pattern).alias("g")
        plain = plain.with_columns(groups).unnest("g")
        assert_frame_equal(found, plain, check_dtypes=False)
        matched += found.height
    assert matched > 0
