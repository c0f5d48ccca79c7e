"""Shared pipeline, settlement: the money flows every format states its own way, made canonical.

`settle_reported` (before the site's `hands` hook, parsers/core/hooks.py):
- a `fees` group of `pot_line` is added to the rake (GGPoker Bingo, Fortune, Tax ...), a
  `side_pots` group to the pot (PartyPoker 2026 "Side Pot 1: N");
- header columns a reader may add: `pot_unreliable` (the pot line leaves out a fee: pot and
  rake not read) and `stakes_may_be_bets` (stated stakes twice the full blinds posted are
  fixed-limit bets: the blinds are the posts). Both WPN old format.

`kept_pots` (a site's `actions` hook calls it with the site's pattern): a cashed-out player's
pot that the site keeps (PokerStars "won ($2.29) ... (pot not awarded as player cashed out)")
becomes a collect of it and a cash_out of minus it (docs/tables.md "Cash-outs").

`settle_conventions` (after it), the conventions several formats share:
- `Grammar.idle_seats_sit_out`: listed players never named on an action line sat out.
- `Grammar.dead_sb_includes_bb`: a dead small-blind post larger than the small blind is split
  into a live post of the big blind and dead money for the rest (Winamax posts both that way).
- `Grammar.pot_net_of_rake`: the reported pot is what was collected; total_pot = pot + rake
  (a pot line without a rake amount, Winamax "No rake", means rake 0).
- `Grammar.implicit_uncalled`: the site never prints "Uncalled bet returned": on each street
  the top commitment minus the second (folded players' chips included, as RULES.md H-2) went
  back to the top bettor inside his collect. The pipeline emits that uncalled_return (after
  the street's last action), takes it out of the player's last collect and out of total_pot.
  Only settled hands (with a collect) that print no return at all are normalised. With
  `Grammar.collect_may_hold_uncalled` the collects keep their amount in the hands whose
  collects do not exceed the chips left in the pot (888 collects the pot without the return);
  with `Grammar.pot_excludes_uncalled` the reported pot already leaves them out.
"""

from __future__ import annotations

import polars as pl

from parsers.core.grammar import Grammar
from parsers.core.lines import SUMMARY
from parsers.games import SHOWDOWN

#: The `verb` of the cash_out row that hands a kept pot to the site (kept_pots).
KEPT_POT_VERB = "pot kept by the site"

#: Kinds that make up a player's street commitment (amount = chips added); stud's bring-in
#: and completion last (slices of the first four are the live blinds).
COMMITTING = (
    "post_sb",
    "post_bb",
    "post_straddle",
    "post_live",
    "call",
    "bet",
    "raise",
    "bring_in",
    "complete",
)
KEY = ["hand_key", "street"]


def implicit_returns(actions: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, street, player, returned, line_no) of the uncalled part on each street."""
    settled = actions.filter(pl.col("kind") == "collect").select("hand_key").unique()
    printed = actions.filter(pl.col("kind") == "uncalled_return").select("hand_key").unique()
    settled = settled.join(printed, on="hand_key", how="anti")
    betting = pl.col("street") < SHOWDOWN  # a betting round's rows, not the settlement's
    committing = actions.filter(pl.col("kind").is_in(COMMITTING) & betting)
    committing = committing.join(settled, on="hand_key", how="semi")
    # the return follows the street's last action (folds included)
    last = actions.filter(betting).group_by(KEY).agg(pl.col("line_no").max())
    return uncalled_by_street(committing).join(last, on=KEY, how="left")


def uncalled_by_street(committing: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, street, player, returned) from committing action rows of the betting rounds:
    each street's top commitment minus the second (folded players' chips included, as RULES.md H-2
    computes it), owed back to the top bettor."""
    per_player = committing.group_by([*KEY, "player"]).agg(committed=pl.col("amount").sum())
    committed = pl.col("committed")
    per_street = per_player.group_by(KEY).agg(
        top=committed.max(),
        second=committed.top_k(2).min().filter(pl.len() >= 2).first().fill_null(0),
        player=pl.col("player").sort_by("committed", descending=True).first(),
    )
    return per_street.filter(pl.col("top") > pl.col("second")).select(
        *KEY, "player", (pl.col("top") - pl.col("second")).alias("returned")
    )


def _return_rows(actions: pl.DataFrame, returns: pl.DataFrame) -> pl.DataFrame:
    """One uncalled_return action per row of `returns`, shaped like `actions`."""
    template = actions.unique(subset=["hand_key"], keep="first").drop(
        "street", "player", "line_no", "amount", "to_amount", "kind", "all_in", "verb"
    )
    if "n_cards" in template.columns:  # a draw's count (parsers/core/draws.py): none here
        template = template.with_columns(pl.lit(None, template.schema["n_cards"]).alias("n_cards"))
    rows = returns.join(template, on="hand_key").with_columns(
        pl.lit("uncalled_return").alias("kind"),
        pl.lit("uncalled_return").alias("verb"),
        pl.col("returned").alias("amount"),
        pl.lit(None, dtype=actions.schema["to_amount"]).alias("to_amount"),
        pl.lit(False).alias("all_in"),
    )
    return rows.select(
        [pl.col(name).cast(dtype) for name, dtype in actions.schema.items()]
    ).with_columns(pl.lit(1, dtype=pl.Int8).alias("_sub"))


def _less_collect(actions: pl.DataFrame, returns: pl.DataFrame) -> pl.DataFrame:
    """Take each player's returned chips out of his collects, the last one first (Winamax puts
    them in the pot the top bettor alone contests: his last "side pot" line). What his collects
    cannot cover stays collected by no one: the audit's settlement checks then flag the hand."""
    per_player = returns.group_by("hand_key", "player").agg(pl.col("returned").sum())
    marked = actions.join(
        per_player, on=["hand_key", "player"], how="left", maintain_order="left"
    ).with_row_index("_row")
    collect = (pl.col("kind") == "collect") & pl.col("returned").is_not_null()
    collects = marked.filter(collect).sort("_row", descending=True)
    later = pl.col("amount").cum_sum().over("hand_key", "player") - pl.col("amount")
    left = (pl.col("returned") - later).clip(lower_bound=0)
    taken = collects.select("_row", pl.min_horizontal("amount", left).alias("_taken"))
    marked = marked.join(taken, on="_row", how="left", maintain_order="left")
    return marked.with_columns(
        (pl.col("amount") - pl.col("_taken").fill_null(0)).alias("amount")
    ).drop("_row", "returned", "_taken")


def resequence(actions: pl.DataFrame) -> pl.DataFrame:
    """`actions` sorted by (hand_key, seq, _sub), `_sub` dropped, seq renumbered 0.. per hand."""
    ordered = actions.sort("hand_key", "seq", "_sub").drop("_sub")
    first = pl.col("hand_key") != pl.col("hand_key").shift(1)
    row = pl.int_range(pl.len(), dtype=pl.Int32)
    seq = row - pl.when(first.fill_null(True)).then(row).forward_fill()
    return ordered.with_columns(seq.alias("seq"))


def _held_in_collects(actions: pl.DataFrame, returns: pl.DataFrame) -> pl.DataFrame:
    """The returns of the hands whose collects exceed the chips left in the pot (all chips put
    in less the returns): only there do the collects hold them (`collect_may_hold_uncalled`)."""
    kind = pl.col("kind")
    put = kind.is_in(COMMITTING) | kind.is_in(["post_dead", "post_ante"])
    money = actions.group_by("hand_key").agg(
        pl.col("amount").filter(put).sum().alias("_put"),
        pl.col("amount").filter(kind == "collect").sum().alias("_collected"),
    )
    returned = returns.group_by("hand_key").agg(pl.col("returned").sum().alias("_returned"))
    held = money.join(returned, on="hand_key").filter(
        pl.col("_collected") > pl.col("_put") - pl.col("_returned")
    )
    return returns.join(held.select("hand_key"), on="hand_key", how="semi")


def _with_returns(
    actions: pl.DataFrame,
    hands: pl.DataFrame,
    pot_holds_returns: bool = True,
    collect_may_hold: bool = False,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    returns = implicit_returns(actions)
    if returns.is_empty():
        return actions, hands
    in_collects = _held_in_collects(actions, returns) if collect_may_hold else returns
    rows = _return_rows(actions, returns)
    # place each return right after the street's last commitment (same seq, later _sub)
    seq_of = actions.select("hand_key", "line_no", "seq").unique(["hand_key", "line_no"])
    rows = rows.drop("seq").join(seq_of, on=["hand_key", "line_no"], how="left")
    rows = rows.select(*actions.columns, "_sub")
    body = _less_collect(actions, in_collects).with_columns(pl.lit(0, dtype=pl.Int8).alias("_sub"))
    actions = resequence(pl.concat([body, rows]))
    if not pot_holds_returns:  # the reported pot already leaves the uncalled chips out
        return actions, hands
    totals = returns.group_by("hand_key").agg(pl.col("returned").sum().alias("_returned"))
    hands = hands.join(totals, on="hand_key", how="left").with_columns(
        (pl.col("total_pot") - pl.col("_returned").fill_null(0)).alias("total_pot")
    )
    return actions, hands.drop("_returned")


def _split_dead_both(actions: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    blinds = hands.select("hand_key", "small_blind", "big_blind")
    marked = actions.join(blinds, on="hand_key", how="left", maintain_order="left")
    both = (
        (pl.col("kind") == "post_dead")
        & (pl.col("amount") > pl.col("small_blind"))
        & (pl.col("amount") >= pl.col("big_blind"))
    ).fill_null(False)
    live = marked.filter(both).with_columns(
        pl.lit("post_live").alias("kind"), pl.col("big_blind").alias("amount")
    )
    dead = marked.with_columns(
        pl.when(both).then(pl.col("amount") - pl.col("big_blind")).otherwise(pl.col("amount"))
    )
    parts = [
        live.with_columns(pl.lit(0, dtype=pl.Int8).alias("_sub")),
        dead.with_columns(pl.lit(1, dtype=pl.Int8).alias("_sub")),
    ]
    merged = pl.concat(parts).drop("small_blind", "big_blind")
    return resequence(merged.with_columns(pl.col("kind").cast(actions.schema["kind"])))


def _idle_sit_out(seats: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    named = actions.select("hand_key", "player").unique().with_columns(pl.lit(True).alias("_acts"))
    marked = seats.join(named, on=["hand_key", "player"], how="left", maintain_order="left")
    idle = pl.col("_acts").is_null()
    # an idle seat listed without a stack ("Seat 1: Player1 ()") is an empty listing: dropped
    return (
        marked.filter(~(idle & pl.col("stack").is_null()))
        .with_columns((pl.col("sitting_out") | idle).alias("sitting_out"))
        .drop("_acts")
    )


def _unreliable_pots(hands: pl.DataFrame) -> pl.DataFrame:
    """A header reader may flag hands whose pot line leaves out a fee it does not state
    (column `pot_unreliable`): their total_pot and rake are not read."""
    if "pot_unreliable" not in hands.columns:
        return hands
    bad = pl.col("pot_unreliable").fill_null(False)
    return hands.with_columns(
        pl.when(bad).then(None).otherwise(pl.col(name)).alias(name)
        for name in ("total_pot", "rake")
    )


def _stakes_as_bets(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Header column `stakes_may_be_bets`: when the full (not all-in) blinds posted are half
    the stated stakes ("2/4" with posts 1 and 2), the stakes were fixed-limit bets and the
    blinds are the posts."""
    if "stakes_may_be_bets" not in hands.columns:
        return hands
    full = ~pl.col("all_in")
    posts = actions.group_by("hand_key").agg(
        pl.col("amount").filter((pl.col("kind") == "post_sb") & full).first().alias("_sb"),
        pl.col("amount").filter((pl.col("kind") == "post_bb") & full).first().alias("_bb"),
    )
    frame = hands.join(posts, on="hand_key", how="left")
    as_bets = (
        pl.col("stakes_may_be_bets")
        & (pl.col("_bb") == pl.col("small_blind"))
        & (2 * pl.col("_bb") == pl.col("big_blind"))
    ).fill_null(False)
    return frame.with_columns(
        pl.when(as_bets).then(pl.col("_sb")).otherwise(pl.col("small_blind")).alias("small_blind"),
        pl.when(as_bets).then(pl.col("_bb")).otherwise(pl.col("big_blind")).alias("big_blind"),
    ).drop("_sb", "_bb")


def _group_sum(hands: pl.DataFrame, column: str, grammar: Grammar) -> pl.DataFrame:
    """hand_key, _sum: the amounts in a text column summed per hand (null when one is
    unreadable; hands without the text are absent)."""
    return (
        hands.select("hand_key", "scale", pl.col(column).str.extract_all(r"\d[\d.,]*"))
        .explode(column)
        .filter(pl.col(column).is_not_null())
        .with_columns(grammar.amount(pl.col(column), pl.col("scale")).alias("_one"))
        .group_by("hand_key")
        .agg(
            pl.when(pl.col("_one").is_null().any())
            .then(None)
            .otherwise(pl.col("_one").sum())
            .alias("_sum")
        )
    )


def _extra_fees(hands: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """An optional `fees` group of `pot_line` ("| Bingo $0 | Fortune $0 | Tax $0"): every
    amount in it is money the site took, added to the rake (null when one is unreadable)."""
    if "fees_s" not in hands.columns:
        return hands
    frame = hands.join(_group_sum(hands, "fees_s", grammar), on="hand_key", how="left")
    return frame.with_columns(
        (pl.col("rake") + pl.col("_sum").fill_null(0)).alias("rake"),
    ).drop("_sum")


def _side_pots(hands: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """An optional `side_pots` group of `pot_line` (PartyPoker 2026 "Main Pot: 35656500 Side
    Pot 1: 3767420"): the side pots are added to the pot (null when one is unreadable)."""
    if "side_pots_s" not in hands.columns:
        return hands
    labels = r"[A-Za-z ]+\d+:"  # "Side Pot 1:" (its number is no amount)
    amounts = hands.with_columns(pl.col("side_pots_s").str.replace_all(labels, " "))
    frame = hands.join(_group_sum(amounts, "side_pots_s", grammar), on="hand_key", how="left")
    has_side = pl.col("side_pots_s").str.contains(r"\d").fill_null(False)
    total = pl.when(has_side).then(pl.col("total_pot") + pl.col("_sum"))
    return frame.with_columns(total.otherwise(pl.col("total_pot")).alias("total_pot")).drop("_sum")


def kept_pots(
    actions: pl.DataFrame, lines: pl.DataFrame, seats: pl.DataFrame, pattern: str, grammar: Grammar
) -> pl.DataFrame:
    """`actions` with, per summary line matching `pattern` (groups `seat`, `amount`), the pot
    a cashed-out player won and the site keeps: a collect of it (the showdown gave it to him)
    and a cash_out of minus it (he sold that claim to the site for his cash-out), both on the
    summary line, after the hand's other rows. So the collects are the pots as the showdown
    awarded them, and start - put in + returned + collected + cashed out is still his stack.

    Only hands with a cash_out row are read (a batch without one returns at once): a kept pot
    whose cash-out line is missing stays unpaid, and the settlement checks say so."""
    cashed = actions.filter(pl.col("kind") == "cash_out").select("hand_key").unique()
    if not pattern or cashed.height == 0:
        return actions
    summary = lines.filter(pl.col("section") == SUMMARY).join(cashed, on="hand_key", how="semi")
    found = summary.filter(pl.col("text").str.contains(pattern)).select(
        "hand_key", "line_no", pl.col("text").str.extract_groups(pattern).alias("_g")
    )
    if found.height == 0:
        return actions
    read = found.select(
        "hand_key",
        "line_no",
        pl.col("_g").struct.field("seat").cast(pl.Int16).alias("seat"),
        pl.col("_g").struct.field("amount").alias("amount_s"),
    )
    per_hand = actions.group_by("hand_key").agg(
        pl.col("scale", "alt_locale").first(), pl.col("seq").max().alias("_last")
    )
    names = seats.select("hand_key", pl.col("seat").cast(pl.Int16), "player")
    read = read.join(names, on=["hand_key", "seat"], how="inner").join(per_hand, on="hand_key")
    read = read.sort("hand_key", "line_no").with_columns(
        grammar.amount(pl.col("amount_s"), pl.col("scale")).alias("amount"),
        (pl.col("_last") + 2 * pl.int_range(1, pl.len() + 1).over("hand_key") - 1).alias("seq"),
    )
    collect = read.with_columns(kind=pl.lit("collect"), verb=pl.lit("collect"))
    handed = read.with_columns(
        kind=pl.lit("cash_out"),
        verb=pl.lit(KEPT_POT_VERB),
        amount=-pl.col("amount"),
        seq=pl.col("seq") + 1,
    )
    rows = pl.concat([collect, handed]).with_columns(
        section=pl.lit(SUMMARY),
        to_s=pl.lit(None),
        to_amount=pl.lit(None),
        all_in=pl.lit(False),
        street=pl.lit(SHOWDOWN),
    )
    rows = rows.select(  # a draw batch's `n_cards` (parsers/core/draws.py) is null here
        (pl.col(name) if name in rows.columns else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in actions.schema.items()
    )
    return pl.concat([actions, rows]).sort("hand_key", "seq", maintain_order=True)


def settle_reported(
    actions: pl.DataFrame, hands: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """What the pot line and the header say about the money: fees into the rake, side pots
    into the pot, pots a fee leaves unreliable, stakes that were fixed-limit bets."""
    hands = _side_pots(_extra_fees(hands, grammar), grammar)
    return actions, _stakes_as_bets(_unreliable_pots(hands), actions)


def settle_conventions(
    actions: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """The grammar's settlement conventions (after the site's `hands` hook)."""
    if grammar.idle_seats_sit_out:
        seats = _idle_sit_out(seats, actions)
    if grammar.dead_sb_includes_bb:
        actions = _split_dead_both(actions, hands)
    if grammar.pot_net_of_rake:
        rake = pl.when(pl.col("total_pot").is_not_null()).then(pl.col("rake").fill_null(0))
        hands = hands.with_columns(rake.alias("rake")).with_columns(
            (pl.col("total_pot") + pl.col("rake")).alias("total_pot")
        )
    if grammar.implicit_uncalled:
        actions, hands = _with_returns(
            actions, hands, not grammar.pot_excludes_uncalled, grammar.collect_may_hold_uncalled
        )
    return actions, hands, seats
