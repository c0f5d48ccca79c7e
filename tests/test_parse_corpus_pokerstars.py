"""Every PokerStars-format file of ../shared/corpus/real: hands counted independently, >= 99 %
parsed per folder, every quarantine reason names a line. Skipped when ../shared is absent.

Folders: pokerstars, runitonce, pokerbros, pokermaster, pppoker, and the Full Tilt files written
on the PokerStars platform (2016, `Full Tilt Hand #`). pokertracker-format is not
PokerStars-like (Merge/Everest/iPoker/Microgaming verbs: "Post SB", "Call", "Raise (NF)").
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from parsers import parse_paths

pytestmark = pytest.mark.corpus

FOLDERS = ("pokerstars", "runitonce", "pokerbros", "pokermaster", "pppoker", "fulltilt")
# Written for this test, independently of parsers/pokerstars.py.
HAND_HEADER = re.compile(
    r"^\s*(?:PokerStars(?: Zoom| Home Game)?|Run It Once Poker|PokerBros|PokerMaster|PPPoker"
    r"|Full Tilt(?: Rush)?) (?:Game|Hand) #\d+: "
)


def _text(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _headers(path: Path) -> int:
    lines = _text(path).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return sum(1 for line in lines if HAND_HEADER.match(line.lstrip("\ufeff")))


def _stars_files(corpus: Path, folder: str) -> list[Path]:
    files = sorted(p for p in (corpus / folder).rglob("*") if p.is_file())
    if folder == "fulltilt":  # only the hands written on the PokerStars platform
        files = [p for p in files if _headers(p)]
    return files


@pytest.fixture(scope="module")
def parsed(corpus_dir):
    files = {folder: _stars_files(corpus_dir, folder) for folder in FOLDERS}
    everything = [path for folder in FOLDERS for path in files[folder]]
    return files, parse_paths(everything)


def _summary(files, tables) -> pl.DataFrame:
    reports = {report.path: report for report in tables.files}
    rows = []
    for folder, paths in files.items():
        mine = [reports[str(p)] for p in paths]
        reasons = tables.quarantine.filter(pl.col("source_file").is_in([str(p) for p in paths]))[
            "reason"
        ].str.replace(r"^line \d+: ", "")
        top = Counter(r.split(" '")[0] for r in reasons.to_list()).most_common(3)
        rows.append(
            {
                "folder": folder,
                "files": len(mine),
                "hands_read": sum(r.hands_read for r in mine),
                "parsed": sum(r.hands_parsed for r in mine),
                "quarantined": sum(r.hands_quarantined for r in mine),
                "top_reasons": "; ".join(f"{n}× {r}" for r, n in top),
            }
        )
    return pl.DataFrame(rows)


def test_hand_counts_match_independent_header_count(parsed):
    files, tables = parsed
    reports = {report.path: report for report in tables.files}
    for paths in files.values():
        for path in paths:
            report = reports[str(path)]
            assert report.hands_read == _headers(path), path
            assert report.hands_read == report.hands_parsed + report.hands_quarantined, path
            assert report.error is None, (path, report.error)


def test_at_least_99_percent_parsed_per_folder(parsed):
    files, tables = parsed
    summary = _summary(files, tables)
    with pl.Config(tbl_rows=20, tbl_width_chars=200, fmt_str_lengths=120):
        print(summary)
    for row in summary.iter_rows(named=True):
        assert row["hands_read"] > 0, row
        assert row["parsed"] >= 0.99 * row["hands_read"], row


def test_every_quarantine_reason_names_a_line(parsed):
    _, tables = parsed
    assert tables.quarantine["reason"].str.contains(r"^line \d+: ").all()
    assert tables.quarantine["line_no"].is_not_null().all()


def test_tables_are_consistent(parsed):
    _, tables = parsed
    keys = set(tables.hands["hand_key"])
    assert set(tables.seats["hand_key"]) == keys
    assert set(tables.actions["hand_key"]) <= keys
    assert tables.hands["hand_key"].is_unique().all()
    assert tables.actions.select(pl.col("seat").is_null().sum()).item() == 0
    betting = tables.actions.filter(pl.col("kind").is_in(["call", "bet", "raise"]))
    assert (betting["amount"] > 0).all()
    raises = tables.actions.filter(pl.col("kind").is_in(["bet", "raise"]))
    assert (raises["to_amount"] >= raises["amount"]).all()
