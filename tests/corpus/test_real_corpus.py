"""The real-log corpus, site by site: every hand audited or quarantined for a listed reason, every
flag proven from the log.

For each target site (tests/corpus/real_corpus/<site>.py) one `hhaudit run` over its corpus folders:

- audited / readable >= 99.5 %, readable = read - later copies - cancelled - damaged -
  unsupported hands;
- every quarantined hand is a later copy, a cancelled hand ("Hand cancelled": no chips moved),
  an unsupported game or format, or listed in DAMAGED
  with its reason (and every DAMAGED entry is still quarantined with it);
- every warning or violation is listed in KNOWN_FLAGS with the arithmetic read from the log,
  and every listed flag still fires.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from real_corpus import SITES, site_module

from hhaudit.cli import main
from parsers.core.quarantine_reasons import NOT_READABLE_CODES

pytestmark = pytest.mark.corpus

BAR = 0.995


@dataclass
class SiteRun:
    read: int
    audited: int
    quarantine: pl.DataFrame  # name, line_no, hand_id, reason, reason_code
    flags: pl.DataFrame  # name, hand_id, code, severity, message


def _name() -> pl.Expr:
    return pl.col("source_file").str.split("/").list.last().alias("name")


def run_site(corpus: Path, folders: tuple[str, ...], out: Path) -> SiteRun:
    paths = [str(corpus / folder) for folder in folders if (corpus / folder).exists()]
    result = CliRunner().invoke(
        main, ["run", *paths, "--out", str(out), "--exit-zero", "--workers", "1", "-q"]
    )
    assert result.exit_code == 0, result.output
    totals = json.loads((out / "run.json").read_text())["totals"]
    quarantine = pl.read_parquet(out / "quarantine.parquet")
    quarantine = quarantine.with_columns(_name())
    flags = pl.read_parquet(out / "violations.parquet").filter(pl.col("severity") != "info")
    return SiteRun(
        read=totals["hands_read"],
        audited=totals["hands_audited"],
        quarantine=quarantine.select("name", "line_no", "hand_id", "reason", "reason_code"),
        flags=flags.select(_name(), "hand_id", "code", "severity", "message"),
    )


@pytest.fixture(scope="module", params=SITES)
def site_run(request, corpus_dir: Path, tmp_path_factory):
    module = site_module(request.param)
    out = tmp_path_factory.mktemp(f"real-{request.param}")
    return module, run_site(corpus_dir, module.FOLDERS, out)


def _damaged_rows(module, run: SiteRun) -> pl.DataFrame:
    keys = pl.DataFrame(
        [(name, line) for name, line in module.DAMAGED],
        schema={"name": pl.String, "line_no": pl.Int64},
        orient="row",
    )
    quarantine = run.quarantine.with_columns(pl.col("line_no").cast(pl.Int64))
    return quarantine.join(keys, on=["name", "line_no"], how="semi")


def test_parse_rate_of_readable_hands(site_run) -> None:
    module, run = site_run
    not_readable = run.quarantine.filter(pl.col("reason_code").is_in(NOT_READABLE_CODES))
    damaged = _damaged_rows(module, run)
    readable = run.read - not_readable.height - damaged.height
    assert readable > 0
    unlisted = run.quarantine.join(not_readable, on=["name", "line_no"], how="anti").join(
        damaged, on=["name", "line_no"], how="anti"
    )
    rate = run.audited / readable
    assert rate >= BAR, f"{rate:.4f} of readable hands audited; quarantined: {unlisted.rows()}"


def test_every_damaged_hand_is_quarantined_with_its_reason(site_run) -> None:
    module, run = site_run
    by_key = {(r["name"], r["line_no"]): r for r in run.quarantine.iter_rows(named=True)}
    stale = []
    for key, (reason, _why) in module.DAMAGED.items():
        row = by_key.get(key)
        if row is None or (reason != row["reason_code"] and reason not in row["reason"]):
            stale.append((key, reason, row and row["reason"]))
    assert stale == []


def test_every_flag_is_proven_from_the_log(site_run) -> None:
    module, run = site_run
    unexplained = [
        f"{name} hand {hand_id}: {code} ({severity}) {message}"
        for name, hand_id, code, severity, message in run.flags.unique().iter_rows()
        if code not in module.KNOWN_FLAGS.get((name, hand_id), {})
    ]
    assert unexplained == []


def test_every_known_flag_still_fires(site_run) -> None:
    module, run = site_run
    fired = {(name, hand_id, code) for name, hand_id, code, *_ in run.flags.iter_rows()}
    stale = [
        (name, hand_id, code)
        for (name, hand_id), codes in module.KNOWN_FLAGS.items()
        for code in codes
        if (name, hand_id, code) not in fired
    ]
    assert stale == []
