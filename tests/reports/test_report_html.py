"""report.html: escaping of hostile names, key numbers, self-containment, bounded size."""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import quote

import polars as pl
import report_frames as rf

from audit.tables import AuditedTables
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
    tables = replace(
        tables,
        hands=tables.hands.with_columns(currency=pl.lit(payload)),
        violations=tables.violations.with_columns(site=pl.lit(payload)),
    )
    html = render_report(tables, rf.run_record())
    assert "<svg onload" not in html and html.count("<svg") == 4
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
    for section in ("overview", "rules", "charts", "top", "hands", "files", "quarantine"):
        assert f'<section id="{section}">' in html
    assert html.count('<details class="hand"') == 3
    assert html.count('<tr class="flagged">') == 4  # the flagged actions, highlighted
    assert "stars/day1.txt:21" in html  # source file and line of the hand
    assert "1.50 – 100.00" not in html  # allowed range uses min_to..max_to of the state
    assert "raise to 2.00 – 100.00; or call 1.00 or fold" in html


def test_report_is_self_contained() -> None:
    html = _html()
    assert not EXTERNAL_REFERENCE.search(html)
    assert "default-src 'none'" in html  # CSP: the browser may fetch nothing
    assert html.count("<svg") == 4  # four inline SVG charts (reports/charts.py)
    assert "<?xml" not in html and "<!DOCTYPE svg" not in html


def test_empty_run_renders() -> None:
    full = rf.tables()
    tables = replace(
        full,
        hands=full.hands.head(0),
        seats=full.seats.head(0),
        actions=full.actions.head(0),
        quarantine=full.quarantine.head(0),
        violations=full.violations.head(0),
    )
    record = rf.run_record()
    record["totals"] = {**record["totals"], "violations": 0, "hands_quarantined": 0, "flags": 0}
    html = render_report(tables, record)
    assert "No rule was flagged." in html and "<svg" not in html


def _many_flags(n_flags: int, n_hands: int) -> AuditedTables[pl.LazyFrame]:
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
    return AuditedTables(hands.lazy(), rf.seats().lazy(), actions.lazy(),
                         rf.quarantine().lazy(), violations=violations.lazy())  # fmt: skip


def test_hundred_thousand_flags_stay_small() -> None:
    """The page stays a sample of bounded size however many flags: violations are never capped
    per rule, but 20,000 hands with a violation are more than a page replays, and it says so.
    Its time is measured by `make bench` (the run's reports timer), never asserted."""
    tables = _many_flags(100_000, 20_000)
    record = rf.run_record()
    record["totals"] = {**record["totals"], "flags": 100_000, "violations": 100_000}
    html = render_report(tables, record, HtmlLimits(per_code=20, max_hands=300))
    assert len(html.encode()) < 3_000_000
    assert html.count('<details class="hand"') == 500  # HtmlLimits.violation_hands
    assert "The first 500 of 20000 hands with a violation are shown" in html
    assert "2500 of 100000 flags" in html  # five flags in each shown hand
    assert re.search(r'<td class="num">10000</td>', html)  # per-code totals stay complete


ALLOWED_CELL = re.compile(r'<td class="allowed[^"]*">([^<]*)</td>')
RANGE = re.compile(r"to (\d+(?:\.\d+)?) – (\d+(?:\.\d+)?)")


def allowed_cells(html: str) -> list[str]:
    return ALLOWED_CELL.findall(html)


def test_allowed_never_reads_backwards_and_names_the_case() -> None:
    cells = allowed_cells(_html())
    ranges = [RANGE.search(cell) for cell in cells]
    assert [m for m in ranges if m], "the fixture has full ranges"
    assert all(float(m[1]) <= float(m[2]) for m in ranges if m)
    # hand 1002: stack 1.20 behind 0.50 posted, a full raise is to 2.50: all-in only, to 1.70
    short = "all-in only (stack below the minimum): to 1.70 (a full raise: to 2.50)"
    assert f"{short}; or call 1.00 or fold" in cells
    # hand 1003 (chips): 60 behind for 100 to call
    assert "call or fold: call 60 (all-in)" in cells


def test_every_code_is_explained_with_the_registry_text() -> None:
    """Title, citation and documentation, the text `hhaudit rule CODE` prints, for every code."""
    from html import escape

    from click.testing import CliRunner

    from hhaudit.cli import main

    html = _html()
    codes = set(re.findall(r'id="rule-([A-Z0-9-]+)"', html))
    assert codes == {"RAISE-MIN", "CALL-AMOUNT", "POT-TOTAL"}
    for code in codes:
        printed = CliRunner().invoke(main, ["rule", code]).output.splitlines()
        summary = printed[0].split(": ", 1)[1]
        citation = next(line for line in printed if line.startswith("cites: "))[7:]
        doc = [line for line in printed[printed.index("") + 1 :] if line.strip()]
        assert escape(summary, quote=False) in html and escape(citation, quote=False) in html
        assert all(escape(line.strip(), quote=False) in html for line in doc), code


def test_violations_come_first_everywhere() -> None:
    html = _html()
    hands = re.findall(r'<details class="hand" id="([^"]+)"', html)
    assert hands[-1] == "hand-pokerstars-1003" or "warning" not in html.split(hands[-1])[1][:400]
    rows = re.findall(r'<td data-sort="([A-Z-]+)" id="rule-', html)
    assert rows.index("RAISE-MIN") < rows.index("CALL-AMOUNT")  # both violations, 3 > 1 flags
    assert html.index('id="category-betting"') < html.index('id="category-accounting"')


def test_a_consequence_is_shown_under_its_cause() -> None:
    tables = rf.tables()
    violations = tables.violations.collect()
    cause = violations.filter(pl.col("hand_id") == "1002", pl.col("code") == "RAISE-MIN")
    caused_by = pl.when(pl.col("code") == "CALL-AMOUNT").then(pl.lit(cause["flag_id"].item()))
    tables = replace(tables, violations=violations.with_columns(caused_by=caused_by).lazy())
    html = render_report(tables, rf.run_record())
    hand = html.split('id="hand-pokerstars-1002"')[1].split("</details>\n")[0]
    nested = hand.split('<ul class="consequences"')[1].split("</ul>")[0]
    assert 'href="#rule-CALL-AMOUNT"' in nested and 'href="#rule-RAISE-MIN"' not in nested
    assert hand.count('<li class="finding') == 2  # one finding, its consequence under it
    assert "(follows from RAISE-MIN #2)" in hand  # on the replayed action too


def test_hands_have_anchors_filters_and_a_file_summary() -> None:
    html = _html()
    assert re.findall(r'<details class="hand" id="(hand-[^"]+)"', html) == [
        "hand-pokerstars-1001", "hand-pokerstars-1002", "hand-pokerstars-1003"
    ]  # fmt: skip
    assert 'data-anchor="hand-pokerstars-1001"' in html  # its copy-link control
    assert 'href="#hands:rule=RAISE-MIN"' in html  # a rule row filters the hands
    for key, name in (("player", rf.XSS_PLAYER), ("table", rf.XSS_TABLE)):
        assert f'href="#hands:{key}={quote(name)}"' in html  # percent-encoded, never markup
    assert html.count('<table class="data sortable') >= 6
    summary = html.split('id="file-summary"')[1].split("</table>")[0]
    # one file: 1 file, flagged (0 error, 1 flagged, 0 quarantined, 0 clean), 4 read, 5 flags
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", summary)
    assert cells == ["pokerstars", "1", "0", "1", "0", "0", "4", "3", "1", "5"]
    assert '<details id="file-list">' in html


def test_reused_hand_ids_get_distinct_anchors() -> None:
    tables = rf.tables()
    tables = replace(tables, hands=tables.hands.with_columns(hand_id=pl.lit("7")))
    html = render_report(tables, rf.run_record())
    anchors = re.findall(r'<details class="hand" id="(hand-[^"]+)"', html)
    assert anchors == ["hand-pokerstars-7", "hand-pokerstars-7-2", "hand-pokerstars-7-3"]


def _cards() -> pl.LazyFrame:
    """A cards table in the shape of issue #15's (parsers/schema.py CARDS): hand 1001's board
    (flop, turn, river) and the cards two players showed, one of them unreadable ("raw" only)."""
    rows = [
        # seat, player, source, board, street, position, card, raw
        *[(None, None, "board", 1, 1, i, card, card) for i, card in enumerate(["Ah", "Kd", "2c"])],
        (None, None, "board", 1, 2, 0, "7s", "7s"),
        (None, None, "board", 1, 3, 0, "9d", "9d"),
        (1, "Alice", "shown", None, None, 0, "Qs", "Qs"),
        (1, "Alice", "shown", None, None, 1, "Qh", "Qh"),
        (3, rf.FORMULA_PLAYER, "shown", None, None, 0, None, "1x"),
        (3, rf.FORMULA_PLAYER, "shown", None, None, 1, "Jc", "Jc"),
    ]
    columns = ["seat", "player", "source", "board", "street", "position", "card", "raw"]
    frame = pl.DataFrame(rows, schema=columns, orient="row", infer_schema_length=None)
    return frame.with_columns(
        hand_key=pl.lit(0, dtype=pl.Int64), hand_id=pl.lit("1001"), line_no=pl.lit(30)
    ).lazy()


def test_with_a_cards_table_the_replay_shows_the_board_and_the_shown_cards() -> None:
    tables = replace(rf.tables(), cards=_cards())
    html = render_report(tables, rf.run_record())
    hand = html.split('id="hand-pokerstars-1001"')[1].split("</details>\n")[0]
    board = hand.split('<p class="board">')[1].split("</p>")[0]
    assert re.findall(r'<span class="cards">([^<]*)</span>', board) == ["Ah Kd 2c", "7s", "9d"]
    shown = hand.split('<p class="shown">')[1].split("</p>")[0]
    assert 'Alice (shown): <span class="cards">Qs Qh</span>' in shown
    assert '(shown): <span class="cards">1x Jc</span>' in shown  # as printed when unreadable
    assert "carry no cards" not in html
    assert "carry no cards" in _html()  # without the table the page says why there are none


def test_a_cut_chart_label_keeps_its_full_text_as_a_tooltip() -> None:
    from reports.charts import MAX_LABEL, stacked_bars_svg

    long = "partypoker · NL 2000000/4000000 chips (tournament) <b>"
    svg = stacked_bars_svg([long, "short"], {"violation": [3, 1]}, "T", name="market")
    assert len(long) > MAX_LABEL
    assert '<g id="market-label-0"><title>partypoker · NL 2000000/4000000 chips (tournament)' in svg
    assert "&lt;b&gt;</title>" in svg and "<b>" not in svg  # escaped, like every label
    assert 'id="market-label-1"' not in svg  # a label that fits needs no tooltip
    assert 'width="100%"' in svg and 'viewBox="0 0 640 ' in svg  # one width, scaled by the page


def test_flags_per_hour_beside_flags_per_day() -> None:
    html = _html()
    hour = html.split('<figure id="chart-hour">')[1].split("</figure>")[0]
    assert "Flags by hour of the day (UTC)" in hour
    labels = re.findall(r">(\d\d)</text>", hour)
    assert labels[:3] == ["00", "02", "04"]  # every other hour of 24 labelled
    assert html.index('id="chart-day"') < html.index('id="chart-hour"')


def test_the_template_reads_dict_fields_as_jinja2_does() -> None:
    import jinja2
    import pytest

    from reports.html import _environment

    row = {"x": 1, "items": 2, "none": None}
    render = _environment().from_string
    assert render("{{ row.x }} {{ row.none }} {{ row['items'] }}").render(row=row) == "1 None 2"
    # dict's own names stay the dict's methods, as in Jinja2 itself
    assert render("{{ row.items is callable }}").render(row=row) == "True"
    with pytest.raises(jinja2.UndefinedError):
        render("{{ row.missing }}").render(row=row)
