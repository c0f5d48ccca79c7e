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

import audit.showdown.award
import audit.showdown.deck
import audit.showdown.judge
import audit.showdown.known
import audit.showdown.pots
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


# The seventh round's shortcuts (docs/audit-speed.md, "Seventh round"): each plain form is the
# code before it, swapped in for the shortcut.


def _plain_levels(players: pl.DataFrame) -> pl.DataFrame:
    return (
        players.filter(~pl.col("folded") & (pl.col("live") > 0))
        .select("hand_key", level="live")
        .unique()
        .sort("hand_key", "level")
        .with_columns(
            pot=pl.int_range(pl.len()).over("hand_key").cast(pl.Int32),
            floor=pl.col("level").shift(1, fill_value=0).over("hand_key"),
            n_pots=pl.len().over("hand_key").cast(pl.Int32),
        )
    )


def _plain_shares(parts: pl.DataFrame, group: list[str]) -> pl.DataFrame:
    return parts.with_columns(
        share=audit.showdown.award._shares(parts, group, "part_amount", "winner", "chip_order")
    )


def _plain_card_id(text: pl.Expr) -> pl.Expr:
    ranks = {char: index for index, char in enumerate("23456789TJQKA")}
    suits = {char: index for index, char in enumerate("cdhs")}
    rank = text.str.slice(0, 1).replace_strict(ranks, default=None, return_dtype=pl.Int16)
    suit = text.str.slice(1, 1).replace_strict(suits, default=None, return_dtype=pl.Int16)
    return pl.when(text.str.len_chars() == 2).then(rank * 4 + suit).cast(pl.UInt8)


def _plain_not_all_in(mucked: pl.DataFrame, money: pl.DataFrame, seats: Any) -> pl.DataFrame:
    mucked = mucked.select("hand_key", "seat")
    stacks = seats.select("hand_key", "seat", "stack")
    put_in = money.select("hand_key", "seat", put=pl.col("live") + pl.col("dead"))
    all_in = stacks.join(put_in, on=["hand_key", "seat"]).filter(
        pl.col("stack").is_not_null() & (pl.col("put") >= pl.col("stack"))
    )
    return mucked.join(all_in, on=["hand_key", "seat"], how="anti")


def _plain_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit.showdown.judge, "_judged_rows", lambda rows, shown: rows)
    monkeypatch.setattr(audit.showdown.judge, "not_all_in", _plain_not_all_in)
    monkeypatch.setattr(audit.showdown.known, "further_boards", lambda rows: True)
    monkeypatch.setattr(audit.showdown.known, "COUNT_EVERY_GAME", True)
    monkeypatch.setattr(audit.showdown.known, "card_id_expr", _plain_card_id)
    monkeypatch.setattr(audit.showdown.pots, "_levels", _plain_levels)
    monkeypatch.setattr(audit.showdown.award, "with_part_shares", _plain_shares)


def _in_order(frame: pl.DataFrame) -> pl.DataFrame:
    flat = [name for name, dtype in frame.schema.items() if not dtype.is_nested()]
    return frame.sort(flat, nulls_last=True)


def _every_output(tables: tuple[pl.DataFrame, ...]) -> list[pl.DataFrame]:
    hands, seats, actions, cards = tables
    judged = showdown(hands, actions, cards, Options(), {}, seats)
    return [_in_order(frame) for frame in (judged.hands, judged.parts, judged.players)]


def _batches() -> list[tuple[pl.DataFrame, ...]]:
    """The vectors as one batch, mutated, and each alone (a batch without a second board or
    an Omaha hand takes the shortcuts that skip their steps)."""
    whole = _batch()
    hands, seats, actions, cards = whole
    mutated = (hands, seats, *_mutated(actions, cards))
    alone = [
        tuple(frame.filter(pl.col("hand_key") == key) for frame in whole)
        for key in range(len(VECTORS))
    ]
    return [whole, mutated, *alone]


def test_seventh_round_shortcuts_match_the_plain_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    batches = _batches()
    fast = [_every_output(tables) for tables in batches]
    _plain_forms(monkeypatch)
    plain = [_every_output(tables) for tables in batches]
    assert sum(outputs[1].height for outputs in plain) >= 100  # pot parts to compare
    games = set(batches[0][0].get_column("game").to_list())
    assert {"holdem", "omaha4"} <= games  # both ways of counting the dealt cards are taken
    assert (batches[0][3].get_column("board").fill_null(1) > 1).any()  # a hand run twice
    for got, expected in zip(fast, plain, strict=True):
        for frame, plain_frame in zip(got, expected, strict=True):
            assert frame.schema == plain_frame.schema
            assert frame.equals(plain_frame)
