"""Batches: results split per file, and failures isolated to the file that causes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest
from run_fixtures import TRUNCATED_HAND, stars_file

import audit.entry
import parsers
import parsers.api
from hhaudit.run.batch import audit_batch, audit_file
from hhaudit.run.inputs import InputSource
from hhaudit.run.settings import AuditSettings
from parsers.tables import HandTables


@pytest.fixture
def sources(tmp_path: Path) -> list[InputSource]:
    (tmp_path / "a.txt").write_text(stars_file(100, 3, undersized_every=3))
    (tmp_path / "b.txt").write_text(stars_file(200, 2) + TRUNCATED_HAND)
    return [
        InputSource(str(tmp_path / "a.txt"), path=tmp_path / "a.txt"),
        InputSource("bundle.zip!c.txt", data=stars_file(300, 2, undersized_every=1).encode()),
        InputSource(str(tmp_path / "b.txt"), path=tmp_path / "b.txt"),
    ]


def test_batch_equals_one_by_one(sources: list[InputSource]) -> None:
    settings = AuditSettings()
    batch = audit_batch(sources, [7, 8, 9], settings)
    alone = [audit_file(s, fid, settings) for s, fid in zip(sources, [7, 8, 9], strict=True)]
    assert [r.entry for r in batch] == [r.entry for r in alone]
    for together, single in zip(batch, alone, strict=True):
        for name, frame in together.tables.items():
            assert frame.equals(single.tables[name]), name
    a, c, b = (r.entry for r in batch)
    assert (a.hands_audited, c.hands_audited, b.hands_audited) == (3, 2, 2)
    assert (b.hands_quarantined, b.hands_read) == (1, 3)
    assert (batch[0].tables["hands"]["hand_key"] // (1 << 32)).unique().to_list() == [7]
    assert (batch[1].tables["violations"]["hand_key"] // (1 << 32)).unique().to_list() == [8]
    assert batch[2].tables["quarantine"]["hand_id"].to_list() == ["999000111"]


def test_an_audit_crash_quarantines_only_the_file_that_causes_it(
    sources: list[InputSource], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_check = audit.entry.audit_hands  # the batch's audit step (hhaudit.run.batch imports it)

    def fragile_check(tables: HandTables[pl.DataFrame], *args: Any, **kwargs: Any) -> Any:
        if tables.hands["source_file"].str.contains("c.txt").any():
            raise ValueError("boom on c.txt")
        return real_check(tables, *args, **kwargs)

    monkeypatch.setattr(audit.entry, "audit_hands", fragile_check)
    a, c, b = audit_batch(sources, [0, 1, 2], AuditSettings())
    assert a.entry.error is None and a.entry.hands_audited == 3
    assert b.entry.hands_audited == 2
    assert c.entry.hands_audited == 0 and c.entry.hands_quarantined == c.entry.hands_read == 2
    assert "boom on c.txt" in c.entry.error
    reasons = c.tables["quarantine"]["reason"].to_list()
    assert len(reasons) == 2 and all("audit failed" in r for r in reasons)


def test_a_parser_crash_is_quarantined_with_its_reason(
    sources: list[InputSource], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_parse(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("parser exploded")

    # the worker reads the bytes itself: one source is parsed with parse_bytes, several in one
    # pipeline run with parse_many (both public: parsers, parsers.api)
    monkeypatch.setattr(parsers, "parse_bytes", broken_parse)
    monkeypatch.setattr(parsers.api, "parse_many", broken_parse)
    results = audit_batch(sources, [0, 1, 2], AuditSettings())
    for result in results:
        assert "parser exploded" in result.entry.error
        quarantine = result.tables["quarantine"]
        assert quarantine.height == 1 and quarantine["source_file"][0] == result.entry.path
        assert result.tables["hands"].is_empty()


def test_not_a_hand_history_gets_a_quarantine_row(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("hello, this is not poker\n")
    (result,) = audit_batch([InputSource(str(tmp_path / "x.txt"), path=tmp_path / "x.txt")],
                            [0], AuditSettings())  # fmt: skip
    assert result.entry.error and result.entry.hands_read == 0
    assert result.tables["quarantine"].select(pl.col("reason").str.len_chars() > 0).item()
