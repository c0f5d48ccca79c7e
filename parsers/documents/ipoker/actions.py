"""iPoker `<action>` rows -> canonical actions, and the hand columns that depend on them.

`sum` is the amount an action adds; the street commitment after an action is the running sum
of the player's live chips on the street (posts count preflop, antes do not), which gives the
raise-to totals and sorts the all-in code (7) into bet, raise or call.
"""

from __future__ import annotations

import polars as pl

from parsers.core.actions import LIVE_POSTS, _with_commitments
from parsers.core.families import NO_BLINDS, on_first_round, with_completions
from parsers.documents.ipoker.families import family_codes, ipoker_families
from parsers.documents.ipoker.frames import TYPES, _frame, _problems, money
from parsers.documents.ipoker.xml_columns import XmlColumns
from parsers.games import PREFLOP, RIVER

_WAGERS = ("bet", "raise", "allin")  # chips added; "raise_to" (code 23) carries the total


def _raw_actions(cols: XmlColumns, games: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """The `<action>` rows with their raw kind, amount and street (round 0: the posts; a
    round the game does not have: null). The games without a board: their codes and rounds
    (parsers/documents/ipoker/families.py)."""
    raw = _frame(cols.action, ("round", "no", "player", "type", "sum"))
    keys = games.select("file_id", "game_ix", "hand_key", "scale", "eu")
    frame = raw.join(keys, on=["file_id", "game_ix"], how="inner")
    round_no = pl.col("round").cast(pl.Int8, strict=False)
    frame = frame.with_columns(
        pl.col("type").replace_strict(TYPES, default=None, return_dtype=pl.String).alias("kind"),
        money(pl.col("sum")).alias("amount"),
        round_no.alias("round_no"),
        pl.col("no").cast(pl.Int32, strict=False).alias("no_int"),
        pl.when(round_no.is_between(0, 4))
        .then((round_no - 1).clip(PREFLOP, RIVER))
        .cast(pl.Int8)
        .alias("street"),
    )
    return family_codes(frame, families) if families.height else frame


def _disconnect_protected() -> pl.Expr:
    """An all-in (code 7) whose sum is "DP": the site's disconnect protection holds the player
    all-in for the chips he has in, with chips left behind (fpdb-3 LHE-10max-USD-0.10-0.20-201107
    .player.sitting.out: a raise to $0.20, then "DP" facing $0.30, then his main pot paid). The
    audit has no such all-in yet (WPN's "is disconnected and ALL IN" is quarantined alike)."""
    return (pl.col("kind") == "allin") & (
        pl.col("sum").str.strip_chars().str.to_uppercase() == "DP"
    ).fill_null(False)


def _action_problems(frame: pl.DataFrame, players: pl.DataFrame) -> list[pl.DataFrame]:
    seated = players.select("hand_key", "player").with_columns(pl.lit(True).alias("seated"))
    frame = frame.join(seated, on=["hand_key", "player"], how="left")
    text = pl.format(
        '<action no="{}" player="{}" type="{}" sum="{}">',
        pl.col("no"),
        pl.col("player"),
        pl.col("type"),
        pl.col("sum"),
    )
    kind = pl.col("kind")
    protected = _disconnect_protected()
    return [
        _problems(frame.filter(kind.is_null()), pl.lit("unknown action type in ") + text),
        _problems(
            frame.filter(protected),
            pl.lit("disconnect protection: all-in without chips (not modelled): ") + text,
        ),
        _problems(
            frame.filter((kind == "notice") & (pl.col("amount").fill_null(1) != 0)),
            pl.lit("chips moved by a seat notice ") + text,
        ),
        _problems(
            frame.filter(
                kind.is_in(["fold", "check", "notice"]).not_()
                & pl.col("amount").is_null()
                & ~protected
            ),
            pl.lit("amount unreadable in ") + text,
        ),
        _problems(
            frame.filter(pl.col("seated").is_null() & (kind != "notice")),
            pl.lit("action by a player with no seat: ") + text,
        ),
        _problems(frame.filter(pl.col("street").is_null()), pl.lit("unknown round in ") + text),
    ]


def _commitments(frame: pl.DataFrame) -> pl.DataFrame:
    """Raise-to totals and chips moved, the street's highest level before each action.

    Code 23 carries the raise-to total; 5, 6 and 7 carry the chips added (computed as bets by
    the shared running-commitment helper, then relabelled).
    """
    kind = pl.col("kind")
    frame = frame.with_columns(
        kind.alias("_site_kind"),
        pl.when(kind == "raise_to").then(pl.col("amount")).otherwise(None).alias("to_amount"),
        pl.when(kind == "raise_to").then(None).otherwise(pl.col("amount")).alias("amount"),
        pl.when(kind == "raise_to")
        .then(pl.lit("raise"))
        .when(kind.is_in(_WAGERS))
        .then(pl.lit("bet"))
        .otherwise(kind)
        .alias("kind"),
    )
    frame = _with_commitments(frame)
    forced = kind.is_in([*LIVE_POSTS, "bring_in"])
    level = pl.when(forced).then(pl.col("amount")).otherwise(pl.col("to_amount"))
    street_key = ["hand_key", "street"]
    highest = level.fill_null(0).cum_max().shift(1).over(street_key, order_by="seq")
    put_in = pl.col("amount").fill_null(0).cum_sum().over(["hand_key", "player"], order_by="seq")
    return frame.with_columns(
        pl.col("_site_kind").alias("kind"),
        highest.fill_null(0).alias("_max_before"),
        put_in.alias("_put_in"),
        pl.col("to_amount").alias("_level"),
    )


def _resolve(frame: pl.DataFrame) -> pl.DataFrame:
    """All-in codes to bet/raise/call; to_amount only on bets and raises; is_all_in."""
    kind = pl.col("kind")
    above = pl.col("_level") > pl.col("_max_before")
    opens = (pl.col("street") != PREFLOP) & (pl.col("_max_before") == 0)
    resolved = (
        pl.when((kind == "allin") & above & opens)
        .then(pl.lit("bet"))
        .when((kind == "allin") & above)
        .then(pl.lit("raise"))
        .when(kind == "allin")
        .then(pl.lit("call"))
        .when(kind == "raise_to")
        .then(pl.lit("raise"))
        .otherwise(kind)
    )
    all_in = (kind == "allin") | (
        (pl.col("_put_in") == pl.col("stack")) & (pl.col("amount").fill_null(0) > 0)
    )
    frame = frame.with_columns(resolved.alias("kind"), all_in.fill_null(False).alias("is_all_in"))
    wager = pl.col("kind").is_in(["bet", "raise"])
    return frame.with_columns(
        pl.when(wager).then(pl.col("_level")).otherwise(None).alias("to_amount")
    )


def _repeated_posts(frame: pl.DataFrame) -> pl.DataFrame:
    """The first small/big blind post of a hand is the blind; a later big-blind post is a live
    post (or, when larger, "small & big blinds": see _split_big_posts); a later small-blind post
    is dead money. Rows are in hand order."""
    kind = pl.col("kind")
    repeated = pl.int_range(pl.len()).over("hand_key", "kind") > 0
    first_bb = pl.col("amount").filter(kind == "post_bb").first().over("hand_key")
    return frame.with_columns(
        pl.when((kind == "post_bb") & repeated & (pl.col("amount") > first_bb))
        .then(pl.lit("post_straddle"))
        .when((kind == "post_bb") & repeated)
        .then(pl.lit("post_live"))
        .when((kind == "post_sb") & repeated)
        .then(pl.lit("post_dead"))
        .otherwise(kind)
        .alias("kind")
    )


def _split_big_posts(frame: pl.DataFrame) -> pl.DataFrame:
    """A later big-blind post larger than the big blind is "small & big blinds" (iPoker has no
    straddle code): a live post of the first big blind plus dead money for the rest."""
    first_bb = pl.col("amount").filter(pl.col("kind") == "post_bb").first().over("hand_key")
    frame = frame.with_columns(first_bb.alias("_bb"))
    both = pl.col("kind") == "post_straddle"
    live = frame.filter(both).with_columns(
        pl.lit("post_live").alias("kind"), pl.col("_bb").alias("amount"), pl.lit(0).alias("_sub")
    )
    dead = frame.filter(both).with_columns(
        pl.lit("post_dead").alias("kind"),
        (pl.col("amount") - pl.col("_bb")).alias("amount"),
        pl.lit(1).alias("_sub"),
    )
    rest = frame.filter(~both).with_columns(pl.lit(0).alias("_sub"))
    merged = pl.concat([rest, live, dead], how="vertical_relaxed").sort("hand_key", "seq", "_sub")
    seq = pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key")
    return merged.with_columns(seq.alias("seq")).drop("_bb", "_sub")


def _sat_out_folds(frame: pl.DataFrame) -> pl.DataFrame:
    """A seat notice (8, 9) by a player who posted and has no betting action: he sat out after
    posting; the site folds his hand where the notice stands (tournament antes, e.g.
    fpdb-3/cash/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt)."""
    kind = pl.col("kind")
    keys = ["hand_key", "player"]
    posted = pl.col("kind").str.starts_with("post_").fill_null(False).any().over(keys)
    bets = (kind.is_in(["fold", "check", "call", "bet", "raise", "raise_to", "allin"])).any()
    first_notice = (kind == "notice") & (
        pl.col("no_int").rank("ordinal").over([*keys, "kind"]) == 1
    )
    folds = (kind == "notice") & posted & ~bets.over(keys) & first_notice
    return frame.with_columns(
        pl.when(folds).then(pl.lit("fold")).otherwise(kind).alias("kind"), folds.alias("sat_out")
    )


def _place_sat_out_folds(frame: pl.DataFrame) -> pl.DataFrame:
    """Move each sat-out fold to the player's preflop turn: before the first preflop action of a
    seat after his in the preflop order (from the big blind's left), or of a seat acting a second
    time; else after the last preflop action. The notice itself can stand anywhere (between the
    blind posts when the player sat out instead of posting his big blind)."""
    sat = pl.col("sat_out").fill_null(False)
    if not frame.select(sat.any()).item():
        return frame.drop("sat_out")
    bb = (
        frame.filter(pl.col("kind") == "post_bb")
        .group_by("hand_key")
        .agg(pl.col("seat").first().alias("bb_seat"))
    )
    turn = ((pl.col("seat") - pl.col("bb_seat") - 1) % 1000).alias("turn")
    acting = ~pl.col("kind").str.starts_with("post_") & ~sat & (pl.col("street") == PREFLOP)
    pre = (
        frame.filter(acting)
        .join(bb, on="hand_key")
        .with_columns(
            turn, (pl.col("seq").rank("ordinal").over(["hand_key", "seat"]) > 1).alias("again")
        )
    )
    folds = frame.filter(sat).join(bb, on="hand_key").with_columns(turn)
    pairs = folds.select("hand_key", "seq", "turn").join(
        pre.select("hand_key", pl.col("seq").alias("at"), pl.col("turn").alias("t"), "again"),
        on="hand_key",
    )
    after = (pl.col("t") > pl.col("turn")) | pl.col("again")
    place = pairs.group_by("hand_key", "seq").agg(
        (pl.col("at").filter(after).min() - 0.5).alias("before"),
        (pl.col("at").max() + 0.5).alias("end"),
    )
    frame = frame.join(place, on=["hand_key", "seq"], how="left")
    order = pl.coalesce("before", "end", pl.col("seq").cast(pl.Float64))
    frame = frame.with_columns(order.alias("_order")).sort("hand_key", "_order")
    seq = pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key")
    street = pl.when(sat).then(pl.lit(PREFLOP, dtype=pl.Int8)).otherwise(pl.col("street"))
    return frame.with_columns(seq.alias("seq"), street.alias("street")).drop(
        "sat_out", "before", "end", "_order"
    )


def actions_frame(
    cols: XmlColumns, games: pl.DataFrame, players: pl.DataFrame
) -> tuple[pl.DataFrame, list[pl.DataFrame]]:
    """Canonical actions (before conform) and the problem rows they reveal."""
    families = ipoker_families(games)
    frame = _raw_actions(cols, games, families)
    problems = _action_problems(frame, players)
    frame = _sat_out_folds(frame).filter(
        pl.col("kind").is_not_null() & (pl.col("kind") != "notice")
    )
    frame = frame.sort("hand_key", "no_int", "line_no")
    seq = pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key")
    frame = frame.with_columns(seq.alias("seq"))
    frame = _split_big_posts(_repeated_posts(frame))
    stacks = players.select("hand_key", "player", "seat", "stack")
    frame = frame.join(stacks, on=["hand_key", "player"], how="left", maintain_order="left")
    frame = _resolve(_commitments(_place_sat_out_folds(frame))).sort("hand_key", "seq")
    # the games without a board: a sat-out fold on the first round, the completions
    return with_completions(on_first_round(frame, families), families), problems


def _posted(actions: pl.DataFrame) -> pl.DataFrame:
    kind = pl.col("kind")
    full = ~pl.col("is_all_in")
    ante = kind == "post_ante"
    bb_player = pl.col("player").filter(kind == "post_bb").first()
    return actions.group_by("hand_key").agg(
        pl.col("amount").filter((kind == "post_sb") & full).first().alias("sb_post"),
        pl.col("amount").filter((kind == "post_bb") & full).first().alias("bb_post"),
        pl.col("amount").filter(kind == "post_sb").max().alias("sb_any"),
        pl.col("amount").filter(kind == "post_bb").max().alias("bb_any"),
        pl.col("amount").filter(ante).max().alias("posted_ante"),
        ((ante.sum() == 1) & (pl.col("player").filter(ante).first() == bb_player)).alias("bb_ante"),
        (kind == "post_straddle").sum().cast(pl.Int8).alias("straddles"),
    )


def _stated_blinds(gametype: pl.Expr) -> tuple[pl.Expr, pl.Expr]:
    """The two amounts of `Holdem NL €0.01/€0.02` (strings), else null."""
    pair = gametype.str.extract_groups(r"([^\s/]*\d[^\s/]*)\s*/\s*([^\s/]*\d[^\s/]*)\s*$")
    return pair.struct.field("1"), pair.struct.field("2")


def finish_hands(games: pl.DataFrame, actions: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """Blinds, antes, limits and button from the posts, the game type and the dealer flag."""
    button = (
        players.filter(pl.col("dealer"))
        .group_by("hand_key")
        .agg(pl.col("seat").first().alias("button_seat"))
    )
    frame = games.join(_posted(actions), on="hand_key", how="left")
    frame = frame.join(button, on="hand_key", how="left")
    small_s, big_s = _stated_blinds(pl.col("gametype").fill_null(""))
    frame = frame.with_columns(money(small_s).alias("sb_text"), money(big_s).alias("bb_text"))
    is_fl = pl.col("structure") == "FL"
    big = (
        pl.when(is_fl)
        .then(pl.coalesce("bb_post", "bb_any", "sb_text"))
        .otherwise(pl.coalesce("bb_text", "bb_post", "bb_any"))
    )
    small = (
        pl.when(is_fl)
        .then(pl.coalesce("sb_post", "sb_any", pl.col("bb_post") // 2))
        .otherwise(pl.coalesce("sb_text", "sb_post", "sb_any"))
    )
    # stud: the stated "$0.05/$0.10" are the bets (a stud hand posts no blind)
    no_blinds = pl.col("game").is_in(list(NO_BLINDS))
    return frame.with_columns(
        big.alias("big_blind"),
        small.alias("small_blind"),
        pl.when(is_fl).then(big).otherwise(None).alias("small_bet"),
        pl.when(is_fl & no_blinds)
        .then(pl.col("bb_text"))
        .when(is_fl)
        .then(big * 2)
        .otherwise(None)
        .alias("big_bet"),
        pl.coalesce("posted_ante", money(pl.col("ante")), pl.lit(0, dtype=pl.Int64)).alias("ante"),
        pl.col("bb_ante").fill_null(False),
        pl.col("straddles").fill_null(0),
        pl.lit(None, dtype=pl.Int64).alias("cap"),
        pl.lit(None, dtype=pl.Int16).alias("max_seats"),
        pl.lit(1, dtype=pl.Int8).alias("boards"),
        pl.when(pl.col("scale") == 1)
        .then(pl.lit("chips"))
        .otherwise(pl.lit("cents"))
        .alias("unit"),
    )
