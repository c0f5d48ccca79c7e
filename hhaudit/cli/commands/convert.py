"""`hhaudit convert PATH... --to phh --out DIR`: write parsed hands as PHH for PokerKit replay.

One `.phhs` per input file (hands as `[1]`, `[2]`, ...), named after the input file. The cards
are the log's, `??` where it shows none (parsers/writers/phh.py). Hands that PHH cannot express
are skipped with a reason (stderr and `convert.json`); quarantined hands are counted there too.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import polars as pl

from audit.state.stakes import STAKES, effective_stakes
from parsers import ParsedTables, expand_paths, parse_paths
from parsers.writers.phh import to_phh
from reports.atomic import write_text_atomic

FORMATS = ("phh",)


def _output_name(path: Path, index: int, taken: set[str]) -> str:
    """`<stem>.phhs`, made unique with the input's position when two inputs share a stem."""
    name = f"{path.stem}.phhs"
    if name in taken:
        name = f"{path.stem}.{index}.phhs"
    taken.add(name)
    return name


def _file_tables(tables: ParsedTables, file_id: int) -> tuple[pl.DataFrame, ...]:
    in_file = (pl.col("hand_key") // (1 << 32)) == file_id
    names = ("hands", "seats", "actions", "cards")
    return tuple(getattr(tables, name).filter(in_file) for name in names)


def _audited_stakes(
    hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame
) -> pl.DataFrame:
    """`hands` at the stakes the audit judges them at (audit/state/stakes.py): where the posts
    contradict the header (an edited header, a tournament level changed between the header and
    the posts) the posts' stakes, so PokerKit replays the hand the audit judged; null stakes
    (ambiguous posts) make the writer skip the hand."""
    audited = effective_stakes(hands, seats, actions).select("hand_key", *STAKES)
    return hands.drop(*STAKES).join(audited, on="hand_key", how="left").select(hands.columns)


def convert_tables(tables: ParsedTables, inputs: list[Path], out: Path) -> dict[str, object]:
    """Write one .phhs per input file with hands; return the summary written to convert.json."""
    taken: set[str] = set()
    files: list[dict[str, object]] = []
    written = skipped = quarantined = 0  # the hands of every file
    for file_id, (path, report) in enumerate(zip(inputs, tables.files, strict=True)):
        hands, seats, actions, cards = _file_tables(tables, file_id)
        result = to_phh(_audited_stakes(hands, seats, actions), seats, actions, cards)
        entry: dict[str, object] = {
            "path": str(path),
            "hands_read": report.hands_read,
            "quarantined": report.hands_quarantined,
            "written": len(result.written),
            "skipped": result.skipped.drop("hand_key").to_dicts(),
            "output": None,
        }
        written += len(result.written)
        skipped += result.skipped.height
        quarantined += report.hands_quarantined
        if result.written:
            name = _output_name(path, file_id, taken)
            write_text_atomic(out / name, "\n".join(text for _, text in result.written))
            entry["output"] = name
        files.append(entry)
    return {
        "format": "phh",
        "files": len(files),
        "hands_written": written,
        "hands_skipped": skipped,
        "hands_quarantined": quarantined,
        "inputs": files,
    }


@click.command("convert")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--to", "target", required=True, type=click.Choice(FORMATS), help="Output format.")
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Directory for one .phhs per input file and convert.json.",
)
def convert(paths: tuple[Path, ...], target: str, out: Path) -> None:
    """Convert hand histories (any supported site) to PHH for replay in PokerKit.

    \b
    Example:
      hhaudit convert ~/HandHistory --to phh --out out/phh
    """
    inputs = expand_paths(paths)
    tables = parse_paths(inputs)
    out.mkdir(parents=True, exist_ok=True)
    summary = convert_tables(tables, inputs, out)
    write_text_atomic(out / "convert.json", json.dumps(summary, indent=2) + "\n")
    for entry in summary["inputs"]:  # type: ignore[attr-defined]
        for skip in entry["skipped"]:
            click.echo(
                f"{entry['path']}:{skip['line_no']}: hand {skip['hand_id']} skipped: "
                f"{skip['reason']}",
                err=True,
            )
    click.echo(
        f"{summary['files']} files: {summary['hands_written']} hands written, "
        f"{summary['hands_skipped']} skipped, {summary['hands_quarantined']} quarantined "
        f"-> {out}",
        err=True,
    )


__all__ = ["convert", "convert_tables"]
