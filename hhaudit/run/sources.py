"""The inputs of a run: sources to audit, refusals with their reason code, files passed over.

Reason codes of a refused input (run.json `files[].refused`, the quarantine's `reason_code`):

    unsupported_archive  an archive or stream we cannot open (7z, RAR, an encrypted zip member,
                         one level of nesting too many)
    too_large            a bound on expansion was met (bytes, ratio, members): the archive bomb
    unreadable_input     the file or member could not be read (damaged, truncated, gone,
                         changed while the run read it, no permission)
    not_a_hand_history   read, but no line of it is a hand header of a known format (empty
                         files too)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ARCHIVE_SEPARATOR = "!"  # "bundle.zip!2024/hands.txt", like a jar URL
UNSUPPORTED_ARCHIVE = "unsupported_archive"
TOO_LARGE = "too_large"
UNREADABLE = "unreadable_input"
NOT_HANDS = "not_a_hand_history"
REFUSAL_CODES: tuple[str, ...] = (UNSUPPORTED_ARCHIVE, TOO_LARGE, UNREADABLE, NOT_HANDS)
#: Parser errors (parsers/api.py) that mean an input holds no hand history: NOT_HANDS.
NO_HANDS_ERRORS: tuple[str, ...] = ("not a hand history", "empty file")

#: Files a folder walk (or an archive) passes over (documentation, data, code, our own
#: outputs). A file named explicitly on the command line is always read.
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


def skipped_by_name(member: str) -> bool:
    """An archive member a folder walk would pass over: hidden (`.x`, macOS `__MACOSX/`), or of
    a type that is no hand history."""
    path = PurePosixPath(member.replace("\\", "/"))
    if any(part.startswith(".") or part == "__MACOSX" for part in path.parts):
        return True
    return path.suffix.lower() in NOT_HAND_HISTORIES


@dataclass(frozen=True)
class InputSource:
    """One input: a file on disk (`path`; for an archive member, its copy in the spill folder)
    or bytes in memory (`data`). `name` is what outputs call it."""

    name: str
    path: Path | None = None
    data: bytes | None = field(default=None, repr=False)
    known_size: int | None = None  # the size when it was found (planning and progress only)

    @property
    def size(self) -> int:
        """Bytes to plan with; 0 for a file gone since (its worker refuses it)."""
        if self.data is not None:
            return len(self.data)
        if self.known_size is not None:
            return self.known_size
        assert self.path is not None
        try:
            return os.stat(self.path).st_size
        except OSError:
            return 0


@dataclass(frozen=True)
class SkippedFile:
    """A file a folder walk (or an archive) passed over because of its name."""

    name: str


@dataclass(frozen=True)
class RefusedInput:
    """A file, archive or member that was not read, with the reason and its code."""

    name: str
    reason: str
    code: str = UNREADABLE


Expanded = InputSource | RefusedInput | SkippedFile
