"""Ctrl-C during `hhaudit run`: stop cleanly, say what was finished, exit 130.

Files audited before the interrupt are complete parts in DIR/.parts/ (each part's shard.json is
written last), so `hhaudit run ... --resume` finishes the run without auditing them again.
Output files are only ever renamed into place when whole (reports.atomic), and run.json, the
mark of a complete run, is written last: an interrupted run leaves no run.json.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a process stopped by Ctrl-C


@dataclass
class FileTally:
    """Input files finished so far (audited now or reused from a previous run)."""

    total: int
    audited: int = 0
    reused: int = 0

    def add(self, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.audited += 1

    def interrupted_lines(self, out_dir: Path) -> list[str]:
        """What stderr says after Ctrl-C: what is done, what is not, how to finish."""
        done = self.audited + self.reused
        return [
            f"hhaudit: interrupted: {done} of {self.total} input files finished "
            f"({self.audited} audited now, {self.reused} reused)",
            f"hhaudit: finished files are kept in {out_dir / '.parts'}; no report and no "
            "run.json were written for this run",
            f"hhaudit: to finish, run the same command again with --resume (--out {out_dir})",
        ]
