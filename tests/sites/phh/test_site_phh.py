"""PHH (TOML): golden files written for these tests (tests/sites/phh/), and the real corpus."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl
from site_helpers import (
    actions_of,
    card_view,
    corpus_numbers,
    hand_row,
    not_judged,
    parse_site_file,
    parse_site_samples,
    showdown_flags,
    violations,
)

from parsers import ParsedTables
from parsers.games import SHOWDOWN


def test_straddle_negative_live_post_decimal_stack_and_call_all_in() -> None:
    tables = parse_site_samples("phh")
    hand = hand_row(tables, "T-1")
    assert (hand["currency"], hand["scale"], hand["small_blind"], hand["big_blind"]) == (
        "USD",
        100,
        100,
        200,
    )
    assert (hand["straddles"], hand["button_seat"], hand["max_seats"]) == (1, 1, 6)
    assert actions_of(tables, "T-1") == [
        (0, "Sam", "post_sb", 100, None, False),
        (0, "Bo", "post_bb", 200, None, False),
        (0, "Straddler", "post_straddle", 400, None, False),
        (0, "Late Comer", "post_live", 200, None, False),  # blinds_or_straddles entry -2
        (0, "Una", "raise", 1200, 1200, False),  # cbr is a raise TO
        (0, "Late Comer", "call", 1000, None, False),
        (0, "Sam", "fold", 0, None, False),
        (0, "Bo", "fold", 0, None, False),
        (0, "Straddler", "call", 800, None, False),
        (1, "Straddler", "check", 0, None, False),
        (1, "Una", "bet", 2000, 2000, False),
        (1, "Late Comer", "call", 1050, None, True),  # cc capped at the 22.5 stack
        (1, "Straddler", "fold", 0, None, False),
    ]


def test_heads_up_blinds_are_swapped_and_button_acts_first() -> None:
    tables = parse_site_samples("phh")
    assert hand_row(tables, "T-2")["button_seat"] == 2
    assert actions_of(tables, "T-2")[:4] == [
        (0, "p2", "post_sb", 50, None, False),
        (0, "p1", "post_bb", 100, None, False),
        (0, "p2", "raise", 250, 300, False),
        (0, "p1", "call", 200, None, False),
    ]


def test_one_ante_for_everyone_and_a_short_blind_list() -> None:
    tables = parse_site_samples("phh")
    assert hand_row(tables, "T-7")["ante"] == 5
    assert [r[2:4] for r in actions_of(tables, "T-7")] == [
        ("post_ante", 5),
        ("post_ante", 5),
        ("post_ante", 5),
        ("post_sb", 10),
        ("post_bb", 20),
        ("call", 20),
        ("call", 10),
        ("check", 0),
    ]


def test_player_all_in_from_the_ante_gets_no_implied_fold() -> None:
    tables = parse_site_samples("phh")
    rows = actions_of(tables, "T-8")
    assert rows[3] == (0, "p4", "post_ante", 5, None, True)
    assert [r for r in rows if r[1] == "p4"] == [rows[3]]
    assert violations(tables).filter(pl.col("hand_id") == "T-8").height == 0


def test_fixed_limit_antes_and_omitted_fold() -> None:
    tables = parse_site_samples("phh")
    hand = hand_row(tables, "T-3")
    assert (hand["structure"], hand["small_bet"], hand["big_bet"], hand["ante"]) == (
        "FL",
        10,
        20,
        1,
    )
    rows = actions_of(tables, "T-3")
    assert rows[6:9] == [
        (0, "p3", "raise", 20, 20, False),
        (0, "p4", "fold", 0, None, False),  # not written in the file: implied, as PokerKit does
        (0, "p1", "call", 15, None, False),
    ]
    assert violations(tables).filter(pl.col("hand_id") == "T-3").height == 0


def test_left_out_blind_fold_and_checks_are_implied() -> None:
    tables = parse_site_samples("phh")
    assert [r[1:3] for r in actions_of(tables, "O-1")][2:] == [
        ("p3", "raise"),
        ("p1", "fold"),  # implied: p2 acts after p1
        ("p2", "fold"),
    ]
    assert [r[:3] for r in actions_of(tables, "O-2")][4:] == [
        (0, "p2", "check"),  # the big blind's option, implied at the end of the preflop
        (1, "p1", "check"),
        (1, "p2", "check"),  # implied before p3 acts
        (1, "p3", "bet"),
        (1, "p1", "fold"),
    ]
    assert violations(tables).filter(pl.col("hand_id").str.starts_with("O-")).height == 0


def test_undersized_raise_is_flagged() -> None:
    flags = violations(parse_site_samples("phh")).filter(
        (pl.col("severity") == "violation") & pl.col("hand_id").str.starts_with("T-")
    )
    assert flags.select("hand_id", "seq", "code").rows() == [("T-4", 2, "RAISE-MIN")]


def test_unreadable_hands_are_quarantined_with_their_lines() -> None:
    tables = parse_site_samples("phh")
    report = next(f for f in tables.files if f.path.endswith("unsupported.phhs"))
    assert (report.site, report.hands_read, report.hands_quarantined) == ("phh", 3, 3)
    reasons = tables.quarantine.sort("line_no")["reason"].to_list()
    assert reasons[0] == "line 8: unsupported action 'p1 xyz 3'"
    assert reasons[1] == "line 11: unsupported game: 7 Card Stud (PHH variant 'F7S')"
    assert reasons[2].startswith("line 22: TOML error in the hand")


#: The violation-severity flags on the real corpus, each with the verdict read from the file.
KNOWN_CORPUS_FLAGS = [
    # True, the file contradicts itself: p3's entry -5 in blinds_or_straddles is a post of 5
    # (PokerKit's reading), then he calls to 10: 42 put in, so 958 left, and PokerKit's replay
    # of the actions ends him on 958 too; finishing_stacks says 953, and p2's winnings (91)
    # exceed the 89 the actions put in the pot. The HandHQ log had 5 more (a dead small blind)
    # that the conversion's actions lost.
    ("ong NLH handhq_1-OBFUSCATED.phhs", "R5-1714502-73", "CHIP-CONSERVATION"),
]


def test_phh_corpus_parses_with_known_flags_only(corpus_dir: Path) -> None:
    with open(corpus_dir / "MANIFEST.csv", encoding="utf-8") as handle:
        expected = sum(int(r["hands"]) for r in csv.DictReader(handle) if r["site"] == "phh")
    tables, read, flags = corpus_numbers(corpus_dir / "phh")
    assert read == expected == 46
    assert tables.hands.height == read
    found = [
        (Path(f).name, h, c) for f, h, c in flags.select("source_file", "hand_id", "code").rows()
    ]
    assert found == KNOWN_CORPUS_FLAGS
    settled = tables.actions.filter(pl.col("kind") == "collect")["hand_id"].n_unique()
    assert settled == 24  # the hands whose winnings are not all zero


def _settlement(tables: ParsedTables, hand_id: str) -> list[tuple]:
    return [row for row in actions_of(tables, hand_id) if row[2] in ("uncalled_return", "collect")]


def test_winnings_and_finishing_stacks_are_the_settlement() -> None:
    tables = parse_site_samples("phh")
    assert _settlement(tables, "S-1") == [
        (1, "Cy", "uncalled_return", 10, None, False),  # implied by the notation
        (SHOWDOWN, "Cy", "collect", 12, None, False),
    ]
    seats = tables.seats.filter(pl.col("hand_id") == "S-1").sort("seat")
    assert seats["final_stack"].to_list() == [99, 94, 106]
    assert (hand_row(tables, "S-1")["total_pot"], hand_row(tables, "S-1")["rake"]) == (None, None)
    assert _settlement(tables, "S-3") == []  # all-zero winnings: not stated
    assert (hand_row(tables, "S-4")["total_pot"], hand_row(tables, "S-4")["rake"]) == (13, 2)


def test_wrong_settlements_raise_chip_conservation() -> None:
    flags = violations(parse_site_samples("phh")).filter(
        (pl.col("severity") == "violation") & pl.col("hand_id").str.starts_with("S-")
    )
    assert sorted(flags.select("hand_id", "code", "message").rows()) == [
        (
            "S-2",
            "CHIP-CONSERVATION",
            "seat 3 ends with 116 but start - put in + returned + collected is 106",
        ),
        ("S-4", "CHIP-CONSERVATION", "collected 12 + rake 2 differs from the reported pot 13"),
    ]


def test_cards_of_the_dealing_and_showing_actions() -> None:
    """showdown-cards.phhs: "d dh p3 AcKd" dealt, "????" hidden, "p2 sm TcTd" shown, "p3 sm"
    a muck (conceded), "d db" the board street by street."""
    tables = parse_site_file("phh", "showdown-cards.phhs")
    rows = card_view(tables, "C-1")
    assert sorted(r for r in rows if r[1] != "board") == [
        ("Bea", "shown", None, 0, "Tc", "Tc"),
        ("Bea", "shown", None, 1, "Td", "Td"),
        ("Cy", "conceded", None, 0, None, None),
        ("Cy", "dealt", None, 0, "Ac", "Ac"),
        ("Cy", "dealt", None, 1, "Kd", "Kd"),
    ]  # Al's and Bea's "????": no row
    board = [
        (street, place, card) for _, source, street, place, card, _ in rows if source == "board"
    ]
    assert board == [(1, 0, "Qh"), (1, 1, "9c"), (1, 2, "2s"), (2, 3, "Jd"), (3, 4, "3h")]
    # "p3 sm -" shows the dealt cards: nothing more to read, and no concession
    assert "conceded" not in [row[1] for row in card_view(tables, "C-2")]


def test_showdowns_are_judged_and_held_uncalled_winnings_are_returns() -> None:
    tables = parse_site_file("phh", "showdown-cards.phhs")
    assert not_judged(tables) == {"C-1": None, "C-2": None, "C-3": None}
    assert showdown_flags(tables) == [("C-2", "SHOWDOWN-WINNER")]  # Cy's ace high paid
    # C-3: Cy's winnings 80 are his uncalled 80 (returned), not a pot he collects
    assert actions_of(tables, "C-3")[-2:] == [
        (0, "Cy", "uncalled_return", 80, None, False),
        (SHOWDOWN, "Al", "collect", 42, None, False),
    ]
