"""Drive report.html in headless Chromium, as an analyst would: sort, filter by rule and by
player, open a hand by its anchor; every code explained, no "Allowed" range backwards, readable
charts, no console or CSP error. Screenshots of the top, an expanded hand and a filtered view.

The rich page is the demo's (`hhaudit run sample_data`); the hostile-names page is the
hand-built fixture (tests/report_frames.py). Skips where Chromium is not installed. Screenshots
go to out/screenshots/ (git-ignored); with HHAUDIT_SCREENSHOTS=docs they replace the ones in
docs/report/ that the README shows.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pytest
import report_frames as rf
from chromium_cdp import Chromium, find_chromium

from reports import write_reports
from reports.html import NOT_AUDITED_BY_DESIGN

REPO = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = (
    REPO / "docs" / "report"
    if os.environ.get("HHAUDIT_SCREENSHOTS") == "docs"
    else REPO / "out" / "screenshots"
)
WIDTH = 1400
VISIBLE = "Array.from(document.querySelectorAll('details.hand:not([hidden])'))"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from hhaudit.cli import main

    out = tmp_path_factory.mktemp("demo")
    args = ["run", "sample_data", "--out", str(out), "--exit-zero", "-q"]
    here = Path.cwd()
    os.chdir(REPO)  # file names as `make demo` shows them (sample_data/...)
    try:
        assert CliRunner().invoke(main, args).exit_code == 0
    finally:
        os.chdir(here)
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        chromium = Chromium(binary, Path(profile))
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture()
def demo(browser: Chromium, demo_run: Path) -> Chromium:
    """The demo report, freshly opened at 1400 px (each test starts from a clean page)."""
    browser.open((demo_run / "report.html").as_uri(), width=WIDTH)
    return browser


def _open(browser: Chromium, demo_run: Path, fragment: str) -> None:
    browser.open((demo_run / "report.html").as_uri() + fragment, width=WIDTH)


def _text(browser: Chromium, element_id: str) -> str:
    return browser.evaluate(f"document.getElementById({element_id!r}).textContent.trim()")


def _visible_hands(browser: Chromium) -> list[dict]:
    return browser.evaluate(
        f"{VISIBLE}.map(h => ({{id: h.id, codes: JSON.parse(h.dataset.codes),"
        " players: JSON.parse(h.dataset.players), search: h.dataset.search}))"
    )


def _save(browser: Chromium, name: str, clip: dict[str, float] | None = None) -> Path:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOT_DIR / name
    browser.screenshot(target, clip)
    _shrink(target)
    return target


def _shrink(path: Path) -> None:
    """A small PNG (256-colour palette): the docs keep a few, they should weigh little."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def test_no_console_or_csp_errors_and_key_numbers(demo: Chromium, demo_run: Path) -> None:
    totals = json.loads((demo_run / "run.json").read_text())["totals"]
    assert demo.problems() == []
    assert _text(demo, "n-files") == str(totals["files"])
    assert _text(demo, "n-hands-read") == str(totals["hands_read"])
    assert _text(demo, "n-violations") == str(totals["violations"])
    unreadable = sum(n for code, n in totals["quarantine_by_code"].items()
                     if code not in NOT_AUDITED_BY_DESIGN)  # fmt: skip
    assert _text(demo, "n-quarantined") == str(unreadable)
    assert demo.evaluate("document.querySelectorAll('figure svg').length") == 4
    demo.evaluate("document.querySelector('details.rule-doc').open = true")  # one rule explained
    shot = _save(demo, "report-top.png", {"x": 0, "y": 0, "width": WIDTH, "height": 1300})
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size < 400_000


def test_a_table_sorts_by_any_column(demo: Chromium) -> None:
    rows = "Array.from(document.querySelectorAll('#top-players tbody tr'))"
    cells = rows + ".map(r => r.cells[{}].textContent.trim())"
    header = "document.querySelectorAll('#top-players thead th')[{}]"
    demo.evaluate(header.format(0) + ".click()")  # player name, A to Z
    names = demo.evaluate(cells.format(0))
    assert names == sorted(names, key=str.lower) or names == sorted(names)
    assert demo.evaluate(header.format(0) + ".getAttribute('aria-sort')") == "ascending"
    demo.evaluate(header.format(1) + ".click()")  # violations, ascending then descending
    demo.evaluate(header.format(1) + ".click()")
    counts = [int(value) for value in demo.evaluate(cells.format(1))]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    assert demo.problems() == []


def test_a_rule_row_filters_the_hands_to_that_rule(demo: Chromium, demo_run: Path) -> None:
    violations = pl.read_parquet(demo_run / "violations.parquet")
    expected = violations.filter(pl.col("code") == "REOPEN")["hand_id"].unique().sort().to_list()
    demo.evaluate("document.querySelector('#rule-REOPEN a.filter-link').click()")
    shown = _visible_hands(demo)
    assert shown and all("REOPEN" in hand["codes"] for hand in shown)
    assert sorted(hand["id"].rsplit("-", 1)[1] for hand in shown) == expected
    assert demo.evaluate("location.hash") == "#hands:rule=REOPEN"  # the view is a link
    assert demo.evaluate("document.getElementById('filter-code').value") == "REOPEN"
    every = violations["hand_key"].n_unique()
    assert _text(demo, "filter-count") == f"{len(shown)} of {every} hands shown"
    demo.evaluate("document.querySelector('#hand-list details.hand:not([hidden])').open = true")
    box = demo.element_box("#hands")
    _save(demo, "report-filtered.png", {**box, "height": min(box["height"], 1100)})
    assert demo.problems() == []


def test_the_player_filter_matches_the_flagged_player_not_anyone_seated(
    demo: Chromium, demo_run: Path
) -> None:
    violations = pl.read_parquet(demo_run / "violations.parquet")
    player = violations["player"].drop_nulls().value_counts(sort=True)["player"][0]
    flagged = violations.filter(pl.col("player") == player)["hand_id"].unique().sort().to_list()
    seats = pl.read_parquet(demo_run / "seats.parquet")
    seated = seats.filter(pl.col("player") == player)["hand_id"].unique().to_list()
    assert set(seated) & set(violations["hand_id"].to_list()) - set(flagged), "a hand to leave out"
    link = "Array.from(document.querySelectorAll('#top-players a.filter-link'))"
    demo.evaluate(f"{link}.find(a => a.textContent === {json.dumps(player)}).click()")
    shown = _visible_hands(demo)
    assert sorted(hand["id"].rsplit("-", 1)[1] for hand in shown) == flagged
    assert all(player in hand["players"] for hand in shown)
    assert demo.evaluate("decodeURIComponent(location.hash)") == f"#hands:player={player}"
    demo.evaluate("document.querySelector('#filter-chips .chip').click()")  # remove it
    assert len(_visible_hands(demo)) == len(violations["hand_key"].unique())


def test_a_link_opens_the_same_filtered_view(browser: Chromium, demo_run: Path) -> None:
    _open(browser, demo_run, "#hands:sev=violation&rule=FL-CAP")
    shown = _visible_hands(browser)
    assert shown and all("FL-CAP" in hand["codes"] for hand in shown)
    assert browser.evaluate("document.getElementById('filter-severity').value") == "violation"
    assert browser.problems() == []


def test_a_hand_opens_by_its_anchor(browser: Chromium, demo_run: Path) -> None:
    violations = pl.read_parquet(demo_run / "violations.parquet")
    hand_id = violations.filter(pl.col("code") == "REOPEN")["hand_id"][0]
    anchor = f"hand-pokerstars-{hand_id}"
    _open(browser, demo_run, f"#{anchor}")
    assert browser.evaluate(f"document.getElementById('{anchor}').open") is True
    top = browser.evaluate(f"document.getElementById('{anchor}').getBoundingClientRect().top")
    assert 0 <= top < 200  # scrolled to, below the sticky bar
    body = browser.evaluate(f"document.getElementById('{anchor}').innerText")
    for fact in ("site", "game", "stakes", "table", "button", "time", "Seats:", "Stack before"):
        assert fact in body
    assert browser.evaluate(f"document.querySelectorAll('#{anchor} tr.flagged').length") == 1
    link = f"document.querySelector('#{anchor} button.copy-link')"
    browser.evaluate(f"{link}.click()")
    assert browser.evaluate("location.hash") == f"#{anchor}"
    box = browser.element_box(f"#{anchor}")
    _save(browser, "report-hand.png", {**box, "height": min(box["height"], 1100)})
    assert browser.problems() == []


def test_every_code_on_the_page_is_explained(demo: Chromium) -> None:
    from audit.rules import RULES
    from reports.rule_notes import spec_citation, spec_links

    codes = demo.evaluate(
        "Array.from(new Set([].concat(...Array.from(document.querySelectorAll('[data-codes]'))"
        ".map(h => JSON.parse(h.dataset.codes)), Array.from(document.querySelectorAll('a.code'))"
        ".map(a => a.textContent))))"
    )
    assert len(codes) >= 5
    for code in codes:
        text = demo.evaluate(
            f"(() => {{ const d = document.querySelector('#rule-{code} details.rule-doc');"
            " d.open = true; return d.innerText; })()"
        )
        rule = RULES[code]
        assert rule.summary in text and spec_citation(rule.citation) in text, code
        assert all(link in text for link in spec_links(rule.citation)), code
        assert rule.doc.strip().splitlines()[0] in text, code


def test_no_allowed_cell_shows_min_above_max(demo: Chromium) -> None:
    cells = demo.evaluate(
        "Array.from(document.querySelectorAll('td.allowed')).map(c => c.textContent.trim())"
    )
    ranges = [re.search(r"to (\d+(?:\.\d+)?) – (\d+(?:\.\d+)?)", cell) for cell in cells]
    assert sum(1 for m in ranges if m) > 20
    assert all(float(m[1]) <= float(m[2]) for m in ranges if m)
    said = " ".join(cells)
    for case in ("no raise allowed (betting not reopened)", "no raise allowed (cap reached)",
                 "all-in only (stack below the minimum)", "call or fold"):  # fmt: skip
        assert case in said


def test_charts_are_readable_at_1400_px(demo: Chromium) -> None:
    """Every chart text at least 11 px on screen, and inside its chart (never cut)."""
    found = demo.evaluate(
        "Array.from(document.querySelectorAll('figure svg')).map(svg => {"
        " const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;"
        " return Array.from(svg.querySelectorAll('text')).map(t => {"
        " const r = t.getBoundingClientRect();"
        " return {size: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent,"
        " inside: r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1"
        " && r.bottom <= box.bottom + 1}; }); })"
    )
    texts = [text for chart in found for text in chart]
    assert len(found) == 4 and len(texts) > 40
    assert min(text["size"] for text in texts) >= 11, min(texts, key=lambda t: t["size"])
    assert all(text["inside"] for text in texts), [t for t in texts if not t["inside"]]
    _save(demo, "report-charts.png", demo.element_box("#charts"))


def test_hostile_names_render_as_text_not_markup(browser: Chromium, tmp_path: Path) -> None:
    write_reports(tmp_path, rf.tables(), rf.run_record())
    browser.open((tmp_path / "report.html").as_uri(), width=WIDTH)
    body = browser.evaluate("document.body.innerText")
    assert rf.XSS_PLAYER in body
    assert browser.evaluate("document.scripts.length") == 1
    assert browser.evaluate("document.querySelectorAll('img,[onerror],[onmouseover]').length") == 0
    link = "Array.from(document.querySelectorAll('#top-players a.filter-link'))"
    browser.evaluate(f"{link}.find(a => a.textContent === {json.dumps(rf.XSS_PLAYER)}).click()")
    assert [hand["id"] for hand in _visible_hands(browser)] == ["hand-pokerstars-1002"]
    assert browser.problems() == []


def test_a_counted_violation_is_in_the_list_whatever_the_info_flags(
    browser: Chromium, tmp_path: Path
) -> None:
    """Sixty info flags of STACK-CARRY before its one violation (tests/reports/
    test_report_triage.py): the violation's player, named in the top table, filters the list
    to his hand, never to "0 of N hands"."""
    import test_report_triage as triage

    flags = triage._session_flags()
    write_reports(tmp_path, triage._tables(flags), triage._record(flags))
    browser.open((tmp_path / "report.html").as_uri(), width=WIDTH)
    link = "Array.from(document.querySelectorAll('#top-players a.filter-link'))"
    browser.evaluate(f"{link}.find(a => a.textContent === {json.dumps(triage.VANISH)}).click()")
    assert [hand["id"] for hand in _visible_hands(browser)] == ["hand-pokerstars-5060"]
    assert _text(browser, "filter-count") == "1 of 22 hands shown"  # 2 violations, 20 info
    assert browser.problems() == []


def test_a_real_run_report_opens_cleanly(browser: Chromium, tmp_path: Path) -> None:
    """The report `hhaudit run` writes for hostile input: no errors, numbers as in run.json."""
    from click.testing import CliRunner
    from run_fixtures import HOSTILE_NAMES, TRUNCATED_HAND, stars_file

    from hhaudit.cli import main

    source = tmp_path / "hostile.txt"
    source.write_text(stars_file(8000, 3, undersized_every=2, names=HOSTILE_NAMES) + TRUNCATED_HAND)
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["run", str(source), "--out", str(out)]).exit_code == 1
    totals = json.loads((out / "run.json").read_text())["totals"]
    browser.open((out / "report.html").as_uri(), width=WIDTH)
    assert browser.problems() == []
    assert _text(browser, "n-hands-read") == str(totals["hands_read"]) == "4"
    assert _text(browser, "n-violations") == str(totals["violations"])
    assert _text(browser, "n-quarantined") == "1"
    assert browser.evaluate("document.scripts.length") == 1
    assert HOSTILE_NAMES[0] in browser.evaluate("document.body.innerText")


def test_pots_and_the_previous_hand_show_in_the_browser(browser: Chromium, tmp_path: Path) -> None:
    """A C-4 hand's pots and a T-1 hand beside the one before it: open by their anchors, the
    hostile names as text, no error; their screenshots (report-pots.png, report-session.png)."""
    import report_runs as rr

    cases = (
        ("pots", rr.mutated(rr.POTS, rr.MAIN_POT_TO_CARL), "hand-pokerstars-300000000001", 3),
        ("session", rr.second_hand_mutated(rr.LOWER_STACK), "hand-pokerstars-300000000102", 1),
    )
    for name, text, anchor, tables in cases:
        rr.run_log(text, tmp_path / name, name=f"{name}-mutated.txt")
        browser.open((tmp_path / name / "out" / "report.html").as_uri() + f"#{anchor}", width=WIDTH)
        view = f"#{anchor}-{name}"
        assert browser.evaluate(f"document.getElementById('{anchor}').open") is True
        assert browser.evaluate(f"document.querySelectorAll('{view} table').length") == tables
        body = browser.evaluate(f"document.querySelector('{view}').innerText")
        assert (rr.SHORT if name == "pots" else rr.ROGUE) in body
        assert browser.evaluate("document.querySelectorAll('img,[onerror]').length") == 0
        assert browser.evaluate("document.scripts.length") == 1
        marked = browser.evaluate(f"document.querySelectorAll('{view} tr.differs').length")
        assert marked == (2 if name == "pots" else 1)
        assert browser.problems() == []
        _save(browser, f"report-{name}.png", browser.element_box(view))
