"""Shared pipeline, stage 4: the hands table from header, table line, summary and actions.

Hand-level choices (docs/tables.md):
- `ante`: the ante stated in the header, else the largest ante posted in the hand, else 0.
- `bb_ante`: exactly one ante was posted, by the player who posted the big blind (the
  big-blind-ante format; with ordinary antes every player dealt in posts one).
- Fixed limit: `small_bet`/`big_bet` from the header; `big_blind` = small bet; `small_blind`
  from the first small-blind post that is not all-in, else small_bet // 2.
- `total_pot` and `rake` from the summary line; rake = rake + jackpot (all the site took).
  Money the site adds to the pot (Run It Once "STP", splash the pot) is taken out of
  `total_pot` (which is then the players' money) and out of `rake` (net site take, negative
  when the site gave more than it took), so collected + rake = total_pot still holds.
"""

from __future__ import annotations

import polars as pl

from parsers.core.distinct import with_per_distinct
from parsers.core.grammar import Grammar
from parsers.core.header import FAST_FOLD
from parsers.core.lines import SUMMARY, board_count_expr
from parsers.core.money import with_amounts
from parsers.core.prefilter import rows_matching


def _with_groups(frame: pl.DataFrame, pattern: str) -> pl.DataFrame:
    """`frame` plus `g`, the struct of `pattern`'s groups read from `text`, in row order.

    Table and pot lines repeat across hands (a few distinct texts per table): the pattern
    runs once per distinct text and one join brings the groups back.
    """
    groups = pl.col("text").str.extract_groups(pattern).alias("g")
    return with_per_distinct(frame, ["text"], lambda texts: texts.with_columns(groups))


def table_facts(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """table_name, max_seats, button_seat, play_money from the pre-deal table line(s)
    (`is_table`).

    Each field is the first one found among the hand's matching lines, so a format may spread
    them over several lines (an alternation in `table_line`, e.g. the button on its own line).
    """
    # `is_table` (parsers.core.pipeline): pre-deal lines matching `table_line`
    table = lines.select("hand_key", "text", "is_table").filter("is_table")
    return (
        _with_groups(table, grammar.table_line)
        .select("hand_key", "g")
        .unnest("g")
        .group_by("hand_key", maintain_order=True)
        .agg(
            pl.col("table").drop_nulls().first().alias("table_name"),
            pl.col("max_seats").drop_nulls().first().cast(pl.Int16, strict=False),
            pl.col("button").drop_nulls().first().cast(pl.Int16, strict=False).alias("button_seat"),
            pl.col("play_money").is_not_null().any().alias("play_money"),
        )
    )


def summary_lines(lines: pl.DataFrame) -> pl.DataFrame:
    """hand_key, line_no, text and `_i` (the row in `lines`) of the summary section's lines:
    read by summary_facts and the card lines (parsers/core/card_lines.py)."""
    in_summary = (pl.col("section") == SUMMARY).alias("_in")
    return (
        lines.lazy()
        .with_row_index("_i")
        .select("_i", "hand_key", "line_no", "text", in_summary)
        .filter("_in")
        .drop("_in")
        .collect()
    )


def summary_facts(
    lines: pl.DataFrame, grammar: Grammar, summary: pl.DataFrame | None = None
) -> pl.DataFrame:
    """Per hand: has_summary, last_line, boards, and the raw pot and rake strings;
    `summary`: `summary_lines(lines)` when the caller has them."""
    # Lines are in file order: a hand's last non-blank line is where the next one's hand differs.
    # (columns are selected before filtering: a filter copies every column it keeps)
    filled = lines.select("hand_key", "line_no", pl.col("text") != "").filter("text")
    last = pl.col("hand_key") != pl.col("hand_key").shift(-1)
    per_hand = filled.filter(last.fill_null(True)).select(
        "hand_key", pl.col("line_no").alias("last_line")
    )
    if summary is None:
        summary = summary_lines(lines)
    with_summary = summary.select("hand_key").unique()
    per_hand = per_hand.with_columns(
        pl.col("hand_key").is_in(with_summary["hand_key"].implode()).alias("has_summary")
    )
    # optional `fees` (the site's other fees, summed into the rake by parsers/core/settlement.py)
    # and `side_pots` groups (summed into the pot there)
    optional = tuple(name for name in ("fees", "side_pots") if f"(?P<{name}>" in grammar.pot_line)
    names = ("pot", "rake", "jackpot", "stp", *optional)
    pots = (
        rows_matching(summary, grammar.pot_line)
        .unique("hand_key", keep="first")
        .pipe(_with_groups, grammar.pot_line)
        .select("hand_key", "g")
        .unnest("g")
        .select(
            "hand_key",
            *(pl.col(name).alias(f"{name}_s") for name in names),
        )
    )
    if grammar.site_money_line:
        pots = _with_site_money(lines, pots, grammar.site_money_line)
    boards = _boards(lines, grammar.second_board, grammar.third_board)
    return per_hand.join(pots, on="hand_key", how="left").join(boards, on="hand_key", how="left")


def _boards(lines: pl.DataFrame, second: str, third: str) -> pl.DataFrame:
    """hand_key, boards (2 or 3) of the hands with a street marker or summary line naming a
    second or third board; the other hands get boards = 1 from assemble_hands, as when every
    line of theirs reads 1.

    One regex pass for both patterns picks the few such lines (none in most batches) and only
    they are counted: testing each pattern on every marker and summary line (~1 line in 3)
    cost two passes and a group-by over all of them.
    """
    either = f"(?:{second})|(?:{third})"
    # the two flags first (the regex then reads ~1 line in 3), and a filter copies only
    # the two columns read after it
    marker_or_summary = (pl.col("is_marker") | (pl.col("section") == SUMMARY)).alias("_read")
    return (
        lines.select("hand_key", "text", marker_or_summary)
        .filter("_read")
        .filter(pl.col("text").str.contains(either))
        .group_by("hand_key")
        .agg(board_count_expr(second, third).max().alias("boards"))
    )


def _with_site_money(lines: pl.DataFrame, pots: pl.DataFrame, pattern: str) -> pl.DataFrame:
    """`Grammar.site_money_line` (any line of the hand): money the site added, as stp_s."""
    added = (
        lines.filter(pl.col("text").str.contains(pattern))
        .unique("hand_key", keep="first")
        .select("hand_key", pl.col("text").str.extract(pattern, 1).alias("_added"))
    )
    return (
        pots.join(added, on="hand_key", how="left")
        .with_columns(pl.coalesce("stp_s", "_added").alias("stp_s"))
        .drop("_added")
    )


def _posted(actions: pl.DataFrame) -> pl.DataFrame:
    kind = pl.col("kind")
    ante = kind == "post_ante"
    first_bb_player = pl.col("player").filter(kind == "post_bb").first()
    ante_player = pl.col("player").filter(ante).first()
    # Every aggregate reads posts only: the other actions are dropped first. A hand without
    # posts then gets nulls instead of zero counts, which assemble_hands reads the same way.
    posts = actions.select("hand_key", "kind", "amount", "player", "all_in").filter(
        kind.is_in(["post_ante", "post_sb", "post_bb", "post_live", "post_straddle"])
    )
    return posts.group_by("hand_key").agg(
        pl.col("amount").filter(ante).max().alias("posted_ante"),
        ante.sum().alias("antes"),
        (ante_player == first_bb_player).alias("ante_by_bb"),
        (kind == "post_straddle").sum().cast(pl.Int8).alias("straddles"),
        pl.col("amount").filter((kind == "post_sb") & ~pl.col("all_in")).first().alias("sb_post"),
        pl.col("amount")
        .filter(kind.is_in(["post_bb", "post_live"]) & ~pl.col("all_in"))
        .max()
        .alias("bb_post"),
        pl.col("amount").filter(kind == "post_bb").max().alias("bb_post_any"),
    )


def _stakes_from_posts(frame: pl.DataFrame) -> pl.DataFrame:
    """`Grammar.stakes_from_posts`: blinds (FL: bets) the header did not give, from the posts.

    When every big-blind post is all-in the FL small bet is twice the small blind, else the
    all-in post is taken (it may be short: docs/sites.md, known gaps)."""
    is_fl = pl.col("structure") == "FL"
    # a short all-in big blind is not always marked: never below twice the small blind (NL/PL)
    nl_guess = pl.when(~is_fl).then(
        pl.max_horizontal("bb_post", 2 * pl.col("sb_post"), "bb_post_any")
    )
    fl_guess = pl.when(is_fl).then(pl.coalesce("bb_post", 2 * pl.col("sb_post")))
    big = pl.coalesce("big_blind", nl_guess, fl_guess, "bb_post_any")
    return frame.with_columns(
        # no small blind posted: half the big blind (never smaller than the real one at the
        # sites using this, so a pot-limit maximum is not under-estimated)
        pl.coalesce("small_blind", "sb_post", big // 2).alias("small_blind"),
        big.alias("big_blind"),
        pl.when(is_fl).then(pl.coalesce("small_bet", big)).alias("small_bet"),
        pl.when(is_fl).then(pl.coalesce("big_bet", 2 * big)).alias("big_bet"),
    )


def assemble_hands(header: pl.DataFrame, actions: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Join header, facts and post aggregates into the hands columns (before conform)."""
    frame = header.join(_posted(actions), on="hand_key", how="left")
    if grammar.stakes_from_posts:
        frame = _stakes_from_posts(frame)
    frame = _with_pot_money(frame, grammar)
    is_fl = pl.col("structure") == "FL"
    # a header reader may name the brand (PokerStars-format clones): it is the site
    site = pl.lit(grammar.site)
    if "brand" in frame.columns:
        site = pl.coalesce(pl.col("brand"), site)
    site = _converted_site(grammar, site)
    return frame.with_columns(
        site.alias("site"),
        _fast_fold(frame, grammar),
        pl.when(pl.col("scale") == 1)
        .then(pl.lit("chips"))
        .otherwise(pl.lit("cents"))
        .alias("unit"),
        pl.coalesce("header_ante", "posted_ante", pl.lit(0, dtype=pl.Int64)).alias("ante"),
        ((pl.col("antes") == 1) & pl.col("ante_by_bb")).fill_null(False).alias("bb_ante"),
        pl.col("straddles").fill_null(0),
        pl.col("boards").fill_null(1),
        pl.when(is_fl)
        .then(pl.coalesce("sb_post", pl.col("small_bet") // 2))
        .otherwise(pl.col("small_blind"))
        .alias("small_blind"),
        *(pl.col(f"_{name}").alias(name) for name in POT_MONEY),
    ).drop(*(f"_{name}" for name in POT_MONEY))


def _fast_fold(frame: pl.DataFrame, grammar: Grammar) -> pl.Expr:
    """hands.is_fast_fold: the header reader's reading (parsers/core/header.py FAST_FOLD) or
    the table name matching `Grammar.fast_fold_table`."""
    pool = pl.col(FAST_FOLD).fill_null(False) if FAST_FOLD in frame.columns else pl.lit(False)
    if grammar.fast_fold_table:
        pool = pool | pl.col("table_name").str.contains(grammar.fast_fold_table).fill_null(False)
    return pool.alias(FAST_FOLD)


def _converted_site(grammar: Grammar, site: pl.Expr) -> pl.Expr:
    """The site a converted hand was played on (`Grammar.converted_sites`), else `site`."""
    converted = pl.lit(None, dtype=pl.String)
    for pattern, name in reversed(grammar.converted_sites):
        converted = (
            pl.when(pl.col("table_name").str.contains(pattern))
            .then(pl.lit(name))
            .otherwise(converted)
        )
    return pl.coalesce(converted, site) if grammar.converted_sites else site


#: Hand columns read from the pot line's amounts (`_with_pot_money`).
POT_MONEY = ("total_pot", "rake", "site_added")


def _with_pot_money(frame: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """`_total_pot`, `_rake`, `_site_added` from the pot line's amount texts, read once per
    distinct (texts, scale, locale): pot lines repeat across hands, and the amount regexes
    (six per hand, the site money used thrice) cost more than the join that brings them back."""
    keys = ["pot_s", "rake_s", "jackpot_s", "stp_s", "scale", "alt_locale"]
    texts = {f"_{name}_v": pl.col(f"{name}_s") for name in ("pot", "rake", "jackpot", "stp")}
    added = pl.col("_site_added")

    def read(distinct: pl.DataFrame) -> pl.DataFrame:
        # the four amounts in one evaluation (parsers.core.money.with_amounts)
        values = with_amounts(
            distinct,
            texts,
            lambda text: grammar.amount(text, pl.col("scale")),
            carry=("scale", "alt_locale"),
        )
        return (
            values.with_columns(pl.col("_stp_v").fill_null(0).alias("_site_added"))
            .with_columns(
                (pl.col("_pot_v") - added).alias("_total_pot"),
                (pl.col("_rake_v") + pl.col("_jackpot_v").fill_null(0) - added).alias("_rake"),
            )
            .drop(*texts)
        )

    return with_per_distinct(frame, keys, read, nulls_equal=True)
