"""Charts as inline SVG strings, drawn by matplotlib offline (Agg/SVG canvas, no pyplot state).

Text stays text (`svg.fonttype = none`, no font files embedded or fetched), math parsing is off
(`$` in a label is a dollar sign, not TeX), and output is deterministic (fixed hash salt, no
date), so two runs over the same data give the same report.

Sizes are in SVG user units meant as CSS pixels: a chart is CHART_WIDTH units wide and the page
shows it at the width of its card (two cards a row: about 640 px at a 1400 px window), so text of
MIN_TEXT units reads at about that many pixels. A label too long for the axis is cut to
MAX_LABEL characters with "…" and keeps its full text as an SVG tooltip (`<title>`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from html import escape

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

SEVERITY_COLOURS: dict[str, str] = {
    "violation": "#b42318",
    "warning": "#d98b0b",
    "info": "#667085",
}
_RC = {
    "svg.fonttype": "none",
    "svg.hashsalt": "hhaudit",
    "text.parse_math": False,
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans"],  # shipped with matplotlib: nothing to look up or fetch
    "font.size": 13,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.edgecolor": "#98a2b3",
    "axes.labelcolor": "#344054",
    "xtick.color": "#475467",
    "ytick.color": "#344054",
}
_PROLOG = re.compile(r"^.*?(?=<svg)", re.DOTALL)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.DOTALL)
MAX_LABEL = 34
MIN_COLUMNS = 10
MAX_COLUMN_LABELS = 12  # at most this many labels under a column chart (every n-th day)
CHART_WIDTH = 640  # user units (= CSS px at a 1400 px window, two charts a row)
MIN_TEXT = 12  # the smallest text on a chart, in user units
UNITS_PER_INCH = 72  # the SVG backend writes points: one user unit per point
_DIMENSIONS = re.compile(r'(<svg[^>]*?) width="[0-9.]+pt" height="[0-9.]+pt"')


def _short(label: str) -> str:
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def _inches(units: float) -> float:
    return units / UNITS_PER_INCH


def _with_tooltips(svg: str, full_labels: Mapping[str, str]) -> str:
    """Give each cut label (an artist group with a known gid) its full text as a tooltip."""
    for gid, label in full_labels.items():
        svg = svg.replace(f'<g id="{gid}">', f'<g id="{gid}"><title>{escape(label)}</title>', 1)
    return svg


def figure_to_svg(figure: Figure) -> str:
    """The figure as an `<svg>` element string (XML prolog and DOCTYPE removed)."""
    buffer = io.StringIO()
    FigureCanvasSVG(figure)
    with matplotlib.rc_context(_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = _PROLOG.sub("", buffer.getvalue(), count=1)
    svg = _DIMENSIONS.sub(r'\1 width="100%" preserveAspectRatio="xMinYMin meet"', svg, count=1)
    return _METADATA.sub("", svg, count=1)


def _figure_size(count: int, horizontal: bool) -> tuple[float, float]:
    """Width and height in inches: one chart width; the height grows with the bars."""
    height = 30 * count + 110 if horizontal else 300
    return _inches(CHART_WIDTH), _inches(height)


def stacked_bars_svg(
    labels: Sequence[str],
    series: Mapping[str, Sequence[int]],
    title: str,
    horizontal: bool = True,
    name: str = "chart",
) -> str:
    """Bars per label, stacked by severity (`series` maps severity -> counts per label); `name`
    makes the ids of its tooltips unique on the page."""
    with matplotlib.rc_context(_RC):
        figure = Figure(figsize=_figure_size(len(labels), horizontal), layout="constrained")
        axes = figure.add_subplot()
        positions = list(range(len(labels)))
        base = [0] * len(labels)
        for severity, counts in series.items():
            if not any(counts):
                continue
            colour = SEVERITY_COLOURS.get(severity, "#475467")
            if horizontal:
                axes.barh(positions, counts, left=base, color=colour, label=severity, height=0.7)
            else:
                axes.bar(positions, counts, bottom=base, color=colour, label=severity, width=0.8)
            base = [b + c for b, c in zip(base, counts, strict=True)]
        if horizontal:  # the total at the end of each bar, with room for it
            axes.margins(x=0.14)
            for position, total in zip(positions, base, strict=True):
                axes.annotate(f"{total:,}", (total, position), xytext=(3, 0),
                              textcoords="offset points", va="center", fontsize=MIN_TEXT,
                              color="#344054")  # fmt: skip
        cut = _label_axes(axes, list(labels), positions, horizontal, name)
        axes.set_title(title, loc="left", fontsize=14, color="#101828")
        if len([s for s in series.values() if any(s)]) > 1:
            axes.legend(frameon=False, fontsize=MIN_TEXT, loc="best")
        return _with_tooltips(figure_to_svg(figure), cut)


def _label_axes(
    axes: Axes, labels: list[str], positions: list[int], horizontal: bool, name: str
) -> dict[str, str]:
    """Ticks and labels; returns the cut labels' full text by the gid of their tick label."""
    count_axis = axes.xaxis if horizontal else axes.yaxis
    count_axis.set_major_locator(MaxNLocator(integer=True))
    cut: dict[str, str] = {}
    if horizontal:
        ticks = axes.set_yticks(positions, [_short(label) for label in labels])
        for index, (tick, label) in enumerate(zip(ticks, labels, strict=True)):
            if _short(label) != label:
                cut[f"{name}-label-{index}"] = label
                tick.label1.set_gid(f"{name}-label-{index}")
        axes.invert_yaxis()
        axes.set_xlabel("flags")
        axes.grid(axis="x", color="#eaecf0", linewidth=0.8)
    else:
        spare = max(0, MIN_COLUMNS - len(labels)) / 2  # few days: narrow bars, centred
        axes.set_xlim(-0.6 - spare, len(labels) - 0.4 + spare)
        step = max(1, -(-len(labels) // MAX_COLUMN_LABELS))
        widest = max((len(label) for label in labels), default=0)
        fits = len(labels[::step]) * (widest + 2) * MIN_TEXT * 0.6 <= CHART_WIDTH - 80
        rotation = 0 if fits else 45  # side by side when they fit (about 0.6 em a character)
        axes.set_xticks(positions[::step], labels[::step], rotation=rotation,
                        ha="center" if rotation == 0 else "right")  # fmt: skip
        axes.set_ylabel("flags")
        axes.grid(axis="y", color="#eaecf0", linewidth=0.8)
    axes.set_axisbelow(True)
    return cut
