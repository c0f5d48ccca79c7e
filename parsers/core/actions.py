"""Shared pipeline, stage 3: events to the canonical actions table.

Semantics (RULES.md §2, rules_vectors.json "conventions"):
- `to_amount` is the player's total live commitment on the street after a bet or raise;
  `amount` is the chips the action moved (raise: to_amount minus the commitment before).
- Posts are street PREFLOP (parsers/games.py); in the games without a board, the game's first
  round (parsers/core/families.py: antes and the bring-in on stud's 3rd street, whose first bet
  or raise is the completion, `complete`). The first "big blind" post of a hand is post_bb;
  a later one is a straddle when larger than the first, else a live post; a later
  "small blind" is dead money, unless the player's first preflop action is a call, before any
  raise, that completes it to the big blind (then it is live). A site where every later small
  blind is live says so in its `raw_posts` hook (parsers/sites/partypoker/hooks.py).
  "small & big blinds" becomes a live post_bb of the nominal big blind plus a post_dead of the rest.
- uncalled_return keeps the street it happened on; collect and cash_out are SHOWDOWN.
The commitment before each action is a cumulative sum per (hand, street, player) that restarts
at each raise (a raise sets the commitment to its to-amount).
"""

from __future__ import annotations

import polars as pl

from parsers.core import hooks
from parsers.core.draws import with_draw_counts
from parsers.core.families import family_kinds, on_first_round, with_completions
from parsers.core.grammar import Grammar
from parsers.games import PREFLOP, SHOWDOWN

LIVE_POSTS = ("post_sb", "post_bb", "post_straddle", "post_live")
POSTS = (*LIVE_POSTS, "post_dead", "post_ante")
SETTLEMENT = ("uncalled_return", "collect", "cash_out")
NEEDS_AMOUNT = (*POSTS, "post_both", "bring_in", "call", "bet", "raise", *SETTLEMENT)


def _refine_posts(events: pl.DataFrame, big_blinds: pl.DataFrame) -> pl.DataFrame:
    """Tell the real blinds from later posts of the same name (see module docstring).

    A later big-blind post is a straddle when it exceeds the nominal big blind (`big_blinds`:
    hand_key, big_blind), or the first big-blind post when the nominal one is unknown: a new
    player posting the full blind after a short all-in big blind is a live post.
    """
    kind = pl.col("kind")
    repeated = ~pl.struct("hand_key", "kind").is_first_distinct()
    if not _any_repeated_blind(events, repeated):  # every kind stays: nothing to refine
        return events
    blinds = events.with_row_index("_row").filter(kind.is_in(["post_sb", "post_bb"]))
    first_bb = (
        blinds.filter(kind == "post_bb")
        .group_by("hand_key")
        .agg(pl.col("amount").first().alias("_first_bb"))
        .join(big_blinds, on="hand_key", how="left")
        .select("hand_key", pl.coalesce("big_blind", "_first_bb").alias("_first_bb"))
    )
    refined_kind = (
        pl.when((kind == "post_bb") & repeated & (pl.col("amount") > pl.col("_first_bb")))
        .then(pl.lit("post_straddle"))
        .when((kind == "post_bb") & repeated)
        .then(pl.lit("post_live"))
        .when((kind == "post_sb") & repeated & pl.col("_completes"))
        .then(pl.lit("post_live"))
        .when((kind == "post_sb") & repeated)
        .then(pl.lit("post_dead"))
        .otherwise(kind)
    )
    refined = (
        blinds.join(first_bb, on="hand_key", how="left", maintain_order="left")
        .join(
            _completing(events, blinds),
            on=["hand_key", "player"],
            how="left",
            maintain_order="left",
        )
        .with_columns(
            _completes=(pl.col("_call") + pl.col("amount") == pl.col("_first_bb")).fill_null(False)
        )
        .select("_row", refined_kind.alias("_kind"))
    )
    # Only the (few) blind posts can change: they are put back at their row numbers (every
    # refined kind is set: it falls back to the post's own kind).
    kinds = events.get_column("kind").clone().scatter(refined["_row"], refined["_kind"])
    return events.with_columns(kinds.alias("kind"))


def _any_repeated_blind(events: pl.DataFrame, repeated: pl.Expr) -> bool:
    """Some hand has a second small- or big-blind post: only those are refined (each kind
    `_refine_posts` gives falls back to the post's own when it is not repeated)."""
    kind = pl.col("kind")
    blinds = events.select("hand_key", "kind").filter(kind.is_in(["post_sb", "post_bb"]))
    return bool(blinds.select(repeated.any()).item())


def _completing(events: pl.DataFrame, blinds: pl.DataFrame) -> pl.DataFrame:
    """hand_key, player, _call: the chips of a player's first preflop action when it is a call
    made before any preflop bet or raise. A second small blind plus such a call that make the
    big blind show the log counts that post live (a dead one would owe the whole big blind):
    PokerStars converted export PLO-6-max-USD-30-60-201703.converted.secondsb.txt, "UTG: posts
    small blind $15" then "UTG: calls $15" at $15/$30."""
    kind = pl.col("kind")
    second = ~pl.struct("hand_key", "kind").is_first_distinct() & (kind == "post_sb")
    hands = blinds.filter(second).get_column("hand_key").implode()
    preflop = events.filter(
        pl.col("hand_key").is_in(hands)
        & (pl.col("street") == PREFLOP)
        & kind.is_in(["fold", "check", "call", "bet", "raise"])
    )
    raised = kind.is_in(["bet", "raise"]).cast(pl.Int32)
    return (
        preflop.with_columns(_raises=raised.cum_sum().over("hand_key") - raised)
        .group_by("hand_key", "player")
        .agg(pl.all().first())
        .filter((kind == "call") & (pl.col("_raises") == 0))
        .select("hand_key", "player", pl.col("amount").alias("_call"))
    )


def _split_post_both(events: pl.DataFrame, big_blinds: pl.DataFrame) -> pl.DataFrame:
    """ "posts small & big blinds X": live post_bb of the nominal BB, post_dead of the rest."""
    both = pl.col("kind") == "post_both"
    if not events.select(both.any()).item():
        return events
    # a header without stakes: the nominal big blind is the hand's largest big-blind post
    posted = (
        events.filter(pl.col("kind") == "post_bb")
        .group_by("hand_key")
        .agg(pl.col("amount").max().alias("_posted_bb"))
    )
    big_blinds = big_blinds.join(posted, on="hand_key", how="left").select(
        "hand_key", pl.coalesce("big_blind", "_posted_bb").alias("big_blind")
    )
    pairs = events.filter(both).join(big_blinds, on="hand_key", how="left")
    # "dead + live" written as two amounts (888 "[$0.05 + $0.10]"): the second is the live part.
    live = pl.coalesce("_live", pl.min_horizontal("amount", "big_blind"))
    live_rows = pairs.with_columns(pl.lit("post_bb").alias("kind"), live.alias("amount"))
    live_rows = live_rows.filter(pl.col("amount") != 0)
    dead_rows = pairs.with_columns(
        pl.lit("post_dead").alias("kind"), (pl.col("amount") - live).alias("amount")
    )
    columns = events.columns
    return (
        pl.concat(
            [
                events.filter(~both).with_columns(pl.lit(0.0).alias("sub")),
                live_rows.with_columns(pl.lit(0.0).alias("sub")).select(*columns, "sub"),
                dead_rows.with_columns(pl.lit(0.5).alias("sub")).select(*columns, "sub"),
            ]
        )
        .sort("hand_key", "line_no", "sub")
        .drop("sub")
    )


def _amount_values(strings: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Distinct (text, scale, ...) rows -> value and `_live` (the second term of "X + Y")."""
    scale = pl.col("scale")
    if not strings.select(pl.col("_s").str.contains(" + ", literal=True).any()).item():
        # no "X + Y" (most sites): the three amount reads of its parts would all give null
        return strings.with_columns(
            grammar.amount(pl.col("_s"), scale).alias("_value"),
            pl.lit(None, dtype=pl.Int64).alias("_live"),
        )
    # "X + Y" (888 "posts dead blind [$0.01 + $0.02]") is the sum of the two amounts.
    parts = pl.col("_s").str.extract_groups(r"^(?P<a>.+?) \+ (?P<b>.+)$")
    both = grammar.amount(parts.struct.field("a"), scale) + grammar.amount(
        parts.struct.field("b"), scale
    )
    return strings.with_columns(
        pl.coalesce(both, grammar.amount(pl.col("_s"), scale)).alias("_value"),
        grammar.amount(parts.struct.field("b"), scale).alias("_live"),
    )


def _single_valued(frame: pl.DataFrame, columns: list[str]) -> list[str]:
    """The columns of `columns` with the same non-null value on every row of `frame` (a null
    key matches nothing in a join, so a column of nulls is not one to leave out)."""
    if not columns or not frame.height:
        return []
    one = [(pl.col(c).n_unique() == 1) & pl.col(c).is_not_null().all() for c in columns]
    flags = frame.select(*(f.alias(c) for f, c in zip(one, columns, strict=True))).row(0)
    return [c for c, single in zip(columns, flags, strict=True) if single]


def _with_amounts(events: pl.DataFrame, scales: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Amounts are read once per distinct (string, scale): a few thousand regex runs, not one
    per action; the values come back with two joins."""
    with_scale = events.join(scales, on="hand_key", how="left", maintain_order="left")
    keys = [c for c in scales.columns if c != "hand_key"]
    # the values depend on all keys, but a key with one value on every row (one scale and
    # locale: the usual batch) tells no rows apart: the unique and joins leave it out
    single = _single_valued(with_scale, keys)
    on = [c for c in keys if c not in single]
    strings = (
        pl.concat(
            [
                with_scale.select(pl.col("amount_s").alias("_s"), *keys),
                with_scale.select(pl.col("to_s").alias("_s"), *keys),
            ]
        )
        .drop_nulls("_s")
        .unique(subset=["_s", *on], keep="any")
    )
    values = _amount_values(strings, grammar)
    amounts = values.select(
        pl.col("_s").alias("amount_s"), *on, pl.col("_value").alias("amount"), "_live"
    )
    to_amounts = values.select(pl.col("_s").alias("to_s"), *on, pl.col("_value").alias("to_amount"))
    frame = with_scale.join(amounts, on=["amount_s", *on], how="left", maintain_order="left")
    # only raises have a to-amount: look those rows up and put the values back in place
    rows = frame.select(pl.arg_where(pl.col("to_s").is_not_null())).to_series()
    found = (
        frame.select(pl.col("to_s", *on).gather(rows))
        .join(to_amounts, on=["to_s", *on], how="left", maintain_order="left")
        .get_column("to_amount")
    )
    return frame.with_columns(_at_rows(found, rows, frame.height).alias("to_amount"))


def _with_commitments(frame: pl.DataFrame, lone_raise_amount: str = "") -> pl.DataFrame:
    """Raise amounts from to-amounts; bet to-amounts from amounts (per hand, street, player).

    Sorted by (hand, street, player, order), the running commitment is one cumulative sum
    over the whole column, re-based at each group start and at each raise (no window calls).
    """
    kind = pl.col("kind")
    group = ["hand_key", "street", "player"]
    # "raises [N]" formats: a raise without a to-amount adds N chips, like a bet.
    added = (kind == "raise") & pl.col("to_amount").is_null() & (lone_raise_amount == "added")
    to_raise = (kind == "raise") & ~added
    fixed = (
        pl.when(kind.is_in([*LIVE_POSTS, "bring_in", "call", "bet", "bet_or_call"]) | added)
        .then(pl.col("amount"))
        .otherwise(0)
        .fill_null(0)
    )
    starts = pl.any_horizontal([pl.col(c) != pl.col(c).shift(1) for c in group]).fill_null(True)
    # Only the key and amount columns are sorted (not the whole frame), and the two results
    # go back to their rows by position (no second sort).
    narrow = frame.select(
        pl.int_range(pl.len(), dtype=pl.UInt32).alias("_order"),
        *group,
        fixed.alias("_fixed"),
        to_raise.alias("_to_raise"),
        "to_amount",
    )
    # Sorting on a hash of the name is much cheaper than on the string; the stable sort keeps
    # each player's actions in order, and group starts compare the names themselves.
    ordered = narrow.sort("hand_key", "street", pl.col("player").hash(7), maintain_order=True)
    ordered = ordered.with_columns(starts.alias("_start"))
    total = pl.col("_fixed").cum_sum()
    offset = pl.when(pl.col("_start")).then(total - pl.col("_fixed")).forward_fill()
    ordered = ordered.with_columns((total - offset).alias("_running"))
    base = (
        pl.when(pl.col("_to_raise"))
        .then(pl.col("to_amount") - pl.col("_running"))
        .when(pl.col("_start"))
        .then(pl.lit(0, dtype=pl.Int64))
        .forward_fill()
        .fill_null(0)
    )
    ordered = ordered.with_columns((base + pl.col("_running")).alias("_after"))
    before = pl.when(pl.col("_start")).then(0).otherwise(pl.col("_after").shift(1)).fill_null(0)
    ordered = ordered.select("_order", "_after", before.alias("_before"))
    rows = ordered["_order"]
    frame = frame.with_columns(
        _at_rows(ordered["_after"], rows, frame.height).alias("_after"),
        _at_rows(ordered["_before"], rows, frame.height).alias("_before"),
    )
    before = pl.col("_before")
    return frame.with_columns(
        pl.when(to_raise)
        .then(pl.col("to_amount") - before)
        .when(kind.is_in(["fold", "check"]))
        .then(pl.lit(0, dtype=pl.Int64))
        .otherwise(pl.col("amount"))
        .alias("amount"),
        pl.when(to_raise)
        .then(pl.col("to_amount"))
        .when((kind == "bet") | added)
        .then(before + pl.col("amount"))
        .otherwise(None)
        .alias("to_amount"),
    ).drop("_before")


def _at_rows(values: pl.Series, rows: pl.Series, length: int) -> pl.Series:
    """A column of `length` nulls with `values` put at positions `rows` (values computed on
    some rows, or on reordered rows, going back to where those rows are)."""
    return pl.repeat(None, length, dtype=values.dtype, eager=True).scatter(rows, values)


def _resolve_allins(frame: pl.DataFrame, wager_verbs: tuple[str, ...] = ()) -> pl.DataFrame:
    """Raw kind "bet_or_call" (an all-in line giving the chips added, not what it was: Bovada
    "All-in N", PartyPoker "is all-In [N]"), from the street's current bet before it: a bet
    when there is none, a raise when the player's commitment goes above it, else a call.
    A raise written with one of `wager_verbs` (Grammar.wager_verbs) is a bet when nothing is
    bet on the street. Uses `_after` (commitment after each row, from _with_commitments) and
    drops it."""
    kind = pl.col("kind")
    wager_verb = (kind == "raise") & pl.col("verb").is_in(list(wager_verbs)).fill_null(False)
    mixed = (kind == "bet_or_call") | wager_verb if wager_verbs else kind == "bet_or_call"
    if not frame.select(mixed.any()).item():
        return frame.drop("_after")
    street = ["hand_key", "street"]
    frame = frame.with_columns(pl.col("_after").cum_max().over(street).alias("_top"))
    current = pl.col("_top").shift(1).over(street).fill_null(0)
    if wager_verbs:
        opening = wager_verb & (current == 0)
        frame = frame.with_columns(
            pl.when(opening).then(pl.lit("bet")).otherwise(kind).alias("kind")
        )
    resolved = (
        pl.when(current == 0)
        .then(pl.lit("bet"))
        .when(pl.col("_after") > current)
        .then(pl.lit("raise"))
        .otherwise(pl.lit("call"))
    )
    frame = frame.with_columns(resolved.alias("_resolved"))
    allin = kind == "bet_or_call"
    wager = allin & pl.col("_resolved").is_in(["bet", "raise"])
    return frame.with_columns(
        pl.when(allin).then(pl.col("_resolved")).otherwise(kind).alias("kind"),
        pl.when(wager).then(pl.col("_after")).otherwise(pl.col("to_amount")).alias("to_amount"),
    ).drop("_after", "_top", "_resolved")


def build_actions(
    events: pl.DataFrame,
    verbs: dict[str, str],
    hand_info: pl.DataFrame,
    context: hooks.Context,
) -> pl.DataFrame:
    """Events (sorted by line) -> actions with kind, street, amount, to_amount, all_in, seq.

    `hand_info` has hand_key, scale and big_blind (nominal). Rows whose amount is unreadable
    keep a null amount; the caller quarantines their hands. The site's `raw_posts`, `posts`
    and `streets` hooks run here (parsers/core/hooks.py).
    """
    grammar, site = context.grammar, context.grammar.hooks
    kind = pl.col("verb").replace_strict(verbs, default=None, return_dtype=pl.String)
    street = (
        pl.when(pl.col("kind").is_in(POSTS) | (pl.col("kind") == "post_both"))
        .then(pl.lit(PREFLOP, dtype=pl.Int8))
        .when(pl.col("kind").is_in(["collect", "cash_out"]))
        .then(pl.lit(SHOWDOWN, dtype=pl.Int8))
        .otherwise(pl.col("section").clip(PREFLOP, SHOWDOWN).cast(pl.Int8))
    )
    frame = _with_amounts(
        events.with_columns(kind.alias("kind")),
        hand_info.drop("big_blind"),
        grammar,
    )
    families = context.families if context.families is not None else pl.DataFrame()
    if families.height:  # games without a board (parsers/core/families.py)
        frame = family_kinds(frame, families, grammar)
    frame = on_first_round(frame.with_columns(street.alias("street")), families)
    if families.height:  # the draws' counts (parsers/core/draws.py)
        frame = with_draw_counts(frame)
    if grammar.lone_raise_amount == "to":
        lone_to = pl.when(pl.col("kind") == "raise").then(pl.col("amount"))
        frame = frame.with_columns(pl.coalesce("to_amount", lone_to).alias("to_amount"))
    frame = hooks.run(site.raw_posts, frame, context)
    frame = _refine_posts(frame, hand_info.select("hand_key", "big_blind"))
    frame = hooks.run(site.posts, frame, context)
    frame = _split_post_both(frame, hand_info.select("hand_key", "big_blind")).drop("_live")
    frame = hooks.run(site.streets, frame, context)
    frame = _with_commitments(frame, grammar.lone_raise_amount)
    frame = with_completions(_resolve_allins(frame, tuple(grammar.wager_verbs)), families)
    first = pl.col("hand_key") != pl.col("hand_key").shift(1)
    row = pl.int_range(pl.len(), dtype=pl.Int32)
    seq = row - pl.when(first.fill_null(True)).then(row).forward_fill()
    return frame.with_columns(seq.alias("seq"))
