"""Run it twice, side pots and several collects."""

from __future__ import annotations

from parse_samples import hand, only_hand, parse_text

from parsers.games import SHOWDOWN

RUN_TWICE = """
Seat 3: Player0 ($81.75 in chips)
Seat 4: Hero ($353.48 in chips)
Player0: posts small blind $1
Hero: posts big blind $2
*** HOLE CARDS ***
*** PRE-FLOP *** [7h]
Player0: raises $2 to $4
Hero: raises $8 to $12
Player0: raises $24 to $36
Hero: calls $24
*** FLOP *** [7h 5d 3s]
Hero: bets $71.50
Player0: calls $45.75 and is all-in
Uncalled bet ($25.75) returned to Hero
*** FIRST TURN *** [7h 5d 3s] [7s]
*** FIRST RIVER *** [7h 5d 3s 7s] [Ts]
*** SECOND TURN *** [7h 5d 3s] [2s]
*** SECOND RIVER *** [7h 5d 3s 2s] [4h]
*** FIRST SHOW DOWN ***
Hero: shows [As 4s Ks Ad Qh] (HI: a flush, Ace high; LO: 7,5,4,3,A)
Player0 collected $40.75 from pot
Hero collected $40.75 from pot
*** SECOND SHOW DOWN ***
Player0 collected $40.75 from pot
Hero collected $20.38 from pot
Player0 collected $20.37 from pot
*** SUMMARY ***
Total pot $163.50 | Rake $0.50
Hand was run twice
FIRST Board [7h 5d 3s 7s Ts]
SECOND Board [7h 5d 3s 2s 4h]
"""


def test_run_it_twice():
    header = (
        "PokerStars Hand #97007286518:  Courchevel Hi/Lo Pot Limit ($1/$2 USD) - "
        "2013/04/11 11:57:19 CT [2013/04/11 12:57:19 ET]"
    )
    tables = parse_text(hand(RUN_TWICE, header=header))
    row = only_hand(tables)
    assert (row["boards"], row["game"], row["is_hilo"]) == (2, "courchevel", True)
    assert (row["total_pot"], row["rake"]) == (16350, 50)
    collects = tables.actions.filter(kind="collect")
    assert collects["amount"].sum() + row["rake"] == row["total_pot"]
    assert collects.height == 5 and set(collects["street"]) == {SHOWDOWN}
    flop = tables.actions.filter(street=1).select("kind", "amount", "is_all_in").rows()
    assert flop == [("bet", 7150, False), ("call", 4575, True), ("uncalled_return", 2575, False)]


def test_side_pots_and_single_board():
    body = """
Seat 1: A ($5 in chips)
Seat 2: B ($10 in chips)
Seat 3: C ($20 in chips)
A: posts small blind $0.05
B: posts big blind $0.10
*** HOLE CARDS ***
C: raises $19.90 to $20 and is all-in
A: calls $4.95 and is all-in
B: calls $9.90 and is all-in
Uncalled bet ($10) returned to C
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h] [5s]
*** RIVER *** [2c 3d 4h 5s] [6d]
*** SHOW DOWN ***
C collected $10 from side pot-1
B collected $15 from main pot
*** SUMMARY ***
Total pot $25 Main pot $15. Side pot-1 $10. | Rake $0
"""
    tables = parse_text(hand(body))
    row = only_hand(tables)
    assert (row["boards"], row["total_pot"], row["rake"]) == (1, 2500, 0)
    assert tables.actions.filter(kind="collect")["amount"].to_list() == [1000, 1500]
    assert tables.actions.filter(kind="uncalled_return")["street"].to_list() == [0]
