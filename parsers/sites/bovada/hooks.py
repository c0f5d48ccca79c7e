"""Bovada's own steps (parsers/core/hooks.py): site ids as seat numbers, lines logged twice,
all-in blinds, streets without markers, the "Dealer" button."""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.core.lines import PRE_DEAL, board_without_streets
from parsers.games import FLOP, SHOWDOWN
from parsers.sites.bovada.streets import infer_streets

#: Player (position) name -> post kind of a "bet_or_call" line before the deal: "Big Blind :
#: All-in $8" is the big blind posting all-in.
ALLIN_POSTS: Mapping[str, str] = {"Small Blind": "post_sb", "Big Blind": "post_bb"}
#: Seats are named by position: the player of this name holds the button ("Set dealer [N]"
#: counts empty seats that the seat list does not show).
BUTTON_PLAYER = "Dealer"
#: The name of a player whose seat line names none (stud: "Seat+3: $5 in chips"): the prefix
#: of his seat number, as his action lines write him ("Seat+3 : Bring_in chip $0.02").
SEAT_PLAYER = "Seat+"
#: Seat numbers above this are site ids, not table seats (MTT "Seat 1243:").
MAX_SEAT_NUMBER = 10


def seats_in_list_order(seats: pl.DataFrame, context: Context) -> pl.DataFrame:
    """A hand whose seat numbers exceed MAX_SEAT_NUMBER or do not increase down the seat list
    (Ignition SNGs listing "Seat 7:" before "Seat 1:") lists site ids, not table seats: its
    seats are renumbered 1..n in seat-list order (the table order). A seat line naming no
    player (stud) is named SEAT_PLAYER + its number. `seats` come in line order."""
    seat = pl.col("seat")
    in_list = pl.int_range(1, pl.len() + 1, dtype=pl.Int16).over("hand_key")
    unordered = seat <= seat.shift(1).over("hand_key")
    site_ids = ((seat > MAX_SEAT_NUMBER) | unordered).any().over("hand_key")
    # stud exports name no player on the seat line: the player is the seat ("Seat+3 : Folds")
    named = pl.coalesce("player", pl.lit(SEAT_PLAYER) + seat.cast(pl.String))
    return seats.with_columns(
        pl.when(site_ids).then(in_list).otherwise(seat).alias("seat"), named.alias("player")
    )


def without_repeated_lines(lines: pl.DataFrame, context: Context) -> pl.DataFrame:
    """A line identical to the line before it in the hand is a logging repeat (exports that
    write an action twice): dropped, except in hands without street markers that show a board
    (`Grammar.board_line`), where a player may check twice running."""
    text = pl.col("text")
    same = (text == text.shift(1)) & (pl.col("hand_key") == pl.col("hand_key").shift(1))
    board = text.str.contains(context.grammar.board_line).any().over("hand_key")
    marked = pl.col("section").is_between(FLOP, SHOWDOWN).any().over("hand_key")
    same = same & (marked | ~board)
    return lines.sort("hand_key", "line_no").filter(~same.fill_null(False))


def allin_posts(events: pl.DataFrame, posts: Mapping[str, str] = ALLIN_POSTS) -> pl.DataFrame:
    """A "bet_or_call" before the deal is a post: an ante while the antes are posted (before
    the first blind of a hand with antes) by a player who has not posted his ante yet, else
    the post `posts` names for the player (Bovada "Big Blind :
    All-in $8" is an all-in big blind; "Small Blind : Ante chip 400" then "Small Blind : All-in
    892" is his ante, then his small blind all-in)."""
    kind = pl.col("kind")
    if not posts or not events.select((kind == "bet_or_call").any()).item():
        return events
    blind = kind.is_in(["post_sb", "post_bb"])
    first_blind = pl.col("line_no").filter(blind).min().over("hand_key")
    antes = (kind == "post_ante").any().over("hand_key")
    ante_posted = (kind == "post_ante").cast(pl.Int32).cum_sum().over("hand_key", "player") > 0
    during_antes = antes & ~ante_posted & (pl.col("line_no") < first_blind).fill_null(True)
    as_post = (
        pl.when(during_antes)
        .then(pl.lit("post_ante"))
        .otherwise(pl.col("player").replace_strict(dict(posts), default=None))
    )
    post = (kind == "bet_or_call") & (pl.col("section") == PRE_DEAL) & as_post.is_not_null()
    return events.with_columns(pl.when(post).then(as_post).otherwise(kind).alias("kind"))


def streets_from_betting(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Hands that show a board but print no later street (2012 exports: no marker, no "Card
    dealt to table") get their streets from the betting (parsers/sites/bovada/streets.py)."""
    unknown = board_without_streets(context.lines, context.grammar.board_line)
    keys = unknown.get_column("hand_key").unique()
    return infer_streets(actions, pl.col("hand_key").is_in(keys.implode()))


def button_of_dealer(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """The seat of the player named BUTTON_PLAYER is the button (walks: the big blind's
    collect holds the uncalled small blind)."""
    dealer = seats.filter(pl.col("player") == BUTTON_PLAYER)
    dealer = dealer.select("hand_key", pl.col("seat").alias("_button")).unique("hand_key")
    hands = hands.join(dealer, on="hand_key", how="left")
    button = pl.coalesce(pl.col("_button").cast(pl.Int16), pl.col("button_seat"))
    return hands.with_columns(button.alias("button_seat")).drop("_button")


def _hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    assert context.seats is not None
    return actions, button_of_dealer(hands, context.seats)


HOOKS = Hooks(
    seat_list=seats_in_list_order,
    body=without_repeated_lines,
    raw_posts=lambda actions, context: allin_posts(actions),
    streets=streets_from_betting,
    hands=_hands,
)
