"""The stakes a hand is audited at, read once from the evidence: the header and the posts.

The hands table keeps the header's stakes (as the parser read them: header, level line, or the
posts where the header has none). The checker audits at the *effective* stakes computed here,
and every rule reads them (prepare joins them in place of the header's):

* A post is **exact** evidence of its blind (small blind, big blind, ante) when it leaves the
  player chips (not marked all-in, and all his posts of the hand together below his stack); an
  all-in or stack-exhausting post is only a lower bound of the blind ("capped").
* The header **holds** when an exact small- or big-blind post equals the header's (it
  corroborates the header; a post that then differs is a POST-AMOUNT fault), or when no exact
  blind post contradicts it.
* The posts **define** the hand (reading "posts") when exact blind posts contradict the header
  and none corroborates it: a tournament level that changed between the header and the posts,
  an edited header. The blinds and the ante are the posts' (fixed limit: the bets are the
  header's scaled by posted BB / header BB); HEADER-STAKES flags the contradiction once.
* The stakes are **ambiguous** (reading "ambiguous") when the posts contradict the header but do
  not give one reading (exact posts of one blind disagree, an all-in post above the exact one,
  a blind known only from a short all-in post, a small blind above the big blind), or when an
  all-in blind post above the header's blind contradicts it with no exact post: HEADER-STAKES
  says so and the effective stakes are null, so every rule that depends on them (POST-AMOUNT,
  NL-BET-MIN, RAISE-MIN, REOPEN, PL-MAX, FL-SIZE, FL-CAP, the BB floor of CALL-AMOUNT) skips
  the hand; what does not depend on them (order, acting, calls against the posted bets, the
  accounting) is still audited.

In fixed limit the small blind is not a header fact (parsers/core/hands.py takes it from the posts),
so only the big blind (= the small bet) is compared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from audit.text import money, sentence
from parsers.games import PREFLOP

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

STAKES = ("small_blind", "big_blind", "small_bet", "big_bet", "ante")
#: Post kind -> the evidence prefix and the hand column it is evidence of.
EVIDENCE = {
    "post_sb": ("sb", "small_blind"),
    "post_bb": ("bb", "big_blind"),
    "post_ante": ("ante", "ante"),
}
POSTS = ("post_sb", "post_bb", "post_straddle", "post_live", "post_dead", "post_ante")
#: Per-hand columns prepare adds (besides the effective STAKES).
READING_COLUMNS = ("stakes_reading", "stakes_seq", "stakes_message")

IS_FL = pl.col("structure") == "FL"


def _capped_posts(actions: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Post rows with `capped`: marked all-in, or the player's posts of the hand use up his
    stack (whatever order the log prints them in: a big blind short because the ante was taken
    first is not evidence of the blind)."""
    # rechunked: inputs concatenated from many small frames made every later step slower
    columns = ("hand_key", "seq", "seat", "kind", "amount", "is_all_in", "street")
    posts = actions.select(columns).rechunk()
    posts = posts.filter(pl.col("kind").is_in(POSTS) & (pl.col("street") == PREFLOP))
    posts = posts.with_columns(pl.col("kind").cast(pl.String))
    spent = posts.group_by("hand_key", "seat").agg(pl.col("amount").sum().alias("_spent"))
    stacks = seats.select("hand_key", "seat", "stack").rechunk()
    stacks = stacks.join(spent, on=["hand_key", "seat"])
    used_up = pl.col("stack").is_not_null() & (pl.col("_spent") >= pl.col("stack"))
    stacks = stacks.select("hand_key", "seat", used_up.alias("_used_up"))
    posts = posts.join(stacks, on=["hand_key", "seat"], how="left")
    return posts.with_columns(
        capped=pl.col("is_all_in").fill_null(False) | pl.col("_used_up").fill_null(False)
    )


def _evidence(posts: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """Per hand and blind: exact values (lo, hi, distinct n), the largest capped post, whether an
    exact blind post corroborates / contradicts the header, and the first post row of each."""
    header = hands.select("hand_key", "structure", "small_blind", "big_blind", "ante")
    frame = posts.join(header, on="hand_key", how="inner")
    kind, amount = pl.col("kind"), pl.col("amount")
    nominal = (
        pl.when((kind == "post_sb") & ~IS_FL)
        .then(pl.col("small_blind"))
        .when(kind == "post_bb")
        .then(pl.col("big_blind"))
    )
    exact = ~pl.col("capped") & amount.is_not_null()
    # each filtered amount is a column first, then plain aggregations: a filter inside the
    # aggregation runs per group and costs more
    columns = {
        "_corroborates": exact & (amount == nominal),
        "_contradicts": exact & (amount != nominal),
        "_capped_above": pl.col("capped") & (amount > nominal),
        "_contradicting_seq": pl.when(exact & (amount != nominal)).then(pl.col("seq")),
        "_blind_seq": pl.when(nominal.is_not_null()).then(pl.col("seq")),
    }
    aggs = [
        pl.col("_corroborates").any().alias("corroborated"),
        pl.col("_contradicts").any().alias("contradicted"),
        pl.col("_capped_above").any().alias("capped_above"),
        pl.col("_contradicting_seq").min().alias("contradicting_seq"),
        pl.col("_blind_seq").min().alias("first_blind_seq"),
    ]
    for post, (prefix, _) in EVIDENCE.items():
        mine = kind == post
        columns[f"_{prefix}_exact"] = pl.when(mine & exact).then(amount)
        columns[f"_{prefix}_capped"] = pl.when(mine & pl.col("capped")).then(amount)
        exact_amount = pl.col(f"_{prefix}_exact")
        aggs += [
            exact_amount.min().alias(f"{prefix}_lo"),
            exact_amount.max().alias(f"{prefix}_hi"),
            exact_amount.drop_nulls().n_unique().alias(f"{prefix}_n"),
            pl.col(f"_{prefix}_capped").max().alias(f"{prefix}_cap"),
        ]
    return frame.select("hand_key", **columns).group_by("hand_key").agg(aggs)


def _reading(prefix: str, header: str) -> tuple[pl.Expr, pl.Expr]:
    """(value, unclear) of one blind when the posts define the hand: the exact post when there
    is one value, else the header's; unclear when exact posts disagree or a capped one is above
    the exact value."""
    lo, hi, cap = pl.col(f"{prefix}_lo"), pl.col(f"{prefix}_hi"), pl.col(f"{prefix}_cap")
    value = pl.when(pl.col(f"{prefix}_n") == 1).then(lo).otherwise(pl.col(header))
    unclear = (lo != hi) | (cap > lo)
    return value, unclear.fill_null(False)


def _effective(frame: pl.DataFrame) -> pl.DataFrame:
    """The reading and the effective stakes of every hand with post evidence."""
    sb, sb_unclear = _reading("sb", "small_blind")
    bb, bb_unclear = _reading("bb", "big_blind")
    ante, ante_unclear = _reading("ante", "ante")
    # fixed limit: the small blind is the posted one (not a header fact: it is not compared)
    sb = pl.when(IS_FL & (pl.col("sb_n") != 1)).then(pl.col("small_blind")).otherwise(sb)
    # a blind known only from an all-in post cannot be read when the header is wrong
    only_capped = (pl.col("bb_n") == 0) & pl.col("bb_cap").is_not_null()
    only_capped |= ~IS_FL & (pl.col("sb_n") == 0) & pl.col("sb_cap").is_not_null()
    # fixed limit: the bets scale with the big blind (exactly, or the reading is unclear)
    scaled = {b: pl.col(b) * bb // pl.col("big_blind") for b in ("small_bet", "big_bet")}
    inexact = IS_FL & pl.any_horizontal(
        (pl.col(b) * bb % pl.col("big_blind") != 0).fill_null(False) for b in scaled
    )
    defined = pl.col("contradicted") & ~pl.col("corroborated")
    unclear = (~IS_FL & sb_unclear) | bb_unclear | ante_unclear | only_capped | inexact
    unclear |= (~IS_FL & (sb > bb)).fill_null(False)
    ambiguous = (defined & unclear) | (~defined & ~pl.col("corroborated") & pl.col("capped_above"))
    reading = pl.when(ambiguous).then(pl.lit("ambiguous")).when(defined).then(pl.lit("posts"))
    frame = frame.with_columns(reading.alias("stakes_reading"))
    by_posts = pl.col("stakes_reading") == "posts"
    values = {
        "small_blind": sb,
        "big_blind": bb,
        "small_bet": pl.when(IS_FL).then(scaled["small_bet"]),
        "big_bet": pl.when(IS_FL).then(scaled["big_bet"]),
        "ante": ante,
    }
    null = pl.lit(None, dtype=pl.Int64)
    return frame.with_columns(
        pl.when(pl.col("stakes_reading") == "ambiguous")
        .then(null)
        .when(by_posts)
        .then(value)
        .otherwise(pl.col(name))
        .alias(f"_eff_{name}")
        for name, value in values.items()
    )


#: The amounts the messages print (as `<name>_t` text columns, _amount_texts).
PRINTED = (
    "small_blind",
    "big_blind",
    "ante",
    *(f"_eff_{name}" for name in STAKES),
    *(f"{prefix}_{end}" for prefix in ("sb", "bb", "ante") for end in ("lo", "hi", "cap")),
)


def _amount_texts(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` plus `<name>_t`, each PRINTED amount in the hand's unit. One money() over the
    long form: planning a money() expression per column cost more than formatting the few
    flagged hands."""
    long = frame.select("hand_key", "scale", *PRINTED).unpivot(index=["hand_key", "scale"])
    texts = long.with_columns(money(pl.col("value")).alias("text")).pivot(
        on="variable", index="hand_key", values="text"
    )
    texts = texts.rename({name: f"{name}_t" for name in PRINTED if name in texts.columns})
    return frame.join(texts, on="hand_key", how="left")


def _t(name: str) -> pl.Expr:
    return pl.col(f"{name}_t")


def _stakes_text() -> pl.Expr:
    """The posts' stakes: "60/120" (fixed limit: "30/60, bets 60/120")."""
    blinds = sentence("{}/{}", _t("_eff_small_blind"), _t("_eff_big_blind"))
    bets = sentence("{}, bets {}/{}", blinds, _t("_eff_small_bet"), _t("_eff_big_bet"))
    return pl.when(IS_FL).then(bets).otherwise(blinds)


def _why_ambiguous() -> pl.Expr:
    """Why the posts give no one reading (the first reason that applies)."""
    why: Then | ChainedThen = pl.when(pl.lit(False)).then(pl.lit(""))
    for prefix, name in (("sb", "small blind"), ("bb", "big blind"), ("ante", "ante")):
        lo, hi, cap = (_t(f"{prefix}_{end}") for end in ("lo", "hi", "cap"))
        mine = ~IS_FL if prefix == "sb" else pl.lit(True)
        why = why.when(mine & (pl.col(f"{prefix}_lo") != pl.col(f"{prefix}_hi"))).then(
            sentence(f"the {name} posts disagree ({{}} and {{}})", lo, hi)
        )
        why = why.when(mine & (pl.col(f"{prefix}_cap") > pl.col(f"{prefix}_lo"))).then(
            sentence(f"an all-in {name} post of {{}} is above the posted {{}}", cap, lo)
        )
    for prefix, name in (("bb", "big blind"), ("sb", "small blind")):
        mine = ~IS_FL if prefix == "sb" else pl.lit(True)
        only = mine & (pl.col(f"{prefix}_n") == 0) & pl.col(f"{prefix}_cap").is_not_null()
        why = why.when(only & pl.col("contradicted")).then(
            sentence(f"the {name} is known only from an all-in post of {{}}", _t(f"{prefix}_cap"))
        )
    return (
        why.when(~pl.col("contradicted"))
        .then(pl.lit("only an all-in post above the header's blind says so"))
        .otherwise(
            pl.lit("the posted small blind is above the big blind (or the bets do not scale)")
        )
    )


def _messages(frame: pl.DataFrame) -> pl.DataFrame:
    """stakes_message and stakes_seq (the post row flagged) of the hands with a reading."""
    frame = _amount_texts(frame)
    header = sentence("{}/{}", _t("small_blind"), _t("big_blind"))
    ante = pl.when(pl.col("_eff_ante") != pl.col("ante")).then(
        sentence(" and ante {} (not {})", _t("_eff_ante"), _t("ante"))
    )
    defined = sentence(
        "the header's blinds {} contradict the posts, which agree on {}{}: "
        "the hand is audited at the posts' stakes",
        header,
        _stakes_text(),
        ante.otherwise(pl.lit("")),
    )
    ambiguous = sentence(
        "the stakes are ambiguous: the posts contradict the header's blinds {} but {}; "
        "rules that depend on the stakes are skipped for this hand",
        header,
        _why_ambiguous(),
    )
    message = pl.when(pl.col("stakes_reading") == "posts").then(defined).otherwise(ambiguous)
    return frame.with_columns(
        message.alias("stakes_message"),
        pl.coalesce("contradicting_seq", "first_blind_seq").alias("stakes_seq"),
    )


def effective_stakes(
    hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame
) -> pl.DataFrame:
    """`hands` (prepare's HAND_COLUMNS) with the effective STAKES and READING_COLUMNS."""
    hands = hands.rechunk()
    evidence = _evidence(_capped_posts(actions, seats), hands)
    frame = hands.join(evidence, on="hand_key", how="left")
    frame = _effective(
        frame.with_columns(pl.col("corroborated", "contradicted", "capped_above").fill_null(False))
    )
    flagged = frame.filter(pl.col("stakes_reading").is_not_null())
    if flagged.height:
        texts = _messages(flagged).select("hand_key", "stakes_seq", "stakes_message")
        frame = frame.join(texts, on="hand_key", how="left")
    else:
        frame = frame.with_columns(
            pl.lit(None, dtype=pl.Int32).alias("stakes_seq"),
            pl.lit(None, dtype=pl.String).alias("stakes_message"),
        )
    return frame.with_columns(pl.col(f"_eff_{name}").alias(name) for name in STAKES).select(
        *hands.columns, *READING_COLUMNS
    )
