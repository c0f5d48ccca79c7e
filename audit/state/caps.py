"""The contestable caps (D-9, I-8): the most each seat can be asked to match, and who owes.

A seat's cap is the current bet, or less when every other live player is all-in below it. It
can differ from the bet only on a row where some live seat's all-in total is below the bet
(below_bet): on the others, who owes action and the actor's cap read the bet itself, and the
caps (allin_levels, contestable) are computed on the few remaining rows (capped_rows) and
written back by position (written_back).
"""

from __future__ import annotations

import polars as pl


def _allin_total(s: int) -> pl.Expr:
    """The most seat s can have in on the street (live seats only, else null)."""
    return pl.when(f"_live_{s}").then(pl.col(f"_committed_{s}") + pl.col(f"_behind_{s}"))


def below_bet(seats: list[int]) -> pl.Expr:
    """True where some live seat's all-in total is below the current bet (or the bet is null;
    a null comparison counts as below): the only rows where a cap of contestable can differ
    from the current bet.

    Elsewhere every live seat's total is at least the bet, so the top and the second (when
    there is one) are too, and every cap, min(current bet, top or second; no live seat: the
    bet), is the bet.
    """
    bet = pl.col("current_bet")
    total = {s: pl.col(f"_committed_{s}") + pl.col(f"_behind_{s}") for s in seats}
    low = [(pl.col(f"_live_{s}") & (total[s] < bet)).fill_null(True) for s in seats]
    return bet.is_null() | any_true(low)


#: Below every all-in total (amounts are below 2**VALUE_BITS): stands for "no live seat", so
#: the horizontal maxima run on columns without nulls (cheaper than with nulls).
NO_ALLIN = -(1 << 62)


def _highest(values: list[pl.Expr]) -> pl.Expr:
    """max_horizontal of nullable values, NO_ALLIN where all are null (_unless_none undoes it).

    Comparing a value with NO_ALLIN gives what comparing it with null gives on every row where
    it matters: where the maximum is NO_ALLIN, every value is null."""
    return pl.max_horizontal([v.fill_null(NO_ALLIN) for v in values])


def _unless_none(name: str) -> pl.Expr:
    """Column `name` of _highest with NO_ALLIN back to null."""
    return pl.when(pl.col(name) != NO_ALLIN).then(pl.col(name))


def allin_levels(frame: pl.DataFrame, seats: list[int]) -> pl.DataFrame:
    """Adds `_top` / `_second` (the highest and second-highest all-in totals of the live seats,
    NO_ALLIN for none), `_at_top` (live seats at the top) and `_cb_top` / `_cb_second` (the
    current bet, capped at the top / second where there is one)."""
    allins = [pl.col(f"_allin_{s}") for s in seats]
    frame = frame.with_columns(_top=_highest(allins))
    below_top = [pl.when(a < pl.col("_top")).then(a).otherwise(NO_ALLIN) for a in allins]
    frame = frame.with_columns(
        _second=pl.max_horizontal(below_top),
        _at_top=count_true([(a == pl.col("_top")).fill_null(False) for a in allins]),
    )
    return frame.with_columns(
        _cb_top=pl.min_horizontal("current_bet", _unless_none("_top")),
        _cb_second=pl.min_horizontal("current_bet", _unless_none("_second")),
    )


def contestable(seats: list[int]) -> dict[str, pl.Expr]:
    """`_cap_<s>`: the most seat s can be asked to match: the current bet, or less when every
    other live player is all-in below it (chips above that would come straight back uncalled;
    PokerStars lets the small blind complete only to the all-in players' level, e.g.
    fpdb-3/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt, hand 25234313412)."""
    allins = [pl.col(f"_allin_{s}") for s in seats]
    top, lone_top = pl.col("_top"), pl.col("_at_top") == 1
    caps = {}
    for s, mine in zip(seats, allins, strict=True):
        # min(current bet, second) for the lone top all-in, else min(current bet, top)
        below_second = (mine == top) & lone_top
        caps[f"_cap_{s}"] = pl.when(below_second).then("_cb_second").otherwise("_cb_top")
    return caps


def seat_owing(s: int, cap: pl.Expr) -> dict[str, pl.Expr]:
    """Seat s owes action if it has not acted, or has acted below what it can be asked to match
    (D-9 with the contestable cap `cap`); "matched" (the lone player with chips) is against the
    bet. Where `cap` is the current bet, "needs" is "owes"."""
    chips, committed = pl.col(f"_chips_{s}"), pl.col(f"_committed_{s}")
    acted = pl.col(f"_acted_{s}")
    return {
        f"_owes_{s}": chips & (~acted | (committed < cap)),
        f"_matched_{s}": chips & (committed >= pl.col("current_bet")),
        # must act before the street may end: an unacted player who already matches every
        # all-in opponent below the bet may act (a fold, vector D24) but need not (Bovada HU:
        # fpdb-3/cash/LHE-2max-USD - $30-$60 - 201301.HU.all.in.big.txt)
        f"_needs_{s}": chips & ((committed < cap) | (~acted & (cap >= pl.col("current_bet")))),
    }


def _call_cap(seats: list[int], cap: str) -> pl.Expr:
    """The actor's cap: column `<cap>_<s>` on a row of seat s, null on other rows."""
    return pl.coalesce([pl.when(pl.col("seat") == s).then(pl.col(f"{cap}_{s}")) for s in seats])


#: What capped_rows computes on the rows where a cap can differ from the current bet.
CAPPED_OUTPUTS = ("_anyone_needs", "call_cap")


def capped_rows(frame: pl.DataFrame, seats: list[int]) -> tuple[pl.Series, pl.DataFrame]:
    """The positions of the rows where some live seat is all-in below the current bet
    (below_bet: few) and, on those rows only, each seat's `_owes_<s>` and CAPPED_OUTPUTS
    with the contestable caps (allin_levels, contestable)."""
    positions = frame.select(pl.arg_where(below_bet(seats))).to_series()
    per_seat = ("live", "chips", "committed", "behind", "acted")
    needed = ["seat", "current_bet", *(f"_{name}_{s}" for s in seats for name in per_seat)]
    rows = frame.select(pl.col(needed).gather(positions))
    rows = rows.with_columns(**{f"_allin_{s}": _allin_total(s) for s in seats})
    rows = allin_levels(rows, seats).with_columns(**contestable(seats))
    owing: dict[str, pl.Expr] = {}
    for s in seats:
        owing |= seat_owing(s, pl.col(f"_cap_{s}"))
    rows = rows.with_columns(**owing)
    return positions, rows.select(
        *(f"_owes_{s}" for s in seats),
        _anyone_needs=any_true([pl.col(f"_needs_{s}") for s in seats]),
        call_cap=_call_cap(seats, "_cap"),
    )


def written_back(frame: pl.DataFrame, positions: pl.Series, rows: pl.DataFrame) -> pl.DataFrame:
    """`frame` with the columns of `rows` replaced at `positions` (same order)."""
    return frame.with_columns(
        frame.get_column(c).scatter(positions, rows.get_column(c)) for c in rows.columns
    )


def count_true(flags: list[pl.Expr]) -> pl.Expr:
    """How many of `flags` are true, as Int32: a chain of additions, cheaper than
    sum_horizontal. The flags must not be null (the per-seat flags of turn_pass never are:
    each is built from forward fills that start on the hand's or street's first row)."""
    total = pl.lit(0, pl.Int32) if not flags else flags[0].cast(pl.Int32)
    for flag in flags[1:]:
        total = total + flag.cast(pl.Int32)
    return total


def any_true(flags: list[pl.Expr]) -> pl.Expr:
    """Whether any of `flags` is true: where only "none" or "some" matters, a boolean or is
    cheaper than counting (count_true). Same non-null precondition."""
    return pl.any_horizontal(flags) if flags else pl.lit(False)
