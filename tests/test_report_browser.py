"""Open report.html in headless Chromium: no console errors, key numbers visible, a screenshot.

Skips with a reason where Chromium is not installed (CI installs it). The screenshot is kept
under out/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import report_frames as rf
from chromium_cdp import Chromium, find_chromium

from reports import write_reports

REPO = Path(__file__).resolve().parents[1]
SCREENSHOT_DIR = REPO / "out" / "screenshots"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory: pytest.TempPathFactory) -> Chromium:
    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium is not installed (apt-get install chromium)")
    out = tmp_path_factory.mktemp("report")
    write_reports(out, rf.tables(), rf.run_record())
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(binary, Path(profile))
        try:
            browser.fixture_url = (out / "report.html").as_uri()
            browser.open(browser.fixture_url)
            yield browser
        finally:
            browser.close()


def _run(browser: Chromium, script: str) -> None:
    """Run statements in their own block scope (repeated `const` names do not clash)."""
    browser.evaluate("{" + script + "}")


def _text(browser: Chromium, element_id: str) -> str:
    return browser.evaluate(f"document.getElementById({element_id!r}).textContent.trim()")


def test_no_console_errors_and_key_numbers(browser_page: Chromium) -> None:
    totals = rf.run_record()["totals"]
    assert browser_page.problems() == []
    assert _text(browser_page, "n-files") == str(totals["files"])
    assert _text(browser_page, "n-hands-read") == str(totals["hands_read"])
    assert _text(browser_page, "n-violations") == str(totals["violations"])
    assert _text(browser_page, "n-quarantined") == str(totals["hands_quarantined"])
    assert browser_page.evaluate("document.querySelectorAll('svg').length") == 3


def test_hostile_names_render_as_text_not_markup(browser_page: Chromium) -> None:
    body = browser_page.evaluate("document.body.innerText")
    assert rf.XSS_PLAYER in body
    assert browser_page.evaluate("document.scripts.length") == 1
    assert (
        browser_page.evaluate("document.querySelectorAll('img,[onerror],[onmouseover]').length")
        == 0
    )


def test_filters_hide_and_show_hands(browser_page: Chromium) -> None:
    count = "document.querySelectorAll('details.hand:not([hidden])').length"
    assert browser_page.evaluate(count) == 3
    _run(
        browser_page,
        "const c = document.getElementById('filter-code'); c.value = 'CALL-AMOUNT';"
        "c.dispatchEvent(new Event('change'));",
    )
    assert browser_page.evaluate(count) == 1
    assert _text(browser_page, "filter-count") == "1 of 3 hands shown"
    _run(
        browser_page,
        "const c = document.getElementById('filter-code'); c.value = '';"
        "c.dispatchEvent(new Event('change'));"
        "const t = document.getElementById('filter-text'); t.value = '1003';"
        "t.dispatchEvent(new Event('input'));",
    )
    assert browser_page.evaluate(count) == 1
    assert browser_page.problems() == []


def test_screenshot_is_kept(browser_page: Chromium) -> None:
    _run(
        browser_page,
        "const t = document.getElementById('filter-text'); t.value = '';"
        "t.dispatchEvent(new Event('input'));"
        "document.getElementById('expand-all').click();",
    )
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOT_DIR / "report-fixture.png"
    browser_page.screenshot(target)
    assert target.read_bytes().startswith(b"\x89PNG") and target.stat().st_size > 20_000


def test_a_real_run_report_opens_cleanly(browser_page: Chromium, tmp_path: Path) -> None:
    """The report `hhaudit run` writes for hostile input: no errors, numbers as in run.json."""
    import json

    from click.testing import CliRunner
    from run_fixtures import HOSTILE_NAMES, TRUNCATED_HAND, stars_file

    from hhaudit.cli import main

    source = tmp_path / "hostile.txt"
    source.write_text(stars_file(8000, 3, undersized_every=2, names=HOSTILE_NAMES) + TRUNCATED_HAND)
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["run", str(source), "--out", str(out)]).exit_code == 1
    totals = json.loads((out / "run.json").read_text())["totals"]
    browser_page.open((out / "report.html").as_uri())
    try:
        assert browser_page.problems() == []
        assert _text(browser_page, "n-hands-read") == str(totals["hands_read"]) == "4"
        assert _text(browser_page, "n-violations") == str(totals["violations"])
        assert _text(browser_page, "n-quarantined") == "1"
        assert browser_page.evaluate("document.scripts.length") == 1
        assert HOSTILE_NAMES[0] in browser_page.evaluate("document.body.innerText")
    finally:
        browser_page.open(browser_page.fixture_url)  # later tests expect the fixture page
