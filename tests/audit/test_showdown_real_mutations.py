"""Mutation tests of the showdown rules on real corpus hands (issue #15 point 6): the judged
showdowns of a few real folders audit clean of every RULES.md §11 code, and

* the pot collected by its winner given to a loser who was in every pot the winner won:
  SHOWDOWN-WINNER on that hand and no other §11 code;
* a board card dealt again to a player who showed: CARD-DUP on that hand.
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
