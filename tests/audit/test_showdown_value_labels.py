"""The sites' names of stud, razz and draw hands read into values (audit.showdown.values.labels).

The shapes are written here in each site's format; the last test reads every named shown hand of
the real stud, razz and draw files of ../shared (PokerStars, Full Tilt, Winamax, Merge) and
checks each name against the evaluated cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from audit.showdown.cards import parse_cards
from audit.showdown.values import hand_values
from audit.showdown.values.labels import label_disagrees, read_value_labels

# (kind, label, stated, value, class, rank, second)
SHAPES = [
    ("eight_low", "HI: a pair of Sevens; LO: 8,7,5,4,2", "value", 0x87542, "low", None, None),
    ("eight_low", "Lo: 8,5,3,2,A", "value", 0x85321, "low", None, None),
    ("eight_low", "8,5,3,2,A  for low.", "value", 0x85321, "low", None, None),
    ("eight_low", "8,5,3,2,A.", "value", 0x85321, "low", None, None),
    ("eight_low", "Ace High - Lo (8-5-3-2-A)", "value", 0x85321, "low", None, None),
    ("eight_low", "HI: two pair, Aces and Eights", "no_low", None, None, None, None),
    ("eight_low", "No low hand qualified", "no_low", None, None, None, None),
    ("eight_low", "There was no qualifying low hand", "no_low", None, None, None, None),
    ("ace_five_low", "Lo: 7,5,3,2,A", "value", 0x75321, "high_card", None, None),
    ("ace_five_low", "K,J,T,9,2", "value", 0xDBA92, "high_card", None, None),
    ("ace_five_low", "9-8-7-6-4", "value", 0x98764, "high_card", None, None),
    ("ace_five_low", "A,2,3,4,5", "value", 0x54321, "high_card", None, None),
    ("ace_five_low", "K-7-A", "value", 0xD7100, "high_card", None, None),  # Merge, 3rd street
    ("ace_five_low", "a pair of Sevens", "name", None, "pair", 7, None),
    ("ace_five_low", "Pair of Queens", "name", None, "pair", 12, None),
    ("ace_five_low", "Two Pair Tens and Fives", "name", None, "two_pair", 10, 5),
    ("ace_five_low", "Full House - Queens over Nines", "name", None, "full_house", 12, 9),
    ("deuce_seven_low", "Lo: 8,7,5,3,2", "value", 0x87532, "high_card", None, None),
    ("deuce_seven_low", "Lo: A,8,5,3,2", "value", 0xE8532, "high_card", None, None),
    ("deuce_seven_low", "10,9,8,7,3", "value", 0xA9873, "high_card", None, None),
    ("deuce_seven_low", "Lo: a straight, Four to Eight", "name", None, "straight", 8, None),
    ("deuce_seven_low", "a straight, Seven high", "name", None, "straight", 7, None),
    ("deuce_seven_low", "Lo: a pair of Fives", "name", None, "pair", 5, None),
    ("deuce_seven_low", "High card : 8", "name", None, "high_card", 8, None),
    ("badugi", "Badugi: 8,4,3,A", "value", 0x08431, "badugi", None, None),
    ("badugi", "a Badugi: 8,4,3,A", "value", 0x08431, "badugi", None, None),
    ("badugi", "3-card: 9,5,A", "value", 0x19510, "three_card", None, None),
    ("badugi", "a 2-card: K,A", "value", 0x2D100, "two_card", None, None),
    ("badugi", "a 3-Card: 7, 2, A", "value", 0x17210, "three_card", None, None),
    ("badugi", "Badugi, K-9-4-A", "value", 0x0D941, "badugi", None, None),
    ("badugi", "Three Cards, Q-J-2", "value", 0x1CB20, "three_card", None, None),
    ("badugi", "Two Cards, 4-A", "value", 0x24100, "two_card", None, None),
    ("high", "HI: two pair, Aces and Eights", "name", None, "two_pair", 14, 8),
    ("high", "HI: a straight, Three to Seven; LO: 7,6,5,4,3", "name", None, "straight", 7, None),
    ("high", "a straight, Ace to Five", "name", None, "straight", 5, None),
    ("high", "One pair : Aces", "name", None, "pair", 14, None),
    ("high", "Two pairs : Kings and 4", "name", None, "two_pair", 13, 4),
    ("high", "Straight King high", "name", None, "straight", 13, None),
    ("high", "One pair, aces", "name", None, "pair", 14, None),
    ("high", "Ace High - Lo (8-5-3-2-A)", "name", None, "high_card", 14, None),
    ("high", "a Royal Flush", "name", None, "straight_flush", 14, None),
    ("high", "a full house, Kings full of Jacks", "name", None, "full_house", 13, 11),
    ("high", "four of a kind, Aces", "name", None, "quads", 14, None),
]
#: Names that are not read as the kind: another kind's, or ill-formed.
UNREAD = [
    ("eight_low", "8,5,3,2"),  # four ranks
    ("eight_low", "a pair of Sevens"),
    ("ace_five_low", "K,J,J,9,2"),  # a rank twice: a pair is named, never listed
    ("ace_five_low", "Badugi: 8,4,3,A"),
    ("deuce_seven_low", "Lo: 8,7,5,3,X"),
    ("deuce_seven_low", "8,7,5,3"),  # 2-7 values five cards
    ("badugi", "3-card: 9,5,A,2"),  # four ranks named three
    ("badugi", "Lo: 8,7,5,3,2"),
    ("high", "Lo: 8,7,5,3,2"),
    ("high", ""),
]


def _read(kind: str, labels: list[str]) -> pl.DataFrame:
    frame = pl.DataFrame({"label": labels}, schema={"label": pl.String})
    return read_value_labels(frame, kind, into="read").select("read").unnest("read")


@pytest.mark.parametrize("kind", sorted({kind for kind, *_ in SHAPES}))
def test_site_label_shapes(kind: str) -> None:
    shapes = [shape for shape in SHAPES if shape[0] == kind]
    read = _read(kind, [label for _, label, *_ in shapes])
    assert read.rows() == [tuple(expected) for _, _, *expected in shapes]


def test_other_texts_are_not_read() -> None:
    for kind in {kind for kind, _ in UNREAD}:
        labels = [label for other, label in UNREAD if other == kind]
        assert _read(kind, labels)["stated"].to_list() == [None] * len(labels), kind


def test_unknown_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown value kind"):
        read_value_labels(pl.DataFrame({"label": ["a pair of Sevens"]}), "omaha")


# (kind, cards, label, disagrees)
CASES = [
    ("ace_five_low", "7c5d3h2sAsKcKd", "Lo: 7,5,3,2,A", False),
    ("ace_five_low", "7c5d4h2sAsKcKd", "Lo: 7,5,3,2,A", True),  # the 4 is not a 3
    ("ace_five_low", "6c7c7d7s3sJdJc", "a pair of Sevens", False),  # not the pair of jacks
    ("ace_five_low", "6c7c7d7s3sJdJc", "a pair of Jacks", True),
    ("ace_five_low", "Kc7dAh", "K-7-A", False),
    ("eight_low", "7h2h4cJc5h7s8c", "HI: a pair of Sevens; LO: 8,7,5,4,2", False),
    ("eight_low", "Ad5s8dAc8cJdTh", "HI: two pair, Aces and Eights", False),  # no low: agreed
    ("eight_low", "7h2h4cJc5h7s8c", "HI: a pair of Sevens", True),  # a low it does not name
    ("eight_low", "Ad5s8dAc8cJdTh", "Lo: 8,5,3,2,A", True),  # a low it does not have
    ("deuce_seven_low", "5c5d8h7s2c", "Lo: a pair of Fives", False),
    ("deuce_seven_low", "6c6d8h7s2c", "Lo: a pair of Fives", True),
    ("deuce_seven_low", "7s6c5d4d3d", "Lo: a straight, Three to Seven", False),
    ("deuce_seven_low", "As2d3h4s5c", "Lo: A,5,4,3,2", False),  # no wheel in 2-7
    ("deuce_seven_low", "As2d3h4s5c", "Lo: a straight, Ace to Five", True),
    ("deuce_seven_low", "8d7d5d3d2d", "Lo: 8,7,5,3,2", True),  # a flush, not eight high
    ("badugi", "9c5dAh9s", "3-card: 9,5,A", False),
    ("badugi", "9c5dAh9s", "Badugi: 9,5,2,A", True),
    ("badugi", "9c5dAh2s", "Badugi: 9,5,2,A", False),
    ("high", "AdKd9dAhKc9h9s", "a full house, Nines full of Aces", False),
    ("high", "AdKd9dAhKc9h9s", "a full house, Nines full of Kings", True),
    ("high", "AdKd2dAhKc3h9s", "two pair, Kings and Aces", False),  # either order
    ("high", "5d4h3c2sAd", "a straight, Ace to Five", False),
    ("high", "AdKd2dAhKc3h9s", "a pair of Aces", True),
    ("high", "AdKd2dAhKc3h9s", "something else", None),
]


def test_label_disagrees_compares_with_the_evaluated_hand() -> None:
    frame = pl.DataFrame(
        {
            "kind": [kind for kind, *_ in CASES],
            "cards": [parse_cards(cards) for _, cards, *_ in CASES],
            "label": [label for *_, label, _ in CASES],
        },
        schema={"kind": pl.String, "cards": pl.List(pl.UInt8), "label": pl.String},
    )
    valued = hand_values(frame).with_row_index()
    read = pl.concat(
        read_value_labels(valued.filter(pl.col("kind") == kind), kind, into="read")
        for kind in sorted(set(frame["kind"]))
    )
    checked = read.sort("index").with_columns(
        disagrees=label_disagrees(
            pl.col("read"), pl.col("value"), pl.col("value_class"), pl.col("best_cards")
        )
    )
    assert checked["disagrees"].to_list() == [disagrees for *_, disagrees in CASES]


# --- the real corpus ----------------------------------------------------------------------

#: (header pattern, value kinds) of a hand, tried in order (test-side; the parsers own games).
GAMES = (
    (r"razz", ("ace_five_low",)),
    (r"a-5 lowball|a-5 triple", ("ace_five_low",)),
    (r"stud.{0,4}(?:hi/lo|h/l)", ("high", "eight_low")),
    (r"stud", ("high",)),
    (r"2-7|lowball ?27", ("deuce_seven_low",)),
    (r"badugi", ("badugi",)),
    (r"5 card draw|5-draw", ("high",)),
)
HEADER = re.compile(r"^\ufeff?(?:PokerStars (?:Game|Hand) #|Full Tilt Poker Game #|Winamax Poker)")
SHOWS = (
    re.compile(r"^.+?:? shows \[(?P<cards>[^\]]+)\] \((?P<label>[^)]+)\)$"),  # PokerStars, Winamax
    re.compile(r"^.+? shows \[(?P<cards>[^\]]+)\] (?P<label>\S.*)$"),  # Full Tilt
)
MERGE_GAME = re.compile(r'<description type="(?P<game>[^"]+)"')
MERGE_CARDS = re.compile(
    r'<cards type="(?:HOLE|DRAW_DRAWN_CARDS)" cards="(?P<cards>[^"]+)"[^>]*hand="(?P<label>[^"]+)"'
)
#: Names the log contradicts, with the arithmetic read from the log.
KNOWN = {
    # Hero shows [Ah 3c Ac] (a pair) "three of a kind, Aces": the name is of his seven cards
    # (6th street dealt him As), of which the log shows three (his river card is "[of]").
    ("pokerstars/fpdb-3/tour/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", 48, "high"),
}


def _kinds(header: str) -> tuple[str, ...]:
    lowered = header.lower()
    return next((kinds for pattern, kinds in GAMES if re.search(pattern, lowered)), ())


def _named_hands(path: Path, corpus: Path) -> list[tuple[str, int, str, list[int], str]]:
    rows, kinds = [], ()
    name = str(path.relative_to(corpus))
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        header = HEADER.match(line) or MERGE_GAME.search(line)
        if header:
            kinds = _kinds(line)
            continue
        found = MERGE_CARDS.search(line) or next(filter(None, (p.match(line) for p in SHOWS)), None)
        if not kinds or found is None or "null" in found["cards"]:
            continue
        cards = parse_cards(found["cards"].replace(",", ""))
        rows += [(name, number, kind, cards, found["label"]) for kind in kinds]
    return rows


@pytest.mark.corpus
def test_real_names_match_the_evaluated_hands(corpus_dir: Path) -> None:
    folders = [p for p in corpus_dir.glob("*/fpdb-3/*/*") if p.name in ("Stud", "Draw")]
    rows = [
        row
        for folder in folders
        for path in folder.iterdir()
        for row in _named_hands(path, corpus_dir)
    ]
    frame = pl.DataFrame(
        rows,
        schema={
            "file": pl.String,
            "line": pl.Int64,
            "kind": pl.String,
            "cards": pl.List(pl.UInt8),
            "label": pl.String,
        },
        orient="row",
    )
    valued = hand_values(frame)
    checked = pl.concat(
        read_value_labels(valued.filter(pl.col("kind") == kind), kind, into="read")
        for kind in sorted(set(frame["kind"]))
    ).with_columns(
        disagrees=label_disagrees(
            pl.col("read"), pl.col("value"), pl.col("value_class"), pl.col("best_cards")
        ),
        stated=pl.col("read").struct.field("stated"),
    )
    read = checked.filter(pl.col("stated").is_not_null())
    counts = dict(read.group_by("kind").len().iter_rows())
    assert counts["badugi"] >= 160 and counts["deuce_seven_low"] >= 75, counts
    assert counts["high"] >= 90 and counts["eight_low"] >= 15 and counts["ace_five_low"] >= 10
    off = read.filter("disagrees").select("file", "line", "kind").rows()
    assert set(off) == KNOWN, read.filter("disagrees").select("file", "line", "label")
