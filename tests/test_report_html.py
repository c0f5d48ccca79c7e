"""report.html: escaping of hostile names, key numbers, self-containment, bounded size."""

from __future__ import annotations

import re
import time

import polars as pl
import report_frames as rf

from reports.html import render_report
from reports.replay import HtmlLimits

EXTERNAL_REFERENCE = re.compile(
    r"""(?:src|href|action|xlink:href)\s*=\s*["']?\s*(?:https?:|//|ftp:)|@import|url\(\s*['"]?(?:https?:|//)""",
    re.IGNORECASE,
)


def _html() -> str:
    return render_report(rf.tables(), rf.run_record())


def test_hostile_names_are_escaped_everywhere() -> None:
    html = _html()
    for payload in (rf.XSS_PLAYER, rf.XSS_TABLE, rf.ATTR_PLAYER):
        assert payload not in html
    assert "&lt;script&gt;alert(&#34;pwn&#34;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(2)&gt;" in html
    assert "onerror=alert(2)>" not in html
    # Our own script tags only: the template has exactly one inline script.
    assert html.count("<script") == 1


def test_hostile_labels_inside_the_svg_charts_are_escaped() -> None:
    payload = "<svg onload=alert(3)>$1 & $2"
    tables = rf.tables()
    tables["hands"] = tables["hands"].with_columns(currency=pl.lit(payload))
    tables["violations"] = tables["violations"].with_columns(site=pl.lit(payload))
    html = render_report(tables, rf.run_record())
    assert "<svg onload" not in html and html.count("<svg") == 3
    assert "&lt;svg onload=alert(3)&gt;$1 &amp; $2" in html  # escaped, `$` not read as TeX


def test_key_numbers_and_sections_are_on_the_page() -> None:
    html = _html()
    totals = rf.run_record()["totals"]
    for element, value in (
        ("n-files", totals["files"]),
        ("n-hands-read", totals["hands_read"]),
        ("n-quarantined", totals["hands_quarantined"]),
        ("n-violations", totals["violations"]),
        ("n-warnings", totals["warnings"]),
    ):
        assert re.search(rf'id="{element}">{value}<', html), element
    for section in ("overview", "charts", "top", "hands", "files", "quarantine"):
        assert f'<section id="{section}">' in html
    assert html.count('<details class="hand"') == 3
    assert html.count('<tr class="flagged">') == 4  # the flagged actions, highlighted
    assert "stars/day1.txt:21" in html  # source file and line of the hand
    assert "1.50 – 100.00" not in html  # allowed range uses min_to..max_to of the state
    assert "2.00 – 100.00" in html


def test_report_is_self_contained() -> None:
    html = _html()
    assert not EXTERNAL_REFERENCE.search(html)
    assert "default-src 'none'" in html  # CSP: the browser may fetch nothing
    assert html.count("<svg") == 3  # three inline matplotlib charts
    assert "<?xml" not in html and "<!DOCTYPE svg" not in html


def test_empty_run_renders() -> None:
    tables = {name: frame.head(0) for name, frame in rf.tables().items()}
    record = rf.run_record()
    record["totals"] = {**record["totals"], "violations": 0, "hands_quarantined": 0, "flags": 0}
    html = render_report(tables, record)
    assert "No rule was flagged." in html and "<svg" not in html


def _many_flags(n_flags: int, n_hands: int) -> dict[str, pl.LazyFrame]:
    """Scale the fixture up: n_hands hands, n_flags flags spread over 10 codes."""
    hands = pl.concat([rf.hands().head(1)] * n_hands).with_columns(
        hand_key=pl.int_range(n_hands, dtype=pl.Int64),
        hand_id=pl.int_range(n_hands).cast(pl.String),
    )
    base = rf.actions().filter(pl.col("hand_key") == 0)
    actions = (
        hands.select("hand_key").join(base.drop("hand_key"), how="cross")
        .with_columns(hand_id=pl.col("hand_key").cast(pl.String))
    )  # fmt: skip
    flag = rf.violations().head(1)
    violations = pl.concat([flag] * n_flags).with_columns(
        hand_key=pl.int_range(n_flags, dtype=pl.Int64) % n_hands,
        code=pl.format("RULE-{}", pl.int_range(n_flags) % 10),
    )
    return {"hands": hands.lazy(), "seats": rf.seats().lazy(), "actions": actions.lazy(),
            "violations": violations.lazy(), "quarantine": rf.quarantine().lazy()}  # fmt: skip


def test_hundred_thousand_flags_stay_small_and_fast() -> None:
    tables = _many_flags(100_000, 20_000)
    record = rf.run_record()
    record["totals"] = {**record["totals"], "flags": 100_000, "violations": 100_000}
    started = time.perf_counter()
    html = render_report(tables, record, HtmlLimits(per_code=20, max_hands=300))
    elapsed = time.perf_counter() - started
    assert len(html.encode()) < 2_000_000
    assert elapsed < 20
    assert html.count('<details class="hand"') == 200  # 10 codes x 20 first flags
    assert "200 of 100000 flags" in html  # the page says it shows a sample
    assert re.search(r'<td class="num">10000</td>', html)  # per-code totals stay complete
