"""One measured stage per process: `python -m bench.stages STAGE FILE...`.

Each stage prints one JSON line: what it did (`hands`, `actions`, ...) and `seconds`, the time
of the measured work alone (imports and reading the file list excluded). bench.run starts each
stage in a fresh process and also records its wall time and peak RSS.

Stages:
  parse     parsers.parse_paths on the files
  check     parse, then time audit.check alone
  pokerkit  `pokerkit N FILE...`: replay the first N hands through PokerKit's state machine
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any


def stage_parse(paths: list[Path]) -> dict[str, Any]:
    from parsers import parse_paths

    started = time.perf_counter()
    tables = parse_paths(paths)
    seconds = time.perf_counter() - started
    return {
        "hands": tables.hands.height,
        "actions": tables.actions.height,
        "quarantined": tables.quarantine.height,
        "seconds": seconds,
    }


def stage_check(paths: list[Path]) -> dict[str, Any]:
    from audit import Options, check
    from parsers import parse_paths

    tables = parse_paths(paths)
    started = time.perf_counter()
    result = check(tables.hands, tables.seats, tables.actions, Options())
    violations = result.violations.height
    seconds = time.perf_counter() - started
    return {"hands": tables.hands.height, "violations": violations, "seconds": seconds}


def stage_pokerkit(paths: list[Path]) -> dict[str, Any]:
    from hhaudit.synth.pokerkit_oracle import replay_sample

    limit, *files = paths
    return replay_sample(files, int(str(limit)))


STAGES = {"parse": stage_parse, "check": stage_check, "pokerkit": stage_pokerkit}


def main(argv: list[str]) -> None:
    stage, *files = argv
    print(json.dumps(STAGES[stage]([Path(name) for name in files])))


if __name__ == "__main__":
    main(sys.argv[1:])
