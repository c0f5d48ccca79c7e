"""Prove that a speed change changed nothing: dump parse and check output, then compare dumps.

    python -m bench.identity dump /tmp/before        # on the old code
    python -m bench.identity dump /tmp/after         # on the new code
    python -m bench.identity compare /tmp/before /tmp/after

Inputs: the first bench file (25,000 generated hands), `sample_data/`, every file of
`tests/sites/` alone, and every folder of `../shared/corpus/real/` as one batch. A dump
refuses to start when the bench file or ../shared is absent (a proof without them proves
little: in a worktree, link the data with `ln -s /path/to/main/bench/data bench/data`);
`dump --partial DIR` dumps what there is and says what it left out. For each input the
parsed tables (hands, seats, actions, quarantine, cards, the skipped-line counts and the file
reports) and, under four option sets, the audited actions and the violations are written as
Parquet, with the checks given the parsed cards (the cards and showdown rules judge them).
`compare` checks every table frame for frame, row order included; the path of the checkout a
dump was taken from is written beside it (root.txt) and read as "<root>", so the old code can
be dumped from a detached worktree and the new from another.

Two changes of representation are read through, so that dumps of the releases before and after
them compare on values (`_normalised`): `street` is read by its name (a dump writes the Street
Enum of parsers/games.py; an integer street is a dump of a release before it, whose ids were
0-3 the board streets and 4 the settlement), and every Enum column as its text (the ActionKind
Enum gained categories). A column only the later dump has is left out of the comparison when
it is null on every row (a column added since, with nothing to say on those inputs) and named
in the output; one that holds values differs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from parsers.api import ParsedTables

ROOT = Path(__file__).resolve().parent.parent
#: The street ids of the releases before parsers/games.py (an integer street in a dump).
OLD_STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
SHARED_REAL = ROOT.parent / "shared" / "corpus" / "real"
BENCH_FILE = ROOT / "bench" / "data" / "nlhe-100000-files4-seed1" / "hands-0.txt"

#: Option sets the check runs under (name -> Options fields changed from the defaults).
OPTION_SETS: dict[str, dict[str, object]] = {
    "default": {},
    "strict": {"fold_without_bet": "warning", "raise_without_opponent": "violation"},
    "fl": {
        "fl_max_raises": 4,
        "fl_cap_heads_up": "uncapped_when_heads_up",
        "fl_reopen_scope": "last_raise",
        "fl_half_allin_level": "full_bet",
    },
    "posts": {
        "bb_ante_priority": "ante_first",
        "short_bb_call_full": False,
        "uncontested_pot_keeps_uncalled": True,
    },
}


def absent_inputs() -> list[Path]:
    """The inputs of a full dump that this checkout lacks."""
    return [path for path in (BENCH_FILE, SHARED_REAL) if not path.exists()]


def inputs() -> Iterator[tuple[str, Path]]:
    if BENCH_FILE.exists():
        yield "bench", BENCH_FILE
    yield "sample_data", ROOT / "sample_data"
    for path in sorted((ROOT / "tests" / "sites").rglob("*")):
        # the site folders hold their test modules too: only the sample files are inputs
        if path.is_file() and path.suffix not in (".py", ".pyc"):
            yield "sites__" + "__".join(path.relative_to(ROOT / "tests" / "sites").parts), path
    if SHARED_REAL.is_dir():
        for folder in sorted(p for p in SHARED_REAL.iterdir() if p.is_dir()):
            yield "real__" + folder.name, folder


#: The ParsedTables frames a dump holds (besides the file reports, `_file_reports`).
PARSED_TABLES = ("hands", "seats", "actions", "quarantine", "cards", "skipped")


def _file_reports(parsed: ParsedTables) -> pl.DataFrame:
    """The parser's FileReport of each input file as one frame (counts, site, encoding, error)."""
    from dataclasses import asdict, fields

    from parsers.api import FileReport

    schema = {f.name: pl.Int64 if f.type in ("int", int) else pl.String for f in fields(FileReport)}
    return pl.DataFrame([asdict(report) for report in parsed.files], schema=schema)


def _options(changes: dict[str, object]):
    from audit.options import Options

    return Options(**changes)  # type: ignore[arg-type]


def dump(target: Path) -> None:
    from audit import check
    from parsers import parse_paths

    target.mkdir(parents=True, exist_ok=True)
    (target / ROOT_FILE).write_text(str(ROOT))
    for name, path in inputs():
        parsed = parse_paths([path])
        for table in PARSED_TABLES:
            _named(getattr(parsed, table)).write_parquet(target / f"{name}.{table}.parquet")
        _file_reports(parsed).write_parquet(target / f"{name}.files.parquet")
        if parsed.actions.height == 0:
            continue
        for option_name, changes in OPTION_SETS.items():
            result = check(
                parsed.hands,
                parsed.seats,
                parsed.actions,
                options=_options(changes),
                cards=parsed.cards,
            )
            _named(result.actions).write_parquet(target / f"{name}.{option_name}.audited.parquet")
            result.violations.write_parquet(target / f"{name}.{option_name}.violations.parquet")
        print(name, parsed.hands.height, "hands", flush=True)


#: The checkout a dump was taken from (its paths start with it), written beside the tables.
ROOT_FILE = "root.txt"


def _named(frame: pl.DataFrame) -> pl.DataFrame:
    """A table as dumped: its street ids as the Street Enum (parsers/games.py)."""
    from parsers.schema import written

    return written(frame)


def _read(dump_dir: Path, name: str) -> pl.DataFrame:
    """A dumped table with the checkout's path in its text columns replaced by "<root>" (and
    its ../shared by "<shared>"), so that dumps taken in two worktrees (the old code in one,
    the new in another, wherever each is) compare."""
    frame = _normalised(pl.read_parquet(dump_dir / name))
    root_file = dump_dir / ROOT_FILE
    if not root_file.exists():
        return frame
    root = root_file.read_text()
    shared = str(Path(root).parent / "shared")
    text = [c for c, dtype in frame.schema.items() if dtype == pl.String]
    return frame.with_columns(
        pl.col(text)
        .str.replace_all(shared, "<shared>", literal=True)
        .str.replace_all(root, "<root>", literal=True)
    )


def _normalised(frame: pl.DataFrame) -> pl.DataFrame:
    """`street` as its name and every Enum column as text (module docstring)."""
    dtype = frame.schema.get("street")
    if dtype is not None and dtype.is_integer():
        old = {index: name for index, name in enumerate(OLD_STREET_NAMES)}
        frame = frame.with_columns(
            pl.col("street").replace_strict(old, default=None, return_dtype=pl.String)
        )
    enums = [c for c, dtype in frame.schema.items() if isinstance(dtype, pl.Enum | pl.Categorical)]
    return frame.with_columns(pl.col(enums).cast(pl.String))


def _added_null_columns(before: pl.DataFrame, after: pl.DataFrame) -> list[str]:
    """The columns only `after` has that are null on every row (module docstring)."""
    added = [c for c in after.columns if c not in before.columns]
    return [c for c in added if after.get_column(c).null_count() == after.height]


def _same(before: Path, after: Path, name: str, added: set[str]) -> bool:
    old, new = _read(before, name), _read(after, name)
    extra = _added_null_columns(old, new)
    added.update(extra)
    return old.equals(new.drop(extra))


def compare(before: Path, after: Path) -> int:
    names = sorted(p.name for p in before.glob("*.parquet"))
    missing = sorted({p.name for p in after.glob("*.parquet")} ^ set(names))
    added: set[str] = set()
    differing = [
        name for name in names if (after / name).exists() and not _same(before, after, name, added)
    ]
    for name in missing:
        print("only in one dump:", name)
    for name in differing:
        print("differs:", name)
    if added:
        print("columns only the second dump has, null on every row:", ", ".join(sorted(added)))
    print(f"{len(names)} tables compared, {len(differing)} differ, {len(missing)} unmatched")
    return 1 if differing or missing else 0


def main(argv: list[str]) -> int:
    if len(argv) in (2, 3) and argv[0] == "dump" and argv[1:-1] in ([], ["--partial"]):
        absent = absent_inputs()
        for path in absent:
            print(f"identity: input absent: {path}", file=sys.stderr)
        if absent and len(argv) == 2:
            print("identity: refusing a partial dump (pass --partial to take one)", file=sys.stderr)
            return 2
        dump(Path(argv[-1]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
