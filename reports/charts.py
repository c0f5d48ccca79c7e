"""Charts as inline SVG strings, drawn by matplotlib offline (Agg/SVG canvas, no pyplot state).

Text stays text (`svg.fonttype = none`, no font files embedded or fetched), math parsing is off
(`$` in a label is a dollar sign, not TeX), and output is deterministic (fixed hash salt, no
date), so two runs over the same data give the same report.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence

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
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.edgecolor": "#98a2b3",
    "axes.labelcolor": "#344054",
    "xtick.color": "#475467",
    "ytick.color": "#344054",
}
_PROLOG = re.compile(r"^.*?(?=<svg)", re.DOTALL)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.DOTALL)
MAX_LABEL = 38
MIN_COLUMNS = 10


def _short(label: str) -> str:
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def figure_to_svg(figure: Figure) -> str:
    """The figure as an `<svg>` element string (XML prolog and DOCTYPE removed)."""
    buffer = io.StringIO()
    FigureCanvasSVG(figure)
    with matplotlib.rc_context(_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    svg = _PROLOG.sub("", buffer.getvalue(), count=1)
    return _METADATA.sub("", svg, count=1)


def stacked_bars_svg(
    labels: Sequence[str],
    series: Mapping[str, Sequence[int]],
    title: str,
    horizontal: bool = True,
) -> str:
    """Bars per label, stacked by severity (`series` maps severity -> counts per label)."""
    with matplotlib.rc_context(_RC):
        if horizontal:
            size = (6.4, max(1.6, 0.28 * len(labels) + 0.9))
        else:
            size = (min(12.0, max(4.0, 1.5 + 0.3 * len(labels))), 2.8)
        figure = Figure(figsize=size, layout="constrained")
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
            axes.margins(x=0.1)
            for position, total in zip(positions, base, strict=True):
                axes.annotate(f"{total:,}", (total, position), xytext=(3, 0),
                              textcoords="offset points", va="center", fontsize=8,
                              color="#344054")  # fmt: skip
        _label_axes(axes, [_short(label) for label in labels], positions, horizontal)
        axes.set_title(title, loc="left", fontsize=10, color="#101828")
        if len([s for s in series.values() if any(s)]) > 1:
            axes.legend(frameon=False, fontsize=8, loc="best")
        return figure_to_svg(figure)


def _label_axes(axes: Axes, labels: list[str], positions: list[int], horizontal: bool) -> None:
    count_axis = axes.xaxis if horizontal else axes.yaxis
    count_axis.set_major_locator(MaxNLocator(integer=True))
    if horizontal:
        axes.set_yticks(positions, labels)
        axes.invert_yaxis()
        axes.set_xlabel("flags")
        axes.grid(axis="x", color="#eaecf0", linewidth=0.8)
    else:
        axes.set_xlim(-0.6, max(len(labels), MIN_COLUMNS) - 0.4)  # few days: narrow bars
        step = max(1, len(labels) // 14)
        axes.set_xticks(positions[::step], labels[::step], rotation=45, ha="right")
        axes.set_ylabel("flags")
        axes.grid(axis="y", color="#eaecf0", linewidth=0.8)
    axes.set_axisbelow(True)
