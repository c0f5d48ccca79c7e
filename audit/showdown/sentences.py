"""The sentences of C-4 SHOWDOWN-WINNER, C-5 POT-SPLIT and C-6 SIDE-POT, per judged hand.

`hand_sentences` reads the per-player amounts of audit/showdown/judge.py (owed, collected, the
pots each player was in) and the pot parts (audit/showdown/award.py): the tests run on every
player without text, and only the hands where one holds are worded.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import cards_text_expr
from audit.text import money


def _player_tests() -> dict[str, pl.Expr]:
    """The per-player tests of the sentences (booleans, no text)."""
    deducted = pl.col("deducted").clip(lower_bound=0)
    created = (-pl.col("deducted")).clip(lower_bound=0)
    return {
        # more than the pots he was in, and he was not in every pot (more than every pot is
        # chips created: CHIP-CONSERVATION's business)
        "over_levels": (pl.col("collected") - created > pl.col("eligible_total"))
        & (pl.col("eligible_total") < pl.col("built")),
        # paid out beyond the pots (deducted < 0) is chips created, CHIP-CONSERVATION's
        # business: a collect within that excess proves no wrong winner (Winamax rounds an
        # uncalled 369.5 chips to "collected 370 from side pot 1":
        # NLHE-Ticket-MTT-201010.side.pot.txt hand 6307872438747255-71-1288124090)
        "no_best": (pl.col("collected") > created) & ~pl.col("wins"),
        "best_unpaid": pl.col("wins")
        & (pl.col("collected") == 0)
        & (pl.col("best_share") > deducted),
        # paid out more than the pots hold: chips created, CHIP-CONSERVATION's business
        "amount_off": pl.when(pl.col("deducted") < 0)
        .then(False)
        .when(pl.col("exact"))
        .then(pl.col("owed") != pl.col("collected"))
        .otherwise(
            (pl.col("collected") > pl.col("owed") + pl.col("slack"))
            | (pl.col("collected") < pl.col("owed") - pl.col("slack") - deducted)
        ),
    }


def hand_sentences(
    players: pl.DataFrame,
    parts: pl.DataFrame,
    frame: pl.DataFrame,
    hands: pl.DataFrame,
    foreign: pl.DataFrame,
) -> pl.DataFrame:
    """Per judged hand that some sentence names: showdown_winner, pot_split, side_pot (a hand
    left out has none).

    The tests run first, without text, on every player; the sentences are worded only for the
    hands where a test holds (most judged hands have none, and wording a sentence for every
    hand cost more than the rest of the showdown: docs/audit-speed.md). Exact: every sentence
    is a function of its own hand's rows, and a hand where no test holds has no sentence."""
    facts = frame.select("hand_key", "deducted", "built")
    tests = players.join(facts, on="hand_key", how="left").select(
        "hand_key", any_test=pl.any_horizontal(_player_tests().values())
    )
    named = pl.concat(
        [tests.filter(pl.col("any_test")).select("hand_key"), foreign.select("hand_key")]
    ).get_column("hand_key")
    if named.len() == 0:
        return pl.DataFrame(schema={"hand_key": pl.Int64, **dict.fromkeys(CLASSIFIED, pl.String)})
    keys = named.unique().implode()
    in_named = pl.col("hand_key").is_in(keys)
    return _worded(players.filter(in_named), parts.filter(in_named), frame, hands, foreign)


#: The sentences _classify gives, in its order.
CLASSIFIED = ("side_pot", "showdown_winner", "pot_split")


def _worded(
    players: pl.DataFrame,
    parts: pl.DataFrame,
    frame: pl.DataFrame,
    hands: pl.DataFrame,
    foreign: pl.DataFrame,
) -> pl.DataFrame:
    """The sentences of the hands of `players` (_hand_sentences)."""
    if "five_text" not in parts.columns:  # pot_parts(texts=False): worded here, for these hands
        parts = parts.with_columns(five_text=cards_text_expr(pl.col("five")))
    facts = frame.select("hand_key", "deducted", "n_pots", "odd_chip", "built")
    split = parts.group_by("hand_key").agg(
        split=(pl.col("n_winners") >= 2).any()
        | (pl.col("half") == "low").any()
        | (pl.col("board") > 1).any(),
        best=_best_text(),
    )
    scale = hands.select("hand_key", "scale")
    p = players.join(facts, on="hand_key", how="left").join(scale, on="hand_key", how="left")
    p = p.with_columns(
        **_player_tests(),
        pair=pl.concat_str([pl.col("player"), pl.lit(" "), money(pl.col("owed"))]),
        paid=pl.concat_str([pl.col("player"), pl.lit(" "), money(pl.col("collected"))]),
    )
    involved = (pl.col("owed") > 0) | (pl.col("collected") > 0)
    per_hand = p.group_by("hand_key", maintain_order=True).agg(
        over=_first_sentence(
            pl.col("over_levels"),
            "{} collected {}, more than the {} of the pots he was eligible for",
            pl.col("player"),
            money(pl.col("collected")),
            money(pl.col("eligible_total")),
        ),
        no_best=_first_sentence(
            pl.col("no_best"),
            "{} collected {} without a best hand of any pot he was in",
            pl.col("player"),
            money(pl.col("collected")),
        ),
        unpaid=_first_sentence(
            pl.col("best_unpaid"),
            "{} holds a best hand (share {}) but collected nothing",
            pl.col("player"),
            money(pl.col("best_share")),
        ),
        amount_off=pl.col("amount_off").any(),
        owed=pl.col("pair").filter(involved).str.join(", "),
        paid=pl.col("paid").filter(involved).str.join(", "),
        n_pots=pl.col("n_pots").first(),
        odd_chip=pl.col("odd_chip").first(),
    )
    per_hand = per_hand.join(split, on="hand_key", how="left").join(
        foreign, on="hand_key", how="left"
    )
    return per_hand.select("hand_key", *_classify())


def _first_sentence(flag: pl.Expr, template: str, *parts: pl.Expr) -> pl.Expr:
    pieces = template.split("{}")
    exprs: list[pl.Expr] = [pl.lit(pieces[0])]
    for part, text in zip(parts, pieces[1:], strict=True):
        exprs += [part.cast(pl.String).fill_null("n/a"), pl.lit(text)]
    return pl.concat_str(exprs).filter(flag).first()


def _best_text() -> pl.Expr:
    """'main pot: P1 Kh Kd Ks 2c 2d (full house)' for each winning part, joined."""
    pot = (
        pl.when(pl.col("pot") == 0)
        .then(pl.lit("main pot"))
        .otherwise(pl.concat_str([pl.lit("side pot "), pl.col("pot").cast(pl.String)]))
    )
    board = (
        pl.when(pl.col("board") > 1)
        .then(pl.concat_str([pl.lit(" board "), pl.col("board").cast(pl.String)]))
        .otherwise(pl.lit(""))
    )
    half = pl.when(pl.col("half") == "low").then(pl.lit(" low")).otherwise(pl.lit(""))
    klass = (
        pl.when(pl.col("half") == "low")
        .then(pl.lit("low"))
        .otherwise(pl.col("high_class").cast(pl.String).str.replace_all("_", " "))
    )
    text = pl.concat_str(
        [
            pot,
            board,
            half,
            pl.lit(": "),
            pl.col("player"),
            pl.lit(" "),
            pl.col("five_text"),
            pl.lit(" ("),
            klass,
            pl.lit(")"),
        ]
    )
    return text.filter(pl.col("winner")).str.join("; ")


def _classify() -> list[pl.Expr]:
    """One code per hand: C-6 (paid beyond a player's pots) before C-4 (a pot to the wrong
    hand) before C-5 (the right hands, wrong shares); C-6 too for wrong amounts across levels
    without a split."""
    over, wrong = pl.coalesce("over", "foreign"), pl.coalesce("no_best", "unpaid")
    amounts = pl.concat_str(
        [pl.lit("owed "), pl.col("owed"), pl.lit("; collected "), pl.col("paid")]
    )
    levels = pl.col("amount_off") & ~pl.col("split").fill_null(False) & (pl.col("n_pots") >= 2)
    shares = pl.col("amount_off") & pl.col("split").fill_null(False)
    best = pl.concat_str([pl.lit("; best: "), pl.col("best").fill_null("n/a")])
    side_pot = (
        pl.when(over.is_not_null())
        .then(pl.concat_str([over, best]))
        .when(wrong.is_null() & levels)
        .then(pl.concat_str([pl.lit("the pots at their levels are paid wrong: "), amounts, best]))
    )
    winner = pl.when(over.is_null() & wrong.is_not_null()).then(pl.concat_str([wrong, best]))
    split = pl.when(over.is_null() & wrong.is_null() & shares).then(
        pl.concat_str(
            [
                pl.lit("split not equal up to the odd chip ("),
                pl.col("odd_chip"),
                pl.lit("): "),
                amounts,
                best,
            ]
        )
    )
    return [side_pot.alias("side_pot"), winner.alias("showdown_winner"), split.alias("pot_split")]
