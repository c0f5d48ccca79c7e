"""Formats without a parser: every hand counted and quarantined, naming its format.

Samples in tests/sites/unsupported_formats/ are written for these tests (a few header lines
per hand, names and numbers invented). On the corpus (../shared), every file of the folders
of these formats must read as many hands as it has hand headers, counted independently of the
parsers (tests/header_count.py; MANIFEST.csv's count left the stud and draw files added later
at 0).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from conftest import CORPUS, REPO, SAMPLE_DATA, require_shared
from header_count import count_file
from site_helpers import sample_files

from parsers.api import parse_bytes, parse_paths
from parsers.detect import FORMATS

SAMPLES = REPO / "tests" / "sites" / "unsupported_formats"

#: sample file -> (site/format name in the file report, label in the reason, header lines)
EXPECTED: dict[str, tuple[str, str, list[int]]] = {
    "betfair.txt": ("betfair", "Betfair", [1]),
    "boss-media.xml": ("boss-media", "Boss Media XML", [3, 6]),
    "cake.txt": ("cake", "Cake", [1, 6]),
    "cake-double-bom.txt": ("cake", "Cake", [1]),
    "cereus-stage.txt": ("cereus", "Absolute Poker / UltimateBet", [1, 6]),
    "chico-betonline.txt": ("chico", "Chico (BetOnline)", [1, 6]),
    "entraction.txt": ("entraction", "Entraction", [1]),
    "everest.xml": ("everest", "Everest Poker", [2, 5]),
    "everleaf.txt": ("everleaf", "Everleaf", [2, 8]),
    "fulltilt.txt": ("fulltilt", "Full Tilt Poker", [1]),
    "igt.json.txt": ("igt", "IGT (JSON)", [1]),
    "kingsclub.txt": ("kingsclub", "Kings Club", [1, 5]),
    "merge.xml": ("merge", "Merge", [2]),
    "merge-pokertracker.txt": ("merge", "Merge", [1]),
    "microgaming.xml": ("microgaming", "Microgaming XML", [1, 6]),
    "ongame.txt": ("ongame", "OnGame", [1, 5]),
    "pkr.txt": ("pkr", "PKR", [2, 7]),
    "pokertracker-ipoker.txt": ("pokertracker-ipoker", "PokerTracker iPoker text", [1, 5]),
    "pokertracker-microgaming.txt": (
        "pokertracker-microgaming",
        "PokerTracker Microgaming text",
        [1, 4],
    ),
    "sealswithclubs.txt": ("sealswithclubs", "Seals With Clubs", [1]),
    "unibet-enet.txt": ("unibet-enet", "Unibet / Enet", [1, 4]),
}

#: corpus folders of formats without a parser (some files in them are in a parsed format:
#: they count too, read by their parser)
UNSUPPORTED_FOLDERS = (
    "absolute",
    "betfair",
    "betonline-chico",
    "boss-media",
    "cake",
    "enet",
    "entraction",
    "everest",
    "everleaf",
    "fulltilt",
    "igt",
    "kingsclub",
    "merge",
    "microgaming",
    "ongame",
    "pkr",
    "pokertracker-format",
    "sealswithclubs",
    "ultimatebet",
    "unibet",
)


def test_every_sample_is_listed() -> None:
    assert sorted(p.name for p in SAMPLES.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hand_is_quarantined_naming_its_format(name: str) -> None:
    site, label, lines = EXPECTED[name]
    tables = parse_paths([SAMPLES / name])
    (report,) = tables.files
    assert tables.hands.is_empty()
    assert (report.site, report.error) == (site, None)
    assert report.hands_read == report.hands_quarantined == len(lines)
    quarantine = tables.quarantine.sort("line_no")
    assert quarantine["reason"].to_list() == [
        f"line {n}: no parser for {label} hand histories yet" for n in lines
    ]
    assert set(quarantine["reason_code"]) == {"unsupported_format"}
    assert set(quarantine["site"]) == {site}


def test_formats_without_parser_come_after_every_parsed_format() -> None:
    parsed = [i for i, f in enumerate(FORMATS) if f.grammar or f.document]
    unparsed = [i for i, f in enumerate(FORMATS) if not (f.grammar or f.document)]
    assert unparsed and max(parsed) < min(unparsed)


def test_a_parsed_hand_after_an_unsupported_one_stays_with_its_parser() -> None:
    stars = (SAMPLE_DATA / "NLHE-2max-USD-0.50-1.00.heads-up.txt").read_bytes()
    alone = parse_bytes(stars, "stars.txt")
    ongame = (SAMPLES / "ongame.txt").read_bytes()
    mixed = parse_bytes(ongame + b"\n" + stars, "mixed.txt")
    assert alone.hands.height > 0 and alone.quarantine.is_empty()
    assert mixed.hands["hand_id"].to_list() == alone.hands["hand_id"].to_list()
    assert mixed.quarantine["reason"].to_list() == [
        "line 1: no parser for OnGame hand histories yet",
        "line 5: no parser for OnGame hand histories yet",
    ]
    assert mixed.files[0].hands_read == 2 + alone.hands.height


def test_no_sample_of_a_parsed_site_is_taken_by_a_format_without_parser() -> None:
    sites = [p.name for p in (REPO / "tests" / "sites").iterdir() if p.is_dir()]
    samples = [f for site in sites if site != "unsupported_formats" for f in sample_files(site)]
    tables = parse_paths([*samples, SAMPLE_DATA])
    assert tables.hands.height > 100
    taken = tables.quarantine.filter(pl.col("reason_code") == "unsupported_format")
    assert taken.is_empty(), taken["reason"].to_list()


def _manifest() -> pl.DataFrame:
    manifest = pl.read_csv(require_shared(CORPUS / "MANIFEST.csv"), infer_schema_length=0)
    return manifest.select(
        "path",
        pl.col("path").str.split("/").list.first().alias("folder"),
        pl.col("hands").cast(pl.Int64),
    )


@pytest.mark.parametrize("folder", UNSUPPORTED_FOLDERS)
def test_every_corpus_hand_of_a_format_without_parser_is_counted(folder: str) -> None:
    expected = _manifest().filter(pl.col("folder") == folder)
    assert expected.height > 0, f"no MANIFEST row for {folder}"
    paths = [CORPUS / p for p in expected["path"]]
    tables = parse_paths(paths)
    read = pl.DataFrame(
        {
            "path": [str(Path(r.path).relative_to(CORPUS)) for r in tables.files],
            "read": [r.hands_read for r in tables.files],
            "accounted": [r.hands_parsed + r.hands_quarantined for r in tables.files],
        }
    )
    headers = [count_file(CORPUS / p) for p in expected["path"]]
    joined = expected.with_columns(hands=pl.Series(headers)).join(read, on="path", how="left")
    assert joined["hands"].sum() > 0
    # every hand counted (its header), and each one parsed or quarantined
    hands = pl.col("hands")
    wrong = joined.filter((pl.col("read") != hands) | (pl.col("accounted") != hands))
    assert wrong.is_empty(), wrong.to_dicts()
