"""Big files audited in chunks of hands give exactly the outputs of the whole-file audit."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import polars as pl
import pytest
from scale_corpus import CHUNK, CSVS, TABLES, comparable, make_corpus, run_corpus

from hhaudit.run.chunks import _splittable, plan_chunks, plan_cuts
from hhaudit.run.inputs import InputSource, expand_inputs
from hhaudit.run.runner import RunConfig, run_all


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_corpus(tmp_path_factory.mktemp("chunks"))


@pytest.fixture(scope="module")
def runs(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict]]:
    """The corpus audited whole and in chunks (each run once for the module)."""
    root = tmp_path_factory.mktemp("runs")
    return {
        name: (
            root / name,
            run_corpus(corpus, root / name, chunk_bytes=chunk_bytes, keep_parts=True),
        )
        for name, chunk_bytes in (("whole", 0), ("chunked", CHUNK))
    }


def test_cuts_fall_on_hand_headers(corpus: Path) -> None:
    big = corpus / "big.txt"
    cuts = plan_cuts(big, CHUNK)
    assert len(cuts) >= 6
    data = big.read_bytes()
    assert all(data[cut:].startswith(b"PokerStars Hand #") for cut in cuts)
    assert all(data[cut - 1 : cut] == b"\n" for cut in cuts[1:])


def test_plan_numbers_lines_and_covers_the_file(corpus: Path) -> None:
    big = corpus / "big.txt"
    planned = plan_chunks(InputSource(big.name, big), CHUNK)
    assert planned is not None
    _, chunks = planned
    data = big.read_bytes()
    assert chunks[0].start == 0 and chunks[-1].end == len(data)
    assert all(a.end == b.start for a, b in itertools.pairwise(chunks))
    assert all(c.first_line == data[: c.start].count(b"\n") + 1 for c in chunks)


def test_small_and_unsplittable_files_stay_whole(corpus: Path, tmp_path: Path) -> None:
    assert plan_cuts(corpus / "small.txt", CHUNK) == [0]
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes((corpus / "big.txt").read_text("utf-8").encode("utf-16"))
    assert plan_cuts(utf16, CHUNK) == [0]
    assert not _splittable(b"a\rb\r\n")


def test_chunked_run_equals_whole_run(runs: dict[str, tuple[Path, dict]]) -> None:
    (whole_dir, whole), (chunked_dir, chunked) = runs["whole"], runs["chunked"]
    parts = list((chunked_dir / ".parts").iterdir())
    assert len(parts) > 6  # the big file really was cut
    assert comparable(chunked) == comparable(whole)
    assert whole["totals"]["hands_quarantined"] >= 1
    assert whole["totals"]["violations"] > 0
    for table in TABLES:
        a = pl.read_parquet(whole_dir / f"{table}.parquet")
        b = pl.read_parquet(chunked_dir / f"{table}.parquet")
        assert a.equals(b), table
    for name in CSVS:
        assert (whole_dir / name).read_bytes() == (chunked_dir / name).read_bytes()


def test_chunked_resume_reuses_every_chunk(
    corpus: Path, runs: dict[str, tuple[Path, dict]]
) -> None:
    out, first = runs["chunked"]
    found = expand_inputs([str(corpus)])
    seen: list[bool] = []
    config = RunConfig(out, resume=True, chunk_bytes=CHUNK, keep_parts=True)
    again = run_all(found.sources, found.refused, config, lambda _e, reused: seen.append(reused))
    assert seen == [True, True]  # one call per file, chunks merged
    assert comparable(again) == comparable(first)
    record = json.loads((out / "run.json").read_text("utf-8"))
    assert [entry["path"] for entry in record["files"]] == [
        str(corpus / "big.txt"),
        str(corpus / "small.txt"),
    ]
