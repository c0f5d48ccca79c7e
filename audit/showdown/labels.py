"""The log's name of a shown hand, read back into a class and ranks (C-7 HAND-LABEL).

PokerStars-style English names, as the summary prints them after the shown cards:

    high card Ace | a pair of Kings | two pair, Kings and Fours | three of a kind, Sevens |
    a straight, Nine to King | a flush, Ace high | a full house, Kings full of Fours |
    four of a kind, Aces | a straight flush, Nine to King | a Royal Flush

A hi/lo name ("HI: a pair of Kings; LO: 8,6,4,3,2") is read for its high part. A name in any
other wording reads as no class and is not judged (never a guess). `label_problem` compares a
name with the evaluated best five cards: the class, then the ranks the name gives.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.award import evaluate_players
from audit.showdown.cards import cards_text_expr, rank_expr
from audit.showdown.known import BOARD_CARDS, BOARD_RULE

#: (pattern with up to two rank words, class) in the order tried.
PATTERNS: tuple[tuple[str, str], ...] = (
    (r"^a royal flush$", "straight_flush"),
    (r"^a straight flush, (?P<a>\w+) to (?P<b>\w+)$", "straight_flush"),
    (r"^four of a kind, (?P<a>\w+)$", "quads"),
    (r"^a full house, (?P<a>\w+) full of (?P<b>\w+)$", "full_house"),
    (r"^a flush, (?P<a>\w+) high$", "flush"),
    (r"^a straight, (?P<a>\w+) to (?P<b>\w+)$", "straight"),
    (r"^a straight, (?P<a>\w+) high$", "straight"),
    (r"^three of a kind, (?P<a>\w+)$", "trips"),
    (r"^two pair, (?P<a>\w+) and (?P<b>\w+)$", "two_pair"),
    (r"^a pair of (?P<a>\w+)$", "pair"),
    (r"^high card (?P<a>\w+)$", "high_card"),
)
_WORDS = {
    2: ("two", "twos", "deuce", "deuces"),
    3: ("three", "threes", "trey", "treys"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}
RANK_WORDS: dict[str, int] = {word: rank for rank, words in _WORDS.items() for word in words}


def _high_part(label: pl.Expr) -> pl.Expr:
    text = label.str.strip_chars().str.to_lowercase()
    text = text.str.replace(r"^hi:\s*", "").str.replace(r";.*$", "")
    text = text.str.replace(r"\s*\[[^\]]*\]$", "")  # WPN: "a pair of Jacks [Js Jc Kd 9h 8c]"
    return text.str.strip_chars()


def _rank(word: pl.Expr) -> pl.Expr:
    return word.replace_strict(RANK_WORDS, default=None, return_dtype=pl.Int8)


def label_class() -> tuple[pl.Expr, pl.Expr, pl.Expr]:
    """(class, first rank, second rank) of the `label` column (nulls when not understood)."""
    text = _high_part(pl.col("label"))
    klass: pl.Expr = pl.lit(None, pl.String)
    first: pl.Expr = pl.lit(None, pl.Int8)
    second: pl.Expr = pl.lit(None, pl.Int8)
    for pattern, name in reversed(PATTERNS):
        hit = text.str.contains(pattern)
        groups = text.str.extract_groups(pattern) if "(?P<" in pattern else None
        a = _rank(groups.struct.field("a")) if groups is not None else pl.lit(None, pl.Int8)
        b = (
            _rank(groups.struct.field("b"))
            if groups is not None and "(?P<b>" in pattern
            else pl.lit(None, pl.Int8)
        )
        klass = pl.when(hit).then(pl.lit(name)).otherwise(klass)
        first = pl.when(hit).then(a).otherwise(first)
        second = pl.when(hit).then(b).otherwise(second)
    return klass, first, second


def label_problem() -> pl.Expr:
    """A sentence when the `label` disagrees with `high_class` / `high_five`, else null.

    The ranks compared are the ones the name states: the pair (pair), both pairs (two pair),
    the set (trips, quads), set and pair (full house), the top card (straight, flush, straight
    flush: "Nine to King" or "King to Nine" are the ends of the straight, the wheel "Ace to
    Five"; high card).
    """
    klass, first, second = label_class()
    five = pl.col("high_five")
    top = rank_expr(five.list.get(0))
    third, fourth = rank_expr(five.list.get(2)), rank_expr(five.list.get(3))
    royal = _high_part(pl.col("label")) == "a royal flush"
    straight = klass.is_in(("straight", "straight_flush"))
    # "Nine to King" (PokerStars, low to high) or "King to Nine": the two ends, either order
    low_end = pl.when(top == 5).then(pl.lit(14, pl.Int8)).otherwise(top - 4)
    ends = ((first == low_end) & (second == top)) | ((first == top) & (second == low_end))
    ends_off = pl.when(second.is_null()).then(first != top).otherwise(~ends).fill_null(False)
    stated_top = pl.when(straight).then(None).otherwise(first)
    expected_second = (
        pl.when(klass == "two_pair").then(third).when(klass == "full_house").then(fourth)
    )
    rank_off = (
        (stated_top.is_not_null() & (stated_top != top))
        | (straight & first.is_not_null() & ends_off)
        | (royal & (top != 14))
        | (expected_second.is_not_null() & second.is_not_null() & (second != expected_second))
    )
    off = klass.is_not_null() & ((klass != pl.col("high_class").cast(pl.String)) | rank_off)
    return pl.when(off.fill_null(False)).then(
        pl.concat_str(
            [
                pl.col("player"),
                pl.lit(": the log names '"),
                pl.col("label"),
                pl.lit("' but the best five cards are "),
                pl.col("five_text"),
                pl.lit(" ("),
                pl.col("high_class").cast(pl.String).str.replace_all("_", " "),
                pl.lit(")"),
            ]
        )
    )


def label_flags(
    hole: pl.DataFrame,
    boards: pl.DataFrame,
    hands: pl.DataFrame,
    deck: pl.DataFrame,
    opts: pl.DataFrame,
) -> pl.DataFrame:
    """(hand_key, hand_label): the first shown hand whose name is not its evaluated class;
    single-board hands without a card fault, the player's cards complete."""
    labelled = hole.filter(pl.col("label").is_not_null())
    if labelled.height == 0:  # no shown hand is named (most sites name none)
        return pl.DataFrame(schema={"hand_key": pl.Int64, "hand_label": pl.String})
    fault = deck.filter(
        pl.any_horizontal(
            pl.col(c).is_not_null()
            for c in ("cards_unjudged", "card_invalid", "card_dup", "card_count")
        )
    ).select("hand_key")
    named = (
        labelled.join(fault, on="hand_key", how="anti")
        .join(
            hands.filter(pl.col("boards").fill_null(1) == 1).select("hand_key", "game", "is_hilo"),
            on="hand_key",
        )
        .filter(pl.col("hole_count") == pl.col("dealt"))
        .join(
            boards.filter((pl.col("board") == 1) & (pl.col("board_count") == BOARD_CARDS)).select(
                "hand_key", "board", "cards"
            ),
            on="hand_key",
        )
        .with_columns(
            rule=pl.col("game").replace_strict(BOARD_RULE, default=None, return_dtype=pl.String)
        )
        .filter(pl.col("rule").is_not_null())
    )
    if named.height == 0:
        return pl.DataFrame(schema={"hand_key": pl.Int64, "hand_label": pl.String})
    valued = evaluate_players(named.with_columns(is_hilo=pl.lit(False)), opts)
    valued = valued.with_columns(five_text=cards_text_expr(pl.col("high_five")))
    flagged = valued.with_columns(hand_label=label_problem()).filter(
        pl.col("hand_label").is_not_null()
    )
    return (
        flagged.sort("hand_key", "label_line")
        .group_by("hand_key", maintain_order=True)
        .agg(pl.col("hand_label").first())
    )
