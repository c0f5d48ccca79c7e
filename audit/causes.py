"""One root cause, one finding: each flag's `flag_id`, and `caused_by` when an earlier flag of
the same hand provably causes it (docs/rules.md, "Causes and consequences").

`flag_id` is "<hand_key>:<seq>:<code>" ("h" for a flag without an action), unique within one
set of tables (a rule flags an action or a hand at most once) and the same on every run of the
same inputs; `hhaudit run` puts the hand's hand_uid in place of the hand_key, so the id is the
same in every run (hhaudit/run/identity.py).

`caused_by` is the flag_id of the flag this one follows from, null for a root cause. The links
(LINKS) are few and each follows from the log within one hand:

- ACT-FOLDED or ACT-CLOSED on an action that is also STREET-ORDER: the action is out of place,
  which is why it comes after the player's fold, or after its street closed, in the log.
- a later ACT-FOLDED of the same player: the same fold (the player's first ACT-FOLDED).
- STREET-ORDER on the action right after another STREET-ORDER of the same street: one
  misplaced block (the block's first flag).
- ROUND-INCOMPLETE naming the seat and street of a short CALL-AMOUNT (fewer chips than owed,
  chips behind) that was that seat's last action on the street, with no bet above it later:
  the short call is what the seat still owed.
- UNCALLED-RETURN, when the returns are off by no more than the chips the hand's
  CALL-AMOUNT / STACK-EXCEEDED / POST-AMOUNT flags are off (the returns are computed from
  those amounts): the first of those flags.
- POT-TOTAL, when the reported pot equals what was put in minus the returns the log shows: the
  pot is off only by the return that UNCALLED-RETURN flags. Otherwise, when the pot is off by no
  more than twice the chips of those action flags (a wrong amount moves both what was put in
  and the uncalled part): the first of them.
- CARD-COUNT (too many cards after the draws) of a player whose draw DRAW-COUNT flags (he was
  dealt more cards than he threw): the first such draw of his.
- CHIP-CONSERVATION's first part (collected + rake differs from the reported pot) when the
  winners collected exactly what the actions put in (minus the rake): the reported pot alone is
  wrong, which POT-TOTAL already says.

Everything is joins and windows over the (small) table of flags; the street facts of the short
call link come from the state of the hands that have both flags.
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import col
from audit.rules.chip_conservation import POT_OFF
from parsers.games import SHOWDOWN

#: (consequence code, cause codes, when): the documented cause -> consequence links.
LINKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("ACT-FOLDED", ("STREET-ORDER",), "the same action is out of street order"),
    ("ACT-CLOSED", ("STREET-ORDER",), "the same action is out of street order"),
    ("ACT-FOLDED", ("ACT-FOLDED",), "a later action of the same folded player"),
    ("STREET-ORDER", ("STREET-ORDER",), "the next action of one misplaced block"),
    ("ROUND-INCOMPLETE", ("CALL-AMOUNT",), "the named seat's short call, its last action"),
    ("UNCALLED-RETURN", ("CALL-AMOUNT", "STACK-EXCEEDED", "POST-AMOUNT"), "returns off <= gap"),
    ("POT-TOTAL", ("UNCALLED-RETURN",), "the pot agrees with the returns the log shows"),
    ("POT-TOTAL", ("CALL-AMOUNT", "STACK-EXCEEDED", "POST-AMOUNT"), "pot off <= 2 x gap"),
    ("CHIP-CONSERVATION", ("POT-TOTAL",), "collected + rake = what the actions put in"),
    ("CARD-COUNT", ("DRAW-COUNT",), "the same player's draw dealt him a wrong number of cards"),
)
AMOUNT_CAUSES = ("CALL-AMOUNT", "STACK-EXCEEDED", "POST-AMOUNT")

_OWED = pl.min_horizontal(col("to_call").clip(lower_bound=0), col("stack_before"))
_REQUESTED = (
    pl.when(col("is_wager"))
    .then(col("to_amount") - col("committed_before"))
    .otherwise(col("chips"))
)
#: Per action code: how many chips the flagged amount is off (what the link guards compare).
_GAP: dict[str, pl.Expr] = {
    "CALL-AMOUNT": _OWED - col("chips"),
    "POST-AMOUNT": col("post_expected") - col("chips"),
    "STACK-EXCEEDED": _REQUESTED - col("stack_before"),
}
LINK_COLUMNS: dict[str, pl.DataType] = {
    "_seat": pl.Int16(),
    "_street": pl.Int8(),
    "_open_seat": pl.Int16(),
    "_open_street": pl.Int8(),
    "_gap": pl.Int64(),
    "_owed_to": pl.Int64(),  # CALL-AMOUNT: the bet the caller faced (committed before + to call)
    "_short": pl.Boolean(),  # CALL-AMOUNT: fewer chips than owed, chips behind
    "_return_gap": pl.Int64(),
    "_pot_gap": pl.Int64(),
    "_pot_from_returns": pl.Boolean(),
    "_pot_alone": pl.Boolean(),
}


def action_link_columns(code: str) -> list[pl.Expr]:
    """The link inputs of an action rule's flagged rows (state columns)."""
    gap = _GAP.get(code)
    exprs = {
        "_seat": col("seat"),
        "_street": col("street"),
        "_open_seat": col("open_seat") if code == "ROUND-INCOMPLETE" else None,
        "_open_street": col("open_street") if code == "ROUND-INCOMPLETE" else None,
        "_gap": gap.abs() if gap is not None else None,
        "_owed_to": col("committed_before") + col("to_call") if code == "CALL-AMOUNT" else None,
        "_short": (col("chips") < _OWED) & (col("stack_before") > col("chips"))
        if code == "CALL-AMOUNT"
        else None,
        "_return_gap": None,
        "_pot_gap": None,
        "_pot_from_returns": None,
        "_pot_alone": None,
    }
    return _typed(exprs)


def hand_link_columns(code: str) -> list[pl.Expr]:
    """The link inputs of a hand-level rule's flagged rows (audit/state/settlement.py columns)."""
    rake = col("rake")
    exprs: dict[str, pl.Expr | None] = dict.fromkeys(LINK_COLUMNS)
    if code == "UNCALLED-RETURN":
        exprs["_return_gap"] = (col("expected_return_total") - col("returned_total")).abs()
    if code == "POT-TOTAL":
        exprs["_pot_gap"] = (col("total_pot") - col("expected_pot")).abs()
        exprs["_pot_from_returns"] = col("total_pot") == col("put_in") - col("returned_total")
    if code == "CHIP-CONSERVATION":
        # H-4's first part fires (its message), and the winners collected what was put in
        exprs["_pot_alone"] = POT_OFF & (col("collected_total") + rake == col("expected_pot"))
    return _typed(exprs)


def _typed(exprs: dict[str, pl.Expr | None]) -> list[pl.Expr]:
    return [
        (pl.lit(None) if expr is None else expr).cast(LINK_COLUMNS[name]).alias(name)
        for name, expr in exprs.items()
    ]


def flag_id() -> pl.Expr:
    seq = pl.col("seq").cast(pl.String).fill_null("h")
    pieces = [pl.col("hand_key").cast(pl.String), pl.lit(":"), seq, pl.lit(":"), pl.col("code")]
    return pl.concat_str(pieces).alias("flag_id")


def _first_per(keys: list[str]) -> pl.Expr:
    """The flag_id of the first row (by seq) of each `keys` group, on every row of it."""
    return pl.col("flag_id").sort_by("seq").first().over(keys)


#: The void codes _same_action links to a STREET-ORDER on the same action.
VOIDED = ("ACT-FOLDED", "ACT-CLOSED")
#: No link: the schema every link search returns.
NO_LINKS = pl.DataFrame(schema={"flag_id": pl.String, "caused_by": pl.String})


def _same_action(flags: pl.DataFrame) -> pl.DataFrame:
    """ACT-FOLDED / ACT-CLOSED caused by STREET-ORDER on the same action."""
    cause = flags.filter(pl.col("code") == "STREET-ORDER").select(
        "hand_key", "seq", pl.col("flag_id").alias("caused_by")
    )
    void = pl.col("code").is_in(VOIDED)
    folded = flags.filter(void).select("hand_key", "seq", "flag_id")
    return folded.join(cause, on=["hand_key", "seq"]).select("flag_id", "caused_by")


def _repeats(flags: pl.DataFrame) -> pl.DataFrame:
    """Later ACT-FOLDED of one player -> his first; a STREET-ORDER right after another of the
    same street -> the first of that block."""
    folded = flags.filter(pl.col("code") == "ACT-FOLDED").sort("hand_key", "seq")
    folded = folded.with_columns(caused_by=_first_per(["hand_key", "player"]))
    order = flags.filter(pl.col("code") == "STREET-ORDER").sort("hand_key", "seq")
    same_block = (pl.col("seq") == pl.col("seq").shift(1) + 1) & (
        pl.col("_street") == pl.col("_street").shift(1)
    )
    block = (~same_block.fill_null(False)).cum_sum().over("hand_key")
    order = order.with_columns(_block=block).with_columns(
        caused_by=_first_per(["hand_key", "_block"])
    )
    rows = pl.concat([folded.select("flag_id", "caused_by"), order.select("flag_id", "caused_by")])
    return rows.filter(pl.col("flag_id") != pl.col("caused_by"))


def _short_call_rounds(flags: pl.DataFrame, state: pl.DataFrame) -> pl.DataFrame:
    """ROUND-INCOMPLETE naming the seat and street of a short call that was the seat's last
    action there, with nothing bet above it later on that street."""
    incomplete = flags.filter(
        (pl.col("code") == "ROUND-INCOMPLETE") & pl.col("_open_seat").is_not_null()
    )
    short = flags.filter((pl.col("code") == "CALL-AMOUNT") & pl.col("_short").fill_null(False))
    if incomplete.is_empty() or short.is_empty():
        return pl.DataFrame(schema={"flag_id": pl.String, "caused_by": pl.String})
    keys = ["hand_key", "_street", "_seat"]
    candidates = incomplete.select(
        "hand_key",
        pl.col("_open_street").alias("_street"),
        pl.col("_open_seat").alias("_seat"),
        pl.col("seq").alias("_at"),
        "flag_id",
    ).join(
        short.select(*keys, pl.col("seq").alias("_cause_seq"), "_owed_to", "flag_id"),
        on=keys,
        suffix="_cause",
    )
    candidates = candidates.filter(pl.col("_at").is_null() | (pl.col("_cause_seq") < pl.col("_at")))
    if candidates.is_empty():
        return pl.DataFrame(schema={"flag_id": pl.String, "caused_by": pl.String})
    facts = _street_facts(state, candidates.get_column("hand_key").unique())
    last = candidates.join(facts["seat"], on=keys, how="left").join(
        facts["street"], on=["hand_key", "_street"], how="left"
    )
    last_action = pl.col("_last_seq") == pl.col("_cause_seq")
    kept = last.filter(last_action & (pl.col("_street_top") == pl.col("_owed_to")))
    return (
        kept.sort("_cause_seq")
        .group_by("flag_id")
        .agg(pl.col("flag_id_cause").last().alias("caused_by"))
    )


def _street_facts(state: pl.DataFrame, hands: pl.Series) -> dict[str, pl.DataFrame]:
    """For the given hands: each seat's last betting action per street, each street's top
    commitment (state rows of those hands only)."""
    rows = state.filter(pl.col("hand_key").is_in(hands.implode()) & ~pl.col("is_sentinel"))
    acting = rows.filter(pl.col("is_betting") & ~pl.col("void"))
    seat = acting.group_by(
        "hand_key", pl.col("street").cast(pl.Int8).alias("_street"),
        pl.col("seat").cast(pl.Int16).alias("_seat"),
    ).agg(pl.col("seq").max().alias("_last_seq"))  # fmt: skip
    street = (
        rows.filter(pl.col("street") < SHOWDOWN)
        .group_by("hand_key", pl.col("street").cast(pl.Int8).alias("_street"))
        .agg(pl.col("committed_after").max().alias("_street_top"))
    )
    return {"seat": seat, "street": street}


def _draw_card_counts(flags: pl.DataFrame) -> pl.DataFrame:
    """CARD-COUNT of a player ("<player> holds N cards after the draws", a hand-level sentence
    of audit/showdown) -> that player's first DRAW-COUNT in the same hand."""
    draws = flags.filter(pl.col("code") == "DRAW-COUNT").sort("hand_key", "seq")
    first = draws.group_by("hand_key", "player").agg(pl.col("flag_id").first().alias("caused_by"))
    counts = flags.filter(pl.col("code") == "CARD-COUNT").select("hand_key", "message", "flag_id")
    pairs = counts.join(first, on="hand_key")
    his = pl.col("message").str.starts_with(pl.col("player") + pl.lit(" holds "))
    return pairs.filter(his).select("flag_id", "caused_by")


def _hand_links(flags: pl.DataFrame) -> pl.DataFrame:
    """UNCALLED-RETURN, POT-TOTAL and CHIP-CONSERVATION to their cause in the same hand."""
    amounts = (
        flags.filter(pl.col("code").is_in(AMOUNT_CAUSES) & pl.col("seq").is_not_null())
        .sort("hand_key", "seq")
        .group_by("hand_key")
        .agg(pl.col("flag_id").first().alias("_amount_cause"), pl.col("_gap").sum().alias("_gaps"))
    )

    def first_of(code: str, name: str) -> pl.DataFrame:
        rows = flags.filter(pl.col("code") == code)
        return rows.select("hand_key", pl.col("flag_id").alias(name))

    hand = (
        flags.filter(pl.col("seq").is_null())
        .join(amounts, on="hand_key", how="left")
        .join(first_of("UNCALLED-RETURN", "_return_flag"), on="hand_key", how="left")
        .join(first_of("POT-TOTAL", "_pot_flag"), on="hand_key", how="left")
    )
    code, gaps = pl.col("code"), pl.col("_gaps")
    caused_by = (
        pl.when((code == "UNCALLED-RETURN") & pl.col("_return_gap").is_between(1, gaps))
        .then(pl.col("_amount_cause"))
        .when((code == "POT-TOTAL") & pl.col("_pot_from_returns"))
        .then(pl.col("_return_flag"))
        .when((code == "POT-TOTAL") & (pl.col("_pot_gap") <= 2 * gaps))
        .then(pl.col("_amount_cause"))
        .when((code == "CHIP-CONSERVATION") & pl.col("_pot_alone"))
        .then(pl.col("_pot_flag"))
    )
    linked = hand.select("flag_id", caused_by.alias("caused_by"))
    return linked.filter(pl.col("caused_by").is_not_null())


def link_flags(flags: pl.DataFrame, state: pl.DataFrame) -> pl.DataFrame:
    """`flags` (with the LINK_COLUMNS) plus flag_id and caused_by; LINK_COLUMNS dropped.

    A flag with several links takes the first in LINKS order (the most direct cause)."""
    flags = flags.with_columns(flag_id())
    internal = list(LINK_COLUMNS)
    if flags.height < 2:
        return flags.with_columns(pl.lit(None, dtype=pl.String).alias("caused_by")).drop(internal)
    codes = set(flags.get_column("code").unique().to_list())
    # each link searched only where the codes it links are flagged (most units flag few codes)
    found = [
        _same_action(flags) if "STREET-ORDER" in codes and codes & set(VOIDED) else None,
        _repeats(flags) if codes & {"ACT-FOLDED", "STREET-ORDER"} else None,
        _short_call_rounds(flags, state) if {"ROUND-INCOMPLETE", "CALL-AMOUNT"} <= codes else None,
        _hand_links(flags) if flags.get_column("seq").null_count() else None,
        _draw_card_counts(flags) if {"CARD-COUNT", "DRAW-COUNT"} <= codes else None,
    ]
    links = pl.concat(
        [NO_LINKS, *(frame for frame in found if frame is not None)], how="vertical_relaxed"
    ).unique("flag_id", keep="first")
    linked = flags.join(links, on="flag_id", how="left", maintain_order="left")
    return linked.drop(internal)
