"""Every fast form gives exactly what its plain form in audit/reference gives.

One parametrised test over audit.reference.REFERENCES and the sources of each pair's inputs
(tests/reference_inputs.py): random frames, sample_data with the rule examples and the §11
vectors, generated hands, and the real corpus (skipped where ../shared is absent). Then the
inputs are shown to hold what the fast forms skip for (else the comparison proves little), and
the shortcuts that skip what a slice lacks are held to the same hands audited in a batch that
has it.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest
import reference_batches as batches
import reference_inputs as made
from conftest import CORPUS

from audit import check
from audit.reference import REFERENCES, Pair
from parsers.games import GAMES

BOARD_GAMES = tuple(name for name, game in GAMES.items() if game.family == "board")

CASES = [
    pytest.param(pair, source, id=f"{pair.name}-{source}")
    for pair in REFERENCES
    for source in made.sources(pair.takes)
]


def _tables(found: Any) -> tuple[pl.DataFrame, ...]:
    return found if isinstance(found, tuple) else (found,)


def _in_key_order(frame: pl.DataFrame) -> pl.DataFrame:
    flat = [name for name, dtype in frame.schema.items() if not dtype.is_nested()]
    return frame.sort(flat, nulls_last=True)


def _rows(found: Any) -> int:
    return sum(table.height for table in _tables(found))


def _board_games(args: tuple[Any, ...], source: str) -> tuple[Any, ...]:
    """`args` with every frame keyed by hand cut to the hands of board games (Pair
    `board_games_only`)."""
    hands = batches.batch(source).hands
    board = hands.filter(pl.col("game").is_in(list(BOARD_GAMES))).get_column("hand_key")
    return tuple(
        arg.filter(pl.col("hand_key").is_in(board.implode()))
        if isinstance(arg, pl.DataFrame) and "hand_key" in arg.columns
        else arg
        for arg in args
    )


@pytest.mark.parametrize(("pair", "source"), CASES)
def test_the_fast_form_is_the_plain_form(pair: Pair, source: str) -> None:
    if source == "real" and not CORPUS.exists():
        pytest.skip(f"{CORPUS} is absent: the real hands are read from ../shared")
    compared = 0
    for args in made.inputs(pair.takes, source):
        if pair.board_games_only and source != "random":
            args = _board_games(args, source)
        fast, plain = _tables(pair.fast(*args)), _tables(pair.plain(*args))
        assert len(fast) == len(plain)
        for got, expected in zip(fast, plain, strict=True):
            if pair.unordered:
                got, expected = _in_key_order(got), _in_key_order(expected)
            assert got.schema == expected.schema
            assert got.equals(expected), pair.name
        compared += _rows(plain)
    if source in ("random", "samples"):  # the inputs made to exercise every form
        assert compared > 0, f"{pair.name} compared no row"


def test_the_samples_hold_what_the_fast_forms_skip_for() -> None:
    """Both structures' paths, antes, void rows, named hands, second boards, Omaha, cards
    shown twice, flags linked to their causes and hand-level flags."""
    b = batches.batch("samples")
    assert {"PL", "FL", "NL"} <= set(b.hands.get_column("structure").to_list())
    assert {"holdem", "omaha4"} <= set(b.hands.get_column("game").to_list())
    kinds = set(b.actions.get_column("kind").cast(pl.String).to_list())
    assert {"post_ante", "fold", "uncalled_return", "collect", "post_sb", "post_bb"} <= kinds
    assert b.cards.get_column("label").is_not_null().any()
    assert (b.cards.get_column("board").fill_null(1) > 1).any()
    state = batches.frames("samples").state
    assert state.get_column("void").any() and state.get_column("fl_counts").any()
    flows = batches.frames("samples").flows
    assert (flows.get_column("fold_logged") & ~flows.get_column("_folded")).any()
    violations = batches.audited("samples").violations
    codes = set(violations.get_column("code").to_list())
    expected = {"STREET-ORDER", "ACT-FOLDED", "CARD-DUP", "HAND-LABEL", "POT-SPLIT"}
    assert expected | {"ROUND-INCOMPLETE", "SHOWDOWN-WINNER"} <= codes
    assert violations.get_column("seq").is_null().any()  # hand-level flags to link
    assert violations.get_column("caused_by").is_not_null().any()


def _audit(tables: tuple[pl.DataFrame, ...]) -> Any:
    hands, seats, actions, cards = tables
    return check(hands, seats, actions, cards=cards)


#: Hands per small batch: most small batches lack what the shortcuts skip for.
SMALL = 3


def test_a_hand_gets_the_same_audit_in_a_small_batch() -> None:
    """The check's shortcuts that skip work a slice lacks the input for (no deck problem, no
    named hand, no ante, no pot-limit hand, no flag of the codes a link joins...): the vector
    hands audited three at a time get what they get in the batch that has those inputs."""
    vectors = batches.vector_batch()
    whole = _audit(vectors.tables)
    count = vectors.hands.height
    for start in range(0, count, SMALL):
        mine = pl.col("hand_key").is_between(start, start + SMALL - 1)
        small = _audit(tuple(table.filter(mine) for table in vectors.tables))
        assert small.actions.schema == whole.actions.schema
        assert small.actions.equals(whole.actions.filter(mine)), start
        assert small.violations.schema == whole.violations.schema
        assert small.violations.equals(whole.violations.filter(mine)), start
