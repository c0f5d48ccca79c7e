"""Reads that replace a regex pass where they give its result: plain PokerStars seat lines and
`^(?P<name>.+)<literal>...` lines by splits, the header search without the formats a file cannot
hold."""

from __future__ import annotations

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from parsers.api import parse_bytes
from parsers.core.groups import _regex_groups, _split_groups, head_split
from parsers.core.plain_seats import PLAIN_STARS_SEAT, STARS_SEAT_LINE, seat_groups
from parsers.detect import FORMATS, any_header_pattern, unreadable_formats

LINES = [
    "Seat 1: ValueTown ($0.82 in chips)",
    "Seat 2: Hero (1500 in chips) is sitting out",
    "Seat 3: a: b ($1 in chips)",  # ": " inside the name
    "Seat 4: two  spaces (100 in chips)",
    "Seat 5: : x (100 in chips, $2 bounty) out of hand",
    "Seat 6: Roni (LBK) (100 in chips)",  # a parenthesis in the name: the regex
    "Seat 7: x ($1 000 in chips)",  # a space in the stack: the regex
    "Seat 8: x (1 in chips in chips)",
    "Seat 9: x (1 in chipsX in chips)",
    "Seat 10: (100 in chips) (200 in chips)",
    "Seat 11: x (100 in chips), y",
    "Seat 12: x (100 in chips",  # no match
    "Seat 13 x (100 in chips)",  # no match
    "Seat ١: x (100 in chips)",  # a Unicode digit (\\d)
    "Seat 14: x (in chips)",
    "Seat 15: x ( in chips)",
    "Seat 16: é ü (€1,00 in chips) tail)",
]


SCHEMA = {"i": pl.Int64, "text": pl.String}


def _regex(texts: list[str]) -> pl.DataFrame:
    frame = pl.DataFrame({"i": range(len(texts)), "text": texts}, schema=SCHEMA)
    groups = pl.col("text").str.extract_groups(STARS_SEAT_LINE).alias("_g")
    return frame.select("i", groups).unnest("_g")


def _split(texts: list[str]) -> pl.DataFrame:
    frame = pl.DataFrame({"i": range(len(texts)), "text": texts}, schema=SCHEMA)
    return seat_groups(frame, STARS_SEAT_LINE, ["i"])


def test_plain_seat_lines_read_like_the_regex() -> None:
    assert_frame_equal(_split(LINES), _regex(LINES))
    plain = pl.Series(LINES).str.contains(PLAIN_STARS_SEAT)
    assert plain.any() and not plain.all()  # both paths ran
    only_plain = [line for line, p in zip(LINES, plain, strict=True) if p]
    assert_frame_equal(_split(only_plain), _regex(only_plain))


_PIECE = st.text(alphabet="ab (),:$.1 9xé", max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["1", "12", "x"]), _PIECE, _PIECE, _PIECE), max_size=6))
def test_generated_seat_lines_read_like_the_regex(parts: list[tuple[str, str, str, str]]) -> None:
    texts = [f"Seat {seat}: {name} ({stack} in chips{extra}" for seat, name, stack, extra in parts]
    assert_frame_equal(_split(texts), _regex(texts))


def test_a_file_without_an_unanchored_headers_bytes_is_searched_without_it() -> None:
    ipoker = next(i for i, f in enumerate(FORMATS) if f.name == "ipoker")
    stars = b"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/05 10:00:00 ET\n"
    assert ipoker in unreadable_formats(stars)
    assert ipoker not in unreadable_formats(stars + b'<game gamecode="1">\n')
    assert all(FORMATS[i].header[:1] != "^" for i in unreadable_formats(stars))
    lines = pl.Series(stars.decode().splitlines())
    kept = [f for i, f in enumerate(FORMATS) if i not in unreadable_formats(stars)]
    found = lines.str.contains(any_header_pattern(kept))
    assert found.to_list() == lines.str.contains(any_header_pattern()).to_list() == [True]


def test_a_batch_with_an_ipoker_file_still_finds_its_games() -> None:
    xml = b'<session><game gamecode="123" date="2020-01-01 10:00:00"></game></session>\n'
    parsed = parse_bytes(xml, "x.xml")
    assert parsed.files[0].site == "ipoker"


def _split_patterns() -> list[str]:
    """Every named-line and card pattern of the line grammars that the head split reads."""
    found = []
    for site_format in FORMATS:
        grammar, cards = site_format.grammar, site_format.cards
        patterns = [p for _, p in grammar.named_lines] if grammar else []
        if cards is not None:
            patterns += [p for p, _ in cards.hole] + list(cards.conceded)
            patterns += [p for p, _ in cards.boards]
        found += [p for p in patterns if head_split(p) is not None]
    return list(dict.fromkeys(found))


SPLIT_PATTERNS = _split_patterns()


def test_the_head_split_reads_the_usual_named_and_card_lines() -> None:
    assert len(SPLIT_PATTERNS) >= 5
    assert head_split("^(?P<player>.+?): mucks hand") is None  # lazy: the regex is cheap
    collect = head_split(r"^(?P<player>.+) collected (?P<amount>\S+) from (?:the )?pot$")
    assert collect is not None and collect.literal == " collected " and collect.core == "collected"
    for refused in (
        r"^(?P<player>.+) collected (\S+)$",  # an unnamed group after the name
        r"^(?P<player>.+) says\b(?P<rest>.*)$",  # \b looks before the rest
        r"^(?P<player>.+) x|^y",  # a top-level alternation
        r"(?i)^(?P<player>.+) collected (?P<amount>\S+)$",
        r"^(?P<player>.+)(?P<amount>\d+)$",  # no literal after the name
        r"^(?P<player>.+) +collected",  # the literal's end may repeat
    ):
        assert head_split(refused) is None, refused


def _both_ways(pattern: str, texts: list[str]) -> None:
    frame = pl.DataFrame({"i": range(len(texts)), "text": texts}, schema=SCHEMA).lazy()
    split = head_split(pattern)
    assert split is not None
    fast = _split_groups(frame, split, pattern, "text").collect()
    assert_frame_equal(fast, _regex_groups(frame, pattern, "text").collect())


def test_split_reads_like_the_regex_on_awkward_lines() -> None:
    texts = [
        "Hero collected $1 from pot",
        "x collected collected $1 from pot",  # the literal twice, overlapping
        "collected $1 from pot",
        " collected $1 from pot",  # an empty name
        "a collected b collected $2 from side pot",
        "Hero: shows [Ah Kd] (a pair)",
        "Hero: shows: shows [Ah]",
        "Hero: mucks hand",
        "x: mucks hand: mucks hand",
        ": mucks hand",
        "Hero re-buys and receives 3000 chips for $10.00",
        "Hero adds $5",
        "Hero cashed out the hand for $3.20 | Cash Out Fee $0.03",
    ]
    for pattern in SPLIT_PATTERNS:
        _both_ways(pattern, texts)


_PIECES = [
    "Hero",
    " ",
    "x",
    ":",
    " collected ",
    "collected",
    "$1",
    " from ",
    "pot",
    " side ",
    ": shows [",
    "Ah Kd",
    "]",
    " (",
    ")",
    ": mucks hand",
    " adds ",
    " chips",
    " re-buys and receives ",
    " for ",
    " cashed out the hand for ",
    " | Cash Out Fee ",
    "[",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_PIECES), max_size=7).map("".join), max_size=8))
def test_split_reads_like_the_regex_on_generated_lines(texts: list[str]) -> None:
    for pattern in SPLIT_PATTERNS:
        _both_ways(pattern, texts)
