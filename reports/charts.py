"""The report's charts: bars stacked by severity, as inline SVG strings drawn by this module.

A chart is a few rectangles, lines and texts, so it is written here as SVG elements: no
plotting library (matplotlib took ~3 s of CPU a run to import and draw the four charts, this
takes milliseconds; docs/history/scale.md). Every text (labels come from the logs: site, stakes) is
escaped, and the output depends only on the data, so two runs give the same page.

Sizes are SVG user units meant as CSS pixels: a chart is CHART_WIDTH units wide and the page
shows it at the width of its card (two cards a row: about 640 px at a 1400 px window), so text of
MIN_TEXT units reads at about that many pixels. A label too long for the axis is cut to
MAX_LABEL characters with "…" and keeps its full text as an SVG tooltip (`<title>`). Text
widths are estimated from the characters (`text_width`, on the wide side for DejaVu Sans, the
font asked for), so that labels and totals stay inside the chart.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape

SEVERITY_COLOURS: dict[str, str] = {
    "violation": "#b42318",
    "warning": "#d98b0b",
    "info": "#667085",
}
OTHER_COLOUR = "#475467"
MAX_LABEL = 34
MIN_COLUMNS = 10
MAX_COLUMN_LABELS = 12  # at most this many labels under a column chart (every n-th day)
CHART_WIDTH = 640  # user units (= CSS px at a 1400 px window, two charts a row)
MIN_TEXT = 12  # the smallest text on a chart, in user units
TICK_TEXT = 13
TITLE_TEXT = 14
ROW = 30  # a bar's row in a horizontal chart
COLUMN_CHART_HEIGHT = 300
PAD = 8
_TICK = 4  # length of a tick mark
FONT = "DejaVu Sans, Verdana, sans-serif"
_NARROW = frozenset(" .,:;'!|()[]ijlIft·-/")


_WIDE_FROM = 0x2E80  # CJK and the scripts after it: about one em a character


def _ems(character: str) -> float:
    if character in _NARROW:
        return 0.36
    if ord(character) >= _WIDE_FROM:
        return 1.0
    return 0.75 if character.isupper() or character in "…@%&WMwm" else 0.64


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at font `size` (a little wide: better room than a cut)."""
    return sum(_ems(character) for character in text) * size


def _short(label: str) -> str:
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def _n(value: float) -> str:
    """A coordinate as SVG text: two decimals at most, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, text: str, size: float, colour: str, **attributes: str) -> str:
    extra = "".join(f' {name.replace("_", "-")}="{value}"' for name, value in attributes.items())
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{colour}"{extra}>'
            f"{escape(text)}</text>")  # fmt: skip


def _line(x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1) -> str:
    return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}"'
            f' stroke-width="{_n(width)}"/>')  # fmt: skip


def _rect(x: float, y: float, width: float, height: float, colour: str) -> str:
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}"'
            f' fill="{colour}"/>')  # fmt: skip


def _steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ...: whole steps a reader counts in."""
    yield from (1, 2, 5)
    scale = 10
    while True:
        yield from (scale, 2 * scale, scale * 5 // 2, 5 * scale)
        scale *= 10


def nice_ticks(top: float, most: int = 8) -> list[int]:
    """Integer ticks 0, step, 2 step, ... up to `top`: at most `most` of them, the step the
    smallest of _steps that allows it."""
    step = next(step for step in _steps() if top / step <= most - 1)
    return list(range(0, int(top) + 1, step))


@dataclass(frozen=True)
class Bars:
    """What one chart draws: per label its counts by severity (in `series` order)."""

    labels: list[str]
    series: dict[str, list[int]]
    title: str
    name: str

    @property
    def totals(self) -> list[int]:
        return [sum(counts) for counts in zip(*self.series.values(), strict=True)] or [
            0 for _ in self.labels
        ]

    def segments(self, index: int) -> list[tuple[int, int, str]]:
        """(start, count, colour) of each non-empty part of bar `index`, stacked."""
        found, base = [], 0
        for severity, counts in self.series.items():
            if counts[index]:
                colour = SEVERITY_COLOURS.get(severity, OTHER_COLOUR)
                found.append((base, counts[index], colour))
                base += counts[index]
        return found

    def tooltip(self, index: int) -> str:
        parts = [f"{sev} {counts[index]:,}" for sev, counts in self.series.items() if counts[index]]
        total = self.totals[index]
        flags = f"{total:,} flag" + ("" if total == 1 else "s")
        return f"{self.labels[index]}: {flags} ({', '.join(parts)})"


def _header(bars: Bars) -> tuple[list[str], float]:
    """The title and, with more than one severity drawn, the legend below it; and the height
    they take."""
    elements = [_text(PAD, 20, bars.title, TITLE_TEXT, "#101828")]
    drawn = [sev for sev, counts in bars.series.items() if any(counts)]
    if len(drawn) < 2:
        return elements, 32
    x: float = PAD
    for severity in drawn:  # a loop over the (three) severities
        elements.append(_rect(x, 32, 14, 9, SEVERITY_COLOURS.get(severity, OTHER_COLOUR)))
        elements.append(_text(x + 19, 41, severity, MIN_TEXT, "#344054"))
        x += 19 + text_width(severity, MIN_TEXT) + 16
    return elements, 52


def _svg(bars: Bars, height: float, elements: list[str]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_WIDTH} {_n(height)}"'
            f' width="100%" preserveAspectRatio="xMinYMin meet" role="img"'
            f' aria-label="{escape(bars.title)}" font-family="{FONT}">')  # fmt: skip
    return "\n".join([head, *elements, "</svg>"])


def _bar(bars: Bars, index: int, rects: list[str]) -> str:
    """One bar: its stacked parts, with its counts as a tooltip."""
    return f"<g><title>{escape(bars.tooltip(index))}</title>{''.join(rects)}</g>"


def _horizontal(bars: Bars) -> str:
    """One row per label, top to bottom, its total written after the bar."""
    elements, top = _header(bars)
    shown = [_short(label) for label in bars.labels]
    left = PAD + max((text_width(label, TICK_TEXT) for label in shown), default=0) + _TICK + 4
    right = CHART_WIDTH - PAD
    totals = bars.totals
    room = [right - left - 3 - text_width(f"{total:,}", MIN_TEXT) for total in totals]
    fits = [space / total for space, total in zip(room, totals, strict=True) if total > 0]
    scale = min(fits, default=right - left)  # no flag at all: an axis up to 1
    bottom = top + ROW * len(bars.labels)
    for tick in nice_ticks((right - left) / scale):
        x = left + tick * scale
        if x + text_width(f"{tick:,}", TICK_TEXT) / 2 > CHART_WIDTH:  # its number would be cut
            break
        elements.append(_line(x, top, x, bottom, "#eaecf0", 0.8))
        elements.append(_line(x, bottom, x, bottom + _TICK, "#98a2b3"))
        elements.append(_text(x, bottom + 19, f"{tick:,}", TICK_TEXT, "#475467",
                              text_anchor="middle"))  # fmt: skip
    for index, label in enumerate(bars.labels):  # a loop over the chart's (<= 30) bars
        middle = top + ROW * index + ROW / 2
        rects = [_rect(left + start * scale, middle - 10.5, count * scale, 21, colour)
                 for start, count, colour in bars.segments(index)]  # fmt: skip
        elements.append(_bar(bars, index, rects))
        total = totals[index]
        elements.append(_text(left + total * scale + 3, middle + 4.5, f"{total:,}", MIN_TEXT,
                              "#344054"))  # fmt: skip
        text = _text(left - _TICK - 4, middle + 4.5, shown[index], TICK_TEXT, "#344054",
                     text_anchor="end")  # fmt: skip
        if shown[index] != label:  # cut: the full label as its tooltip
            gid = f"{escape(bars.name)}-label-{index}"
            text = f'<g id="{gid}"><title>{escape(label)}</title>{text}</g>'
        elements.append(text)
        elements.append(_line(left - _TICK, middle, left, middle, "#98a2b3"))
    elements.append(_line(left, top, left, bottom, "#98a2b3"))
    elements.append(_line(left, bottom, right, bottom, "#98a2b3"))
    elements.append(_text((left + right) / 2, bottom + 38, "flags", TICK_TEXT, "#344054",
                          text_anchor="middle"))  # fmt: skip
    return _svg(bars, bottom + 46, elements)


def _column_labels(labels: list[str]) -> tuple[int, bool]:
    """Every how many columns a label is written, and whether they are turned 45°."""
    step = max(1, -(-len(labels) // MAX_COLUMN_LABELS))
    widest = max((text_width(label, TICK_TEXT) for label in labels), default=0)
    fits = len(labels[::step]) * (widest + 2 * TICK_TEXT * 0.6) <= CHART_WIDTH - 80
    return step, not fits


def _vertical(bars: Bars) -> str:
    """One column per label, left to right; few columns are narrow and centred."""
    elements, top = _header(bars)
    step, turned = _column_labels(bars.labels)
    widest = max((text_width(label, TICK_TEXT) for label in bars.labels[::step]), default=0)
    below = (widest + TICK_TEXT) * 0.71 + 10 if turned else TICK_TEXT + 12
    bottom = COLUMN_CHART_HEIGHT - below
    totals = bars.totals
    most = max(totals, default=0)
    ticks = nice_ticks(max(most, 1) * 1.05)
    top_value = max(most * 1.05, ticks[-1], 1)
    left = PAD + 20 + text_width(f"{ticks[-1]:,}", TICK_TEXT) + _TICK + 4
    right = CHART_WIDTH - PAD
    spare = max(0, MIN_COLUMNS - len(bars.labels)) / 2
    first, slots = -0.6 - spare, len(bars.labels) + 0.2 + 2 * spare
    slot = (right - left) / slots
    height = (bottom - top) / top_value
    for tick in ticks:
        y = bottom - tick * height
        elements.append(_line(left, y, right, y, "#eaecf0", 0.8))
        elements.append(_line(left - _TICK, y, left, y, "#98a2b3"))
        elements.append(_text(left - _TICK - 4, y + 4.5, f"{tick:,}", TICK_TEXT, "#344054",
                              text_anchor="end"))  # fmt: skip
    for index, label in enumerate(bars.labels):  # a loop over the chart's (<= 120) columns
        middle = left + (index - first) * slot
        rects = [
            _rect(middle - 0.4 * slot, bottom - (start + count) * height, 0.8 * slot,
                  count * height, colour)
            for start, count, colour in bars.segments(index)
        ]  # fmt: skip
        elements.append(_bar(bars, index, rects))
        if index % step:
            continue
        elements.append(_line(middle, bottom, middle, bottom + _TICK, "#98a2b3"))
        if turned:
            y = bottom + _TICK + 10
            elements.append(_text(middle + 4, y, label, TICK_TEXT, "#475467", text_anchor="end",
                                  transform=f"rotate(-45 {_n(middle + 4)} {_n(y)})"))  # fmt: skip
        else:
            elements.append(_text(middle, bottom + _TICK + 14, label, TICK_TEXT, "#475467",
                                  text_anchor="middle"))  # fmt: skip
    elements.append(_line(left, top, left, bottom, "#98a2b3"))
    elements.append(_line(left, bottom, right, bottom, "#98a2b3"))
    middle_y = (top + bottom) / 2
    elements.append(_text(PAD + 12, middle_y, "flags", TICK_TEXT, "#344054", text_anchor="middle",
                          transform=f"rotate(-90 {_n(PAD + 12)} {_n(middle_y)})"))  # fmt: skip
    return _svg(bars, COLUMN_CHART_HEIGHT, elements)


def stacked_bars_svg(
    labels: Sequence[str],
    series: Mapping[str, Sequence[int]],
    title: str,
    horizontal: bool = True,
    name: str = "chart",
) -> str:
    """Bars per label, stacked by severity (`series` maps severity -> counts per label): rows
    with their totals (`horizontal`) or columns; `name` makes the ids of its tooltips unique
    on the page."""
    bars = Bars(list(labels), {sev: list(counts) for sev, counts in series.items()}, title, name)
    return _horizontal(bars) if horizontal else _vertical(bars)
