"""Small canonical tables for the report tests (tests/test_report_*.py): three hands written by
the test-hand builder (audit/testing), with a hand-set betting state and violations.

Player and table names are hostile on purpose: HTML/JS payloads and spreadsheet formulas.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import polars as pl

from audit import testing
from audit.causes import flag_id
from audit.rules import RULES
from audit.tables import AuditedTables
from audit.testing import hand, renamed
from audit.violations import VIOLATIONS_SCHEMA
from parsers import schema
from parsers.tables import HandTables

XSS_PLAYER = '<script>alert("pwn")</script>'
ATTR_PLAYER = "\"' onmouseover=alert(1) x='"
FORMULA_PLAYER = '=HYPERLINK("http://evil.example","click")'
TAB_PLAYER = "\tcmd"
XSS_TABLE = "<img src=x onerror=alert(2)>"


#: Each of the three hands: the blinds, a raise to 1.50 (below the minimum 2.00), a call.
HAND = """NL 50/100; stacks 10000 x3; button P1
posts: P1 sb 50, P2 bb 100
preflop: P3 raise 150, P1 call
"""
NAMES = {"P1": "Alice", "P2": XSS_PLAYER, "P3": FORMULA_PLAYER}
NOON = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)
ONE_DAY_LATER = timedelta(hours=21)  # 2024-06-02 09:00 UTC


def _vectors() -> list[dict[str, Any]]:
    """Hands 1001 (cash), 1002 (cash, a hostile table name), 1003 (a tournament's chips)."""
    common = dict(site="pokerstars", source_file="stars/day1.txt", max_seats=6, marks_all_in=True)
    return [
        renamed(hand(HAND, id=hand_id, **common | fields), NAMES)
        for hand_id, fields in (
            ("1001", {"currency": "USD", "table": "Alpha", "started_at": NOON}),
            ("1002", {"currency": "USD", "table": XSS_TABLE, "started_at": NOON}),
            ("1003", {"tournament": True, "table": "Alpha", "started_at": NOON + ONE_DAY_LATER}),
        )
    ]


def _built() -> HandTables[pl.DataFrame]:
    return testing.tables(*_vectors())


def hands() -> pl.DataFrame:
    return _built().hands.with_columns(
        line_no=(1 + 20 * (pl.col("hand_key") & 0xFFFF)).cast(pl.Int32)
    )


def seats() -> pl.DataFrame:
    return _built().seats


def actions() -> pl.DataFrame:
    frame = _built().actions.with_columns(
        line_no=(10 + pl.col("seq") + 20 * pl.col("hand_key")).cast(pl.Int32)
    )
    return frame.with_columns(to_call=pl.lit(100, dtype=pl.Int64)).join(
        _betting_state(), on=["hand_key", "seq"], how="left"
    )


#: The audit's state before the two betting actions of each hand (audit.STATE_COLUMNS):
#: seq 2 may raise to 2.00 - 100.00; at seq 3 hand 1001's Alice may raise to 2.50 - 100.00,
#: hand 1002's is short (stack 1.20 for a full raise to 2.50: all-in only, to 1.70) and hand
#: 1003's covers only the call (60 chips for 100 to call).
STATE_ROWS: tuple[tuple[int, int, int, int, int, int, bool, int], ...] = (
    # hand_key, seq, min_to, max_to, allin_to, stack_before, raise_allowed, pot_before
    (0, 2, 200, 10_000, 10_000, 10_000, True, 150),
    (0, 3, 250, 10_000, 10_000, 9_950, True, 300),
    (1, 2, 200, 10_000, 10_000, 10_000, True, 150),
    (1, 3, 250, 170, 170, 120, True, 300),
    (2, 2, 200, 10_000, 10_000, 10_000, True, 150),
    (2, 3, 250, 110, 110, 60, False, 300),
)


def _betting_state() -> pl.DataFrame:
    columns = ["hand_key", "seq", "min_to", "max_to", "allin_to", "stack_before",
               "raise_allowed", "pot_before"]  # fmt: skip
    state = pl.DataFrame(list(STATE_ROWS), schema=columns, orient="row")
    allowed = pl.col("raise_allowed")
    return state.with_columns(
        pl.col("hand_key").cast(pl.Int64),
        pl.col("seq").cast(pl.Int32),
        pl.when(allowed).then(pl.col("min_to")).alias("min_to"),
        pl.when(allowed).then(pl.col("max_to")).alias("max_to"),
        current_bet=pl.lit(100, dtype=pl.Int64),
        acted_before=pl.lit(False),
        reopened=pl.lit(True),
    )


def violations() -> pl.DataFrame:
    rows = [
        (
            0,
            "1001",
            12,
            "preflop",
            2,
            FORMULA_PLAYER,
            "raise",
            150,
            100,
            200,
            10_000,
            "RAISE-MIN",
            "violation",
            "raise to 1.50 is below the minimum 2.00",
        ),
        (
            1,
            "1002",
            32,
            "preflop",
            2,
            XSS_PLAYER,
            "raise",
            150,
            100,
            200,
            10_000,
            "RAISE-MIN",
            "violation",
            f"player {XSS_PLAYER} raised short",
        ),
        (
            1,
            "1002",
            33,
            "preflop",
            3,
            TAB_PLAYER,
            "call",
            100,
            50,
            None,
            None,
            "CALL-AMOUNT",
            "violation",
            "call moved the wrong amount",
        ),
        (
            2,
            "1003",
            41,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            "POT-TOTAL",
            "warning",
            "reported pot 300 differs from 250",
        ),
        (
            2,
            "1003",
            52,
            "preflop",
            2,
            FORMULA_PLAYER,
            "raise",
            150,
            100,
            200,
            10_000,
            "RAISE-MIN",
            "violation",
            "+1 short raise",
        ),
    ]
    columns = [
        "hand_key",
        "hand_id",
        "line_no",
        "street",
        "seq",
        "player",
        "action",
        "amount_to",
        "to_call",
        "min_to",
        "max_to",
        "code",
        "severity",
        "message",
    ]
    frame = pl.DataFrame(rows, schema=[(c, VIOLATIONS_SCHEMA[c]) for c in columns], orient="row")
    categories = {code: rule.category for code, rule in RULES.items()}
    return (
        frame.with_columns(
            site=pl.lit("pokerstars"),
            source_file=pl.lit("stars/day1.txt"),
            category=pl.col("code").replace_strict(categories),
            caused_by=pl.lit(None, dtype=pl.String),
        )
        .with_columns(flag_id())
        .select(list(VIOLATIONS_SCHEMA))
    )


def quarantine() -> pl.DataFrame:
    rows = [
        {
            "site": "pokerstars",
            "source_file": "stars/day1.txt",
            "line_no": 90,
            "hand_id": "1009",
            "reason": f"seat line names {XSS_PLAYER} twice",
        }
    ]
    return schema.conform(pl.DataFrame(rows), "quarantine")


def tables() -> AuditedTables[pl.LazyFrame]:
    """The fixture as the reports read a run's tables (no cards, pots or payouts)."""
    return AuditedTables(
        hands().lazy(),
        seats().lazy(),
        actions().lazy(),
        quarantine().lazy(),
        violations=violations().lazy(),
    )


def run_record(files: int = 1) -> dict[str, Any]:
    totals = {
        "files": files,
        "files_with_errors": 0,
        "hands_read": 4,
        "hands_audited": 3,
        "hands_quarantined": 1,
        "flags": 5,
        "violations": 4,
        "warnings": 1,
        "infos": 0,
        "hands_flagged": 3,
        "by_code": {"CALL-AMOUNT": 1, "POT-TOTAL": 1, "RAISE-MIN": 3},
    }
    entry = {
        "path": "stars/day1.txt",
        "sha256": "0" * 64,
        "size": 1234,
        "site": "pokerstars",
        "encoding": "utf-8",
        "hands_read": 4,
        "hands_audited": 3,
        "hands_quarantined": 1,
        "flags": 5,
        "violations": 4,
        "error": None,
    }
    return {
        "tool": {"name": "hhaudit", "version": "test"},
        "options": {"default": {}},
        "started_at": "2024-06-03T00:00:00+00:00",
        "finished_at": "2024-06-03T00:00:01+00:00",
        "files": [entry] * files,
        "totals": totals,
    }
