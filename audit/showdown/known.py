"""The known cards of each hand (RULES.md §11 "Known cards"): ids, holders, boards, per game.

Input is the canonical `cards` table (parsers/schema.py CARDS, docs/tables.md): one row per card
a log shows. This module turns it into what the card rules and the showdown read:

* `card_rows`: the rows with `card_id` (UInt8, audit/showdown/cards.py) and the hand's game; the
  cards a further board of a run-it-twice repeats from the first board (the streets dealt
  before the all-in, printed again on "SECOND Board [...]") are dropped, so every board card
  is a card dealt once;
* `hole_cards`: per (hand, seat) the distinct hole cards known, whether the player conceded
  (mucked at showdown, shown or not), and the log's name of his hand;
* `full_boards`: per (hand, board) the board's five cards: its own streets, the first board's
  for the streets it shares.

Everything is a group-by or a join over all hands at once.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import CARD_DTYPE, card_id_expr
from audit.showdown.own_cards import held_at_end
from audit.showdown.values.games import VALUE_GAMES
from parsers.games import FLOP, GAMES, RIVER, TURN
from parsers.schema import CARDS, POLARS_SCHEMAS

#: The board games (parsers/games.py GAMES) -> the evaluator's rule (audit/showdown/evaluate).
BOARD_RULE: dict[str, str] = {
    "holdem": "holdem",
    "holdem_6plus": "short_deck",
    "shortdeck": "short_deck",
    "omaha4": "omaha",
    "omaha5": "omaha",
    "omaha6": "omaha",
    "courchevel": "courchevel",
}
#: Every judged game -> its rule: the board games' evaluator rule, and the stud and draw games'
#: own name (their values: audit/showdown/values/games.py).
GAME_RULE: dict[str, str] = {**BOARD_RULE, **{name: name for name in VALUE_GAMES}}
#: Cards the game deals each player (C-3): the hole cards; a stud player's seven, the common
#: card included (S-2); a draw player's hand.
HOLE_COUNT: dict[str, int] = {name: GAMES[name].hole_cards or 0 for name in GAME_RULE}
#: Board cards each street deals (flop, turn, river); Courchevel's preflop card is the flop's first.
STREET_COUNT: dict[int, int] = {FLOP: 3, TURN: 1, RIVER: 1}
BOARD_CARDS = 5
HOLE_SOURCES = ("dealt", "shown", "mucked")
CONCEDING = ("mucked", "conceded")


def empty_cards() -> pl.DataFrame:
    """An empty cards table (a hand without card lines, or a caller without cards)."""
    return pl.DataFrame(schema=POLARS_SCHEMAS["cards"])


def as_cards_frame(cards: object | None) -> pl.DataFrame:
    """The cards table as a Polars frame of the canonical schema (None: no cards)."""
    if cards is None:
        return empty_cards()
    frame = cards if isinstance(cards, pl.DataFrame) else pl.DataFrame(pl.from_arrow(cards))
    missing = [name for name in CARDS.names() if name not in frame.columns]
    frame = frame.with_columns(pl.lit(None).alias(name) for name in missing)
    schema = POLARS_SCHEMAS["cards"]
    return frame.select(pl.col(name).cast(dtype) for name, dtype in schema.items())


def card_rows(cards: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """The cards with `card_id`, `game`, `is_board`, `unreadable`; repeated shared cards of a
    further board dropped (see the module docstring)."""
    rows = cards.join(hands.select("hand_key", "game"), on="hand_key", how="inner")
    rows = rows.with_columns(
        card_id=card_id_expr(pl.col("card")).cast(CARD_DTYPE),
        is_board=pl.col("source") == "board",
        board=pl.col("board").fill_null(1),
        unreadable=pl.col("card").is_null() & (pl.col("source") != "conceded"),
    )
    if further_boards(rows.filter(pl.col("is_board"))):
        rows = _without_repeats(rows)
    return _with_dealt(rows)


def further_boards(board_rows: pl.DataFrame) -> bool:
    """Whether some board row is of a second or third board (a hand run more than once):
    without one, the steps that match further boards with the first are skipped."""
    return bool((board_rows.get_column("board") > 1).any())


def _without_repeats(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows less the further boards' cards that repeat the first board's street (only
    hands run more than once have any: the others skip this join)."""
    first = rows.filter(pl.col("is_board") & (pl.col("board") == 1)).select(
        "hand_key", "street", "card_id", _repeat=pl.lit(True)
    )
    rows = rows.join(first.unique(), on=["hand_key", "street", "card_id"], how="left")
    repeat = pl.col("is_board") & (pl.col("board") > 1) & pl.col("_repeat").fill_null(False)
    return rows.filter(~repeat).drop("_repeat")


#: The game whose players may show more hole cards than its count (see _with_dealt).
WIDER_OMAHA = "omaha4"


def _with_dealt(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows with `dealt`: the hole cards each player of the hand was dealt. The game's
    count; for a plain "Omaha" header (omaha4) the 5 or 6 its players show where they do:
    PokerMaster heads its 5-card Omaha "Omaha Pot Limit"
    (5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt hand 1905261509100000: table
    'PPP_5Cards_FIVE_...', every hand shows five cards). Only omaha4 hands count their
    players' cards (a batch without one is a column lookup)."""
    base = pl.col("game").replace_strict(HOLE_COUNT, default=None, return_dtype=pl.Int32)
    omaha = rows.filter(
        (pl.col("game") == WIDER_OMAHA) & ~pl.col("is_board") & pl.col("card_id").is_not_null()
    )
    if omaha.height == 0:  # no omaha4 hand: every count is its game's
        return rows.with_columns(dealt=base)
    per_player = omaha.group_by("hand_key", "player").agg(
        n=pl.col("card_id").n_unique().cast(pl.Int32)
    )
    shown = per_player.group_by("hand_key").agg(_most=pl.col("n").max())
    wider = (pl.col("game") == WIDER_OMAHA) & pl.col("_most").is_between(5, 6)
    rows = rows.join(shown, on="hand_key", how="left", maintain_order="left")
    return rows.with_columns(dealt=pl.when(wider).then(pl.col("_most")).otherwise(base)).drop(
        "_most"
    )


def hole_cards(rows: pl.DataFrame, values: bool = False) -> pl.DataFrame:
    """(hand_key, seat, player, hole: List(UInt8) distinct known cards in first-seen order,
    hole_count, conceded, label). `values`: `rows` holds stud or draw hands, whose draw
    players hold the cards of their last listing after the draws (own_cards.held_at_end; a
    stud hand's common card is added by own_cards.with_common_cards)."""
    if values:
        rows = held_at_end(rows)
    hole = rows.filter(~pl.col("is_board") & pl.col("seat").is_not_null())
    ordered = hole.sort("hand_key", "seat", "line_no", "position", nulls_last=True)
    return (
        ordered.group_by("hand_key", "seat", maintain_order=True)
        .agg(
            pl.col("player").first(),
            hole=pl.col("card_id").drop_nulls().unique(maintain_order=True),
            # a muck concedes unless the log shows the cards anyway (PPPoker: every player "mucks
            # hand", the summary shows them: parsers/sites/pokerstars/cards.py)
            conceded=pl.col("source").is_in(CONCEDING).any() & ~(pl.col("source") == "shown").any(),
            unreadable=pl.col("unreadable").any(),
            # the last name printed: GG names a hand shown at an all-in as it stands then ("a pair
            # of Nines" on the flop) and the summary as it ends (GG20250808-1459 ... RC3792513767)
            label=pl.col("label").drop_nulls().last(),
            dealt=pl.col("dealt").first(),
            label_line=pl.col("line_no").filter(pl.col("label").is_not_null()).last(),
        )
        .with_columns(hole_count=pl.col("hole").list.len())
    )


def full_boards(rows: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, board, cards: List(UInt8) the board's cards in dealing order, board_count)."""
    board_rows = rows.filter(pl.col("is_board") & pl.col("card_id").is_not_null())
    board_rows = board_rows.with_columns(street=pl.col("street").fill_null(FLOP).clip(FLOP, RIVER))
    own = board_rows.select("hand_key", "board", "street", "position", "card_id").unique()
    every = _with_shared_streets(own) if further_boards(own) else own
    return (
        every.sort("hand_key", "board", "street", "position")
        .group_by("hand_key", "board", maintain_order=True)
        .agg(cards=pl.col("card_id"))
        .with_columns(board_count=pl.col("cards").list.len())
    )


def _with_shared_streets(own: pl.DataFrame) -> pl.DataFrame:
    """`own` (hand_key, board, street, position, card_id) and, for every further board, the
    first board's cards of the streets it does not deal itself (hands run once have none)."""
    present = own.select("hand_key", "board").unique()
    first = own.filter(pl.col("board") == 1).drop("board")
    shared = present.filter(pl.col("board") > 1).join(first, on="hand_key", how="inner")
    has_own = own.select("hand_key", "board", "street").unique()
    shared = shared.join(has_own, on=["hand_key", "board", "street"], how="anti")
    return pl.concat([own, shared.select(own.columns)])
