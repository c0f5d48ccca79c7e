"""The report's charts (reports/charts.py): SVG written by our own code, escaped, readable."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from reports.charts import (
    CHART_WIDTH,
    MIN_TEXT,
    SEVERITY_COLOURS,
    nice_ticks,
    stacked_bars_svg,
    text_width,
)

SVG = "{http://www.w3.org/2000/svg}"
DAYS = [f"2026-11-{day:02d}" for day in range(1, 31)]


def _parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def _texts(svg: str) -> list[str]:
    return [element.text or "" for element in _parsed(svg).iter(f"{SVG}text")]


def _rects(svg: str) -> list[dict[str, str]]:
    return [element.attrib for element in _parsed(svg).iter(f"{SVG}rect")]


def test_hostile_labels_and_titles_are_text_not_markup() -> None:
    hostile = '<script>alert(1)</script> & "x"'
    svg = stacked_bars_svg([hostile, "b"], {"violation": [2, 1]}, f"T {hostile}", name="m")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root = _parsed(svg)
    assert root.attrib["aria-label"] == f"T {hostile}"  # escaped in the attribute, read back
    assert f"T {hostile}" in _texts(svg)
    assert not [e for e in root.iter() if e.tag.removeprefix(SVG) not in
                {"svg", "g", "title", "text", "rect", "line"}]  # fmt: skip


def test_bars_are_stacked_by_severity_in_their_colours() -> None:
    series = {"violation": [3, 0], "warning": [0, 0], "info": [1, 4]}
    svg = stacked_bars_svg(["A", "B"], series, "By rule")
    fills = [rect["fill"] for rect in _rects(svg)]
    legend, bars = fills[:2], fills[2:]
    assert legend == [SEVERITY_COLOURS["violation"], SEVERITY_COLOURS["info"]]  # drawn ones only
    assert bars == [SEVERITY_COLOURS[s] for s in ("violation", "info", "info")]  # no empty part
    widths = [float(rect["width"]) for rect in _rects(svg)[2:]]
    assert widths[0] == pytest.approx(3 * widths[1], abs=0.02)  # A: 3 violations, 1 info
    assert widths[2] == pytest.approx(4 * widths[1], abs=0.02)  # B: 4 info
    texts = _texts(svg)
    assert {"4", "flags", "By rule", "violation", "info"} <= set(texts)  # totals, axis, legend
    assert "warning" not in texts
    assert "<title>B: 4 flags (info 4)</title>" in svg  # each bar's counts as its tooltip


def test_one_severity_draws_no_legend() -> None:
    svg = stacked_bars_svg(["A"], {"violation": [5], "info": [0]}, "T")
    assert "violation" not in _texts(svg)


def test_rows_keep_their_order_top_to_bottom() -> None:
    svg = stacked_bars_svg(["first", "second", "third"], {"info": [1, 9, 3]}, "T")
    ys = {e.text: float(e.attrib["y"]) for e in _parsed(svg).iter(f"{SVG}text")}
    assert ys["first"] < ys["second"] < ys["third"]


@pytest.mark.parametrize(
    "long", ["partypoker · NL 2000000/4000000 chips (tournament)", "牌桌" * 20 + " · NL 1/2 ¥"]
)
def test_text_stays_inside_the_chart_and_readable(long: str) -> None:
    svg = stacked_bars_svg([long, "x"], {"violation": [987_654, 1]}, "T", name="market")
    viewbox = [float(v) for v in _parsed(svg).attrib["viewBox"].split()]
    assert viewbox[2] == CHART_WIDTH
    for element in _parsed(svg).iter(f"{SVG}text"):
        size, x = float(element.attrib["font-size"]), float(element.attrib["x"])
        assert size >= MIN_TEXT
        width = text_width(element.text or "", size)
        anchor = element.attrib.get("text-anchor", "start")
        start = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        assert start >= 0 and start + width <= CHART_WIDTH, element.text


def test_columns_label_every_nth_day_turned_when_they_do_not_fit() -> None:
    svg = stacked_bars_svg(DAYS, {"warning": list(range(30))}, "By day", horizontal=False)
    labels = [t for t in _texts(svg) if t.startswith("2026")]
    assert labels == DAYS[::3]  # 30 days, at most 12 labels
    assert len(re.findall(r'transform="rotate\(-45 ', svg)) == len(labels)
    hours = [f"{hour:02d}" for hour in range(24)]
    svg = stacked_bars_svg(hours, {"info": [1] * 24}, "By hour", horizontal=False)
    assert [t for t in _texts(svg) if t.isdigit() and len(t) == 2][:3] == ["00", "02", "04"]
    assert "rotate(-45" not in svg


def test_the_same_data_gives_the_same_bytes() -> None:
    args = (DAYS[:5], {"violation": [1, 2, 3, 4, 5]}, "T")
    assert stacked_bars_svg(*args, horizontal=False) == stacked_bars_svg(*args, horizontal=False)


@pytest.mark.parametrize(
    ("top", "expected"),
    [(1, [0, 1]), (7, list(range(8))), (9, [0, 2, 4, 6, 8]), (111, [0, 20, 40, 60, 80, 100]),
     (150, [0, 25, 50, 75, 100, 125, 150]), (9915, [0, 2000, 4000, 6000, 8000])],
)  # fmt: skip
def test_ticks_are_whole_round_steps(top: float, expected: list[int]) -> None:
    assert nice_ticks(top) == expected


@pytest.mark.parametrize("horizontal", [True, False])
def test_bars_without_root_causes_still_draw_an_axis(horizontal: bool) -> None:
    """A label whose flags are all consequences counts no root cause: every bar 0 (and no
    label at all) still gives a chart, its axis from 0 to 1."""
    for labels in (["A", "B"], []):
        series = {"violation": [0] * len(labels), "info": [0] * len(labels)}
        svg = stacked_bars_svg(labels, series, "T", horizontal=horizontal)
        assert {"0", "1", "T", *labels} <= set(_texts(svg))
        assert not _rects(svg)  # no legend, no bar
