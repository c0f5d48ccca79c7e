"""The test-hand builder's two outputs cannot drift: a hand's PokerStars text (audit/testing/
pokerstars.py), parsed, gives the tables the builder writes for it (audit/testing/tables.py),
for every hand of one table the repo writes in the notation or as vectors: both examples of
every rule, the §11 showdown vectors, the worked vectors of rules_vectors.json, each as a
tournament's chips and as a cash game's cents. Only the line numbers differ (they are the
format's)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from conftest import VECTORS
from polars.testing import assert_frame_equal

from audit.rules import RULES
from audit.testing import (
    example_sections,
    hand,
    parse_example,
    pokerstars,
    pokerstars_hands,
    site_hand,
    tables,
)
from parsers import parse_bytes

SHOWDOWN_VECTORS = Path(__file__).parent / "showdown_vectors.json"
#: What the PokerStars writer refuses (ValueError naming it), and the least number of hands it
#: must write: a new refusal or a lost hand fails here.
REFUSED = (
    "live post or dead money",
    "final stacks",
    "the game",
    "the structure",
    "hi/lo hold'em",
    "a street after a later one",
    "an ante short",
    "without a seat line",
)
AT_LEAST_WRITTEN = 145


def _hands() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for code, rule in RULES.items():
        if rule.session_frame is None:  # the session rules' examples have several hands
            for label, text in example_sections(rule.doc).items():
                found[f"{code} {label}"] = parse_example(text)[0]
    for vector in json.loads(SHOWDOWN_VECTORS.read_text())["vectors"]:
        found[f"showdown {vector['id']}"] = parse_example(vector["hand"])[0]
    for vector in json.loads(VECTORS.read_text())["vectors"]:
        found[f"vector {vector['id']}"] = vector
    return found


HANDS = _hands()


def _written(name: str, currency: str = "chips") -> tuple[dict[str, Any], str] | None:
    """The hand `name` as PokerStars text: a tournament's chips, or a cash game's cents."""
    vector = site_hand(HANDS[name] | {"currency": currency}, hand_id=list(HANDS).index(name) + 1)
    try:
        return vector, pokerstars(vector)
    except ValueError as refused:
        assert any(what in str(refused) for what in REFUSED), refused
        return None


def _without_lines(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.drop("line_no", strict=False)


@pytest.mark.parametrize("currency", ["chips", "USD"])
@pytest.mark.parametrize("name", list(HANDS))
def test_the_text_parses_into_the_builders_tables(name: str, currency: str) -> None:
    written = _written(name, currency)
    if written is None:
        pytest.skip("PokerStars text cannot say this hand (REFUSED)")
    vector, text = written
    parsed = parse_bytes(text.encode(), vector["source_file"], 0)
    assert parsed.quarantine.is_empty(), (parsed.quarantine["reason"].to_list(), text)
    expected = tables(vector)
    for table in ("hands", "seats", "actions", "cards"):
        got = getattr(parsed, table).sort(pl.all())
        want = getattr(expected, table).sort(pl.all())
        assert_frame_equal(_without_lines(got), _without_lines(want), check_dtypes=False)


def test_most_hands_are_written_and_every_refusal_is_named() -> None:
    refused = Counter(name.split()[0] for name in HANDS if _written(name) is None)
    written = len(HANDS) - sum(refused.values())
    assert written >= AT_LEAST_WRITTEN, (written, refused)


def test_a_log_of_several_hands_parses_hand_by_hand() -> None:
    vectors = [site_hand(HANDS[name], hand_id=i + 1) for i, name in enumerate(list(HANDS)[:6])]
    parsed = parse_bytes(pokerstars_hands(vectors).encode(), "hands.txt", 0)
    assert parsed.hands["hand_id"].to_list() == [str(i + 1) for i in range(6)]


def test_a_cash_hand_is_written_in_its_currency() -> None:
    vector = site_hand(
        hand(
            "NL 5/10; stacks 1000 x3; button P3\npreflop: P3 raise 30, P1 fold, P2 fold\n"
            "settle: return P3 20; collect P3 25; pot 25; rake 0",
            currency="USD",
        )
    )
    text = pokerstars(vector)
    assert "($0.05/$0.10 USD)" in text and "Seat 1: P1 ($10 in chips)" in text
    assert "P3: raises $0.20 to $0.30" in text and "Uncalled bet ($0.20) returned to P3" in text
    parsed = parse_bytes(text.encode(), "hands.txt", 0)
    assert parsed.hands.select("currency", "unit", "scale", "is_tournament").row(0) == (
        "USD",
        "cents",
        100,
        False,
    )


def test_what_the_format_cannot_say_is_refused() -> None:
    vector = site_hand(hand("NL 50/100; stacks 5000 x2; button P2\npreflop: P2 fold", game="razz"))
    with pytest.raises(ValueError, match="cannot say"):
        pokerstars(vector)
