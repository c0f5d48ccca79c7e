"""Mutation tests of the showdown rules on real corpus hands (issue #15 point 6): the judged
showdowns of a few real folders audit clean of every RULES.md §11 code, and

* the pot collected by its winner given to a loser who was in every pot the winner won:
  SHOWDOWN-WINNER on that hand and no other §11 code;
* a board card dealt again to a player who showed: CARD-DUP on that hand;
* the odd chip of a split moved to the other tied hand (hands whose pots are paid in full, the
  button known): POT-SPLIT and no other §11 code;
* a side pot's share paid to a player who was not in it (all-in for less, he won the main pot):
  SIDE-POT and no other §11 code.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from real_corpus import SITES, site_module

from audit import check
from audit.options import load_options
from audit.rules import SHOWDOWN_CODES
from audit.showdown.judge import showdown
from parsers import parse_paths

pytestmark = pytest.mark.corpus

FOLDERS = ("pokerstars/fpdb-3/cash", "888poker", "winamax", "ggpoker/fpdb-3")


@pytest.fixture(scope="module")
def real(corpus_dir: Path):  # type: ignore[no-untyped-def]
    paths = [corpus_dir / folder for folder in FOLDERS if (corpus_dir / folder).exists()]
    parsed = parse_paths(paths)
    default, per_site = load_options(None)
    result = showdown(parsed.hands, parsed.actions, parsed.cards, default, per_site, parsed.seats)
    return parsed, result, (default, per_site)


def _codes(parsed, actions: pl.DataFrame, cards: pl.DataFrame, options) -> pl.DataFrame:  # type: ignore[no-untyped-def]
    default, per_site = options
    flags = check(parsed.hands, parsed.seats, actions, default, per_site, cards=cards).violations
    return flags.filter(pl.col("code").is_in(SHOWDOWN_CODES)).select("hand_key", "code")


def _swaps(result) -> pl.DataFrame:  # type: ignore[no-untyped-def]
    """(hand_key, winner seat, loser seat): the biggest collector of each judged hand and the
    first player of its showdown who won nothing and was in every pot the winner won."""
    parts, players = result.parts, result.players
    winner = (
        players.filter(pl.col("collected") > 0)
        .sort("hand_key", "collected", descending=[False, True])
        .unique("hand_key", keep="first", maintain_order=True)
        .select("hand_key", winner="seat")
    )
    won = parts.filter(pl.col("winner")).select("hand_key", "pot", "seat").unique()
    pots_won = won.join(winner, left_on=["hand_key", "seat"], right_on=["hand_key", "winner"])
    losers = players.filter(~pl.col("wins") & (pl.col("collected") == 0)).select(
        "hand_key", loser="seat"
    )
    candidates = pots_won.select("hand_key", "pot").join(losers, on="hand_key")
    inside = parts.select("hand_key", "pot", loser="seat", _in=pl.lit(True)).unique()
    candidates = candidates.join(inside, on=["hand_key", "pot", "loser"], how="left")
    everywhere = candidates.group_by("hand_key", "loser").agg(ok=pl.col("_in").is_not_null().all())
    chosen = (
        everywhere.filter(pl.col("ok")).sort("hand_key", "loser").unique("hand_key", keep="first")
    )
    return chosen.join(winner, on="hand_key").select("hand_key", "winner", "loser")


def test_real_judged_showdowns_are_clean(real) -> None:  # type: ignore[no-untyped-def]
    parsed, result, options = real
    judged = result.hands.filter(pl.col("not_judged").is_null()).height
    assert judged >= 500
    flags = _codes(parsed, parsed.actions, parsed.cards, options)
    known = {  # the true §11 flags, proven in tests/corpus/real_corpus/<site>.py
        hand_id
        for site in SITES
        for (_, hand_id), codes in site_module(site).KNOWN_FLAGS.items()
        if set(codes) & set(SHOWDOWN_CODES)
    }
    ids = parsed.hands.filter(pl.col("hand_key").is_in(flags["hand_key"].implode()))["hand_id"]
    assert set(ids.to_list()) <= known


def test_real_collects_swapped_with_a_loser_are_flagged(real) -> None:  # type: ignore[no-untyped-def]
    parsed, result, options = real
    swaps = _swaps(result)
    assert swaps.height >= 100
    names = parsed.seats.select("hand_key", loser="seat", loser_name="player")
    swaps = swaps.join(names, on=["hand_key", "loser"])
    actions = parsed.actions.join(swaps, on="hand_key", how="left")
    moved = (pl.col("kind").cast(pl.String) == "collect") & (pl.col("seat") == pl.col("winner"))
    actions = actions.with_columns(
        seat=pl.when(moved).then(pl.col("loser")).otherwise(pl.col("seat")),
        player=pl.when(moved).then(pl.col("loser_name")).otherwise(pl.col("player")),
    ).select(parsed.actions.columns)
    flags = _codes(parsed, actions, parsed.cards, options)
    on_swapped = flags.join(swaps.select("hand_key"), on="hand_key", how="semi").filter(
        pl.col("code") != "HAND-LABEL"  # a name against the cards: the collects do not change it
    )
    per_hand = on_swapped.group_by("hand_key").agg(pl.col("code").unique().sort())
    assert per_hand.height == swaps.height
    assert per_hand["code"].to_list() == [["SHOWDOWN-WINNER"]] * swaps.height


def test_real_board_card_dealt_again_is_flagged(real) -> None:  # type: ignore[no-untyped-def]
    parsed, result, options = real
    judged = result.hands.filter(pl.col("not_judged").is_null()).select("hand_key")
    cards = parsed.cards
    river = cards.filter((pl.col("source") == "board") & (pl.col("street") == 3))
    river = river.join(judged, on="hand_key", how="semi").unique("hand_key", keep="first")
    shown = cards.filter(pl.col("source") == "shown").join(river.select("hand_key"), on="hand_key")
    target = shown.unique("hand_key", keep="first", maintain_order=True).select(
        "hand_key", "line_no", "position", "seat"
    )
    again = river.select("hand_key", again="card")
    marked = cards.join(
        target.with_columns(_hit=pl.lit(True)),
        on=["hand_key", "line_no", "position", "seat"],
        how="left",
    )
    mutated = (
        marked.join(again, on="hand_key", how="left")
        .with_columns(card=pl.when(pl.col("_hit")).then(pl.col("again")).otherwise(pl.col("card")))
        .select(cards.columns)
    )
    flags = _codes(parsed, parsed.actions, mutated, options)
    dup = flags.filter(pl.col("code") == "CARD-DUP").select("hand_key").unique()
    assert target.height >= 100
    assert target.join(dup, on="hand_key", how="anti").height == 0


def _moved(actions: pl.DataFrame, moves: pl.DataFrame) -> pl.DataFrame:
    """`actions` with `amount` moved, per row of `moves` (hand_key, giver, taker, amount), from
    the giver's largest collect to the taker's largest collect."""
    collect = pl.col("kind").cast(pl.String) == "collect"
    rank = pl.col("amount").rank("ordinal", descending=True).over("hand_key", "seat")
    marked = actions.with_row_index("_row")
    largest = marked.filter(collect).filter(rank == 1).select("_row", "hand_key", "seat")
    give = largest.join(moves, left_on=["hand_key", "seat"], right_on=["hand_key", "giver"])
    take = largest.join(moves, left_on=["hand_key", "seat"], right_on=["hand_key", "taker"])
    change = pl.concat(
        [give.select("_row", _delta=-pl.col("amount")), take.select("_row", _delta="amount")]
    )
    marked = marked.join(change, on="_row", how="left", maintain_order="left")
    amount = pl.col("amount") + pl.col("_delta").fill_null(0)
    return marked.with_columns(amount=amount).select(actions.columns)


def _flagged(parsed, actions: pl.DataFrame, options, moves: pl.DataFrame) -> list[list[str]]:  # type: ignore[no-untyped-def]
    flags = _codes(parsed, actions, parsed.cards, options)
    on_moved = flags.join(moves.select("hand_key"), on="hand_key", how="semi").filter(
        pl.col("code") != "HAND-LABEL"
    )
    per_hand = on_moved.group_by("hand_key").agg(pl.col("code").unique().sort())
    every = moves.select("hand_key").join(per_hand, on="hand_key", how="left")
    return every["code"].to_list()


def _odd_chip_moves(result) -> pl.DataFrame:  # type: ignore[no-untyped-def]
    """(hand_key, giver, taker, amount): in each exact hand (pots paid in full, the odd chips
    placed) with a part whose tied winners' shares differ by the odd chip, one chip from a
    winner who got it to one who did not."""
    exact = result.players.filter(pl.col("exact")).select("hand_key").unique()
    tied = result.parts.filter(pl.col("winner") & (pl.col("n_winners") >= 2))
    tied = tied.join(exact, on="hand_key", how="semi")
    keys = ["hand_key", "pot", "board", "half"]
    ends = tied.group_by(keys).agg(
        giver=pl.col("seat").sort_by("share", "seat").last(),
        taker=pl.col("seat").sort_by("share", "seat").first(),
        spread=pl.col("share").max() - pl.col("share").min(),
        amount=pl.col("chip").first(),
    )
    odd = ends.filter(pl.col("spread") > 0).sort(keys).unique("hand_key", keep="first")
    return odd.select("hand_key", "giver", "taker", "amount")


def test_real_odd_chip_moved_is_flagged(real) -> None:  # type: ignore[no-untyped-def]
    parsed, result, options = real
    moves = _odd_chip_moves(result)
    assert moves.height >= 3  # PokerStars hi/lo, Winamax 3-way, GGPoker, 888poker splits
    clean = _codes(parsed, parsed.actions, parsed.cards, options)
    assert clean.join(moves, on="hand_key", how="semi").height == 0  # unmutated: no §11 flag
    actions = _moved(parsed.actions, moves)
    assert _flagged(parsed, actions, options, moves) == [["POT-SPLIT"]] * moves.height


def _side_pot_moves(result) -> pl.DataFrame:  # type: ignore[no-untyped-def]
    """(hand_key, giver, taker, amount): in each hand with a side pot won by a player other
    than a winner of the main pot who was not in that side pot and won every pot he was in,
    the side pot winner's share (at most his largest collect) paid to that main pot winner
    instead. (A taker who shared his pots could have been paid those chips from one of them:
    the collects are totals per player, so that is a split fault, POT-SPLIT; docs/showdown.md
    "The comparison".)"""
    parts = result.parts
    won = parts.filter(pl.col("winner") & (pl.col("share") > 0))
    won = won.group_by("hand_key", "pot", "seat").agg(share=pl.col("share").sum())
    side = won.filter(pl.col("pot") > 0).rename({"seat": "giver"})
    main = won.filter(pl.col("pot") == 0).select("hand_key", taker="seat")
    inside = parts.select("hand_key", "pot", taker="seat").unique()
    pairs = side.join(main, on="hand_key").join(inside, on=["hand_key", "pot", "taker"], how="anti")
    pairs = pairs.filter(pl.col("giver") != pl.col("taker"))
    sole = result.players.filter(pl.col("owed") == pl.col("eligible_total"))
    pairs = pairs.join(sole.select("hand_key", taker="seat"), on=["hand_key", "taker"], how="semi")
    collects = result.players.select("hand_key", giver="seat", collected="collected")
    pairs = pairs.join(collects, on=["hand_key", "giver"]).filter(pl.col("collected") > 0)
    chosen = pairs.sort("hand_key", "pot", "taker").unique("hand_key", keep="first")
    return chosen.select("hand_key", "giver", "taker", amount=pl.col("share"))


def test_real_side_pot_paid_to_a_player_not_in_it_is_flagged(real) -> None:  # type: ignore[no-untyped-def]
    parsed, result, options = real
    moves = _side_pot_moves(result)
    assert moves.height >= 20
    clean = _codes(parsed, parsed.actions, parsed.cards, options)
    assert clean.join(moves, on="hand_key", how="semi").height == 0  # unmutated: no §11 flag
    largest = (
        parsed.actions.filter(pl.col("kind").cast(pl.String) == "collect")
        .group_by("hand_key", giver="seat")
        .agg(largest=pl.col("amount").max())
    )
    moves = moves.join(largest, on=["hand_key", "giver"]).with_columns(
        amount=pl.min_horizontal("amount", "largest")
    )
    actions = _moved(parsed.actions, moves.drop("largest"))
    assert _flagged(parsed, actions, options, moves) == [["SIDE-POT"]] * moves.height
