"""parsers/core/cards.py: localized card names to the canonical two-character form."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from parsers.core.cards import (
    bracketed_cards,
    canonical_card,
    is_hidden_card,
    packed_card_tokens,
    read_cards,
    suit_first_card,
)


def _cards(line: str | None) -> list[str | None] | None:
    frame = pl.DataFrame({"t": [line]}, schema={"t": pl.String})
    return frame.select(bracketed_cards(pl.col("t")).alias("c"))["c"].to_list()[0]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("** Dealing flop ** [ QHerz, JPik, 10Karo ]", ["Qh", "Js", "Td"]),  # German suits
        ("Dealt to anna [ 3Karo, KKreuz ]", ["3d", "Kc"]),
        ("jan shows [ 4h, 9d, Bh, 3s ]", ["4h", "9d", "Jh", "3s"]),  # Dutch boer
        ("** Dealing flop ** [ 7c, Hh, Ts ]", ["7c", "Kh", "Ts"]),  # Dutch heer
        ("** Dealing turn ** [ Vs ]", ["Qs"]),  # Dutch vrouw
        ("x shows [ Ec, Knc, 3h, Dc ]", ["Ac", "Jc", "3h", "Qc"]),  # Swedish ess, knekt, dam
        ("y shows [ 2d, Тd, Вh, Дc, Кs ]", ["2d", "Ad", "Jh", "Qc", "Ks"]),  # Russian
        ("y shows [ 2d, \u00d2d, \u00c2h ]", ["2d", "Ad", "Jh"]),  # cp1251 read as cp1252
        ("Dealt to Hero [AH KD]", ["Ah", "Kd"]),  # an upper-case export
        ("Board [Ah Kd 2c]", ["Ah", "Kd", "2c"]),
        ("[ Zz, As ]", [None, "As"]),  # unknown token: null, never a guess
        ("[ ]", []),
        ("no cards here", None),
        (None, None),
    ],
)
def test_bracketed_cards(line, expected):
    assert _cards(line) == expected


def test_canonical_card_and_read_cards_agree():
    frame = pl.DataFrame({"t": ["KKreuz", "10Herz", "Knd", "1h", "K"]})
    single = frame.select(canonical_card(pl.col("t")).alias("c"))["c"].to_list()
    assert single == ["Kc", "Th", "Jd", None, None]
    listed = frame.select(read_cards(pl.col("t")).alias("c"))["c"].to_list()
    assert listed == [[card] for card in single]


def test_suit_first_cards_of_ipoker():
    frame = pl.DataFrame({"t": ["H7", "C10", "DT", "s5", "hK", "SA", "Kh", "H1", "X"]})
    cards = frame.select(suit_first_card(pl.col("t")).alias("c"))["c"].to_list()
    assert cards == ["7h", "Tc", "Td", "5s", "Kh", "As", "Kh", None, None]


def test_packed_cards_of_phh_and_hidden_cards():
    frame = pl.DataFrame({"t": ["AcKd", "7h8h9h", "????", "Ts"]})
    tokens = frame.select(packed_card_tokens(pl.col("t")).alias("c"))["c"].to_list()
    assert tokens == [["Ac", "Kd"], ["7h", "8h", "9h"], ["??", "??"], ["Ts"]]
    hidden = pl.DataFrame({"t": ["X", "x", "xx", "??", "?", "Xs", "As", "xxx"]})
    flags = hidden.select(is_hidden_card(pl.col("t")).alias("h"))["h"].to_list()
    assert flags == [True, True, True, True, True, False, False, False]


def test_board_lines_with_too_many_cards_are_read_not_crashed(tmp_path) -> None:
    """A damaged or hostile board line (a run's further board with six cards, a board of 130)
    gives card rows, never a crash: the positions stay in range and C-3 counts the cards. A
    fuzz case (seed 54660) once made 5 - count wrap around as an unsigned number."""
    from parsers import parse_file

    sample = Path(__file__).parents[1] / "sites" / "ggpoker" / "legal_straddle_rit_cashout.txt"
    text = sample.read_text(encoding="utf-8")
    long_board = " ".join(["Ah"] * 130)
    text = text.replace("SECOND Board [6d 4s Ah 3h Ts]", "SECOND Board [6d 4s Ah 3h Ts 9c]")
    text = text.replace("FIRST Board [2d 3c 8s Jh 4d]", f"FIRST Board [{long_board}]")
    path = tmp_path / "gg-damaged-boards.txt"
    path.write_text(text, encoding="utf-8")
    parsed = parse_file(path)
    boards = parsed.cards.filter(pl.col("source") == "board")
    assert boards.filter(pl.col("board") == 2).height == 6
    assert boards.filter(pl.col("board") == 1).height == 130
    assert boards["position"].max() == 127


def test_phh_lines_with_too_many_cards_are_read_not_crashed(tmp_path) -> None:
    """A hostile PHH deal or show with hundreds of packed cards gives card rows, never a crash:
    the places saturate at the cards table's Int8 bound (make fuzz once overflowed the cast
    with a board card at place 5308)."""
    from parsers import parse_file

    sample = Path(__file__).parents[1] / "sites" / "phh" / "showdown-cards.phhs"
    text = sample.read_text(encoding="utf-8")
    text = text.replace("'d db Qh9c2s'", "'d db " + "Qh" * 300 + "'", 1)
    text = text.replace("'p2 sm TcTd'", "'p2 sm " + "Tc" * 200 + "'", 1)
    path = tmp_path / "phh-damaged-cards.phhs"
    path.write_text(text, encoding="utf-8")
    cards = parse_file(path).cards
    boards = cards.filter(pl.col("source") == "board")
    assert boards.height >= 300
    assert boards["position"].max() == 127
    assert cards.filter(pl.col("source") == "shown")["position"].max() == 127
