"""Progress and verbosity of `hhaudit run`: the bar inside big files, its clean last line (in a
pseudo-terminal), -v's per-file counts and plurals, -vv's stage timings."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from click.testing import CliRunner
from run_fixtures import TRUNCATED_HAND, stars_file

from hhaudit.cli import main
from hhaudit.cli.console import (
    file_line,
    later_quarantine_lines,
    plural,
    summary_lines,
    time_left,
    timing_lines,
)
from hhaudit.run.batch import FileEntry

REPO = Path(__file__).resolve().parents[2]
BAR_STATE = re.compile(r"(auditing|writing outputs|audited): +(\d+)%\|.*?\| ([\d,]+)/")


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 1.8 MB file of 3,000 hands: more than one chunk at --chunk-mb 1."""
    folder = tmp_path_factory.mktemp("big")
    (folder / "big.txt").write_text(stars_file(100_000, 3000, undersized_every=500))
    return folder / "big.txt"


def _states(stderr: str) -> list[tuple[str, int, str]]:
    return [(m[1], int(m[2]), m[3]) for m in BAR_STATE.finditer(stderr.replace("\r", "\n"))]


def test_the_bar_advances_inside_a_big_file(big: Path, tmp_path: Path) -> None:
    args = ["run", str(big), "--out", str(tmp_path / "o"), "--chunk-mb", "1", "--workers", "1"]
    result = CliRunner().invoke(main, [*args, "--progress"])
    assert result.exit_code == 1, result.output
    states = _states(result.stderr)
    inside = [s for s in states if 0 < s[1] < 100]
    assert inside, states  # some bytes done before the file is
    assert all(s[0] == "auditing" for s in inside)
    assert re.search(r"0/1 files, [1-9][\d,]* hands", result.stderr)  # hands of a chunk
    assert states[-1][:2] == ("audited", 100)
    assert "1/1 files, 3,000 hands" in result.stderr


def test_a_pty_run_ends_on_a_clean_bar_line(big: Path, tmp_path: Path) -> None:
    """In an 80-column pseudo-terminal (stderr a tty, so the bar is on without --progress):
    every state of the bar fits the line, the last one is one whole line, then the summary;
    nothing is torn. (Checked in tmux by hand as well, see the issue note.)"""
    out = tmp_path / "o"
    command = [sys.executable, "-m", "hhaudit", "run", str(big), "--out", str(out),
               "--chunk-mb", "1", "--workers", "1"]  # fmt: skip
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("COLUMNS", None)
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, env=env, cwd=REPO
    )
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 300)
        if not ready:
            process.kill()
            pytest.fail("no output for 300 s")
        try:
            data = os.read(leader, 1 << 16)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    assert process.wait(timeout=60) == 1
    os.close(leader)
    screen = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    lines = [line.split("\r")[-1] for line in screen.split("\n")]  # what stays on each line
    states = [s for s in screen.replace("\n", "\r").split("\r") if BAR_STATE.match(s)]
    assert len(states) > 3 and all(len(state) <= 80 for state in states), states
    whole = re.compile(r"\| [\d,]+/1 files, [\d,]+ hands \[[\d:]+(, [\d:]+ left)?\]$")
    assert all(whole.search(state) for state in states), states  # never cut to fit
    bar = next(i for i, line in enumerate(lines) if line.startswith("audited: 100%"))
    assert re.search(r"\| 1/1 files, 3,000 hands \[\d\d:\d\d\]$", lines[bar]), lines[bar]
    assert lines[bar + 1].startswith("hhaudit: 1 file, 3,000 hands read (3,000 audited")
    assert "auditing" not in "".join(lines[bar:])  # no earlier state left after the last one


def test_verbose_lines_count_and_pluralize(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_file(100, 1, undersized_every=1))
    (folder / "b.txt").write_text(stars_file(200, 2) + TRUNCATED_HAND)
    (folder / "c.txt").write_text(stars_file(200, 2))  # b's two hands again
    args = ["run", str(folder), "--out", str(tmp_path / "o"), "--workers", "1"]
    result = CliRunner().invoke(main, [*args, "-v"])
    err = result.stderr
    assert f"{folder / 'a.txt'}: audited, 1 hand, 1 violation\n" in err
    assert f"{folder / 'b.txt'}: audited, 3 hands (1 quarantined), no flags\n" in err
    assert f"{folder / 'c.txt'}: 2 hands quarantined as later copies of hands read before" in err
    assert "hhaudit: 3 files, 6 hands read (3 audited, 3 quarantined); 1 violation, 0 warnings, " \
           "0 info flags" in err  # fmt: skip
    assert "hhaudit: quarantine.csv: 2 duplicate, 1 truncated" in err
    assert "hhaudit: time:" not in err
    timed = CliRunner().invoke(main, [*args[:3], str(tmp_path / "o2"), *args[4:], "-vv"])
    assert re.search(
        r"hhaudit: time: .*audit units \d+\.\d\d s.*reports \d+\.\d\d s; wall", timed.stderr
    )
    assert re.search(r"summed over them\): parse \d+\.\d\d s, check", timed.stderr)


def test_the_wording_functions() -> None:
    assert [plural(n, "hand") for n in (0, 1, 2, 1500)] == [
        "0 hands",
        "1 hand",
        "2 hands",
        "1,500 hands",
    ]
    entry = FileEntry(path="x.txt", sha256="", size=1, hands_read=3, hands_audited=2,
                      hands_quarantined=1, flags=3, violations=1)  # fmt: skip
    assert (
        file_line(entry, reused=True)
        == "x.txt: resumed, 3 hands (1 quarantined), 3 flags (1 violation)"
    )
    said = {"x.txt": 1}
    files = [{"path": "x.txt", "hands_audited": 0, "hands_quarantined": 3}]
    assert later_quarantine_lines(said, files) == [
        "x.txt: 2 hands quarantined as later copies of hands read before (0 audited in the end)"
    ]
    assert later_quarantine_lines({"x.txt": 3}, files) == []
    totals = {"files": 1, "hands_read": 1, "hands_audited": 1, "hands_quarantined": 0,
              "violations": 2, "warnings": 1, "infos": 1, "consequences": 1,
              "files_with_errors": 0}  # fmt: skip
    first = summary_lines({"totals": totals}, "r.html")[0]
    assert first.startswith("hhaudit: 1 file, 1 hand read (1 audited, 0 quarantined); ")
    assert first.endswith("2 violations, 1 warning, 1 info flag (root causes; 1 more flag "
                          "follows from them)")  # fmt: skip
    lines = timing_lines({"parse": 1.0}, {"parse": 3.5, "combine": 0.25, "totals": 0.001}, 4.0)
    assert lines == ["hhaudit: time: combine 0.25 s; wall 4.00 s",
                     "hhaudit: time in the workers (summed over them): parse 2.50 s"]  # fmt: skip


def test_no_estimate_of_the_time_left_before_a_rate_means_something() -> None:
    """The first parts come in after the workers start: a rate read then promised minutes for a
    run of seconds. No estimate before 10 s and a tenth of the bytes; then the average rate."""
    assert time_left(1, 100, 2.0) == ""  # a seconds-long run never shows one
    assert time_left(5, 100, 60.0) == ""  # 5 % done: a guess
    assert time_left(50, 100, 20.0) == ", 00:20 left"
    assert time_left(25, 100, 30.0) == ", 01:30 left"
    assert time_left(100, 100, 30.0) == "" and time_left(0, 100, 30.0) == ""
    assert time_left(10, None, 30.0) == ""
