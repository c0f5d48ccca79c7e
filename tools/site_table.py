"""Measure the real-log corpus and write the README's site table (`make sites`).

Runs `hhaudit run` on each site folder of ../shared/corpus/real (or --corpus), reads what the
run wrote (run.json, quarantine.csv, violations.parquet) and prints, per site and per source:
hands read, hands that are not readable hands (later copies of a hand, cancelled hands,
unsupported games and formats), audited hands, the share of readable hands audited, quarantined
hands by reason code, and the root-cause flags (warning and violation; consequences linked by
`caused_by` counted apart) by code and category.
With --write README.md the table between the `site-table` markers of that file is replaced.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from parsers.core.quarantine_reasons import NOT_READABLE_CODES

#: Corpus folder -> the site family it is reported under (PokerStars clones with PokerStars).
FAMILY = {
    "runitonce": "pokerstars",
    "pokerbros": "pokerstars",
    "pokermaster": "pokerstars",
    "pppoker": "pokerstars",
}
TARGETS = (
    "pokerstars",
    "winamax",
    "ggpoker",
    "partypoker",
    "888poker",
    "ipoker",
    "wpn",
    "bovada",
    "phh",
)
BEGIN, END = "<!-- site-table:begin -->", "<!-- site-table:end -->"


@dataclass
class Tally:
    read: int = 0
    duplicates: int = 0  # every hand that is not a readable hand (NOT_READABLE_CODES)
    audited: int = 0
    consequences: int = 0
    quarantined: Counter[str] = field(default_factory=Counter)
    flags: Counter[str] = field(default_factory=Counter)

    @property
    def readable(self) -> int:
        return self.read - self.duplicates

    def add(self, other: Tally) -> None:
        self.read += other.read
        self.duplicates += other.duplicates
        self.audited += other.audited
        self.consequences += other.consequences
        self.quarantined.update(other.quarantined)
        self.flags.update(other.flags)


def _source_of(path: str, corpus: Path) -> str:
    parts = Path(path).resolve().relative_to(corpus.resolve()).parts
    return parts[1] if len(parts) > 2 else "-"


def measure_folder(folder: Path, corpus: Path, hhaudit: str) -> dict[str, Tally]:
    """One `hhaudit run` over the folder -> a Tally per source repository."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [hhaudit, "run", str(folder), "--out", out, "--exit-zero", "--workers", "1"],
            check=True,
            capture_output=True,
        )
        run = json.loads((Path(out) / "run.json").read_text())
        quarantine = pl.read_parquet(Path(out) / "quarantine.parquet")
        violations = pl.read_parquet(Path(out) / "violations.parquet")
    tallies: dict[str, Tally] = {}
    for entry in run["files"]:
        tally = tallies.setdefault(_source_of(entry["path"], corpus), Tally())
        tally.read += entry["hands_read"]
        tally.audited += entry.get("hands_audited", 0)
    for row in quarantine.iter_rows(named=True):
        tally = tallies.setdefault(_source_of(row["source_file"], corpus), Tally())
        key = row["reason_code"]
        if key in NOT_READABLE_CODES:
            tally.duplicates += 1
        tally.quarantined[key] += 1
    category = "category" if "category" in violations.columns else "severity"
    for row in violations.iter_rows(named=True):
        tally = tallies.setdefault(_source_of(row["source_file"], corpus), Tally())
        if row["severity"] == "info":
            continue
        if row.get("caused_by"):
            tally.consequences += 1
            continue
        label = f"{row['code']}" + (f" ({row[category]})" if category == "category" else "")
        tally.flags[f"{row['severity']}: {label}"] += 1
    return tallies


def _counter_text(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counter.most_common()) or "—"


def _flags_text(tally: Tally) -> str:
    text = _counter_text(tally.flags)
    if tally.consequences:
        text += f" (+{tally.consequences} linked consequences)"
    return text


def table(per_site: dict[str, dict[str, Tally]], per_source: bool = True) -> str:
    lines = [
        "| site | source | read | not readable (copies, cancelled, unsupported) "
        "| audited / readable | quarantined (reason code) "
        "| root-cause flags (warning, violation) |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for site in sorted(per_site, key=lambda s: (s not in TARGETS, s)):
        sources = per_site[site]
        total = Tally()
        for tally in sources.values():
            total.add(tally)
        rate = f"{100 * total.audited / total.readable:.1f} %" if total.readable else "—"
        lines.append(
            f"| **{site}** | all | {total.read} | {total.duplicates} | "
            f"{total.audited} / {total.readable} ({rate}) | {_counter_text(total.quarantined)} | "
            f"{_flags_text(total)} |"
        )
        if per_source and len(sources) > 1:
            for source, tally in sorted(sources.items()):
                lines.append(
                    f"| | {source} | {tally.read} | {tally.duplicates} | "
                    f"{tally.audited} / {tally.readable} | {_counter_text(tally.quarantined)} | "
                    f"{_flags_text(tally)} |"
                )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus/real"))
    parser.add_argument("--hhaudit", default=str(Path(sys.executable).with_name("hhaudit")))
    parser.add_argument("--only", nargs="*", help="site folders to measure (default: all)")
    parser.add_argument("--all-sites", action="store_true", help="also the sites without a target")
    parser.add_argument(
        "--write", type=Path, help="replace the table (one row per site) between the markers here"
    )
    parser.add_argument(
        "--write-detail", type=Path, help="the same with a row per source, between the markers"
    )
    args = parser.parse_args(argv)
    per_site: dict[str, dict[str, Tally]] = {}
    for folder in sorted(p for p in args.corpus.iterdir() if p.is_dir()):
        site = FAMILY.get(folder.name, folder.name)
        if args.only and folder.name not in args.only and site not in args.only:
            continue
        if not args.all_sites and site not in TARGETS:
            continue
        for source, tally in measure_folder(folder, args.corpus, args.hhaudit).items():
            per_site.setdefault(site, {}).setdefault(source, Tally()).add(tally)
    text = table(per_site)
    print(text)
    if args.write:
        _replace_between_markers(args.write, table(per_site, per_source=False))
    if args.write_detail:
        _replace_between_markers(args.write_detail, text)
    return 0


def _replace_between_markers(path: Path, text: str) -> None:
    body = path.read_text()
    start, end = body.index(BEGIN) + len(BEGIN), body.index(END)
    path.write_text(body[:start] + "\n" + text + "\n" + body[end:])


if __name__ == "__main__":
    raise SystemExit(main())
