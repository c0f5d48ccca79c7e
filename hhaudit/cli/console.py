"""What `hhaudit run` says on stderr: the progress bar, `-v` per-file lines, the summary, `-vv`
stage timings. stdout stays free for `--output-format json`.

The bar counts input bytes: it advances as each part is done (a batch of small files, or one
chunk of a big file, hhaudit/run/units.py), so a big file moves it chunk by chunk instead of
0 % until its end; files and hands are its postfix, then the time so far and, once a rate means
something, the time left. There is one bar (two stacked bars leave torn lines behind), it fits
80 columns, and it ends on one clean line ("audited: 100%|...| 2/2 files, 12,030 hands [00:09]").
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from hhaudit.run.batch import FileEntry
from hhaudit.run.timing import WORKER_STAGES  # summed over the worker processes


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 hand', '2 hands', '0 hands'; `many` for irregular plurals."""
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


class Console:
    """Diagnostics on stderr, through tqdm so the bar stays intact; -q / -v / -vv aware."""

    def __init__(self, verbosity: int) -> None:
        self.verbosity = verbosity

    def say(self, message: str, level: int = 0) -> None:
        if self.verbosity >= level:
            tqdm.write(message, file=sys.stderr)


#: A terminal that reports no size gets this many columns: a classic terminal's width.
FALLBACK_COLUMNS = 80
#: The bar: percent, the files and hands done (its postfix), the time it took so far and,
#: once it can be told, the time left; no bytes per second (not what a person waits for).
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {done} [{elapsed}{left}]"
#: No estimate of the time left before this many seconds and this share of the bytes: the
#: first parts come in after the workers start, so an early rate promises minutes for a run
#: of seconds.
ESTIMATE_AFTER_S = 10.0
ESTIMATE_AFTER_SHARE = 0.1


def time_left(done: float, total: float | None, elapsed: float) -> str:
    """ ", 1:23 left" from the average rate so far, or "" while it would be a guess (a short
    run never shows one)."""
    if not total or done <= 0 or done >= total or elapsed < ESTIMATE_AFTER_S:
        return ""
    if done / total < ESTIMATE_AFTER_SHARE:
        return ""
    return f", {tqdm.format_interval(elapsed * (total - done) / done)} left"


class _Bar(tqdm):
    """tqdm with BAR_FORMAT's `{done}` (the postfix as set, without tqdm's ", ") and `{left}`
    (time_left)."""

    @property
    def format_dict(self) -> MutableMapping[str, Any]:
        found = super().format_dict
        found["done"] = self.postfix or ""
        found["left"] = time_left(found["n"], found["total"], found["elapsed"])
        return found


def _width() -> dict[str, Any]:
    """Follow the terminal's size; a terminal that reports none (a fresh pseudo-terminal, some
    CI containers: 0 x 0) gets FALLBACK_COLUMNS and 24 lines, where tqdm would print nothing."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        size = os.terminal_size((0, 0))
    if size.columns > 0 and size.lines > 0:
        return {"dynamic_ncols": True}
    return {"ncols": size.columns or FALLBACK_COLUMNS, "nrows": size.lines or 24}


class Progress:
    """The one progress bar of a run: input bytes done, with files and hands as postfix."""

    def __init__(self, enabled: bool, total_bytes: int, files: int) -> None:
        self.bar = _Bar(
            total=total_bytes,
            unit="B",
            desc="auditing",
            disable=not enabled,
            file=sys.stderr,
            leave=True,
            bar_format=BAR_FORMAT,
            postfix=f"0/{files} files, 0 hands",
            **_width(),
        )
        self.files_total, self.files, self.hands = files, 0, 0

    def part_done(self, entry: FileEntry) -> None:
        """A part audited now: its bytes and hands (a chunk of a big file, or whole files)."""
        self.hands += entry.hands_read
        self._advance(entry.size)

    def file_done(self, entry: FileEntry, reused: bool) -> None:
        """A file complete; one reused from an earlier run (--resume) counts its bytes here."""
        self.files += 1
        if reused:
            self.hands += entry.hands_read
        if self.files == self.files_total:
            self.bar.set_description_str("writing outputs", refresh=False)
        self._advance(entry.size if reused else 0)

    def _advance(self, size: int) -> None:
        """The new postfix, then the bytes, in one refresh."""
        files = f"{self.files:,}/{self.files_total:,} files"
        self.bar.set_postfix_str(f"{files}, {plural(self.hands, 'hand')}", refresh=False)
        if size:
            self.bar.update(size)
        else:
            self.bar.refresh()

    def close(self, finished: bool) -> None:
        if finished and not self.bar.disable:
            self.bar.set_description_str("audited", refresh=False)
            self.bar.n = self.bar.total or 0  # the last line says 100 % even if a size changed
        self.bar.close()


def file_line(entry: FileEntry, reused: bool) -> str:
    """`-v`: one line per file as it completes, quarantined hands and flags counted."""
    state = "resumed" if reused else "audited"
    hands = plural(entry.hands_read, "hand")
    if entry.hands_quarantined:
        hands += f" ({entry.hands_quarantined:,} quarantined)"
    text = f"{entry.path}: {state}, {hands}, {_flag_text(entry.flags, entry.violations)}"
    return text + (f" (error: {entry.error})" if entry.error else "")


def _flag_text(flags: int, violations: int) -> str:
    if not flags:
        return "no flags"
    if flags == violations:
        return plural(violations, "violation")
    return plural(flags, "flag") + (f" ({plural(violations, 'violation')})" if violations else "")


def later_quarantine_lines(
    said: Mapping[str, int], files: Sequence[Mapping[str, Any]]
) -> list[str]:
    """`-v`: files whose hands were quarantined after their line was printed (later copies of
    hands read in another file: duplicates are found once every file is read)."""
    lines = []
    for entry in files:  # a loop over files
        extra = entry["hands_quarantined"] - said.get(entry["path"], entry["hands_quarantined"])
        if extra > 0:
            lines.append(
                f"{entry['path']}: {plural(extra, 'hand')} quarantined as later copies of "
                f"hands read before ({entry['hands_audited']:,} audited in the end)"
            )
    return lines


@dataclass(frozen=True)
class RunNotes:
    """What the summary says beyond run.json: files a folder walk skipped, what --resume
    reused ((reused, audited now); None without --resume) and where --dataset appended."""

    skipped: int = 0
    resumed: tuple[int, int] | None = None
    dataset: object = None


def summary_lines(
    record: Mapping[str, Any], report: str, notes: RunNotes | None = None
) -> list[str]:
    """The summary after a run: what was read, quarantined (by reason) and flagged; files
    skipped, reused by --resume and rows appended to --dataset (`notes`)."""
    t = record["totals"]
    linked = t.get("consequences", 0)
    verb = "follows" if linked == 1 else "follow"
    follow = f" (root causes; {plural(linked, 'more flag')} {verb} from them)" if linked else ""
    flags = ", ".join(
        (plural(t["violations"], "violation"), plural(t["warnings"], "warning"),
         plural(t["infos"], "info flag"))
    )  # fmt: skip
    lines = [
        f"hhaudit: {plural(t['files'], 'file')}, {plural(t['hands_read'], 'hand')} read "
        f"({t['hands_audited']:,} audited, {t['hands_quarantined']:,} quarantined); {flags}{follow}"
    ]
    reasons = t.get("quarantine_by_code", {})
    if reasons:
        listed = ", ".join(f"{n:,} {code}" for code, n in reasons.items())
        lines.append(f"hhaudit: quarantine.csv: {listed}")
    if t.get("files_refused"):  # files not read at all, apart from the hands quarantined
        codes = ", ".join(f"{n:,} {code}" for code, n in t.get("refused_by_code", {}).items())
        lines.append(f"hhaudit: {plural(t['files_refused'], 'file')} refused ({codes})")
    if t["files_with_errors"] > t.get("files_refused", 0):
        failed = plural(t["files_with_errors"] - t.get("files_refused", 0), "input file")
        lines.append(f"hhaudit: {failed} read with an error (run.json files[].error)")
    for item in t.get("likely_conventions", []):
        lines.append(f"hhaudit: {item['file']}: {item['note']}")
    notes = notes or RunNotes()
    extra = [skipped_line(notes.skipped), notes.resumed and resume_line(*notes.resumed)]
    if notes.dataset is not None:
        extra.append(dataset_line(notes.dataset, record.get("dataset")))
    lines.extend(line for line in extra if line)
    lines.append(f"Report: {report}")
    return lines


def dataset_line(dataset: object, appended: Mapping[str, Any] | None) -> str | None:
    """What `--dataset` appended: rows per table (run.json `dataset`), None without one."""
    if appended is None:
        return None
    rows = appended.get("rows", appended)  # per table; a record may nest them under "rows"
    counts = [(table, n) for table, n in rows.items() if isinstance(n, int)]
    said = ", ".join(plural(n, (table[:-1] if table.endswith("s") else table) + " row")
                     for table, n in counts)  # fmt: skip
    return f"hhaudit: appended to the dataset {dataset}: {said or 'no rows'}"


def resume_line(reused: int, audited: int) -> str:
    """`--resume`: how many input files came from the earlier run and how many were audited."""
    return (f"hhaudit: --resume: {plural(reused, 'file')} reused from the earlier run, "
            f"{audited:,} audited now")  # fmt: skip


def skipped_line(skipped: int) -> str | None:
    """Files a folder walk passed over (not hand-history file types), None when there are none."""
    if not skipped:
        return None
    return (f"hhaudit: {plural(skipped, 'file')} skipped in the folders given (not hand-history "
            "file types; -v names them, run.json lists them)")  # fmt: skip


def timing_lines(before: Mapping[str, float], after: Mapping[str, float], wall: float) -> list[str]:
    """`-vv`: seconds per stage of this run (hhaudit/run/timing.py), in the order they ran."""
    spent = {stage: after[stage] - before.get(stage, 0.0) for stage in after}
    driver = [f"{stage} {seconds:.2f} s" for stage, seconds in spent.items()
              if stage not in WORKER_STAGES and seconds >= 0.005]  # fmt: skip
    workers = [f"{stage} {spent[stage]:.2f} s" for stage in WORKER_STAGES if stage in spent]
    lines = [f"hhaudit: time: {', '.join(driver)}; wall {wall:.2f} s"]
    if workers:
        lines.append(f"hhaudit: time in the workers (summed over them): {', '.join(workers)}")
    return lines
