"""POST-AMOUNT: a blind or ante that differs from min(nominal, stack).

What it checks: the small blind, big blind and ante posts against the structure, capped by the
player's stack. With a big-blind ante the blind is taken before the ante (option
`bb_ante_priority = "blind_first"`, TDA RP-11). Straddles, live and dead posts are not checked.
Ordinary antes and blinds are checked against the stack left at that point of the recorded
posts; with a big-blind ante the BB's two posts follow `bb_ante_priority`: "blind_first" takes
the blind out of the starting stack first and the ante from what is left, "ante_first" the
other way round. With per-player antes a player who posts a blind and an ante follows option
`ante_priority` (RULES.md H-1): "ante_first" (the usual online order, the default) takes the
ante out of the starting stack first and the blind from what is left, "blind_first" the other
way round; the order the log prints the two posts in does not matter.

Violating:
    NL 100/200; stacks P1=10000 P2=300 P3=10000 P4=10000; button P4; ante 200 bb
    posts: P1 sb 100, P2 bb 100 !, P2 ante 200
    preflop: P3 fold, P4 fold, P1 fold

Legal:
    NL 100/200; stacks P1=10000 P2=300 P3=10000 P4=10000; button P4; ante 200 bb
    posts: P1 sb 100, P2 bb 200, P2 ante 100
    preflop: P3 fold, P4 fold, P1 fold
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KIND, KNOWN_STACK, MONEY_READS, Rule, col, money, sentence

_KIND = pl.col("kind")
_PLAYER = ["hand_key", "seat"]
#: The posts the rule checks: post_expected is null on every other row.
CHECKED_POSTS = ("post_sb", "post_bb", "post_ante")


def _posts_ante_and_blind() -> pl.Expr:
    """The player posts one per-player ante and one small or big blind in this hand."""
    blinds = _KIND.is_in(["post_sb", "post_bb"]).sum().over(_PLAYER)
    antes = (_KIND == "post_ante").sum().over(_PLAYER)
    per_player_ante = ~pl.col("bb_ante").fill_null(False) & (pl.col("ante") > 0)
    return per_player_ante & (blinds == 1) & (antes == 1)


def _ante_and_blind_expected(ante_first: pl.Expr) -> pl.Expr:
    """Expected blind and ante of a player who owes both, per option `ante_priority`."""
    stack, ante, bb = pl.col("stack"), pl.col("ante"), pl.col("big_blind")
    ante_first_order = pl.col("opt_ante_priority") == "ante_first"
    blind_nominal = pl.when(_KIND == "post_sb").then(pl.col("small_blind")).otherwise(bb)
    players_blind = pl.when(_KIND.is_in(["post_sb", "post_bb"])).then(blind_nominal)
    blind_taken_first = pl.min_horizontal(players_blind.max().over(_PLAYER), stack)
    blind = (
        pl.when(ante_first_order)
        .then(pl.min_horizontal(blind_nominal, stack - ante_first))
        .otherwise(pl.min_horizontal(blind_nominal, stack))
    )
    ante_post = (
        pl.when(ante_first_order)
        .then(ante_first)
        .otherwise(pl.min_horizontal(ante, stack - blind_taken_first))
    )
    return pl.when(_KIND == "post_ante").then(ante_post).otherwise(blind)


def _post_expected() -> pl.Expr:
    """Expected chips of a post_sb / post_bb / post_ante row (null on other rows)."""
    stack = pl.col("stack")
    bb, ante = pl.col("big_blind"), pl.col("ante")
    blind_first = pl.col("opt_bb_ante_priority") == "blind_first"
    bb_first = pl.min_horizontal(bb, stack)
    ante_first = pl.min_horizontal(ante, stack)
    bb_ante_payer = pl.col("bb_ante").fill_null(False) & (pl.col("seat") == pl.col("bb_seat"))
    bb_ante_bb = (
        pl.when(blind_first).then(bb_first).otherwise(pl.min_horizontal(bb, stack - ante_first))
    )
    bb_ante_ante = (
        pl.when(blind_first).then(pl.min_horizontal(ante, stack - bb_first)).otherwise(ante_first)
    )
    left = pl.col("remaining_before").clip(lower_bound=0)
    nominal = (
        pl.when(_KIND == "post_sb")
        .then(pl.col("small_blind"))
        .when(_KIND == "post_bb")
        .then(bb)
        .when((_KIND == "post_ante") & (ante > 0))
        .then(ante)
    )
    return (
        pl.when(bb_ante_payer & (_KIND == "post_bb") & (ante > 0))
        .then(bb_ante_bb)
        .when(bb_ante_payer & (_KIND == "post_ante"))
        .then(bb_ante_ante)
        .when(_posts_ante_and_blind() & _KIND.is_in(["post_sb", "post_bb", "post_ante"]))
        .then(_ante_and_blind_expected(ante_first))
        .when(nominal.is_not_null())
        .then(pl.min_horizontal(nominal, left))
    )


RULE = Rule(
    code="POST-AMOUNT",
    name="post.wrong-amount",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-1; TDA RP-11",
    summary="Blind/ante posted amount differs from the structure",
    options=("bb_ante_priority", "ante_priority"),
    reads=(
        *MONEY_READS,
        "ante",
        "bb_ante",
        "bb_seat",
        "big_blind",
        "chips",
        "hand_key",
        "kind",
        "opt_ante_priority",
        "opt_bb_ante_priority",
        "remaining_before",
        "seat",
        "small_blind",
        "stack",
        "stack_unknown",
    ),
    computes={"post_expected": _post_expected()},
    # null on every other row; its windows count the player's blind and ante posts only
    computes_on=_KIND.is_in(CHECKED_POSTS),
    violates=KNOWN_STACK
    & col("post_expected").is_not_null()
    & (col("chips") != col("post_expected")),
    message=sentence(
        "{} of {}; expected {}",
        KIND.str.replace("post_", "posted "),
        money(col("chips")),
        money(col("post_expected")),
    ),
)
