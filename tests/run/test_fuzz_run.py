"""Property test of the whole `hhaudit run` path (units, parts, duplicates, reports) on mutated
files: the run completes, and per file and in total hands_read equals the independent header
count and hands_audited + hands_quarantined."""

from __future__ import annotations

import tempfile
from pathlib import Path

from fuzz_inputs import Case, batches, header_count
from hypothesis import HealthCheck, Phase, given, settings

from hhaudit.run.inputs import expand_inputs
from hhaudit.run.runner import RunConfig, run_all


def _run(cases: list[Case], root: Path) -> None:
    folder = root / "in"
    folder.mkdir()
    datas = {f"case-{k:02d}.txt": case.data() for k, case in enumerate(cases)}
    for name, data in datas.items():
        (folder / name).write_bytes(data)
    found = expand_inputs([str(folder)])
    record = run_all(found.sources, found.refused, RunConfig(root / "out"))
    for entry in record["files"]:
        expected = header_count(datas[Path(entry["path"]).name])
        assert entry["hands_read"] == expected, entry
        assert entry["hands_read"] == entry["hands_audited"] + entry["hands_quarantined"], entry
    totals = record["totals"]
    assert totals["hands_read"] == sum(header_count(data) for data in datas.values())
    assert totals["hands_read"] == totals["hands_audited"] + totals["hands_quarantined"]
    assert (root / "out" / "run.json").exists()


@settings(
    max_examples=4,
    derandomize=True,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(batches(4, 8))
def test_fuzz_whole_run_reconciles(cases: list[Case]) -> None:
    with tempfile.TemporaryDirectory() as root:
        _run(cases, Path(root))
