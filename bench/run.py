"""`make bench` / `python -m bench.run [--hands N]`: how fast is hhaudit, next to `wc -l`?

Generates N PokerStars NLHE cash hands once (bench/data/, reused on later runs), then times,
each in a fresh process: `wc -l`, parsing, checking, the whole `hhaudit run`, a plain
pure-Python regex parser (bench/baseline_parser.py) and PokerKit replaying a small sample.
Prints a table and writes bench/last_run.json. See docs/bench.md.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import click

from bench.rss import TreeRssSampler
from bench.scale import (
    VARIANTS,
    RunVariant,
    breakdown_rows,
    concatenated,
    parts_note,
    read_timings,
    replicate,
    run_command,
    run_env,
    speedup_lines,
)

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
PYTHON = sys.executable


@dataclass
class Measure:
    """One stage: wall time of its process, the time of the measured work, peak RSS."""

    stage: str
    wall_s: float
    work_s: float
    hands: int
    peak_rss_mb: float
    note: str = ""
    detail: dict[str, Any] | None = None
    tree_rss_mb: float = 0.0  # the process and its workers together (bench/rss.py)


def load_average() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "unknown"


GNU_TIME = Path("/usr/bin/time")
RSS_MARK = "__peak_rss_kb__"


@dataclass(frozen=True)
class Timed:
    """A finished benchmark process: wall time, peak RSS of one process and of its whole tree."""

    wall_s: float
    peak_rss_mb: float
    tree_rss_mb: float
    stdout: str


def timed_process(
    command: list[str], ok: tuple[int, ...] = (0,), env: dict[str, str] | None = None
) -> Timed:
    """`command` run in a fresh process, timed, with its memory peaks.

    Peak RSS comes from GNU time (`%M`, the largest single process) when installed, else from
    wait4's rusage, which also counts the memory of the forked parent before exec; the tree
    peak is the largest sum over the process and its descendants alive together (bench/rss.py).
    """
    wrapped = [str(GNU_TIME), "-f", f"{RSS_MARK} %M", *command] if GNU_TIME.exists() else command
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        process = subprocess.Popen(wrapped, stdout=out, stderr=err, text=True, cwd=REPO, env=env)
        with TreeRssSampler(process.pid) as tree:
            _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    peak_kb = float(usage.ru_maxrss)
    marks = [line for line in stderr.splitlines() if line.startswith(RSS_MARK)]
    if marks:
        peak_kb = float(marks[-1].split()[1])
    if process.returncode not in ok:
        raise RuntimeError(f"{command[:4]} failed ({process.returncode}): {stderr[-2000:]}")
    return Timed(wall, peak_kb / 1024, max(tree.peak_mb, peak_kb / 1024), stdout)


def corpus(hands: int, files: int, seed: int, workers: int, regenerate: bool) -> list[Path]:
    """The benchmark files, generated once per (hands, files, seed)."""
    from tools.synth import SynthOptions, write_corpus

    folder = BENCH / "data" / f"nlhe-{hands}-files{files}-seed{seed}"
    stamp = folder / "DONE"
    names = (
        [folder / f"hands-{k}.txt" for k in range(files)] if files > 1 else [folder / "hands.txt"]
    )
    if stamp.exists() and not regenerate:
        return names
    folder.mkdir(parents=True, exist_ok=True)
    click.echo(f"generating {hands:,} hands into {folder} ...", err=True)
    started = time.perf_counter()
    options = SynthOptions(games=("NLHE",), currencies=("USD",))
    paths = write_corpus(
        folder / "hands.txt", hands, seed, violation_rate=0.01, options=options,
        files=files, workers=workers,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    stamp.write_text(json.dumps({"hands": hands, "seconds": seconds}))
    click.echo(f"generated in {seconds:.0f} s ({hands / seconds:,.0f} hands/s)", err=True)
    return paths


def stage_command(stage: str, paths: list[Path]) -> list[str]:
    return [PYTHON, "-m", "bench.stages", stage, *map(str, paths)]


def measure_json_stage(stage: str, command: list[str]) -> Measure:
    done = timed_process(command)
    detail = json.loads(done.stdout.strip().splitlines()[-1])
    return Measure(
        stage, done.wall_s, detail["seconds"], detail["hands"], done.peak_rss_mb,
        detail=detail, tree_rss_mb=done.tree_rss_mb,
    )  # fmt: skip


def measure_wc(paths: list[Path], hands: int) -> Measure:
    """`wc -l` on files already in the page cache (one untimed pass first), as every later
    stage finds them: a cold first read would time the disk and flatter every ratio."""
    timed_process(["wc", "-l", *map(str, paths)])
    done = timed_process(["wc", "-l", *map(str, paths)])
    lines = int(done.stdout.strip().splitlines()[-1].split()[0])
    return Measure(
        "wc -l", done.wall_s, done.wall_s, hands, done.peak_rss_mb,
        detail={"lines": lines}, tree_rss_mb=done.tree_rss_mb,
    )  # fmt: skip


def measure_run(
    paths: list[Path], hands: int, variant: RunVariant = VARIANTS["run"]
) -> list[Measure]:
    """The whole `hhaudit run` (parse, check, reports) on the corpus folder, and the time
    breakdown its own timers report (bench/scale.py)."""
    hhaudit = Path(PYTHON).parent / "hhaudit"
    probe = subprocess.run([str(hhaudit), "run", "--help"], capture_output=True, cwd=REPO)
    if probe.returncode != 0:
        return [Measure(variant.stage, 0, 0, 0, 0, note="skipped: `hhaudit run` unavailable")]
    out = paths[0].parent / "run-out"
    command = run_command(hhaudit, paths, out, variant)
    with tempfile.TemporaryDirectory() as tmp:
        timings = Path(tmp) / "timings.json"
        done = timed_process(command, ok=(0, 1), env=run_env(variant, timings))
        spent = read_timings(timings)
    note = f"wall time, reports included; {parts_note(out)}"
    whole = Measure(
        variant.stage, done.wall_s, done.wall_s, hands, done.peak_rss_mb,
        note=note, detail=spent, tree_rss_mb=done.tree_rss_mb,
    )  # fmt: skip
    inner = [Measure(name, 0, seconds, hands, 0, note="timer inside the run above")
             for name, seconds in breakdown_rows(spent, done.wall_s)]  # fmt: skip
    return [whole, *inner]


def rows(measures: list[Measure], megabytes: float) -> list[dict[str, Any]]:
    """Derived figures: hands/s, MB/s and the ratio to `wc -l`, on the measured work time."""
    wc_rate = next(m.hands / m.work_s for m in measures if m.stage == "wc -l")
    table = []
    for m in measures:
        timed = m.work_s >= 0.005  # a stage that did not run (e.g. units on --resume) has no rate
        rate = m.hands / m.work_s if timed else 0.0
        share = m.hands / next(x.hands for x in measures if x.stage == "wc -l")
        table.append(
            {
                **asdict(m),
                "hands_per_s": rate,
                "mb_per_s": megabytes * share / m.work_s if timed else 0.0,
                "x_wc": wc_rate / rate if rate else None,
            }
        )
    return table


def print_table(table: list[dict[str, Any]]) -> None:
    head = f"{'stage':<20}{'wall s':>9}{'work s':>9}{'hands':>10}{'hands/s':>12}"
    head += f"{'MB/s':>9}{'x wc -l':>9}{'peak RSS MB':>13}{'tree RSS MB':>13}  note"
    click.echo(head)
    click.echo("-" * len(head))
    for row in table:
        ratio = f"{row['x_wc']:.1f}" if row["x_wc"] else "-"
        click.echo(
            f"{row['stage']:<20}{row['wall_s']:>9.2f}{row['work_s']:>9.2f}{row['hands']:>10,}"
            f"{row['hands_per_s']:>12,.0f}{row['mb_per_s']:>9.1f}{ratio:>9}"
            f"{row['peak_rss_mb']:>13.0f}{row['tree_rss_mb']:>13.0f}  {row['note']}"
        )


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--hands", type=click.IntRange(min=1), default=200_000, show_default=True)
@click.option("--files", type=click.IntRange(min=1), default=4, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Processes generating the corpus.")  # fmt: skip
@click.option("--regenerate", is_flag=True, help="Rewrite bench/data even if present.")
@click.option("--pokerkit-hands", type=click.IntRange(min=0), default=300, show_default=True)
@click.option(
    "--skip",
    multiple=True,
    help="Stages to skip: floor parse check run worker1 run1 report baseline pokerkit.",
)
@click.option(
    "--copies",
    type=click.IntRange(min=1, max=9),
    default=1,
    show_default=True,
    help="Audit the corpus this many times over (new hand ids): 5 x 400k = 2M hands.",
)
@click.option("--one-file", is_flag=True, help="Concatenate the corpus into one file first.")
@click.option("--dask", is_flag=True, help="Also time `--engine dask --workers 2`.")
def main(
    hands: int,
    files: int,
    seed: int,
    workers: int,
    regenerate: bool,
    pokerkit_hands: int,
    skip: tuple[str, ...],
    copies: int,
    one_file: bool,
    dask: bool,
) -> None:
    """Benchmark parse / check / run against `wc -l` on generated NLHE cash hands."""
    paths = corpus(hands, files, seed, workers, regenerate)
    paths = replicate(concatenated(paths) if one_file else paths, copies)
    hands *= copies
    megabytes = sum(path.stat().st_size for path in paths) / 1e6
    load_before = load_average()
    measures = [measure_wc(paths, hands)]
    if "floor" not in skip:
        floor = measure_json_stage("polars floor", stage_command("floor", paths))
        floor.note = "read lines + one regex pass (bench/stages.py stage_floor)"
        measures.append(floor)
    if "parse" not in skip:
        measures.append(measure_json_stage("parse", stage_command("parse", paths)))
    if "check" not in skip:
        check = measure_json_stage("check", stage_command("check", paths))
        check.note = "audit.check alone, per file; RSS includes the parse"
        measures.append(check)
    for name in ("run", "report", "worker1", "run1", *(["dask"] if dask else [])):
        if name not in skip and not (name == "report" and "run" in skip):
            measures.extend(measure_run(paths, hands, VARIANTS[name]))
    if "baseline" not in skip:
        command = [PYTHON, "-m", "bench.baseline_parser", *map(str, paths)]
        baseline = measure_json_stage("python regex parser", command)
        baseline.note = "bench/baseline_parser.py"
        measures.append(baseline)
    if "pokerkit" not in skip and pokerkit_hands:
        command = stage_command("pokerkit", [Path(str(pokerkit_hands)), paths[0]])
        pk = measure_json_stage("pokerkit replay", command)
        pk.note = f"{pk.detail['accepted']}/{pk.hands} hands accepted" if pk.detail else ""
        measures.append(pk)
    table = rows([m for m in measures if m.work_s], megabytes)
    table += [{**asdict(m), "hands_per_s": 0.0, "mb_per_s": 0.0, "x_wc": None}
              for m in measures if not m.work_s]  # fmt: skip
    click.echo(f"\n{hands:,} NLHE cash hands, {len(paths)} files, {megabytes:.0f} MB; "
               f"load before {load_before}; after {load_average()}\n")  # fmt: skip
    print_table(table)
    for line in speedup_lines(table):
        click.echo(line)
    record = {
        "hands": hands,
        "files": len(paths),
        "megabytes": megabytes,
        "load_before": load_before,
        "load_after": load_average(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "stages": table,
    }
    (BENCH / "last_run.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    click.echo(f"\nwritten {BENCH / 'last_run.json'}", err=True)


if __name__ == "__main__":
    main()
