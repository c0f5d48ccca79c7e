"""Archives and compressed streams, expanded into inputs: every member is an input of its own.

gzip, bzip2, xz and zstd streams, tar (plain or inside any of those streams) and zip, found by
their content (hhaudit.run.formats). A member is named after the file that holds it and its path
in the archive (`logs.tar.gz!2021/session1.txt`, `bundle.zip!s1.txt.gz`); a compressed file
that holds one text keeps its own name (`s1.txt.gz`): outputs never name a file that does not
exist. An archive inside an archive is read once (a zip of .gz files, a .gz inside a .tar.gz):
`ArchiveLimits.max_depth` levels, the outermost counting as 1 (a compressed tar is one level).

Archives are hostile input. Members with absolute paths or `..` are refused; expansion is
bounded (bytes per member, bytes in all, compression ratio, members per archive and in all) and
a refusal names the limit. A refused archive or member becomes a `RefusedInput` with a reason
code (`unsupported_archive`, `too_large`, `unreadable_input`), never a silent loss.

Members are decompressed into the run's spill folder (hhaudit.run.spill) when it has one, so a
big compressed log never sits in memory and is cut into chunks like any file; without one
(library use, tests) they are kept in memory.
"""

from __future__ import annotations

import io
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from hhaudit.run.formats import (
    HEAD_BYTES,
    decompressor,
    detect,
    stream_errors,
    unsupported_by_name,
)
from hhaudit.run.members import CHUNK, Capped, Material, OverCap, SpillError, copy_into, safe_stem
from hhaudit.run.sources import (
    ARCHIVE_SEPARATOR,
    TOO_LARGE,
    UNREADABLE,
    UNSUPPORTED_ARCHIVE,
    Expanded,
    InputSource,
    RefusedInput,
    SkippedFile,
    skipped_by_name,
)

MiB = 1 << 20


@dataclass(frozen=True)
class ArchiveLimits:
    """Bounds on archive expansion, shared by every archive of one run."""

    max_total_bytes: int = 4096 * MiB  # all expanded members together
    max_member_bytes: int = 1024 * MiB  # one expanded member (or one compressed stream)
    max_members: int = 20_000  # members in one archive
    max_ratio: int = 200  # expanded size / compressed size, per member or stream
    max_depth: int = 2  # archives inside archives, counting the outermost as 1
    max_total_members: int = 100_000  # members of all archives together (nested zips of zips)


@dataclass
class _Budget:
    limits: ArchiveLimits
    remaining: int = field(init=False)
    members: int = field(init=False)

    def __post_init__(self) -> None:
        self.remaining = self.limits.max_total_bytes
        self.members = self.limits.max_total_members

    def cap(self, compressed: int | None) -> tuple[int, str]:
        """The most bytes one member may expand to, and the words of the limit that sets it
        (`compressed`: its compressed size, None when it is stored as it is)."""
        limits = self.limits
        caps = [
            (limits.max_member_bytes, f"a member larger than {limits.max_member_bytes:,} bytes"),
            (
                self.remaining,
                f"archives expanding to more than {limits.max_total_bytes:,} bytes in all",
            ),
        ]
        if compressed is not None:
            ratio = f"a compression ratio above {limits.max_ratio}:1"
            caps.append((max(compressed, 1) * limits.max_ratio, ratio))
        return min(caps, key=lambda cap: cap[0])


def unsafe_member_reason(member: str) -> str | None:
    """Why an archive member name is refused (absolute path or `..`), or None when it is safe."""
    normalized = member.replace("\\", "/")
    if normalized.startswith("/") or (len(normalized) > 1 and normalized[1] == ":"):
        return "member has an absolute path"
    if ".." in normalized.split("/"):
        return "member path contains '..'"
    return None


class Expander:
    """Expands the files of one run; the limits hold across all of them."""

    def __init__(self, limits: ArchiveLimits | None = None, spill: Path | None = None) -> None:
        self.budget = _Budget(limits or ArchiveLimits())
        self.limits = self.budget.limits
        self.spill = spill
        self._spilled = 0

    def expand_file(self, path: Path) -> Iterator[Expanded]:
        """A file on disk: itself (text), or what its archive or stream holds."""
        name = str(path)
        try:
            with open(path, "rb") as handle:
                head = handle.read(HEAD_BYTES)
                size = path.stat().st_size
                kind = detect(head)
                if kind is None:
                    source = InputSource(name, path=path, known_size=size)
                    yield self._text_or_refusal(name, head, source)
                    return
                handle.seek(0)
                yield from self._container(name, kind, handle, size, depth=1)
        except SpillError:
            raise
        except OSError as exc:
            yield RefusedInput(name, f"cannot read the file: {exc.strerror or exc}", UNREADABLE)

    @staticmethod
    def _text_or_refusal(name: str, head: bytes, source: InputSource) -> Expanded:
        what = unsupported_by_name(name, head)
        if what:
            return RefusedInput(name, f"{what} are not supported", UNSUPPORTED_ARCHIVE)
        return source

    def _container(
        self, name: str, kind: str, handle: BinaryIO, size: int, depth: int
    ) -> Iterator[Expanded]:
        if kind.startswith("unsupported:"):
            what = kind.split(":", 1)[1]
            yield RefusedInput(name, f"{what} are not supported", UNSUPPORTED_ARCHIVE)
            return
        if depth > self.limits.max_depth:
            yield RefusedInput(
                name,
                f"archive nested deeper than {self.limits.max_depth} levels "
                "(an archive inside an archive is read, not a third level)",
                UNSUPPORTED_ARCHIVE,
            )
            return
        if kind == "zip":
            yield from self._zip(name, handle, depth)
        elif kind == "tar":
            yield from self._tar(name, handle, depth)
        else:
            yield from self._stream(name, kind, handle, size, depth)

    def _stream(
        self, name: str, kind: str, handle: BinaryIO, size: int, depth: int
    ) -> Iterator[Expanded]:
        """A compressed stream: a tar inside is expanded as it streams, anything else is one
        input named like the compressed file."""
        cap, why = self.budget.cap(size)
        try:
            opened = decompressor(kind)(handle)
        except ImportError as exc:
            yield RefusedInput(name, f"{kind} streams need {exc.name}", UNSUPPORTED_ARCHIVE)
            return
        with opened as stream:
            capped = io.BufferedReader(Capped(stream, cap, why), CHUNK)
            try:
                inner = detect(capped.peek(HEAD_BYTES)[:HEAD_BYTES])
                if inner == "tar":
                    yield from self._tar(name, capped, depth)
                    return
                material = self._materialize(name, capped, cap, why, counted=False)
            except OverCap as exc:
                yield RefusedInput(name, str(exc), TOO_LARGE)
                return
            except stream_errors() as exc:
                yield RefusedInput(
                    name, f"cannot read the {kind} stream (damaged or cut short): {exc}", UNREADABLE
                )
                return
        self.budget.remaining -= material.size
        yield from self._nested(material, depth)

    def _materialize(
        self, name: str, stream: BinaryIO, cap: int, why: str, counted: bool = True
    ) -> Material:
        """Copy a member out (at most `cap` bytes: OverCap beyond), to the spill folder when
        there is one. `counted`: the stream is not already a _Capped one."""
        reader: BinaryIO = io.BufferedReader(Capped(stream, cap, why), CHUNK) if counted else stream
        if self.spill is None:
            data = reader.read()
            return Material(name, len(data), data=data)
        self._spilled += 1
        target = self.spill / f"{self._spilled:06d}-{safe_stem(name)}"
        try:
            with open(target, "wb") as out:
                copy_into(reader, out, target)
                size = out.tell()
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        return Material(name, size, path=target)

    def _nested(self, material: Material, depth: int) -> Iterator[Expanded]:
        """A member that is itself an archive or a stream is expanded one level deeper;
        anything else is an input."""
        head = material.head()
        kind = detect(head)
        if kind is None:
            item = self._text_or_refusal(material.name, head, material.source())
            if isinstance(item, RefusedInput):
                material.discard()
            yield item
            return
        try:
            with material.open() as handle:
                yield from self._container(material.name, kind, handle, material.size, depth + 1)
        finally:
            material.discard()

    def _take_member(self, archive: str) -> RefusedInput | None:
        """One member off the run's total; a refusal once the total is spent."""
        if self.budget.members <= 0:
            limit = self.limits.max_total_members
            return RefusedInput(archive, f"archives hold more than {limit:,} members in all",
                                TOO_LARGE)  # fmt: skip
        self.budget.members -= 1
        return None

    def _member_refusal(self, archive: str, member: str, seen: set[str]) -> Expanded | None:
        name = f"{archive}{ARCHIVE_SEPARATOR}{member}"
        if reason := unsafe_member_reason(member):
            return RefusedInput(name, reason, UNREADABLE)
        if member in seen:  # a zip or tar may hold one name twice: it would be ambiguous
            return RefusedInput(name, "duplicate member name in the archive", UNREADABLE)
        seen.add(member)
        if skipped_by_name(member):
            return SkippedFile(name)
        return None

    def _zip(self, name: str, handle: BinaryIO, depth: int) -> Iterator[Expanded]:
        try:
            archive = zipfile.ZipFile(handle)
            members = sorted((i for i in archive.infolist() if not i.is_dir()),
                             key=lambda i: i.filename)  # fmt: skip
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
            yield RefusedInput(name, f"not a readable zip archive: {exc}", UNREADABLE)
            return
        if len(members) > self.limits.max_members:
            limit = self.limits.max_members
            yield RefusedInput(name, f"zip has {len(members):,} members, more than {limit:,}",
                               TOO_LARGE)  # fmt: skip
            return
        seen: set[str] = set()
        for info in members:  # a loop over members
            if spent := self._take_member(name):
                yield spent
                return
            if (refused := self._member_refusal(name, info.filename, seen)) is not None:
                yield refused
                continue
            yield from self._zip_member(archive, info, f"{name}{ARCHIVE_SEPARATOR}{info.filename}",
                                        depth)  # fmt: skip

    def _zip_member(
        self, archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, depth: int
    ) -> Iterator[Expanded]:
        if info.flag_bits & 0x1:
            yield RefusedInput(name, "encrypted zip members are not supported", UNSUPPORTED_ARCHIVE)
            return
        stored = info.compress_type == zipfile.ZIP_STORED
        cap, why = self.budget.cap(None if stored else info.compress_size)
        if info.file_size > cap:
            yield RefusedInput(
                name, f"possible archive bomb: {why} (declares {info.file_size:,} bytes)", TOO_LARGE
            )
            return
        try:
            with archive.open(info) as stream:
                material = self._materialize(name, stream, cap, why)  # type: ignore[arg-type]
        except OverCap as exc:
            yield RefusedInput(name, str(exc), TOO_LARGE)
            return
        except NotImplementedError as exc:
            yield RefusedInput(name, f"zip member not supported: {exc}", UNSUPPORTED_ARCHIVE)
            return
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error) as exc:
            yield RefusedInput(name, f"cannot read member: {exc}", UNREADABLE)
            return
        self.budget.remaining -= material.size
        yield from self._nested(material, depth)

    def _tar(self, name: str, stream: BinaryIO, depth: int) -> Iterator[Expanded]:
        """A tar read as a stream (plain, or as it is decompressed): members in archive order."""
        seen: set[str] = set()
        count = 0
        damaged: tuple[type[BaseException], ...] = (tarfile.TarError, *stream_errors())
        try:
            with tarfile.open(fileobj=stream, mode="r|") as archive:
                for member in archive:  # a loop over members
                    if member.isdir():
                        continue
                    count += 1
                    if count > self.limits.max_members:
                        limit = self.limits.max_members
                        yield RefusedInput(name, f"tar has more than {limit:,} members", TOO_LARGE)
                        return
                    if spent := self._take_member(name):
                        yield spent
                        return
                    yield from self._tar_member(name, archive, member, seen, depth)
        except OverCap as exc:
            yield RefusedInput(name, str(exc), TOO_LARGE)
        except damaged as exc:
            yield RefusedInput(
                name, f"cannot read the tar archive (damaged or cut short): {exc}", UNREADABLE
            )

    def _tar_member(
        self,
        archive_name: str,
        archive: tarfile.TarFile,
        member: tarfile.TarInfo,
        seen: set[str],
        depth: int,
    ) -> Iterator[Expanded]:
        name = f"{archive_name}{ARCHIVE_SEPARATOR}{member.name}"
        if (refused := self._member_refusal(archive_name, member.name, seen)) is not None:
            yield refused
            return
        if not member.isfile():  # links, devices, fifos: nothing to read
            yield SkippedFile(name)
            return
        cap, why = self.budget.cap(None)
        if member.size > cap:
            yield RefusedInput(
                name, f"possible archive bomb: {why} (declares {member.size:,} bytes)", TOO_LARGE
            )
            return
        content = archive.extractfile(member)
        assert content is not None  # a regular file
        material = self._materialize(name, content, cap, why)  # type: ignore[arg-type]
        if material.size != member.size:
            material.discard()
            yield RefusedInput(name, "the tar archive ends inside this member", UNREADABLE)
            return
        self.budget.remaining -= material.size
        yield from self._nested(material, depth)
