"""The check's tenth-round shortcuts (docs/audit-speed.md, "Tenth round") give exactly what the
plain forms give: the showdown's player money and the sessions step's hand facts read from the
betting state's per-seat group-by (`player_flows`) instead of grouping the actions again, and
the end stacks added to the seats by position when their keys are the seats' own.

Inputs: every file of sample_data/ as one batch, and every rule's two examples with the §11
showdown vectors as one batch (void rows, folds, antes, posts of both blinds, walks).
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from audit import check
from audit.engine import _frame
from audit.examples import example_sections, parse_example
from audit.options import load_options
from audit.rules import RULES
from audit.sessions.ends import END_STACK, with_end_stacks
from audit.sessions.facts import facts_from_flows, hand_facts
from audit.showdown.pots import money_from_flows, player_money
from audit.state.build import state_frame
from audit.state.settlement import INPUTS, player_flows
from audit.testing import tables_from_vector
from parsers import parse_paths

ROOT = Path(__file__).resolve().parents[2]
SHOWDOWN_VECTORS = Path(__file__).parent / "showdown_vectors.json"

#: Void rows the shortcuts must treat as the plain forms do: the all-in player's fold is void
#: (his seat folds only there), and a folded player's flop bet is void (the hand still ended
#: preflop: its only betting after preflop is void).
VOID_HANDS = (
    "NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3\n"
    "preflop: P3 raise 500, P1 fold, P2 call\nflop: P2 check, P3 fold, P2 check",
    "NL 50/100; stacks 5000 x3; button P3\npreflop: P3 raise 300, P1 fold, P2 fold\n"
    "flop: P1 bet 100",
)


def _vector_batch() -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Every rule example and §11 vector as one hand of one batch: hands, seats, actions."""
    vectors = []
    for rule in RULES.values():
        if rule.session_frame is None:  # the session rules' examples have several hands
            vectors += [parse_example(text)[0] for text in example_sections(rule.doc).values()]
    for vector in json.loads(SHOWDOWN_VECTORS.read_text())["vectors"]:
        vectors.append(parse_example(vector["hand"])[0])
    vectors += [parse_example(text)[0] for text in VOID_HANDS]
    tables: list[list[pl.DataFrame]] = [[], [], []]
    for key, vector in enumerate(vectors):
        for slot, frame in enumerate(tables_from_vector(vector)[:3]):
            tables[slot].append(frame.with_columns(hand_key=pl.lit(key, pl.Int64)))
    hands, seats, actions = (pl.concat(frames, how="vertical_relaxed") for frames in tables)
    return hands, seats, actions


def _sample_batch() -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    parsed = parse_paths([ROOT / "sample_data"])
    return parsed.hands, parsed.seats, parsed.actions


@pytest.fixture(scope="module", params=["vectors", "sample_data"])
def batch(request: pytest.FixtureRequest) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    found = _vector_batch() if request.param == "vectors" else _sample_batch()
    return tuple(
        _frame(frame, name)
        for frame, name in zip(found, ("hands", "seats", "actions"), strict=True)
    )


@pytest.fixture(scope="module")
def flows(batch: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]) -> pl.DataFrame:
    default, per_site = load_options(None)
    return player_flows(state_frame(*batch, default, per_site).select(INPUTS))


def _in_key_order(frame: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    return frame.sort(keys, nulls_last=True)


def test_the_batches_hold_what_the_shortcuts_read(
    request: pytest.FixtureRequest,
    batch: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame],
    flows: pl.DataFrame,
) -> None:
    """Folds, returns, collects and both blinds in each batch; void rows and antes in the
    vectors (else the comparisons below prove little)."""
    kinds = set(batch[2].get_column("kind").cast(pl.String).to_list())
    assert {"fold", "uncalled_return", "collect", "post_sb", "post_bb"} <= kinds
    assert flows.get_column("fold_logged").any() and flows.get_column("plays").any()
    if request.node.callspec.params["batch"] == "vectors":
        assert "post_ante" in kinds
        assert (flows.get_column("fold_logged") & ~flows.get_column("_folded")).any()


def test_money_from_flows_is_player_money(
    batch: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame], flows: pl.DataFrame
) -> None:
    plain = player_money(batch[2])
    shortcut = money_from_flows(flows)
    assert shortcut.schema == plain.schema
    keys = ["hand_key", "seat"]
    assert _in_key_order(shortcut, keys).equals(_in_key_order(plain, keys))


def test_facts_from_flows_are_the_hand_facts(
    batch: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame], flows: pl.DataFrame
) -> None:
    hands, seats, actions = batch
    audited = check(hands, seats, actions).actions
    plain = hand_facts(audited.lazy()).collect()
    shortcut = facts_from_flows(flows)
    assert shortcut.schema == plain.schema
    assert _in_key_order(shortcut, ["hand_key"]).equals(_in_key_order(plain, ["hand_key"]))
    assert plain.get_column("ended_preflop").any() and not plain.get_column("ended_preflop").all()


def _joined(seats: pl.DataFrame, ends: pl.DataFrame) -> pl.DataFrame:
    """with_end_stacks' plain form: the left join of each key's first end stack."""
    keyed = ends.unique(["hand_key", "seat"], keep="first")
    return seats.join(keyed, on=["hand_key", "seat"], how="left", maintain_order="left")


@pytest.mark.parametrize(
    "change",
    ["none", "reversed", "duplicate seat", "null seat", "one seat off", "one row short"],
)
def test_end_stacks_by_position_are_the_join(
    batch: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame], change: str
) -> None:
    """The seats as the check returns their end stacks (one per seat row, in order) and with
    the changes that must take the join: the result is the join's either way."""
    hands, seats, actions = batch
    seats = seats.sort("hand_key", "seat")
    ends = check(hands, seats, actions).end_stacks
    assert ends is not None and ends.get_column(END_STACK).is_not_null().any()
    if change == "reversed":
        seats = seats.reverse()
    elif change == "duplicate seat":
        seats = pl.concat([seats, seats.head(1)]).sort("hand_key", "seat")
    elif change == "null seat":
        seats = seats.with_columns(
            seat=pl.when(pl.int_range(pl.len()) == 3).then(None).otherwise(pl.col("seat"))
        )
    elif change == "one seat off":
        ends = ends.with_columns(seat=pl.col("seat") + (pl.int_range(pl.len()) == 5))
    elif change == "one row short":
        ends = ends.head(ends.height - 1)
    assert with_end_stacks(seats, ends).equals(_joined(seats, ends))
