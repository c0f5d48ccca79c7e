"""What `hhaudit run` says on stderr: the progress bar, `-v` per-file lines, the summary, `-vv`
stage timings. stdout stays free for `--output-format json`.

The bar counts input bytes: it advances as each part is done (a batch of small files, or one
chunk of a big file, hhaudit/run/units.py), so a big file moves it chunk by chunk instead of
0 % until its end; files and hands are its postfix. There is one bar (two stacked bars leave
torn lines behind), and it ends on one clean line ("audited: 100% ... files, hands").
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from tqdm import tqdm

from hhaudit.run.batch import FileEntry

#: Stages whose time is summed over the worker processes (docs/scale.md): more than wall time.
WORKER_STAGES: tuple[str, ...] = ("parse", "check", "write parts")


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


def _width() -> dict[str, Any]:
    """Follow the terminal's size; a terminal that reports none (a fresh pseudo-terminal, some
    CI containers: 0 x 0) gets 100 columns and 24 lines, where tqdm would print nothing."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        size = os.terminal_size((0, 0))
    if size.columns > 0 and size.lines > 0:
        return {"dynamic_ncols": True}
    return {"ncols": size.columns or 100, "nrows": size.lines or 24}


class Progress:
    """The one progress bar of a run: input bytes done, with files and hands as postfix."""

    def __init__(self, enabled: bool, total_bytes: int, files: int) -> None:
        self.bar = tqdm(
            total=total_bytes,
            unit="B",
            unit_scale=True,
            unit_divisor=1024,
            desc="auditing",
            disable=not enabled,
            file=sys.stderr,
            leave=True,
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
            self.bar.set_description("writing tables and report", refresh=False)
        self._advance(entry.size if reused else 0)

    def _advance(self, size: int) -> None:
        """The new postfix, then the bytes, in one refresh."""
        files = f"{self.files}/{self.files_total} files"
        self.bar.set_postfix_str(f"{files}, {plural(self.hands, 'hand')}", refresh=False)
        if size:
            self.bar.update(size)
        else:
            self.bar.refresh()

    def close(self, finished: bool) -> None:
        if finished and not self.bar.disable:
            self.bar.set_description("audited", refresh=False)
            self.bar.n = self.bar.total  # the last line says 100 % even if a size changed
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


def summary_lines(record: Mapping[str, Any], report: str) -> list[str]:
    """The summary after a run: what was read, quarantined (by reason) and flagged."""
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
    if t["files_with_errors"]:
        refused = plural(t["files_with_errors"], "input file")
        lines.append(f"hhaudit: {refused} refused or unreadable")
    for item in t.get("likely_conventions", []):
        lines.append(f"hhaudit: {item['file']}: {item['note']}")
    lines.append(f"Report: {report}")
    return lines


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
