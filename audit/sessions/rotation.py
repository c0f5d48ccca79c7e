"""Where the big blind should be (T-2 BLIND-ROTATION), for the consecutive hands of a session.

A pair of hands is judged only where the log proves the two are consecutive and the blind's
move is determined: no hand quarantined between, every player of both hands whose stacks are
known carries his stack exactly, with what top-up, rebuy and add-on lines added (at least two:
a hand missing from the log moves the blinds' stacks), one big blind posted in each, and nobody
dealt in to the later hand who was not dealt in, in the same seat, to the earlier one (a new
player may wait for the big blind or post). Players who left are allowed: that is what the
button rule decides.

* dead button (tournaments always, TDA 32; cash with `button_rule = "dead"`): the big blind
  moves to the first seat clockwise after the previous big blind that is dealt in;
* moving button (`button_rule = "moving"`): the button moves to the first seat dealt in after
  the previous button, the small blind and the big blind follow it; heads-up the button is the
  small blind, so the big blind is the other player.

Going heads-up (two dealt in after a player left) is not judged: the sites place the button
each their own way and between them both seats take the big blind. PokerStars hand
179821252480 (standard_dollars.txt) keeps the button on Rokep02 and gives the big blind to
rorrrr, the small blind of the hand before, after victor128422 left the big blind's seat (both
button rules give it to Rokep02); GGPoker hand TM4181621433 (test2.txt) moves the button on to
the small blind's seat and Hero posts the big blind twice in a row (the moving rule's seat);
the dead-button rule gives it to the seat after the previous big blind.

Within a hand, heads-up (two dealt in) the button posts the small blind, where the button is
on a player dealt in: with a dead button (the button on an empty seat, 888poker hands 474339152
and 631367802 after a player left) the small blind is the previous big blind's seat.

A fast-fold pool's pairs are judged only where the log proves them one table's consecutive
hands (`table_proven`: audit/sessions/pools.py).
"""

from __future__ import annotations

import polars as pl

ROTATION_COLUMNS = ("hand_key", "rotation_judged", "expected_bb", "other_bb", "heads_up_wrong")


def ring() -> pl.Expr:
    """Seats around the table, on rows of one hand's seats: max_seats, or more when the site
    numbers seats beyond it (888poker "9 Max" tables use seat 10), at least 2; evaluated
    before a group_by on hand_key (it is a window over the hand)."""
    largest = pl.col("seat").cast(pl.Int64).max().over("hand_key")
    return pl.max_horizontal(pl.col("max_seats").cast(pl.Int64).fill_null(0), largest, 2)


#: Seats (Int16) and seat distances fit in 16 bits: a hand key and one of them make one Int64
#: key, which Polars sorts on twice as fast as the pair of columns (and joins a little faster).
_SEAT_SPAN = 1 << 16


def hand_and(hand_key: str, within: pl.Expr) -> pl.Expr:
    """One Int64 ordering rows by (`hand_key`, `within`) where `within` is a seat (Int16) or a
    distance in seats (0 <= d < 2**15), never null: hand_key * 2**16 + within + 2**15."""
    return pl.col(hand_key) * _SEAT_SPAN + within.cast(pl.Int64) + _SEAT_SPAN // 2


def _in_rotation(
    seats: pl.LazyFrame, pairs: pl.LazyFrame, key: str, carried: tuple[str, ...] = ()
) -> pl.LazyFrame:
    """(`key`, seat, player, the pair's `carried` columns) of the seats in the blinds' rotation
    of the hands `pairs.<key>` names (this hand or the previous one: both are of one table, so
    of one game kind): in a tournament every seated player (one sitting out is still dealt in
    and posts: PokerStars "is sitting out" players post their blinds), in a cash game those not
    sitting out."""
    tournament = pairs.select(key, *carried, _tournament=pl.col("is_tournament").fill_null(False))
    marked = seats.select(pl.col("hand_key").alias(key), "seat", "player", "sitting_out")
    in_rotation = pl.col("_tournament") | ~pl.col("sitting_out").fill_null(False)
    joined = marked.join(tournament, on=key, how="inner")
    return joined.filter(in_rotation).select(key, *carried, "seat", "player")


def _carry_counts(carries: pl.LazyFrame) -> pl.LazyFrame:
    known = pl.col("stack").is_not_null() & pl.col("prev_end").is_not_null()
    return carries.group_by("hand_key").agg(
        known.sum().alias("_known"),
        # a stack carries with what the log's top-up, rebuy and add-on lines added
        (known & (pl.col("stack") != pl.col("prev_end") + pl.col("added_between")))
        .sum()
        .alias("_off"),
    )


def _expected(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per hand: arrivals, dealt count, and the big blind seat each button rule expects."""
    facts = ("prev_hand_key", "prev_bb_seat", "prev_button_seat", "button_seat", "max_seats")
    now = _in_rotation(seats, pairs, "hand_key", facts)
    before = _in_rotation(seats, pairs, "prev_hand_key")
    # the previous hand's player in the same seat: a join on the (hand, seat) pair alone, the
    # names compared after it (a join on the name as a third key costs twice as much)
    at_seat = hand_and("prev_hand_key", pl.col("seat")).alias("_at")
    earlier = before.select(at_seat, pl.col("player").alias("_was_player"))
    now = now.with_columns(at_seat)
    now = now.join(earlier, on="_at", how="left").drop("_at")
    arrived = ~(pl.col("_was_player") == pl.col("player")).fill_null(False)
    after_bb = (pl.col("seat").cast(pl.Int64) - pl.col("prev_bb_seat") - 1) % pl.col("_ring")
    after_button = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col(
        "_ring"
    )
    n = pl.len()
    before_count = before.group_by("prev_hand_key").agg(pl.len().alias("_dealt_before"))
    # one sort of the rows by (hand, seats after the button), then per hand: not a sort per
    # hand (without a previous button the order within the hand does not count: see below)
    return (
        now.with_columns(_ring=ring())
        .with_columns(_after_bb=after_bb, _after_button=after_button)
        .sort(hand_and("hand_key", pl.col("_after_button").fill_null(0)))
        .group_by("hand_key", maintain_order=True)
        .agg(
            pl.col("prev_hand_key").first(),
            arrived.sum().alias("_arrivals"),
            n.alias("_dealt"),
            pl.col("seat").get(pl.col("_after_bb").arg_min()).alias("_dead_bb"),
            pl.col("seat").get(pl.min_horizontal(n, 3) - 1).alias("_moving_bb"),
            pl.col("prev_button_seat").first().is_null().alias("_no_button"),
            (pl.col("seat") == pl.col("button_seat")).any().alias("_button_dealt"),
        )
        # no seat comes after an unknown seat: without the earlier blind or button, no
        # expected seat (the plain sorts picked an arbitrary seat there)
        .with_columns(pl.when(~pl.col("_no_button")).then("_moving_bb").alias("_moving_bb"))
        .drop("_no_button")
        .join(before_count, on="prev_hand_key", how="left")
        .with_columns(
            _departures=pl.col("_dealt_before") - (pl.col("_dealt") - pl.col("_arrivals"))
        )
    )


def rotation(
    pairs: pl.LazyFrame, seats: pl.LazyFrame, carries: pl.LazyFrame, rule: pl.Expr
) -> pl.LazyFrame:
    """ROTATION_COLUMNS per pair (module docstring); `rule` is each hand's button_rule."""
    frame = (
        pairs.select(
            "hand_key",
            "gap_free",
            "table_proven",
            "n_bb",
            "prev_n_bb",
            "n_sb",
            "sb_seat",
            "button_seat",
            rule.alias("_rule"),
        )
        .join(_expected(pairs, seats), on="hand_key", how="left")
        .join(_carry_counts(carries), on="hand_key", how="left")
    )
    # going heads-up the sites place the button each their own way (module docstring)
    going_heads_up = (pl.col("_dealt") == 2) & (pl.col("_departures") > 0)
    judged = (
        pl.col("gap_free")
        & pl.col("table_proven")
        & ~going_heads_up
        & (pl.col("_arrivals") == 0)
        & (pl.col("n_bb") == 1)
        & (pl.col("prev_n_bb") == 1)
        & (pl.col("_known").fill_null(0) >= 2)
        & (pl.col("_off").fill_null(0) == 0)
        & (pl.col("_dealt") >= 2)
    ).fill_null(False)
    # with nobody gone both rules move the big blind one seat on (the moving formula, counted
    # from the button, would also count a dead small blind of the earlier hand)
    stable = pl.col("_departures") == 0
    expected = (
        pl.when(stable | (pl.col("_rule") != "moving")).then("_dead_bb").otherwise("_moving_bb")
    )
    # "either": a seat one of the two rules gives is accepted
    other = pl.when(~stable & (pl.col("_rule") == "either")).then("_moving_bb").otherwise(expected)
    heads_up_wrong = (
        (pl.col("_dealt") == 2)
        & pl.col("_button_dealt")
        & (pl.col("n_sb") == 1)
        & (pl.col("sb_seat") != pl.col("button_seat"))
    ).fill_null(False)
    return frame.select(
        "hand_key",
        judged.alias("rotation_judged"),
        expected.alias("expected_bb"),
        other.alias("other_bb"),
        heads_up_wrong.alias("heads_up_wrong"),
    )
