"""Where a run's memory peak is: every process's RSS sampled over time, placed in the run's stages.

`python -m bench.rss_trace [--interval 0.25] [--csv F] -- hhaudit run DIR -o OUT -q --exit-zero`
runs the command with HHAUDIT_TIMINGS set, samples VmRSS (and its anonymous and file-backed
shares) of the process and each descendant every `--interval` seconds (bench/rss.py walks the
tree), names each process by its role (driver, worker) and prints the tree peak, when
it happened, which stage of the driver was running then (the driver's timers laid end to end
from the process start: startup, digest and plan, audit units, combine, duplicates, sessions,
totals, reports) and the largest driver / workers / tree sums per stage. `--csv` keeps the
samples (seconds, pid, role, rss_kb, anon_kb, file_kb). docs/history/scale.md quotes its output.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.rss import PROC, _parents, descendants

#: The driver's stages in the order they run (hhaudit/run/runner.py); the rest of the timers
#: (parse, check, hand uids, write parts) are the workers' sums and overlap "audit units".
DRIVER_ORDER = ("startup", "digest and plan", "audit units", "combine", "duplicates",
                "sessions", "totals", "reports")  # fmt: skip
ROLES = (("hhaudit.engines.worker", "worker"),)
PARTS = ("tree", "driver", "workers")


@dataclass
class Sample:
    seconds: float
    pid: int
    role: str
    rss_kb: int
    anon_kb: int
    file_kb: int


@dataclass
class Trace:
    samples: list[Sample] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)


def _memory(pid: int) -> tuple[int, int, int] | None:
    """(VmRSS, RssAnon, RssFile) in kB, None once the process has ended."""
    values: dict[str, int] = {}
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                values[key] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        return None
    if "VmRSS" not in values:
        return None  # a zombie
    return values["VmRSS"], values.get("RssAnon", 0), values.get("RssFile", 0)


def _role(pid: int, root: int) -> str:
    if pid == root:
        return "driver"
    try:
        command = (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return "other"
    return next((role for mark, role in ROLES if mark in command), "other")


def trace(command: list[str], interval: float) -> Trace:
    """Run `command`, sampling its process tree until it exits."""
    found = Trace()
    roles: dict[int, str] = {}
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        timings = Path(handle.name)
    env = {**os.environ, "HHAUDIT_TIMINGS": str(timings)}
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env)
    while process.poll() is None:  # a loop over sampling moments
        now = time.perf_counter() - started
        for pid in descendants(process.pid, _parents()):
            memory = _memory(pid)
            if memory is not None:
                role = roles.setdefault(pid, _role(pid, process.pid))
                found.samples.append(Sample(now, pid, role, *memory))
        time.sleep(interval)
    if timings.stat().st_size:
        found.timings = json.loads(timings.read_text())
    timings.unlink()
    return found


def stage_bounds(timings: dict[str, float]) -> list[tuple[str, float, float]]:
    """(stage, start, end) seconds after the process start, the driver's timers end to end."""
    bounds, at = [], 0.0
    for stage in DRIVER_ORDER:
        spent = timings.get(stage, 0.0)
        bounds.append((stage, at, at + spent))
        at += spent
    return bounds


def _stage_at(seconds: float, bounds: list[tuple[str, float, float]]) -> str:
    return next((stage for stage, start, end in bounds if start <= seconds < end), "other")


def _by_moment(samples: list[Sample]) -> dict[float, list[Sample]]:
    moments: dict[float, list[Sample]] = {}
    for sample in samples:  # a loop over samples
        moments.setdefault(sample.seconds, []).append(sample)
    return moments


def _mb(alive: list[Sample], role: str | None = None) -> float:
    return sum(s.rss_kb for s in alive if role is None or s.role == role) / 1024


def summary(found: Trace) -> str:
    """The peaks: the tree's, its moment and stage, and per stage driver / workers / tree."""
    bounds = stage_bounds(found.timings)
    per_stage: dict[str, dict[str, float]] = {}
    peak: tuple[float, float, list[Sample]] = (0.0, 0.0, [])
    for seconds, alive in _by_moment(found.samples).items():  # a loop over moments
        row = per_stage.setdefault(_stage_at(seconds, bounds), dict.fromkeys(PARTS, 0.0))
        for part, role in zip(PARTS, (None, "driver", "worker"), strict=True):
            row[part] = max(row[part], _mb(alive, role))
        if _mb(alive) > peak[0]:
            peak = (_mb(alive), seconds, alive)
    tree, seconds, alive = peak
    lines = [f"tree peak {tree:,.0f} MB at {seconds:.1f} s ({_stage_at(seconds, bounds)})"]
    lines += [
        f"  {s.role:<7} pid {s.pid}: rss {s.rss_kb / 1024:,.0f} MB "
        f"(anon {s.anon_kb / 1024:,.0f}, file {s.file_kb / 1024:,.0f})"
        for s in alive
    ]
    lines.append(f"{'stage':<16}{'from s':>8}{'to s':>8}{'driver MB':>11}{'workers MB':>12}"
                 f"{'tree MB':>9}")  # fmt: skip
    for stage, start, end in [*bounds, ("other", 0.0, 0.0)]:
        row = per_stage.get(stage)
        if row:
            lines.append(f"{stage:<16}{start:>8.1f}{end:>8.1f}{row['driver']:>11,.0f}"
                         f"{row['workers']:>12,.0f}{row['tree']:>9,.0f}")  # fmt: skip
    return "\n".join(lines)


def write_csv(found: Trace, path: Path) -> None:
    rows = ["seconds,pid,role,rss_kb,anon_kb,file_kb"]
    rows += [
        f"{s.seconds:.2f},{s.pid},{s.role},{s.rss_kb},{s.anon_kb},{s.file_kb}"
        for s in found.samples  # a loop over samples
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=float, default=0.25)
    parser.add_argument("--csv", type=Path)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run")
    found = trace(command, args.interval)
    if args.csv:
        write_csv(found, args.csv)
    print(summary(found), file=sys.stderr)
    print(json.dumps({k: round(v, 2) for k, v in found.timings.items()}), file=sys.stderr)


if __name__ == "__main__":
    main()
