"""--out where nightly jobs put it (#29): a symbolic link (kept, its target swapped), a mount point
(a container volume: never renamed), a read-only parent, a full disk, and --out among the inputs.

A mount point and a full disk are real: a tmpfs mounted in a private mount namespace (`unshare
--mount`, which needs root or a user namespace); where that is refused the test is skipped.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA

from hhaudit.cli import main
from hhaudit.run.outdir import INSIDE_WORK, placement

HHAUDIT = str(Path(sys.executable).parent / "hhaudit")
REPO = Path(__file__).resolve().parents[2]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["run", *args, "-q", "--workers", "1"])
    return result.exit_code, result.output


def _namespaces() -> bool:
    probe = ["unshare", "--mount", "--propagation", "private", "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


needs_mounts = pytest.mark.skipif(
    not _namespaces(), reason="mounting a tmpfs needs a private mount namespace (unshare --mount)"
)


def _in_namespace(script: str) -> subprocess.CompletedProcess:
    """`script` (sh) in a private mount namespace: its mounts vanish with it."""
    command = ["unshare", "--mount", "--propagation", "private", "sh", "-euc", script]
    return subprocess.run(command, capture_output=True, text=True, cwd=REPO, timeout=600)


def test_a_symlinked_out_keeps_its_link_and_gets_the_set(tmp_path: Path) -> None:
    target = tmp_path / "volume" / "hhaudit"
    target.mkdir(parents=True)
    link = tmp_path / "out"
    link.symlink_to(target)
    for _ in range(2):  # a first set, then one replacing it
        code, output = _run(str(SAMPLE_DATA), "--out", str(link))
        assert code == 1, output
        assert link.is_symlink() and link.resolve() == target.resolve()
        assert (target / "run.json").is_file() and (target / "report.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "volume"]
    assert not list((tmp_path / "volume").glob(".*")), "the work folder is gone"


def test_out_equal_to_an_input_folder_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    shutil.copytree(SAMPLE_DATA, folder)
    code, output = _run(str(folder), "--out", str(folder))
    assert code == 2
    assert "is also an input folder" in output and "a folder of its own" in output
    (folder / "sub").mkdir()
    code, output = _run(str(folder / "sub"), "--out", str(folder))
    assert code == 2 and "is inside --out" in output


def test_a_folder_in_a_read_only_parent_is_filled_from_inside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Root writes anywhere, so the parent's read-only state is what os.access reports (the
    real thing, a read-only filesystem around a volume, is the mount test below)."""
    out = tmp_path / "parent" / "out"
    out.mkdir(parents=True)
    real_access = __import__("os").access

    def access(path: object, mode: int, **kw: object) -> bool:
        if Path(str(path)) == out.parent:
            return False
        return real_access(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("hhaudit.run.outdir.os.access", access)
    place = placement(out)
    assert place.inside and place.work == out / INSIDE_WORK
    code, output = _run(str(SAMPLE_DATA), "--out", str(out))
    assert code == 1, output
    assert (out / "run.json").is_file() and not (out / INSIDE_WORK).exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["out"], "nothing beside --out"


@needs_mounts
def test_a_mount_point_in_a_read_only_parent_is_never_renamed(tmp_path: Path) -> None:
    parent, out = tmp_path / "ro", tmp_path / "ro" / "volume"
    parent.mkdir()
    q = shlex.quote
    script = f"""
mount -t tmpfs tmpfs {q(str(parent))}
mkdir {q(str(out))}
mount -t tmpfs -o size=64m tmpfs {q(str(out))}
mount -o remount,ro {q(str(parent))}
{q(HHAUDIT)} run {q(str(SAMPLE_DATA))} --out {q(str(out))} -q --workers 1 && s=0 || s=$?
echo "status $s"
{q(HHAUDIT)} run {q(str(SAMPLE_DATA / "NLHE-6max-USD-0.50-1.00.basic.txt"))} \\
    --out {q(str(out))} -q --workers 1 && s=0 || s=$?
echo "status $s"
mountpoint -q {q(str(out))} && echo "still a mount point"
echo "entries: $(ls -A {q(str(out))} | tr '\\n' ' ')"
cat {q(str(out / "run.json"))}
"""
    done = _in_namespace(script)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # sample_data has violations (1), the basic file none (0): both runs completed
    assert lines[:3] == ["status 1", "status 0", "still a mount point"], done.stdout + done.stderr
    names = lines[3].removeprefix("entries: ").split()
    assert "run.json" in names and "report.html" in names and INSIDE_WORK not in names
    record = json.loads("\n".join(lines[4:]))
    assert [f["path"] for f in record["files"]] == [
        str(SAMPLE_DATA / "NLHE-6max-USD-0.50-1.00.basic.txt")
    ]


@needs_mounts
def test_a_full_disk_names_the_place_and_the_parts_left(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    out = disk / "out"
    q = shlex.quote
    script = f"""
mount -t tmpfs -o size=300k tmpfs {q(str(disk))}
{q(HHAUDIT)} run {q(str(SAMPLE_DATA))} --out {q(str(out))} -q --workers 1 || echo "exit $?"
"""
    done = _in_namespace(script)
    assert done.stdout.strip() == "exit 2", done.stdout + done.stderr
    work = disk / ".out.hhaudit"
    assert "no space left on the device" in done.stderr
    assert f"the run's work folder {work}" in done.stderr
    assert f"{out} has no output set yet" in done.stderr
    assert f"rm -rf '{work}'" in done.stderr and "--resume" in done.stderr
    assert "keeps its previous" not in done.stderr and "Traceback" not in done.stderr
