"""PATH expansion: files, folders, globs, and hostile .zip/.gz archives (hhaudit.run.inputs)."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from hhaudit.run.inputs import ArchiveLimits, InputError, expand_inputs, unsafe_member_reason


def _zip(path: Path, members: dict[str, bytes], level: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression=level) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def _expand(*args: Any, **kwargs: Any) -> tuple[list, list, list]:
    found = expand_inputs(*args, **kwargs)
    return found.sources, found.refused, found.skipped


def _names(items: list) -> list[str]:
    return [item.name for item in items]


def test_folder_is_walked_recursively_sorted_and_hidden_entries_skipped(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".git").mkdir()
    (tmp_path / "b" / "2.txt").write_text("two")
    (tmp_path / "a.txt").write_text("one")
    (tmp_path / ".hidden.txt").write_text("no")
    (tmp_path / ".git" / "config").write_text("no")
    (tmp_path / "README.md").write_text("docs")
    sources, refused, skipped = _expand([str(tmp_path)])
    assert _names(sources) == [str(tmp_path / "a.txt"), str(tmp_path / "b" / "2.txt")]
    assert refused == []
    assert _names(skipped) == [str(tmp_path / "README.md")]
    named, _, skipped = _expand([str(tmp_path / "README.md")])  # named explicitly: read
    assert _names(named) == [str(tmp_path / "README.md")] and skipped == []


def test_glob_and_duplicates(tmp_path: Path) -> None:
    for name in ("x1.txt", "x2.txt", "y.log"):
        (tmp_path / name).write_text(name)
    sources, _, _ = _expand([str(tmp_path / "x*.txt"), str(tmp_path / "x1.txt")])
    assert _names(sources) == [str(tmp_path / "x1.txt"), str(tmp_path / "x2.txt")]


def test_output_folder_inside_an_input_folder_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "hands.txt").write_text("h")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "violations.csv").write_text("v")
    sources, _, _ = _expand([str(tmp_path)], exclude=[tmp_path / "out"])
    assert _names(sources) == [str(tmp_path / "hands.txt")]


@pytest.mark.parametrize("pattern", ["does/not/exist.txt", "nothing-*.txt"])
def test_missing_path_or_empty_glob_is_a_usage_error(tmp_path: Path, pattern: str) -> None:
    with pytest.raises(InputError):
        expand_inputs([str(tmp_path / pattern)])


def test_zip_members_and_gz_are_expanded_in_memory(tmp_path: Path) -> None:
    archive = _zip(tmp_path / "bundle.zip", {"day2.txt": b"B", "day1.txt": b"A", "dir/": b""})
    (tmp_path / "single.txt.gz").write_bytes(gzip.compress(b"GZ"))
    sources, refused, _ = _expand([str(archive), str(tmp_path / "single.txt.gz")])
    assert refused == []
    assert _names(sources) == [
        f"{archive}!day1.txt",
        f"{archive}!day2.txt",
        str(tmp_path / "single.txt.gz"),  # its own name: outputs name files that exist
    ]
    assert [s.data for s in sources] == [b"A", b"B", b"GZ"]


@pytest.mark.parametrize(
    ("member", "reason"),
    [
        ("../evil.txt", "'..'"),
        ("a/../../evil.txt", "'..'"),
        ("..\\evil.txt", "'..'"),
        ("/etc/passwd", "absolute"),
        ("C:/windows/evil.txt", "absolute"),
    ],
)
def test_traversal_members_are_refused(tmp_path: Path, member: str, reason: str) -> None:
    archive = _zip(tmp_path / "t.zip", {member: b"x", "fine.txt": b"ok"})
    sources, refused, _ = _expand([str(archive)])
    assert _names(sources) == [f"{archive}!fine.txt"]
    assert len(refused) == 1 and reason in refused[0].reason
    assert unsafe_member_reason(member) is not None
    assert unsafe_member_reason("sub/dir/file..txt") is None


def test_zip_bomb_is_refused_by_ratio(tmp_path: Path) -> None:
    bomb = _zip(tmp_path / "bomb.zip", {"zeros.txt": b"\0" * (20 << 20), "ok.txt": b"hand"})
    sources, refused, _ = _expand([str(bomb)])
    assert _names(sources) == [f"{bomb}!ok.txt"]
    assert [r.name for r in refused] == [f"{bomb}!zeros.txt"]
    assert "ratio" in refused[0].reason


def test_member_that_lies_about_its_size_is_cut_off(tmp_path: Path) -> None:
    """The declared size is not trusted: reading stops at the cap."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.txt", b"a" * (1 << 20))
    data = bytearray(buffer.getvalue())
    # Patch the declared uncompressed size (local header and central directory) to 10 bytes.
    for header, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.index(header) + offset
        data[at : at + 4] = (10).to_bytes(4, "little")
    (tmp_path / "liar.zip").write_bytes(bytes(data))
    limits = ArchiveLimits(max_ratio=10_000, max_member_bytes=4096)
    sources, refused, _ = _expand([str(tmp_path / "liar.zip")], limits=limits)
    assert sources == [] and len(refused) == 1


def test_gzip_bomb_and_total_budget(tmp_path: Path) -> None:
    (tmp_path / "bomb.txt.gz").write_bytes(gzip.compress(b"\0" * (20 << 20)))
    _, refused, _ = _expand([str(tmp_path / "bomb.txt.gz")])
    assert len(refused) == 1 and "ratio" in refused[0].reason
    archive = _zip(tmp_path / "many.zip", {f"{i}.txt": bytes(100) for i in range(5)})
    limits = ArchiveLimits(max_total_bytes=250)
    sources, refused, _ = _expand([str(archive)], limits=limits)
    assert len(sources) == 2 and len(refused) == 3
    assert all("in all" in r.reason for r in refused)


def test_member_count_and_nesting_limits(tmp_path: Path) -> None:
    crowded = _zip(tmp_path / "crowded.zip", {f"{i}.txt": b"x" for i in range(6)})
    _, refused, _ = _expand([str(crowded)], limits=ArchiveLimits(max_members=5))
    assert len(refused) == 1 and "members" in refused[0].reason
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        archive.writestr("deep.txt", b"deep")
    _zip(tmp_path / "outer.zip", {"inner.zip": inner.getvalue(), "top.txt": b"top"})
    sources, refused, _ = _expand([str(tmp_path / "outer.zip")])
    assert f"{tmp_path / 'outer.zip'}!inner.zip!deep.txt" in _names(sources)
    sources, refused, _ = _expand([str(tmp_path / "outer.zip")], limits=ArchiveLimits(max_depth=1))
    assert _names(sources) == [f"{tmp_path / 'outer.zip'}!top.txt"]
    assert "nested" in refused[0].reason


def test_duplicate_member_names_are_refused(tmp_path: Path) -> None:
    archive = tmp_path / "dup.zip"
    with (
        pytest.warns(UserWarning, match="Duplicate name"),
        zipfile.ZipFile(archive, "w") as bundle,
    ):
        bundle.writestr("hands.txt", b"first")
        bundle.writestr("hands.txt", b"second")
    sources, refused, _ = _expand([str(archive)])
    assert [s.data for s in sources] == [b"first"]
    assert [r.reason for r in refused] == ["duplicate member name in the archive"]


def test_corrupt_archive_is_refused_not_raised(tmp_path: Path) -> None:
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 definitely not a zip")
    (tmp_path / "broken.gz").write_bytes(b"\x1f\x8b\x08 not gzip either")
    sources, refused, _ = _expand([str(tmp_path)])
    assert sources == [] and len(refused) == 2
