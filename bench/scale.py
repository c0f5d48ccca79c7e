"""Scale stages of `make bench`: the whole run with its time breakdown, one thread, Dask,
the report alone, and bigger corpora made from the generated one (docs/scale.md).

* `hhaudit run` (worker processes, as many as cores), `--workers 1` (the run's own process)
  and one Polars thread in one process give the speed-up of the workers.
* `hhaudit run` is run with HHAUDIT_TIMINGS set, so one process gives the whole-run figures
  and where its time went (digest and plan, parse, check, write parts, combine, reports).
* `--copies K` replicates the corpus K times (K x N hands without generating them; hand ids
  renumbered per copy so they are not duplicates); `--one-file` concatenates it into one big
  file (which the run must cut in chunks).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Rows derived from the run's own timers: (row name, timer names summed). Parse, check, write
#: parts and hand uids are summed over the worker processes (more than their wall time with
#: workers); "audit units" is their wall time in the driver.
BREAKDOWN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("  startup", ("startup",)),
    ("  digest + plan", ("digest and plan",)),
    ("  audit units", ("audit units",)),
    ("    parse", ("parse",)),
    ("    check", ("check",)),
    ("    write parts", ("write parts",)),
    ("    hand uids", ("hand uids",)),
    ("  combine", ("combine",)),
    ("  duplicates", ("duplicates",)),
    ("  sessions", ("sessions",)),
    ("  totals", ("totals",)),
    ("  reports", ("reports",)),
)
#: The driver's own stages: what they leave of the wall time is "other".
DRIVER_STAGES = ("startup", "digest and plan", "audit units", "combine", "duplicates", "sessions",
                 "totals", "reports")  # fmt: skip


@dataclass(frozen=True)
class RunVariant:
    """One way of running `hhaudit run` in the benchmark."""

    stage: str
    extra_args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    resume: bool = False  # report only: every part is reused from the previous run


VARIANTS: dict[str, RunVariant] = {
    "run": RunVariant("hhaudit run"),  # worker processes: as many as cores
    "worker1": RunVariant("run --workers 1", ("--workers", "1")),  # units in the run's process
    "run1": RunVariant("run, 1 thread", ("--workers", "1"), (("POLARS_MAX_THREADS", "1"),)),
    "report": RunVariant("run --resume", resume=True),
    "dask": RunVariant("run, dask 2x1", ("--engine", "dask", "--workers", "2")),
}


HEADER_ID = b"PokerStars Hand #20"  # every generated hand id starts with 20


def _renumbered_copy(source: Path, target: Path, copy: int) -> None:
    """`source` with every hand id's second digit set to `copy`: the same hands, new ids (the
    run would quarantine identical ids as duplicates). Line-aligned 8 MB blocks."""
    new_id = HEADER_ID[:-1] + str(copy).encode()
    tmp = target.with_suffix(".partial")
    with open(source, "rb") as src, open(tmp, "wb") as out:
        while block := src.read(8 << 20):  # a loop over blocks of bytes
            out.write((block + src.readline()).replace(HEADER_ID, new_id))
    tmp.rename(target)


def replicate(paths: list[Path], copies: int) -> list[Path]:
    """The corpus `copies` times over in a sibling folder (made once): copy 0 as hard links,
    the others with new hand ids (at most 9 copies)."""
    if copies <= 1:
        return paths
    if copies > 9:
        raise ValueError("--copies: at most 9")
    source = paths[0].parent
    folder = source.parent / f"{source.name}-x{copies}"
    folder.mkdir(exist_ok=True)
    names = []
    for k in range(copies):  # a loop over copies and files
        for path in paths:
            target = folder / f"copy{k}-{path.name}"
            if not target.exists():
                os.link(path, target) if k == 0 else _renumbered_copy(path, target, k)
            names.append(target)
    return names


def concatenated(paths: list[Path]) -> list[Path]:
    """The corpus as one file (made once), to show that one big file is cut in chunks."""
    source = paths[0].parent
    folder = source.parent / f"{source.name}-onefile"
    target = folder / "all-hands.txt"
    if not target.exists():
        folder.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, delete=False) as out:
            for path in paths:
                with open(path, "rb") as handle:
                    shutil.copyfileobj(handle, out, 8 << 20)
        Path(out.name).rename(target)
    return [target]


def run_command(hhaudit: Path, paths: list[Path], out: Path, variant: RunVariant) -> list[str]:
    """The corpus files are named (the folder also holds the DONE stamp and the truth file)."""
    command = [str(hhaudit), "run", *map(str, paths), "--out", str(out), "--exit-zero", "-q"]
    command.append("--keep-parts")  # the "run --resume" variant reuses them; parts_note counts
    return [*command, *(["--resume"] if variant.resume else []), *variant.extra_args]


def run_env(variant: RunVariant, timings: Path) -> dict[str, str]:
    return {**os.environ, "HHAUDIT_TIMINGS": str(timings), **dict(variant.env)}


def read_timings(path: Path) -> dict[str, float]:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}


def parts_note(out: Path) -> str:
    """How many parts the run wrote (more parts than files: big files were chunked)."""
    parts = out / ".parts"
    count = sum(1 for _ in parts.iterdir()) if parts.is_dir() else 0
    return f"{count} parts"


def breakdown_rows(timings: dict[str, float], wall: float) -> list[tuple[str, float]]:
    """(row name, seconds) for the stages the run timed (local engine only), and the rest."""
    rows = []
    for name, timers in BREAKDOWN:
        seconds = sum(timings.get(timer, 0.0) for timer in timers)
        if seconds:
            rows.append((name, seconds))
    if "audit units" in timings:
        other = wall - sum(timings.get(stage, 0.0) for stage in DRIVER_STAGES)
        rows.append(("  other", max(other, 0.0)))
    return rows


def speedup_lines(table: list[dict[str, Any]]) -> list[str]:
    """The whole run's speed-up over one process and over one Polars thread, when measured."""
    by_stage = {row["stage"]: row for row in table}
    many = by_stage.get("hhaudit run")
    if not many or not many["work_s"]:
        return []
    lines = []
    for stage, label in (("run --workers 1", "--workers 1"), ("run, 1 thread", "1 thread")):
        if one := by_stage.get(stage):
            lines.append(f"speed-up over {label}: {one['work_s'] / many['work_s']:.2f}x")
    return lines
