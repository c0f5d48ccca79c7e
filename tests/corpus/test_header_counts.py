"""hands_read equals the hand headers in the inputs (#29): every fixture of the project and every
file of ../shared/corpus/real, counted by tests/header_count.py (written independently of the
parsers) against what the parser reads; each hand read is parsed or quarantined.

Archives are counted the same way end to end in tests/run/test_run_archives.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, REPO, SAMPLE_DATA, require_shared
from header_count import count_file

from parsers import parse_paths

#: Files of the project that are no hand history (code, expected outputs, docs).
NOT_INPUTS = {".py", ".pyc", ".json", ".md", ".csv", ".png", ".toml"}
CORPUS_FILES_NOT_INPUTS = {"MANIFEST.csv", "PROVENANCE.md"}


def _fixtures() -> list[Path]:
    files = [
        path
        for base in (SAMPLE_DATA, REPO / "tests")
        for path in base.rglob("*")
        if path.is_file() and path.suffix not in NOT_INPUTS and "__pycache__" not in path.parts
    ]
    return sorted(files)


def _mismatches(files: list[Path]) -> list[tuple[str, int, int]]:
    """(file, hands the parser read, headers counted) where they differ, or where a hand read
    is neither parsed nor quarantined."""
    reports = {report.path: report for report in parse_paths(files).files}
    wrong = []
    for path in files:  # a loop over files
        report = reports[str(path)]
        counted = count_file(path)
        accounted = report.hands_parsed + report.hands_quarantined
        if report.hands_read != counted or accounted != counted:
            wrong.append((str(path), report.hands_read, counted))
    return wrong


def test_every_fixture_reads_as_many_hands_as_it_has_headers() -> None:
    files = _fixtures()
    assert len(files) > 100
    assert sum(count_file(path) for path in files) > 200
    assert _mismatches(files) == []


def _corpus_folders() -> list[str]:
    if not CORPUS.is_dir():
        return ["(absent)"]
    return sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


@pytest.mark.corpus
@pytest.mark.parametrize("folder", _corpus_folders())
def test_every_corpus_file_reads_as_many_hands_as_it_has_headers(folder: str) -> None:
    root = require_shared(CORPUS / folder)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    files = [p for p in files if p.name not in CORPUS_FILES_NOT_INPUTS]
    assert files
    assert _mismatches(files) == []
