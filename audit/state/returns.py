"""The uncalled amounts a hand's commitments leave (RULES.md H-2), for UNCALLED-RETURN, POT-TOTAL
and CHIP-CONSERVATION (audit/state/settlement.py).

Each street's top and second commitment (folded players' chips included): the difference goes
back to the top bettor; and an ante nobody else can match (every other ante all-in for less)
comes back to the player who posted it.
"""

from __future__ import annotations

import polars as pl

from audit.state.passes import active
from audit.state.windows import MAX_FOLDED_GROUPS, VALUE_BITS, first_flag, seat_key
from parsers.games import SHOWDOWN

LIVE = pl.col("is_live_post") | pl.col("is_call") | pl.col("is_wager")


def expected_returns(state: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, expected_return): each street's top minus second commitment, plus
    the unmatched part of an ante nobody could contest (_ante_returns)."""
    streets = _street_returns(state)
    antes = _ante_returns(state)
    if antes.height == 0:
        return streets
    return (
        pl.concat([streets, antes.cast(streets.schema)])
        .group_by("hand_key", "seat")
        .agg(pl.col("expected_return").sum())
    )


def _ante_returns(state: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, expected_return): when every other player who posted an ante went
    all-in with it for less, the part of the one largest ante above the next is matched by
    nobody and goes back (Bovada heads-up, fpdb-3 ante.all.in: "Big Blind : All-in 166" as
    his ante against "Dealer : Ante chip 240", "Return uncalled portion of bet 74")."""
    antes = state.filter(active() & (pl.col("kind") == "post_ante"))
    if antes.height == 0:  # no ante in the slice
        types = antes.schema
        names = {"hand_key": "hand_key", "seat": "seat", "expected_return": "chips_in"}
        return pl.DataFrame(schema={name: types[source] for name, source in names.items()})
    per_seat = antes.group_by("hand_key", "seat").agg(
        ante=pl.col("chips_in").sum(), left=pl.col("remaining_after").last()
    )
    hand = "hand_key"
    top = pl.col("ante").max().over(hand)
    at_top = pl.col("ante") == top
    per_seat = per_seat.with_columns(
        second=pl.when(~at_top).then(pl.col("ante")).max().over(hand),
        unmatched=at_top
        & (at_top.sum().over(hand) == 1)
        & (at_top | (pl.col("left") == 0)).all().over(hand),
    )
    return per_seat.filter(pl.col("unmatched") & pl.col("second").is_not_null()).select(
        hand, "seat", expected_return=pl.col("ante") - pl.col("second")
    )


def _street_returns(state: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, expected_return): each street's top minus second commitment."""
    final = (
        state.filter(active() & LIVE & (pl.col("street") < SHOWDOWN))
        .group_by(seat_key("street_number").alias("_street_seat"))
        .agg(
            pl.col("hand_key", "street_number", "seat").first(),
            committed=pl.col("committed_after").max(),
        )
        .drop("_street_seat")
    )
    return (
        _top_two(final)
        .filter(pl.col("top") > pl.col("second"))
        .group_by("hand_key", "seat")
        .agg(expected_return=(pl.col("top") - pl.col("second")).sum())
    )


def _top_two(final: pl.DataFrame) -> pl.DataFrame:
    """Per street (street_number): the top commitment, its seat, and the second largest (0 alone).

    One sort and a shift instead of top_k / sort_by inside group_by (per-group list work,
    slower): the second is the smaller of the street's first two rows. A null commitment (a
    wager without an amount by a seat without a stack) takes the per-group form, whose seat
    choice puts nulls first.
    """
    if final.get_column("committed").null_count():
        return _top_two_per_group(final)
    if _rank_key_fits(final):
        ranked = final.sort(_street_rank_key())
    else:
        ranked = final.sort("street_number", "committed", descending=[False, True])
    same_street = pl.col("street_number").shift(-1) == pl.col("street_number")
    runner_up = pl.min_horizontal("committed", pl.col("committed").shift(-1))
    return (
        ranked.with_columns(second=pl.when(same_street).then(runner_up).otherwise(0))
        .filter(first_flag("street_number"))
        .select("hand_key", "street_number", "seat", "second", top="committed")
    )


def _street_rank_key() -> pl.Expr:
    """(street_number ascending, committed descending) as one Int64: a one-key sort costs less than
    the two-key sort. Needs _rank_key_fits.

    Rows with equal commitments on a street may come out in another order than the two-key
    sort's, which changes only the seat named for a tied top: that seat is read only where
    the top is unique (top > second, expected_returns).
    """
    top = (1 << VALUE_BITS) - 1
    return pl.col("street_number") * (1 << VALUE_BITS) + (top - pl.col("committed"))


def _rank_key_fits(final: pl.DataFrame) -> bool:
    """Commitments in [0, 2**VALUE_BITS) and street ids below MAX_FOLDED_GROUPS (no nulls)."""
    bounds = final.select(
        low=pl.col("committed").min(),
        high=pl.col("committed").max(),
        low_street=pl.col("street_number").min(),
        high_street=pl.col("street_number").max(),
    ).row(0)
    low, high, low_street, high_street = bounds
    if low is None:  # no rows: either sort will do
        return True
    return (
        low >= 0 and high < 1 << VALUE_BITS and low_street >= 0 and high_street < MAX_FOLDED_GROUPS
    )


def _top_two_per_group(final: pl.DataFrame) -> pl.DataFrame:
    """_top_two with top_k / sort_by per street (nulls: top_k ranks them lowest)."""
    return final.group_by("hand_key", "street_number").agg(
        pl.col("seat").sort_by("committed", descending=True).first(),
        second=pl.col("committed").top_k(2).min().filter(pl.len() >= 2).first().fill_null(0),
        top=pl.col("committed").max(),
    )
