"""iPoker settlement: each player's `win` and `bet` -> collects, uncalled returns, total_pot, rake.

What the format states, per player of a `<game>`: `bet`, the chips he put in over the hand
(the uncalled part included), and `win`, the chips he got back at the end. Nothing else: no pot
line, no rake, no final stacks, no uncalled-bet line.

`bet` and a closing code-23 raise. Some clients count a player's last wager, when it is a
code-23 raise (whose `sum` is the raise-to total), by that total on top of the chips he already
had in on that street: the small blind who raises to €3 and is called has bet="€3.50" for €3
put in. The 2018 exports with `<uncalled_bet_enabled>true</uncalled_bet_enabled>` always do
(client 17.5.6.7: 87 players on 73 of 473 hands; 18.9.3.4: its one such raiser); the older
exports with no `<client_version>` almost never (40 such raisers with bet = the raise-to total,
two without: a 2017 export and a hand-edited sample). Neither element decides it, so it is read
from the figures, player by player: a `bet` that exceeds the player's actions by exactly the
chips he had in on the street before his closing code-23 raise is read as what the actions put
in; any other difference stays and is the pot check's business (`_bet_put_in`). Checked on
thlorenz+hhp-xml: with it, the pot the actions leave (uncalled returned) minus the `win`s is a
rake of 0 (no flop), 5 % rounded down, or the table's cap on all 473 hands.

Whether `win` holds the uncalled part of a player's bet depends on the export:
- `<uncalled_bet_enabled>false` and the older exports with no `<client_version>` at all: it
  does. The uncalled chips are inside `win` (a player whose bet went uncalled and who lost the
  showdown has exactly them as his `win`: fpdb-3 NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner;
  on 156 corpus hands the other reading would make the pot pay out more than was put in).
- `<uncalled_bet_enabled>true`: it does not (the uncalled chips go back separately; on
  fpdb-3 5CPLO-EUR-2.00-4.00-201905 the other reading leaves a negative collect, and on the
  473 thlorenz+hhp-xml hands the rake above comes out only this way).
- a newer export (`<client_version>`) that does not say: unknown. Its hands with uncalled chips
  get no settlement at all (no collects: the settlement checks skip them).

Read:
- one `uncalled_return` per street whose top commitment exceeds the second (the street it
  happened on, after the street's last action), as RULES.md H-2 computes it; with `win`
  holding it, what `win` cannot cover was not returned (the return is cut to it, and H-2
  flags the hand);
- one `collect` (street 4) per player: `win` minus what of it was the uncalled return;
- `total_pot` = Σ `bet` (read as above) − Σ returned (the players' money left in the pot);
- `rake` 0 in tournaments (chips: the fee is taken with the buy-in, never from a pot), else
  null (not stated: the chip-conservation check does not run on cash hands);
- `final_stack` stays null (not stated).
"""

from __future__ import annotations

import polars as pl

from parsers.core.actions import SETTLEMENT
from parsers.documents.ipoker.families import ipoker_families
from parsers.documents.ipoker.frames import _frame, money
from parsers.documents.ipoker.xml_columns import XmlColumns
from parsers.documents.settlement import (
    collect_rows,
    merge_settlement,
    return_rows,
    street_returns,
)

#: Stud's kinds that put chips in (besides the posts, calls, bets and raises).
STUD_CHIPS = ("bring_in", "complete")
#: How `win` treats the uncalled part of the player's bet.
WIN_HOLDS_RETURN, WIN_WITHOUT_RETURN, WIN_UNKNOWN = "holds", "without", "unknown"


def win_mode(flag: pl.Expr, client_version: pl.Expr) -> pl.Expr:
    """Per game: does `win` hold the uncalled return (see the module docstring)?"""
    flag = flag.str.strip_chars().str.to_lowercase()
    return (
        pl.when(flag == "true")
        .then(pl.lit(WIN_WITHOUT_RETURN))
        .when(flag == "false")
        .then(pl.lit(WIN_HOLDS_RETURN))
        .when(client_version.is_null())
        .then(pl.lit(WIN_HOLDS_RETURN))
        .otherwise(pl.lit(WIN_UNKNOWN))
    )


def player_money(cols: XmlColumns, games: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, player, win, bet, line_no) in minor units; null where not stated."""
    raw = _frame(cols.player, ("name", "win", "bet"))
    keys = games.select("file_id", "game_ix", "hand_key", "scale", "eu")
    frame = raw.join(keys, on=["file_id", "game_ix"], how="inner")
    return frame.select(
        "hand_key",
        pl.col("name").alias("player"),
        money(pl.col("win")).alias("win"),
        money(pl.col("bet")).alias("bet"),
        "line_no",
    )


def _bet_put_in(stated: pl.DataFrame, actions: pl.DataFrame, stud: pl.Series) -> pl.DataFrame:
    """`stated` with `bet` read as chips put in: a bet that exceeds the player's actions by
    exactly what he had in on the street before his closing code-23 raise counts that raise by
    its total on top of them (see the module docstring) and is read as the actions' sum. In
    stud (`stud`: the hands' keys) a bet that exceeds them by exactly the ante of a player
    who raised with code 23 counts that ante twice: read as the actions' sum too (17 of the
    18 code-23 raisers of fpdb-3's 7-StudHi-USD-STT-5-201103, the 18th's bet is his actions';
    with it every hand's pot the actions leave is the sum of its `win`s)."""
    kind = pl.col("kind")
    chips = kind.str.starts_with("post_") | kind.is_in(["call", "bet", "raise", *STUD_CHIPS])
    last = pl.col("seq").max()
    closing = (pl.col("_site_kind").filter(pl.col("seq") == last).first() == "raise_to").fill_null(
        False
    )
    before = (pl.col("to_amount") - pl.col("amount")).filter(pl.col("seq") == last).first()
    raised_to = (pl.col("_site_kind") == "raise_to").any() & pl.col("hand_key").is_in(
        stud.implode()
    ).first()
    ante = pl.col("amount").filter(kind == "post_ante").sum()
    per_player = (
        actions.filter(chips)
        .group_by("hand_key", "player")
        .agg(
            pl.col("amount").sum().alias("_put_in"),
            pl.when(closing).then(before).otherwise(0).alias("_overcount"),
            pl.when(raised_to).then(ante).otherwise(0).alias("_ante_twice"),
        )
    )
    frame = stated.join(per_player, on=["hand_key", "player"], how="left")
    counted_on_top = pl.lit(False)
    for over in ("_overcount", "_ante_twice"):
        on_top = (pl.col(over) > 0) & (pl.col("bet") - pl.col(over) == pl.col("_put_in"))
        counted_on_top = counted_on_top | on_top.fill_null(False)
    bet = pl.when(counted_on_top).then(pl.col("_put_in")).otherwise(pl.col("bet"))
    return frame.with_columns(bet.alias("bet")).drop("_put_in", "_overcount", "_ante_twice")


def _settling_facts(
    stated: pl.DataFrame, games: pl.DataFrame, returns: pl.DataFrame
) -> pl.DataFrame:
    """Per hand: the win mode, the summed bets, and whether it can be settled."""
    per_hand = stated.group_by("hand_key").agg(
        pl.col("win").is_not_null().all().alias("_wins_stated"),
        (pl.col("win") > 0).any().alias("_has_win"),
        pl.col("bet").sum().alias("bets"),
        pl.col("bet").is_not_null().all().alias("_bets_stated"),
    )
    uncalled = returns.select("hand_key").unique().with_columns(pl.lit(True).alias("_uncalled"))
    mode = win_mode(pl.col("uncalled_bet_enabled"), pl.col("client_version")).alias("mode")
    facts = games.select("hand_key", "is_tournament", mode).join(per_hand, on="hand_key")
    facts = facts.join(uncalled, on="hand_key", how="left")
    unknown_return = (pl.col("mode") == WIN_UNKNOWN) & pl.col("_uncalled").fill_null(False)
    settled = pl.col("_wins_stated").fill_null(False) & pl.col("_has_win") & ~unknown_return
    return facts.filter(settled).select(
        "hand_key",
        "mode",
        "is_tournament",
        pl.when(pl.col("_bets_stated")).then(pl.col("bets")).alias("bets"),
    )


def _returned(returns: pl.DataFrame, stated: pl.DataFrame, facts: pl.DataFrame) -> pl.DataFrame:
    """Each street's return as paid: whole when `win` leaves it out; else what the top
    bettor's `win` covers, street by street."""
    frame = returns.join(facts.select("hand_key", "mode"), on="hand_key").join(
        stated.select("hand_key", "player", "win"), on=["hand_key", "player"], how="left"
    )
    by = ["hand_key", "player"]
    before = pl.col("expected").cum_sum().over(by, order_by="street") - pl.col("expected")
    covered = (pl.col("win").fill_null(0) - before).clip(0, None)
    paid = (
        pl.when(pl.col("mode") == WIN_HOLDS_RETURN)
        .then(pl.min_horizontal("expected", covered))
        .otherwise(pl.col("expected"))
    )
    return frame.with_columns(paid.alias("amount"))


def _collect_rows(
    stated: pl.DataFrame, returned: pl.DataFrame, facts: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """`win` minus what of it was the uncalled return, for players with something left."""
    in_win = returned.filter(pl.col("mode") == WIN_HOLDS_RETURN)
    in_win = in_win.group_by("hand_key", "player").agg(pl.col("amount").sum().alias("_back"))
    frame = stated.join(facts.select("hand_key"), on="hand_key").join(
        in_win, on=["hand_key", "player"], how="left"
    )
    frame = frame.with_columns((pl.col("win") - pl.col("_back").fill_null(0)).alias("amount"))
    return collect_rows(frame.join(seats, on=["hand_key", "player"], how="left"))


def settle(
    cols: XmlColumns, games: pl.DataFrame, players: pl.DataFrame, actions: pl.DataFrame
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(actions with the settlement rows, per hand total_pot and rake)."""
    actions = actions.filter(~pl.col("kind").is_in(SETTLEMENT))
    stud = ipoker_families(games).get_column("hand_key")
    stated = _bet_put_in(player_money(cols, games), actions, stud)
    returns = street_returns(actions)
    facts = _settling_facts(stated, games, returns)
    returned = _returned(returns, stated, facts)
    seats = players.select("hand_key", "player", "seat").unique(["hand_key", "player"])
    rows = [return_rows(returned, seats), _collect_rows(stated, returned, facts, seats)]
    back = returned.group_by("hand_key").agg(pl.col("amount").sum().alias("_back"))
    pots = facts.join(back, on="hand_key", how="left").select(
        "hand_key",
        (pl.col("bets") - pl.col("_back").fill_null(0)).alias("total_pot"),
        pl.when(pl.col("is_tournament")).then(pl.lit(0, dtype=pl.Int64)).alias("rake"),
    )
    return merge_settlement(actions, rows), pots
