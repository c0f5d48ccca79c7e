"""Join the canonical tables into one frame the betting state is computed on.

`prepare` returns the actions with, on every row, the hand's stakes and structure, the site's
options as columns (`opt_*`), its round of the game table (`game_*`, game_rounds.py), the
actor's starting stack, per-hand facts about the posts, and one
sentinel row after the last action of each betting street (its "state before" is the state at the
end of the street, which is what ROUND-INCOMPLETE needs). Sorted by (hand_key, street, order) with
`order = 2 * seq` for real rows and `2 * last_seq + 1` for sentinels.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from audit.options import Options, site_options
from audit.state.game_rounds import game_slot, with_round_columns
from audit.state.stakes import effective_stakes
from audit.state.windows import SEAT_BITS, first_flag, group_ids, prev_max_in
from parsers.games import SHOWDOWN
from parsers.schema import with_defaults

LIVE_POSTS = ("post_sb", "post_bb", "post_straddle", "post_live")
DEAD_POSTS = ("post_dead", "post_ante")
BETTING = ("fold", "check", "call", "bet", "raise")
#: Stud's forced opening (RULES.md S-3): live commitment of 3rd street like a blind (it sets
#: the current bet), but its poster has acted: no option when everyone only calls it.
BRING_IN = "bring_in"
#: Wagers: a bet or raise, and stud's completion over the bring-in (S-4, the round's bet).
WAGERS = ("bet", "raise", "complete")
#: A draw (RULES.md W-2): moves no chips and is no betting action.
DRAWS = ("discard", "stand_pat")
HAND_COLUMNS = (
    "hand_key",
    "site",
    "structure",
    "small_blind",
    "big_blind",
    "small_bet",
    "big_bet",
    "ante",
    "bb_ante",
    "button_seat",
    "scale",
    "site_added",
    "is_fast_fold",
    "bring_in",
)


def options_frame(
    sites: list[str], default: Options, per_site: Mapping[str, Options] | None
) -> pl.DataFrame:
    """One row per site with the effective options as `opt_*` columns."""
    rows = []
    for site in sites:
        chosen = (per_site or {}).get(site) or (per_site or {}).get(site.lower())
        options = chosen or site_options(default, site)
        row = {f"opt_{k}": v for k, v in options.to_dict().items()}
        fraction = options.reopen_fraction
        row |= {"opt_reopen_num": fraction.numerator, "opt_reopen_den": fraction.denominator}
        rows.append({"site": site, **row})
    schema = {"site": pl.String} | {
        f"opt_{k}": type_ for k, type_ in _option_types(default).items()
    }
    schema |= {"opt_reopen_num": pl.Int64, "opt_reopen_den": pl.Int64}
    return pl.DataFrame(rows, schema=schema)


def _option_types(options: Options) -> dict[str, type[pl.DataType]]:
    kinds = {bool: pl.Boolean, int: pl.Int64, float: pl.Float64, str: pl.String}
    return {k: kinds[type(v)] for k, v in options.to_dict().items()}


def kind_flags() -> list[pl.Expr]:
    """Boolean columns naming what kind of row each is."""
    kind = pl.col("kind")
    return [
        kind.is_in((*LIVE_POSTS, BRING_IN)).fill_null(False).alias("is_live_post"),
        kind.is_in(DEAD_POSTS).fill_null(False).alias("is_dead_post"),
        (kind == BRING_IN).fill_null(False).alias("is_bring_in"),
        kind.is_in((*BETTING, "complete")).fill_null(False).alias("is_betting"),
        kind.is_in(WAGERS).fill_null(False).alias("is_wager"),
        kind.is_in(DRAWS).fill_null(False).alias("is_draw"),
        (kind == "fold").fill_null(False).alias("is_fold"),
        (kind == "check").fill_null(False).alias("is_check"),
        (kind == "call").fill_null(False).alias("is_call"),
        (kind == "uncalled_return").fill_null(False).alias("is_return"),
        (kind == "collect").fill_null(False).alias("is_collect"),
        (kind == "cash_out").fill_null(False).alias("is_cash_out"),
    ]


def hand_post_facts(actions: pl.DataFrame) -> pl.DataFrame:
    """Per hand: straddle size/count, posted SB/BB, the BB seat and the preflop start seat."""
    kind = pl.col("kind")
    straddle = kind == "post_straddle"
    return actions.group_by("hand_key").agg(
        straddle_amount=pl.col("amount").filter(straddle).max().fill_null(0),
        straddle_count=straddle.sum().cast(pl.Int64),
        sb_posted=pl.col("amount").filter(kind == "post_sb").max().fill_null(0),
        bb_posted=pl.col("amount").filter(kind == "post_bb").first().fill_null(0),
        max_live_post=pl.col("amount").filter(kind.is_in(LIVE_POSTS)).max().fill_null(0),
        bb_seat=pl.col("seat").filter(kind == "post_bb").first(),
        sb_seat=pl.col("seat").filter(kind == "post_sb").first(),
        last_straddle_seat=pl.col("seat").filter(straddle).last(),
        settled=(kind == "collect").any(),
    )


def sentinels(frame: pl.DataFrame) -> pl.DataFrame:
    """One row after the last action of each (hand, betting street).

    `frame` is the actions with kind_flags and `_hand_number` (prepare), so the grouping is on
    integers and the kind tests are already columns.
    """
    counted = pl.col("is_betting") | pl.col("is_live_post") | pl.col("is_dead_post")
    return (
        frame.filter((pl.col("street") < SHOWDOWN) & counted)
        .group_by("_hand_number", "street")
        .agg(pl.col("hand_key").first(), order=pl.col("seq").max().cast(pl.Int64) * 2 + 1)
        .with_columns(
            is_sentinel=pl.lit(True),
            is_last_sentinel=pl.col("street") == pl.col("street").max().over("_hand_number"),
        )
    )


def street_went_back() -> pl.Expr:
    """STREET-ORDER input, on (hand, seq) order: a betting/post row on an earlier street."""
    counted = pl.col("is_betting") | pl.col("is_live_post") | pl.col("is_dead_post")
    street = pl.when(counted).then(pl.col("street").cast(pl.Int64))
    return counted & (pl.col("street") < prev_max_in(street, "_hand_number"))


#: Bit widths of the folded (hand, street, order) sort key: order = 2 * seq (+1) of an Int32
#: seq, street an Int8, the dense hand number in the remaining 20 bits.
ORDER_BITS, STREET_BITS = 34, 9
MAX_KEYED_HANDS = 1 << (63 - ORDER_BITS - STREET_BITS)


def _in_street_order(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` sorted by (hand_key, street, order), nulls first.

    The hand enters as its dense number `_hand_number` (in hand_key order), so one Int64 key does:
    a single-key sort is cheaper than sorting on the three columns.
    """
    if frame.get_column("_hand_number").max() >= MAX_KEYED_HANDS:  # type: ignore[operator]
        return frame.sort("hand_key", "street", "order")
    street = (pl.col("street").cast(pl.Int64) + (1 << 7) + 1).fill_null(0)
    order = (pl.col("order") + (1 << 32) + 1).fill_null(0)
    hand = pl.col("_hand_number") * (1 << (ORDER_BITS + STREET_BITS))
    key = hand + street * (1 << ORDER_BITS) + order
    return frame.sort(key)


#: |hand_key| below this folds with the seat into one Int64 join key (_hand_seat_key).
MAX_FOLDED_HAND_KEY = 1 << (62 - SEAT_BITS)


def _hand_seat_key() -> pl.Expr:
    """(hand_key, seat) as one Int64, null when either is null (as a two-key join treats nulls)."""
    seat = pl.col("seat").cast(pl.Int64) + (1 << 15)
    return pl.col("hand_key") * (1 << SEAT_BITS) + seat


def _largest_key(table: pl.DataFrame) -> int | None:
    """The largest |hand_key| (None when there is none)."""
    largest = table.get_column("hand_key").abs().max()
    return None if largest is None else int(largest)  # type: ignore[arg-type]


def left_join_players(frame: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """`frame.join(players, on=["hand_key", "seat"], how="left", maintain_order="left")`, done
    on one folded Int64 key when the hand keys allow it (cheaper than the two-key join; a null
    key matches nothing either way). Each row's starting stack (prepare), end stacks
    (audit/sessions/ends.py)."""
    largest = (_largest_key(frame), _largest_key(players))
    if any(k is None or k >= MAX_FOLDED_HAND_KEY for k in largest):
        return frame.join(players, on=["hand_key", "seat"], how="left", maintain_order="left")
    keyed = players.select(_hand_seat_key().alias("_hand_seat"), pl.exclude("hand_key", "seat"))
    return (
        frame.with_columns(_hand_seat_key().alias("_hand_seat"))
        .join(keyed, on="_hand_seat", how="left", maintain_order="left")
        .drop("_hand_seat")
    )


def full_join_players(left: pl.DataFrame, right: pl.DataFrame) -> pl.DataFrame:
    """`left.join(right, on=["hand_key", "seat"], how="full", coalesce=True)`, done on one folded
    Int64 key when the hand keys allow it (a null seat matches nothing either way; the rows
    come in no defined order either way)."""
    largest = (_largest_key(left), _largest_key(right))
    if any(k is None or k >= MAX_FOLDED_HAND_KEY for k in largest):
        return left.join(right, on=["hand_key", "seat"], how="full", coalesce=True)
    keyed = right.select(
        _hand_seat_key().alias("_hand_seat"),
        pl.col("hand_key").alias("_right_hand"),
        pl.col("seat").alias("_right_seat"),
        pl.exclude("hand_key", "seat"),
    )
    joined = left.with_columns(_hand_seat_key().alias("_hand_seat")).join(
        keyed, on="_hand_seat", how="full", coalesce=True
    )
    return joined.with_columns(
        hand_key=pl.coalesce("hand_key", "_right_hand"), seat=pl.coalesce("seat", "_right_seat")
    ).drop("_hand_seat", "_right_hand", "_right_seat")


def join_or_nulls(frame: pl.DataFrame, part: pl.DataFrame, on: str = "hand_key") -> pl.DataFrame:
    """`frame.join(part, on=on, how="left")`; a `part` without rows (a per-hand sentence that
    no hand has, the usual case) adds its columns as nulls of their types, without a join."""
    if part.height:
        return frame.join(part, on=on, how="left")
    return frame.with_columns(
        pl.lit(None, dtype).alias(name) for name, dtype in part.schema.items() if name != on
    )


def in_seq_order(actions: pl.DataFrame) -> pl.DataFrame:
    """Sorted by (hand_key, seq); returned as it is when already strictly in that order (one
    pass to check saves the wide sort; without ties the sorted order is the same).

    The parsers emit actions in that order; the final state is in (hand, street, seq) order,
    which is (hand, seq) order unless a street went back.
    """
    later = pl.col("hand_key").diff() > 0
    strictly_after = later | ((pl.col("hand_key").diff() == 0) & (pl.col("seq").diff() > 0))
    if actions.select(strictly_after.fill_null(False).slice(1).all()).item():
        return actions
    return actions.sort("hand_key", "seq")


def prepare(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    options: Options,
    per_site: Mapping[str, Options] | None,
    per_hand: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """The joined, sorted frame (see the module docstring). `per_hand`: more columns of one
    row per hand_key, joined onto the rows in the same join as the hand's facts (one join of
    the long frame, not one per per-hand table)."""
    sites = hands.get_column("site").unique().sort().to_list()
    # the stakes every rule reads: the header's, or the posts' where they contradict it
    # (audit/state/stakes.py)
    actions = in_seq_order(actions)
    hand_info = (
        effective_stakes(
            with_defaults(hands, "hands").select(*HAND_COLUMNS, game_slot()), seats, actions
        )
        .join(options_frame(sites, options, per_site), on="site", how="left")
        .join(hand_post_facts(actions), on="hand_key", how="left")
    )
    if per_hand is not None:
        hand_info = hand_info.join(per_hand, on="hand_key", how="left")
    stacks = seats.select("hand_key", "seat", "stack", pl.col("sitting_out").fill_null(False))
    frame = actions.with_columns(
        *kind_flags(),
        _hand_number=group_ids("hand_key"),
        order=pl.col("seq").cast(pl.Int64) * 2,
        is_sentinel=pl.lit(False),
    ).with_columns(went_back=street_went_back())
    frame = pl.concat([frame, sentinels(frame)], how="diagonal_relaxed")
    bool_cols = [c for c, t in frame.schema.items() if t == pl.Boolean and c != "is_all_in"]
    frame = _in_street_order(frame.with_columns(pl.col(bool_cols).fill_null(False))).join(
        hand_info, on="hand_key", how="left", maintain_order="left"
    )
    frame = with_round_columns(frame)
    # in street order each hand's rows are still one run, in hand_key order: the dense hand
    # number of the (hand_key, seq) order is the sorted frame's hand_number
    frame = left_join_players(frame, stacks).with_columns(
        chips=pl.col("amount").fill_null(0),
        hand_number=pl.col("_hand_number"),
        street_number=group_ids("_hand_number", "street"),
        row=pl.int_range(pl.len()),
    )
    return frame.drop("_hand_number").with_columns(
        hand_number_first=first_flag("hand_number"), street_number_first=first_flag("street_number")
    )
