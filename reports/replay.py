"""The flagged hands the HTML shows, each with its betting rounds replayed as a small table.

Only a bounded sample is shown (the first `per_code` flags of each code, at most `max_hands`
hands); it is chosen with group_by/head and built with joins and one group_by into lists of
row structs, so nothing here loops in Python over hands or actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from audit.violations import SEVERITIES
from parsers.schema import BETTING_KINDS, STREET_NAMES
from reports.columns import decimal_amount, stakes_label

STATE_COLUMNS: tuple[str, ...] = ("to_call", "min_to", "max_to")


@dataclass(frozen=True)
class HtmlLimits:
    """How much detail the report shows; totals are always complete."""

    per_code: int = 20  # flagged examples per rule code
    max_hands: int = 300  # flagged hands replayed in all
    quarantine_rows: int = 300
    file_rows: int = 300
    top: int = 10


def sample_flags(violations: pl.LazyFrame, per_code: int) -> pl.LazyFrame:
    """The first `per_code` flags of each code, in table (input) order."""
    return violations.group_by("code", maintain_order=True).head(per_code)


def shown_hand_keys(violations: pl.LazyFrame, limits: HtmlLimits) -> pl.Series:
    sample = sample_flags(violations, limits.per_code).select("hand_key").collect()
    return sample.get_column("hand_key").unique(maintain_order=True).head(limits.max_hands)


def _street_name(column: str) -> pl.Expr:
    names = {index: name for index, name in enumerate(STREET_NAMES)}
    return pl.col(column).replace_strict(names, default="?", return_dtype=pl.String)


def _severity_rank() -> pl.Expr:
    ranks = {name: index for index, name in enumerate(SEVERITIES)}
    return pl.col("severity").cast(pl.String).replace_strict(ranks, return_dtype=pl.Int8)


def cause_note() -> pl.Expr:
    """ " (follows from CODE #seq)" for a consequence (caused_by "<hand>:<seq>:<code>"), else ""."""
    parts = pl.col("caused_by").str.splitn(":", 3)
    seq, code = parts.struct.field("field_1"), parts.struct.field("field_2")
    at = pl.when(seq == "h").then(pl.lit("")).otherwise(pl.lit(" #") + seq)
    note = pl.concat_str(pl.lit(" (follows from "), code, at, pl.lit(")"))
    return pl.when(pl.col("caused_by").is_not_null()).then(note).otherwise(pl.lit(""))


def flagged_hands(hands: pl.LazyFrame, violations: pl.LazyFrame, keys: pl.Series) -> pl.DataFrame:
    """One row per shown hand: labels, codes, worst severity and its hand-level messages."""
    wanted = pl.col("hand_key").is_in(keys.implode())
    flags = violations.filter(wanted).with_columns(_severity_rank().alias("rank"))
    per_hand = flags.group_by("hand_key").agg(
        pl.col("code").unique(maintain_order=True).alias("codes"),
        pl.col("severity").sort_by("rank").first().cast(pl.String).alias("worst"),
        pl.len().alias("flags"),
        pl.concat_str(pl.col("code"), pl.lit(": "), pl.col("message"), cause_note())
        .filter(pl.col("seq").is_null())
        .alias("hand_messages"),
        pl.col("caused_by").is_null().sum().alias("roots"),
    )
    info = hands.filter(wanted).select(
        "hand_key",
        "site",
        "hand_id",
        "source_file",
        "line_no",
        "table_name",
        stakes_label().alias("stakes"),
        pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M").fill_null("").alias("started"),
    )
    order = pl.DataFrame({"hand_key": keys}).lazy().with_row_index("order")
    return (
        order.join(info, on="hand_key", how="left")
        .join(per_hand, on="hand_key", how="left")
        .sort("order")
        .drop("order")
        .collect()
    )


def _action_flags(violations: pl.LazyFrame, wanted: pl.Expr) -> pl.LazyFrame:
    """Flags on actions (seq not null), one row per action: codes and the state they quote."""
    return (
        violations.filter(wanted & pl.col("seq").is_not_null())
        .with_columns(_note=cause_note())
        .group_by("hand_key", "seq")
        .agg(
            pl.col("code").unique(maintain_order=True).str.join(", ").alias("flag_codes"),
            (pl.col("message") + pl.col("_note")).str.join(" · ").alias("flag_messages"),
            *[pl.col(name).drop_nulls().first().alias(f"flag_{name}") for name in STATE_COLUMNS],
        )
    )


def _what_was_done() -> pl.Expr:
    kind = pl.col("kind").cast(pl.String)
    to_amount = decimal_amount("to_amount")
    moved = decimal_amount("amount")
    done = (
        pl.when(pl.col("to_amount").is_not_null())
        .then(kind + pl.lit(" to ") + to_amount)
        .when(pl.col("amount").fill_null(0) != 0)
        .then(kind + pl.lit(" ") + moved)
        .otherwise(kind)
    )
    return (
        pl.when(pl.col("is_all_in").fill_null(False))
        .then(done + pl.lit(" (all-in)"))
        .otherwise(done)
    )


def replay_rows(
    hands: pl.LazyFrame, actions: pl.LazyFrame, violations: pl.LazyFrame, keys: pl.Series
) -> pl.DataFrame:
    """Per shown hand, the list of its actions in order with state, range and flags."""
    wanted = pl.col("hand_key").is_in(keys.implode())
    present = actions.collect_schema().names()
    state = [
        pl.col(name) if name in present else pl.lit(None, dtype=pl.Int64).alias(name)
        for name in STATE_COLUMNS
    ]
    scales = hands.filter(wanted).select("hand_key", "scale")
    rows = (
        actions.filter(wanted)
        .select(
            "hand_key",
            "seq",
            "street",
            "player",
            "kind",
            "amount",
            "to_amount",
            "is_all_in",
            "line_no",
            *state,
        )
        .join(scales, on="hand_key", how="left")
        .join(_action_flags(violations, wanted), on=["hand_key", "seq"], how="left")
        .with_columns([pl.coalesce(name, f"flag_{name}").alias(name) for name in STATE_COLUMNS])
        .sort("hand_key", "seq")
    )
    betting = pl.col("kind").cast(pl.String).is_in(list(BETTING_KINDS))
    allowed = pl.concat_str([decimal_amount("min_to"), pl.lit(" – "), decimal_amount("max_to")])
    shaped = rows.select(
        "hand_key",
        pl.struct(
            "seq",
            _street_name("street").alias("street"),
            "player",
            _what_was_done().alias("done"),
            pl.when(betting).then(decimal_amount("to_call")).alias("to_call"),
            pl.when(betting).then(allowed).alias("allowed"),
            "line_no",
            pl.col("flag_codes").fill_null(""),
            pl.col("flag_messages").fill_null(""),
        ).alias("row"),
    )
    return shaped.group_by("hand_key").agg(pl.col("row").alias("rows")).collect()


def flagged_hand_details(
    hands: pl.LazyFrame,
    actions: pl.LazyFrame,
    violations: pl.LazyFrame,
    limits: HtmlLimits,
) -> list[dict[str, Any]]:
    """The shown hands as plain dicts for the template (a bounded list)."""
    keys = shown_hand_keys(violations, limits)
    if keys.is_empty():
        return []
    info = flagged_hands(hands, violations, keys)
    replays = replay_rows(hands, actions, violations, keys)
    joined = info.join(replays, on="hand_key", how="left", maintain_order="left")
    return joined.to_dicts()
