"""The driver's own work around the units (issue #6): each shortcut gives what the long way gave.

Cut search on a window prefix, digests in threads, workers started before planning, hands per
label counted per group of source values.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import report_frames
from scale_corpus import make_corpus, run_corpus

from hhaudit.engines import processes
from hhaudit.engines.processes import ProcessEngine
from hhaudit.engines.worker import polars_threads
from hhaudit.run.chunks import SCAN_BYTES, _first_header, _header_offset
from hhaudit.run.inputs import InputSource, expand_inputs
from hhaudit.run.parts import PartStore
from hhaudit.run.units import (
    Batching,
    _units_to_run,
    expected_units,
    iter_plans,
    iter_units,
    plan_file,
)
from reports.summary import hand_context, hands_by

HEADER = b"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2024/01/01 0:00:00 ET\n"


def _full_window_offset(window: bytes) -> int | None:
    """The search before the prefix shortcut: every line of the window."""
    start = window.find(b"\n") + 1
    if start == 0:
        return None
    found = _first_header(window[start:])
    return None if found is None or found < 0 else start + found


def test_a_header_past_the_scanned_prefix_is_still_found() -> None:
    filler = b"Seat 1: someone ($1 in chips)\n" * (2 * SCAN_BYTES // 30)
    window = b"tail of a line\n" + filler + HEADER + filler
    assert _header_offset(window) == _full_window_offset(window) == 15 + len(filler)


def test_the_prefix_and_the_whole_window_agree() -> None:
    for window in (
        b"partial\n" + HEADER * 3,  # header right after the first line break
        b"partial\n" + b"x\n" * 100 + HEADER,  # short window: searched whole
        b"no line break at all",
        b"partial\n" + b"y" * (2 * SCAN_BYTES) + b"\n" + HEADER,  # no whole line in the prefix
    ):
        assert _header_offset(window) == _full_window_offset(window)


def _sources(root: Path) -> list[InputSource]:
    return list(expand_inputs([str(root)]).sources)


def test_plans_made_in_threads_equal_plans_made_one_by_one(tmp_path: Path) -> None:
    sources = _sources(make_corpus(tmp_path))
    chunk = 64 << 10
    one_by_one = [plan_file(i, source, chunk) for i, source in enumerate(sources)]
    assert list(iter_plans(sources, chunk)) == one_by_one


def test_expected_units_are_about_the_units_cut_from_the_plans(tmp_path: Path) -> None:
    sources = _sources(make_corpus(tmp_path))
    for batching in (Batching(), Batching(64 << 10, 2, 64 << 10), Batching(chunk_bytes=0)):
        units = len(list(iter_units(iter_plans(sources, batching.chunk_bytes), batching)))
        expected = expected_units(sources, batching)  # cuts move to the next header: +-1
        assert abs(expected - units) <= 1 and (expected > 1) == (units > 1)


def test_a_finished_run_resumed_starts_no_worker_early(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    corpus = make_corpus(tmp_path / "in")
    sources = _sources(corpus)
    batching = Batching(chunk_bytes=64 << 10)
    store = PartStore(tmp_path / "out")
    assert _units_to_run(sources, batching, store) == expected_units(sources, batching) > 1
    run_corpus(corpus, tmp_path / "out", chunk_bytes=64 << 10, keep_parts=True)
    assert _units_to_run(sources, batching, store) <= 0


def test_prestarted_workers_run_the_units() -> None:
    started = []
    original = processes.Worker.__init__

    def counting(self: processes.Worker, env: dict[str, str]) -> None:
        started.append(env)
        original(self, env)

    processes.Worker.__init__ = counting  # type: ignore[method-assign]
    try:
        engine = ProcessEngine(workers=2)
        engine.prestart(4)
        assert sorted(engine.map(polars_threads, [1, 2, 3, 4])) == [1, 1, 1, 1]  # type: ignore[arg-type]
        assert len(started) == 2  # the two spares, no third worker
    finally:
        processes.Worker.__init__ = original  # type: ignore[method-assign]


def test_unneeded_spares_are_killed_and_the_unit_runs_here() -> None:
    engine = ProcessEngine(workers=2)
    engine.prestart(3)
    spares = [worker.process for worker in engine.spares]
    assert list(engine.map(len, ["abc"])) == [3]  # type: ignore[arg-type]
    engine.close(kill=True)
    assert all(process.poll() is not None for process in spares)


def test_hands_per_label_equal_a_count_over_every_hand() -> None:
    hands = report_frames.hands().vstack(
        report_frames.hands().with_columns(
            pl.col("hand_key") + 100,
            pl.lit(None, dtype=pl.String).alias("site"),
            pl.lit(None).cast(report_frames.hands().schema["started_at"]).alias("started_at"),
        )
    )
    for key in ("site", "stakes", "day", "table_name"):
        grouped = hands_by(hands.lazy(), key).sort("key").collect()
        direct = (
            hand_context(hands.lazy())
            .group_by(pl.col(key).alias("key"))
            .agg(pl.len().alias("hands"))
            .sort("key")
            .collect()
        )
        assert grouped.equals(direct), key
