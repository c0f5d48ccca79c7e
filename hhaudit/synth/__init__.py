"""Synthetic PokerStars hand histories: legal play, optional injected violations, and the truth.

    result = generate(1000, seed=7, violation_rate=0.05)
    result.write_to(Path("hands.txt"))          # hands.txt + hands.txt.truth.json
    result.tables["actions"]                   # what the parser should read back
    result.truth                               # one dict per injected violation

`write_corpus` streams large runs to disk without keeping tables in memory (the benchmark).
The betting model in `betting.py` is an independent oracle: it never imports audit/.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from hhaudit.synth.generate import hand_line_count, hand_text, iter_hands
from hhaudit.synth.record import HandRecord
from hhaudit.synth.sabotage import ALL_CODES
from hhaudit.synth.spec import SynthOptions, TableSpec
from hhaudit.synth.tables import TableBuilder

__all__ = ["ALL_CODES", "SynthOptions", "SynthResult", "TableSpec", "generate", "write_corpus"]

TRUTH_VERSION = 1


@dataclass
class SynthFile:
    """One file's worth of hands, with the line each hand starts on."""

    name: str
    hands: list[HandRecord] = field(default_factory=list)

    def text(self) -> str:
        return "".join(hand_text(hand) for hand in self.hands)


@dataclass
class SynthResult:
    """Generated text (per file), the canonical tables it should parse into, and the truth."""

    seed: int
    options: SynthOptions
    violation_rate: float
    files: list[SynthFile]
    tables: dict[str, pl.DataFrame]
    truth: list[dict[str, Any]]

    @property
    def text(self) -> str:
        """The text of the first (usually only) file."""
        return self.files[0].text()

    def write_to(self, path: Path) -> list[Path]:
        """Write the file(s) and `<path>.truth.json`; several files get `-k` before the suffix."""
        paths = file_paths(Path(path), len(self.files))
        for synth_file, target in zip(self.files, paths, strict=True):
            target.write_text(synth_file.text(), encoding="utf-8")
        truth = truth_document(self.seed, self.options, self.violation_rate, self.files, self.truth)
        Path(f"{path}.truth.json").write_text(json.dumps(truth, indent=1), encoding="utf-8")
        return paths


def file_paths(path: Path, count: int) -> list[Path]:
    if count == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(count)]


def split_evenly(n_hands: int, files: int) -> list[int]:
    return [(n_hands * (k + 1)) // files - (n_hands * k) // files for k in range(files)]


def truth_rows(hand: HandRecord, file_name: str, index: int, line_no: int) -> list[dict[str, Any]]:
    return [
        {
            "file": file_name,
            "hand_id": hand.hand_id,
            "hand_index": index,
            "seq": injected.seq,
            "line_no": line_no + injected.line_offset,
            "code": injected.code,
        }
        for injected in hand.injected
    ]


def truth_document(
    seed: int,
    options: SynthOptions,
    violation_rate: float,
    files: Iterable[SynthFile] | list[tuple[str, int]],
    violations: list[dict[str, Any]],
) -> dict[str, Any]:
    listed = [
        {"file": f.name, "hands": len(f.hands)}
        if isinstance(f, SynthFile)
        else {"file": f[0], "hands": f[1]}
        for f in files
    ]
    return {
        "generator": "hhaudit.synth",
        "version": TRUTH_VERSION,
        "seed": seed,
        "violation_rate": violation_rate,
        "options": asdict(options),
        "files": listed,
        "hands": sum(item["hands"] for item in listed),
        "violations": violations,
    }


def generate(
    n_hands: int,
    seed: int = 0,
    *,
    violation_rate: float = 0.0,
    options: SynthOptions | None = None,
    files: int = 1,
    name: str = "synth.txt",
    tables: bool = True,
    table: TableSpec | None = None,
) -> SynthResult:
    """Generate `n_hands` hands in memory (use `write_corpus` for very large runs)."""
    options = options or SynthOptions()
    hands = iter_hands(n_hands, seed, options, violation_rate, table)
    builder = TableBuilder()
    synth_files: list[SynthFile] = []
    truth: list[dict[str, Any]] = []
    for file_id, (count, path) in enumerate(
        zip(split_evenly(n_hands, files), file_paths(Path(name), files), strict=True)
    ):
        synth_file = SynthFile(path.name)
        line_no = 1
        for index in range(count):
            hand = next(hands)
            synth_file.hands.append(hand)
            truth += truth_rows(hand, path.name, index, line_no)
            if tables:
                builder.add(
                    hand, file_id=file_id, index=index, source_file=path.name, line_no=line_no
                )
            line_no += hand_line_count(hand)
        synth_files.append(synth_file)
    frames = builder.frames()
    return SynthResult(seed, options, violation_rate, synth_files, frames, truth)


def write_corpus(
    out: Path,
    n_hands: int,
    seed: int = 0,
    *,
    violation_rate: float = 0.0,
    options: SynthOptions | None = None,
    files: int = 1,
) -> list[Path]:
    """Stream `n_hands` hands to `files` files and write `<out>.truth.json`; no tables kept."""
    options = options or SynthOptions()
    out = Path(out)
    hands = iter_hands(n_hands, seed, options, violation_rate)
    paths = file_paths(out, files)
    truth: list[dict[str, Any]] = []
    listed: list[tuple[str, int]] = []
    for count, path in zip(split_evenly(n_hands, files), paths, strict=True):
        line_no = 1
        with path.open("w", encoding="utf-8") as handle:
            for index in range(count):
                hand = next(hands)
                handle.write(hand_text(hand))
                truth += truth_rows(hand, path.name, index, line_no)
                line_no += hand_line_count(hand)
        listed.append((path.name, count))
    document = truth_document(seed, options, violation_rate, listed, truth)
    Path(f"{out}.truth.json").write_text(json.dumps(document, indent=1), encoding="utf-8")
    return paths
