"""Expand the PATH arguments of `hhaudit run` into a list of input sources.

A PATH is a file, a folder (walked recursively, hidden entries skipped), a glob, or a `.zip` /
`.gz` archive. Archives are hostile input: members with absolute paths or `..` are refused, and
limits bound the member count, the expanded size, the compression ratio and the nesting depth.
A refused archive or member becomes a `RefusedInput` (reported, never silently dropped).
"""

from __future__ import annotations

import glob
import gzip
import io
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ARCHIVE_SEPARATOR = "!"  # "bundle.zip!2024/hands.txt", like a jar URL
CHUNK = 1 << 20
#: Files a folder walk passes over (documentation, data, code, our own outputs). A file named
#: explicitly on the command line is always read.
NOT_HAND_HISTORIES: frozenset[str] = frozenset(
    [
        ".md",
        ".rst",
        ".json",
        ".csv",
        ".parquet",
        ".html",
        ".htm",
        ".css",
        ".js",
        ".py",
        ".toml",
        ".yaml",
        ".yml",
        ".png",
        ".jpg",
        ".jpeg",
        ".svg",
        ".pdf",
        ".ini",
        ".cfg",
        ".lock",
        ".pyc",
    ]
)
MiB = 1 << 20


class InputError(Exception):
    """A PATH that does not exist or matches nothing: a usage error (exit status 2)."""


@dataclass(frozen=True)
class ArchiveLimits:
    """Bounds on archive expansion, shared by every archive of one run."""

    max_total_bytes: int = 4096 * MiB  # all expanded members together
    max_member_bytes: int = 1024 * MiB  # one expanded member
    max_members: int = 20_000  # members in one archive
    max_ratio: int = 200  # expanded size / compressed size, per member
    max_depth: int = 2  # archives inside archives, counting the outermost as 1
    max_total_members: int = 100_000  # members of all archives together (nested zips of zips)


@dataclass(frozen=True)
class InputSource:
    """One input file: on disk (`path`) or expanded from an archive (`data`)."""

    name: str
    path: Path | None = None
    data: bytes | None = field(default=None, repr=False)

    @property
    def size(self) -> int:
        if self.data is not None:
            return len(self.data)
        assert self.path is not None
        return self.path.stat().st_size


@dataclass(frozen=True)
class SkippedFile:
    """A file a folder walk passed over because its extension is not a hand history's."""

    name: str


@dataclass(frozen=True)
class RefusedInput:
    """An archive or member that was not read, with the reason."""

    name: str
    reason: str


Expanded = InputSource | RefusedInput


@dataclass
class ExpandedInputs:
    """What the PATH arguments name: sources to audit, refusals, and files passed over."""

    sources: list[InputSource] = field(default_factory=list)
    refused: list[RefusedInput] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)


class _Budget:
    """The expanded bytes still allowed for this run."""

    def __init__(self, limits: ArchiveLimits) -> None:
        self.limits = limits
        self.remaining = limits.max_total_bytes
        self.members = limits.max_total_members


def expand_inputs(
    patterns: Sequence[str],
    limits: ArchiveLimits | None = None,
    exclude: Iterable[Path] = (),
) -> ExpandedInputs:
    """Resolve PATH arguments into sources, refusals and skipped files, in a stable order.

    Raises InputError when a PATH names nothing. Folders listed in `exclude` (the output
    directory) are never read.
    """
    budget = _Budget(limits or ArchiveLimits())
    excluded = [p.resolve() for p in exclude]
    found = ExpandedInputs()
    for file_path, named in _unique(_resolve_pattern(pattern, excluded) for pattern in patterns):
        if not named and file_path.suffix.lower() in NOT_HAND_HISTORIES:
            found.skipped.append(SkippedFile(str(file_path)))
            continue
        for item in _expand_file(file_path, budget):
            (found.sources if isinstance(item, InputSource) else found.refused).append(item)
    return found


def _unique(groups: Iterable[list[tuple[Path, bool]]]) -> Iterator[tuple[Path, bool]]:
    seen: set[Path] = set()
    for group in groups:
        for path, named in group:
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                yield path, named


def _is_excluded(path: Path, excluded: list[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved == ex or ex in resolved.parents for ex in excluded)


def _resolve_pattern(pattern: str, excluded: list[Path]) -> list[tuple[Path, bool]]:
    """Files for one PATH, each with True when the user named it (file or glob match)."""
    path = Path(pattern)
    if path.is_dir():
        return [(p, False) for p in _walk(path, excluded)]
    if path.is_file():
        return [(path, True)]
    if glob.has_magic(pattern):
        matches = sorted(Path(m) for m in glob.glob(pattern, recursive=True))
        files = [
            (p, not m.is_dir())
            for m in matches
            for p in (_walk(m, excluded) if m.is_dir() else [m])
        ]
        if files:
            return [(p, named) for p, named in files if not _is_excluded(p, excluded)]
        raise InputError(f"{pattern}: the pattern matches no file")
    raise InputError(f"{pattern}: no such file or directory")


def _walk(folder: Path, excluded: list[Path]) -> list[Path]:
    """Every regular file under `folder`, sorted, skipping hidden entries and excluded dirs."""
    found = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if path.is_file() and not _is_excluded(path, excluded):
            found.append(path)
    return found


def _expand_file(path: Path, budget: _Budget) -> Iterator[Expanded]:
    name = str(path)
    suffix = path.suffix.lower()
    if suffix not in (".zip", ".gz"):
        yield InputSource(name=name, path=path)
        return
    try:
        data = path.read_bytes()
    except OSError as exc:
        yield RefusedInput(name, f"cannot read the archive: {exc.strerror or exc}")
        return
    yield from _expand_archive(name, suffix, data, depth=1, budget=budget)


def _expand_archive(
    name: str, suffix: str, data: bytes, depth: int, budget: _Budget
) -> Iterator[Expanded]:
    if depth > budget.limits.max_depth:
        yield RefusedInput(name, f"archive nested deeper than {budget.limits.max_depth} levels")
        return
    if suffix == ".zip":
        yield from _expand_zip(name, data, depth, budget)
    else:
        yield from _expand_gzip(name, data, depth, budget)


def _nested(name: str, data: bytes, depth: int, budget: _Budget) -> Iterator[Expanded]:
    """A member that is itself an archive is expanded one level deeper; else it is a source."""
    suffix = PurePosixPath(name.rsplit(ARCHIVE_SEPARATOR, 1)[-1]).suffix.lower()
    if suffix in (".zip", ".gz"):
        yield from _expand_archive(name, suffix, data, depth + 1, budget)
    else:
        yield InputSource(name=name, data=data)


def unsafe_member_reason(member: str) -> str | None:
    """Why an archive member name is refused (absolute path or `..`), or None when it is safe."""
    normalized = member.replace("\\", "/")
    if normalized.startswith("/") or (len(normalized) > 1 and normalized[1] == ":"):
        return "member has an absolute path"
    if ".." in normalized.split("/"):
        return "member path contains '..'"
    return None


def _read_bounded(stream: io.BufferedIOBase, cap: int) -> bytes | None:
    """Read at most `cap` bytes; None when the stream holds more than that."""
    chunks: list[bytes] = []
    total = 0
    while chunk := stream.read(min(CHUNK, cap + 1 - total)):
        total += len(chunk)
        if total > cap:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _member_cap(compressed_size: int, budget: _Budget) -> tuple[int, str]:
    """The most bytes one member may expand to, and which limit sets it."""
    limits = budget.limits
    caps = [
        (max(compressed_size, 1) * limits.max_ratio, f"ratio above {limits.max_ratio}:1"),
        (limits.max_member_bytes, f"member larger than {limits.max_member_bytes} bytes"),
        (budget.remaining, f"archives expand to more than {limits.max_total_bytes} bytes in all"),
    ]
    return min(caps, key=lambda cap: cap[0])


def _expand_zip(name: str, data: bytes, depth: int, budget: _Budget) -> Iterator[Expanded]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [info for info in archive.infolist() if not info.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        yield RefusedInput(name, f"not a readable zip archive: {exc}")
        return
    if len(members) > budget.limits.max_members:
        yield RefusedInput(
            name, f"zip has {len(members)} members, more than {budget.limits.max_members}"
        )
        return
    seen: set[str] = set()
    for info in sorted(members, key=lambda i: i.filename):
        if budget.members <= 0:  # one refusal for the rest: empty members cost no bytes
            limit = budget.limits.max_total_members
            yield RefusedInput(name, f"archives hold more than {limit} members in all")
            return
        budget.members -= 1
        member_name = f"{name}{ARCHIVE_SEPARATOR}{info.filename}"
        if info.filename in seen:  # a zip may hold one name twice: it would be ambiguous
            yield RefusedInput(member_name, "duplicate member name in the archive")
            continue
        seen.add(info.filename)
        yield from _zip_member(archive, info, member_name, depth, budget)


def _zip_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, depth: int, budget: _Budget
) -> Iterator[Expanded]:
    if reason := unsafe_member_reason(info.filename):
        yield RefusedInput(name, reason)
        return
    if info.flag_bits & 0x1:
        yield RefusedInput(name, "member is encrypted")
        return
    cap, why = _member_cap(info.compress_size, budget)
    if info.file_size > cap:
        yield RefusedInput(name, f"possible archive bomb: {why} (declares {info.file_size} bytes)")
        return
    try:
        with archive.open(info) as stream:
            content = _read_bounded(stream, cap)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, zlib.error) as exc:
        yield RefusedInput(name, f"cannot read member: {exc}")
        return
    if content is None:
        yield RefusedInput(name, f"possible archive bomb: {why}")
        return
    budget.remaining -= len(content)
    yield from _nested(name, content, depth, budget)


def _expand_gzip(name: str, data: bytes, depth: int, budget: _Budget) -> Iterator[Expanded]:
    inner = name[: -len(".gz")] if name.lower().endswith(".gz") else name
    cap, why = _member_cap(len(data), budget)
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            content = _read_bounded(stream, cap)  # type: ignore[arg-type]
    except (OSError, EOFError, zlib.error) as exc:
        yield RefusedInput(name, f"not a readable gzip file: {exc}")
        return
    if content is None:
        yield RefusedInput(name, f"possible archive bomb: {why}")
        return
    budget.remaining -= len(content)
    yield from _nested(inner, content, depth, budget)
