"""A run counts root causes: flag ids survive the renumbering of hands, consequences stay in
the outputs linked to their cause, totals / summary.csv / the exit status count the roots."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner

from audit.testing import hand, pokerstars, renamed, site_hand
from hhaudit.cli import main
from hhaudit.cli.exit_policy import run_exit_status
from hhaudit.run.batch import FileEntry
from hhaudit.run.runner import run_totals

#: The reported pot ($200) is wrong; the winner collected what the actions put in minus the rake
#: ($184.51 + $3.99 = $188.50): POT-TOTAL, and CHIP-CONSERVATION that follows from it.
WRONG_POT = pokerstars(
    site_hand(
        renamed(
            hand(
                """NL 50/100; stacks P1=13400 P2=10300 P4@4=18500 P5@5=2600 P6@6=12500; button P5
                posts: P6 sb 50, P1 bb 100
                preflop: P2 fold, P4 call, P5 call, P6 fold, P1 check
                flop: P1 check, P4 bet 2250, P5 fold, P1 raise 9250, P4 call
                turn: P1 check, P4 check
                river: P1 bet 4050 allin, P4 fold
                board: Kh Ac 6c Js 2h
                settle: return P1 4050; collect P1 18451; pot 20000; rake 399""",
                currency="USD",
                table="Causes I",
            ),
            {"P1": "UTGuy", "P2": "nina-r", "P4": "LuckyLou", "P5": "riverRat", "P6": "ivy.league"},
        ),
        203600000000,
    )
)


def _run(tmp_path: Path, *extra: str) -> tuple[int, Path]:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for number, name in enumerate(("a.txt", "b.txt")):
        (inputs / name).write_text(WRONG_POT.replace("203600000000", f"20360000000{number}"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "-q", *extra])
    return result.exit_code, out


def test_flag_ids_name_the_hand_uid_and_link_inside_the_hand(tmp_path: Path) -> None:
    code, out = _run(tmp_path)
    assert code == 1  # POT-TOTAL is a root violation
    flags = pl.read_parquet(out / "violations.parquet").sort("hand_key", "code")
    assert flags["code"].to_list() == ["CHIP-CONSERVATION", "POT-TOTAL"] * 2
    assert flags["hand_key"].n_unique() == 2 and flags["hand_key"].min() == 0
    key = flags["hand_uid"]  # stable across runs, unlike hand_key (hhaudit/run/identity.py)
    assert key.n_unique() == 2 and key.str.contains("^[0-9a-f]{32}$").all()
    assert (flags["flag_id"] == key + ":h:" + flags["code"]).all()
    causes = [f"{key[0]}:h:POT-TOTAL", None, f"{key[2]}:h:POT-TOTAL", None]
    assert flags["caused_by"].to_list() == causes
    assert set(flags["category"]) == {"accounting"}


def test_totals_summary_and_csv_count_root_causes(tmp_path: Path) -> None:
    _, out = _run(tmp_path, "--exit-zero")
    totals = json.loads((out / "run.json").read_text())["totals"]
    assert (totals["flags"], totals["consequences"], totals["flags_total"]) == (2, 2, 4)
    assert totals["violations"] == 2 and totals["by_code"] == {"POT-TOTAL": 2}
    assert totals["by_category"] == {
        "betting": 0,
        "accounting": 2,
        "log": 0,
        "cards": 0,
        "showdown": 0,
        "session": 0,
        "rake": 0,
    }
    files = json.loads((out / "run.json").read_text())["files"]
    assert [entry["flags"] for entry in files] == [1, 1]
    with open(out / "summary.csv", newline="") as handle:
        rows = {(r["dimension"], r["key"]): r for r in csv.DictReader(handle)}
    assert rows[("code", "CHIP-CONSERVATION")]["flags"] == "0"
    assert rows[("code", "CHIP-CONSERVATION")]["consequences"] == "2"
    assert rows[("category", "accounting")]["violation"] == "2"
    with open(out / "violations.csv", newline="") as handle:
        linked = [r for r in csv.DictReader(handle) if r["caused_by"]]
    assert [r["code"] for r in linked] == ["CHIP-CONSERVATION"] * 2
    assert "follows from POT-TOTAL" in (out / "report.html").read_text()


def test_a_consequence_alone_does_not_fail_the_run() -> None:
    flags = pl.DataFrame(
        {
            "hand_key": [0, 0],
            "code": ["LABEL", "POT-TOTAL"],
            "category": ["log", "accounting"],
            "severity": ["warning", "violation"],
            "caused_by": [None, "0:3:LABEL"],
        }
    )
    hand = FileEntry(path="a.txt", sha256="0" * 64, size=1, hands_read=1, hands_audited=1)
    totals = run_totals([hand], flags.lazy())  # one hand audited (none: exit 1 at any level)
    assert (totals["violations"], totals["warnings"], totals["consequences"]) == (0, 1, 1)
    assert run_exit_status(totals, "violation") == 0  # the violation is a consequence
    assert run_exit_status(totals, "warning") == 1  # the root-cause warning
    assert run_exit_status({**totals, "violations": 1}, "violation") == 1
