"""Main and side pots from the commitments (RULES.md §11 "Pots", "Eligible").

From the canonical actions alone (so the report's replay can call it on any tables):

* `player_money`: per (hand, seat) the live chips put in net of the uncalled returns, the dead
  money (antes, dead blinds), what the log says he collected, whether he folded;
* `build_pots`: per hand that reached a showdown (two or more players never folded, a collect
  logged) the pots level by level: each distinct live commitment of a player still in closes
  a level; pot j holds every player's chips between level j-1 and level j, the main pot the
  dead money (and money the site added) too, the last pot what folded players put above the
  top level. One row per (hand, pot, seat) with the seat's chips in that pot and `eligible`:
  in at that level, never folded, did not concede (a muck at showdown, by a player not all-in
  who collects nothing: `not_all_in`, `paid_nothing`).

Everything is a group-by or a join over all hands at once.
"""

from __future__ import annotations

import polars as pl

#: Live chips: the blinds and live posts, stud's bring-in and completion (S-3, S-4), the wagers.
LIVE_KINDS = (
    "post_sb",
    "post_bb",
    "post_straddle",
    "post_live",
    "bring_in",
    "complete",
    "call",
    "bet",
    "raise",
)
DEAD_KINDS = ("post_dead", "post_ante")


def player_money(actions: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, player, live, dead, collected, folded) per seat that acted."""
    kind = pl.col("kind")  # the ActionKind Enum, compared as is (a cast to text cost half)
    amount = pl.col("amount").fill_null(0)

    def chips(kinds: tuple[str, ...]) -> pl.Expr:
        return pl.when(kind.is_in(kinds)).then(amount).otherwise(0).sum()

    money = (
        actions.filter(pl.col("seat").is_not_null())
        .group_by("hand_key", "seat")
        .agg(
            pl.col("player").first(),
            live_in=chips(LIVE_KINDS),
            dead_in=chips(DEAD_KINDS),
            returned=chips(("uncalled_return",)),
            collected=chips(("collect",)),
            folded=(kind == "fold").any(),
        )
    )
    return _net_of_returns(money)


def money_from_flows(flows: pl.DataFrame) -> pl.DataFrame:
    """`player_money` from the betting state's per-seat group-by (audit/state/settlement.py
    `player_flows`, which sums the same rows: every action, void or not), so the check does
    not group the actions a second time."""
    money = flows.filter(pl.col("seat").is_not_null()).select(
        "hand_key",
        "seat",
        "player",
        "live_in",
        "dead_in",
        "returned",
        "collected",
        folded="fold_logged",
    )
    return _net_of_returns(money)


def _net_of_returns(money: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, player, live, dead, collected, folded): an uncalled return gives back
    live chips first, then unmatched antes."""
    over = (pl.col("returned") - pl.col("live_in")).clip(lower_bound=0)
    return money.select(
        "hand_key",
        "seat",
        "player",
        live=(pl.col("live_in") - pl.col("returned")).clip(lower_bound=0),
        dead=pl.col("dead_in") - over,
        collected="collected",
        folded="folded",
    )


def not_all_in(
    mucked: pl.DataFrame, money: pl.DataFrame, seats: pl.DataFrame | None
) -> pl.DataFrame:
    """(hand_key, seat) of the mucking players who concede: an all-in player's cards are
    turned up, he cannot give up his claim (TDA 16). 888poker prints "mucks [cards]" for both:
    NLHE-FREE-MTT-$75Freeroll20120217.txt hand 190631995, surubi88 all-in "mucks [ Qc, Ad ]"
    and collects the side pot his two pair wins; StreetTests/River.txt hand 539478640,
    MomWasRight (not all-in) "mucks [ 4s, 4c ]" and Jack3bet collects."""
    mucked = mucked.select("hand_key", "seat")
    if seats is None or mucked.height == 0:
        return mucked
    # only the mucking seats are looked up (not every seat of the batch)
    stacks = seats.select("hand_key", "seat", "stack").join(
        mucked, on=["hand_key", "seat"], how="semi"
    )
    put_in = money.select("hand_key", "seat", put=pl.col("live") + pl.col("dead")).join(
        mucked, on=["hand_key", "seat"], how="semi"
    )
    all_in = stacks.join(put_in, on=["hand_key", "seat"]).filter(
        pl.col("stack").is_not_null() & (pl.col("put") >= pl.col("stack"))
    )
    return mucked.join(all_in, on=["hand_key", "seat"], how="anti")


def paid_nothing(conceding: pl.DataFrame, money: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat) of the `conceding` players the log paid nothing: a player who mucked
    and collected is still in the pots (eligibility comes from the chips he put in and his
    folds, not from the word "mucks"): 888poker prints "mucks [cards]" for a winner not
    all-in (Step 1 WSOP (78669312) hand 775396118: SYSTEM3RROR "mucks [ Td, 9d ]", pair of
    tens, collects the 250 side pot). One paid nothing conceded: his muck gave up the pot
    (888 StreetTests/River.txt hand 539478640: MomWasRight "mucks [ 4s, 4c ]", two pair,
    Jack3bet's pair of sevens collects), which the log cannot prove a fault."""
    if conceding.height == 0:
        return conceding
    paid = money.filter(pl.col("collected") > 0).select("hand_key", "seat")
    return conceding.join(paid, on=["hand_key", "seat"], how="anti")


def chip_sizes(money: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, chip): the smallest chip of each hand, the largest of 100, 10, 1 that divides
    every amount put in and collected: tournament chips read in cents move in steps of 100
    (Winamax NLHE-EUR-0.92-STT-201207.no.cur.txt hand 119419173368496129-1-1343577528: 260
    chips split 87 + 87 + 86), and the odd chips of a split are whole chips."""
    amounts = [pl.col(name) for name in ("live", "dead", "collected")]

    def divides(chip: int) -> pl.Expr:
        return pl.all_horizontal(a % chip == 0 for a in amounts).all()

    chip = pl.when(divides(100)).then(100).when(divides(10)).then(10).otherwise(1)
    return money.group_by("hand_key").agg(chip=chip.cast(pl.Int64))


def showdown_hands(money: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, in_at_end, collected_total, put_total) for hands with two or more players
    never folded and a collect: the hands whose pots are judged."""
    per_hand = money.group_by("hand_key").agg(
        in_at_end=(~pl.col("folded")).sum(),
        collected_total=pl.col("collected").sum(),
        put_total=(pl.col("live") + pl.col("dead")).sum(),
    )
    return per_hand.filter((pl.col("in_at_end") >= 2) & (pl.col("collected_total") > 0))


def _levels(players: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, level, pot, floor, n_pots): each distinct live commitment of a player still
    in, numbered from 0 per hand, with the level below it (0 for the main pot). Read off the
    rows sorted by hand and level (where each hand's run starts and ends), not by windows
    over the hands (a window per hand cost more than the rest of the pots)."""
    levels = (
        players.filter(~pl.col("folded") & (pl.col("live") > 0))
        .select("hand_key", level="live")
        .unique()
        .sort("hand_key", "level")
    )
    row = pl.int_range(pl.len(), dtype=pl.Int64)
    first = pl.col("hand_key") != pl.col("hand_key").shift(1)
    last = pl.col("hand_key") != pl.col("hand_key").shift(-1)
    start = pl.when(first.fill_null(True)).then(row).forward_fill()
    end = pl.when(last.fill_null(True)).then(row).backward_fill()
    return levels.with_columns(
        pot=(row - start).cast(pl.Int32),
        floor=pl.when(first.fill_null(True)).then(0).otherwise(pl.col("level").shift(1)),
        n_pots=(end - start + 1).cast(pl.Int32),
    )


def build_pots(
    money: pl.DataFrame,
    hands: pl.DataFrame,
    conceded: pl.DataFrame,
    shown: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """One row per (hand_key, pot, seat) of the showdown hands: `level`, `floor`, `chips` (the
    seat's part of the pot), `eligible`, and per pot `pot_amount`, `n_eligible`, `n_pots`.

    `conceded`: (hand_key, seat) of the players who mucked at showdown (audit/showdown/known);
    `shown`: `showdown_hands(money)` when the caller has it.
    """
    keys = (showdown_hands(money) if shown is None else shown).select("hand_key")
    players = money.join(keys, on="hand_key", how="semi").join(
        conceded.select("hand_key", "seat", conceded=pl.lit(True)),
        on=["hand_key", "seat"],
        how="left",
    )
    players = players.with_columns(pl.col("conceded").fill_null(False))
    levels = _levels(players)
    rows = levels.join(players, on="hand_key", how="inner")
    in_level = (pl.col("live").clip(upper_bound=pl.col("level")) - pl.col("floor")).clip(
        lower_bound=0
    )
    first, last = pl.col("pot") == 0, pl.col("pot") == pl.col("n_pots") - 1
    above_top = (pl.col("live") - pl.col("level")).clip(lower_bound=0)
    chips = (
        in_level
        + pl.when(first).then(pl.col("dead")).otherwise(0)
        + pl.when(last).then(above_top).otherwise(0)
    )
    eligible = ~pl.col("folded") & ~pl.col("conceded") & (pl.col("live") >= pl.col("level"))
    rows = rows.with_columns(chips=chips, eligible=eligible)
    added = hands.select("hand_key", added=pl.col("site_added").fill_null(0))
    rows = rows.join(added, on="hand_key", how="left").join(
        chip_sizes(players), on="hand_key", how="left"
    )
    return rows.with_columns(
        pot_amount=pl.col("chips").sum().over("hand_key", "pot")
        + pl.when(first).then(pl.col("added")).otherwise(0),
        n_eligible=pl.col("eligible").sum().over("hand_key", "pot").cast(pl.Int32),
    ).drop("added")
