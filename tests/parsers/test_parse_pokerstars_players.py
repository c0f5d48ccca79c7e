"""Player names with spaces, dots, colons and brackets; chat and sitting-out lines."""

from __future__ import annotations

from parse_samples import actions_of, hand, only_hand, parse_text

TAIL = """
*** SUMMARY ***
Total pot $0.20 | Rake $0
"""


def test_names_with_spaces_dots_colons_and_brackets():
    body = """
Seat 1: El Viejo Tico ($10 in chips)
Seat 2: Mr.BinAlik ($10 in chips)
Seat 3: wo_olly :D ($10 in chips)
Seat 4: [Pro] x/y ($10 in chips)
Seat 5: a: b ($10 in chips)
El Viejo Tico: posts small blind $0.05
Mr.BinAlik: posts big blind $0.10
*** HOLE CARDS ***
wo_olly :D: raises $0.20 to $0.30
[Pro] x/y: folds
a: b: calls $0.30
El Viejo Tico: folds
Mr.BinAlik: folds
*** FLOP *** [2c 3d 4h]
wo_olly :D: bets $0.50
a: b: folds
Uncalled bet ($0.50) returned to wo_olly :D
wo_olly :D collected $0.75 from pot
"""
    tables = parse_text(hand(body + TAIL))
    only_hand(tables)
    players = [row[0] for row in actions_of(tables)]
    assert players == [
        "El Viejo Tico",
        "Mr.BinAlik",
        "wo_olly :D",
        "[Pro] x/y",
        "a: b",
        "El Viejo Tico",
        "Mr.BinAlik",
        "wo_olly :D",
        "a: b",
        "wo_olly :D",
        "wo_olly :D",
    ]
    seats = dict(zip(tables.actions["player"], tables.actions["seat"], strict=True))
    assert seats["a: b"] == 5 and seats["wo_olly :D"] == 3


def test_longest_seated_name_wins_when_one_name_prefixes_another():
    body = """
Seat 1: a ($10 in chips)
Seat 2: a: b ($10 in chips)
a: posts small blind $0.05
a: b: posts big blind $0.10
*** HOLE CARDS ***
a: b: folds
a: folds
"""
    rows = actions_of(parse_text(hand(body + TAIL)))
    assert [(r[0], r[1]) for r in rows] == [
        ("a", "post_sb"),
        ("a: b", "post_bb"),
        ("a: b", "fold"),
        ("a", "fold"),
    ]


def test_chat_sitting_out_and_connection_lines_are_ignored():
    body = """
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Seat 3: Sleepy ($10 in chips) is sitting out
Hero: posts small blind $0.05
Villain: posts big blind $0.10
Ghost: sits out
*** HOLE CARDS ***
Hero said, "gl: hf :)"
Villain is disconnected
Villain has timed out
Villain is connected
Hero: folds
Sleepy: is sitting out
Villain collected $0.15 from pot
Villain: doesn't show hand
"""
    tables = parse_text(hand(body + TAIL.replace("0.20", "0.15")))
    only_hand(tables)
    assert [r[1] for r in actions_of(tables)] == ["post_sb", "post_bb", "fold", "collect"]
    seats = tables.seats.sort("seat")
    assert seats["sitting_out"].to_list() == [False, False, True]
    assert seats["final_stack"].null_count() == 3
    assert seats["stack"].to_list() == [1000, 1000, 1000]


def test_action_by_unseated_player_is_quarantined():
    body = """
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Hero: posts small blind $0.05
Villain: posts big blind $0.10
*** HOLE CARDS ***
Stranger: raises $0.20 to $0.30
"""
    tables = parse_text(hand(body + TAIL))
    assert tables.hands.is_empty()
    # Hero and Villain post and never act while Stranger (no seat line) raises: the action lines
    # do not match the seat list (docs/parsing.md, players without a seat line)
    assert tables.quarantine["reason"].to_list() == [
        "line 8: Stranger acts without a seat line while seated Hero never acts:"
        " the action lines do not match the seat list"
    ]


def test_unseated_player_who_posts_is_read_with_an_unknown_stack():
    body = """
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Hero: posts small blind $0.05
Villain: posts big blind $0.10
Stranger: posts big blind $0.10
*** HOLE CARDS ***
Hero: folds
Villain: checks
Stranger: checks
*** FLOP *** [2c 7d Js]
Villain: checks
Stranger: checks
Villain collected $0.25 from pot
"""
    tables = parse_text(hand(body + TAIL.replace("0.20", "0.25")))
    assert tables.quarantine.is_empty()
    seats = tables.seats.sort("seat")
    assert seats.select("seat", "player", "stack").rows()[0] == (-1, "Stranger", None)
