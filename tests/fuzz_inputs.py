"""Mutated hand histories for the fuzz tests: seeds, mutations, and the accounting checks.

Seeds are real-format files (sample_data/, tests/sites/ for eight more formats, synthetic
PokerStars hands). A case is one seed put through a few mutations (truncation, byte flips, line
swaps, deletions, duplicated lines, re-encodings, inserted bytes, concatenation with another
seed). `check_batch` parses a batch of cases in one pipeline run, audits them, and asserts:
nothing raises, the batch ends in bounded time, and per file and in total
`hands_read == hands_parsed + hands_quarantined == an independent header count`.
"""

from __future__ import annotations

import functools
import random
import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import polars as pl
from hypothesis import strategies as st
from site_helpers import is_sample

REPO = Path(__file__).resolve().parents[1]
SEED_GLOBS = ("sample_data/*.txt", "tests/sites/*/*.*")
N_MUTATIONS = 12
#: Unicode White_Space: what polars' strip_chars() strips (Python's strip() also strips \x1c-\x1f).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
WHITE_SPACE += "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


@functools.cache
def seeds() -> tuple[bytes, ...]:
    """Real-format files of every parsed site, plus synthetic PokerStars hands."""
    from tools.synth import SynthOptions, generate

    files = sorted(p for pattern in SEED_GLOBS for p in REPO.glob(pattern) if is_sample(p))
    found = [p.read_bytes() for p in files if p.stat().st_size < 200_000]
    for seed in range(3):
        options = SynthOptions(
            games=("NLHE", "PLO", "FLHE"),
            tournaments=0.3 * seed,
            currencies=("USD", "EUR"),
            straddles=0.2,
            dead_blinds=0.2,
            sitting_out=0.2,
            chat=0.2,
        )
        synth = generate(6, seed=seed, violation_rate=0.3, options=options, tables=False)
        found.append(synth.text.encode("utf-8"))
    return tuple(found)


def header_count(data: bytes) -> int:
    """Hand headers in a file: lines split and stripped in Python (not the pipeline's
    read_lines/segment), matched with the header patterns of parsers/detect.py (the spec of a
    hand header) by the same regex engine as the parsers (Python's `re` reads `\\s`, `\\w`
    differently, e.g. for \\x1c)."""
    from parsers.core.io import decode
    from parsers.detect import any_header_pattern

    text = decode(data).data.decode("utf-8", errors="replace")
    lines = pl.Series([line.strip(WHITE_SPACE) for line in text.split("\n")], dtype=pl.String)
    return int(lines.str.contains(any_header_pattern()).sum())


# -- mutations ----------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _reencode(data: bytes, how: int) -> bytes:
    text = data.decode("utf-8", errors="replace")
    encodings = (
        lambda: text.encode("utf-16-le"),
        lambda: "\ufeff".encode("utf-16-le") + text.encode("utf-16-le"),
        lambda: "\ufeff".encode("utf-16-be") + text.encode("utf-16-be"),
        lambda: b"\xef\xbb\xbf" + data,
        lambda: text.encode("cp1252", errors="replace"),
        lambda: data.replace(b"\n", b"\r\n"),
        lambda: data.replace(b"\n", b"\r"),
    )
    return encodings[how % len(encodings)]()


def mutate(data: bytes, op: int, a: int, b: int) -> bytes:
    """One mutation, fully determined by (op, a, b): shrinkable and replayable."""
    size = max(len(data), 1)
    lines = _lines(data)
    i, j = a % len(lines), b % len(lines)
    match op % N_MUTATIONS:
        case 0:  # truncation (file cut short: a hand without its summary)
            return data[: a % size]
        case 1:  # byte flip
            pos = a % size
            return (
                data[:pos]
                + bytes([(data[pos : pos + 1] or b"\0")[0] ^ (b % 255 + 1)])
                + data[pos + 1 :]
            )
        case 2:  # delete a line
            return b"\n".join(lines[:i] + lines[i + 1 :])
        case 3:  # duplicate a line
            return b"\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
        case 4:  # swap two lines
            lines[i], lines[j] = lines[j], lines[i]
            return b"\n".join(lines)
        case 5:  # insert random-ish bytes
            pos = a % size
            return data[:pos] + bytes((b >> k) & 0xFF for k in range(0, 24, 3)) + data[pos:]
        case 6:  # re-encoding (UTF-16 LE/BE, BOMs, cp1252, CRLF, lone CR)
            return _reencode(data, b)
        case 7:  # NUL bytes
            pos = a % size
            return data[:pos] + b"\0" * (b % 7 + 1) + data[pos:]
        case 8:  # the same hands twice (duplicate hand ids)
            return data + b"\n\n" + data
        case 9:  # another site's hands appended (mixed formats in one file)
            pool = seeds()
            return data + b"\n\n" + pool[b % len(pool)]
        case 10:  # delete a range of lines
            low, high = sorted((i, j))
            return b"\n".join(lines[:low] + lines[high:])
        case _:  # a long line without spaces
            pos = a % size
            return data[:pos] + b"x" * (b % 20_000) + data[pos:]


@dataclass(frozen=True)
class Case:
    seed: int
    ops: tuple[tuple[int, int, int], ...]

    def data(self) -> bytes:
        pool = seeds()
        data = pool[self.seed % len(pool)]
        for op, a, b in self.ops:
            data = mutate(data, op, a, b)
        return data


_op = st.tuples(st.integers(0, N_MUTATIONS - 1), st.integers(0, 1 << 24), st.integers(0, 1 << 24))
case_strategy = st.builds(
    Case, st.integers(0, 1 << 16), st.lists(_op, min_size=0, max_size=4).map(tuple)
)


def batches(min_size: int, max_size: int) -> st.SearchStrategy[list[Case]]:
    return st.lists(case_strategy, min_size=min_size, max_size=max_size)


def random_cases(seed: int, count: int) -> list[Case]:
    """`count` cases from one integer (the long run: Hypothesis draws the integer only, since
    a list of 200 cases would outgrow its example buffer)."""
    rng = random.Random(seed)
    return [
        Case(
            rng.randrange(1 << 16),
            tuple(
                (rng.randrange(N_MUTATIONS), rng.randrange(1 << 24), rng.randrange(1 << 24))
                for _ in range(rng.randrange(5))
            ),
        )
        for _ in range(count)
    ]


def check_cases(cases: Sequence[Case], seconds: int) -> int:
    """check_batch on all cases; on a failure, find and name the first case failing alone."""
    try:
        return check_batch([case.data() for case in cases], seconds)
    except Exception as batch_error:
        for case in cases:
            try:
                check_batch([case.data()], seconds)
            except Exception as error:
                raise AssertionError(f"{case!r}: {type(error).__name__}: {error}") from error
        raise AssertionError(f"only the whole batch fails: {batch_error}") from batch_error


# -- checks -------------------------------------------------------------------------------


class CaseTimeout(AssertionError):
    """A batch took longer than its bound (a hang)."""


@contextmanager
def time_bound(seconds: int) -> Iterator[None]:
    """Fail (not hang) when the body runs longer than `seconds` (SIGALRM, main thread)."""

    def on_alarm(signum: int, frame: object) -> None:
        raise CaseTimeout(f"no result after {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _per_file(frame: pl.DataFrame, key: pl.Expr) -> dict[int, int]:
    counts = frame.group_by(key.alias("f")).agg(pl.len().alias("n"))
    return dict(zip(counts["f"].to_list(), counts["n"].to_list(), strict=True))


def check_batch(datas: Sequence[bytes], seconds: int = 120) -> int:
    """Parse and audit `datas` as one batch of files; assert the accounting. Returns hands read."""
    from audit import check
    from parsers import parse_many

    names = [f"case-{k}.txt" for k in range(len(datas))]
    with time_bound(seconds):
        parsed = parse_many((d, n, k) for k, (d, n) in enumerate(zip(datas, names, strict=True)))
        result = check(parsed.hands, parsed.seats, parsed.actions)
    hands = _per_file(parsed.hands, pl.col("hand_key") // (1 << 32))
    quarantine = _per_file(parsed.quarantine, pl.col("source_file").str.slice(5).str.head(-4))
    quarantine = {int(k): v for k, v in quarantine.items()}
    reports = {report.path: report for report in parsed.files}
    for k, (data, name) in enumerate(zip(datas, names, strict=True)):
        report = reports[name]
        expected = header_count(data)
        where = f"{name} ({report.site}, {report.encoding}, error={report.error!r})"
        assert report.hands_read == expected, (
            f"{where}: read {report.hands_read}, {expected} headers"
        )
        assert report.hands_parsed + report.hands_quarantined == report.hands_read, where
        assert hands.get(k, 0) == report.hands_parsed, f"{where}: hands table"
        assert quarantine.get(k, 0) == report.hands_quarantined, f"{where}: quarantine rows"
    assert parsed.hands["hand_key"].is_unique().all(), "hand keys are not unique"
    flagged = result.violations["hand_key"].unique()
    assert flagged.is_in(parsed.hands["hand_key"].implode()).all(), "flag on an unknown hand"
    return sum(report.hands_read for report in parsed.files)
