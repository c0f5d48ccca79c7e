"""PartyPoker (classic and 2026 exports): golden hands written for these tests, and the corpus."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
from site_helpers import (
    actions_of,
    corpus_headers,
    corpus_numbers,
    hand_row,
    parse_site_samples,
    violations,
)

from parsers.games import SHOWDOWN


def test_classic_raise_added_and_allin_resolved_by_state() -> None:
    tables = parse_site_samples("partypoker")
    assert sorted(tables.quarantine["hand_id"]) == ["7100000005"]  # tests below
    assert actions_of(tables, "7000000001") == [
        (0, "big ben", "post_sb", 5, None, None),  # a name with a space; posts never marked
        (0, "carl", "post_bb", 10, None, None),
        (0, "dora", "call", 10, None, False),
        (0, "anna", "raise", 40, 40, False),  # "raises [$0.40 USD]": added to 0
        (0, "big ben", "fold", 0, None, False),
        (0, "carl", "call", 30, None, False),
        (0, "dora", "raise", 290, 300, True),  # "is all-In [$2.90 USD]" above the bet: a raise
        (0, "anna", "call", 260, None, False),
        (0, "carl", "fold", 0, None, False),
        (SHOWDOWN, "dora", "collect", 635, None, False),
    ]
    hand = hand_row(tables, "7000000001")
    assert (hand["structure"], hand["small_blind"], hand["big_blind"]) == ("NL", 5, 10)


def test_2026_raise_to_cash_out_and_main_pot() -> None:
    tables = parse_site_samples("partypoker")
    rows = actions_of(tables, "1770000000000abcdefghij")
    assert rows[4] == (0, "Hero", "raise", 240, 265, False)  # "raises 2.40 to 2.65"
    assert rows[5] == (0, "Player4", "call", 180, None, False)  # "calls (1.80)"
    assert rows[9:] == [
        (
            SHOWDOWN,
            "Hero",
            "cash_out",
            2000,
            None,
            False,
        ),  # "Cashed out balance ..., collected $20.00"
        (SHOWDOWN, "Player4", "collect", 4340, None, False),
    ]
    hand = hand_row(tables, "1770000000000abcdefghij")
    assert (hand["structure"], hand["total_pot"], hand["rake"]) == ("PL", 4540, 200)


def test_2026_all_in_marker_side_pot_and_start_time() -> None:
    tables = parse_site_samples("partypoker")
    rows = actions_of(tables, "1780000000000sidepotabc")
    assert rows[8:11] == [  # "X is all-In." marks the raise before it
        (0, "Bert", "raise", 1375, 1475, True),
        (0, "Cleo", "raise", 2775, 2975, True),
        (0, "Dave", "call", 2375, None, False),
    ]
    assert len(rows) == 12  # the marker lines are no actions
    hand = hand_row(tables, "1780000000000sidepotabc")
    assert hand["total_pot"] == 4525 + 3000  # "Main Pot: 4525 Side Pot 1: 3000"
    assert hand["started_at"] == datetime(2021, 4, 25, 21, 30, 3, tzinfo=UTC)  # 17:30:03 EDT
    assert not violations(tables)["hand_id"].is_in(["1780000000000sidepotabc"]).any()


def test_short_deck_button_blind_is_the_ante_sized_big_blind() -> None:
    tables = parse_site_samples("partypoker")
    hand = hand_row(tables, "7000000010")
    # "$1/$2 USD NL Short Deck": ante $1, button blind $1, min raise-to $2
    assert (hand["game"], hand["small_blind"], hand["big_blind"], hand["ante"]) == (
        "shortdeck",
        0,
        100,
        100,
    )
    assert hand["started_at"] == datetime(2019, 4, 16, 16, 4, 52, tzinfo=UTC)  # CEST
    assert actions_of(tables, "7000000010")[3:5] == [
        (0, "bob", "post_bb", 100, None, None),  # "posts button blind  [$1 USD]"
        (0, "cy", "raise", 200, 200, False),  # the minimum raise, to twice the button blind
    ]
    assert not violations(tables)["hand_id"].is_in(["7000000010"]).any()


def test_glued_sitting_out_line_is_split_at_the_post() -> None:
    """Mac export: "cat is sitting outdan posts big blind [$0,25 USD]." is two lines glued."""
    tables = parse_site_samples("partypoker")
    assert actions_of(tables, "7000000020")[:3] == [
        (0, "bob", "post_sb", 10, None, None),
        (0, "dan", "post_bb", 25, None, None),
        (0, "ann", "call", 25, None, False),
    ]
    seats = tables.seats.filter(pl.col("hand_id") == "7000000020").sort("seat")
    assert seats["sitting_out"].to_list() == [False, False, True, False]  # cat


def test_silent_tournament_blinds_level_change_and_violation() -> None:
    tables = parse_site_samples("partypoker")
    hand = hand_row(tables, "7000000002")
    assert (hand["is_tournament"], hand["small_blind"], hand["big_blind"]) == (True, 400, 800)
    rows = actions_of(tables, "7000000002")
    assert rows[:2] == [  # no post line: small blind after the button, big blind next
        (0, "gina", "post_sb", 400, None, None),
        (0, "fred", "post_bb", 800, None, None),
    ]
    assert rows[3] == (0, "gina", "raise", 1600, 2000, True)
    found = violations(tables).filter(pl.col("severity") == "violation")
    assert found.select("hand_id", "seq", "code").rows() == [("7000000002", 6, "ACT-FOLDED")]


def _flags(tables, severity: str | None = None) -> list[tuple[str, str]]:
    found = violations(tables)
    if severity:
        found = found.filter(pl.col("severity") == severity)
    return sorted(found.select("hand_id", "code").rows())


def _file(tables, name: str):
    return next(r for r in tables.files if r.path.endswith(name))


def test_lines_without_chips_are_skipped_and_counted() -> None:
    """A jackpot announcement (an amount, no seated name) and a ticket notice (a seated name,
    no amount) move no chips: the hand is audited and the file counts the lines skipped."""
    tables = parse_site_samples("partypoker")
    assert "7100000001" in tables.hands["hand_id"].to_list()
    assert _file(tables, "lines-without-chips-skipped.txt").lines_skipped == 2
    assert _file(tables, "classic-raise-added-allin.txt").lines_skipped == 0
    assert not [f for f in _flags(tables) if f[0] == "7100000001"]


def test_a_bounty_line_with_an_amount_is_skipped_and_counted() -> None:
    """ "anna collects a bounty of $5 USD": a bounty is paid outside the pot (a seated name and
    an amount, but no chips move at the table): the hand is audited, the line counted."""
    tables = parse_site_samples("partypoker")
    assert "7100000002" in tables.hands["hand_id"].to_list()
    assert _file(tables, "bounty-with-amount.txt").lines_skipped == 1
    assert not [f for f in _flags(tables) if f[0] == "7100000002"]


def test_player_without_seat_line_is_audited_with_an_unknown_stack() -> None:
    """hugo joins and posts the big blind without a seat line: seat -1, stack unknown, one
    STACK-UNKNOWN info flag and no other flag."""
    tables = parse_site_samples("partypoker")
    seats = tables.seats.filter(pl.col("hand_id") == "7100000003").sort("seat")
    assert seats.select("seat", "player", "stack").rows()[0] == (-1, "hugo", None)
    assert actions_of(tables, "7100000003")[1] == (0, "hugo", "post_bb", 4, None, None)
    assert [f for f in _flags(tables) if f[0] == "7100000003"] == [("7100000003", "STACK-UNKNOWN")]


def test_zero_stack_of_a_player_who_joins_is_unknown() -> None:
    """ "Seat 2: ivan ( $0 USD )" then "ivan has joined the table.": the $0 is the seat list
    written before his buy-in, so his stack is unknown, not zero (no STACK-EXCEEDED)."""
    tables = parse_site_samples("partypoker")
    seats = tables.seats.filter(pl.col("hand_id") == "7100000004").sort("seat")
    assert seats.select("seat", "player", "stack").rows()[0] == (2, "ivan", None)
    assert [f for f in _flags(tables) if f[0] == "7100000004"] == [("7100000004", "STACK-UNKNOWN")]


def test_a_placeholder_seat_list_means_unknown_stacks() -> None:
    """Every seat "( 1 )" below the 10/20 blinds states no stacks: the stacks are unknown (one
    STACK-UNKNOWN each, the silent blinds posted in full), not 1-chip stacks that every call
    exceeds. One real 1-chip stack among real stacks is still a stack (7100000022: lena is
    all-in calling with it)."""
    tables = parse_site_samples("partypoker")
    seats = tables.seats.filter(pl.col("hand_id") == "7100000021")
    assert seats["stack"].null_count() == 4
    assert actions_of(tables, "7100000021")[:2] == [
        (0, "mats", "post_sb", 10, None, None),
        (0, "nora", "post_bb", 20, None, None),
    ]
    flags = [f for f in _flags(tables) if f[0] == "7100000021"]
    assert flags == [("7100000021", "STACK-UNKNOWN")] * 4
    short = tables.seats.filter(pl.col("hand_id") == "7100000022").sort("seat")
    assert short["stack"].to_list() == [1620, 1, 1440, 1380]
    assert [f for f in _flags(tables) if f[0] == "7100000022"] == []


def test_actions_not_matching_the_seat_list_quarantine() -> None:
    """Seated Player2 posts and never acts while nils, who has no seat line, plays the hand:
    the names of the actions do not match the seat list."""
    tables = parse_site_samples("partypoker")
    row = tables.quarantine.filter(pl.col("hand_id") == "7100000005").row(0, named=True)
    assert row["reason"] == (
        "line 11: nils acts without a seat line while seated Player2 never acts:"
        " the action lines do not match the seat list"
    )


def test_converted_hands_and_posts_record_no_all_in() -> None:
    """A converter's export ("***** ... ***** (WPN)") never prints "is all-In": quin's bet of
    his whole stack is not recorded all-in (null), so ALLIN-FLAG has nothing to compare."""
    tables = parse_site_samples("partypoker")
    rows = actions_of(tables, "1111111112")
    assert rows[5] == (1, "quin", "bet", 444, 444, None)
    assert {row[5] for row in rows} == {None}
    assert [f for f in _flags(tables) if f[0] == "1111111112"] == []


def test_partypoker_corpus_hands_all_accounted(corpus_dir: Path) -> None:
    """Every hand read is parsed or quarantined (the flags and quarantines themselves are held
    by tests/corpus/real_corpus/partypoker.py)."""
    tables, read, _ = corpus_numbers(corpus_dir / "partypoker")
    assert read == corpus_headers(corpus_dir / "partypoker") > 0  # counted apart from the parser
    assert tables.hands.height + tables.quarantine.height == read


def test_run_json_counts_the_lines_skipped_per_file(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from hhaudit.cli import main

    source = Path(__file__).parent / "lines-without-chips-skipped.txt"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(source), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads((out / "run.json").read_text())["files"]
    assert (entry["hands_audited"], entry["lines_skipped"]) == (1, 2)


def test_an_action_without_a_name_must_be_read() -> None:
    """ "raises [$0.30 USD]" with the name left out starts with a verb of the grammar: it may
    move chips, so the hand is quarantined naming it (never skipped)."""
    from parsers.api import parse_bytes

    source = Path(__file__).parent / "bounty-with-amount.txt"
    text = source.read_text().replace("anna collects a bounty of $5 USD\n", "")
    text = text.replace("anna raises [$0.30 USD]", " raises [$0.30 USD]")
    tables = parse_bytes(text.encode(), "nameless.txt")
    assert tables.quarantine["reason"].to_list() == [
        "line 13: unrecognised line 'raises [$0.30 USD]'"
    ]


def test_a_play_money_table_is_play_money() -> None:
    """ "Table Sandbox (Play Money)": currency "play", amounts read like a real-money table's."""
    tables = parse_site_samples("partypoker")
    hand = tables.hands.filter(pl.col("hand_id") == "7100000031").row(0, named=True)
    assert (hand["currency"], hand["small_blind"], hand["big_blind"]) == ("play", 100, 200)
    assert not [f for f in _flags(tables) if f[0] == "7100000031"]
