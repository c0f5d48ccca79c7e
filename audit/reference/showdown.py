"""What the showdown computes, in its plain forms (audit/showdown/, RULES.md §11).

* A card's id is rank x 4 + suit (ranks 2..A, suits c d h s); anything else has none.
* The card rows of a hand run more than once leave out a further board's cards that repeat
  the first board's street; each further board shares the first board's streets it does not
  deal itself. Each player was dealt his game's hole-card count, or for a plain "Omaha" header
  the five or six cards its players show.
* The pots: each distinct live commitment of a player still in is a level, numbered from 0 per
  hand, with the level below it as its floor (0 for the main pot).
* A part's winners share it equally, the odd chips to the first winners by chip order.
* A mucking player concedes unless he put his whole stack in (an all-in hand is turned up).
* Every hand with cards is judged on all its card rows, and every judged hand is worded; a
  hand where no test holds gets no sentence.

The fast forms skip the work for the hands (or slices) that cannot need it: hands with no card
on two rows, no second board, no Omaha, no shown hand; parts with one winner; hands no
sentence names.
"""

from __future__ import annotations

import polars as pl

from audit.options import Options
from audit.reference.pair import Pair
from audit.showdown import award, deck, judge, known, pots, sentences
from audit.showdown.cards import CARD_DTYPE, card_id_expr
from audit.showdown.judge import SENTENCES
from audit.showdown.labels import label_flags

RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_id(text: pl.Expr) -> pl.Expr:
    """The card id of a two-character card text (null for any other text)."""
    rank = text.str.slice(0, 1).replace_strict(
        {r: i for i, r in enumerate(RANKS)}, default=None, return_dtype=pl.Int16
    )
    suit = text.str.slice(1, 1).replace_strict(
        {s: i for i, s in enumerate(SUITS)}, default=None, return_dtype=pl.Int16
    )
    return pl.when(text.str.len_chars() == 2).then(rank * 4 + suit).cast(CARD_DTYPE)


def card_rows(cards: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """known.card_rows with the further boards' repeats always looked for and every hand's
    dealt count looked up."""
    rows = cards.join(hands.select("hand_key", "game"), on="hand_key", how="inner")
    rows = rows.with_columns(
        card_id=card_id(pl.col("card")),
        is_board=pl.col("source") == "board",
        board=pl.col("board").fill_null(1),
        unreadable=pl.col("card").is_null() & (pl.col("source") != "conceded"),
    )
    return with_dealt(known._without_repeats(rows))


def with_dealt(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows with `dealt` (the module docstring)."""
    base = pl.col("game").replace_strict(known.HOLE_COUNT, default=None, return_dtype=pl.Int32)
    omaha = rows.filter(
        (pl.col("game") == known.WIDER_OMAHA)
        & ~pl.col("is_board")
        & pl.col("card_id").is_not_null()
    )
    per_player = omaha.group_by("hand_key", "player").agg(
        n=pl.col("card_id").n_unique().cast(pl.Int32)
    )
    shown = per_player.group_by("hand_key").agg(_most=pl.col("n").max())
    wider = (pl.col("game") == known.WIDER_OMAHA) & pl.col("_most").is_between(5, 6)
    rows = rows.join(shown, on="hand_key", how="left", maintain_order="left")
    dealt = pl.when(wider).then(pl.col("_most")).otherwise(base)
    return rows.with_columns(dealt=dealt).drop("_most")


def full_boards(rows: pl.DataFrame) -> pl.DataFrame:
    """known.full_boards with every further board given the first board's shared streets."""
    board_rows = rows.filter(pl.col("is_board") & pl.col("card_id").is_not_null())
    board_rows = board_rows.with_columns(street=pl.col("street").fill_null(1).clip(1, 3))
    own = board_rows.select("hand_key", "board", "street", "position", "card_id").unique()
    return (
        known._with_shared_streets(own)
        .sort("hand_key", "board", "street", "position")
        .group_by("hand_key", "board", maintain_order=True)
        .agg(cards=pl.col("card_id"))
        .with_columns(board_count=pl.col("cards").list.len())
    )


def levels(players: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, level, pot, floor, n_pots) of the players (hand_key, folded, live)."""
    return (
        players.filter(~pl.col("folded") & (pl.col("live") > 0))
        .select("hand_key", level="live")
        .unique()
        .sort("hand_key", "level")
        .with_columns(
            pot=pl.int_range(pl.len()).over("hand_key").cast(pl.Int32),
            floor=pl.col("level").shift(1, fill_value=0).over("hand_key"),
            n_pots=pl.len().over("hand_key").cast(pl.Int32),
        )
    )


def with_part_shares(parts: pl.DataFrame, group: list[str]) -> pl.DataFrame:
    """Each part's rows with the winners' `share` (award._shares on every part)."""
    share = award._shares(parts, group, "part_amount", "winner", "chip_order")
    return parts.with_columns(share=share)


def not_all_in(mucked: pl.DataFrame, money: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat) of the mucking players who did not put their whole stack in."""
    stacks = seats.select("hand_key", "seat", "stack")
    put_in = money.select("hand_key", "seat", put=pl.col("live") + pl.col("dead"))
    all_in = stacks.join(put_in, on=["hand_key", "seat"]).filter(
        pl.col("stack").is_not_null() & (pl.col("put") >= pl.col("stack"))
    )
    return mucked.select("hand_key", "seat").join(all_in, on=["hand_key", "seat"], how="anti")


def showdown(
    hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame, cards: pl.DataFrame
) -> judge.Showdown:
    """judge.showdown (default options) on every card row, every hand worded."""
    opts = judge._options(hands, Options(), {})
    rows = card_rows(cards, hands)
    found = deck.deck_problems(rows)
    money = pots.player_money(actions)
    shown = pots.showdown_hands(money)
    hole, boards = known.hole_cards(rows), full_boards(rows)
    conceded = not_all_in(hole.filter(pl.col("conceded")), money, seats)
    built = pots.build_pots(money, hands, conceded, shown)
    judged = award.judged_hands(built, money, hands, hole, boards, found)
    totals = shown.select("hand_key", "collected_total")
    frame = judge._deductions(built, hands, opts).join(totals, on="hand_key", how="left")
    frame = frame.with_columns(deducted=pl.col("built") - pl.col("collected_total"))
    chips_placed = pl.col("button_seat").is_not_null() | (pl.col("odd_chip") == "high_card_suit")
    exact = ((pl.col("deducted") == 0) | (pl.col("pots_reported") == "gross")) & chips_placed
    frame = frame.with_columns(exact=exact.fill_null(False))
    parts = award.pot_parts(built, judged, hands, hole, boards, opts)
    players = judge._players(parts, built, money, judged).join(
        frame.select("hand_key", "exact"), on="hand_key", how="left"
    )
    foreign = judge._foreign(players, parts, built)
    per_hand = sentences._worded(players, parts, frame, hands, foreign)
    result = (
        found.join(
            judged.select("hand_key", "not_judged"), on="hand_key", how="full", coalesce=True
        )
        .join(per_hand, on="hand_key", how="left")
        .join(label_flags(hole, boards, hands, found, opts), on="hand_key", how="left")
    )
    return judge.Showdown(result, parts, players)


def _in_order(frame: pl.DataFrame) -> pl.DataFrame:
    flat = [name for name, dtype in frame.schema.items() if not dtype.is_nested()]
    return frame.sort(flat, nulls_last=True)


def _tables(found: judge.Showdown) -> tuple[pl.DataFrame, ...]:
    return tuple(_in_order(frame) for frame in (found.hands, found.parts, found.players))


def _showdown_fast(*tables: pl.DataFrame) -> tuple[pl.DataFrame, ...]:
    hands, seats, actions, cards = tables
    return _tables(judge.showdown(hands, actions, cards, Options(), {}, seats))


def _showdown_plain(*tables: pl.DataFrame) -> tuple[pl.DataFrame, ...]:
    return _tables(showdown(*tables))


def _sentences_without_texts(*tables: pl.DataFrame) -> pl.DataFrame:
    hands, seats, actions, cards = tables
    found = judge.showdown(hands, actions, cards, Options(), {}, seats, texts=False)
    return found.hands.select("hand_key", *SENTENCES).sort("hand_key")


def _sentences_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    return showdown(*tables).hands.select("hand_key", *SENTENCES).sort("hand_key")


def _rows_fast(*tables: pl.DataFrame) -> tuple[pl.DataFrame, ...]:
    hands, _, _, cards = tables
    rows = known.card_rows(cards, hands)
    return _in_order(rows), _in_order(known.full_boards(rows))


def _rows_plain(*tables: pl.DataFrame) -> tuple[pl.DataFrame, ...]:
    hands, _, _, cards = tables
    rows = card_rows(cards, hands)
    return _in_order(rows), _in_order(full_boards(rows))


def _card_ids_fast(*tables: pl.DataFrame) -> pl.DataFrame:
    return tables[3].select(pl.col("card"), id=card_id_expr(pl.col("card")))


def _card_ids_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    return tables[3].select(pl.col("card"), id=card_id(pl.col("card")))


def _duplicates_fast(*tables: pl.DataFrame) -> pl.DataFrame:
    hands, _, _, cards = tables
    return deck._duplicates(deck._may_repeat(known.card_rows(cards, hands)))


def _duplicates_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    hands, _, _, cards = tables
    return deck._duplicates(known.card_rows(cards, hands))


def _levels_fast(*tables: pl.DataFrame) -> pl.DataFrame:
    return pots._levels(pots.player_money(tables[2]))


def _levels_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    return levels(pots.player_money(tables[2]))


#: The pot parts' groups (award._halves): a part is a half of one board of one pot.
PART = ["hand_key", "pot", "board", "half"]


def _parts(*tables: pl.DataFrame) -> pl.DataFrame:
    hands, seats, actions, cards = tables
    return judge.showdown(hands, actions, cards, Options(), {}, seats).parts.drop("share")


def _shares_fast(*tables: pl.DataFrame) -> pl.DataFrame:
    return award.with_part_shares(_parts(*tables), PART).select(*PART, "seat", "share")


def _shares_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    return with_part_shares(_parts(*tables), PART).select(*PART, "seat", "share")


def _mucked(*tables: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Every seat of a hand with cards as mucking (both forms are filters of it)."""
    _, seats, actions, cards = tables
    mucked = seats.join(cards.select("hand_key").unique(), on="hand_key", how="semi")
    return mucked, pots.player_money(actions), seats


def _not_all_in_fast(*tables: pl.DataFrame) -> pl.DataFrame:
    return pots.not_all_in(*_mucked(*tables))


def _not_all_in_plain(*tables: pl.DataFrame) -> pl.DataFrame:
    return not_all_in(*_mucked(*tables))


PAIRS = [
    Pair("judge.showdown", "the showdown's hands, parts and players", _showdown_fast,
         _showdown_plain, "card_tables", board_games_only=True),
    Pair("judge.showdown(texts=False)", "the §11 sentences", _sentences_without_texts,
         _sentences_plain, "card_tables"),
    Pair("known.card_rows", "the card rows and the full boards", _rows_fast, _rows_plain,
         "card_tables"),
    Pair("cards.card_id_expr", "a card's id", _card_ids_fast, _card_ids_plain, "card_tables"),
    Pair("deck._may_repeat", "CARD-DUP's places", _duplicates_fast, _duplicates_plain,
         "card_tables", unordered=True),
    Pair("pots._levels", "the pots' levels", _levels_fast, _levels_plain, "card_tables",
         unordered=True),
    Pair("award.with_part_shares", "the winners' shares", _shares_fast, _shares_plain,
         "card_tables", unordered=True),
    Pair("pots.not_all_in", "who concedes by mucking", _not_all_in_fast, _not_all_in_plain,
         "card_tables", unordered=True),
]  # fmt: skip
