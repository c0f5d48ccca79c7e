"""audit/state/columns.py against the frames the checker really builds: every column of the
state frame is canonical (parsers/schema.py) or declared in STATE with its type, every declared
column is built, and the per-hand settlement frame is the hands table plus SETTLEMENT."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from conftest import SAMPLE_DATA

import audit.engine
from audit.engine import slice_frames, typed_tables
from audit.options import Options
from audit.rules import RULES
from audit.state import SETTLEMENT, STATE, declared
from audit.testing import parse_example, tables_from_vector
from parsers import parse_paths
from parsers.schema import POLARS_SCHEMAS

CANONICAL = {**POLARS_SCHEMAS["actions"], **POLARS_SCHEMAS["hands"]}
OPTION_TYPES = {bool: pl.Boolean, int: pl.Int64, float: pl.Float64, str: pl.String}
#: Added by audit/assemble.py to the flagged rows only, not to the state frame.
ASSEMBLED = {name for name, column in STATE.items() if column.module == "assemble"}


@pytest.fixture(scope="module")
def frames() -> tuple[pl.Schema, pl.Schema]:
    """The state frame's and the settlement frame's schemas on sample_data and one FL hand."""
    vector, _ = parse_example(
        "FL 10/20 bets 20/40; stacks 1000 x3; button P3\npreflop: P3 raise 40"
    )
    parsed = parse_paths([SAMPLE_DATA])
    rules = [rule for rule in RULES.values() if rule.session_frame is None]
    found = [
        slice_frames(*typed_tables(*tables), Options(), None, rules)
        for tables in ((parsed.hands, parsed.seats, parsed.actions), tables_from_vector(vector))
    ]
    state = {name: dtype for f in found for name, dtype in f.state.schema.items()}
    hand = {name: dtype for f in found for name, dtype in f.per_hand.schema.items()}
    return pl.Schema(state), pl.Schema(hand)


def _computed_by_rules() -> set[str]:
    from audit.rules import RULES

    return {name for rule in RULES.values() for name in rule.computes}


def test_every_state_column_is_canonical_or_declared_with_its_type(frames) -> None:  # type: ignore[no-untyped-def]
    state, _ = frames
    undeclared, mistyped = [], []
    for name, dtype in state.items():
        if name in CANONICAL or name in _computed_by_rules():
            continue
        column = declared(name)
        if column is None:
            undeclared.append(name)
        elif name.startswith("opt_") and name not in STATE:
            expected = OPTION_TYPES[type(getattr(Options(), name.removeprefix("opt_")))]
            if dtype != expected:
                mistyped.append((name, dtype, expected))
        elif dtype != column.dtype:
            mistyped.append((name, dtype, column.dtype))
    assert undeclared == []
    assert mistyped == []


def test_every_declared_column_is_built(frames) -> None:  # type: ignore[no-untyped-def]
    state, _ = frames
    patterns = {name for name in STATE if "<" in name}
    missing = set(STATE) - set(state) - patterns - ASSEMBLED
    assert missing == set()
    assert any(name.startswith("stack_") and name[6:].isdigit() for name in state)
    assert {f"opt_{name}" for name in Options().to_dict()} <= set(state)


def test_the_settlement_frame_is_the_hands_table_plus_settlement(frames) -> None:  # type: ignore[no-untyped-def]
    _, hand = frames
    assert set(hand) == set(POLARS_SCHEMAS["hands"]) | set(SETTLEMENT)
    assert {name: hand[name] for name in SETTLEMENT} == {
        name: column.dtype for name, column in SETTLEMENT.items()
    }


def test_each_declared_module_exists() -> None:
    package = Path(audit.engine.__file__).parent
    for name, column in {**STATE, **SETTLEMENT}.items():
        path = package / f"{column.module}.py"
        if not path.exists():
            path = package / "state" / f"{column.module}.py"
        assert path.exists(), (name, column.module)
        assert column.meaning and column.clause, name
