"""`check`: the canonical tables in; the betting state, the rules and the violations out.

Orchestration only: the tables are typed (parsers/schema.py), cut into slices of whole hands,
and for each slice the betting state is computed once (audit/state/), each chosen rule adds
the columns it computes, and the rules' flags become the violations table (audit/assemble.py).
`check` is the per-hand step of an audit; audit/entry.py says how it and the across-hands step
(audit/sessions/) make one audit for every command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

import polars as pl

from audit.assemble import violations_table, with_rule_columns
from audit.judged import empty_payouts, empty_pots, judged_pots
from audit.options import Options
from audit.rules import RULES, SHOWDOWN_CODES
from audit.rules._base import Rule
from audit.sessions.ends import end_stacks
from audit.sessions.facts import facts_from_flows
from audit.showdown.judge import SENTENCES, showdown
from audit.showdown.known import as_cards_frame
from audit.showdown.pots import money_from_flows
from audit.state.build import state_frame
from audit.state.columns import STATE_COLUMNS
from audit.state.prepare import in_seq_order
from audit.state.settlement import INPUTS, hand_frame, player_flows, player_table
from audit.violations import VIOLATIONS_SCHEMA, empty_violations
from parsers.schema import POLARS_SCHEMAS, with_defaults

if TYPE_CHECKING:  # a worker imports no pyarrow (its memory: docs/scale.md)
    import pyarrow as pa

#: A canonical table as `check` takes it (parsers/schema.py): a Polars frame or an Arrow table.
TableInput: TypeAlias = "pl.DataFrame | pa.Table"

#: Hands audited per slice at most: keeps the folded group ids of audit/state/windows.py below
#: their bound and memory bounded (POLARS-NOTES: ~2.7 GB per million hands).
SLICE_HANDS = 100_000


@dataclass
class AuditResult:
    """The audited actions (canonical columns + STATE_COLUMNS), the violations, each seat's
    end stack (hand_key, seat, end_stack: audit/sessions/ends.py), each hand's facts for the
    sessions step (audit/sessions/facts.py FACT_COLUMNS, one row per hand with actions) and
    the pots the showdown rules judged on the hands they flag (audit/judged.py)."""

    actions: pl.DataFrame
    violations: pl.DataFrame
    end_stacks: pl.DataFrame | None = None
    session_facts: pl.DataFrame | None = None
    pots: pl.DataFrame = field(default_factory=empty_pots)
    payouts: pl.DataFrame = field(default_factory=empty_payouts)

    @staticmethod
    def stacked(results: Sequence[AuditResult]) -> AuditResult:
        """The results of slices of whole hands, in the order given, as one result."""
        if len(results) == 1:
            return results[0]
        return AuditResult(
            actions=pl.concat([r.actions for r in results]),
            violations=pl.concat([r.violations for r in results]),
            end_stacks=pl.concat([r.end_stacks for r in results if r.end_stacks is not None]),
            session_facts=pl.concat(
                [r.session_facts for r in results if r.session_facts is not None]
            ),
            pots=pl.concat([r.pots for r in results]),
            payouts=pl.concat([r.payouts for r in results]),
        )


def _frame(table: TableInput, name: str) -> pl.DataFrame:
    frame = table if isinstance(table, pl.DataFrame) else pl.DataFrame(pl.from_arrow(table))
    frame = with_defaults(frame, name)
    return frame.cast({k: v for k, v in POLARS_SCHEMAS[name].items() if k in frame.columns})


def typed_tables(
    hands: TableInput, seats: TableInput, actions: TableInput, cards: TableInput | None = None
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The tables as `check` reads them: typed by parsers/schema.py, defaults filled in."""
    typed = (_frame(hands, "hands"), _frame(seats, "seats"), _frame(actions, "actions"))
    return (*typed, as_cards_frame(cards))


def _empty_result(actions: pl.DataFrame) -> AuditResult:
    state = actions.with_columns(
        [pl.lit(None).alias(name) for name in STATE_COLUMNS if name not in actions.columns]
    )
    return AuditResult(state, empty_violations())


def _with_showdown(
    per_hand: pl.DataFrame,
    tables: tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame],
    options: Options,
    site_options: Mapping[str, Options] | None,
    rules: list[Rule],
    flows: pl.DataFrame,
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The settlement frame with the RULES.md §11 sentences (audit/showdown/judge.py) joined
    in (hands with cards but no settlement get a row of their own: the card rules read it),
    and the judged pots and payouts of the hands a sentence flags (audit/judged.py).
    `tables`: hands, seats, actions, cards; `flows`: the state's player_flows (the showdown's
    player money is read from them)."""
    hands, seats, actions, cards = tables
    if cards.height == 0 or not any(rule.code in SHOWDOWN_CODES for rule in rules):
        # nothing is known of the cards: the §11 rules have nothing to judge
        nulls = per_hand.with_columns(pl.lit(None, pl.String).alias(name) for name in SENTENCES)
        return nulls, empty_pots(), empty_payouts()
    money = money_from_flows(flows)
    found = showdown(hands, actions, cards, options, site_options, seats, False, money)
    sentences = found.hands.select("hand_key", *SENTENCES)
    pots, payouts = judged_pots(sentences, found.parts, found.players)
    return per_hand.join(sentences, on="hand_key", how="full", coalesce=True), pots, payouts


@dataclass
class SliceFrames:
    """What the rules of one slice read: the state (with the rules' computed columns), the
    per-hand settlement frame (with the §11 sentences), the per-player table, the state's
    per-seat group-by (audit/state/settlement.py) and the judged pots and payouts of the
    flagged showdown hands (audit/judged.py)."""

    state: pl.DataFrame
    per_hand: pl.DataFrame
    players: pl.DataFrame
    flows: pl.DataFrame
    pots: pl.DataFrame
    payouts: pl.DataFrame


def slice_frames(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame,
    options: Options,
    site_options: Mapping[str, Options] | None,
    rules: list[Rule],
) -> SliceFrames:
    """The frames of one slice of typed tables (audit/reference and its tests read them)."""
    state = state_frame(hands, seats, actions, options, site_options, cards)
    state = with_rule_columns(state, rules)
    inputs = state.select(INPUTS)
    flows = player_flows(inputs)  # per seat: the settlement, the showdown's money, the facts
    players = player_table(inputs, hands, seats, flows)
    per_hand, pots, payouts = _with_showdown(
        hand_frame(state, hands, seats, players),
        (hands, seats, actions, cards),
        options,
        site_options,
        rules,
        flows,
    )
    return SliceFrames(state, per_hand, players, flows, pots, payouts)


def _check_slice(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame,
    options: Options,
    site_options: Mapping[str, Options] | None,
    rules: list[Rule],
) -> AuditResult:
    frames = slice_frames(hands, seats, actions, cards, options, site_options, rules)
    state, per_hand, players = frames.state, frames.per_hand, frames.players
    violations = violations_table(state, per_hand, hands, rules) if rules else empty_violations()
    audited = (  # one plan: the filter runs on the selected columns only
        state.lazy()
        .filter(~pl.col("is_sentinel"))
        .select(*POLARS_SCHEMAS["actions"].keys(), *STATE_COLUMNS)
        .collect()
    )
    ends = end_stacks(players, per_hand, seats)
    facts = facts_from_flows(frames.flows)
    return AuditResult(in_seq_order(audited), violations, ends, facts, frames.pots, frames.payouts)


def key_ranges(hand_keys: pl.Series, limit: int) -> list[tuple[int, int]]:
    """[first, last] hand_key ranges of equal hand counts, at most `limit` hands each; [] when
    the hands fit in one check."""
    keys = hand_keys.unique().sort()
    slices = -(-keys.len() // max(1, limit))
    if slices <= 1:
        return []
    size = -(-keys.len() // slices)
    return [
        (keys[start], keys[min(start + size, keys.len()) - 1])
        for start in range(0, keys.len(), size)  # a loop over slices, not hands
    ]


def check(
    hands: TableInput,
    seats: TableInput,
    actions: TableInput,
    options: Options | None = None,
    site_options: Mapping[str, Options] | None = None,
    rules: list[str] | None = None,
    cards: TableInput | None = None,
    slice_hands: int = SLICE_HANDS,
) -> AuditResult:
    """Audit canonical tables: the betting state of every action and every violation.

    `options` are the defaults (RULES.md §6); a site gets `site_options[site]` when given, else
    the defaults with its built-in profile (audit.options.SITE_PROFILES). `rules` restricts the
    codes evaluated (all by default). `cards` is the canonical cards table (parsers/schema.py
    CARDS): the RULES.md §11 rules judge what it shows (without it they flag nothing). Inputs
    larger than `slice_hands` hands are audited in equal slices of whole hands (`key_ranges`:
    a loop over slices, not over hands); the results are stacked in key order.
    """
    hands, seats, actions, card_table = typed_tables(hands, seats, actions, cards)
    if actions.height == 0:
        return _empty_result(actions)
    chosen = [RULES[code] for code in (rules or RULES) if RULES[code].session_frame is None]
    every = (hands, seats, actions, card_table)
    ranges = key_ranges(hands.get_column("hand_key"), slice_hands)
    in_range = [pl.col("hand_key").is_between(first, last) for first, last in ranges]
    slices = [[t.filter(keep) for t in every] for keep in in_range] if ranges else [list(every)]
    results = [
        _check_slice(
            in_hands, in_seats, in_actions, in_cards, options or Options(), site_options, chosen
        )
        for in_hands, in_seats, in_actions, in_cards in slices  # a loop over slices
        if in_actions.height
    ]
    return AuditResult.stacked(results) if results else _empty_result(actions)


__all__ = ["STATE_COLUMNS", "VIOLATIONS_SCHEMA", "AuditResult", "Rule", "check"]
