"""The pots of a shown hand flagged C-4 SHOWDOWN-WINNER, C-5 POT-SPLIT or C-6 SIDE-POT (RULES.md
§11, issue #15): each pot with its amount, its eligible players, each one's hole cards, best five
cards (and low in hi/lo) and what he should receive, and per player what he should receive
against what the log paid him.

The pots are those the audit judged when it raised the flag (audit/judged.py: the run's
pots.parquet, one row per hand, pot, board, half and eligible seat, and payouts.parquet, one
row per hand and seat), read for the flagged hands only and shaped into lists of structs by
group_bys: no loop over hands, and no second judgement that could differ from the first.
"""

from __future__ import annotations

import polars as pl

from audit.tables import AuditedTables
from reports.columns import decimal_amount

#: The codes whose hands get the pots breakdown.
BREAKDOWN_CODES: tuple[str, ...] = ("SHOWDOWN-WINNER", "POT-SPLIT", "SIDE-POT")


def breakdown_keys(violations: pl.LazyFrame, keys: pl.Series) -> pl.Series:
    """The shown hands with a C-4, C-5 or C-6 flag."""
    wanted = pl.col("hand_key").is_in(keys.implode()) & pl.col("code").is_in(BREAKDOWN_CODES)
    flagged = violations.filter(wanted).select("hand_key").unique().collect()
    return flagged.get_column("hand_key")


def _pot_label() -> pl.Expr:
    """The pot's name: main pot, side pot 2; with " · board 2" (run it twice), " · low half"."""
    pot = (
        pl.when(pl.col("pot") == 0)
        .then(pl.lit("main pot"))
        .otherwise(pl.concat_str(pl.lit("side pot "), pl.col("pot").cast(pl.String)))
    )
    board = pl.when(pl.col("n_boards") > 1).then(
        pl.concat_str(pl.lit(" · board "), pl.col("board").cast(pl.String))
    )
    half = pl.when(pl.col("has_low")).then(pl.concat_str(pl.lit(" · "), "half", pl.lit(" half")))
    return pl.concat_str(pot, board.fill_null(""), half.fill_null(""))


def _hand_class() -> pl.Expr:
    """The evaluated hand in words: "full house"; in a low half "low", or "no low" for a hand
    without five distinct ranks 8 or lower."""
    high = pl.col("high_class").cast(pl.String).str.replace_all("_", " ")
    low = pl.when(pl.col("five_text").is_null()).then(pl.lit("no low")).otherwise(pl.lit("low"))
    return pl.when(pl.col("half") == "low").then(low).otherwise(high).fill_null("")


def _pot_rows(parts: pl.DataFrame) -> pl.DataFrame:
    """Per hand, its pot parts in order, each with its eligible players (winners first)."""
    player = pl.struct(
        "seat",
        "player",
        pl.col("hole_text").alias("hole"),
        pl.col("five_text").fill_null("").alias("five"),
        _hand_class().alias("hand"),
        "winner",
        decimal_amount("share").alias("share"),
    )
    per_part = (
        parts.with_columns(label=_pot_label())
        .sort("hand_key", "pot", "board", "half", ~pl.col("winner"), "chip_order")
        .group_by("hand_key", "pot", "board", "half", maintain_order=True)
        .agg(
            pl.col("label").first(),
            decimal_amount(pl.col("pot_amount").first(), pl.col("scale").first()).alias("amount"),
            decimal_amount(pl.col("part_amount").first(), pl.col("scale").first()).alias("part"),
            (pl.col("part_amount").first() != pl.col("pot_amount").first()).alias("is_part"),
            pl.col("board_text").first().alias("board_cards"),
            pl.col("player").filter(pl.col("winner")).str.join(", ").alias("winners"),
            player.alias("players"),
        )
    )
    return per_part.group_by("hand_key", maintain_order=True).agg(
        pl.struct(pl.exclude("hand_key", "pot", "board", "half")).alias("pots")
    )


def _differs() -> pl.Expr:
    """Paid other than owed, as the judge compares them (audit/showdown/judge.py): exactly
    where nothing was deducted (the shares are the payouts); where the log paid out less than
    the pots (`exact` false) outside the bounds that hold whatever way the site takes its rake
    (a chip or two per part won above, the whole deduction below), or paid without a share, or a
    share unpaid."""
    paid, owed = pl.col("collected"), pl.col("owed")
    deducted = pl.col("deducted").clip(lower_bound=0)
    outside = (paid > owed + pl.col("slack")) | (paid < owed - pl.col("slack") - deducted)
    return (
        pl.when(pl.col("exact")).then(paid != owed).otherwise(outside | ((paid > 0) != (owed > 0)))
    )


def _totals(parts: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, pots_total, paid_total, deducted): the pots built from the commitments, what
    the log paid out of them, the difference (the rake, where the log paid less)."""
    pots = (
        parts.unique(["hand_key", "pot"])
        .group_by("hand_key")
        .agg(pots_total=pl.col("pot_amount").sum())
    )
    paid = players.group_by("hand_key").agg(paid_total=pl.col("collected").sum())
    return pots.join(paid, on="hand_key", how="left").with_columns(
        deducted=pl.col("pots_total") - pl.col("paid_total").fill_null(0)
    )


def _outside_the_pot(actions: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, outside): a player's cash-out rows in words, "cash-out 0.70 from the
    site, 2.32 to the site" (a pot he won kept by the site, a premium), null without any."""
    rows = actions.filter(pl.col("kind").cast(pl.String) == "cash_out")
    amount = pl.col("amount").fill_null(0)
    per_seat = rows.group_by("hand_key", "seat").agg(
        received=amount.filter(amount > 0).sum(),
        handed=(-amount).filter(amount < 0).sum(),
        scale=pl.col("scale").first(),
    )
    scale = pl.col("scale")
    received = pl.when(pl.col("received") > 0).then(
        pl.concat_str(
            pl.lit("cash-out "), decimal_amount("received", scale), pl.lit(" from the site")
        )
    )
    handed = pl.when(pl.col("handed") > 0).then(
        pl.concat_str(decimal_amount("handed", scale), pl.lit(" to the site"))
    )
    return per_seat.select(
        "hand_key",
        "seat",
        pl.concat_str(received, handed, separator=", ", ignore_nulls=True).alias("outside"),
    ).with_columns(pl.when(pl.col("outside") != "").then(pl.col("outside")))


def _cash_outs(
    tables: AuditedTables[pl.LazyFrame], wanted: pl.Expr, scale: pl.LazyFrame
) -> pl.DataFrame:
    """(hand_key, seat, outside) of the flagged hands (_outside_the_pot)."""
    actions = tables.actions.filter(wanted).select("hand_key", "seat", "kind", "amount")
    return _outside_the_pot(actions.join(scale, on="hand_key", how="left").collect())


def _payout_rows(players: pl.DataFrame, totals: pl.DataFrame) -> pl.DataFrame:
    """Per hand, each player of the showdown: should receive (the sum of his shares) and paid
    (and what he got or gave outside the pot: a cash-out, an insurance); and the hand's pots
    and payouts in all."""
    involved = (pl.col("owed") > 0) | (pl.col("collected") > 0) | ~pl.col("folded")
    row = pl.struct(
        "seat",
        "player",
        "outside",
        decimal_amount("owed").alias("owed"),
        decimal_amount("collected").alias("paid"),
        decimal_amount("eligible_total").alias("eligible"),
        _differs().fill_null(False).alias("differs"),
    )
    return (
        players.join(totals, on="hand_key", how="left")
        .filter(involved)
        .sort("hand_key", "seat")
        .group_by("hand_key", maintain_order=True)
        .agg(
            row.alias("payouts"),
            pl.col("exact").fill_null(False).all().alias("exact"),
            decimal_amount(pl.col("pots_total").first(), pl.col("scale").first()).alias(
                "pots_total"
            ),
            decimal_amount(pl.col("paid_total").first(), pl.col("scale").first()).alias(
                "paid_total"
            ),
            (pl.col("deducted").first() > 0).alias("paid_less"),
        )
    )


def pot_breakdowns(tables: AuditedTables[pl.LazyFrame], keys: pl.Series) -> pl.LazyFrame | None:
    """Per flagged hand among `keys` with judged pots: `pots`, `payouts`, `exact`,
    `pots_total`, `paid_total`, `paid_less`; None when no shown hand needs one or the run's
    tables carry no judged pots (a folder written before they were kept)."""
    if tables.pots is None or tables.payouts is None:
        return None
    flagged = breakdown_keys(tables.violations, keys)
    if flagged.is_empty():
        return None
    wanted = pl.col("hand_key").is_in(flagged.implode())
    scale = tables.hands.filter(wanted).select("hand_key", "scale")
    parts = tables.pots.filter(wanted).join(scale, on="hand_key", how="left").collect()
    if parts.is_empty():
        return None
    players = tables.payouts.filter(wanted).join(scale, on="hand_key", how="left").collect()
    players = players.join(_cash_outs(tables, wanted, scale), on=["hand_key", "seat"], how="left")
    result = (
        parts.select(pl.col("hand_key").unique(maintain_order=True))
        .join(_pot_rows(parts), on="hand_key", how="left")
        .join(_payout_rows(players, _totals(parts, players)), on="hand_key", how="left")
    )
    # a flag's pots were judged (not_judged: the page's note for a hand that was not)
    judged = {"not_judged": pl.lit(None, pl.String), "has_breakdown": pl.lit(True)}
    return result.with_columns(**judged).lazy()
