"""A small corpus for the scale tests: one file big enough to be chunked, one small file."""

from __future__ import annotations

from pathlib import Path

from hhaudit.run.inputs import expand_inputs
from hhaudit.run.runner import RunConfig, run_all
from tools.synth import write_corpus

CHUNK = 30_000  # bytes: ~35 hands a chunk, so the 250-hand file is cut about 7 times
TABLES = ("hands", "seats", "actions", "violations", "quarantine")
CSVS = ("violations.csv", "summary.csv", "quarantine.csv")


def make_corpus(folder: Path) -> Path:
    """A ~200 KB file with violations and a damaged hand in the middle, plus a small file."""
    big = folder / "big.txt"
    write_corpus(big, 250, seed=3, violation_rate=0.05)
    text = big.read_text("utf-8")
    middle = text.index(": folds", len(text) // 2)
    big.write_text(text[:middle] + ": flurbs" + text[middle + len(": folds") :], "utf-8")
    write_corpus(folder / "small.txt", 20, seed=4, violation_rate=0.2)
    for truth in folder.glob("*.truth.json"):
        truth.unlink()
    return folder


def run_corpus(corpus: Path, out: Path, **config: object) -> dict:
    """`hhaudit run CORPUS --out OUT` through the runner; returns the run record."""
    found = expand_inputs([str(corpus)])
    return run_all(found.sources, found.refused, RunConfig(out, **config))  # type: ignore[arg-type]


def comparable(record: dict) -> dict:
    """run.json without its timestamps."""
    return {key: record[key] for key in ("files", "totals", "options", "skipped_files")}
