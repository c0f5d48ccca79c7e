"""Archive bombs beyond one archive: nested zips of many empty members are bounded in all."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from click.testing import CliRunner
from run_fixtures import stars_file

from hhaudit.cli import main
from hhaudit.run.inputs import ArchiveLimits, expand_inputs


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_nested_zips_of_empty_members_stop_at_the_total_member_budget(tmp_path: Path) -> None:
    """Each archive is under max_members and empty members cost no bytes: only the total
    member budget stops 30 x 30 = 900 members (20,000 x 20,000 in real life)."""
    inner = _zip_bytes({f"{i}.txt": b"" for i in range(30)})
    (tmp_path / "outer.zip").write_bytes(_zip_bytes({f"{i}.zip": inner for i in range(30)}))
    limits = ArchiveLimits(max_members=50, max_total_members=100)
    found = expand_inputs([str(tmp_path / "outer.zip")], limits=limits)
    assert len(found.sources) < 100
    assert any("members in all" in refusal.reason for refusal in found.refused)
    assert len(found.refused) <= 31  # one refusal per archive cut short, never one per member


def test_archive_run_accounts_for_members_and_refusals(tmp_path: Path) -> None:
    good = stars_file(700, 2).encode()
    deeper = _zip_bytes({"deep.txt": stars_file(710, 1).encode()})
    nested = _zip_bytes({"deeper.zip": deeper, "ok.txt": stars_file(720, 1).encode()})
    (tmp_path / "in").mkdir()
    members = {"good.txt": good, "../evil.txt": good, "nested.zip": nested}
    (tmp_path / "in" / "bundle.zip").write_bytes(_zip_bytes(members))
    out = tmp_path / "out"
    args = ["run", str(tmp_path / "in"), "--out", str(out), "-q"]
    result = CliRunner().invoke(main, args)
    # refused members fail a run only with --fail-on quarantine (#13: they used to exit 1)
    assert result.exit_code == 0, result.output
    record = json.loads((out / "run.json").read_text("utf-8"))
    # a member with '..' is unreadable; an archive three levels deep, one we do not open
    assert set(record["totals"]["quarantine_by_code"]) == {
        "unreadable_input",
        "unsupported_archive",
    }
    strict = CliRunner().invoke(main, [*args, "--fail-on", "quarantine"])
    assert strict.exit_code == 1, strict.output
    errors = {e["path"].split("!")[-1]: e["error"] for e in record["files"]}
    assert "'..'" in errors["../evil.txt"]
    assert "nested deeper" in errors["deeper.zip"]
    assert errors["good.txt"] is None and errors["ok.txt"] is None
    totals = record["totals"]
    assert totals["hands_read"] == 3  # good.txt (2) + nested.zip!ok.txt (1); refused: none read
    assert totals["hands_read"] == totals["hands_audited"] + totals["hands_quarantined"]
    assert totals["files_with_errors"] == 2
