"""Count the judged and not-judged showdowns of the real-log corpus by site and reason.

For each site family of tests/corpus/real_corpus (its FOLDERS under ../shared/corpus/real, or
--corpus) the folders are parsed and the showdown hands (two or more players to the end and a
collect, audit/showdown/pots.py) are counted per hand site: judged, or not judged with the
first reason that holds (audit/showdown/award.py `judged_hands`). The table of docs/showdown.md
"Real corpus" is this output:

    PYTHONPATH=$PWD .venv/bin/python -m tools.showdown_table [--corpus DIR] [--family NAME ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import polars as pl

from audit.showdown.award import judged_hands
from audit.showdown.deck import deck_problems
from audit.showdown.known import card_rows, full_boards, hole_cards
from audit.showdown.pots import build_pots, not_all_in, paid_nothing, player_money
from parsers import parse_paths

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"


def _families() -> dict[str, tuple[str, ...]]:
    """Site family -> its corpus folders (tests/corpus/real_corpus/<family>.py FOLDERS)."""
    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    from real_corpus import SITES, site_module

    return {site: tuple(site_module(site).FOLDERS) for site in SITES}


def judged_per_hand(paths: list[Path]) -> pl.DataFrame:
    """(site, not_judged) per showdown hand of the files under `paths` (null = judged)."""
    parsed = parse_paths(paths)
    rows = card_rows(parsed.cards, parsed.hands)
    deck = deck_problems(rows)
    hole, boards = hole_cards(rows), full_boards(rows)
    money = player_money(parsed.actions)
    conceded = not_all_in(hole.filter(pl.col("conceded")), money, parsed.seats)
    conceded = paid_nothing(conceded, money)
    pots = build_pots(money, parsed.hands, conceded)
    judged = judged_hands(pots, money, parsed.hands, hole, boards, deck)
    return judged.join(parsed.hands.select("hand_key", "site"), on="hand_key").select(
        "site", "not_judged"
    )


def counts(frame: pl.DataFrame) -> pl.DataFrame:
    """(site, judged, not judged by reason as text) per site."""
    judged = frame.group_by("site").agg(judged=pl.col("not_judged").is_null().sum())
    reasons = (
        frame.filter(pl.col("not_judged").is_not_null())
        .group_by("site", "not_judged")
        .len()
        .sort("site", "len", "not_judged", descending=[False, True, False])
        .group_by("site", maintain_order=True)
        .agg(reasons=pl.format("{} {}", "len", "not_judged").str.join(", "))
    )
    table = judged.join(reasons, on="site", how="left")
    return table.with_columns(pl.col("reasons").fill_null("—")).sort("site")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--family", action="append", help="only these families (repeatable)")
    args = parser.parse_args(argv)
    families = _families()
    print("| family | site | judged | not judged, by reason |")
    print("|---|---|---|---|")
    for family, folders in families.items():
        if args.family and family not in args.family:
            continue
        paths = [args.corpus / f for f in folders if (args.corpus / f).exists()]
        for row in counts(judged_per_hand(paths)).iter_rows(named=True):
            print(f"| {family} | {row['site']} | {row['judged']} | {row['reasons']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
