"""The across-hands rules (RULES.md §12, audit/sessions): each rule's docstring examples and the
session vectors (tests/audit/session_vectors.json), audited through audit_sessions."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from audit import Options
from audit.rules import ACROSS_HANDS, RULES
from audit.sessions import audit_sessions
from audit.sessions.columns import FRAME_COLUMNS
from audit.sessions.flags import SessionInputs, session_frames
from audit.sessions.group import SEAT_COLUMNS
from audit.testing import example_sections, parse_session

VECTORS = json.loads((Path(__file__).parent / "session_vectors.json").read_text())["vectors"]


def _audit(text: str, options: Options | None = None, extra: str | None = None):
    frames, marked = parse_session(text)
    if extra:
        more, more_marked = parse_session(extra)
        offset = frames["hands"].height
        frames = {
            name: pl.concat([frame, more[name].with_columns(pl.col("hand_key") + offset)])
            if isinstance(frame, pl.DataFrame) and "hand_key" in frame.columns
            else frame
            for name, frame in frames.items()
        }
        marked += more_marked
    tables = (frames[name].lazy() for name in ("hands", "seats", "actions", "quarantine"))
    return audit_sessions(*tables, default=options, schedules=frames["schedules"]), marked


@pytest.mark.parametrize("code", ACROSS_HANDS)
def test_violating_example_is_flagged_on_the_marked_hand(code: str) -> None:
    result, marked = _audit(example_sections(RULES[code].doc)["Violating"])
    flagged = result.violations.filter(pl.col("code") == code)
    assert marked and flagged.get_column("hand_id").to_list() == marked, flagged


@pytest.mark.parametrize("code", ACROSS_HANDS)
def test_legal_example_is_clean(code: str) -> None:
    result, _ = _audit(example_sections(RULES[code].doc)["Legal"])
    assert result.violations.filter(pl.col("code") == code).is_empty(), result.violations


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_session_vector(vector: dict) -> None:
    options = Options().replace(**vector.get("options", {}))
    result, marked = _audit(vector["session"], options, vector.get("extra"))
    found = result.violations.select("hand_id", "code", pl.col("severity").cast(pl.String))
    expected = [
        (hand, flag["code"], flag["severity"]) for flag in vector["expect"] for hand in marked
    ]
    assert sorted(found.rows()) == sorted(expected)


def test_sessions_are_numbered_by_table_then_time() -> None:
    result, _ = _audit(VECTORS[3]["session"], extra=VECTORS[3]["extra"])
    sessions = result.sessions.sort("hand_key")
    assert sessions.get_column("session_id").to_list() == [1, 1, 2]
    assert sessions.get_column("session_seq").to_list() == [1, 2, 1]


def test_session_rules_have_their_category() -> None:
    categories = {code: RULES[code].category for code in ACROSS_HANDS}
    assert categories == {
        code: "rake" if code.startswith("RAKE-") else "session" for code in ACROSS_HANDS
    }
    assert all(RULES[code].session_frame for code in ACROSS_HANDS)


def test_every_declared_frame_column_is_built() -> None:
    """audit/sessions/columns.py FRAME_COLUMNS against the frames audit_sessions builds."""
    vector = next(v for v in VECTORS if "RAKE-CAP" in str(v["expect"]))
    frames, _ = parse_session(vector["session"])
    inputs = SessionInputs(
        *(frames[name].lazy() for name in ("hands", "seats", "actions", "quarantine")),
        schedules=frames["schedules"],
    )
    _, built = session_frames(inputs)
    missing = {
        name: sorted(set(columns) - set(built[name].columns))
        for name, columns in FRAME_COLUMNS.items()
    }
    assert missing == {name: [] for name in FRAME_COLUMNS}


@pytest.mark.parametrize("code", ACROSS_HANDS)
def test_one_rule_selected_builds_its_frames_and_finds_the_same_flags(code: str) -> None:
    """With one rule selected the step builds only the frames it reads (the rotation's pairs
    read the carries; the rake and previous-hand frames are always built, run.json counts
    their rake and pool hands), and the rule finds what it finds with every rule on."""
    frames, _ = parse_session(example_sections(RULES[code].doc)["Violating"])
    tables = [frames[name].lazy() for name in ("hands", "seats", "actions", "quarantine")]
    inputs = SessionInputs(*tables, schedules=frames["schedules"])
    needed = {RULES[code].session_frame}
    _, built = session_frames(inputs, needed)
    expected = {*needed, "rake", "previous"} | ({"carries"} if needed == {"pairs"} else set())
    assert set(built) == expected
    alone = audit_sessions(*tables, codes=[code], schedules=frames["schedules"]).violations
    every = audit_sessions(*tables, schedules=frames["schedules"]).violations
    assert not alone.is_empty()
    assert alone.equals(every.filter(pl.col("code") == code))


@pytest.mark.parametrize("code", sorted(ACROSS_HANDS))
def test_the_declared_seat_columns_are_all_the_rules_read(code: str) -> None:
    """The run reads only SEAT_COLUMNS of seats.parquet (hhaudit/run/sessions.py): each rule's
    violating example, its seats cut to them, gives the flags of its whole seats (a rule that
    reads an undeclared column fails here, not in a user's run)."""
    frames, _ = parse_session(example_sections(RULES[code].doc)["Violating"])
    hands, seats, actions, quarantine = (
        frames[name].lazy() for name in ("hands", "seats", "actions", "quarantine")
    )
    narrow = seats.select(SEAT_COLUMNS)
    cut = audit_sessions(hands, narrow, actions, quarantine, schedules=frames["schedules"])
    whole = audit_sessions(hands, seats, actions, quarantine, schedules=frames["schedules"])
    assert not cut.violations.is_empty()
    assert cut.violations.equals(whole.violations)
    assert set(SEAT_COLUMNS) < set(frames["seats"].columns)


def test_a_mixed_rotation_is_one_table_session_across_games() -> None:
    """RULES.md §13.5: each hand's game is its own header's; one table, one session."""
    vector = next(v for v in VECTORS if v["name"].startswith("mixed rotation: stud hands"))
    result, _ = _audit(vector["session"])
    sessions = result.sessions.sort("hand_key")
    assert sessions.get_column("session_id").to_list() == [1, 1, 1, 1]
    assert sessions.get_column("session_seq").to_list() == [1, 2, 3, 4]
    frames, _ = parse_session(vector["session"])
    assert frames["hands"].get_column("game").to_list() == ["holdem", "stud", "stud", "holdem"]
