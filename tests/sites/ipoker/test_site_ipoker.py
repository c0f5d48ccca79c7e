"""iPoker XML: golden files written for these tests (tests/sites/ipoker/), and the real corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import (
    actions_of,
    card_view,
    corpus_headers,
    corpus_numbers,
    hand_row,
    not_judged,
    parse_site_file,
    parse_site_samples,
    showdown_flags,
    violations,
)

from parsers import ParsedTables, parse_bytes
from parsers.games import SHOWDOWN


def test_decimal_comma_raise_to_code_and_allin_bet() -> None:
    tables = parse_site_samples("ipoker")
    assert actions_of(tables, "7000000001") == [
        (0, "Bert", "post_sb", 50, None, False),
        (0, "Hero", "post_bb", 100, None, False),
        (0, "Cleo", "raise", 300, 300, False),  # code 23: sum is the raise-to total
        (0, "Anna", "call", 300, None, False),
        (0, "Bert", "fold", 0, None, False),
        (0, "Hero", "call", 200, None, False),
        (1, "Hero", "check", 0, None, False),
        (1, "Cleo", "bet", 1150, 1150, True),  # code 7 opening the flop: an all-in bet
        (1, "Anna", "fold", 0, None, False),
        (1, "Hero", "call", 1150, None, False),
        (SHOWDOWN, "Cleo", "collect", 3100, None, False),  # her win: no uncalled chips in this hand
    ]
    hand = hand_row(tables, "7000000001")
    assert (hand["currency"], hand["scale"], hand["small_blind"], hand["big_blind"]) == (
        "EUR",
        100,
        50,
        100,
    )
    assert (hand["structure"], hand["game"], hand["button_seat"]) == ("NL", "holdem", 1)
    stacks = tables.seats.filter(pl.col("hand_id") == "7000000001").sort("seat")
    assert stacks["stack"].to_list() == [10000, 5050, 123456, 1450]  # "€1.234,56"


def test_tournament_space_thousands_antes_and_sat_out_fold() -> None:
    tables = parse_site_samples("ipoker")
    hand = hand_row(tables, "7000000002")
    assert (hand["is_tournament"], hand["currency"], hand["scale"], hand["ante"]) == (
        True,
        "chips",
        1,
        20,
    )
    rows = actions_of(tables, "7000000002")
    # Dora posted the ante, then sat out (code 9): the site folds her at her preflop turn.
    assert rows[6] == (0, "Dora", "fold", 0, None, False)
    assert rows[7] == (0, "Emil", "raise", 300, 300, False)
    assert rows[9] == (0, "Gus", "raise", 780, 880, True)  # code 7 above the bet: all-in raise
    assert rows[10] == (0, "Emil", "call", 580, None, False)
    seats = tables.seats.filter(pl.col("hand_id") == "7000000002").sort("seat")
    assert seats["stack"].to_list() == [1480, 3000, 2500, 900]  # "1 480"


def test_fixed_limit_post_both_empty_seat_and_wrong_size_raise() -> None:
    tables = parse_site_samples("ipoker")
    hand = hand_row(tables, "7000000003")
    assert (hand["structure"], hand["small_bet"], hand["big_bet"]) == ("FL", 10, 20)
    rows = actions_of(tables, "7000000003")
    # Kim's code-2 post of $0.15 on a $0.10 big blind: live big blind + dead small blind.
    assert rows[2:5] == [
        (0, "Kim", "post_live", 10, None, False),
        (0, "Kim", "post_dead", 5, None, False),
        (0, "Kim", "check", 0, None, False),
    ]
    assert rows[5] == (0, "Hal", "raise", 20, 20, False)  # code 6: sum added
    empty = tables.seats.filter((pl.col("hand_id") == "7000000003") & (pl.col("seat") == 5))
    assert empty["sitting_out"].to_list() == [True]
    flags = violations(tables).filter(
        (pl.col("severity") == "violation") & pl.col("hand_id").is_in(["7000000003", "7000000004"])
    )
    assert flags.select("hand_id", "seq", "code").rows() == [("7000000004", 2, "FL-SIZE")]


def test_unknown_code_and_cut_off_game_are_quarantined_with_lines() -> None:
    tables = parse_site_samples("ipoker")
    report = next(f for f in tables.files if f.path.endswith("broken-and-unknown-code.xml"))
    assert (report.site, report.hands_read, report.hands_quarantined) == ("ipoker", 2, 2)
    reasons = tables.quarantine.sort("line_no")["reason"].to_list()
    assert reasons[0].startswith('line 17: unknown action type in <action no="3"')
    assert reasons[1].startswith("line 20: XML error")


def test_dtd_and_entities_are_refused() -> None:
    data = (
        b'<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY x "boom">]>\n'
        b'<session><game gamecode="1"><general><players>\n'
        b'<player seat="1" name="&x;" chips="$1" dealer="1"/></players></general></game>\n'
        b"</session>\n"
    )
    tables = parse_bytes(data, "dtd.xml")
    assert tables.hands.height == 0
    assert tables.files[0].hands_quarantined == 1
    assert "XML error" in tables.quarantine["reason"][0]


def test_ipoker_corpus_reads_every_hand(corpus_dir: Path) -> None:
    """Every `<game>` of the corpus is read and either parsed or quarantined with its line
    (the audit rate and the flags: tests/corpus/real_corpus/ipoker.py)."""
    tables, read, _ = corpus_numbers(corpus_dir / "ipoker")
    assert read == corpus_headers(corpus_dir / "ipoker") > 0  # counted apart from the parser
    assert tables.hands.height + tables.quarantine.height == read
    assert tables.quarantine["reason"].str.contains(r"^line \d+: ").all()


def test_two_games_on_one_line_are_one_quarantined_hand() -> None:
    game = (
        '<game gamecode="{code}"><general><players>'
        '<player seat="1" name="A" chips="$10" dealer="1"/>'
        '<player seat="2" name="B" chips="$10" dealer="0"/></players></general>'
        '<round no="0"><action no="1" player="A" type="1" sum="$1"/>'
        '<action no="2" player="B" type="2" sum="$2"/></round>'
        '<round no="1"><action no="3" player="A" type="0" sum="$0"/></round></game>'
    )
    data = f"<session>{game.format(code=1)}{game.format(code=2)}</session>\n".encode()
    tables = parse_bytes(data, "one-line.xml")
    report = tables.files[0]
    assert (report.hands_read, report.hands_parsed, report.hands_quarantined) == (1, 0, 1)
    assert tables.quarantine["reason"].to_list() == [
        "line 1: several <game> elements start on this line"
    ]


def _settlement(tables: ParsedTables, hand_id: str) -> list[tuple]:
    return [row for row in actions_of(tables, hand_id) if row[2] in ("uncalled_return", "collect")]


def _pot_and_rake(tables: ParsedTables, hand_id: str) -> tuple[int | None, int | None]:
    hand = hand_row(tables, hand_id)
    return hand["total_pot"], hand["rake"]


def test_win_holding_the_uncalled_bet_is_split_into_return_and_collect() -> None:
    tables = parse_site_samples("ipoker")
    # older export: Ann's win $11.20 = her uncalled $5 flop bet + $6.20 from the $6.50 pot
    assert _settlement(tables, "7000000010") == [
        (1, "Ann", "uncalled_return", 500, None, False),
        (SHOWDOWN, "Ann", "collect", 620, None, False),
    ]
    assert _pot_and_rake(tables, "7000000010") == (650, None)  # $11.50 bet - $5 back; no rake
    # <uncalled_bet_enabled>true: win ($6.20) leaves the return out
    assert _settlement(tables, "7000000014") == _settlement(tables, "7000000010")
    seats = tables.seats.filter(pl.col("hand_id") == "7000000010")
    assert seats["final_stack"].null_count() == seats.height  # not stated


def test_export_that_does_not_say_settles_only_hands_without_uncalled_chips() -> None:
    tables = parse_site_samples("ipoker")
    assert _settlement(tables, "7000000015") == []
    assert _pot_and_rake(tables, "7000000015") == (None, None)
    assert _settlement(tables, "7000000016") == [(SHOWDOWN, "Cat", "collect", 620, None, False)]


def test_wrong_settlements_raise_the_hand_level_flags() -> None:
    tables = parse_site_samples("ipoker")
    flags = violations(tables).filter(pl.col("severity") == "violation")
    found = sorted(
        flags.filter(pl.col("hand_id").str.starts_with("700000001"))
        .select("hand_id", "code")
        .rows()
    )
    assert found == [
        # Ann's $11 above Cat's $9 all-in call never came back (win $0)
        ("7000000011", "POT-TOTAL"),
        ("7000000011", "UNCALLED-RETURN"),
        # tournament (rake 0): Dan is paid 340 from a 330 pot
        ("7000000012", "CHIP-CONSERVATION"),
    ]
    assert _pot_and_rake(tables, "7000000012") == (330, 0)


def _pot_total_hands(tables: ParsedTables) -> list[str]:
    flags = violations(tables).filter(pl.col("code") == "POT-TOTAL")
    return sorted(flags["hand_id"].unique().to_list())


def test_closing_raise_counted_on_top_of_the_street_is_read_as_put_in() -> None:
    """bet="" that counts a closing code-23 raise by its raise-to total on top of the street's
    earlier chips (the blind) is what the actions put in, whatever the export's flag says; any
    other difference is still the pot check's (7000000023)."""
    tables = parse_site_samples("ipoker")
    assert _pot_and_rake(tables, "7000000020") == (600, None)  # bets €3.50 + €3, €6 put in
    assert _pot_and_rake(tables, "7000000022") == (650, None)  # Cat's €11 is her €10 raise-to
    assert _pot_and_rake(tables, "7000000024") == (600, None)  # last wager a bet: €6 as stated
    assert _pot_and_rake(tables, "7000000026") == (600, None)  # same figures, flag false
    assert _pot_and_rake(tables, "7000000023") == (700, None)  # €4: not the €0.50 blind again
    new_hands = [h for h in _pot_total_hands(tables) if h.startswith("700000002")]
    assert new_hands == ["7000000023"]


def test_uncalled_enabled_flag_decides_what_win_holds() -> None:
    """Ben's uncalled €2 goes back apart: in the flag-true export his win €2 is the pot, in the
    flag-false one his win €4 holds the €2 too; the same return and collect either way."""
    tables = parse_site_samples("ipoker")
    expected = [
        (0, "Ben", "uncalled_return", 200, None, False),
        (SHOWDOWN, "Ben", "collect", 200, None, False),
    ]
    assert _settlement(tables, "7000000021") == expected
    assert _settlement(tables, "7000000025") == expected
    assert _pot_and_rake(tables, "7000000021") == _pot_and_rake(tables, "7000000025") == (200, None)
    # Cat's €11 (her raise to €10 on her €1 blind): €7 back, the €6.50 pot is her win
    assert _settlement(tables, "7000000022") == [
        (0, "Cat", "uncalled_return", 700, None, False),
        (SHOWDOWN, "Cat", "collect", 650, None, False),
    ]


def test_disconnect_protection_all_in_is_quarantined_as_not_modelled() -> None:
    game = (
        '<session><game gamecode="3"><general><players>'
        '<player seat="1" name="A" chips="$10" dealer="1" win="$0.40" bet="$0.20"/>\n'
        '<player seat="2" name="B" chips="$10" dealer="0" win="$0" bet="$0.20"/></players>'
        '</general>\n<round no="0"><action no="1" player="A" type="1" sum="$0.10"/>\n'
        '<action no="2" player="B" type="2" sum="$0.20"/></round>\n<round no="1">'
        '<action no="3" player="A" type="23" sum="$0.40"/>\n'
        '<action no="4" player="B" type="7" sum="DP"/></round></game></session>\n'
    )
    tables = parse_bytes(game.encode(), "dp.xml")
    assert tables.hands.height == 0
    assert tables.quarantine["reason"].to_list() == [
        "line 6: disconnect protection: all-in without chips (not modelled): "
        '<action no="4" player="B" type="7" sum="DP">'
    ]


def test_cards_suit_first_hidden_dropped_and_the_hero_dealt() -> None:
    """showdown-cards.xml: <cards type="Pocket|Flop|Turn|River">, suit first, "X X" hidden."""
    tables = parse_site_file("ipoker", "showdown-cards.xml")
    assert card_view(tables, "7000000030") == [
        ("Hero", "dealt", None, 0, "As", "SA"),  # <nickname>Hero</nickname>
        ("Hero", "dealt", None, 1, "Kh", "HK"),
        ("Cat", "shown", None, 0, "Tc", "c10"),  # lower-case suits, "10" and "T" both tens
        ("Cat", "shown", None, 1, "Td", "dT"),
        (None, "board", 1, 0, "Qh", "HQ"),
        (None, "board", 1, 1, "9c", "C9"),
        (None, "board", 1, 2, "2s", "S2"),
        (None, "board", 2, 3, "Jd", "DJ"),
        (None, "board", 3, 4, "3h", "H3"),
    ]  # Ben's "X X": no row
    assert [row[0] for row in card_view(tables, "7000000032")][:2] == ["Hero", "Hero"]
    assert "Cat" not in [row[0] for row in card_view(tables, "7000000032")]


def test_showdowns_are_judged_on_the_xml_cards() -> None:
    tables = parse_site_file("ipoker", "showdown-cards.xml")
    assert not_judged(tables) == {
        "7000000030": None,
        "7000000031": None,
        "7000000032": "cards of an eligible player not shown",  # Cat's "X X" at the end
    }
    assert showdown_flags(tables) == [("7000000031", "SHOWDOWN-WINNER")]  # ace high paid


def test_skin_currency_written_after_the_number() -> None:
    """A Swedish skin's kronor table: "1 kr/2 kr" stakes, "1 250,50 kr" chips. The game's number
    format is read whatever currency text follows the amounts."""
    tables = parse_site_file("ipoker", "nl-sek-currency-after.xml")
    hand = hand_row(tables, "7000000051")
    assert (hand["currency"], hand["small_blind"], hand["big_blind"]) == ("SEK", 100, 200)
    assert tables.seats["stack"].to_list() == [10000, 125050]
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()


def test_a_stack_the_number_format_does_not_read_quarantines_the_hand() -> None:
    game = (
        "<session><general><gametype>Holdem NL $1/$2</gametype></general>"
        '<game gamecode="3"><general><players>'
        '<player seat="1" name="A" chips="$10" dealer="1"/>'
        '<player seat="2" name="B" chips="lots" dealer="0"/></players></general>'
        '<round no="0"><action no="1" player="A" type="1" sum="$1"/>'
        '<action no="2" player="B" type="2" sum="$2"/></round>'
        '<round no="1"><action no="3" player="A" type="0" sum="$0"/></round></game></session>\n'
    )
    tables = parse_bytes(game.encode(), "unreadable-chips.xml")
    assert tables.hands.is_empty()
    assert tables.quarantine["reason"].to_list() == ["line 1: seat 2 stack unreadable (B)"]
