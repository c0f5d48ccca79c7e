"""The "Allowed" cell of a replayed action: what the rules let the actor do, in words.

Read from the betting state before the action (audit.STATE_COLUMNS: `to_call`, `min_to`,
`max_to`, `allin_to`, `stack_before`, `raise_allowed`, `acted_before`, `reopened`) and the hand's
`structure`. A range never reads backwards: when the stack is below the minimum full raise the
cell says "all-in only", when no raise is allowed it says why. `allowed_kind` names the case (the
legend on the page explains each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from reports.columns import decimal_amount

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

#: Each case of the Allowed cell: how the cell starts, and what it means (the page's legend).
ALLOWED_LEGEND: dict[str, tuple[str, str]] = {
    "range": (
        "bet / raise to MIN – MAX",
        "any bet or raise-to total from MIN to MAX (NL: MAX is all-in; PL: the pot limit or the"
        " stack); or call or fold (check when nothing is owed)",
    ),
    "exact": ("bet / raise to X", "fixed limit: the one total the limit allows; or call or fold"),
    "allin_only": (
        "all-in only (stack below the minimum)",
        "the stack is below a full raise: the only raise is all-in, to the total shown (the full"
        " minimum follows it); or call or fold",
    ),
    "not_reopened": (
        "no raise allowed (betting not reopened)",
        "the player already acted on the street and faces less than a full raise: call or fold",
    ),
    "capped": (
        "no raise allowed (cap reached)",
        "fixed limit: the street's bets are capped: call or fold",
    ),
    "call_or_fold": (
        "call or fold",
        "nothing is left to raise with (the call takes the whole stack: all-in)",
    ),
    "unknown": ("not judged", "the hand's betting structure is unknown (the log names no limit)"),
    "void": (
        "no action (…): ignored",
        "the actor could not act (already folded, already all-in, betting closed, or the site's"
        " filler line): the audit ignores the line, which changes nothing",
    ),
}

#: Why a void action could not count (audit's void_reason), as the Allowed cell says it.
VOID_WORDS: dict[str, str] = {
    "ACT-FOLDED": "no action (already folded): ignored",
    "ACT-ALLIN": "no action (already all-in): ignored",
    "ACT-CLOSED": "no action (betting closed, nobody owes): ignored",
    "filler": "no action (the site's filler line): ignored",
}

#: The state columns this reads (null when a table lacks them).
ALLOWED_INPUTS: tuple[str, ...] = (
    "to_call",
    "min_to",
    "max_to",
    "allin_to",
    "stack_before",
    "raise_allowed",
    "acted_before",
    "reopened",
    "void",
    "void_reason",
)


def _owed() -> pl.Expr:
    return pl.col("to_call").fill_null(0) > 0


def _highest() -> pl.Expr:
    """The highest total the actor can reach: max_to, never above all-in."""
    return pl.min_horizontal("max_to", "allin_to")


def allowed_kind() -> pl.Expr:
    """The case of the Allowed cell (a key of ALLOWED_LEGEND), null for non-betting rows."""
    allowed = pl.col("raise_allowed")
    not_reopened = pl.col("acted_before").fill_null(False) & ~pl.col("reopened").fill_null(True)
    covers_only_call = pl.col("stack_before") <= pl.col("to_call")
    return (
        pl.when(pl.col("void").fill_null(False))
        .then(pl.lit("void"))
        .when(allowed.is_null())
        .then(pl.lit("unknown"))
        .when(allowed & (_highest() < pl.col("min_to")))
        .then(pl.lit("allin_only"))
        .when(allowed & (pl.col("min_to") == pl.col("max_to")))
        .then(pl.lit("exact"))
        .when(allowed)
        .then(pl.lit("range"))
        .when(covers_only_call & _owed())
        .then(pl.lit("call_or_fold"))
        .when(not_reopened)
        .then(pl.lit("not_reopened"))
        .when(pl.col("structure") == "FL")
        .then(pl.lit("capped"))
        .otherwise(pl.lit("call_or_fold"))
    )


def _call_or_fold() -> pl.Expr:
    """ "call 3.11 or fold", or "check" when nothing is owed."""
    call = pl.lit("call ") + decimal_amount("to_call") + pl.lit(" or fold")
    return pl.when(_owed()).then(call).otherwise(pl.lit("check"))


def _verb() -> pl.Expr:
    """ "bet" when nobody has bet on the street (nothing to call, no current bet), else "raise"."""
    no_bet = ~_owed() & (pl.col("current_bet").fill_null(0) == 0)
    return pl.when(no_bet).then(pl.lit("bet")).otherwise(pl.lit("raise"))


def allowed_text() -> pl.Expr:
    """The Allowed cell in words, with its numbers (decimals in the hand's unit)."""
    low, high = decimal_amount("min_to"), decimal_amount(_highest())
    kind = allowed_kind()
    calling = pl.lit("; or ") + _call_or_fold()
    reason = {
        "not_reopened": "no raise allowed (betting not reopened): ",
        "capped": "no raise allowed (cap reached): ",
    }
    void = pl.col("void_reason").replace_strict(
        VOID_WORDS, default="no action: ignored", return_dtype=pl.String
    )
    text: Then | ChainedThen = pl.when(kind == "void").then(void)
    text = text.when(kind == "unknown").then(pl.lit("not judged (structure unknown)"))
    text = text.when(kind == "range").then(
        pl.concat_str([_verb(), pl.lit(" to "), low, pl.lit(" – "), high, calling])
    )
    text = text.when(kind == "exact").then(pl.concat_str([_verb(), pl.lit(" to "), low, calling]))
    allin_only = [pl.lit("all-in only (stack below the minimum): to "), high]
    full_raise = [pl.lit(" (a full raise: to "), low, pl.lit(")"), calling]
    text = text.when(kind == "allin_only").then(pl.concat_str([*allin_only, *full_raise]))
    for case, words in reason.items():
        text = text.when(kind == case).then(pl.lit(words) + _call_or_fold())
    return text.when(kind == "call_or_fold").then(_call_only()).otherwise(pl.lit(None))


def _call_only() -> pl.Expr:
    """ "call or fold: call 5.00 (all-in)" when the call takes the stack (else no "(all-in)")."""
    all_in = pl.col("stack_before") <= pl.col("to_call")
    cost = decimal_amount(pl.min_horizontal("stack_before", "to_call"))
    note = pl.when(all_in).then(pl.lit(" (all-in)")).otherwise(pl.lit(""))
    return pl.concat_str([pl.lit("call or fold: call "), cost, note])


def with_allowed_inputs(frame: pl.LazyFrame) -> pl.LazyFrame:
    """`frame` with every column allowed_text reads (null where an older table lacks one)."""
    present = frame.collect_schema().names()
    booleans = {"raise_allowed", "acted_before", "reopened", "void"}
    texts = {"void_reason"}
    missing = [
        pl.lit(None, dtype=_input_type(name, booleans, texts)).alias(name)
        for name in (*ALLOWED_INPUTS, "current_bet")
        if name not in present
    ]
    return frame.with_columns(missing) if missing else frame


def _input_type(name: str, booleans: set[str], texts: set[str]) -> type[pl.DataType]:
    if name in booleans:
        return pl.Boolean
    return pl.String if name in texts else pl.Int64
