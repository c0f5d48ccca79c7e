"""Turn flagged rows into the violations table (audit/violations.py schema)."""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from audit.causes import action_link_columns, hand_link_columns, link_flags
from audit.rules._base import Rule, street_name
from audit.violations import VIOLATIONS_SCHEMA

HAND_INFO = ("hand_key", "site", "source_file", "line_no", "hand_id")


def with_rule_columns(state: pl.DataFrame, rules: list[Rule]) -> pl.DataFrame:
    """The state plus the columns each rule computes (Rule.computes), in rule order."""
    for rule in rules:
        if rule.computes and rule.computes_on is not None:
            state = state.with_columns(_computed_on_rows(state, rule))
        elif rule.computes:
            for step in computed_steps(rule.computes):
                state = state.with_columns(**step)
    return state


def computed_steps(computes: Mapping[str, pl.Expr]) -> list[dict[str, pl.Expr]]:
    """A rule's computed columns in steps of one with_columns each: a column that reads an
    earlier one of them starts the next step. An eager with_columns computes an expression
    again in every column it appears in; a fact several columns share is cheaper as a column
    of its own (ROUND-INCOMPLETE)."""
    steps: list[dict[str, pl.Expr]] = [{}]
    for name, expr in computes.items():
        if set(expr.meta.root_names()) & set(steps[-1]):
            steps.append({})
        steps[-1][name] = expr
    return steps


def _computed_on_rows(state: pl.DataFrame, rule: Rule) -> list[pl.Series]:
    """The rule's computed columns, evaluated on the rows of Rule.computes_on alone (their
    windows then run over those rows, not the whole state) and null on the others."""
    assert rule.computes_on is not None
    where = state.select(pl.arg_where(rule.computes_on.fill_null(False))).to_series()
    needed = {name for expr in rule.computes.values() for name in expr.meta.root_names()}
    values = state.select(sorted(needed - set(rule.computes)))[where]
    for step in computed_steps(rule.computes):
        values = values.with_columns(**step)
    values = values.select(list(rule.computes))
    return [
        pl.repeat(None, state.height, dtype=column.dtype, eager=True)
        .alias(column.name)
        .scatter(where, column)
        for column in values.iter_columns()
    ]


def _severity(rule: Rule) -> pl.Expr:
    if rule.severity_expr is not None:
        return rule.severity_expr
    if rule.severity_option:
        return pl.col(f"opt_{rule.severity_option}")
    return pl.lit(rule.severity)


def _applies(rule: Rule) -> pl.Expr:
    if rule.structures is None:
        return pl.lit(True)
    return pl.col("structure").is_in(rule.structures).fill_null(False)


def _flags(rule: Rule) -> pl.Expr:
    """True on the rows the rule flags."""
    return (rule.violates & _applies(rule)).fill_null(False)


def action_violations(state: pl.LazyFrame, rule: Rule) -> pl.LazyFrame:
    """Rows of the state frame the rule flags, in the violations schema (minus hand info)."""
    wager = pl.col("is_wager")
    flagged = state.filter(_flags(rule))
    return flagged.with_columns(street_name(pl.col("street")).alias("street_name")).select(
        "hand_key",
        pl.col("line_no").alias("action_line_no"),
        pl.col("street_name").alias("street"),
        "seq",
        "player",
        pl.col("kind").cast(pl.String).alias("action"),
        pl.when(wager).then(pl.col("to_amount")).otherwise(pl.col("chips")).alias("amount_to"),
        "to_call",
        "min_to",
        "max_to",
        pl.lit(rule.code).alias("code"),
        pl.lit(rule.category).alias("category"),
        _severity(rule).alias("severity"),
        rule.message.alias("message"),
        *action_link_columns(rule.code),
    )


def hand_violations(hands: pl.LazyFrame, rule: Rule) -> pl.LazyFrame:
    """Hand-level rows the rule flags (no action: street, seq and amounts null)."""
    null = pl.lit(None)
    return hands.filter((rule.violates & _applies(rule)).fill_null(False)).select(
        "hand_key",
        null.cast(pl.Int32).alias("action_line_no"),
        null.cast(pl.String).alias("street"),
        null.cast(pl.Int32).alias("seq"),
        null.cast(pl.String).alias("player"),
        null.cast(pl.String).alias("action"),
        null.cast(pl.Int64).alias("amount_to"),
        null.cast(pl.Int64).alias("to_call"),
        null.cast(pl.Int64).alias("min_to"),
        null.cast(pl.Int64).alias("max_to"),
        pl.lit(rule.code).alias("code"),
        pl.lit(rule.category).alias("category"),
        _severity(rule).alias("severity"),
        rule.message.alias("message"),
        *hand_link_columns(rule.code),
    )


def _rule_flags(frame: pl.DataFrame, rules: list[Rule]) -> pl.DataFrame:
    """One boolean column per rule (named by position): the rows of `frame` it flags. Every
    test runs in one lazy select, so the subexpressions the rules share (ACTING, WAGER...) are
    computed once."""
    return frame.lazy().select(_flags(rule).alias(str(i)) for i, rule in enumerate(rules)).collect()


def _firing(flags: pl.DataFrame, rules: list[Rule]) -> set[int]:
    """The ids of the `rules` that flag some row (`flags` from _rule_flags)."""
    if not rules:
        return set()
    counts = flags.sum().row(0)
    return {id(rule) for rule, count in zip(rules, counts, strict=True) if count}


def _flagged(frame: pl.DataFrame, rules: list[Rule]) -> tuple[pl.DataFrame, set[int]]:
    """The rows of `frame` some rule of `rules` flags, and the ids of the rules that flag one."""
    flags = _rule_flags(frame, rules)
    return frame.filter(flags.select(pl.any_horizontal(pl.all())).to_series()), _firing(
        flags, rules
    )


def flagged_rows(
    state: pl.DataFrame, per_hand: pl.DataFrame, rules: list[Rule]
) -> tuple[pl.DataFrame, list[Rule], pl.DataFrame]:
    """The state rows some action rule flags, the rules to run: those that flag a row
    (action rules on the state, hand-level rules on `per_hand`; the first rule when none does,
    so the table keeps its shape), and the `per_hand` rows some hand-level rule flags.

    Every rule's test runs once over its whole frame; the filters and messages then run on the
    flagged rows only, and only for the rules that flag one: planning a rule's message
    expressions costs the same whatever the rows (docs/audit-speed.md, "Timings"), and most
    rules flag nothing (the three hand-level rules too, in most slices). Exact because rule
    expressions are row-wise (no window or aggregate: audit/rules/_base.py) and a rule
    without a flagged row adds no row to the table.
    """
    hand_rules = [rule for rule in rules if rule.hand_level]
    action_rules = [rule for rule in rules if not rule.hand_level]
    hands, firing = _flagged(per_hand, hand_rules) if hand_rules else (per_hand, set())
    rows, acting = _flagged(state, action_rules) if action_rules else (state.clear(), set())
    chosen = [rule for rule in rules if id(rule) in firing | acting] or rules[:1]
    return rows, chosen, hands


def violations_table(
    state: pl.DataFrame, per_hand: pl.DataFrame, hands: pl.DataFrame, rules: list[Rule]
) -> pl.DataFrame:
    """Every rule over its frame, then hand info joined, sorted by (hand_key, seq).

    Action rules run on the rows some rule flags (flagged_rows); the rule order of the sort
    ties is the order of `rules`.
    """
    flagged, chosen, flagged_hands = flagged_rows(state, per_hand, rules)
    return assemble(flagged, flagged_hands, hands, chosen, rules, full_state=state)


def assemble(
    state: pl.DataFrame,
    per_hand: pl.DataFrame,
    hands: pl.DataFrame,
    chosen: list[Rule],
    rules: list[Rule],
    full_state: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """The `chosen` rules over their frames, in the order of `rules` for ties, each flag linked
    to its cause (audit/causes.py; `full_state`: the whole state when `state` holds only the
    flagged rows)."""
    lazy_state, lazy_hands = state.lazy(), per_hand.lazy()
    frames = [
        hand_violations(lazy_hands, rule)
        if rule.hand_level
        else action_violations(lazy_state, rule)
        for rule in chosen
    ]
    info = hands.lazy().select(HAND_INFO).rename({"line_no": "hand_line_no"})
    frame = (
        pl.concat(frames, how="vertical_relaxed")
        .filter(pl.col("severity") != "ignore")
        .join(info, on="hand_key", how="left")
        .with_columns(line_no=pl.coalesce("action_line_no", "hand_line_no"))
    )
    order = {code: i for i, code in enumerate(rule.code for rule in rules)}
    frame = frame.with_columns(
        _rule_order=pl.col("code").replace_strict(order, return_dtype=pl.Int32)
    ).sort("hand_key", "seq", "_rule_order", nulls_last=True)
    linked = link_flags(frame.collect(), state if full_state is None else full_state)
    return linked.select([pl.col(name).cast(dtype) for name, dtype in VIOLATIONS_SCHEMA.items()])
