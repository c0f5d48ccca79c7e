"""Every PokerStars-format file of ../shared/corpus/real, read on its own terms (skipped when
../shared is absent). The site-family numbers (audited / readable, damaged hands, proven
flags) are held by tests/corpus/test_real_corpus.py with tests/corpus/real_corpus/pokerstars.py.

- hands read = hand headers counted by a regex written here, independently of
  parsers/sites/pokerstars/grammar.py (upper-case PokerTracker exports included), and every hand is
  parsed or quarantined with a reason naming its line;
- the tables agree with one another;
- the site profiles the corpus needs are what makes its walks clean (Run It Once, Bovada
  converted to the PokerStars format).

Folders: pokerstars, runitonce, pokerbros, pokermaster, pppoker, and the Full Tilt files written
on the PokerStars platform (2016, `Full Tilt Hand #`).
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import polars as pl
import pytest

from audit import Options, check
from parsers import parse_file, parse_paths

pytestmark = pytest.mark.corpus

FOLDERS = ("pokerstars", "runitonce", "pokerbros", "pokermaster", "pppoker", "fulltilt")
# Written for this test, independently of parsers/sites/pokerstars/grammar.py.
HAND_HEADER = re.compile(
    r"^\s*(?:PokerStars(?: Zoom| Home Game)?|Run It Once Poker|PokerBros|PokerMaster|PPPoker"
    r"|Full Tilt(?: Rush)?) (?:Game|Hand) #\d+: ",
    re.IGNORECASE,
)


def _text(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # an odd byte count (a file cut mid-character, fulltilt/.../3-Draw-Limit-...-201011.txt)
        # is one replacement character, not a reason to count nothing
        return data.decode("utf-16", errors="replace")
    while data.startswith(codecs.BOM_UTF8):  # also before a cp1252 body
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
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
    files = [path for folder in FOLDERS for path in _stars_files(corpus_dir, folder)]
    return files, parse_paths(files)


def test_hand_counts_match_independent_header_count(parsed):
    files, tables = parsed
    reports = {report.path: report for report in tables.files}
    assert len(files) > 200
    for path in files:
        report = reports[str(path)]
        assert report.hands_read == _headers(path), path
        assert report.hands_read == report.hands_parsed + report.hands_quarantined, path
        assert report.error is None, (path, report.error)


def test_hand_counts_match_the_manifest(parsed, corpus_dir: Path):
    """MANIFEST.csv's `hands` (counted when the corpus was collected) per file."""
    _, tables = parsed
    manifest = pl.read_csv(corpus_dir / "MANIFEST.csv", infer_schema_length=0).select(
        pl.col("path"), pl.col("hands").cast(pl.Int64)
    )
    read = pl.DataFrame(
        {
            "path": [str(Path(r.path).relative_to(corpus_dir)) for r in tables.files],
            "read": [r.hands_read for r in tables.files],
        }
    )
    joined = read.join(manifest, on="path", how="inner")
    assert joined.height > 200
    assert joined.filter(pl.col("read") != pl.col("hands")).rows() == []


def test_every_quarantine_reason_names_a_line(parsed):
    _, tables = parsed
    assert tables.quarantine.height > 0
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


def _violation_codes(tables, site: str, **options: object) -> set[str]:
    hands = tables.hands.with_columns(site=pl.lit(site))
    per_site = {site: Options(**options)} if options else None
    found = check(hands, tables.seats, tables.actions, site_options=per_site).violations
    return set(found.filter(pl.col("severity") == "violation")["code"])


def test_runitonce_profile_accepts_its_walks(corpus_dir: Path) -> None:
    walk = corpus_dir / "runitonce/fpdb-3/cash/NLHE-6max-EUR-0.05-0.10-201906.RIO.walk.txt"
    tables = parse_file(walk)
    assert {"POT-TOTAL", "UNCALLED-RETURN"} <= _violation_codes(tables, "pokerstars")
    assert _violation_codes(tables, "runitonce") == set()


@pytest.mark.parametrize(
    "name",
    [
        "cash/NLHE-6-max-USD-10-20-201701.pot1.converted.walk.txt",  # whole BB returned
        "cash/NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt",  # uncalled kept
        "tour/NLHE-6max-MTT-USD-125-201505.old.converted.walk.no.sb.txt",
    ],
)
def test_converted_bovada_walks_are_bovada_hands_clean_under_its_profile(
    corpus_dir: Path, name: str
) -> None:
    tables = parse_file(corpus_dir / "pokerstars/fpdb-3" / name)
    assert tables.hands["site"].to_list() == ["bovada"]
    assert {"POT-TOTAL", "UNCALLED-RETURN"} <= _violation_codes(tables, "pokerstars")
    assert _violation_codes(tables, "bovada") == set()
