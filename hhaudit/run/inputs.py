"""Expand the PATH arguments of `hhaudit run` into a list of input sources.

A PATH is a file, a folder (walked recursively, hidden entries skipped), or a glob. Every file
is looked at by its content: an archive or a compressed stream (zip, tar, gzip, bzip2, xz, zstd,
in any combination of one stream and one archive, nested once) is expanded into its members by
hhaudit.run.archives, which bounds the expansion. A refused file or member becomes a
`RefusedInput` with its reason code (hhaudit.run.sources): reported, never silently dropped.
"""

from __future__ import annotations

import glob
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hhaudit.run.archives import ArchiveLimits, Expander, unsafe_member_reason
from hhaudit.run.sources import (
    ARCHIVE_SEPARATOR,
    NOT_HAND_HISTORIES,
    InputSource,
    RefusedInput,
    SkippedFile,
)

__all__ = [
    "ARCHIVE_SEPARATOR",
    "ArchiveLimits",
    "ExpandedInputs",
    "InputError",
    "InputSource",
    "RefusedInput",
    "SkippedFile",
    "expand_inputs",
    "unsafe_member_reason",
]


class InputError(Exception):
    """A PATH that does not exist or matches nothing: a usage error (exit status 2)."""


@dataclass
class ExpandedInputs:
    """What the PATH arguments name: sources to audit, refusals, and files passed over."""

    sources: list[InputSource] = field(default_factory=list)
    refused: list[RefusedInput] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)


def expand_inputs(
    patterns: Sequence[str],
    limits: ArchiveLimits | None = None,
    exclude: Iterable[Path] = (),
    spill: Path | None = None,
) -> ExpandedInputs:
    """Resolve PATH arguments into sources, refusals and skipped files, in a stable order.

    Raises InputError when a PATH names nothing. Folders listed in `exclude` (the output
    directory) are never read. `spill`: where archive members are decompressed to
    (hhaudit.run.spill); None keeps them in memory.
    """
    expander = Expander(limits, spill)
    excluded = [p.resolve() for p in exclude]
    found = ExpandedInputs()
    for file_path, named in _unique(_resolve_pattern(pattern, excluded) for pattern in patterns):
        if not named and file_path.suffix.lower() in NOT_HAND_HISTORIES:
            found.skipped.append(SkippedFile(str(file_path)))
            continue
        for item in expander.expand_file(file_path):
            if isinstance(item, InputSource):
                found.sources.append(item)
            elif isinstance(item, RefusedInput):
                found.refused.append(item)
            else:
                found.skipped.append(item)
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
