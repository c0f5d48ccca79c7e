"""Issue #29, a page a person triages from: no cap leaves out a counted violation, info by the
hundred does not lead the charts or summary.csv, the top of the page counts what failed."""

from __future__ import annotations

import json
import re
from html import unescape

import polars as pl
import report_frames as rf

from audit.tables import AuditedTables
from reports.html import render_report, rule_bars
from reports.sample import HtmlLimits
from reports.summary import summary_table

TOP_UP = "Topper"
VANISH = "Vanisher"


def _session_flags(info_flags: int = 60) -> pl.DataFrame:
    """Many STACK-CARRY info flags (top-ups by TOP_UP) before, in table order, the one STACK-CARRY
    violation (VANISH's chips gone), and a RAISE-MIN violation: the shape of the real corpus,
    where 1,530 top-ups came before the one session violation."""
    base = rf.violations().head(1)
    rows = [("STACK-CARRY", "session", "info", TOP_UP)] * info_flags
    rows += [("STACK-CARRY", "session", "violation", VANISH), ("RAISE-MIN", "betting",
             "violation", rf.FORMULA_PLAYER)]  # fmt: skip
    frames = [
        base.with_columns(
            hand_key=pl.lit(n, dtype=pl.Int64), hand_id=pl.lit(str(5000 + n)),
            code=pl.lit(code), category=pl.lit(category), player=pl.lit(player),
            severity=pl.lit(severity).cast(base.schema["severity"]), seq=pl.lit(None, pl.Int32),
            flag_id=pl.lit(f"{n}:h:{code}"),
        )
        for n, (code, category, severity, player) in enumerate(rows)
    ]  # fmt: skip
    return pl.concat(frames)


def _tables(flags: pl.DataFrame) -> AuditedTables[pl.LazyFrame]:
    n = flags.height
    hands = pl.concat([rf.hands().head(1)] * n).with_columns(
        hand_key=pl.int_range(n, dtype=pl.Int64), hand_id=(pl.int_range(n) + 5000).cast(pl.String)
    )
    return AuditedTables(hands.lazy(), rf.seats().head(0).lazy(), rf.actions().head(0).lazy(),
                         rf.quarantine().lazy(), violations=flags.lazy())  # fmt: skip


def _record(flags: pl.DataFrame) -> dict:
    record = rf.run_record()
    roots = flags["severity"].cast(pl.String).value_counts()
    counts = dict(roots.iter_rows())
    record["totals"] = {**record["totals"], "flags": flags.height, "flags_total": flags.height,
                        "violations": counts.get("violation", 0),
                        "infos": counts.get("info", 0), "warnings": 0}  # fmt: skip
    return record


def _hand_players(html: str) -> dict[str, list[str]]:
    found = re.findall(r"<details class=\"hand\" id=\"([^\"]+)\"[^>]* data-players='([^']*)'", html)
    return {anchor: json.loads(unescape(players)) for anchor, players in found}


def test_a_per_rule_cap_never_leaves_a_violation_out() -> None:
    """Sixty STACK-CARRY top-ups (info) come first in the table; the cap of 20 per rule keeps
    twenty of them, and the violation of the same rule is shown all the same, so the player
    the top table names has his hand in the list (his filter never shows "0 of N hands")."""
    flags = _session_flags()
    html = render_report(_tables(flags), _record(flags), HtmlLimits(per_code=20, max_hands=300))
    players = _hand_players(html)
    assert players["hand-pokerstars-5060"] == [VANISH]  # the STACK-CARRY violation
    assert players["hand-pokerstars-5061"] == [rf.FORMULA_PLAYER]  # the RAISE-MIN one
    assert sum(p == [TOP_UP] for p in players.values()) == 20  # info: capped per rule
    assert list(players)[:2] == ["hand-pokerstars-5060", "hand-pokerstars-5061"]  # worst first
    top = html.split('id="top-players"')[1].split("</table>")[0]
    assert re.search(rf"#hands:player={VANISH}\">{VANISH}</a></td><td class=\"num\">1</td>", top)
    assert "Every hand with a violation is shown (2)" in html
    rows = re.findall(
        r'id="rule-STACK-CARRY".*?<span class="badge (\w+)">.*?((?:<td class="num">\d+</td>){4})',
        html,
        re.S,
    )
    shown = {sev: re.findall(r"\d+", cells)[-1] for sev, cells in rows}
    assert shown == {"violation": "1", "info": "20"}  # "Shown below" per severity row


def test_the_violation_bound_of_the_page_is_said() -> None:
    flags = _session_flags(info_flags=3)
    limits = HtmlLimits(per_code=20, max_hands=300, violation_hands=1)
    html = render_report(_tables(flags), _record(flags), limits)
    assert "The first 1 of 2 hands with a violation are shown" in html
    shown = [anchor.rsplit("-", 1)[1] for anchor in _hand_players(html)]
    assert shown == ["5003", "5000", "5001", "5002"]  # the first violation, then the info


def test_info_by_the_hundred_is_a_bar_and_a_row_after_the_violations() -> None:
    """The by-rule chart draws STACK-CARRY's info as a bar of its own after every violation;
    summary.csv lists codes, sites, days with the most violations first, not the most flags."""
    flags = _session_flags(info_flags=300)
    bars = rule_bars(flags.with_columns(pl.lit(None, pl.String).alias("stakes")).lazy()).collect()
    assert bars["key"].to_list() == ["RAISE-MIN", "STACK-CARRY (violation)", "STACK-CARRY (info)"]
    assert bars["info"].to_list() == [0, 0, 300]
    other_site = flags.head(3).with_columns(
        site=pl.lit("winamax"), severity=pl.lit("violation").cast(flags.schema["severity"]),
        hand_key=pl.lit(0, pl.Int64), code=pl.lit("RAISE-MIN"), category=pl.lit("betting"),
        flag_id=pl.format("x{}", pl.int_range(3)),
    )  # fmt: skip
    both = pl.concat([flags, other_site])
    hands = _tables(both).hands
    table = summary_table(both.lazy(), hands)
    codes = table.filter(pl.col("dimension") == "code")["key"].to_list()
    assert codes == ["RAISE-MIN", "STACK-CARRY"]  # 4 violations, then 1 (and 300 info)
    sites = table.filter(pl.col("dimension") == "site")
    assert sites["key"].to_list() == ["winamax", "pokerstars"]  # 3 violations before 2 + 300
    categories = table.filter(pl.col("dimension") == "category")["key"].to_list()
    assert categories[:2] == ["betting", "session"]


def _top(html: str) -> str:
    return html.split('<section id="rules">')[0]


def test_duplicates_and_unsupported_hands_are_grey_not_quarantined_in_red() -> None:
    """The red count is of hands that could not be read; later copies, cancelled hands and
    games or formats hhaudit does not audit are counted apart, in grey."""
    record = rf.run_record()
    by_code = {"unsupported_format": 40, "duplicate": 7, "truncated": 2, "unsupported_game": 1}
    record["totals"] = {**record["totals"], "violations": 0, "hands_read": 53,
                        "hands_quarantined": 50, "quarantine_by_code": by_code}  # fmt: skip
    top = _top(render_report(rf.tables(), record))
    assert re.search(r'<span class="value bad" id="n-quarantined">2</span>', top)
    assert '<span class="value muted" id="n-not-audited">48</span>' in top
    assert "40 unsupported format · 7 duplicate · 1 unsupported game" in top
    assert '<div class="verdict flagged" id="verdict">0 violations · 2 quarantined</div>' in top
    record["totals"]["quarantine_by_code"] = {"duplicate": 7, "unsupported_game": 43}
    top = _top(render_report(rf.tables(), record))
    assert 'id="n-quarantined">0</span>' in top and "value bad" not in top
    assert "Clean: no violation, nothing unreadable" in top
    record["totals"]["quarantine_by_code"] = {"duplicate": 7, "too_large": 1}  # a newer code
    assert 'class="value bad" id="n-quarantined">1<' in render_report(rf.tables(), record)


def test_the_rake_box_is_at_the_top_only_when_a_site_has_a_schedule() -> None:
    record = rf.run_record()
    none = {"pokerstars": {"audited": False, "reason": "no rake schedule for this site"}}
    record["totals"] = {**record["totals"], "rake": none}
    html = render_report(rf.tables(), record)
    assert 'id="rake"' not in _top(html)
    rules = html.split('<section id="rules">')[1].split("</section>")[0]
    assert "rake not audited: no schedule" in rules  # below the flags
    audited = {"pokerstars": {"audited": True, "hands": 3, "source": "a test schedule"}}
    record["totals"]["rake"] = audited
    html = render_report(rf.tables(), record)
    assert 'id="rake"' in _top(html) and html.count('id="rake"') == 1
