"""One measured stage per process: `python -m bench.stages STAGE FILE...`.

Each stage prints one JSON line: what it did (`hands`, `actions`, ...) and `seconds`, the time
of the measured work alone (imports and reading the file list excluded). bench.run starts each
stage in a fresh process and also records its wall time and peak RSS.

Stages:
  parse     parsers.parse_file on each file in turn (one file at a time)
  check     per file: parse, then time audit.check alone
  pokerkit  `pokerkit N FILE...`: replay the first N hands through PokerKit's state machine
  floor     the least any Polars line parser does: read each file's lines into a column, then
            one regex pass that picks actor, verb and amount out of every line
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any


def stage_parse(paths: list[Path]) -> dict[str, Any]:
    """Parse file by file (one file at a time, as a batch of one), summing the times."""
    from parsers import parse_file

    totals = {"hands": 0, "actions": 0, "quarantined": 0, "seconds": 0.0}
    for file_id, path in enumerate(paths):
        started = time.perf_counter()
        tables = parse_file(path, file_id=file_id)
        totals["seconds"] += time.perf_counter() - started
        totals["hands"] += tables.hands.height
        totals["actions"] += tables.actions.height
        totals["quarantined"] += tables.quarantine.height
    return totals


def stage_check(paths: list[Path]) -> dict[str, Any]:
    """Per file: parse (not timed), then time audit.check alone."""
    from audit import Options, check
    from parsers import parse_file

    totals = {"hands": 0, "violations": 0, "seconds": 0.0}
    for file_id, path in enumerate(paths):
        tables = parse_file(path, file_id=file_id)
        started = time.perf_counter()
        result = check(tables.hands, tables.seats, tables.actions, Options())
        totals["violations"] += result.violations.height
        totals["seconds"] += time.perf_counter() - started
        totals["hands"] += tables.hands.height
    return totals


def stage_pokerkit(paths: list[Path]) -> dict[str, Any]:
    from tools.synth.pokerkit_oracle import replay_sample

    limit, *files = paths
    return replay_sample(files, int(str(limit)))


#: One capture pass over every line: the action lines' actor, verb and amount.
FLOOR_PATTERN = r"^(.+?): (folds|checks|calls|bets|raises|posts)(?: \$?([\d.,]+))?"


def stage_floor(paths: list[Path]) -> dict[str, Any]:
    """A reference, not a parser: the time of reading the lines and of one regex pass over them
    (what the 25x `wc -l` target leaves room for; docs/scale.md, "Limits of this design")."""
    import polars as pl

    totals = {"hands": 0, "lines": 0, "actions": 0, "seconds": 0.0, "read_s": 0.0}
    for path in paths:
        started = time.perf_counter()
        lines = pl.scan_lines(path).collect()
        read = time.perf_counter()
        fields = lines.select(pl.col("line").str.extract_groups(FLOOR_PATTERN))
        found = fields.select(pl.col("line").struct.field("2").is_not_null().sum()).item()
        done = time.perf_counter()
        totals["read_s"] += read - started
        totals["seconds"] += done - started
        totals["lines"] += lines.height
        totals["actions"] += int(found)
        totals["hands"] += lines.select(pl.col("line").str.starts_with("PokerStars ").sum()).item()
    return totals


STAGES = {
    "parse": stage_parse,
    "check": stage_check,
    "pokerkit": stage_pokerkit,
    "floor": stage_floor,
}


def main(argv: list[str]) -> None:
    stage, *files = argv
    print(json.dumps(STAGES[stage]([Path(name) for name in files])))


if __name__ == "__main__":
    main(sys.argv[1:])
