"""The pots the showdown judge built, kept for the hands a C-4, C-5 or C-6 sentence flags.

The check judges every shown hand once (audit/showdown/judge.py); the report's pot breakdown
(reports/showdown_view.py) shows the pots and shares a flag was raised on, so the check keeps
them for the flagged hands (a few per thousand) instead of the report judging them again:

* `pots`: one row per (hand, pot, board, half, eligible seat) of a flagged hand: the player's
  hole cards, board and best five as text, his hand class, whether he wins the part, his share
  and the part's order of the odd chips (POT_COLUMNS);
* `payouts`: one row per (hand, seat) of a flagged hand: what he is owed by the pots he is in
  against what the log paid him (PAYOUT_COLUMNS; `exact`: the shares are judged exactly,
  `slack`: the odd chips a site's rake may move).

Amounts are in the hand's unit (hands.scale), as every amount of the audit.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import cards_text_expr

#: The sentences whose hands keep their pots (audit/showdown/judge.py SENTENCES).
FLAGGING_SENTENCES = ("showdown_winner", "pot_split", "side_pot")

POT_COLUMNS = pl.Schema(
    {
        "hand_key": pl.Int64,
        "pot": pl.Int32,
        "board": pl.Int64,
        "half": pl.String,
        "seat": pl.Int16,
        "player": pl.String,
        "pot_amount": pl.Int64,
        "part_amount": pl.Int64,
        "n_boards": pl.Int8,
        "has_low": pl.Boolean,
        "hole_text": pl.String,
        "board_text": pl.String,
        "five_text": pl.String,
        "high_class": pl.String,
        "winner": pl.Boolean,
        "chip_order": pl.Int64,
        "share": pl.Int64,
    }
)
PAYOUT_COLUMNS = pl.Schema(
    {
        "hand_key": pl.Int64,
        "seat": pl.Int16,
        "player": pl.String,
        "folded": pl.Boolean,
        "eligible_total": pl.Int64,
        "owed": pl.Int64,
        "collected": pl.Int64,
        "slack": pl.Int64,
        "exact": pl.Boolean,
    }
)


def empty_pots() -> pl.DataFrame:
    return pl.DataFrame(schema=POT_COLUMNS)


def empty_payouts() -> pl.DataFrame:
    return pl.DataFrame(schema=PAYOUT_COLUMNS)


def _texts(parts: pl.DataFrame) -> pl.DataFrame:
    """The cards as text (the judge words only what it flags: `showdown(texts=False)`)."""
    names = parts.columns
    return parts.with_columns(
        hole_text=cards_text_expr(pl.col("hole")) if "hole" in names else pl.lit(None),
        board_text=cards_text_expr(pl.col("cards")) if "cards" in names else pl.lit(None),
        five_text=cards_text_expr(pl.col("five")) if "five" in names else pl.lit(None),
    )


def _in_schema(frame: pl.DataFrame, schema: pl.Schema) -> pl.DataFrame:
    return frame.select(
        (pl.col(name) if name in frame.columns else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in schema.items()
    )


def judged_pots(
    sentences: pl.DataFrame, parts: pl.DataFrame, players: pl.DataFrame
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(pots, payouts) of the hands among `sentences` (the judge's per-hand rows) that a
    FLAGGING_SENTENCES sentence flags, from the judge's `parts` and `players`."""
    present = [name for name in FLAGGING_SENTENCES if name in sentences.columns]
    if not present:
        return empty_pots(), empty_payouts()
    flagged = sentences.filter(pl.any_horizontal(pl.col(present).is_not_null()))
    if flagged.is_empty():
        return empty_pots(), empty_payouts()
    keys = flagged.get_column("hand_key").implode()
    mine = pl.col("hand_key").is_in(keys)
    pots = _texts(parts.filter(mine)).sort("hand_key", "pot", "board", "half", "chip_order")
    payouts = players.filter(mine).sort("hand_key", "seat")
    return _in_schema(pots, POT_COLUMNS), _in_schema(payouts, PAYOUT_COLUMNS)
