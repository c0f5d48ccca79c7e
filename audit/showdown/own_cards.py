"""The cards of the games without a board (RULES.md §13): a stud player's seven, a draw
player's hand after the draws, and what the deck checks may compare in them.

The card rows (audit/showdown/known.card_rows) of a stud or draw hand differ from a board
game's in two ways:

* stud: a player's cards are his own (two down, four up, one down: `face` and `street` say
  which, where the log does) and, when the deck ran short for 7th street, the one common card
  dealt face up for all (S-2: PokerStars prints `*** RIVER *** [6h]` and `Board [6h]`, each
  player shows his six own cards). The common card is a board row; it belongs to every
  player's seven (`with_common_cards`), and a player's listing that repeats it is no second
  card (`without_common_repeats`);
* draw: a player's rows hold every card he held at some time: the hand dealt, the cards he
  discarded (`source = "discarded"`, the hero's: `Hero: discards 2 cards [Kh Th]`), those he
  drew (`Dealt to Hero [3d Tc 7c] [5c Qs]`) and the hand shown. His hand at the showdown is
  the cards last listed after their last discard (`held_at_end`): lines are in the log's order,
  so a card listed after he threw it away came back to him.

A discarded card may come back in the same hand where the deck runs out: the discards are
then shuffled and dealt again (a real rule of draw games). A card discarded and seen again is
a fault the log proves only when the hand cannot have used the whole deck
(`cannot_reshuffle`): the cards dealt, plus every player who saw the first draw drawing the
most a draw allows at every draw, plus a burn card before the deal and each draw, fit in 52.
Heads-up triple draw (10 + 30 + 4 = 44) and badugi of three players past the first round
(12 + 36 + 4) always fit; three players drawing at 2-7 triple draw do not (15 + 45 + 4).
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import DECK_SIZE
from audit.showdown.values.games import DRAW_GAMES, STUD_GAMES
from parsers.games import GAMES, PREDRAW

DISCARDED = "discarded"
#: Per draw game: (cards dealt each player, most cards one draw replaces, draws).
DRAW_SIZES: dict[str, tuple[int, int, int]] = {
    name: (
        GAMES[name].hole_cards or 0,
        GAMES[name].max_discard,
        sum(spec.draw for spec in GAMES[name].rounds),
    )
    for name in DRAW_GAMES
}


def _held(rows: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, card_id, held, came_back) per card a draw player's rows name: `held`
    he holds it at the end (listed after its last discard, or never discarded); `came_back`
    it was listed again after he first discarded it."""
    kept = pl.col("line_no").filter(pl.col("source") != DISCARDED)
    thrown = pl.col("line_no").filter(pl.col("source") == DISCARDED)
    per_card = (
        rows.filter(pl.col("card_id").is_not_null() & pl.col("seat").is_not_null())
        .group_by("hand_key", "seat", "card_id")
        .agg(last_kept=kept.max(), last_thrown=thrown.max(), first_thrown=thrown.min())
    )
    held = pl.col("last_kept").is_not_null() & (
        pl.col("last_thrown").is_null() | (pl.col("last_kept") > pl.col("last_thrown"))
    )
    came_back = (pl.col("last_kept") > pl.col("first_thrown")).fill_null(False)
    return per_card.select("hand_key", "seat", "card_id", held=held, came_back=came_back)


def held_at_end(rows: pl.DataFrame) -> pl.DataFrame:
    """The hole rows of the draw hands among `rows` reduced to the cards each player holds at
    the end (module docstring); the rows of the other hands, and the rows without a card (a
    muck without cards), as they are. No discarded row is left."""
    draw = pl.col("game").is_in(DRAW_GAMES) & ~pl.col("is_board")
    drawn = rows.filter(draw)
    if drawn.height == 0:
        return rows
    held = _held(drawn).filter(pl.col("held")).select("hand_key", "seat", "card_id")
    keep = drawn.filter(pl.col("source") != DISCARDED)
    with_card = keep.filter(pl.col("card_id").is_not_null()).join(
        held, on=["hand_key", "seat", "card_id"], how="semi"
    )
    without_card = keep.filter(pl.col("card_id").is_null())
    return pl.concat([rows.filter(~draw), with_card, without_card])


def with_common_cards(
    hole: pl.DataFrame, boards: pl.DataFrame, hands: pl.DataFrame
) -> pl.DataFrame:
    """`hole` (known.hole_cards) with the first board's cards of each stud hand added to every
    player's cards of that hand (S-2's common card), `hole_count` counted again."""
    stud = hands.filter(pl.col("game").is_in(STUD_GAMES)).select("hand_key")
    common = (
        boards.filter(pl.col("board") == 1)
        .join(stud, on="hand_key", how="semi")
        .select("hand_key", _common=pl.col("cards"))
    )
    if common.height == 0:
        return hole
    joined = hole.join(common, on="hand_key", how="left", maintain_order="left")
    own_and_common = pl.concat_list("hole", pl.col("_common").fill_null([])).list.unique(
        maintain_order=True
    )
    return (
        joined.with_columns(
            hole=pl.when(pl.col("_common").is_not_null()).then(own_and_common).otherwise("hole")
        )
        .with_columns(hole_count=pl.col("hole").list.len())
        .drop("_common")
    )


def without_common_repeats(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows less a stud player's listing of a card that is the hand's common card (a site
    may print it among each player's seven: it is one card, dealt once)."""
    stud = pl.col("game").is_in(STUD_GAMES)
    common = rows.filter(stud & pl.col("is_board") & pl.col("card_id").is_not_null()).select(
        "hand_key", "card_id"
    )
    if common.height == 0:
        return rows
    players = rows.filter(stud & ~pl.col("is_board"))
    repeats = players.join(common.unique(), on=["hand_key", "card_id"], how="semi")
    if repeats.height == 0:
        return rows
    return (
        rows.join(
            repeats.select("hand_key", "line_no", "position", "card_id", _repeat=pl.lit(True)),
            on=["hand_key", "line_no", "position", "card_id"],
            how="left",
        )
        .filter(pl.col("_repeat").is_null())
        .drop("_repeat")
    )


def cannot_reshuffle(actions: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """(hand_key) of the draw hands that cannot have used the whole deck (module docstring):
    a discarded card seen again there is a fault of the log. Players: the seats with an action
    other than a collect; past the first round: those who did not fold in it."""
    draw = hands.filter(pl.col("game").is_in(DRAW_GAMES)).select("hand_key", "game")
    if draw.height == 0:
        return draw.select("hand_key")
    first = pl.col("street") == PREDRAW
    acted = actions.join(draw, on="hand_key", how="inner").filter(
        pl.col("seat").is_not_null() & (pl.col("kind") != "collect")
    )
    per_hand = acted.group_by("hand_key").agg(
        pl.col("game").first(),
        dealt=pl.col("seat").n_unique(),
        folded_first=pl.col("seat").filter((pl.col("kind") == "fold") & first).n_unique(),
    )
    sizes = {name: list(size) for name, size in DRAW_SIZES.items()}
    size = pl.col("game").replace_strict(sizes, return_dtype=pl.List(pl.Int64))
    hole, most, draws = (size.list.get(at) for at in range(3))
    drawing = pl.col("dealt").cast(pl.Int64) - pl.col("folded_first").cast(pl.Int64)
    needed = pl.col("dealt").cast(pl.Int64) * hole + drawing * most * draws + 1 + draws
    return per_hand.filter(needed <= DECK_SIZE).select("hand_key")


def draw_dup_rows(rows: pl.DataFrame, no_reshuffle: pl.DataFrame) -> pl.DataFrame:
    """The rows the one-deck check (deck.py C-2) compares: a draw hand's every row where it
    cannot have used the whole deck, else only the cards held at the end (a discarded card
    may be dealt again after a reshuffle); the other hands' rows as they are."""
    draw = pl.col("game").is_in(DRAW_GAMES) & ~pl.col("is_board")
    proven = pl.col("hand_key").is_in(no_reshuffle.get_column("hand_key").implode())
    whole = rows.filter(~draw | proven)
    return pl.concat([whole, held_at_end(rows.filter(draw & ~proven))])


def comebacks(rows: pl.DataFrame, no_reshuffle: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, card_id, line_no, position, holders) of a card a player discarded and was
    listed holding again, in a draw hand that cannot have used the whole deck (C-2; another
    player's holding it is the plain one-deck check's)."""
    draw = rows.filter(
        pl.col("game").is_in(DRAW_GAMES)
        & pl.col("hand_key").is_in(no_reshuffle.get_column("hand_key").implode())
    )
    back = _held(draw).filter(pl.col("came_back"))
    listed = draw.filter(pl.col("source") != DISCARDED).join(
        back, on=["hand_key", "seat", "card_id"], how="semi"
    )
    return (
        listed.sort("hand_key", "line_no", "position", nulls_last=True)
        .group_by("hand_key", "card_id", maintain_order=True)
        .agg(
            pl.col("line_no", "position").last(),
            holders=pl.concat_list(
                pl.concat_str(pl.lit("discarded by "), pl.col("player")),
                pl.concat_str(pl.col("player"), pl.lit(" after the discard")),
            ).first(),
        )
    )


def count_problems(rows: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, line_no, text) C-3 in the stud and draw hands of `rows` (deck.py words
    them): a stud player with more than seven cards, his own and the common card; a stud
    board of more than one common card; a draw player holding more cards at the end than the
    game deals. Only what the log shows can be more than the game deals: fewer is a player who
    folded, or cards not shown."""
    known = rows.filter(pl.col("card_id").is_not_null())
    stud = known.filter(pl.col("game").is_in(STUD_GAMES))
    parts = [_stud_counts(stud), _draw_counts(held_at_end(known))]
    return pl.concat(parts)


def _stud_counts(stud: pl.DataFrame) -> pl.DataFrame:
    board = stud.filter(pl.col("is_board")).select("hand_key", "card_id").unique()
    own = stud.filter(~pl.col("is_board")).select("hand_key", "player", "card_id", "line_no")
    players = own.group_by("hand_key", "player").agg(pl.col("line_no").max())
    with_common = pl.concat(
        [
            own.select("hand_key", "player", "card_id"),
            players.join(board, on="hand_key").select("hand_key", "player", "card_id"),
        ]
    )
    seven = GAMES["stud"].hole_cards or 0
    over = (
        with_common.group_by("hand_key", "player")
        .agg(n=pl.col("card_id").n_unique())
        .join(players, on=["hand_key", "player"])
        .filter(pl.col("n") > seven)
    )
    player_text = pl.format("{} shows {} cards with the common card; stud deals 7", "player", "n")
    commons = (
        stud.filter(pl.col("is_board"))
        .group_by("hand_key")
        .agg(pl.col("line_no").min(), n=pl.col("card_id").n_unique())
        .filter(pl.col("n") > 1)
    )
    common_text = pl.format("the board has {} common cards; stud deals at most 1 (S-2)", "n")
    return pl.concat(
        [
            over.select("hand_key", "line_no", text=player_text),
            commons.select("hand_key", "line_no", text=common_text),
        ]
    )


def _draw_counts(held: pl.DataFrame) -> pl.DataFrame:
    draw = held.filter(pl.col("game").is_in(DRAW_GAMES) & ~pl.col("is_board"))
    dealt = {name: size[0] for name, size in DRAW_SIZES.items()}
    over = (
        draw.group_by("hand_key", "player")
        .agg(
            pl.col("game").first(),
            pl.col("line_no").max(),
            n=pl.col("card_id").n_unique(),
        )
        .with_columns(dealt=pl.col("game").replace_strict(dealt, return_dtype=pl.Int64))
        .filter(pl.col("n") > pl.col("dealt"))
    )
    text = pl.format(
        "{} holds {} cards after the draws; {} deals {}", "player", "n", "game", "dealt"
    )
    return over.select("hand_key", "line_no", text=text)
