"""The showdown of the games without a board (RULES.md §13.4, §11 C-3..C-7): stud, stud/8,
razz, 2-7 triple and single draw, 5 card draw and badugi, on hands built as tables
(own_cards_tables.py). Each game's pot is judged with its values from the game table: a wrong
winner is flagged in every game, the legal hands are not, and the shares are the expected."""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest
from own_cards_tables import Hand, Line, built

from audit import check
from audit.rules import SHOWDOWN_CODES
from audit.showdown.judge import SENTENCES, showdown

STREETS = {
    "stud": ("fourth", "fifth", "sixth", "seventh"),
    "razz": ("fourth", "fifth", "sixth", "seventh"),
}


def _checks(players: tuple[str, ...], streets: tuple[str, ...]) -> list[tuple]:
    return [(street, p, "check", None) for street in streets for p in players]


def _stud(game: str, shown: dict[str, tuple[str, str | None]], collects: dict[str, int], **kw: Any):
    """A stud hand of the players of `shown` ({player: (seven cards, name)}): antes 1, the
    last player brings in 3, the first completes to 10, all call, then checks to the end: a
    pot of 10 per player plus the antes."""
    players = tuple(shown)
    plays = [
        ("third", players[-1], "bring_in", 3),
        ("third", players[0], "complete", 10),
        *[("third", p, "call", None) for p in players[1:]],
        *_checks(players, STREETS["stud"]),
    ]
    lines = [Line(p, "shown", cards, label=name) for p, (cards, name) in shown.items()]
    return Hand(
        game, {p: 500 for p in players}, plays, [*kw.pop("lines", []), *lines], collects, **kw
    )


def _draw(game: str, shown: dict[str, tuple[str, str | None]], collects: dict[str, int], **kw: Any):
    """A draw hand of the players of `shown` (blinds 5/10: the first posts the small blind and
    is the button heads-up, the second the big blind), called and checked down, everybody
    standing pat."""
    players = tuple(shown)
    rounds = {"single_draw_27": 1, "five_card_draw": 1}.get(game, 3)
    later = ("first_draw", "second_draw", "third_draw")[:rounds]
    plays = [("predraw", p, "call", None) for p in (*players[2:], players[0])]
    plays.append(("predraw", players[1], "check", None))
    for street in later:
        plays += [(street, p, "stand_pat", 0) for p in (*players[1:], players[0])]
        plays += [(street, p, "check", None) for p in (*players[1:], players[0])]
    lines = [Line(p, "shown", cards, label=name) for p, (cards, name) in shown.items()]
    hand = Hand(game, {p: 500 for p in players}, plays, [*kw.pop("lines", []), *lines], collects)
    hand.button = players[0]
    for name, value in kw.items():
        setattr(hand, name, value)
    return hand


def _judged(hand: Hand) -> tuple[dict[str, Any], dict[str, int]]:
    """(the hand's sentences, {player: owed}) as audit/showdown/judge.py judges them."""
    hands, _, actions, cards = built(hand)
    found = showdown(hands, actions, cards)
    row = found.hands.row(0, named=True)
    owed = {p: o for p, o in found.players.select("player", "owed").iter_rows() if o}
    return row, owed


def _flags(row: dict[str, Any]) -> dict[str, str]:
    return {name: row[name] for name in SENTENCES if row.get(name) and name != "pot_split_severity"}


# --- stud hi/lo: halves, the odd chip to the high half ----------------------------------------

STUD8 = {
    "P1": ("Ah Kh Qh 2h 9c Td 3h", "HI: a flush, Ace high"),
    "P2": ("As 4d 5c 8s Kc Kd 3c", "HI: a pair of Kings; LO: 8,5,4,3,A"),
    "P3": ("Jc Js 7d Jd 6s Qs Ts", "HI: three of a kind, Jacks"),
}


def test_stud_hilo_halves_the_pot_and_the_odd_chip_goes_to_the_high_half() -> None:
    row, owed = _judged(_stud("stud", STUD8, {"P1": 17, "P2": 16}, hilo=True))
    assert row["not_judged"] is None and _flags(row) == {}
    assert owed == {"P1": 17, "P2": 16}  # 33: the odd chip to the high half (TDA 20-C)


def test_stud_hilo_odd_chip_to_the_low_half_is_a_pot_split() -> None:
    row, _ = _judged(_stud("stud", STUD8, {"P1": 16, "P2": 17}, hilo=True))
    assert set(_flags(row)) == {"pot_split"}
    assert "P1 17" in row["pot_split"] and "low: P2 8s 5c 4d 3c As (low)" in row["pot_split"]


def test_stud_hilo_without_a_low_the_high_hand_scoops() -> None:
    shown = {**STUD8, "P2": ("Ks 4d 5c 9s Kc Kd Qc", "HI: three of a kind, Kings")}
    row, owed = _judged(_stud("stud", shown, {"P1": 33}, hilo=True))
    assert _flags(row) == {} and owed == {"P1": 33}


def test_stud_high_a_wrong_winner_is_flagged() -> None:
    shown = {p: (cards, None) for p, (cards, _) in STUD8.items()}
    row, owed = _judged(_stud("stud", shown, {"P3": 33}))
    assert owed == {"P1": 33}  # stud high: the flush, the best five of seven
    assert set(_flags(row)) == {"showdown_winner"}
    assert "P3 collected 33 without a best hand" in row["showdown_winner"]


def test_a_stud_player_is_judged_with_the_common_card() -> None:
    """S-2: the deck ran short for 7th street; each player shows six own cards and the common
    card makes his seven (PokerStars 7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt)."""
    shown = {"P1": ("7s Qs 6c 7h 3s Qh", None), "P2": ("Jc 3h Kh 3d 8s 6s", None)}
    common = [Line(None, "board", "6h", "seventh", "up")]
    row, owed = _judged(_stud("stud", shown, {"P1": 22}, lines=common))
    assert row["not_judged"] is None and _flags(row) == {} and owed == {"P1": 22}
    row, _ = _judged(_stud("stud", shown, {"P2": 22}, lines=common))
    assert set(_flags(row)) == {"showdown_winner"}


def test_a_stud_player_showing_fewer_than_seven_is_not_judged() -> None:
    shown = {"P1": ("7s Qs 6c 7h 3s Qh", None), "P2": ("Jc 3h Kh 3d 8s 6s 2c", None)}
    row, _ = _judged(_stud("stud", shown, {"P2": 22}))
    assert row["not_judged"] == "cards of an eligible player not shown" and _flags(row) == {}


# --- 5 card stud: high, the five cards -------------------------------------------------------


def _five_card_stud(shown: dict[str, str], collects: dict[str, int]) -> Hand:
    """Two players of 5 card stud: antes 1, P2 brings in 3 on 2nd street, P1 completes to
    10, P2 calls, then checks to 5th street: a pot of 22."""
    plays = [
        ("second", "P2", "bring_in", 3),
        ("second", "P1", "complete", 10),
        ("second", "P2", "call", None),
        *_checks(("P1", "P2"), ("third", "fourth", "fifth")),
    ]
    lines = [Line(p, "shown", cards) for p, cards in shown.items()]
    return Hand("five_card_stud", {"P1": 500, "P2": 500}, plays, lines, collects)


def test_five_card_stud_high_is_the_five_cards_four_suited_are_no_flush() -> None:
    shown = {"P1": "9s 2d 9h 5c Kd", "P2": "Ac Kc Qc Jc 3d"}  # nines; ace high, four clubs
    row, owed = _judged(_five_card_stud(shown, {"P1": 22}))
    assert row["not_judged"] is None and _flags(row) == {} and owed == {"P1": 22}
    row, owed = _judged(_five_card_stud(shown, {"P2": 22}))
    assert owed == {"P1": 22} and set(_flags(row)) == {"showdown_winner"}


# --- razz ------------------------------------------------------------------------------------


def test_razz_the_wheel_wins_and_a_wrong_winner_is_flagged() -> None:
    shown = {
        "P1": ("Kd Qc 5s 4d 3c 2h Ah", "Lo: 5,4,3,2,A"),  # a suited wheel is no flush in razz
        "P2": ("6c 4c 3d 2d As Kc Kh", "Lo: 6,4,3,2,A"),
    }
    row, owed = _judged(_stud("razz", shown, {"P1": 22}))
    assert _flags(row) == {} and owed == {"P1": 22}
    row, _ = _judged(_stud("razz", shown, {"P2": 22}))
    assert set(_flags(row)) == {"showdown_winner"}
    assert "main pot: P1 5s 4d 3c 2h Ah (low)" in row["showdown_winner"]


def test_razz_tie_odd_chip_to_the_high_card_by_suit_ace_low() -> None:
    """Tied 7-5-3-2-A: the odd chip to the high card by suit of the winning five (S-7), the
    ace low in razz: P1's 7s, though P2 holds the ace of spades."""
    shown = {
        "P1": ("7s 5c 3c 2c Ac Kd Kh", "Lo: 7,5,3,2,A"),
        "P2": ("7h 5d 3d 2d As Qd Qh", "Lo: 7,5,3,2,A"),
        "P3": ("8s 8c 9c 9d Ts Td Js", None),
    }
    row, owed = _judged(_stud("razz", shown, {"P1": 17, "P2": 16}))
    assert owed == {"P1": 17, "P2": 16} and _flags(row) == {}
    row, _ = _judged(_stud("razz", shown, {"P1": 16, "P2": 17}))
    assert set(_flags(row)) == {"pot_split"}
    assert "odd chips not where odd_chip = high_card_suit puts them" in row["pot_split"]


# --- draw games ------------------------------------------------------------------------------


def test_deuce_to_seven_a_to_5_is_ace_high_not_a_straight() -> None:
    """A-2-3-4-5 is ace high in 2-7 (aces high only): it beats a pair, which a straight would
    not."""
    shown = {
        "P1": ("As 2c 3d 4h 5s", "Lo: A,5,4,3,2"),
        "P2": ("2h 2d 7c 5d 3s", "Lo: a pair of Deuces"),
    }
    row, owed = _judged(_draw("triple_draw_27", shown, {"P1": 20}))
    assert _flags(row) == {} and owed == {"P1": 20}
    row, _ = _judged(_draw("triple_draw_27", shown, {"P2": 20}))
    assert set(_flags(row)) == {"showdown_winner"}
    # single draw: the same values, one draw
    row, owed = _judged(_draw("single_draw_27", shown, {"P2": 20}))
    assert owed == {"P1": 20} and set(_flags(row)) == {"showdown_winner"}


def test_badugi_the_card_count_beats_the_ranks() -> None:
    shown = {"P1": ("Kc Qd Jh Ts", "Badugi: K,Q,J,T"), "P2": ("Ac 2d 3h 3s", "a 3-card: 3,2,A")}
    row, owed = _judged(_draw("badugi", shown, {"P1": 20}))
    assert _flags(row) == {} and owed == {"P1": 20}
    row, _ = _judged(_draw("badugi", shown, {"P2": 20}))
    assert set(_flags(row)) == {"showdown_winner"}
    assert "P1 Kc Qd Jh Ts (badugi)" in row["showdown_winner"]


def test_five_card_draw_is_high() -> None:
    shown = {"P1": ("2c 2d 7h 8s 9c", None), "P2": ("Ac Kd Qh Js 9s", None)}
    row, owed = _judged(_draw("five_card_draw", shown, {"P1": 20}))
    assert owed == {"P1": 20} and _flags(row) == {}
    row, _ = _judged(_draw("five_card_draw", shown, {"P2": 20}))
    assert set(_flags(row)) == {"showdown_winner"}


def test_a_draw_player_is_judged_on_his_hand_after_the_draws() -> None:
    """The hero's rows: the hand dealt, his discards, the kept and drawn cards: he holds the
    cards listed after their last discard (own_cards.held_at_end)."""
    hero = [
        Line("P2", "dealt", "Kh Th 3d 7c 2s", "predraw"),
        Line("P2", "discarded", "Kh Th", "first_draw"),
        Line("P2", "dealt", "3d 7c 2s 5c Qs", "first_draw"),
        Line("P2", "discarded", "Qs", "second_draw"),
        Line("P2", "dealt", "3d 7c 2s 5c 4h", "second_draw"),
    ]
    shown = {"P1": ("8d 6c 4s 3h 2c", "Lo: 8,6,4,3,2"), "P2": ("3d 7c 2s 5c 4h", "Lo: 7,5,4,3,2")}
    row, owed = _judged(_draw("triple_draw_27", shown, {"P2": 20}, lines=hero))
    assert row["not_judged"] is None and _flags(row) == {} and owed == {"P2": 20}


def test_draw_hands_audited_end_to_end() -> None:
    shown = {"P1": ("As 2c 3d 4h 5s", None), "P2": ("2h 2d 7c 5d 3s", None)}
    for game in ("triple_draw_27", "badugi", "single_draw_27", "five_card_draw"):
        cards = (
            shown
            if game != "badugi"
            else {"P1": ("Kc Qd Jh Ts", None), "P2": ("Ac 2d 3h 3s", None)}
        )
        # P1 wins each: ace high in 2-7, a badugi, the wheel in 5 card draw (high)
        for paid, expected in (("P1", []), ("P2", ["SHOWDOWN-WINNER"])):
            hands, seats, actions, table = built(_draw(game, cards, {paid: 20}))
            result = check(hands, seats, actions, rules=list(SHOWDOWN_CODES), cards=table)
            assert result.violations.get_column("code").to_list() == expected, (game, paid)


# --- C-3 CARD-COUNT and C-2 CARD-DUP without a board -----------------------------------------


@pytest.mark.parametrize(
    ("game", "shown", "lines", "expected"),
    [
        (
            "stud",
            "As 4d 5c 8s Kc Kd 3c 2c",
            [],
            "P1 shows 8 cards with the common card; stud deals 7",
        ),
        (
            "stud",
            "As 4d 5c 8s Kc Kd 3c",
            [Line(None, "board", "6h", "seventh")],
            "P1 shows 8 cards",
        ),
        (
            "stud",
            "As 4d 5c 8s Kc Kd",
            [Line(None, "board", "6h 7h", "seventh")],
            "the board has 2 common cards",
        ),
        (
            "triple_draw_27",
            "As 4d 5c 8s Kc Kd",
            [],
            "P1 holds 6 cards after the draws; triple_draw_27 deals 5",
        ),
        ("badugi", "As 4d 5c 8s Kc", [], "P1 holds 5 cards after the draws; badugi deals 4"),
    ],
)
def test_card_count_counts_the_game_s_cards(
    game: str, shown: str, lines: list[Line], expected: str
) -> None:
    other = "Qs Qd Qc Jh Jd Js 2d"[
        : 3 * (7 if game == "stud" else 5 if game != "badugi" else 4) - 1
    ]
    hands = {"P1": (shown, None), "P2": (other, None)}
    build = _stud if game == "stud" else _draw
    row, _ = _judged(build(game, hands, {"P2": 22}, lines=lines))
    assert expected in (row["card_count"] or ""), row
    assert row["not_judged"] == "card fault (C-1..C-3)"


def test_card_count_takes_fewer_cards_and_the_common_card_once() -> None:
    # a player who shows fewer than the game deals proves nothing; the common card listed
    # among a player's seven is one card (S-2)
    shown = {"P1": ("7s Qs 6c 7h 3s Qh 6h", None), "P2": ("Jc 3h Kh 3d 8s", None)}
    row, _ = _judged(_stud("stud", shown, {"P1": 22}, lines=[Line(None, "board", "6h", "seventh")]))
    assert row["card_count"] is None and row["card_dup"] is None


def test_card_dup_across_up_and_down_cards_of_two_stud_players() -> None:
    hands = {"P1": ("7s Qs 6c 7h 3s Qh 2c", None), "P2": ("Jc 3h Kh 3d 8s 6s 2c", None)}
    row, _ = _judged(_stud("stud", hands, {"P1": 22}))
    assert row["card_dup"] == "2c appears twice: P1 and P2"


HERO_DISCARDS = [
    Line("P2", "dealt", "Kh Th 3d 7c 2s", "predraw"),
    Line("P2", "discarded", "Kh Th", "first_draw"),
    Line("P2", "dealt", "3d 7c 2s 5c 4h", "first_draw"),
]


def test_a_discarded_card_seen_again_heads_up_is_a_dup() -> None:
    """Heads-up triple draw cannot use the whole deck (10 dealt + 2 x 5 x 3 drawn + 4 burns):
    the hero's discarded Kh in the villain's hand is a second Kh."""
    shown = {"P1": ("Kh 6c 4s 3h 2c", None), "P2": ("3d 7c 2s 5c 4h", None)}
    row, _ = _judged(_draw("triple_draw_27", shown, {"P2": 20}, lines=HERO_DISCARDS))
    assert row["card_dup"] == "Kh appears twice: P2 and P1"


def test_a_discard_dealt_back_to_the_same_player_heads_up_is_a_dup() -> None:
    back = [*HERO_DISCARDS, Line("P2", "discarded", "4h", "second_draw")]
    back.append(Line("P2", "dealt", "3d 7c 2s 5c Kh", "second_draw"))
    shown = {"P1": ("8d 6c 4s 3h 2c", None), "P2": ("3d 7c 2s 5c Kh", None)}
    row, _ = _judged(_draw("triple_draw_27", shown, {"P1": 20}, lines=back))
    assert row["card_dup"] == "Kh appears twice: discarded by P2 and P2 after the discard"


def test_a_discarded_card_seen_again_where_the_deck_may_run_out_is_no_dup() -> None:
    """Three players drawing at triple draw may use the whole deck (15 + 3 x 5 x 3 + 4 > 52):
    the discards are shuffled and dealt again, so the Kh proves nothing."""
    shown = {
        "P1": ("Kh 6c 4s 3h 2c", None),
        "P2": ("3d 7c 2s 5c 4h", None),
        "P3": ("9d 8c 6s 5h 3c", None),
    }
    row, owed = _judged(_draw("triple_draw_27", shown, {"P2": 30}, lines=HERO_DISCARDS))
    assert row["card_dup"] is None and row["not_judged"] is None and owed == {"P2": 30}


# --- C-7 HAND-LABEL with the sites' low names ------------------------------------------------


def test_hand_label_reads_the_low_names() -> None:
    shown = {**STUD8, "P2": ("As 4d 5c 8s Kc Kd 3c", "HI: a pair of Kings; LO: 8,6,4,3,A")}
    row, _ = _judged(_stud("stud", shown, {"P1": 17, "P2": 16}, hilo=True))
    assert set(_flags(row)) == {"hand_label"}
    assert row["hand_label"] == (
        "P2: the log names 'HI: a pair of Kings; LO: 8,6,4,3,A' but his cards make "
        "eight-or-better low 8s 5c 4d 3c As (low)"
    )
    wrong = {"P1": ("8d 6c 4s 3h 2c", "Lo: 7,6,4,3,2"), "P2": ("9d 7c 4d 3d 2s", "Lo: 9,7,4,3,2")}
    row, _ = _judged(_draw("triple_draw_27", wrong, {"P1": 20}))
    assert "P1: the log names 'Lo: 7,6,4,3,2'" in row["hand_label"]
    no_low = {**STUD8, "P2": ("As 4d 5c 8s Kc Kd 3c", "HI: a pair of Kings")}
    row, _ = _judged(_stud("stud", no_low, {"P1": 17, "P2": 16}, hilo=True))
    assert "his cards make eight-or-better low" in row["hand_label"]


def test_the_board_games_keep_their_showdown_when_stud_hands_share_the_slice() -> None:
    """A mixed rotation's slice: a hold'em hand judged beside a stud hand, as alone."""
    from audit.testing import cards_from_vector, parse_example, tables_from_vector

    text = (
        "NL 50/100; stacks 5000 x3; button P3; ante 1\npreflop: P3 call, P1 call, P2 check\n"
        "flop: P1 check, P2 check, P3 check\nturn: P1 check, P2 check, P3 check\n"
        "river: P1 check, P2 check, P3 check\ncards: P1 Ad 2d; P2 As 3c; P3 7c 8c\n"
        "board: Kc Kd Qh Qs Jh\nsettle: collect P1 151; collect P2 152; pot 303; rake 0"
    )
    vector, _ = parse_example(text)
    holdem = (*tables_from_vector(vector, 7), cards_from_vector(vector, 7))
    alone = showdown(holdem[0], holdem[2], holdem[3])
    stud = built(_stud("stud", STUD8, {"P1": 17, "P2": 16}, hilo=True))
    both = [pl.concat([a, b], how="diagonal_relaxed") for a, b in zip(holdem, stud, strict=True)]
    mixed = showdown(both[0], both[2], both[3])
    assert mixed.hands.filter(pl.col("hand_key") == 7).to_dicts() == alone.hands.to_dicts()
    columns = alone.parts.columns
    got = mixed.parts.filter(pl.col("hand_key") == 7).select(columns)
    assert got.drop("chip_order").equals(alone.parts.drop("chip_order"))
    assert alone.hands.get_column("pot_split").item().startswith("odd chips not where")
