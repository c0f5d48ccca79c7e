"""The check's shortcuts of issue #18 give exactly what the plain forms they replaced give
(docs/audit-speed.md, sixth round): a rule's computed columns evaluated on its `computes_on`
rows alone, the per-hand settled facts read from the player table, and the player table's full
joins on one folded key."""

from __future__ import annotations

import random

import polars as pl
import pytest
from conftest import SAMPLE_DATA
from parse_samples import hand, parse_text

from audit import Options
from audit.assemble import with_rule_columns
from audit.engine import _frame
from audit.examples import example_sections, parse_example
from audit.rules import RULES
from audit.state.build import state_frame
from audit.state.passes import active
from audit.state.prepare import MAX_FOLDED_HAND_KEY, full_join_players
from audit.state.settlement import INPUTS, hand_frame, player_table
from audit.testing import tables_from_vector

ANTE_AND_BLIND = hand(
    "Seat 1: Ann (1500 in chips)\nSeat 2: Bob (1500 in chips)\nSeat 3: Cid (30 in chips)\n"
    "Bob: posts small blind 20\nCid: posts big blind 20\nAnn: posts the ante 10\n"
    "Bob: posts the ante 10\nCid: posts the ante 10 and is all-in\n"
    "*** HOLE CARDS ***\nAnn: folds\nBob: calls 10\n*** FLOP *** [2c 7d Jh]\n"
    "*** TURN *** [2c 7d Jh] [Qs]\n*** RIVER *** [2c 7d Jh Qs] [3d]\n*** SHOW DOWN ***\n"
    "Bob: shows [Ah Ad]\nCid: shows [Kc Kd]\nBob collected 90 from pot\n*** SUMMARY ***\n"
    "Total pot 90 | Rake 0\n",
    header="PokerStars Hand #2001: Tournament #77, $1+$0.10 USD Hold'em No Limit - "
    "Level III (20/40) - 2014/01/06 13:21:05 ET",
    table="Table '77 1' 9-max Seat #1 is the button",
)


def _states() -> list[tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]]:
    """(state, hands, seats) of sample_data, every rule's two examples and a short stack
    owing an ante and a blind."""
    from parsers import parse_paths

    tables = []
    for parsed in (parse_paths([SAMPLE_DATA]), parse_text(ANTE_AND_BLIND)):
        tables.append((parsed.hands, parsed.seats, parsed.actions))
    for rule in RULES.values():
        if rule.session_frame is not None:  # examples of several hands (audit/sessions)
            continue
        for text in example_sections(rule.doc).values():
            vector, _ = parse_example(text)
            tables.append(tables_from_vector(vector))
    states = []
    for hands, seats, actions in tables:
        hands, seats = _frame(hands, "hands"), _frame(seats, "seats")
        actions = _frame(actions, "actions")
        if actions.height:
            states.append((state_frame(hands, seats, actions, Options(), None), hands, seats))
    return states


@pytest.fixture(scope="module")
def states() -> list[tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]]:
    return _states()


def test_columns_computed_on_their_rows_match_the_whole_state(states) -> None:  # type: ignore[no-untyped-def]
    restricted = [rule for rule in RULES.values() if rule.computes_on is not None]
    assert restricted
    computed = 0
    for state, _, _ in states:
        for rule in restricted:
            got = with_rule_columns(state, [rule])
            plain = state.with_columns(**rule.computes)
            assert got.equals(plain), rule.code
            computed += sum(got.height - got.get_column(c).null_count() for c in rule.computes)
    assert computed > 100


def _plain_settled_hands(state: pl.DataFrame) -> pl.DataFrame:
    """The per-hand group_by over the real rows that the player table's facts replaced."""
    real = state.filter(~pl.col("is_sentinel"))
    folded = pl.col("seat").filter(active() & pl.col("is_fold")).n_unique()
    return (
        real.group_by("hand_key")
        .agg(
            settled=pl.col("is_collect").any(),
            players_left=pl.col("n_dealt").first() - folded,
            keeps_uncalled=pl.col("opt_uncontested_pot_keeps_uncalled").first(),
            returns_whole=pl.col("opt_uncontested_returns_whole_wager").first(),
        )
        .filter(pl.col("settled"))
    )


def test_settled_facts_from_the_player_table_match_the_group_by_over_the_rows(states) -> None:  # type: ignore[no-untyped-def]
    columns = ["hand_key", "settled", "players_left", "keeps_uncalled", "returns_whole"]
    left = 0
    for state, hands, seats in states:
        players = player_table(state.select(INPUTS), hands, seats)
        got = hand_frame(state, hands, seats, players).select(columns).sort("hand_key")
        plain = _plain_settled_hands(state).join(hands.select("hand_key"), on="hand_key")
        assert got.equals(plain.select(columns).sort("hand_key"))
        left += got.filter(pl.col("players_left") < pl.col("hand_key").len()).height
    assert left > 0


def _players(seed: int, hand_offset: int, extra: str) -> pl.DataFrame:
    rng = random.Random(seed)
    rows = [
        (hand_offset + rng.randrange(60), rng.choice([None, -1, *range(1, 10)]), rng.randrange(99))
        for _ in range(300)
    ]
    frame = pl.DataFrame(
        rows, schema={"hand_key": pl.Int64, "seat": pl.Int16, extra: pl.Int64}, orient="row"
    )
    return frame.unique(["hand_key", "seat"], keep="first", maintain_order=True)


@pytest.mark.parametrize("hand_offset", [0, -(1 << 40), MAX_FOLDED_HAND_KEY - 30])
@pytest.mark.parametrize("seed", range(3))
def test_full_join_on_the_folded_key_matches_the_two_key_join(seed: int, hand_offset: int) -> None:
    """prepare.full_join_players against the two-key full join (rows compared in key order:
    neither defines one), with null seats and hand keys on both sides of the folding limit."""
    left, right = _players(seed, hand_offset, "a"), _players(seed + 10, hand_offset, "b")
    got = full_join_players(left, right)
    plain = left.join(right, on=["hand_key", "seat"], how="full", coalesce=True)
    order = ["hand_key", "seat", "a", "b"]
    assert got.columns == plain.columns
    assert got.sort(order, nulls_last=True).equals(plain.sort(order, nulls_last=True))
    assert got.filter(pl.col("a").is_not_null() & pl.col("b").is_not_null()).height > 20
    assert got.filter(pl.col("seat").is_null()).height > 2
