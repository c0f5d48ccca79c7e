"""Synthetic PokerStars hand histories: legal play, optional injected violations, and the truth.

    result = generate(1000, seed=7, violation_rate=0.05)
    result.write_to(Path("hands.txt"))          # hands.txt + hands.txt.truth.json
    result.tables["actions"]                   # what the parser should read back
    result.truth                               # one dict per injected violation

`write_corpus` streams large runs to disk, in parallel, without tables (the benchmark); for the
same arguments it writes the same text as `generate(...).write_to(...)`.
The betting model in `betting.py` is an independent oracle: it never imports audit/.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from tools.synth.corpus import (
    file_paths,
    split_evenly,
    truth_document,
    truth_rows,
    write_corpus,
    write_truth,
)
from tools.synth.generate import hand_line_count, hand_text, iter_hands
from tools.synth.record import HandRecord
from tools.synth.sabotage import ALL_CODES
from tools.synth.spec import SynthOptions, TableSpec
from tools.synth.tables import TableBuilder

__all__ = [
    "ALL_CODES",
    "SynthOptions",
    "SynthResult",
    "TableSpec",
    "generate",
    "write_corpus",
]


@dataclass
class SynthFile:
    """One file's worth of hands."""

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
        pairs = list(zip(self.files, paths, strict=True))
        listed = [(target.name, len(synth_file.hands)) for synth_file, target in pairs]
        renamed = {synth_file.name: target.name for synth_file, target in pairs}
        truth = [{**row, "file": renamed[row["file"]]} for row in self.truth]
        document = truth_document(self.seed, self.options, self.violation_rate, listed, truth)
        write_truth(Path(f"{path}.truth.json"), document)
        return paths


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
    """Generate `n_hands` hands in memory, with their canonical tables (hand_key uses the
    file's index as file_id, as `parsers.parse_paths` does for files in that order)."""
    options = options or SynthOptions()
    builder = TableBuilder()
    synth_files: list[SynthFile] = []
    truth: list[dict[str, Any]] = []
    counts = split_evenly(n_hands, files)
    for file_id, (count, path) in enumerate(
        zip(counts, file_paths(Path(name), files), strict=True)
    ):
        synth_file = SynthFile(path.name)
        hands = iter_hands(
            count,
            seed,
            options,
            violation_rate,
            table,
            file_index=file_id,
            first_number=sum(counts[:file_id]),
        )
        line_no = 1
        for index, hand in enumerate(hands):
            synth_file.hands.append(hand)
            truth += truth_rows(hand, path.name, index, line_no)
            if tables:
                builder.add(
                    hand, file_id=file_id, index=index, source_file=path.name, line_no=line_no
                )
            line_no += hand_line_count(hand)
        synth_files.append(synth_file)
    return SynthResult(seed, options, violation_rate, synth_files, builder.frames(), truth)
