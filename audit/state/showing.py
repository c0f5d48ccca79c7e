"""Stud's up cards in the betting state: who brings in (S-3), who acts first on 4th to 7th
street (S-5) and whether a pair shows on 4th street (S-6), read from the cards table. 5 Card
Stud is the same one round earlier: its bring-in on 2nd street, the showing hands on 3rd to 5th
(every round is read from the game table: its first round, its rounds that deal up cards).

Computed once per slice, and only for a slice that holds a stud hand (`stud_facts` returns
None otherwise: the hold'em slices pay nothing). The up cards are the cards table's rows of
face "up" whose `street` is the round they were dealt in (3rd to 6th street, 5 card stud's 2nd
to 5th; a card repeated
on a later line counts once, at its first street). Only what the log proves is used: a seat
dealt in whose up card of a round the log does not show makes that round's answer unknown
(null), and nothing is then flagged on it.

Per hand (`HAND_FACTS`, joined like the posts' facts):
* `bring_in_card_seat`: the seat whose 3rd-street up card names the bring-in: the lowest card
  in stud and stud/8 (aces high, then suit c < d < h < s), the highest in razz (aces low, the
  king highest, then suit); null unless every seat dealt in shows its 3rd-street up card;
* `bring_in_due_seat`: who must bring in: the card's seat, or when he is all-in for the ante
  the first seat clockwise with chips left (TDA RP-10-E);
* `bring_in_card`: that card, as text (for the messages);
* `open_pair_shown`: some live seat's two up cards of 4th street are a pair, in a 7 Card Stud
  high hand (S-6: not stud/8, not razz); null where the log does not show every live seat's.

Per (hand, street) of 4th to 7th street, one column per seat number (`show_<seat>`, Int64): the
showing value of the seat's up cards, larger = acts first: the high value of the up cards
(stud, stud/8: pairs, trips, quads, highest cards; no straights or flushes) or the ace-to-five
low (razz), times 64, plus the tie-break of option `stud_tie_break`: "suit" (the tied hands'
highest card by suit: TDA 2024 RP-10-D) or "position" (the nearest the button's left; without
a button, the lowest seat: PokerKit). turn.py picks the best among the live seats (`start_seat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import polars as pl

from audit.showdown.cards import card_id_expr, card_text_expr
from audit.showdown.values import hand_values
from parsers.games import (
    AFTER_BRING_IN,
    BEST_HIGH_SHOWING,
    BEST_LOW_SHOWING,
    GAMES,
    SECOND,
    SEVENTH,
)

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

#: The games whose first actors are read from the up cards.
STUD_GAMES: tuple[str, ...] = tuple(name for name, game in GAMES.items() if game.family == "stud")
#: The stud games valued low for who acts first (razz: the best low starts).
LOW_SHOWING: tuple[str, ...] = tuple(
    name for name in STUD_GAMES if GAMES[name].rounds[1].first_actor == BEST_LOW_SHOWING
)
#: The games with an open-pair round (S-6: 7 Card Stud; its hi/lo form has none).
OPEN_PAIR_GAMES: tuple[str, ...] = tuple(
    name for name in STUD_GAMES if any(r.open_pair for r in GAMES[name].rounds)
)
#: The per-hand columns (joined onto every row) and their types.
HAND_FACTS: dict[str, pl.DataType | type[pl.DataType]] = {
    "bring_in_card": pl.String,
    "bring_in_card_seat": pl.Int16,
    "bring_in_due_seat": pl.Int16,
    "open_pair_shown": pl.Boolean,
}
SHOW_PREFIX = "show_"
#: The value is shifted by this many values to make room for the tie-break.
TIE_BREAK_ROOM = 64
#: The rounds whose first actor is the best showing hand.
SHOWING_ACTORS = (BEST_HIGH_SHOWING, BEST_LOW_SHOWING)
#: Per stud game, Street ids: its first round (the bring-in's), its last round that deals up
#: cards, its last round.
FIRST_STREET = {name: GAMES[name].rounds[0].street for name in STUD_GAMES}
LAST_UP_STREET = {
    name: max(r.street for r in GAMES[name].rounds if r.deals.up) for name in STUD_GAMES
}
LAST_STREET = {name: GAMES[name].rounds[-1].street for name in STUD_GAMES}


def _game_streets(game: pl.Expr) -> dict[str, pl.Expr]:
    """`_first`, `_last_up`, `_last` (Int8 Street ids) of a stud game column."""
    tables = {"_first": FIRST_STREET, "_last_up": LAST_UP_STREET, "_last": LAST_STREET}
    return {
        name: game.replace_strict(table, default=None, return_dtype=pl.Int8)
        for name, table in tables.items()
    }


@dataclass(frozen=True)
class StudFacts:
    """`hands`: one row per stud hand (hand_key + HAND_FACTS); `showing`: one row per (hand_key,
    street) of 4th to 7th street with a `show_<seat>` column per seat number."""

    hands: pl.DataFrame
    showing: pl.DataFrame


def _card_keys(razz: pl.Expr) -> dict[str, pl.Expr]:
    """`_id` (0..51, rank * 4 + suit, aces high) and `_key`: the card's place in the game's
    rank order then suit (razz: aces low, the king highest), larger = higher."""
    card = pl.col("_id").cast(pl.Int32)
    ace_low = ((card // 4 + 1) % 13) * 4 + card % 4
    return {"_key": pl.when(razz).then(ace_low).otherwise(card)}


def up_cards(cards: pl.DataFrame, stud: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, street, _id, _key, _razz, _first, _last_up, _last) of the stud hands'
    up cards, each once."""
    hand = ("_razz", "_first", "_last_up", "_last")
    rows = cards.filter(
        (pl.col("face") == "up")
        & pl.col("street").is_between(SECOND, SEVENTH)
        & pl.col("seat").is_not_null()
        & pl.col("card").is_not_null()
    ).join(stud.select("hand_key", *hand), on="hand_key", how="inner")
    rows = rows.select(
        "hand_key", "seat", "street", *hand, _id=card_id_expr(pl.col("card")).cast(pl.Int32)
    ).filter(pl.col("_id").is_not_null() & pl.col("street").is_between("_first", "_last_up"))
    rows = rows.group_by("hand_key", "seat", "_id").agg(
        pl.col("street").min(), *(pl.first(c) for c in hand)
    )
    return rows.with_columns(**_card_keys(pl.col("_razz")))


def _dealt_seats(seat_frame: pl.DataFrame, stud: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, stack) of the seats dealt in to the stud hands (seat_frame: turn.py)."""
    wide = seat_frame.join(stud.select("hand_key"), on="hand_key", how="semi")
    long = wide.unpivot(index="hand_key", variable_name="seat", value_name="stack")
    long = long.with_columns(pl.col("seat").str.strip_prefix("stack_").cast(pl.Int16))
    return long.filter(pl.col("stack").is_not_null())


def _bring_in_seats(
    up: pl.DataFrame, dealt: pl.DataFrame, antes: pl.DataFrame, ring: int
) -> pl.DataFrame:
    """hand_key, bring_in_card_seat, bring_in_due_seat (see the module docstring)."""
    third = up.filter(pl.col("street") == pl.col("_first"))
    # stud: the lowest card brings in; razz: the highest (by the game's rank order, then suit)
    worst = pl.when(pl.col("_razz")).then(pl.col("_key")).otherwise(-pl.col("_key"))
    per_hand = third.group_by("hand_key").agg(
        bring_in_card_seat=pl.col("seat").sort_by(worst).last().cast(pl.Int16),
        bring_in_card=pl.col("_id").sort_by(worst).last(),
        _shown=pl.col("seat").n_unique(),
        _cards=pl.len(),
        _seats=pl.col("seat"),
    )
    counted = dealt.group_by("hand_key").agg(_dealt=pl.len(), _dealt_seats=pl.col("seat"))
    per_hand = per_hand.join(counted, on="hand_key", how="inner")
    every_seat = (pl.col("_shown") == pl.col("_dealt")) & (pl.col("_cards") == pl.col("_dealt"))
    seats_match = pl.col("_seats").list.sort() == pl.col("_dealt_seats").list.sort()
    per_hand = per_hand.filter(every_seat & seats_match).select(
        "hand_key", "bring_in_card_seat", bring_in_card=card_text_expr(pl.col("bring_in_card"))
    )
    # RP-10-E: the card's player all-in for the ante: the first seat clockwise with chips
    left = dealt.join(antes, on=["hand_key", "seat"], how="left").with_columns(
        _left=pl.col("stack") - pl.col("_antes").fill_null(0)
    )
    due = left.filter(pl.col("_left") > 0).join(per_hand, on="hand_key", how="inner")
    distance = (pl.col("seat").cast(pl.Int32) - pl.col("bring_in_card_seat")) % ring
    due = due.group_by("hand_key").agg(
        bring_in_due_seat=pl.col("seat").sort_by(distance).first().cast(pl.Int16)
    )
    return per_hand.join(due, on="hand_key", how="left")


def _open_pairs(up: pl.DataFrame, live: pl.DataFrame) -> pl.DataFrame:
    """hand_key, open_pair_shown: some live seat's 3rd and 4th street up cards are a pair
    (true), every live seat's are shown and none is (false), else null: the log does not show
    them (PartyPoker prints no one's up cards). `live`: (hand_key, seat) of the seats not
    folded on 3rd street of the 7 Card Stud high hands (S-6 is not for stud/8 or razz)."""
    fourth = up.join(live, on=["hand_key", "seat"], how="semi")
    fourth = fourth.filter(pl.col("street") <= pl.col("_first") + 1)
    pairs = fourth.group_by("hand_key", "seat").agg(
        _pair=pl.when(pl.len() == 2).then((pl.col("_id") // 4).n_unique() == 1)
    )
    seats = live.join(pairs, on=["hand_key", "seat"], how="left")
    shown = pl.col("_pair").any()
    known = pl.col("_pair").is_not_null().all()
    return seats.group_by("hand_key").agg(
        open_pair_shown=pl.when(shown).then(True).when(known).then(False)
    )


def _tie_break(button_seat: pl.Expr, ring: int) -> pl.Expr:
    """The tie-break of option stud_tie_break, 0..TIE_BREAK_ROOM-1, larger = first: "suit":
    the highest card by the game's rank order and suit (tied hands have the same ranks, so
    this compares the suits of their highest card); "position": nearer the button's left."""
    distance = pl.when(button_seat.is_not_null()).then(
        (pl.col("seat").cast(pl.Int32) - button_seat - 1) % ring
    )
    position = TIE_BREAK_ROOM - 1 - distance.fill_null(pl.col("seat").cast(pl.Int32)).clip(0, 63)
    suit = pl.col("_top_key")
    return pl.when(pl.col("opt_stud_tie_break") == "position").then(position).otherwise(suit)


def _showing_values(up: pl.DataFrame, stud: pl.DataFrame, ring: int) -> pl.DataFrame:
    """(hand_key, street, seat, show): each seat's showing value on 4th to 7th street (5 card
    stud: 3rd to 5th), the rounds after the game's first."""
    later = list(range(SECOND + 1, SEVENTH + 1))
    rounds = pl.DataFrame({"round": later}, schema={"round": pl.Int8})
    shown_by = pl.min_horizontal(pl.col("round"), pl.col("_last_up"))
    rows = up.join(rounds, how="cross").filter(
        pl.col("round").is_between(pl.col("_first") + 1, pl.col("_last"))
        & (pl.col("street") <= shown_by)
    )
    rows = rows.group_by("hand_key", "round", "seat").agg(
        cards=pl.col("_id").cast(pl.UInt8),
        _streets=pl.col("street").n_unique(),
        _top_key=pl.col("_key").max(),
        _razz=pl.first("_razz"),
        _first=pl.first("_first"),
        _last_up=pl.first("_last_up"),
    )
    # complete: one up card per round from the first to the last one dealt up
    shown_by = pl.min_horizontal(pl.col("round"), pl.col("_last_up"))
    expected = shown_by - pl.col("_first") + 1
    complete = (pl.col("cards").list.len() == expected) & (pl.col("_streets") == expected)
    rows = rows.filter(complete).with_columns(
        kind=pl.when(pl.col("_razz")).then(pl.lit("ace_five_low")).otherwise(pl.lit("high"))
    )
    valued = hand_values(rows).join(stud, on="hand_key", how="left")
    show = pl.col("score") * TIE_BREAK_ROOM + _tie_break(pl.col("button_seat"), ring)
    return valued.select("hand_key", pl.col("round").alias("street"), "seat", show=show)


def stud_facts(
    hands: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame,
    seat_frame: pl.DataFrame,
    options: pl.DataFrame,
    ring: int,
) -> StudFacts | None:
    """The stud facts of a slice, None when it holds no stud hand. `options`: one row per site
    with its `opt_stud_tie_break` (prepare.options_frame)."""
    stud = hands.filter(pl.col("game").is_in(STUD_GAMES))
    if stud.height == 0:
        return None
    stud = stud.select(
        "hand_key",
        "button_seat",
        _razz=pl.col("game").is_in(LOW_SHOWING),
        site=pl.col("site"),
        **_game_streets(pl.col("game")),
    ).join(options.select("site", "opt_stud_tie_break"), on="site", how="left")
    up = up_cards(cards, stud)
    antes = (
        actions.filter(pl.col("kind") == "post_ante")
        .group_by("hand_key", "seat")
        .agg(_antes=pl.col("amount").sum())
    )
    dealt = _dealt_seats(seat_frame, stud)
    facts = stud.select("hand_key").join(
        _bring_in_seats(up, dealt, antes, ring), on="hand_key", how="left"
    )
    high = hands.filter(pl.col("game").is_in(OPEN_PAIR_GAMES) & ~pl.col("is_hilo").fill_null(False))
    first = actions.join(stud.select("hand_key", "_first"), on="hand_key", how="inner")
    folded = first.filter((pl.col("kind") == "fold") & (pl.col("street") == pl.col("_first")))
    folded = folded.select("hand_key", pl.col("seat").cast(pl.Int16))
    live = dealt.join(high, on="hand_key", how="semi")
    live = live.join(folded, on=["hand_key", "seat"], how="anti")
    facts = facts.join(_open_pairs(up, live.select("hand_key", "seat")), on="hand_key", how="left")
    in_high = pl.col("hand_key").is_in(high.get_column("hand_key").implode())
    facts = facts.with_columns(  # stud/8 and razz: no open pair (not unknown)
        open_pair_shown=pl.when(in_high).then(pl.col("open_pair_shown")).otherwise(False)
    )
    values = _showing_values(up, stud.select("hand_key", "button_seat", "opt_stud_tie_break"), ring)
    return StudFacts(facts.select("hand_key", *HAND_FACTS), values)


def without_stud(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` (per hand) with the HAND_FACTS as nulls: a slice without a stud hand."""
    return frame.with_columns(pl.lit(None, dtype).alias(name) for name, dtype in HAND_FACTS.items())


def with_showing(frame: pl.DataFrame, facts: StudFacts, seats: list[int]) -> pl.DataFrame:
    """The prepared frame plus a `show_<seat>` column per seat number of the slice (null on the
    rows of other rounds and hands)."""
    wide = facts.showing.pivot(on="seat", index=["hand_key", "street"], values="show")
    wide = wide.rename({c: f"{SHOW_PREFIX}{c}" for c in wide.columns if c.lstrip("-").isdigit()})
    wanted = [f"{SHOW_PREFIX}{s}" for s in seats]
    wide = wide.with_columns(
        pl.lit(None, pl.Int64).alias(name) for name in wanted if name not in wide.columns
    ).select(
        "hand_key", pl.col("street").cast(pl.Int8), *(pl.col(w).cast(pl.Int64) for w in wanted)
    )
    return frame.join(wide, on=["hand_key", "street"], how="left", maintain_order="left")


def has_showing(frame: pl.DataFrame, seats: list[int]) -> bool:
    """Whether the frame carries the show columns (a slice with a stud hand)."""
    return bool(seats) and f"{SHOW_PREFIX}{seats[0]}" in frame.columns


def start_seat(seats: list[int]) -> pl.Expr:
    """The seat before the first actor of a stud round (turn.py's previous_actor on the rows
    before the round's first action; null where the log does not prove it):

    * 3rd street: the bring-in card's seat minus one (the bring-in row itself then becomes the
      previous actor; without one, the low card's player opens, or the seat after him when he
      is all-in for the ante: RP-10-E, he owes nothing);
    * 4th to 7th: the best showing hand among the live seats, minus one (he acts first, or the
      next seat with chips when he is all-in), unknown when a live seat's up cards are.

    Reads the per-seat `_live_<s>` of turn.py and the `show_<s>` columns.
    """
    live = {s: pl.col(f"_live_{s}") for s in seats}
    show = {s: pl.col(f"{SHOW_PREFIX}{s}") for s in seats}
    best = pl.max_horizontal([pl.when(live[s]).then(show[s]) for s in seats])
    unknown = pl.any_horizontal([live[s] & show[s].is_null() for s in seats])
    chain: Then | ChainedThen = pl.when(pl.lit(False)).then(pl.lit(None, pl.Int16))
    for s in seats:
        chain = chain.when(live[s] & (show[s] == best)).then(pl.lit(s, pl.Int16))
    actor = pl.col("game_first_actor")
    return (
        pl.when(actor == AFTER_BRING_IN)
        .then(pl.col("bring_in_card_seat") - 1)
        .when(actor.is_in(SHOWING_ACTORS) & ~unknown)
        .then(chain - 1)
    )
