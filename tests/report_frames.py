"""Small canonical tables for the report tests (tests/test_report_*.py), built by hand.

Player and table names are hostile on purpose: HTML/JS payloads and spreadsheet formulas.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import polars as pl

from audit.causes import flag_id
from audit.rules import RULES
from audit.tables import AuditedTables
from audit.violations import VIOLATIONS_SCHEMA
from parsers import schema

XSS_PLAYER = '<script>alert("pwn")</script>'
ATTR_PLAYER = "\"' onmouseover=alert(1) x='"
FORMULA_PLAYER = '=HYPERLINK("http://evil.example","click")'
TAB_PLAYER = "\tcmd"
XSS_TABLE = "<img src=x onerror=alert(2)>"


def _hand(key: int, hand_id: str, **over: Any) -> dict[str, Any]:
    row = {
        "hand_key": key,
        "site": "pokerstars",
        "hand_id": hand_id,
        "source_file": "stars/day1.txt",
        "line_no": 1 + 20 * (key & 0xFFFF),
        "game": "holdem",
        "is_hilo": False,
        "structure": "NL",
        "is_tournament": False,
        "currency": "USD",
        "unit": "cents",
        "scale": 100,
        "small_blind": 50,
        "big_blind": 100,
        "small_bet": None,
        "big_bet": None,
        "ante": 0,
        "bb_ante": False,
        "straddles": 0,
        "cap": None,
        "table_name": "Alpha",
        "max_seats": 6,
        "button_seat": 1,
        "started_at": datetime(2024, 6, 1, 12, 0, tzinfo=UTC),
        "boards": 1,
        "total_pot": None,
        "rake": None,
    }
    return {**row, **over}


def hands() -> pl.DataFrame:
    rows = [
        _hand(0, "1001"),
        _hand(1, "1002", table_name=XSS_TABLE),
        _hand(
            2,
            "1003",
            is_tournament=True,
            currency="chips",
            unit="chips",
            scale=1,
            small_blind=50,
            big_blind=100,
            started_at=datetime(2024, 6, 2, 9, tzinfo=UTC),
        ),
    ]
    return pl.DataFrame(rows, schema=schema.POLARS_SCHEMAS["hands"])


def seats() -> pl.DataFrame:
    rows = [
        {
            "hand_key": k,
            "hand_id": h,
            "seat": s,
            "player": p,
            "stack": 10_000,
            "sitting_out": False,
            "final_stack": None,
        }
        for k, h in ((0, "1001"), (1, "1002"), (2, "1003"))
        for s, p in ((1, "Alice"), (2, XSS_PLAYER), (3, FORMULA_PLAYER))
    ]
    return pl.DataFrame(rows, schema=schema.POLARS_SCHEMAS["seats"])


def _action(key: int, seq: int, player: str, kind: str, amount: int, to: int | None) -> dict:
    return {
        "hand_key": key,
        "hand_id": str(1001 + key),
        "seq": seq,
        "street": 0,
        "player": player,
        "seat": 1,
        "kind": kind,
        "amount": amount,
        "to_amount": to,
        "is_all_in": False,
        "line_no": 10 + seq + 20 * key,
    }


def actions() -> pl.DataFrame:
    rows = [
        _action(k, seq, player, kind, amount, to)
        for k in (0, 1, 2)
        for seq, player, kind, amount, to in (
            (0, "Alice", "post_sb", 50, None),
            (1, XSS_PLAYER, "post_bb", 100, None),
            (2, FORMULA_PLAYER, "raise", 150, 150),
            (3, "Alice", "call", 100, None),
        )
    ]
    frame = pl.DataFrame(rows, schema=schema.POLARS_SCHEMAS["actions"])
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
