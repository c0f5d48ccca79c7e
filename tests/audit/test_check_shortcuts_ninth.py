"""The check's ninth-round shortcuts (docs/audit-speed.md, "Ninth round") give exactly what the
plain forms give. Most skip work whose input is absent from the slice (no deck problem, no
named hand, no ante, no pot-limit hand, no flag of the codes a link joins...), so a hand
audited inside a batch where those inputs are present elsewhere (the plain path) must get
what it gets audited in a small batch without them (the shortcuts): same violations, same
audited actions, same schemas. The inputs: every rule's two examples and the §11 showdown
vectors, one hand each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from audit import check
from audit.examples import example_sections, parse_example
from audit.rules import RULES
from audit.state.prepare import join_or_nulls
from audit.testing import cards_from_vector, tables_from_vector

SHOWDOWN_VECTORS = Path(__file__).parent / "showdown_vectors.json"


def _hands() -> list[dict[str, Any]]:
    vectors = []
    for rule in RULES.values():
        if rule.session_frame is not None:  # examples of several hands (audit/sessions)
            continue
        for text in example_sections(rule.doc).values():
            vectors.append(parse_example(text)[0])
    for vector in json.loads(SHOWDOWN_VECTORS.read_text())["vectors"]:
        hand, _ = parse_example(vector["hand"])
        hand["id"] = vector["id"]
        vectors.append(hand)
    return vectors


def _batch(vectors: list[dict[str, Any]]) -> list[pl.DataFrame]:
    """Every vector as one hand of one batch (hand_key = its position): hands, seats,
    actions, cards."""
    tables: list[list[pl.DataFrame]] = [[], [], [], []]
    for key, vector in enumerate(vectors):
        frames = (*tables_from_vector(vector), cards_from_vector(vector))
        for slot, frame in enumerate(frames):
            tables[slot].append(frame.with_columns(hand_key=pl.lit(key, pl.Int64)))
    return [pl.concat(frames, how="vertical_relaxed") for frames in tables]


def _audited(tables: list[pl.DataFrame]) -> tuple[pl.DataFrame, pl.DataFrame]:
    hands, seats, actions, cards = tables
    result = check(hands, seats, actions, cards=cards)
    return result.actions, result.violations


@pytest.fixture(scope="module")
def batch() -> list[pl.DataFrame]:
    return _batch(_hands())


@pytest.fixture(scope="module")
def audited(batch: list[pl.DataFrame]) -> tuple[pl.DataFrame, pl.DataFrame]:
    return _audited(batch)


def test_the_batch_takes_the_plain_paths(
    batch: list[pl.DataFrame], audited: tuple[pl.DataFrame, pl.DataFrame]
) -> None:
    """The batch holds what the shortcuts skip for: else the comparison proves nothing."""
    hands, _, actions, cards = batch
    _, violations = audited
    assert {"PL", "FL", "NL"} <= set(hands.get_column("structure").to_list())
    assert (actions.get_column("kind").cast(pl.String) == "post_ante").any()
    assert cards.get_column("label").is_not_null().any()
    codes = set(violations.get_column("code").to_list())
    assert {"STREET-ORDER", "ACT-FOLDED", "CARD-DUP", "HAND-LABEL", "POT-SPLIT"} <= codes
    assert violations.get_column("seq").is_null().any()  # hand-level flags to link
    assert violations.get_column("caused_by").is_not_null().any()


#: Hands per small batch: most small batches lack what the shortcuts skip for.
SMALL = 3


def test_small_batches_get_what_they_get_in_the_batch(
    batch: list[pl.DataFrame], audited: tuple[pl.DataFrame, pl.DataFrame]
) -> None:
    actions, violations = audited
    count = batch[0].height
    for start in range(0, count, SMALL):
        mine = pl.col("hand_key").is_between(start, start + SMALL - 1)
        small = [frame.filter(mine) for frame in batch]
        got_actions, got_violations = _audited(small)
        assert got_actions.schema == actions.schema
        assert got_actions.equals(actions.filter(mine)), start
        assert got_violations.schema == violations.schema
        assert got_violations.equals(violations.filter(mine)), start


@pytest.mark.parametrize("rows", [0, 2])
def test_join_or_nulls_is_the_left_join(rows: int) -> None:
    frame = pl.DataFrame({"hand_key": [1, 2, 3], "x": [10, 20, 30]})
    part = pl.DataFrame(
        {"hand_key": [3, 1], "text": ["c", None], "n": [7, 8]},
        schema={"hand_key": pl.Int64, "text": pl.String, "n": pl.Int32},
    ).head(rows)
    plain = frame.join(part, on="hand_key", how="left", maintain_order="left")
    joined = join_or_nulls(frame, part)
    assert joined.schema == plain.schema
    assert joined.equals(plain)
