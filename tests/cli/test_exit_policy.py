"""`--fail-on` and `--exit-zero`: the exit status across a matrix of inputs and levels.

Each input runs once through the CLI with its own --fail-on (the default where none is named);
the other levels are read from the same run's run.json through the function the CLI exits with
(run_exit_status), so the matrix is complete without 40 runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from run_fixtures import TRUNCATED_HAND, stars_file, stars_hand, stars_text

from hhaudit.cli import main
from hhaudit.cli.exit_policy import FAIL_ON, UNREADABLE_CODES, run_exit_status

HOLE = "*** HOLE CARDS ***\n"
LEVELS = ("violation", "warning", "info", "quarantine", "never")


#: The big blind folds where he could check (FOLD-NO-BET, info only).
FOLD_NO_BET = """\
NL 5/10; stacks 1000 x3; button P1
posts: P2 sb 5, P3 bb 10
preflop: P1 fold, P2 call, P3 fold
settle: collect P2 20; pot 20; rake 0
"""


ONGAME = "***** History for hand R5-75443872-61 *****\nStart hand: Mon Jan 1 2024\n"
SEVEN_ZIP = b"7z\xbc\xaf\x27\x1c\x00\x04" + bytes(24)

#: name -> (files, expected exit status per level in LEVELS order, the quarantine reason_codes)
MATRIX: dict[str, tuple[dict[str, str | bytes], tuple[int, ...], set[str]]] = {
    "clean": ({"a.txt": stars_file(1000, 2)}, (0, 0, 0, 0, 0), set()),
    "violation": ({"a.txt": stars_file(2000, 2, undersized_every=2)}, (1, 1, 1, 1, 0), set()),
    "warning only": (
        {"a.txt": stars_hand(3000).replace("raises $0.20 to $0.30", "bets $0.30")},  # LABEL
        (0, 1, 1, 1, 0),
        set(),
    ),
    "info only": ({"a.txt": stars_text(FOLD_NO_BET, 3500)}, (0, 0, 1, 1, 0), set()),
    "duplicate file": (
        {"a.txt": stars_file(4000, 2), "copy-of-a.txt": stars_file(4000, 2)},
        (0, 0, 0, 0, 0),
        {"duplicate"},
    ),
    "cancelled hand": (
        {"a.txt": stars_hand(5000).replace("*** HOLE CARDS ***\n", f"{HOLE}Hand cancelled\n")
                  + stars_hand(5001)},
        (0, 0, 0, 0, 0),
        {"cancelled"},
    ),
    # a run that audited nothing fails at every level but never (#29)
    "nothing audited": (
        {"a.txt": stars_hand(5100).replace("*** HOLE CARDS ***\n", f"{HOLE}Hand cancelled\n")},
        (1, 1, 1, 1, 0),
        {"cancelled"},
    ),
    "no parser for any hand": ({"a.txt": ONGAME}, (1, 1, 1, 1, 0), {"unsupported_format"}),
    "every input refused": (
        {"logs.7z": SEVEN_ZIP, "notes.txt": "no hand in here\n"},
        (1, 1, 1, 1, 0),
        {"unsupported_archive", "not_a_hand_history"},
    ),
    # a refused input is a warning: said on stderr, fails --fail-on warning and above
    "one input refused": (
        {"a.txt": stars_file(5200, 2), "logs.7z": SEVEN_ZIP},
        (0, 1, 1, 1, 0),
        {"unsupported_archive"},
    ),
    "truncated hand": (
        {"a.txt": stars_hand(6000) + TRUNCATED_HAND}, (0, 0, 0, 1, 0), {"truncated"}
    ),
    "unreadable line": (
        {"a.txt": stars_hand(7000) + stars_hand(7001).replace("Bob: folds", "Bob: flurbs $3")},
        (0, 0, 0, 1, 0),
        {"unreadable_line"},
    ),
}  # fmt: skip
#: The --fail-on each input runs with through the CLI (None: the default), chosen so that both
#: exit statuses and every level are exercised end to end.
CLI_LEVEL: dict[str, str | None] = {
    "clean": "quarantine",
    "violation": None,
    "warning only": "warning",
    "info only": "warning",
    "duplicate file": "quarantine",
    "cancelled hand": "quarantine",
    "nothing audited": "quarantine",
    "no parser for any hand": None,
    "every input refused": None,
    "one input refused": None,
    "truncated hand": "quarantine",
    "unreadable line": "info",
}


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stderr


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, dict]]:
    """Every input run once through the CLI: (exit status, run.json totals)."""
    done = {}
    for name, (files, _, _) in MATRIX.items():
        root = tmp_path_factory.mktemp(name.replace(" ", "-"))
        for file_name, text in files.items():
            if isinstance(text, bytes):
                (root / file_name).write_bytes(text)
            else:
                (root / file_name).write_text(text, encoding="utf-8")
        level = CLI_LEVEL[name]
        extra = ["--fail-on", level] if level else []
        out = root / "out"
        code, stderr = _invoke("run", str(root), "--out", str(out), "--workers", "1", *extra)
        totals = json.loads((out / "run.json").read_text("utf-8"))["totals"]
        done[name] = (code, totals)
        STDERR[name] = stderr
    return done


STDERR: dict[str, str] = {}


def test_levels_are_the_documented_ones() -> None:
    assert FAIL_ON == LEVELS
    assert {"truncated", "unreadable_line", "damaged"} <= set(UNREADABLE_CODES)
    assert not {"duplicate", "cancelled", "unsupported_game", "unsupported_format"} & set(
        UNREADABLE_CODES
    )


@pytest.mark.parametrize("name", MATRIX)
def test_the_inputs_are_what_their_name_says(name: str, runs: dict) -> None:
    _, totals = runs[name]
    assert set(totals["quarantine_by_code"]) == MATRIX[name][2]
    flags = (totals["violations"], totals["warnings"], totals["infos"])
    kind = {"violation": (1, 0, 0), "warning only": (0, 1, 0), "info only": (0, 0, 1)}
    assert flags == kind.get(name, (0, 0, 0)), totals["by_code"]


def test_refused_inputs_and_runs_that_audit_nothing_say_so(runs: dict) -> None:
    assert runs["one input refused"][1]["refused_by_code"] == {"unsupported_archive": 1}
    one = STDERR["one input refused"]
    assert "1 file refused (1 unsupported_archive)" in one
    assert "warning: 1 of 2 input files refused (1 unsupported_archive)" in one
    assert "no hand was audited" not in one
    every = STDERR["every input refused"]
    assert runs["every input refused"][1]["files_refused"] == 2
    assert "2 files refused (1 not_a_hand_history, 1 unsupported_archive)" in every
    assert "exit status 1 (--fail-on violation): no hand was audited (2 of 2 input" in every
    assert "no hand was audited" in STDERR["nothing audited"]


@pytest.mark.parametrize("name", MATRIX)
def test_exit_status_matrix(name: str, runs: dict) -> None:
    code, totals = runs[name]
    expected = dict(zip(LEVELS, MATRIX[name][1], strict=True))
    assert code == expected[CLI_LEVEL[name] or "violation"], (name, CLI_LEVEL[name])
    assert {level: run_exit_status(totals, level) for level in LEVELS} == expected


def test_exit_zero_is_fail_on_never(tmp_path: Path) -> None:
    source = tmp_path / "a.txt"
    source.write_text(stars_file(2000, 2, undersized_every=1))
    common = [str(source), "-q", "--workers", "1"]
    assert _invoke("run", *common, "--out", str(tmp_path / "a"), "--exit-zero")[0] == 0
    assert _invoke("run", *common, "--out", str(tmp_path / "b"), "--fail-on", "never")[0] == 0
    both = ("--exit-zero", "--fail-on", "never")
    assert _invoke("run", *common, "--out", str(tmp_path / "c"), *both)[0] == 0
    code, stderr = _invoke("run", *common, "--out", str(tmp_path / "d"), "--exit-zero",
                           "--fail-on", "warning")  # fmt: skip
    assert code == 2 and "--exit-zero is the same as --fail-on never" in stderr
    assert _invoke("run", *common, "--out", str(tmp_path / "e"), "--fail-on", "nope")[0] == 2


def test_help_documents_the_exit_table() -> None:
    for command in ("run", "check"):
        text = CliRunner().invoke(main, [command, "--help"]).output
        assert "--fail-on" in text and "130" in text and "Duplicates, cancelled" in text
