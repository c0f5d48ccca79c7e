"""The sentences of C-4 SHOWDOWN-WINNER, C-5 POT-SPLIT and C-6 SIDE-POT, per judged hand.

`hand_sentences` reads the per-player amounts of audit/showdown/judge.py (owed, collected, the
pots each player was in) and the pot parts (audit/showdown/award.py): the tests run on every
player without text, and only the hands where one holds are worded.
"""

from __future__ import annotations

import polars as pl

from audit.options import CHOICES
from audit.showdown.award import PART_GROUP, chip_order, with_part_shares
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
    hand cost more than the rest of the showdown: docs/history/audit-speed.md). Exact: every
    sentence is a function of its own hand's rows, and a hand where no test holds has no
    sentence."""
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


#: The sentences _classify gives, in its order (and POT-SPLIT's severity).
CLASSIFIED = ("side_pot", "showdown_winner", "pot_split", "pot_split_severity")
#: The words of a POT-SPLIT on the odd chip alone while the site's odd-chip rule is not
#: configured (hhaudit/run/conventions.py counts these flags per file).
ODD_CHIP_UNCONFIGURED = "the site's odd-chip rule is not configured"


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
    facts = frame.select(
        "hand_key", "deducted", "n_pots", "odd_chip", "odd_chip_configured", "built"
    )
    split = parts.group_by("hand_key").agg(
        split=(pl.col("n_winners") >= 2).any()
        | ((pl.col("half") == "low") & _halved(parts)).any()
        | (pl.col("board") > 1).any(),
        best=_best_text(parts),
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
        configured=pl.col("odd_chip_configured").first().fill_null(False),
        odd_only=_odd_chip_only(),
    )
    per_hand = per_hand.join(split, on="hand_key", how="left").join(
        foreign, on="hand_key", how="left"
    )
    per_hand = per_hand.join(_other_rule_fits(parts, players), on="hand_key", how="left")
    return per_hand.select("hand_key", *_classify())


def _odd_chip_only() -> pl.Expr:
    """Per hand: the shares were judged exactly, the hand paid out what it owed, and every
    player got his share give or take a chip per part he won whose chips do not divide: only
    the odd chips went elsewhere than option `odd_chip` says."""
    off = (pl.col("collected") - pl.col("owed")).abs()
    return (
        pl.col("exact").fill_null(False).all()
        & (pl.col("collected").sum() == pl.col("owed").sum())
        & (off <= pl.col("odd_slack")).all()
    )


def _other_rule_fits(parts: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, other_rule, other_fits): the other `odd_chip` rule, and whether the collects
    are exactly the shares it gives: what a site's odd-chip convention may be."""
    rules = list(CHOICES["odd_chip"])
    other = pl.col("odd_chip").replace_strict(rules, rules[::-1], default=None)
    ordered = parts.with_columns(other_rule=other).with_columns(
        chip_order=chip_order(pl.col("other_rule"))
    )
    shares = (
        with_part_shares(ordered, PART_GROUP)
        .group_by("hand_key", "seat")
        .agg(pl.col("share").sum().alias("other_owed"), pl.col("other_rule").first())
    )
    paid = players.select("hand_key", "seat", "collected")
    fits = paid.join(shares, on=["hand_key", "seat"], how="left")
    return fits.group_by("hand_key").agg(
        pl.col("other_rule").drop_nulls().first(),
        other_fits=(pl.col("collected") == pl.col("other_owed").fill_null(0)).all(),
    )


def _first_sentence(flag: pl.Expr, template: str, *parts: pl.Expr) -> pl.Expr:
    pieces = template.split("{}")
    exprs: list[pl.Expr] = [pl.lit(pieces[0])]
    for part, text in zip(parts, pieces[1:], strict=True):
        exprs += [part.cast(pl.String).fill_null("n/a"), pl.lit(text)]
    return pl.concat_str(exprs).filter(flag).first()


def _halved(parts: pl.DataFrame) -> pl.Expr:
    """A low part that is half of its pot (a razz, 2-7 or badugi pot's only part is the whole
    pot: not a split)."""
    if "only_low" in parts.columns:
        return ~pl.col("only_low").fill_null(False)
    return pl.lit(True)


def _best_text(parts: pl.DataFrame) -> pl.Expr:
    """'main pot: P1 Kh Kd Ks 2c 2d (full house)' for each winning part, joined; a low part's
    hand is "low", or its class where the parts carry `low_class` (stud and draw games: a
    razz pair, a three-card badugi)."""
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
    halved = (pl.col("half") == "low") & _halved(parts)
    half = pl.when(halved).then(pl.lit(" low")).otherwise(pl.lit(""))
    low_classes = "low_class" in parts.columns
    low = pl.col("low_class").fill_null("low") if low_classes else pl.lit("low")
    klass = (
        pl.when(pl.col("half") == "low")
        .then(low.str.replace_all("_", " "))
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
    is_split = over.is_null() & wrong.is_null() & shares
    odd_only = pl.col("odd_only").fill_null(False)
    fits = pl.concat_str(
        [
            pl.when(pl.col("other_fits")).then(pl.lit(" (but ")).otherwise(pl.lit(" (nor ")),
            pl.lit("where "),
            pl.col("other_rule"),
            pl.lit(" puts them)"),
        ]
    )
    configured = (
        pl.when(pl.col("configured"))
        .then(pl.lit(""))
        .otherwise(pl.lit(f"; {ODD_CHIP_UNCONFIGURED}"))
    )
    odd_text = pl.concat_str(
        [pl.lit("odd chips not where odd_chip = "), pl.col("odd_chip"), pl.lit(" puts them"),
         fits, configured, pl.lit(": "), amounts, best]
    )  # fmt: skip
    unequal = pl.concat_str(
        [pl.lit("split not equal up to the odd chip ("), pl.col("odd_chip"), pl.lit("): "),
         amounts, best]
    )  # fmt: skip
    split = pl.when(is_split).then(pl.when(odd_only).then(odd_text).otherwise(unequal))
    severity = pl.when(is_split).then(
        pl.when(odd_only & ~pl.col("configured"))
        .then(pl.lit("warning"))
        .otherwise(pl.lit("violation"))
    )
    return [
        side_pot.alias("side_pot"),
        winner.alias("showdown_winner"),
        split.alias("pot_split"),
        severity.alias("pot_split_severity"),
    ]
