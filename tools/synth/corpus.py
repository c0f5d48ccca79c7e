"""Files of synthetic hands and the truth file that lists every injected violation."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tools.synth.generate import hand_line_count, hand_text, iter_hands
from tools.synth.record import HandRecord
from tools.synth.spec import SynthOptions, TableSpec

TRUTH_VERSION = 1


def file_paths(path: Path, count: int) -> list[Path]:
    """`path` itself for one file; `stem-0.suffix`, `stem-1.suffix`, ... for several."""
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(count)]


def split_evenly(n_hands: int, files: int) -> list[int]:
    return [(n_hands * (k + 1)) // files - (n_hands * k) // files for k in range(files)]


def truth_rows(hand: HandRecord, file_name: str, index: int, line_no: int) -> list[dict[str, Any]]:
    """The truth entries of one hand whose header is at `line_no` (1-based) of its file."""
    rows = []
    for injected in hand.injected:
        row = {
            "file": file_name,
            "hand_id": hand.hand_id,
            "hand_index": index,
            "seq": injected.seq,
            "line_no": line_no + injected.line_offset,
            "code": injected.code,
        }
        if injected.variant is not None:
            row["variant"] = injected.variant
        rows.append(row)
    return rows


def truth_document(
    seed: int,
    options: SynthOptions,
    violation_rate: float,
    files: list[tuple[str, int]],
    violations: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "generator": "tools.synth",
        "version": TRUTH_VERSION,
        "seed": seed,
        "violation_rate": violation_rate,
        "options": asdict(options),
        "files": [{"file": name, "hands": count} for name, count in files],
        "hands": sum(count for _, count in files),
        "violations": violations,
    }


def write_truth(path: Path, document: dict[str, Any]) -> None:
    """JSON with one violation per line (readable, diff-friendly)."""
    head = {key: value for key, value in document.items() if key != "violations"}
    text = json.dumps(head, indent=1)[:-2]
    rows = ",\n".join(f"  {json.dumps(row)}" for row in document["violations"])
    text += ',\n "violations": [\n' + rows + ("\n" if rows else "") + " ]\n}\n"
    path.write_text(text, encoding="utf-8")


def write_one_file(
    path: Path,
    count: int,
    seed: int,
    file_index: int,
    first_number: int,
    options: SynthOptions,
    violation_rate: float,
    table: TableSpec | None,
) -> list[dict[str, Any]]:
    """Write one file of hands; return its truth rows (runs in a worker process)."""
    truth: list[dict[str, Any]] = []
    hands = iter_hands(
        count,
        seed,
        options,
        violation_rate,
        table,
        file_index=file_index,
        first_number=first_number,
    )
    line_no = 1
    with path.open("w", encoding="utf-8") as handle:
        for index, hand in enumerate(hands):
            handle.write(hand_text(hand))
            truth += truth_rows(hand, path.name, index, line_no)
            line_no += hand_line_count(hand)
    return truth


def write_corpus(
    out: Path,
    n_hands: int,
    seed: int = 0,
    *,
    violation_rate: float = 0.0,
    options: SynthOptions | None = None,
    files: int = 1,
    workers: int = 1,
    table: TableSpec | None = None,
) -> list[Path]:
    """Stream `n_hands` hands to `files` files (in `workers` processes) and write
    `<out>.truth.json`. No tables are kept: this is for large runs (the benchmark)."""
    options = options or SynthOptions()
    out = Path(out)
    paths = file_paths(out, files)
    counts = split_evenly(n_hands, files)
    firsts = [sum(counts[:k]) for k in range(files)]
    jobs = [
        (path, count, seed, k, first, options, violation_rate, table)
        for k, (path, count, first) in enumerate(zip(paths, counts, firsts, strict=True))
    ]
    if workers > 1 and files > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            truths = list(pool.map(write_one_file, *zip(*jobs, strict=True)))
    else:
        truths = [write_one_file(*job) for job in jobs]
    listed = [(path.name, count) for path, count in zip(paths, counts, strict=True)]
    violations = [row for truth in truths for row in truth]
    document = truth_document(seed, options, violation_rate, listed, violations)
    write_truth(Path(f"{out}.truth.json"), document)
    return paths
