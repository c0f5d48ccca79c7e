"""The HTML report's charts drawn in a helper process while the driver writes everything else.

matplotlib takes ~2.5 s for the four charts of a 100k-hand run and is pure Python (one core);
the rest of the reports (CSV files, the flagged hands, the template) takes about as long on the
driver. So `hhaudit run` starts a helper, `python -m reports.chart_process`, once the tables
are final (after the sessions step: started earlier, its ~60 MB would add to the workers' or
the sessions step's memory peak), sends it the charts' data while it imports matplotlib, writes
the rest meanwhile, and reads the SVG strings back just before the page is rendered.

The helper is the same code as the in-process path (`reports.charts.stacked_bars_svg`, fixed
hash salt, no date), so the page is byte for byte the one drawn in process. Whatever goes wrong
with the helper (it cannot start, dies, answers garbage), the charts are drawn in process.

The protocol: one pickle on stdin (a list of `ChartSpec` argument tuples), one pickle on stdout
(the list of SVG strings). End of input without a request: the helper exits (the run failed or
drew its charts in process); it ignores Ctrl-C, which the driver handles.
"""

from __future__ import annotations

import pickle
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import astuple, dataclass


@dataclass(frozen=True)
class ChartSpec:
    """The arguments of one `reports.charts.stacked_bars_svg` call."""

    labels: tuple[str, ...]
    series: dict[str, list[int]]
    title: str
    horizontal: bool
    name: str


def draw(specs: Sequence[ChartSpec]) -> list[str]:
    """The SVG of each chart, drawn in this process."""
    from reports.charts import stacked_bars_svg

    return [
        stacked_bars_svg(list(spec.labels), spec.series, spec.title, spec.horizontal, spec.name)
        for spec in specs  # a loop over the (four) charts
    ]


class ChartProcess:
    """A started helper process, ready for one `draw` request."""

    def __init__(self) -> None:
        flags = ["-P"] if sys.version_info >= (3, 11) else []  # no cwd on the helper's path
        self.process: subprocess.Popen[bytes] | None = subprocess.Popen(
            [sys.executable, *flags, "-m", "reports.chart_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            close_fds=True,
        )
        self.sent: list[ChartSpec] | None = None

    def send(self, specs: Sequence[ChartSpec]) -> None:
        """Ask for the charts; the answer is read by `result`."""
        self.sent = list(specs)
        process = self.process
        if process is None or process.stdin is None:
            return
        try:
            process.stdin.write(pickle.dumps([astuple(spec) for spec in self.sent]))
            process.stdin.close()
        except OSError:  # the helper is gone: `result` draws in process
            self.close()

    def result(self) -> list[str]:
        """The SVG strings of the charts sent, from the helper or else drawn here."""
        specs = self.sent or []
        process, self.process = self.process, None
        if process is None or process.stdout is None:
            return draw(specs)
        try:
            answer = pickle.loads(process.stdout.read())
            process.stdout.close()
            ok = process.wait() == 0
        except Exception:  # a dead or confused helper: nothing to trust
            ok, answer = False, None
            process.kill()
            process.wait()
        fits = ok and isinstance(answer, list) and len(answer) == len(specs)
        if fits and all(isinstance(svg, str) for svg in answer):
            return answer
        return draw(specs)

    def close(self) -> None:
        """Stop the helper if it is still there (no request sent, or an error): it holds
        nothing worth waiting for."""
        process, self.process = self.process, None
        if process is None:
            return
        process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None and not stream.closed:
                stream.close()


def start_chart_process() -> ChartProcess | None:
    """A helper process for the charts, or None when none can be started (drawn in process)."""
    try:
        return ChartProcess()
    except OSError:
        return None


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import reports.charts  # noqa: F401  (matplotlib, while the run audits)

    request = sys.stdin.buffer.read()
    if not request:
        return
    specs = [ChartSpec(*args) for args in pickle.loads(request)]
    sys.stdout.buffer.write(pickle.dumps(draw(specs)))
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
