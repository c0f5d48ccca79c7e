"""The Rule record every rule module defines, and the expression helpers rules share.

A rule module (audit/rules/<code>.py) holds the rule's whole logic: its docstring (what it
checks, a violating and a legal example, both audited by tests/audit/test_audit_rules.py) and
one `RULE = Rule(...)`. The rule reads the betting state (audit/state/columns.py, STATE) and
the canonical columns (parsers/schema.py) and never recomputes them; `reads` lists those
columns and tests/audit/test_state_registry.py checks the list against the expressions.

`violates` is true on violating rows (null counts as no violation); `message` is a sentence a
person understands, amounts in the hand's unit. Both are row-wise (no window or aggregate): the
checker evaluates an action rule's message, and its test a second time, on the flagged rows
only (audit/assemble.py, flagged_rows). What needs a window (over the hand or the street) goes
in `computes`: columns the rule adds to the whole state before its test runs, named by the rule
and read only by it (and by audit/causes.py's links). docs/rules.md, "Write a rule", walks
through one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import polars as pl

from audit.text import money, sentence, street_name
from audit.violations import SEVERITIES

NL_PL = ("NL", "PL", "CAP")
KNOWN = ("NL", "PL", "FL", "CAP")
#: What a flag says went wrong: `betting` the game let an illegal action through, `accounting`
#: the chips do not add up, `log` the export contradicts itself (header, markers, labels),
#: `cards` the known cards are not one deck's (RULES.md §11 C-1..C-3), `showdown` a pot paid to
#: the wrong hand or the wrong amount (C-4..C-6), `session` the hands of one table do not follow
#: each other (stacks, blinds, order: RULES.md §12 T-), `rake` the house took more than its
#: schedule allows (RULES.md §12 R-).
CATEGORIES = ("betting", "accounting", "log", "cards", "showdown", "session", "rake")


@dataclass(frozen=True)
class Rule:
    """One RULES.md code (or an hhaudit extension, audit/rules/__init__.py EXTENSIONS)."""

    code: str  # RULES.md's code, e.g. RAISE-MIN; the module is raise_min.py
    name: str  # family.what, e.g. raise.below-minimum: a readable handle for selection
    category: str  # one of CATEGORIES
    severity: str  # RULES.md's severity, one of SEVERITIES
    structures: tuple[str, ...] | None  # betting structures it applies to; None: all, UNKNOWN too
    citation: str  # RULES.md section and the rule books it rests on
    summary: str  # one line
    reads: tuple[str, ...]  # the state and canonical columns violates/message/computes read
    violates: pl.Expr
    message: pl.Expr
    #: audit.options.Options fields that change what the rule flags (read by the rule itself
    #: as `opt_<field>` columns, or through the state it reads), severity_option included
    options: tuple[str, ...] = ()
    #: columns the rule adds to the whole state before its test (windows allowed), in order: a
    #: column may read the rule's earlier ones (assemble.computed_steps)
    computes: Mapping[str, pl.Expr] = field(default_factory=dict)
    #: the rows the `computes` columns can be non-null on (row-wise, no window): they are then
    #: computed on those rows alone, null elsewhere (audit/assemble.py, with_rule_columns).
    #: Exact only when every window of `computes` reads nothing but those rows.
    computes_on: pl.Expr | None = None
    severity_option: str | None = None  # an Options field that overrides the severity
    hand_level: bool = False  # evaluated on the per-hand settlement frame (SETTLEMENT)
    #: Evaluated across hands, after the units, on a frame of audit/sessions (its name, its
    #: columns in audit/sessions/columns.py FRAME_COLUMNS); None: a rule of the unit's audit.
    session_frame: str | None = None
    #: A row-wise severity replacing `severity` (STACK-CARRY: violation or info per row).
    severity_expr: pl.Expr | None = None
    doc: str = ""  # the module docstring (filled in by the registry, audit/rules/__init__.py)

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.code}: category {self.category!r} is not one of {CATEGORIES}")
        if self.severity not in SEVERITIES:
            raise ValueError(f"{self.code}: severity {self.severity!r} is not one of {SEVERITIES}")
        if self.severity_option and self.severity_option not in self.options:
            raise ValueError(f"{self.code}: severity_option must be one of its options")


def col(name: str) -> pl.Expr:
    return pl.col(name)


#: A real betting action that is evaluated (not void, not a sentinel).
ACTING = col("is_betting") & ~col("void") & ~col("is_sentinel") & ~col("site_kill")
WAGER = ACTING & col("is_wager")
#: The columns ACTING and WAGER read, for a rule's `reads`; MONEY: what money() reads.
ACTING_READS = ("is_betting", "is_sentinel", "site_kill", "void")
WAGER_READS = (*ACTING_READS, "is_wager")
MONEY_READS = ("scale",)
UNDER_MIN_READS = (
    *WAGER_READS,
    "allin_to",
    "committed_after",
    "min_to",
    "stack_unknown",
    "to_amount",
)
#: The actor's starting stack is known (audit/state/unknown_stack.py: rules that need it skip
#: the rest).
KNOWN_STACK = ~col("stack_unknown")
TO = col("to_amount")
#: A wager below min_to that does not put the player all-in (NL-BET-MIN, RAISE-MIN).
UNDER_MIN = WAGER & KNOWN_STACK & (col("min_to") > TO) & (col("committed_after") < col("allin_to"))
#: The row's action kind as text, for messages.
KIND = col("kind").cast(pl.String)

__all__ = [
    "ACTING",
    "ACTING_READS",
    "CATEGORIES",
    "KIND",
    "KNOWN",
    "KNOWN_STACK",
    "MONEY_READS",
    "NL_PL",
    "SEVERITIES",
    "TO",
    "UNDER_MIN",
    "UNDER_MIN_READS",
    "WAGER",
    "WAGER_READS",
    "Rule",
    "col",
    "money",
    "sentence",
    "street_name",
]
