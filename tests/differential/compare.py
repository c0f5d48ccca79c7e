"""Run hhaudit once over many generated hands and line its state up with PokerKit's (§8).

Mapping (RULES.md §8), per betting action PokerKit saw:
- to_call:    PokerKit checking_or_calling_amount  = min(hh to_call, s)
- can_raise:  PokerKit can_complete_bet_or_raise_to() = hh raise_allowed AND another non-folded
              player has chips above the current bet
- min_to:     PokerKit min_completion... = min(hh min_to, hh allin_to)   (when both allow a raise)
- max_to:     PokerKit max_completion... = min(hh max_to, hh allin_to)   (when both allow a raise)
- allin_to:   PokerKit stack + bet = hh allin_to (chip bookkeeping)
- accepted:   PokerKit accepted the action = hh raised no violation-severity flag on it
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import polars as pl

from audit import Options, check
from audit.testing import tables_from_vector

from .generator import GeneratedHand

BETTING_KINDS = ("fold", "check", "call", "bet", "raise")
FIELDS = ("to_call", "can_raise", "min_to", "max_to", "allin_to", "accepted")


Tables = tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]


@dataclass(frozen=True)
class Disagreement:
    """One field where hhaudit and PokerKit disagree before (or on) one action."""

    hand_key: int
    n: int  # 0-based index of the betting action in the hand
    field: str
    pokerkit: object
    hhaudit: object
    hh_codes: tuple[str, ...]  # every code hhaudit raised on the action


def audit_tables(
    hands: Iterable[GeneratedHand],
) -> Tables:
    """One concatenated (hands, seats, actions) set for all hands (distinct hand_key each)."""
    frames = [tables_from_vector(h.vector, h.hand_key) for h in hands]
    return tuple(pl.concat([f[i] for f in frames]) for i in range(3))  # type: ignore[return-value]


def pokerkit_frame(hands: Iterable[GeneratedHand]) -> pl.DataFrame:
    """PokerKit's views, one row per betting action it saw."""
    rows = [
        {
            "hand_key": hand.hand_key,
            "n": n,
            "pk_to_call": v.to_call,
            "pk_min_to": v.min_to,
            "pk_max_to": v.max_to,
            "pk_can_raise": v.can_raise,
            "pk_allin_to": v.allin_to,
            "pk_stack": v.stack,
            "pk_opponent_above_cb": v.opponent_above_cb,
            "pk_accepted": v.accepted,
            "pk_same_actor": v.same_actor,
        }
        for hand in hands
        for n, v in enumerate(hand.views)
    ]
    return pl.DataFrame(rows, schema_overrides={"pk_min_to": pl.Int64, "pk_max_to": pl.Int64})


def hhaudit_frame(actions: pl.DataFrame, violations: pl.DataFrame) -> pl.DataFrame:
    """hhaudit's state columns and flags per betting action, numbered like the vector actions."""
    codes = (
        violations.filter(pl.col("seq").is_not_null())
        .group_by("hand_key", "seq")
        .agg(
            hh_codes=pl.col("code").sort(),
            hh_violation=(pl.col("severity") == "violation").any(),
        )
    )
    betting = (
        actions.filter(pl.col("kind").cast(pl.String).is_in(BETTING_KINDS))
        .sort("hand_key", "seq")
        .with_columns(n=pl.int_range(pl.len()).over("hand_key"))
    )
    return betting.join(codes, on=["hand_key", "seq"], how="left").with_columns(
        pl.col("hh_violation").fill_null(False),
        pl.col("hh_codes").fill_null([]),
    )


def compared_frame(
    hands: list[GeneratedHand], options: Options, tables: Tables | None = None
) -> tuple[pl.DataFrame, list[Disagreement]]:
    """PokerKit and hhaudit side by side, one row per action PokerKit saw; hand-level flags.

    `tables` are `audit_tables(hands)` when already built (they do not depend on the options).
    """
    result = check(*(tables or audit_tables(hands)), options)
    hh = hhaudit_frame(result.actions, result.violations)
    pk = pokerkit_frame(hands)
    joined = pk.join(hh, on=["hand_key", "n"], how="left", maintain_order="left")
    hand_level = hand_level_disagreements(result.violations, result.actions)
    return joined.with_columns(_mapped_columns()), hand_level


def _mapped_columns() -> list[pl.Expr]:
    hh_can_raise = pl.col("raise_allowed").fill_null(False) & pl.col("pk_opponent_above_cb")
    both_raise = pl.col("pk_can_raise") & hh_can_raise
    return [
        pl.min_horizontal("to_call", "pk_stack").alias("hh_to_call"),
        hh_can_raise.alias("hh_can_raise"),
        pl.when(both_raise).then(pl.min_horizontal("min_to", "allin_to")).alias("hh_min_to"),
        pl.when(both_raise).then(pl.min_horizontal("max_to", "allin_to")).alias("hh_max_to"),
        pl.col("allin_to").alias("hh_allin_to"),
        (~pl.col("hh_violation")).alias("hh_accepted"),
    ]


def disagreements(compared: pl.DataFrame) -> list[Disagreement]:
    """Every (action, field) where the two differ. State fields are skipped on void actions
    and where the recorded player or street is not PokerKit's (out-of-turn injections)."""
    found: list[Disagreement] = []
    for field in FIELDS:
        pk, hh = pl.col(f"pk_{field}"), pl.col(f"hh_{field}")
        differs = pk.ne_missing(hh)
        if field in ("min_to", "max_to"):
            differs = differs & pl.col("pk_can_raise") & pl.col("hh_can_raise")
        if field != "accepted":  # PokerKit's view is about its own actor and street
            differs = differs & ~pl.col("void").fill_null(False) & pl.col("pk_same_actor")
        rows = compared.filter(differs).select(
            "hand_key", "n", f"pk_{field}", f"hh_{field}", "hh_codes"
        )
        for key, n, pk_value, hh_value, codes in rows.iter_rows():
            found.append(Disagreement(key, n, field, pk_value, hh_value, tuple(codes)))
    return sorted(found, key=lambda d: (d.hand_key, d.n, FIELDS.index(d.field)))


def _hand_level(violations: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Flags that name no betting action: posts (POST-AMOUNT) and hand-level checks."""
    betting = actions.filter(pl.col("kind").cast(pl.String).is_in(BETTING_KINDS))
    return violations.join(betting.select("hand_key", "seq"), on=["hand_key", "seq"], how="anti")


def hand_level_disagreements(violations: pl.DataFrame, actions: pl.DataFrame) -> list[Disagreement]:
    """Hand-level violations (posts): PokerKit posted what its rules say, so each one differs."""
    rows = _hand_level(violations, actions).filter(pl.col("severity") == "violation")
    return [
        Disagreement(key, -1, "posts", None, code, (code,))
        for key, code in rows.select("hand_key", "code").iter_rows()
    ]


def audit_hand(vector: dict, options: Options) -> list[dict]:
    """hhaudit's state and codes for each betting action of one vector hand."""
    result = check(*tables_from_vector(vector, 0), options)
    frame = hhaudit_frame(result.actions, result.violations).sort("n")
    columns = ["to_call", "min_to", "max_to", "allin_to", "raise_allowed", "void", "hh_codes"]
    return frame.select(columns).rename({"hh_codes": "codes"}).to_dicts()


def hand_codes(vector: dict, options: Options) -> list[str]:
    """hhaudit's codes on posts and on the hand as a whole, for one vector hand."""
    result = check(*tables_from_vector(vector, 0), options)
    return _hand_level(result.violations, result.actions)["code"].to_list()


#: hhaudit options that reproduce PokerKit 0.7.7 where an option exists (RULES.md §6 / §8).
POKERKIT_LIKE = {
    "short_bb_call_full": False,
    "straddle_sets_min_raise": False,
    "pl_preflop_nominal_blinds": False,
    "bb_ante_priority": "ante_first",
    "ante_priority": "ante_first",
    "fl_short_allin_completion": "raise_over_allin",
    "fl_short_allin_counts_to_cap": "always",
    "fl_reopen_fraction": 1.0,
    "raise_without_opponent": "violation",
}


def pokerkit_like_options() -> Options:
    return Options().replace(**POKERKIT_LIKE)
