"""The flagged hands the HTML shows, each with its betting rounds replayed as a small table.

The hands shown are chosen by reports/sample.py (every hand with a violation, a capped sample
of the rest); they are built with joins and group_bys into lists of row structs, so nothing
here loops in Python over hands or actions.

Per action the replay gives seat, player, stack and pot before the action, to call, what was
allowed (reports/allowed.py) and what was done; per hand its header facts (reports/hand_headers.py),
its flags (consequences under their cause) and, with a `cards` table, the board at each street
and the cards shown (reports/cards_view.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from audit.tables import AuditedTables
from parsers.schema import BETTING_KINDS, STREET_NAMES
from reports.allowed import allowed_kind, allowed_text, with_allowed_inputs
from reports.cards_view import card_lists
from reports.columns import decimal_amount, severity_rank
from reports.hand_headers import hand_headers
from reports.sample import HtmlLimits
from reports.session_view import session_pairs
from reports.showdown_view import pot_breakdowns

__all__ = ["HtmlLimits", "flagged_hand_details", "replay_rows"]  # HtmlLimits: where it was

#: State columns a flag quotes, used where the actions table lacks them.
FLAG_STATE: tuple[str, ...] = ("to_call", "min_to", "max_to")


def _street_name(column: str) -> pl.Expr:
    """The street's name: the run's tables carry the Street Enum (hhaudit.run.derived), the
    canonical tables its index."""
    names = {str(index): name for index, name in enumerate(STREET_NAMES)}
    return pl.col(column).cast(pl.String).replace(names).fill_null("?")


def cause_note() -> pl.Expr:
    """ " (follows from CODE #seq)" for a consequence (caused_by "<hand>:<seq>:<code>"), else ""."""
    parts = pl.col("caused_by").str.splitn(":", 3)
    seq, code = parts.struct.field("field_1"), parts.struct.field("field_2")
    at = pl.when(seq == "h").then(pl.lit("")).otherwise(pl.lit(" #") + seq)
    note = pl.concat_str(pl.lit(" (follows from "), code, at, pl.lit(")"))
    return pl.when(pl.col("caused_by").is_not_null()).then(note).otherwise(pl.lit(""))


def _flag_struct() -> pl.Expr:
    return pl.struct(
        "flag_id",
        "code",
        pl.col("severity").cast(pl.String),
        "seq",
        pl.col("street").cast(pl.String).fill_null(""),  # the Street Enum in a run
        pl.col("player").fill_null(""),
        "message",
        "caused_by",
        cause_note().alias("note"),
    )


def hand_flags(violations: pl.LazyFrame, keys: pl.Series) -> pl.LazyFrame:
    """One row per shown hand: its codes, severities, flagged players, worst severity and every
    flag (worst first, then in action order) for the findings list."""
    flags = violations.filter(pl.col("hand_key").is_in(keys.implode())).with_columns(
        severity_rank().alias("rank"), pl.col("seq").fill_null(1 << 30).alias("_at")
    )
    ordered = flags.sort("hand_key", "rank", "_at", "code")
    return ordered.group_by("hand_key", maintain_order=True).agg(
        pl.col("code").unique(maintain_order=True).alias("codes"),
        pl.col("severity").cast(pl.String).unique(maintain_order=True).alias("severities"),
        pl.col("severity").cast(pl.String).first().alias("worst"),
        pl.col("rank").first().alias("worst_rank"),
        pl.col("player").drop_nulls().unique(maintain_order=True).alias("players"),
        pl.len().alias("flags"),
        pl.col("caused_by").is_null().sum().alias("roots"),
        _flag_struct().alias("findings"),
    )


def _action_flags(violations: pl.LazyFrame, wanted: pl.Expr) -> pl.LazyFrame:
    """Flags on actions (seq not null), one row per action: its flags and the state they quote."""
    on_actions = violations.filter(wanted & pl.col("seq").is_not_null()).with_columns(
        severity_rank().alias("rank")
    )
    return (
        on_actions.sort("rank", maintain_order=True)
        .group_by("hand_key", "seq")
        .agg(
            _flag_struct().alias("flags"),
            pl.col("caused_by").is_null().any().alias("has_root"),
            *[pl.col(name).drop_nulls().first().alias(f"flag_{name}") for name in FLAG_STATE],
        )
    )


def _what_was_done(has_draws: bool = False) -> pl.Expr:
    """'raise to 300', 'call 100', 'fold'; a draw's 'discards 2' and 'stands pat' where the
    actions carry `n_cards` (RULES.md W-2)."""
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
    if has_draws:
        drew = (kind == "discard") & pl.col("n_cards").is_not_null()
        done = (
            pl.when(drew)
            .then(pl.format("discards {}", pl.col("n_cards")))
            .when(kind == "stand_pat")
            .then(pl.lit("stands pat"))
            .otherwise(done)
        )
    return (
        pl.when(pl.col("is_all_in").fill_null(False))
        .then(done + pl.lit(" (all-in)"))
        .otherwise(done)
    )


def _with_state(actions: pl.LazyFrame) -> tuple[pl.LazyFrame, bool]:
    """The actions with every state column the replay reads (null where missing), and whether
    the table carries the betting state at all (an older or hand-built one may not)."""
    present = actions.collect_schema().names()
    extra = [
        pl.lit(None, dtype=pl.Int64).alias(name)
        for name in ("pot_before", *FLAG_STATE)
        if name not in present
    ]
    return with_allowed_inputs(actions.with_columns(extra)), "raise_allowed" in present


def replay_rows(
    hands: pl.LazyFrame, actions: pl.LazyFrame, violations: pl.LazyFrame, keys: pl.Series
) -> pl.DataFrame:
    """Per shown hand, the list of its actions in order with state, what was allowed, flags."""
    wanted = pl.col("hand_key").is_in(keys.implode())
    stated, has_state = _with_state(actions.filter(wanted))
    facts = hands.filter(wanted).select("hand_key", "scale", "structure")
    rows = (
        stated.join(facts, on="hand_key", how="left")
        .join(_action_flags(violations, wanted), on=["hand_key", "seq"], how="left")
        .with_columns([pl.coalesce(name, f"flag_{name}").alias(name) for name in FLAG_STATE])
        .sort("hand_key", "seq")
    )
    betting = pl.col("kind").cast(pl.String).is_in(list(BETTING_KINDS))
    allowed = allowed_text() if has_state else pl.lit(None, dtype=pl.String)
    case = allowed_kind() if has_state else pl.lit(None, dtype=pl.String)
    shaped = rows.select(
        "hand_key",
        pl.struct(
            "seq",
            _street_name("street").alias("street"),
            pl.col("seat"),
            "player",
            decimal_amount("stack_before").alias("stack"),
            decimal_amount("pot_before").alias("pot"),
            _what_was_done("n_cards" in rows.collect_schema().names()).alias("done"),
            pl.when(betting).then(decimal_amount("to_call")).alias("to_call"),
            pl.when(betting).then(allowed).alias("allowed"),
            pl.when(betting).then(case).alias("allowed_kind"),
            "line_no",
            pl.col("flags").fill_null([]),
            pl.col("has_root").fill_null(False),
        ).alias("row"),
    )
    return shaped.group_by("hand_key").agg(pl.col("row").alias("rows")).collect()


def flagged_hand_details(
    tables: AuditedTables[pl.LazyFrame], keys: pl.Series, run: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The shown hands (`keys`: reports/sample.py) as plain dicts for the template, worst
    first; with the pots of a showdown flag (reports/showdown_view.py, as the audit judged
    them) and the previous hand of a session flag (reports/session_view.py)."""
    hands, violations = tables.hands, tables.violations
    if keys.is_empty():
        return []
    headers = hand_headers(hands, tables.seats, keys)
    joined = headers.join(hand_flags(violations, keys), on="hand_key", how="left")
    extras = (
        card_lists(tables.cards, keys),
        pot_breakdowns(tables, keys),
        session_pairs(tables, keys),
    )
    for extra in extras:  # three views, each one frame over the shown hands
        if extra is not None:
            joined = joined.join(extra, on="hand_key", how="left")
    shown = joined.sort("worst_rank", "order").collect()
    replays = replay_rows(hands, tables.actions, violations, keys)
    return shown.join(replays, on="hand_key", how="left", maintain_order="left").to_dicts()
