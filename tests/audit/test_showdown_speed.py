"""The showdown's speed shortcuts (docs/audit-speed.md, "Fifth round") give exactly what the
plain forms give: the sentences worded only for the hands a test names, the duplicate-card
places worded only for the hands where a card may repeat, and the check's showdown without
the cards' text columns.

The plain forms are the same functions run on every hand (monkeypatched in); the inputs are
the §11 vectors (flags of C-4, C-5 and C-6 among legal hands) and the same hands with every
collect given to another seat and a board card dealt again to a player (flags everywhere).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

import audit.showdown.deck
import audit.showdown.judge
from audit.examples import parse_example
from audit.options import Options
from audit.showdown.judge import SENTENCES, showdown
from audit.showdown.sentences import _worded
from audit.testing import cards_from_vector, tables_from_vector

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "showdown_vectors.json").read_text()
)["vectors"]


def _batch() -> tuple[pl.DataFrame, ...]:
    """Every vector as one hand of one batch (hand_key = its position)."""
    tables: list[list[pl.DataFrame]] = [[], [], [], []]
    for key, vector in enumerate(VECTORS):
        hand, _ = parse_example(vector["hand"])
        hand["id"] = vector["id"]
        for slot, frame in enumerate((*tables_from_vector(hand), cards_from_vector(hand))):
            tables[slot].append(frame.with_columns(hand_key=pl.lit(key, pl.Int64)))
    return tuple(pl.concat(frames, how="vertical_relaxed") for frames in tables)


def _mutated(actions: pl.DataFrame, cards: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Each collect moved one seat on; each hand's first shown card replaced by its river."""
    moved = pl.col("kind").cast(pl.String) == "collect"
    actions = actions.with_columns(
        seat=pl.when(moved).then(pl.col("seat") % 9 + 1).otherwise(pl.col("seat"))
    )
    river = cards.filter((pl.col("source") == "board") & (pl.col("street") == 3))
    river = river.group_by("hand_key").agg(again=pl.col("card").first())
    first_shown = (pl.col("source") == "shown") & (
        pl.int_range(pl.len()).over("hand_key", "source") == 0
    )
    cards = (
        cards.join(river, on="hand_key", how="left", maintain_order="left")
        .with_columns(
            card=pl.when(first_shown & pl.col("again").is_not_null())
            .then(pl.col("again"))
            .otherwise(pl.col("card"))
        )
        .drop("again")
    )
    return actions, cards


def _plain_sentences(players, parts, frame, hands, foreign):  # type: ignore[no-untyped-def]
    return _worded(players, parts, frame, hands, foreign)


def _sentences(tables: tuple[pl.DataFrame, ...], texts: bool = True) -> pl.DataFrame:
    hands, seats, actions, cards = tables
    result = showdown(hands, actions, cards, Options(), {}, seats, texts=texts).hands
    return result.select("hand_key", *SENTENCES).sort("hand_key")


@pytest.mark.parametrize("mutate", [False, True], ids=["vectors", "mutated"])
def test_shortcuts_match_the_plain_forms(mutate: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    hands, seats, actions, cards = _batch()
    if mutate:
        actions, cards = _mutated(actions, cards)
    tables = (hands, seats, actions, cards)
    fast = _sentences(tables)
    without_texts = _sentences(tables, texts=False)
    monkeypatch.setattr(audit.showdown.judge, "hand_sentences", _plain_sentences)
    monkeypatch.setattr(audit.showdown.deck, "_may_repeat", lambda rows: rows)
    plain = _sentences(tables)
    flagged = plain.filter(pl.any_horizontal(pl.col(name).is_not_null() for name in SENTENCES))
    assert flagged.height >= (20 if mutate else 10)  # the shortcuts have hands to skip and keep
    assert fast.equals(plain)
    assert without_texts.equals(plain)
    if mutate:
        assert plain["card_dup"].drop_nulls().len() >= 10


def _dup_message(paths: list[Path], hand_id: str) -> str:
    from audit import check
    from parsers import parse_paths

    parsed = parse_paths(paths)
    flags = check(parsed.hands, parsed.seats, parsed.actions, cards=parsed.cards).violations
    dup = flags.filter((pl.col("code") == "CARD-DUP") & (pl.col("hand_id") == hand_id))
    assert dup.height == 1
    return dup["message"].item()


def test_card_dup_names_the_first_card_seen_twice_whatever_the_batch() -> None:
    """bluff_master shows [4d 9s], the flop's and the turn's cards (the summary's board line
    comes later): the flag names the first card of the first line that shows a card twice (4d),
    holders in the log's order, whether the hand is audited with its file alone or in a batch
    with every sample file (which card was named depended on the rows kept by an unordered
    unique). The hand is sample_data's out-of-turn hand as first written, before its cards were
    made consistent (tests/sites/pokerstars/card-dup-board-twice.txt)."""
    from conftest import SAMPLE_DATA

    path = Path(__file__).parents[1] / "sites" / "pokerstars" / "card-dup-board-twice.txt"
    expected = "4d appears twice: bluff_master and board 1 flop"
    assert _dup_message([path], "203590000002") == expected
    assert _dup_message([SAMPLE_DATA, path], "203590000002") == expected
