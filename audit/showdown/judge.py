"""The log's collections against the pots' best hands: C-4, C-5, C-6 (and C-7 on the way).

`showdown(hands, actions, cards, options)` builds everything once per batch (no loop over
hands): the pots (audit/showdown/pots.py), the judged hands and the pot parts with each
eligible player's best five cards and share (audit/showdown/award.py), and one row per hand
with the sentences the rules of RULES.md §11 read (null: nothing to flag).

How the amounts are compared. The shares are of the pots built from the commitments (gross).
`deducted` = those pots minus what the log paid out: the rake, which sites take in their own
ways (PokerStars 2008 took a 4-way split's $0.10 rake from two of the four winners:
NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt hand 14402833808). Where nothing
is deducted, or the site pays gross shares (option `pots_reported = "gross"`), every player
must collect exactly his share. Where the rake was taken (`"net"`, the default) only what holds
whatever the site's way is checked: nobody collects more than his share (plus an odd chip or two
per part he wins) or less than it minus the whole rake; nobody collects more than the pots he
was in when he was not in all of them (C-6); nobody collects without a best hand of some pot
(C-4); no best hand whose share is larger than the whole rake collects nothing (C-4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl

from audit.options import Options
from audit.showdown.award import has_odd_chip, judged_hands, pot_parts
from audit.showdown.deck import deck_problems
from audit.showdown.known import card_rows, full_boards, hole_cards
from audit.showdown.labels import label_flags
from audit.showdown.own_cards import cannot_reshuffle, with_common_cards
from audit.showdown.pots import (
    build_pots,
    not_all_in,
    paid_nothing,
    player_money,
    showdown_hands,
)
from audit.showdown.sentences import hand_sentences
from audit.showdown.value_award import ONLY_LOW
from audit.showdown.value_labels import value_label_flags
from audit.showdown.values.games import STUD_GAMES, VALUE_GAMES
from audit.state.prepare import options_frame

#: The per-hand columns `showdown` adds for the rules (audit/rules/card_*.py, showdown_*.py).
SENTENCES = (
    "card_invalid",
    "card_dup",
    "card_count",
    "showdown_winner",
    "pot_split",
    "side_pot",
    "hand_label",
    "pot_split_severity",
)


@dataclass
class Showdown:
    """`hands`: one row per hand with cards or a showdown (the rule sentences, `not_judged`);
    `parts`: one row per (hand, pot, board, half, eligible seat) of the judged hands (the
    report's replay: hole, board, best five, winner, share); `players`: per (hand, seat) owed
    and collected."""

    hands: pl.DataFrame
    parts: pl.DataFrame
    players: pl.DataFrame


#: The odd-chip rule of the stud games whatever option `odd_chip` says: they have no button
#: (TDA 20-B, RULES.md S-7: to the high card by suit of the winning five-card hand).
STUD_ODD_CHIP = "high_card_suit"


def _options(
    hands: pl.DataFrame,
    default: Options,
    per_site: Mapping[str, Options] | None,
    values: bool = False,
):
    sites = hands.get_column("site").unique().drop_nulls().to_list()
    frame = options_frame(sites, default, per_site).select(
        "site",
        odd_chip="opt_odd_chip",
        odd_chip_configured="opt_odd_chip_configured",
        trips_beat_straight="opt_short_deck_trips_beat_straight",
        pots_reported="opt_pots_reported",
    )
    if not values:
        return hands.select("hand_key", "site").join(frame, on="site", how="left").drop("site")
    joined = hands.select("hand_key", "site", "game").join(frame, on="site", how="left")
    stud = pl.col("game").is_in(STUD_GAMES)
    return joined.with_columns(
        odd_chip=pl.when(stud).then(pl.lit(STUD_ODD_CHIP)).otherwise("odd_chip")
    ).drop("site", "game")


def _deductions(pots: pl.DataFrame, hands: pl.DataFrame, options: pl.DataFrame) -> pl.DataFrame:
    """Per showdown hand: `deducted` (pots - paid out), `exact`, and per pot `deduct`."""
    per_pot = pots.group_by("hand_key", "pot").agg(
        pl.col("pot_amount").first(), pl.col("n_pots").first()
    )
    per_hand = per_pot.group_by("hand_key").agg(
        built=pl.col("pot_amount").sum(), n_pots=pl.col("n_pots").first()
    )
    frame = per_hand.join(
        hands.select("hand_key", "rake", "button_seat"), on="hand_key", how="left"
    ).join(options, on="hand_key", how="left")
    return frame


def _owed_by_player(parts: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, owed, wins, best_share) from the parts (a pot with one eligible player
    is a part he wins alone)."""
    odd = has_odd_chip(ONLY_LOW in parts.columns)
    return parts.group_by("hand_key", "seat").agg(
        owed=pl.col("share").sum(),
        wins=pl.col("winner").any(),
        best_share=(pl.col("part_amount") // pl.col("n_winners").clip(lower_bound=1))
        .filter(pl.col("winner"))
        .max(),
        # where the rake was taken, its odd chips may fall elsewhere: one per part, each way
        slack=2 * pl.col("winner").sum().cast(pl.Int64),
        # a chip more or less than his share, for each part he wins whose chips do not divide
        odd_slack=(pl.col("chip") * (pl.col("winner") & odd).cast(pl.Int64)).sum(),
    )


def _judged_rows(rows: pl.DataFrame, shown: pl.DataFrame) -> pl.DataFrame:
    """The card rows the pots and the hands' names are judged on: those of the showdown hands
    (`shown`: pots.showdown_hands) and of the hands whose log names a shown hand (C-7). The
    deck checks read every row; most hands with cards (the hero's, dealt) reach no showdown."""
    named = rows.filter(pl.col("label").is_not_null()).get_column("hand_key")
    keys = pl.concat([shown.get_column("hand_key"), named]).unique()
    return rows.filter(pl.col("hand_key").is_in(keys.implode()))


def showdown(
    hands: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame,
    options: Options | None = None,
    site_options: Mapping[str, Options] | None = None,
    seats: pl.DataFrame | None = None,
    texts: bool = True,
    money: pl.DataFrame | None = None,
) -> Showdown:
    """Pots, parts and per-hand sentences (module docstring). `texts=False` leaves the cards'
    text columns out of `parts` (the check reads only the sentences). `money`: the
    player_money of `actions` when the caller has it (the check: pots.money_from_flows)."""
    # stud and draw hands (a mixed rotation's, or a stud table's): their own steps; a slice of
    # board games only takes none of them
    values = bool(hands.get_column("game").is_in(VALUE_GAMES).any())
    opts = _options(hands, options or Options(), site_options, values)
    rows = card_rows(cards, hands)
    deck = deck_problems(rows, cannot_reshuffle(actions, hands) if values else None)
    money_ = player_money(actions) if money is None else money
    shown = showdown_hands(money_)
    judged_rows = _judged_rows(rows, shown)
    hole, boards = hole_cards(judged_rows, values), full_boards(judged_rows)
    if values:
        hole = with_common_cards(hole, boards, hands)
    conceded = not_all_in(hole.filter(pl.col("conceded")), money_, seats)
    conceded = paid_nothing(conceded, money_)
    pots = build_pots(money_, hands, conceded, shown)
    judged = judged_hands(pots, money_, hands, hole, boards, deck, values)
    totals = shown.select("hand_key", "collected_total")
    frame = _deductions(pots, hands, opts).join(totals, on="hand_key", how="left")
    frame = frame.with_columns(deducted=pl.col("built") - pl.col("collected_total"))
    # where the odd chips go is known only with the button (or option high_card_suit)
    chips_placed = pl.col("button_seat").is_not_null() | (pl.col("odd_chip") == "high_card_suit")
    exact = ((pl.col("deducted") == 0) | (pl.col("pots_reported") == "gross")) & chips_placed
    frame = frame.with_columns(exact=exact.fill_null(False))
    parts = pot_parts(pots, judged, hands, hole, boards, opts, texts)
    players = _players(parts, pots, money_, judged).join(
        frame.select("hand_key", "exact"), on="hand_key", how="left"
    )
    per_hand = hand_sentences(players, parts, frame, hands, _foreign(players, parts, pots))
    labels = label_flags(hole, boards, hands, deck, opts)
    if values:
        labels = pl.concat([labels, value_label_flags(hole, hands, deck)])
    result = (
        deck.join(judged.select("hand_key", "not_judged"), on="hand_key", how="full", coalesce=True)
        .join(per_hand, on="hand_key", how="left")
        .join(labels, on="hand_key", how="left")
    )
    return Showdown(result, parts, players)


def _players(
    parts: pl.DataFrame,
    pots: pl.DataFrame,
    money_: pl.DataFrame,
    judged: pl.DataFrame,
) -> pl.DataFrame:
    ok = judged.filter(pl.col("not_judged").is_null()).select("hand_key")
    eligible_total = (
        pots.filter(pl.col("eligible"))
        .group_by("hand_key", "seat")
        .agg(eligible_total=pl.col("pot_amount").sum())
    )
    owed = _owed_by_player(parts.join(ok, on="hand_key"))
    players = money_.join(ok, on="hand_key", how="semi").select(
        "hand_key", "seat", "player", "collected", "folded"
    )
    players = players.join(eligible_total, on=["hand_key", "seat"], how="left").join(
        owed, on=["hand_key", "seat"], how="left"
    )
    return players.with_columns(
        pl.col("eligible_total", "owed").fill_null(0),
        pl.col("wins").fill_null(False),
        pl.col("best_share", "slack", "odd_slack").fill_null(0),
    ).sort("hand_key", "seat")


def _foreign(players: pl.DataFrame, parts: pl.DataFrame, pots: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, foreign): exact hands where a player paid more than he is owed is not
    eligible for a pot whose winner was paid less than he is owed: that pot's chips went to a
    player who was not in it (C-6)."""
    exact = players.filter(pl.col("exact"))
    surplus = exact.filter(pl.col("collected") > pl.col("owed")).select(
        "hand_key", "seat", "player", surplus=pl.col("collected") - pl.col("owed")
    )
    short = exact.filter(pl.col("collected") < pl.col("owed")).select("hand_key", "seat")
    if surplus.height == 0 or short.height == 0:  # no pair to match (the usual case)
        return pl.DataFrame(schema={"hand_key": players.schema["hand_key"], "foreign": pl.String})
    short_pots = (
        parts.filter(pl.col("winner") & (pl.col("share") > 0))
        .join(short, on=["hand_key", "seat"], how="semi")
        .select("hand_key", "pot", short_seat="seat", short_player="player")
        .unique(["hand_key", "pot", "short_seat"])
    )
    pairs = surplus.join(short_pots, on="hand_key", how="inner")
    eligible = pots.filter(pl.col("eligible")).select(
        "hand_key", "pot", "seat", inside=pl.lit(True)
    )
    pairs = pairs.join(eligible, on=["hand_key", "pot", "seat"], how="left")
    # foreign only when none of the short player's pots had the paid player in it (else the
    # chips may have moved inside a pot both were in: a split or winner fault, not C-6)
    inside_any = pl.col("inside").fill_null(False).any().over("hand_key", "seat", "short_seat")
    pairs = pairs.filter(~inside_any)
    pot_name = (
        pl.when(pl.col("pot") == 0)
        .then(pl.lit("the main pot"))
        .otherwise(pl.concat_str([pl.lit("side pot "), pl.col("pot").cast(pl.String)]))
    )
    text = pl.concat_str(
        [
            pl.col("player"),
            pl.lit(" was paid from "),
            pot_name,
            pl.lit(", which he was not in (won by "),
            pl.col("short_player"),
            pl.lit(")"),
        ]
    )
    return (
        pairs.sort("hand_key", "pot", "seat")
        .group_by("hand_key", maintain_order=True)
        .agg(foreign=text.first())
    )
