"""Who should win each pot, and how much (RULES.md §11, TDA 20-21).

`judged_hands` decides per showdown hand whether its pots can be judged (the cards of every
eligible player and every board known, no card fault) or why not. `pot_parts` evaluates the
eligible players of the judged hands on every board and splits every pot into its parts: one
per board of a run-it-twice (the odd chips to the first boards), each halved between the high
and the low hand when a low qualifies (the odd chip to the high half), each part shared equally
among its best hands with the odd chips given per option `odd_chip`. One row per (hand, pot,
board, half, eligible seat), with `winner` and `share`: the frame the report's replay reads.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import cards_text_expr
from audit.showdown.evaluate import evaluate_high, evaluate_low
from audit.showdown.known import BOARD_CARDS, GAME_RULE
from audit.showdown.value_award import ACE_LOW, ONLY_LOW, evaluate_values, ordered_high_first
from audit.showdown.values.games import VALUE_GAMES

#: The order the odd chips go in, per option `odd_chip` (smaller first).
BUTTON_DISTANCE = 1000


def _not_judged_reasons() -> list[tuple[pl.Expr, str]]:
    """(condition, reason) in the order they are reported; the first that holds is the reason."""
    return [
        (pl.col("rule").is_null(), "game unknown"),
        (~pl.col("has_cards"), "no card read (none shown, or the format's cards not read)"),
        (pl.col("cards_unjudged").is_not_null(), "unreadable card"),
        (pl.col("card_fault"), "card fault (C-1..C-3)"),
        (pl.col("dead_only"), "a player all-in for dead money only"),
        (pl.col("unknown_hole") > 0, "cards of an eligible player not shown"),
        (pl.col("short_boards") > 0, "board not complete"),
    ]


def judged_hands(
    pots: pl.DataFrame,
    money: pl.DataFrame,
    hands: pl.DataFrame,
    hole: pl.DataFrame,
    boards: pl.DataFrame,
    deck: pl.DataFrame,
    values: bool = False,
) -> pl.DataFrame:
    """(hand_key, n_boards, rule, not_judged) per showdown hand; `not_judged` null = judged.
    `values`: some hands are stud or draw hands, judged on their players' own cards (`hole`:
    a stud player's seven with the common card) and one pot part per pot, no board."""
    eligible = pots.filter(pl.col("eligible")).select("hand_key", "seat").unique()
    dealt = hole.group_by("hand_key").agg(pl.col("dealt").first())
    holes = (
        eligible.join(hole.drop("dealt"), on=["hand_key", "seat"], how="left")
        .join(dealt, on="hand_key", how="left")
        .group_by("hand_key")
        .agg(
            unknown_hole=(pl.col("hole_count").fill_null(0) != pl.col("dealt"))
            .fill_null(True)
            .sum()
        )
    )
    dead_only = money.filter(~pl.col("folded") & (pl.col("live") == 0)).select(
        "hand_key", dead_only=pl.lit(True)
    )
    frame = (
        pots.select("hand_key")
        .unique()
        .join(
            hands.select("hand_key", "game", n_boards=pl.col("boards").fill_null(1)),
            on="hand_key",
            how="left",
        )
        .join(holes, on="hand_key", how="left")
        .join(deck, on="hand_key", how="left")
    )
    if dead_only.height:  # most batches have no player all-in for dead money only
        frame = frame.join(dead_only.unique(), on="hand_key", how="left")
    full = (
        boards.filter(pl.col("board_count") == BOARD_CARDS)
        .group_by("hand_key")
        .agg(full_boards=pl.col("board").filter(pl.col("board") <= 3).n_unique())
    )
    frame = frame.join(full, on="hand_key", how="left").with_columns(
        rule=pl.col("game").replace_strict(GAME_RULE, default=None, return_dtype=pl.String),
        has_cards=pl.col("hand_key").is_in(deck.get_column("hand_key").implode()),
        card_fault=pl.any_horizontal(
            pl.col(name).is_not_null() for name in ("card_invalid", "card_dup", "card_count")
        ),
        dead_only=pl.col("dead_only").fill_null(False) if dead_only.height else pl.lit(False),
        short_boards=pl.col("n_boards").cast(pl.Int32)
        - pl.col("full_boards").fill_null(0).cast(pl.Int32),
    )
    if values:  # no board to wait for: one part per pot
        own = pl.col("game").is_in(VALUE_GAMES)
        frame = frame.with_columns(
            n_boards=pl.when(own).then(1).otherwise("n_boards").cast(frame.schema["n_boards"]),
            short_boards=pl.when(own).then(0).otherwise("short_boards"),
        )
    reason: pl.Expr = pl.lit(None, pl.String)
    for condition, text in reversed(_not_judged_reasons()):
        reason = pl.when(condition.fill_null(False)).then(pl.lit(text)).otherwise(reason)
    return frame.select("hand_key", "n_boards", "rule", not_judged=reason)


def evaluate_players(rows: pl.DataFrame, options: pl.DataFrame) -> pl.DataFrame:
    """`rows` (hand_key, seat, board, rule, is_hilo, hole, cards) with high and low values; one
    evaluator call per (rule, trips option), never per hand."""
    rows = rows.join(options, on="hand_key", how="left")
    parts = []
    for (rule, trips), group in rows.group_by("rule", "trips_beat_straight"):
        if rule in VALUE_GAMES:  # stud and draw: the player's own cards (values/)
            parts.append(evaluate_values(group, str(rule)))
            continue
        high = evaluate_high(
            group, str(rule), board="cards", short_deck_trips_beat_straight=bool(trips)
        )
        hilo = high.filter(pl.col("is_hilo"))
        if rule != "short_deck" and hilo.height:
            low = evaluate_low(hilo, str(rule), board="cards").select(
                "hand_key", "seat", "board", "low_value", "low_five"
            )
            high = high.join(low, on=["hand_key", "seat", "board"], how="left")
        else:
            high = high.with_columns(
                low_value=pl.lit(None, pl.Int64), low_five=pl.lit(None, pl.List(pl.UInt8))
            )
        parts.append(high)
    if not parts:
        return rows.with_columns(
            high_value=pl.lit(None, pl.Int64),
            high_class=pl.lit(None, pl.String),
            high_five=pl.lit(None, pl.List(pl.UInt8)),
            low_value=pl.lit(None, pl.Int64),
            low_five=pl.lit(None, pl.List(pl.UInt8)),
        )
    return pl.concat(
        [p.with_columns(pl.col("high_class").cast(pl.String)) for p in parts],
        how="diagonal_relaxed",
    )


def _shares(parts: pl.DataFrame, group: list[str], amount: str, winner: str, order: str) -> pl.Expr:
    """Each winner's share of `amount`: equal parts, the odd chips to the first winners by
    `order` (smaller first)."""
    winners = pl.col(winner).sum().over(group)
    rank = pl.col(order).rank("ordinal").over([*group, winner]) - 1
    chip = pl.col("chip")
    chips = pl.col(amount) // chip
    equal = chips // winners * chip
    odd = (rank < chips % winners).cast(pl.Int64) * chip
    below_chip = pl.when(rank == 0).then(pl.col(amount) % chip).otherwise(0)
    return pl.when(pl.col(winner)).then(equal + odd + below_chip).otherwise(0)


def pot_parts(
    pots: pl.DataFrame,
    judged: pl.DataFrame,
    hands: pl.DataFrame,
    hole: pl.DataFrame,
    boards: pl.DataFrame,
    options: pl.DataFrame,
    texts: bool = True,
) -> pl.DataFrame:
    """One row per (hand_key, pot, board, half, seat) of the eligible players of the judged
    hands' pots: their hand on that board, `winner`, `part_amount` and `share` (see module
    docstring; the amounts are the pots built from the commitments, before any rake).
    `options` (hand_key, odd_chip, trips_beat_straight). `texts`: with the cards as text
    (five_text, hole_text, board_text: the report's replay); the check words only the hands
    it flags (audit/showdown/judge.py)."""
    ok = judged.filter(pl.col("not_judged").is_null()).select("hand_key", "n_boards", "rule")
    eligible = pots.filter(pl.col("eligible")).join(ok, on="hand_key", how="inner")
    board_numbers = ok.select(
        "hand_key", board=pl.int_ranges(1, pl.col("n_boards").cast(pl.Int64) + 1)
    ).explode("board")
    players = eligible.select("hand_key", "seat", "rule").unique()
    players = players.join(board_numbers.drop("n_boards", strict=False), on="hand_key")
    players = players.join(hole.select("hand_key", "seat", "hole"), on=["hand_key", "seat"])
    players = players.join(
        boards.select("hand_key", "board", "cards"), on=["hand_key", "board"], how="left"
    ).join(hands.select("hand_key", "is_hilo", "button_seat"), on="hand_key", how="left")
    valued = evaluate_players(players, options)
    rows = eligible.select(
        "hand_key", "pot", "seat", "player", "pot_amount", "n_eligible", "n_boards", "chip"
    )
    rows = rows.join(valued, on=["hand_key", "seat"], how="inner")
    rows = rows.with_columns(net=pl.col("pot_amount"))
    n_boards = pl.col("n_boards").cast(pl.Int64)
    chip, chips = pl.col("chip"), pl.col("net") // pl.col("chip")
    first = pl.col("board") == 1
    board_amount = (
        chips // n_boards * chip
        + ((pl.col("board") - 1) < chips % n_boards).cast(pl.Int64) * chip
        + pl.when(first).then(pl.col("net") % chip).otherwise(0)
    )
    pot_board = ["hand_key", "pot", "board"]
    rows = rows.with_columns(board_amount=board_amount).with_columns(
        has_low=pl.col("low_value").is_not_null().any().over(pot_board)
    )
    return _halves(rows, pot_board, texts)


def _card_texts() -> dict[str, pl.Expr]:
    return {
        "five_text": cards_text_expr(pl.col("five")),
        "hole_text": cards_text_expr(pl.col("hole")),
        "board_text": cards_text_expr(pl.col("cards")),
    }


def _halves(rows: pl.DataFrame, pot_board: list[str], texts: bool = True) -> pl.DataFrame:
    low_half = pl.col("board_amount") // pl.col("chip") // 2 * pl.col("chip")
    own = ONLY_LOW in rows.columns  # stud or draw hands: a low game's pot is its low half whole
    if own:
        only_low = pl.col(ONLY_LOW).fill_null(False)
        low_half = pl.when(only_low).then(pl.col("board_amount")).otherwise(low_half)
    high = rows.with_columns(
        half=pl.lit("high"),
        part_amount=pl.when(pl.col("has_low"))
        .then(pl.col("board_amount") - low_half)
        .otherwise(pl.col("board_amount")),
        value=pl.col("high_value"),
        five=pl.col("high_five"),
    )
    if own:
        high = high.filter(~only_low).with_columns(pl.lit(False).alias(ACE_LOW))
    parts = high
    if rows.get_column("has_low").any():  # a low half only where a hi-lo pot has a low hand
        low = rows.filter(pl.col("has_low")).with_columns(
            half=pl.lit("low"),
            part_amount=low_half,
            value=-pl.col("low_value"),  # larger = better for both halves
            five=pl.col("low_five"),
        )
        parts = pl.concat([high, low], how="vertical_relaxed")
    group = [*pot_board, "half"]
    by_suit = (rows.get_column("odd_chip") == "high_card_suit").any()
    parts = parts.with_columns(
        winner=(pl.col("value") == pl.col("value").max().over(group)).fill_null(False),
        chip_order=chip_order(pl.col("odd_chip"), by_suit, ace_low=own),
        **(_card_texts() if texts else {}),
    )
    parts = parts.with_columns(n_winners=pl.col("winner").sum().over(group).cast(pl.Int32))
    parts = with_part_shares(parts, group)
    columns = [*(c for c in parts.columns if c not in ("share", "n_winners")), "share", "n_winners"]
    return parts.select(columns).sort("hand_key", "pot", "board", "half", "chip_order")


#: The columns that name one pot part: the group its chips are shared in.
PART_GROUP = ["hand_key", "pot", "board", "half"]


def chip_order(rule: pl.Expr, by_suit: bool = True, ace_low: bool = False) -> pl.Expr:
    """The order the odd chips of a part go in per `rule` (an `odd_chip` value; smaller
    first): `left_of_button` clockwise from the button, `high_card_suit` the highest card of
    the best five by suit. Without a button (Bovada prints none) by seat: the shares are then
    judged within bounds only (audit/showdown/judge.py). `by_suit` false: no row's rule is
    `high_card_suit` (the cards are then not ordered). `ace_low`: the parts carry the ACE_LOW
    column (stud and draw hands), true where the half's cards rank the ace low (razz, the
    eight-or-better low: its high card is the five's highest with the ace low)."""
    distance = (pl.col("seat") - pl.col("button_seat") + BUTTON_DISTANCE) % BUTTON_DISTANCE
    left_of_button = pl.when(distance == 0).then(BUTTON_DISTANCE).otherwise(distance)
    by_seat = left_of_button.cast(pl.Int64).fill_null(pl.col("seat").cast(pl.Int64))
    if not by_suit:
        return by_seat
    high_first = ordered_high_first(pl.col(ACE_LOW)) if ace_low else _cards_high_first()
    return pl.when(rule == "high_card_suit").then(-high_first).otherwise(by_seat)


def _cards_high_first() -> pl.Expr:
    """The best five's card ids, highest first, as one number (base 52): hands compare on
    their highest card by suit, then, where that card is the same (a board card), on the next
    (bovada HH20250716-125906 hand 4804964210: Kd Qh Jh 8d 7c against Kd Qs Jh 8d 7s)."""
    ordered = pl.col("five").list.sort(descending=True)
    number = pl.lit(0, dtype=pl.Int64)
    for position in range(5):
        card = ordered.list.get(position, null_on_oob=True).cast(pl.Int64).fill_null(0)
        number = number * 52 + card
    return number


def has_odd_chip(only_low: bool = False) -> pl.Expr:
    """A part row whose amount does not divide evenly where it was shared: a tie with a
    remainder, a hi/lo board of an odd number of chips, a pot run on boards that do not divide
    it. Only there may a winner get a chip more or less than an equal share. `only_low`: the
    parts carry ONLY_LOW (a razz, 2-7 or badugi pot is not halved)."""
    chips = pl.col("part_amount") // pl.col("chip")
    tied = chips % pl.col("n_winners").clip(lower_bound=1) != 0
    has_low = (
        pl.col("has_low") & ~pl.col(ONLY_LOW).fill_null(False) if only_low else pl.col("has_low")
    )
    halved = has_low & ((pl.col("board_amount") // pl.col("chip")) % 2 != 0)
    boards = pl.col("n_boards").cast(pl.Int64)
    on_boards = (boards > 1) & ((pl.col("pot_amount") // pl.col("chip")) % boards != 0)
    return tied | halved | on_boards


def with_part_shares(parts: pl.DataFrame, group: list[str]) -> pl.DataFrame:
    """`parts` (with `n_winners`) with each row's `share` (_shares), in no set order. A part
    with one best hand is his alone (_shares gives him the whole part: equal parts of one, no
    odd chip); only the tied parts rank their winners for the odd chips (a rank over every
    part's winners cost most of the pot parts)."""
    tied = pl.col("n_winners") >= 2
    alone = parts.filter(~tied).with_columns(
        share=pl.when(pl.col("winner")).then(pl.col("part_amount")).otherwise(0)
    )
    shared = parts.filter(tied)
    shared = shared.with_columns(
        share=_shares(shared, group, "part_amount", "winner", "chip_order")
    )
    return pl.concat([alone, shared.select(alone.columns)])
