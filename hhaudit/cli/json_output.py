"""`--output-format json`: one JSON object per flag on stdout (JSON lines), then a summary object.

    hhaudit run logs/ --out out/x --output-format json | jq -r 'select(.type == "flag") | .code'

Every line is an object with a `type`: `"flag"` for each flag of violations.parquet (root causes
and their consequences alike, in the table's order; `caused_by` is null for a root cause), then
one `"summary"`, last. Amounts are decimal strings in the hand's own unit ("0.15" at scale 100,
"1500" in chips) with the hand's `currency`, never floats. FLAG_SCHEMA and SUMMARY_SCHEMA are the
contract (JSON Schema; tests/cli/test_json_output.py holds the output to them); docs/reports.md
lists the fields. Diagnostics and progress stay on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click
import polars as pl

from reports.columns import decimal_amount

OUTPUT_FORMATS: tuple[str, ...] = ("text", "json")
AMOUNTS: tuple[str, ...] = ("amount_to", "to_call", "min_to", "max_to")
_DECIMAL = {"type": ["string", "null"], "pattern": r"^-?\d+(\.\d+)?$"}
_TEXT = {"type": ["string", "null"]}
_COUNT = {"type": "integer", "minimum": 0}

FLAG_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "hhaudit flag",
    "type": "object",
    "required": [
        "type",
        "code",
        "category",
        "severity",
        "site",
        "hand_id",
        "file",
        "line",
        "street",
        "seq",
        "player",
        "action",
        *AMOUNTS,
        "currency",
        "message",
        "flag_id",
        "caused_by",
    ],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "flag"},
        "code": {"type": "string", "pattern": "^[A-Z][A-Z0-9-]*$"},
        "category": {"type": "string"},
        "severity": {"enum": ["violation", "warning", "info"]},
        "site": {"type": "string"},
        "hand_id": {"type": "string"},
        "hand_uid": _TEXT,  # when the tables carry them (docs/tables.md)
        "run_id": _TEXT,
        "file": {"type": "string"},
        "line": {"type": ["integer", "null"], "minimum": 1},
        "street": _TEXT,
        "seq": {"type": ["integer", "null"], "minimum": 0},
        "player": _TEXT,
        "action": _TEXT,
        **{name: _DECIMAL for name in AMOUNTS},
        "currency": _TEXT,
        "message": {"type": "string"},
        "flag_id": {"type": "string"},
        "caused_by": _TEXT,
    },
}
SUMMARY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "hhaudit summary",
    "type": "object",
    "required": [
        "type",
        "command",
        "flags",
        "consequences",
        "violations",
        "warnings",
        "infos",
        "by_code",
        "quarantine_by_code",
        "fail_on",
        "exit_status",
    ],
    "properties": {
        "type": {"const": "summary"},
        "command": {"enum": ["run", "check"]},
        **{name: _COUNT for name in ("flags", "consequences", "violations", "warnings", "infos")},
        "by_code": {"type": "object", "additionalProperties": _COUNT},
        "quarantine_by_code": {"type": "object", "additionalProperties": _COUNT},
        # run only: the top-up, rebuy and add-on lines read (run.json totals.additions)
        "additions": {
            "type": "object",
            "required": ["lines", "by_kind", "by_site"],
            "properties": {
                "lines": _COUNT,
                "by_kind": {"type": "object", "additionalProperties": _COUNT},
                "by_site": {
                    "type": "object",
                    "additionalProperties": {"type": "object", "additionalProperties": _COUNT},
                },
            },
        },
        "fail_on": {"enum": ["violation", "warning", "info", "quarantine", "never"]},
        "exit_status": {"enum": [0, 1]},
    },
}


def output_format_option(command: Any) -> Any:
    return click.option(
        "--output-format",
        type=click.Choice(OUTPUT_FORMATS),
        default="text",
        show_default=True,
        help="What goes to stdout: text (nothing; the summary is on stderr) or json (one JSON "
        "object per flag, then a summary object: JSON lines for jq).",
    )(command)


def flag_frame(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.DataFrame:
    """One row per flag with the fields of FLAG_SCHEMA, amounts as decimal strings."""
    present = violations.collect_schema().names()
    own_units = [name for name in ("scale", "currency") if name in present]
    units = hands.select("hand_key", "scale", "currency")
    joined = violations.drop(own_units).join(
        units, on="hand_key", how="left", maintain_order="left"
    )
    uid = [pl.col("hand_uid").cast(pl.String)] if "hand_uid" in present else []
    run = [pl.col("run_id").cast(pl.String)] if "run_id" in present else []
    return joined.select(
        pl.lit("flag").alias("type"),
        "code",
        "category",
        pl.col("severity").cast(pl.String),
        "site",
        "hand_id",
        *uid,
        pl.col("source_file").alias("file"),
        pl.col("line_no").alias("line"),
        pl.col("street").cast(pl.String),
        "seq",
        "player",
        "action",
        *(decimal_amount(name).alias(name) for name in AMOUNTS),
        "currency",
        "message",
        "flag_id",
        "caused_by",
        *run,
    ).collect()


def write_json_lines(flags: pl.DataFrame, summary: Mapping[str, Any]) -> None:
    """The flag lines, then the summary line, on stdout."""
    if flags.height:
        click.echo(flags.write_ndjson(), nl=False)
    click.echo(
        json.dumps({"type": "summary", **summary}, ensure_ascii=False, separators=(",", ":"))
    )


def severity_counts(violations: pl.DataFrame) -> dict[str, Any]:
    """Root-cause counts of a violations table, as run.json's totals name them."""
    root = pl.col("caused_by").is_null()
    severity = pl.col("severity").cast(pl.String)
    roots = violations.filter(root)
    by_code = roots.group_by("code").len().sort("code")
    return {
        "flags": roots.height,
        "consequences": violations.height - roots.height,
        "violations": roots.filter(severity == "violation").height,
        "warnings": roots.filter(severity == "warning").height,
        "infos": roots.filter(severity == "info").height,
        "by_code": dict(zip(by_code["code"].to_list(), by_code["len"].to_list(), strict=True)),
    }


def write_run_json(out_dir: Path, record: Mapping[str, Any], fail_on: str, status: int) -> None:
    """The flags of a completed run (DIR's violations.parquet) and its totals (`record`: the
    content of run.json), as JSON lines."""
    flags = flag_frame(
        pl.scan_parquet(out_dir / "violations.parquet"), pl.scan_parquet(out_dir / "hands.parquet")
    )
    summary = {
        "command": "run",
        **({"run_id": record["run_id"]} if "run_id" in record else {}),
        **record["totals"],
        "out": str(out_dir),
        "report": str(out_dir / "report.html"),
        "fail_on": fail_on,
        "exit_status": status,
    }
    write_json_lines(flags, summary)


def write_check_json(
    violations: pl.DataFrame,
    hands: pl.DataFrame,
    quarantine_by_code: Mapping[str, int],
    fail_on: str,
    status: int,
    out_dir: Path,
) -> None:
    """The flags of `hhaudit check` and their counts, as JSON lines."""
    summary = {
        "command": "check",
        **severity_counts(violations),
        "quarantine_by_code": dict(quarantine_by_code),
        "out": str(out_dir),
        "fail_on": fail_on,
        "exit_status": status,
    }
    write_json_lines(flag_frame(violations.lazy(), hands.lazy()), summary)
