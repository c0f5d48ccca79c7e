"""Headers: games, structures, stakes, currencies, tournaments and time stamps."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from parse_samples import hand, only_hand, parse_text

BODY = """
Seat 1: A (1000 in chips)
Seat 2: B (1000 in chips)
A: posts small blind {sb}
B: posts big blind {bb}
*** HOLE CARDS ***
A: folds
Uncalled bet ({half}) returned to B
B collected {sb2} from pot
*** SUMMARY ***
Total pot {sb2} | Rake 0
"""


def _hand_for(header: str, sb: str, bb: str, half: str, pot: str) -> dict:
    body = BODY.format(sb=sb, bb=bb, half=half, sb2=pot)
    return only_hand(parse_text(hand(body, header=header)))


GAMES = [
    ("Hold'em No Limit ($1/$2 USD)", "holdem", False, "NL"),
    ("Omaha Pot Limit ($1/$2 USD)", "omaha4", False, "PL"),
    ("Omaha Hi/Lo Pot Limit ($1/$2 USD)", "omaha4", True, "PL"),
    ("5 Card Omaha Pot Limit ($1/$2 USD)", "omaha5", False, "PL"),
    ("6 Card Omaha Pot Limit ($1/$2 USD)", "omaha6", False, "PL"),
    ("Courchevel Hi/Lo Pot Limit ($1/$2 USD)", "courchevel", True, "PL"),
    ("Omaha Hi/Lo No Limit ($1/$2 USD)", "omaha4", True, "NL"),
    ("Hold'em Pot Limit ($1/$2 USD)", "holdem", False, "PL"),
    ("Mixed NLH/PLO (Hold'em No Limit, $1/$2 USD)", "holdem", False, "NL"),
    ("Split Hold'em No Limit ($1/$2 USD)", "holdem", False, "NL"),
]


@pytest.mark.parametrize(("game_text", "game", "hilo", "structure"), GAMES)
def test_game_and_structure(game_text, game, hilo, structure):
    header = f"PokerStars Hand #7: {game_text} - 2013/04/11 12:57:19 ET"
    row = _hand_for(header, "$1", "$2", "$1", "$2")
    assert (row["game"], row["is_hilo"], row["structure"]) == (game, hilo, structure)
    assert (row["small_blind"], row["big_blind"], row["currency"]) == (100, 200, "USD")


def test_fixed_limit_bets_and_blinds_from_posts():
    header = "PokerStars Game #8: Hold'em Limit ($0.10/$0.20 USD) - 2009/03/15 10:00:00 ET"
    row = _hand_for(header, "$0.05", "$0.10", "$0.05", "$0.10")
    assert (row["structure"], row["small_bet"], row["big_bet"]) == ("FL", 10, 20)
    assert (row["small_blind"], row["big_blind"]) == (5, 10)


def test_mixed_pot_limit_preflop_no_limit_postflop_is_unknown_structure():
    header = (
        "PokerStars Hand #9: Tournament #5, $200+$15 USD Hold'em Pot Limit Pre-Flop, "
        "No Limit Post-Flop - Level I (10/20) - 2016/01/01 10:00:00 ET"
    )
    assert _hand_for(header, "10", "20", "10", "20")["structure"] == "UNKNOWN"


@pytest.mark.parametrize(
    ("stakes", "sb", "bb", "currency", "expected"),
    [
        ("(€1/€2 EUR)", "€1", "€2", "EUR", (100, 200)),
        ("(£0.25/£0.50 GBP)", "£0.25", "£0.50", "GBP", (25, 50)),
        ("(¥2/¥4 CNY)", "¥2", "¥4", "CNY", (200, 400)),
        ("(Rs.10/Rs.20 INR)", "Rs.10", "Rs.20", "INR", (1000, 2000)),
        ("($1,000/$2,000 USD)", "$1,000", "$2,000", "USD", (100000, 200000)),
        ("($0.02/$0.05)", "$0.02", "$0.05", "USD", (2, 5)),
    ],
)
def test_currencies_and_thousands(stakes, sb, bb, currency, expected):
    header = f"PokerStars Hand #10: Hold'em No Limit {stakes} - 2014/01/06 7:21:05 ET"
    row = _hand_for(header, sb, bb, sb, bb)
    assert (row["currency"], row["scale"]) == (currency, 100)
    assert (row["small_blind"], row["big_blind"]) == expected


def test_play_money_home_game():
    header = (
        "PokerStars Home Game Hand #74655014750: {chipchipchip}  Hold'em No Limit (1/2)"
        " - 2012/01/28 20:58:29 ET"
    )
    table = "Table 'test_hu' 9-max (Play Money) Seat #1 is the button"
    body = BODY.format(sb="1", bb="2", half="1", sb2="2")
    row = only_hand(parse_text(hand(body, header=header, table=table)))
    assert (row["currency"], row["scale"], row["unit"], row["big_blind"]) == (
        "play",
        1,
        "chips",
        2,
    )
    assert (row["max_seats"], row["button_seat"]) == (9, 1)


@pytest.mark.parametrize(
    ("when", "expected"),
    [
        ("2014/01/06 7:21:05 ET", datetime(2014, 1, 6, 12, 21, 5, tzinfo=UTC)),
        ("2014/07/06 7:21:05 ET", datetime(2014, 7, 6, 11, 21, 5, tzinfo=UTC)),
        (
            "2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET]",
            datetime(2012, 12, 14, 0, 59, 19, tzinfo=UTC),
        ),
        ("2019/02/08 15:19 UTC [2019/02/08 16:19 CET]", datetime(2019, 2, 8, 15, 19, tzinfo=UTC)),
        ("2025/06/04 16:09:07 UTC", datetime(2025, 6, 4, 16, 9, 7, tzinfo=UTC)),
        ("2007/10/15 - 10:49:07 (ET)", datetime(2007, 10, 15, 14, 49, 7, tzinfo=UTC)),
        ("2013/04/11 11:57:19 CT", datetime(2013, 4, 11, 16, 57, 19, tzinfo=UTC)),
        ("2017/01/06 17:15:11", datetime(2017, 1, 6, 17, 15, 11, tzinfo=UTC)),
    ],
)
def test_started_at_in_utc(when, expected):
    header = f"PokerStars Hand #11: Hold'em No Limit ($1/$2 USD) - {when}"
    assert _hand_for(header, "$1", "$2", "$1", "$2")["started_at"] == expected


def test_missing_timestamp_gives_null():
    header = "PokerStars Hand #12: Hold'em No Limit ($1/$2 USD)"
    assert _hand_for(header, "$1", "$2", "$1", "$2")["started_at"] is None


def test_tournament_level_blinds_and_ids():
    header = (
        "PokerStars Game #27853322223: Tournament #187127136, $1.00+$0.25+$0.15 USD Hold'em"
        " No Limit - Level XVI (350/700) - 2009/06/07 1:04:25 ET"
    )
    row = _hand_for(header, "350", "700", "350", "700")
    assert (row["hand_id"], row["is_tournament"], row["small_blind"], row["big_blind"]) == (
        "27853322223",
        True,
        350,
        700,
    )


@pytest.mark.parametrize(
    ("brand", "site"),
    [
        ("PokerStars Zoom Hand #1", "pokerstars"),
        ("PokerStars Home Game Hand #1", "pokerstars"),
        ("Run It Once Poker Hand #1", "runitonce"),
        ("PokerBros Hand #1", "pokerbros"),
        ("PokerMaster Hand #1", "pokermaster"),
        ("PPPoker Hand #1", "pppoker"),
        ("Full Tilt Hand #1", "fulltilt"),
        ("Full Tilt Rush Hand #1", "fulltilt"),
    ],
)
def test_clone_brands_parse(brand, site):
    # the brand is the site, so its profile (audit.options.SITE_PROFILES) applies
    header = f"{brand}: Hold'em No Limit ($1/$2 USD) - 2019/01/03 11:48:00 UTC"
    assert _hand_for(header, "$1", "$2", "$1", "$2")["site"] == site


def test_table_id_line_and_summary_pot():
    table = "Table ID '30698037' 6-Max Seat #4 is the button"
    header = (
        "Run It Once Poker Hand #30702949: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC"
    )
    body = BODY.format(sb="€0.02", bb="€0.04", half="€0.02", sb2="€0.04")
    row = only_hand(parse_text(hand(body, header=header, table=table)))
    assert (row["table_name"], row["max_seats"], row["button_seat"]) == ("30698037", 6, 4)
    assert (row["currency"], row["total_pot"], row["rake"]) == ("EUR", 4, 0)
