"""PokerStars actions: raise-to semantics, amounts, streets, seats, flags."""

from __future__ import annotations

import polars as pl
from parse_samples import BASIC_HAND, actions_of, hand, only_hand, parse_text

from parsers.games import SHOWDOWN
from parsers.schema import POLARS_SCHEMAS


def test_basic_hand_actions_and_amounts():
    tables = parse_text(BASIC_HAND)
    only_hand(tables)
    assert actions_of(tables) == [
        ("Nightfox82", "post_sb", 5, None),
        ("Asaki1", "post_bb", 10, None),
        ("Player_L", "call", 10, None),
        ("H6U5r", "fold", 0, None),
        ("LovID", "raise", 50, 50),
        ("Tunks2", "fold", 0, None),
        ("Nightfox82", "fold", 0, None),
        # the big blind had 10 in: raising to 150 moves 140
        ("Asaki1", "raise", 140, 150),
        ("Player_L", "fold", 0, None),
        ("LovID", "call", 100, None),
        ("Asaki1", "check", 0, None),
        ("LovID", "bet", 95, 95),
        ("Asaki1", "raise", 295, 295),
        ("LovID", "call", 200, None),
        ("Asaki1", "bet", 484, 484),
        ("LovID", "fold", 0, None),
        ("Asaki1", "uncalled_return", 484, None),
        ("Asaki1", "collect", 910, None),
    ]


def test_streets_seq_seats_lines_and_all_in():
    actions = parse_text(BASIC_HAND).actions
    assert actions["seq"].to_list() == list(range(actions.height))
    streets = dict(zip(actions["seq"], actions["street"], strict=True))
    assert [streets[i] for i in (0, 2, 10, 14, 16, 17)] == [0, 0, 1, 2, 2, SHOWDOWN]
    by_player = dict(zip(actions["player"], actions["seat"], strict=True))
    assert by_player == {
        "Nightfox82": 5,
        "Asaki1": 6,
        "Player_L": 1,
        "H6U5r": 2,
        "LovID": 3,
        "Tunks2": 4,
    }
    all_in = actions.filter(pl.col("is_all_in"))
    assert all_in.select("player", "kind").rows() == [("Asaki1", "bet")]
    assert actions.filter(pl.col("kind") == "collect")["line_no"].item() == 30


def test_tables_have_canonical_schemas():
    tables = parse_text(BASIC_HAND)
    for name in ("hands", "seats", "actions", "quarantine"):
        assert getattr(tables, name).schema == POLARS_SCHEMAS[name]


def test_raise_after_call_on_same_street_counts_earlier_chips():
    body = """
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
Seat 3: C ($10 in chips)
A: posts small blind $0.05
B: posts big blind $0.10
*** HOLE CARDS ***
C: calls $0.10
A: calls $0.05
B: raises $0.30 to $0.40
C: raises $0.60 to $1
A: raises $2 to $3 and is all-in
B: folds
C: calls $2
*** SUMMARY ***
Total pot $6.40 | Rake $0
"""
    rows = actions_of(parse_text(hand(body)))
    assert rows[4] == ("B", "raise", 30, 40)
    assert rows[5] == ("C", "raise", 90, 100)
    assert rows[6] == ("A", "raise", 290, 300)
    assert rows[8] == ("C", "call", 200, None)


def test_uncalled_return_keeps_its_street_and_cash_out_is_settlement():
    body = """
Seat 1: Player1 ($13.53 in chips)
Seat 3: Player3 ($18.39 in chips)
Player1: posts small blind $0.05
Player3: posts big blind $0.10
*** HOLE CARDS ***
Player1: raises $0.20 to $0.30
Player3: calls $0.20
*** FLOP *** [Qh Ad Ts]
Player1: bets $13.23 and is all-in
Player3: raises $3.78 to $17.01
Uncalled bet ($3.78) returned to Player3
*** TURN *** [Qh Ad Ts] [As]
*** RIVER *** [Qh Ad Ts As] [Qd]
*** SHOW DOWN ***
Player1: shows [Qs Js] (a full house, Queens full of Aces)
Player3: shows [Th Tc] (a full house, Tens full of Aces)
Player1 collected $25.96 from pot
Player3 cashed out the hand for $22.77 | Cash Out Fee $0.46
*** SUMMARY ***
Total pot $27.06 | Rake $1.10
"""
    actions = parse_text(hand(body)).actions
    kinds = actions.select("kind", "street", "amount").rows()
    assert ("uncalled_return", 1, 378) in kinds
    assert ("collect", SHOWDOWN, 2596) in kinds
    assert ("cash_out", SHOWDOWN, 2277) in kinds


def test_capped_raise_and_folds_with_shown_cards():
    header = (
        "PokerStars Game #109680936246:  Hold'em No Limit ($0.50/$1.00 - $20 Cap -  USD)"
        " - 2014/01/06 7:09:08 ET"
    )
    body = """
Seat 1: DarkEvilus ($40.14 in chips)
Seat 3: V_Koning ($26.91 in chips)
V_Koning: posts small blind $0.50
DarkEvilus: posts big blind $1
*** HOLE CARDS ***
V_Koning: raises $2 to $3
DarkEvilus: raises $17 to $20 and has reached the $20 cap
V_Koning: folds [Ks]
Uncalled bet ($17) returned to DarkEvilus
DarkEvilus collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
"""
    tables = parse_text(hand(body, header=header))
    row = only_hand(tables)
    assert (row["structure"], row["cap"], row["big_blind"]) == ("CAP", 2000, 100)
    assert actions_of(tables)[3] == ("DarkEvilus", "raise", 1900, 2000)
    assert actions_of(tables)[4] == ("V_Koning", "fold", 0, None)


RIO_HEADER = "Run It Once Poker Hand #7: Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC"
RIO_HAND = """
Seat 1: A (€5 in chips)
Seat 2: B (€5 in chips)
Seat 3: C (€5 in chips)
A: posts small blind €0.02
B: posts big blind €0.04
*** HOLE CARDS ***
C: raises €0.08 to €0.12
A: folds
B: calls €0.08
*** FLOP *** [4c Qc 5h]
B: bets €0.20
C: raises €0.40 to €0.60
B: raises €0.60 to {to}
C: calls {call}
*** TURN *** [4c Qc 5h] [6d]
B: checks
C: checks
*** RIVER *** [4c Qc 5h 6d] [8s]
B: checks
C: checks
B collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake €0
"""


def _rio_reraise(to: str, call: str, pot: str) -> tuple:
    text = hand(RIO_HAND.format(to=to, call=call, pot=pot), header=RIO_HEADER)
    return actions_of(parse_text(text))[7]


def test_run_it_once_raise_to_read_as_chips_added_when_the_pot_says_so():
    # "raises €0.60 to €1.20" by B (€0.20 in), C "calls €0.80", pot €3.06: B added €1.20 to a
    # total of €1.40 (Run It Once 2019, fpdb's "raiseTo bug";
    # parsers/sites/pokerstars/added_raise.py)
    assert _rio_reraise("€1.20", "€0.80", "€3.06") == ("B", "raise", 120, 140)
    # the same line in a hand whose pot adds up the usual way (C calls €0.60, pot €2.66)
    assert _rio_reraise("€1.20", "€0.60", "€2.66") == ("B", "raise", 100, 120)
