"""Ctrl-C during `hhaudit run`: stop cleanly, say what was finished, exit 130.

Files audited before the interrupt are complete parts in the run's work folder beside DIR
(.DIR.hhaudit/.parts/, hhaudit.run.outdir; each part's shard.json is written last), so `hhaudit
run ... --resume` finishes the run without auditing them again. The new output set is swapped
in for DIR only when whole: an interrupted run leaves the previous set (or none) in DIR.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hhaudit.run.outdir import work_dir
from hhaudit.run.parts import PARTS_DIR

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
            f"hhaudit: finished files are kept in {work_dir(out_dir) / PARTS_DIR}; the "
            f"previous output set in {out_dir}, if any, is untouched",
            f"hhaudit: to finish, run the same command again with --resume (--out {out_dir})",
        ]
