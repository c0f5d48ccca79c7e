"""The output folder of a run: one writer at a time, and the whole set swapped in at once.

`hhaudit run ... --out DIR` never writes into DIR while it works. Everything goes to a work
folder beside it, on the same filesystem (docs/guarantees.md, "Output folders"):

    .DIR.hhaudit/lock      the lock: fcntl.flock held for the whole run; pid, host and start
                           inside, for the message a second run gets
    .DIR.hhaudit/.parts/   the parts (hhaudit.run.parts): kept when a run fails or is stopped,
                           so --resume finishes it
    .DIR.hhaudit/set/      the new output set, built whole (tables, CSVs, report, run.json last)

When the set is complete, `publish` swaps it in with two renames (DIR -> work/previous, set ->
DIR) and removes the previous set: a reader, or a run stopped at any point, sees the previous
complete set or the new one (or, killed between the two renames, none: the next run puts the
complete one back). The parts are removed after a successful run, or moved into DIR/.parts with
--keep-parts (a later --resume takes them back). The kernel drops a flock when its process dies,
so the lock of a killed run is taken over by the next run.

DIR is replaced whole, so it must be new, empty or an hhaudit output folder: files hhaudit does
not write there are refused rather than deleted.

DIR may be a symbolic link (the link is kept: its target is the folder swapped), a mount point
(a container volume) or a folder in a read-only parent. A mount point or a folder whose parent
cannot be written is never renamed: the work folder is inside it (DIR/.hhaudit/) and `publish`
moves the new set's files in one by one, run.json last (removed first): a reader that waits for
run.json sees a whole set; a run killed half-way is completed by the next one.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import socket
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from hhaudit.run.batch import TABLE_NAMES
from hhaudit.run.parts import PARTS_DIR
from hhaudit.run.spill import PREFIX as SPILL_PREFIX
from reports.atomic import TEMP_SUFFIX

LOCK_NAME = "lock"
SET_NAME = "set"
PREVIOUS_NAME = "previous"
RUN_JSON = "run.json"
INSIDE_WORK = ".hhaudit"  # the work folder of a DIR that cannot be renamed (a mount point)
#: What a run writes into DIR (hhaudit.run.runner, reports): anything else makes DIR foreign.
OUTPUT_NAMES = frozenset(
    {f"{table}.parquet" for table in TABLE_NAMES}
    | {"violations.csv", "summary.csv", "quarantine.csv", "report.html", RUN_JSON, PARTS_DIR}
)
#: Entries of a mount point that are the filesystem's, not ours nor foreign.
MOUNT_ENTRIES = frozenset({INSIDE_WORK, "lost+found"})


class OutputRefused(RuntimeError):
    """An output the run may not or could not write as asked (the CLI exits 2 with the
    message): a busy or foreign folder here, a dataset append (hhaudit.run.dataset)."""


class OutputBusy(OutputRefused):
    """Another live run holds the lock of this output folder."""


class ForeignOutput(OutputRefused):
    """DIR holds files a run did not write: replacing it would delete them."""


@dataclass(frozen=True)
class Placement:
    """Where a run's output folder really is and where it works: beside it (the set is
    swapped in by renaming DIR) or inside it (DIR is a mount point or in a read-only parent)."""

    final: Path  # DIR, absolute; a symbolic link resolved to its target
    work: Path
    inside: bool


def placement(out_dir: Path) -> Placement:
    final = Path(os.path.realpath(out_dir)) if out_dir.is_symlink() else out_dir.absolute()
    inside = final.is_dir() and (
        os.path.ismount(final) or not os.access(final.parent, os.W_OK | os.X_OK)
    )
    work = final / INSIDE_WORK if inside else final.parent / f".{final.name}.hhaudit"
    return Placement(final, work, inside)


def work_dir(out_dir: Path) -> Path:
    """The work folder of `out_dir`: hidden, beside it (one filesystem, so renames are atomic),
    or inside it when it cannot be renamed (`placement`)."""
    return placement(out_dir).work


def foreign_entries(out_dir: Path) -> list[str]:
    """Entries of `out_dir` that no run writes (temporaries of a killed run are ours)."""
    if not out_dir.is_dir():
        return []
    return sorted(
        entry.name
        for entry in out_dir.iterdir()
        if entry.name not in OUTPUT_NAMES | MOUNT_ENTRIES and not entry.name.endswith(TEMP_SUFFIX)
    )


def has_set(out_dir: Path) -> bool:
    """Whether `out_dir` holds a complete output set (its run.json)."""
    return (placement(out_dir).final / RUN_JSON).is_file()


def _holder(lock_path: Path) -> str:
    try:
        info = json.loads(lock_path.read_text("utf-8"))
        return f"pid {info['pid']}, started {info['started_at']} on {info['host']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "pid unknown"


def open_locked(lock_path: Path, out_dir: Path) -> int:
    """The fd of `lock_path`, flocked by this process; OutputBusy when a live run holds it.

    A lock file removed by its holder as we opened it is opened again (the inode check), so two
    runs never both hold a lock."""
    while True:  # a loop over (rare) lock files replaced under us
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise OutputBusy(
                f"another hhaudit run ({_holder(lock_path)}) is writing here: {out_dir}"
            ) from None
        try:
            same = os.stat(lock_path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)


def _write_holder(fd: int, started: str) -> None:
    info = {"pid": os.getpid(), "host": socket.gethostname(), "started_at": started}
    os.ftruncate(fd, 0)
    os.pwrite(fd, (json.dumps(info) + "\n").encode(), 0)


@dataclass
class OutputFolder:
    """`with OutputFolder(DIR) as folder:` parts in `folder.work`, the set in `folder.set_dir`,
    then `folder.publish()`; leaving the block releases the lock and tidies up."""

    out_dir: Path
    resume: bool = False
    keep_parts: bool = False
    final: Path = field(init=False)
    work: Path = field(init=False)
    inside: bool = field(init=False)
    _fd: int | None = field(default=None, init=False)
    _published: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        place = placement(self.out_dir)
        self.final, self.work, self.inside = place.final, place.work, place.inside

    @property
    def set_dir(self) -> Path:
        return self.work / SET_NAME

    def __enter__(self) -> OutputFolder:
        foreign = foreign_entries(self.final)
        if foreign:
            shown = ", ".join(foreign[:5]) + (", ..." if len(foreign) > 5 else "")
            raise ForeignOutput(
                f"{self.out_dir} holds files hhaudit did not write ({shown}); a run replaces "
                "its output folder whole: give --out a new or empty folder, or an earlier run's"
            )
        self.work.mkdir(parents=True, exist_ok=True)
        self._fd = open_locked(self.work / LOCK_NAME, self.out_dir)
        _write_holder(self._fd, datetime.now(UTC).isoformat(timespec="seconds"))
        self._recover()
        shutil.rmtree(self.set_dir, ignore_errors=True)  # the incomplete set of a stopped run
        self._take_kept_parts()
        self.set_dir.mkdir()
        return self

    def _recover(self) -> None:
        """A run killed between the two renames of `publish`: put the complete set back (inside
        DIR: finish moving the set in)."""
        if self.inside:
            if (self.set_dir / RUN_JSON).is_file() and not (self.final / RUN_JSON).exists():
                self._move_set_in()
            return
        previous = self.work / PREVIOUS_NAME
        if not self.final.exists():
            if (self.set_dir / "run.json").is_file():
                os.replace(self.set_dir, self.final)
            elif previous.is_dir():
                os.replace(previous, self.final)
        shutil.rmtree(previous, ignore_errors=True)

    def _take_kept_parts(self) -> None:
        """--resume after a --keep-parts run: its parts come back into the work folder."""
        kept, parts = self.final / PARTS_DIR, self.work / PARTS_DIR
        if self.resume and kept.is_dir() and not parts.exists():
            os.replace(kept, parts)

    def publish(self) -> None:
        """Swap the complete set in for DIR (run.json must be written)."""
        if not (self.set_dir / "run.json").is_file():
            raise RuntimeError(f"the output set in {self.set_dir} is not complete")
        parts = self.work / PARTS_DIR
        if self.keep_parts and parts.is_dir():
            os.replace(parts, self.set_dir / PARTS_DIR)
        if self.inside:
            (self.final / RUN_JSON).unlink(missing_ok=True)  # DIR's set is incomplete from here
            self._move_set_in()
            self._published = True
            return
        previous = self.work / PREVIOUS_NAME
        if self.final.exists():
            os.replace(self.final, previous)
        os.replace(self.set_dir, self.final)
        _fsync_dir(self.final.parent)
        self._published = True
        shutil.rmtree(previous, ignore_errors=True)

    def _move_set_in(self) -> None:
        """Inside DIR: the set's entries replace DIR's one by one, run.json last; entries of an
        older set that the new one lacks go."""
        new = {entry.name for entry in self.set_dir.iterdir()}
        for name in sorted(new - {RUN_JSON}):  # a loop over the set's files
            target = self.final / name
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)
            os.replace(self.set_dir / name, target)
        for entry in self.final.iterdir():  # an older set's .parts (--keep-parts)
            if entry.name in OUTPUT_NAMES and entry.name not in new:
                shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
        os.replace(self.set_dir / RUN_JSON, self.final / RUN_JSON)
        _fsync_dir(self.final)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        shutil.rmtree(self.set_dir, ignore_errors=True)  # nothing if published
        if self._published:
            shutil.rmtree(self.work / PARTS_DIR, ignore_errors=True)
        self._release()

    def _release(self) -> None:
        """Unlock; a work folder left with nothing but the lock goes too."""
        if self._fd is None:
            return
        lock_path = self.work / LOCK_NAME
        leftover = [
            p.name
            for p in self.work.iterdir()
            if p.name != LOCK_NAME and not p.name.startswith(SPILL_PREFIX)  # the run's own
        ]
        if not leftover:
            lock_path.unlink(missing_ok=True)  # while still locked: see open_locked
        os.close(self._fd)
        self._fd = None
        if not leftover:
            with contextlib.suppress(OSError):  # another run created its lock meanwhile
                self.work.rmdir()


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
