"""The charts' helper process (reports/chart_process.py): the same SVG as drawn in process, and
drawn in process whenever the helper cannot answer."""

from __future__ import annotations

from reports.chart_process import ChartProcess, ChartSpec, draw, start_chart_process

RULES = {"violation": [3, 1], "info": [0, 2]}
DAYS = tuple(f"2026-11-{day:02d}" for day in range(1, 16))
SPECS = [
    ChartSpec(("ACT-X", "BET-Y <script>"), RULES, "By rule", True, "rule"),
    ChartSpec(DAYS, {"warning": list(range(15))}, "By day", False, "day"),
]


def test_the_helper_draws_the_same_svg_as_this_process() -> None:
    helper = start_chart_process()
    assert helper is not None
    helper.send(SPECS)
    drawn = helper.result()
    assert drawn == draw(SPECS)
    assert all(svg.startswith("<svg") for svg in drawn)
    assert helper.process is None  # one request per helper


def test_a_dead_helper_means_the_charts_are_drawn_here() -> None:
    helper = ChartProcess()
    assert helper.process is not None
    helper.process.kill()
    helper.process.wait()
    helper.send(SPECS)
    assert helper.result() == draw(SPECS)


def test_an_unused_helper_is_stopped_on_close() -> None:
    helper = ChartProcess()
    process = helper.process
    assert process is not None
    helper.close()
    assert process.returncode is not None
    assert helper.process is None
    helper.close()  # twice: nothing left to stop
