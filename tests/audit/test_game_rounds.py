"""The betting state reads the game table (audit/state/game_rounds.py): the first round, the
last round, the fixed-limit unit and the first actor of each row come from the hand's game, not
from street numbers. Hold'em keeps its values; a draw game's rounds get theirs."""

from __future__ import annotations

import polars as pl
import pytest

from audit import check
from audit.options import Options
from audit.state import state_frame
from audit.testing import parse_example, tables_from_vector
from parsers.games import AFTER_BIG_BLIND, AFTER_BUTTON, SHOWDOWN, STREETS

HOLDEM = """FL 10/20 bets 20/40; stacks 1000 x3; button P3
preflop: P3 call, P1 call, P2 check
flop: P1 bet 20, P2 call, P3 call
turn: P1 bet 40, P2 call, P3 fold
river: P1 check, P2 check
settle: collect P1 200; pot 200; rake 0"""

#: The same betting in 2-7 triple draw: four rounds, the big bet from the second draw on.
DRAW = """FL 10/20 bets 20/40; stacks 1000 x3; button P3; game triple_draw_27
predraw: P3 call, P1 call, P2 check
first_draw: P1 bet 20, P2 call, P3 call
second_draw: P1 bet 40, P2 call, P3 fold
third_draw: P1 bet 40, P2 call
settle: collect P1 280; pot 280; rake 0"""


def _state(text: str, game: str | None = None) -> pl.DataFrame:
    vector, _ = parse_example(text)
    hands, seats, actions = tables_from_vector(vector)
    if game is not None:
        hands = hands.with_columns(pl.lit(game).alias("game"))
    state = state_frame(hands, seats, actions, Options(), None)
    return state.filter(~pl.col("is_sentinel")).sort("seq")


def _per_street(state: pl.DataFrame, column: str) -> dict[str, object]:
    rows = state.group_by("street").agg(pl.col(column).unique())
    return {STREETS[s]: sorted(v, key=str) for s, v in rows.iter_rows()}


def test_holdem_rounds_come_from_the_table() -> None:
    state = _state(HOLDEM)
    assert _per_street(state, "game_first_round") == {
        "preflop": [True], "flop": [False], "turn": [False], "river": [False],
        "showdown": [False],
    }  # fmt: skip
    assert _per_street(state, "game_last_round")["river"] == [True]
    assert _per_street(state, "fl_bet") == {
        "preflop": [20], "flop": [20], "turn": [40], "river": [40], "showdown": [40]
    }  # fmt: skip
    assert _per_street(state, "game_first_actor") == {
        "preflop": [AFTER_BIG_BLIND], "flop": [AFTER_BUTTON], "turn": [AFTER_BUTTON],
        "river": [AFTER_BUTTON], "showdown": [None],
    }  # fmt: skip
    settlement = state.filter(pl.col("street") == SHOWDOWN)
    assert settlement.get_column("game_round").is_null().all()


@pytest.mark.parametrize("game", ["omaha4", "unknown", "no-such-game"])
def test_other_board_games_and_unknown_names_read_hold_em_s_rounds(game: str) -> None:
    columns = ["street", "game_round", "game_first_round", "game_big_bet", "game_first_actor"]
    holdem = _state(HOLDEM).select(columns)
    assert _state(HOLDEM, game).select(columns).equals(holdem)


def test_a_draw_game_s_units_and_first_actors_are_its_rounds() -> None:
    state = _state(DRAW)
    assert _per_street(state, "fl_bet") == {
        "predraw": [20], "first_draw": [20], "second_draw": [40], "third_draw": [40],
        "showdown": [40],
    }  # fmt: skip
    assert _per_street(state, "game_round") == {
        "predraw": [0], "first_draw": [1], "second_draw": [2], "third_draw": [3], "showdown": [None]
    }  # fmt: skip
    first = state.filter(pl.col("is_betting")).group_by("street").agg(pl.col("player").first())
    assert dict(first.iter_rows()) == {  # after the big blind (P3), then after the button (P1)
        STREETS.index("predraw"): "P3",
        STREETS.index("first_draw"): "P1",
        STREETS.index("second_draw"): "P1",
        STREETS.index("third_draw"): "P1",
    }
    assert (
        state.filter(pl.col("is_betting"))
        .get_column("expected_seat")
        .equals(
            state.filter(pl.col("is_betting")).get_column("seat"),
            check_names=False,
            check_dtypes=False,
        )
    )


def test_the_draw_game_is_judged_by_its_rounds() -> None:
    """The same hand is clean in both games; cut after the second draw, ROUND-INCOMPLETE names
    the draw game's missing last round (hold'em's numbers would stop at the river)."""
    for text in (HOLDEM, DRAW):
        vector, _ = parse_example(text)
        assert check(*tables_from_vector(vector)).violations.height == 0
    cut = DRAW.replace("third_draw: P1 bet 40, P2 call\n", "").replace("280", "200")
    vector, _ = parse_example(cut)
    flags = check(*tables_from_vector(vector)).violations
    assert flags.get_column("code").to_list() == ["ROUND-INCOMPLETE"]
    assert "third_draw was never played" in flags.get_column("message").item()
