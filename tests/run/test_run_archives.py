"""Archives and compressed inputs as people keep them (#29): every kind read by its content (a
misnamed file too), each member an input of its own named after the file that holds it, every
hand header counted (tests/header_count.py), and what we cannot open refused as such."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import tarfile
import zipfile
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from header_count import count_headers
from run_fixtures import stars_file

from hhaudit.cli import main
from hhaudit.run.formats import _zstd_module
from hhaudit.run.inputs import ArchiveLimits, expand_inputs

SESSION_1 = stars_file(1000, 3, undersized_every=2).encode()
SESSION_2 = stars_file(2000, 4).encode()
MEMBERS = {"2021/session1.txt": SESSION_1, "2021/session2.txt": SESSION_2}
HEADERS = count_headers(SESSION_1) + count_headers(SESSION_2)


def _tar(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


COMPRESS = {
    "gz": gzip.compress,
    "bz2": bz2.compress,
    "xz": lzma.compress,
    "zst": lambda data: _zstd_module().compress(data),
}
#: file name -> its bytes: a tar of two sessions in every packaging
TARS = {
    "logs.tar": _tar(MEMBERS),
    "logs.tar.gz": gzip.compress(_tar(MEMBERS)),
    "logs.tgz": gzip.compress(_tar(MEMBERS)),
    "logs.tar.bz2": bz2.compress(_tar(MEMBERS)),
    "logs.tar.xz": lzma.compress(_tar(MEMBERS)),
    "logs.tar.zst": COMPRESS["zst"](_tar(MEMBERS)),
    "logs.zip": _zip(MEMBERS),
}


def _run(tmp_path: Path, *paths: Path, extra: tuple[str, ...] = ()) -> tuple[int, dict, str]:
    out = tmp_path / "out"
    args = ["run", *map(str, paths), "--out", str(out), "--workers", "1", *extra]
    result = CliRunner().invoke(main, args)
    return result.exit_code, json.loads((out / "run.json").read_text("utf-8")), result.output


@pytest.mark.parametrize("name", sorted(TARS))
def test_a_tar_or_zip_of_two_sessions_reads_every_hand_under_member_names(
    tmp_path: Path, name: str
) -> None:
    archive = tmp_path / name
    archive.write_bytes(TARS[name])
    code, record, _ = _run(tmp_path, archive)
    assert code == 1  # the undersized raises
    files = {entry["path"]: entry for entry in record["files"]}
    assert sorted(files) == [f"{archive}!2021/session1.txt", f"{archive}!2021/session2.txt"]
    assert [files[f"{archive}!{m}"]["hands_read"] for m in MEMBERS] == [3, 4]
    assert record["totals"]["hands_read"] == HEADERS == 7
    assert all(len(entry["sha256"]) == 64 and entry["refused"] is None for entry in files.values())
    assert files[f"{archive}!2021/session1.txt"]["size"] == len(SESSION_1)
    assert not (tmp_path / f".{tmp_path.name}.hhaudit").exists()


@pytest.mark.parametrize("suffix", sorted(COMPRESS))
def test_a_compressed_session_keeps_its_own_name(tmp_path: Path, suffix: str) -> None:
    source = tmp_path / f"s1.txt.{suffix}"
    source.write_bytes(COMPRESS[suffix](SESSION_1))
    code, record, _ = _run(tmp_path, source)
    (entry,) = record["files"]
    assert entry["path"] == str(source) and source.exists(), "outputs name a file that exists"
    assert entry["hands_read"] == 3 and code == 1
    hands = pl.read_parquet(tmp_path / "out" / "hands.parquet")
    assert set(hands["source_file"]) == {str(source)}


def test_misnamed_and_nested_archives_read_by_content(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    misnamed = tmp_path / "in" / "hands.txt"  # a tar.gz named like text
    misnamed.write_bytes(TARS["logs.tar.gz"])
    nested = tmp_path / "in" / "bundle.zip"  # a zip of .gz files, and of a .tar.xz
    nested.write_bytes(
        _zip({"s1.txt.gz": gzip.compress(SESSION_1), "old.tar.xz": TARS["logs.tar.xz"]})
    )
    code, record, _ = _run(tmp_path, tmp_path / "in")
    assert code == 1
    names = sorted(entry["path"] for entry in record["files"])
    assert names == sorted([
        f"{nested}!old.tar.xz!2021/session1.txt",
        f"{nested}!old.tar.xz!2021/session2.txt",
        f"{nested}!s1.txt.gz",
        f"{misnamed}!2021/session1.txt",
        f"{misnamed}!2021/session2.txt",
    ])  # fmt: skip
    # the same sessions three times: later copies are quarantined as duplicates, none lost
    totals = record["totals"]
    assert totals["hands_read"] == 2 * HEADERS + 3
    assert totals["hands_audited"] == HEADERS and totals["duplicates"] == HEADERS + 3


def test_a_third_level_of_nesting_is_refused_as_unsupported(tmp_path: Path) -> None:
    inner = _zip({"deep.txt.gz": gzip.compress(SESSION_1)})
    (tmp_path / "outer.zip").write_bytes(_zip({"inner.zip": inner, "top.txt": SESSION_2}))
    found = expand_inputs([str(tmp_path / "outer.zip")])
    assert [s.name for s in found.sources] == [f"{tmp_path / 'outer.zip'}!top.txt"]
    (refusal,) = found.refused
    assert refusal.code == "unsupported_archive" and "nested deeper than 2" in refusal.reason


def test_a_truncated_gzip_is_refused_as_unreadable_and_the_batch_goes_on(tmp_path: Path) -> None:
    whole = gzip.compress(SESSION_1 * 20)
    (tmp_path / "cut.txt.gz").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "ok.txt").write_bytes(SESSION_2)
    code, record, output = _run(tmp_path, tmp_path / "cut.txt.gz", tmp_path / "ok.txt")
    files = {Path(entry["path"]).name: entry for entry in record["files"]}
    assert files["cut.txt.gz"]["refused"] == "unreadable_input"
    assert "cannot read the gzip stream (damaged or cut short)" in files["cut.txt.gz"]["error"]
    assert files["ok.txt"]["hands_audited"] == 4 and code == 0
    assert record["totals"]["refused_by_code"] == {"unreadable_input": 1}
    assert "1 file refused (1 unreadable_input)" in output


@pytest.mark.parametrize("name", ["bomb.txt.gz", "bomb.tar.gz", "bomb.txt.zst"])
def test_an_archive_bomb_is_refused_naming_the_limit(tmp_path: Path, name: str) -> None:
    zeros = b"\0" * (30 << 20)
    data = _tar({"zeros.txt": zeros}) if ".tar" in name else zeros
    compress = COMPRESS["zst"] if name.endswith(".zst") else gzip.compress
    (tmp_path / name).write_bytes(compress(data))
    found = expand_inputs([str(tmp_path / name)], limits=ArchiveLimits(max_ratio=100))
    assert found.sources == []
    (refusal,) = found.refused
    assert refusal.code == "too_large"
    assert refusal.reason == "possible archive bomb: a compression ratio above 100:1"


def test_a_member_over_the_size_limit_names_it(tmp_path: Path) -> None:
    (tmp_path / "big.tar").write_bytes(_tar({"a.txt": SESSION_1, "b.txt": SESSION_2 * 10}))
    limits = ArchiveLimits(max_member_bytes=len(SESSION_2) * 5)
    found = expand_inputs([str(tmp_path / "big.tar")], limits=limits)
    assert [s.name for s in found.sources] == [f"{tmp_path / 'big.tar'}!a.txt"]
    assert found.refused[0].code == "too_large"
    assert f"larger than {len(SESSION_2) * 5:,} bytes" in found.refused[0].reason


@pytest.mark.parametrize(
    ("name", "data", "what"),
    [
        ("logs.7z", b"7z\xbc\xaf\x27\x1c\x00\x04" + bytes(40), "7z archives are not supported"),
        ("logs.rar", b"Rar!\x1a\x07\x01\x00" + bytes(40), "RAR archives are not supported"),
        ("logs.txt", b"\x04\x22\x4d\x18" + bytes(40), "LZ4 streams are not supported"),
        ("logs.br", bytes(range(1, 40)), "brotli streams are not supported"),
    ],
)
def test_formats_we_cannot_open_are_refused_as_such(
    tmp_path: Path, name: str, data: bytes, what: str
) -> None:
    (tmp_path / name).write_bytes(data)
    (tmp_path / "ok.txt").write_bytes(SESSION_2)
    code, record, _ = _run(tmp_path, tmp_path)
    files = {Path(entry["path"]).name: entry for entry in record["files"]}
    assert files[name]["refused"] == "unsupported_archive"
    assert files[name]["error"] == what, "never 'not a hand history'"
    assert code == 0  # a warning; --fail-on warning fails
    strict, _, _ = _run(tmp_path, tmp_path, extra=("--fail-on", "warning"))
    assert strict == 1


def test_members_are_decompressed_into_the_spill_folder_and_removed_after(tmp_path: Path) -> None:
    archive = tmp_path / "logs.tar.gz"
    archive.write_bytes(TARS["logs.tar.gz"])
    spill = tmp_path / "spill"
    spill.mkdir()
    found = expand_inputs([str(archive)], spill=spill)
    assert [s.path.parent for s in found.sources if s.path] == [spill, spill]
    assert [s.path.read_bytes() for s in found.sources if s.path] == [SESSION_1, SESSION_2]
    in_memory = expand_inputs([str(archive)])  # no spill folder: in memory (library use)
    assert [s.data for s in in_memory.sources] == [SESSION_1, SESSION_2]
    _run(tmp_path, archive)
    assert not (tmp_path / ".out.hhaudit").exists(), "the run's spill folder goes with it"
