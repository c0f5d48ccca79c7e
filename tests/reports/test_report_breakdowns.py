"""report.html explains a showdown flag with its pots and a session flag with the hand before it
(issues #15, #16), and says per site whether rake was audited: small made-up runs
(tests/reports/report_runs.py), legal and mutated, through `hhaudit run`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import report_runs as rr

if TYPE_CHECKING:
    import polars as pl

    from audit.tables import AuditedTables


def _report(text: str, folder: Path, config: str | None = None) -> tuple[str, dict]:
    run = rr.run_log(text, folder, config)
    return (folder / "out" / "report.html").read_text(encoding="utf-8"), run


def _assert_hostile_names_stay_text(page: str) -> None:
    assert rr.SHORT not in page and rr.ROGUE not in page
    assert page.count("<script") == 1 and "<img" not in page
    assert "&lt;script&gt;alert(&#34;pwn&#34;)&lt;/script&gt;" in page or rr.SHORT not in page


@pytest.fixture(scope="module")
def main_pot_to_carl(tmp_path_factory: pytest.TempPathFactory) -> str:
    text = rr.mutated(rr.POTS, rr.MAIN_POT_TO_CARL)
    return _report(text, tmp_path_factory.mktemp("c4"))[0]


def test_a_pot_paid_to_a_loser_shows_every_pot_its_hands_and_who_should_have_won(
    main_pot_to_carl: str,
) -> None:
    hand = rr.block(main_pot_to_carl, "hand-pokerstars-300000000001")
    assert "SHOWDOWN-WINNER" in hand and 'id="hand-pokerstars-300000000001-pots"' in hand
    (main, main_rows), (side, side_rows), (paid, paid_rows) = rr.tables(hand)
    assert main.startswith("Main pot 30.00 · board 2c 7d 9h Js 3s")
    assert f"eligible: {rr.SHORT}, Bigs, Carl · best: {rr.SHORT}" in main
    assert main_rows == [
        ("best", ["1", rr.SHORT, "9s 9d", "9s 9d 9h Js 7d", "trips (best)", "30.00"]),
        ("", ["2", "Bigs", "Ah Ad", "Ah Ad Js 9h 7d", "pair", "0.00"]),
        ("", ["3", "Carl", "Kh Kd", "Kh Kd Js 9h 7d", "pair", "0.00"]),
    ]
    assert side.startswith("Side pot 1 40.00") and "eligible: Bigs, Carl · best: Bigs" in side
    assert [row[1][1] for row in side_rows] == ["Bigs", "Carl"]  # the short stack is not in it
    assert side_rows[0] == (
        "best",
        ["2", "Bigs", "Ah Ad", "Ah Ad Js 9h 7d", "pair (best)", "40.00"],
    )
    # nothing deducted: the shares are the payouts exactly
    assert (
        paid == "Should receive against what the log paid · pots 70.00, paid out 70.00: the "
        "shares are the payouts"
    )
    assert paid_rows == [
        ("differs", ["1", rr.SHORT, "30.00", "30.00", "0.00", "differs"]),
        ("", ["2", "Bigs", "70.00", "40.00", "40.00", ""]),
        ("differs", ["3", "Carl", "70.00", "0.00", "30.00", "differs"]),
    ]
    _assert_hostile_names_stay_text(main_pot_to_carl)


def test_with_a_rake_taken_a_share_is_judged_within_the_rake(tmp_path: Path) -> None:
    page, _ = _report(rr.mutated(rr.POTS, *rr.RAKED, rr.MAIN_POT_TO_CARL), tmp_path)
    hand = rr.block(page, "hand-pokerstars-300000000001")
    assert "SHOWDOWN-WINNER" in hand
    paid, rows = rr.tables(hand)[2]
    assert "pots 70.00, paid out 68.00: the rest is the rake" in paid
    assert rows == [  # Bigs' 38.00 of a 40.00 share is within the rake: not marked
        ("differs", ["1", rr.SHORT, "30.00", "30.00", "0.00", "differs"]),
        ("", ["2", "Bigs", "70.00", "40.00", "38.00", ""]),
        ("differs", ["3", "Carl", "70.00", "0.00", "30.00", "differs"]),
    ]


def test_a_hand_shown_twice_in_the_log_shows_its_cards_once(main_pot_to_carl: str) -> None:
    hand = rr.block(main_pot_to_carl, "hand-pokerstars-300000000001")
    shown = hand.split('<p class="shown">')[1].split("</p>")[0]
    assert 'Bigs (shown): <span class="cards">Ah Ad</span>' in shown  # not "Ah Ah Ad Ad"


def test_a_side_pot_paid_to_a_player_not_in_it(tmp_path: Path) -> None:
    page, _ = _report(rr.mutated(rr.POTS, rr.SIDE_POT_TO_SHORT), tmp_path)
    hand = rr.block(page, "hand-pokerstars-300000000001")
    assert "SIDE-POT" in hand
    tables = rr.tables(hand)
    assert [title.split(" · ")[0] for title, _ in tables[:2]] == [
        "Main pot 30.00",
        "Side pot 1 40.00",
    ]
    assert rr.SHORT not in [row[1][1] for row in tables[1][1]]
    assert tables[2][1] == [
        ("differs", ["1", rr.SHORT, "30.00", "30.00", "70.00", "differs"]),
        ("differs", ["2", "Bigs", "70.00", "40.00", "0.00", "differs"]),
        ("", ["3", "Carl", "70.00", "0.00", "0.00", ""]),
    ]
    _assert_hostile_names_stay_text(page)


def test_a_split_with_its_odd_chip_moved(tmp_path: Path) -> None:
    page, _ = _report(rr.mutated(rr.SPLIT, *rr.ODD_CHIP_MOVED), tmp_path)
    hand = rr.block(page, "hand-pokerstars-300000000050")
    (pot, rows), (_, paid) = rr.tables(hand)
    assert pot.startswith("Main pot 0.35") and "best: Emil, Dora" in pot
    assert rows == [  # the odd cent to the first tied hand left of the button
        ("best", ["2", "Emil", "2c 3h", "Ad Kc Qd Jh Ts", "straight (best)", "0.18"]),
        ("best", ["1", "Dora", "4h 5s", "Ad Kc Qd Jh Ts", "straight (best)", "0.17"]),
    ]
    assert paid == [
        ("differs", ["1", "Dora", "0.35", "0.17", "0.18", "differs"]),
        ("differs", ["2", "Emil", "0.35", "0.18", "0.17", "differs"]),
    ]


def test_legal_showdowns_get_no_breakdown(tmp_path: Path) -> None:
    page, run = _report(rr.POTS + rr.SPLIT + rr.HILO, tmp_path)
    assert run["totals"]["flags"] == 0
    assert "-pots" not in page and 'class="pot' not in page


@pytest.fixture(scope="module")
def lowered_stack(tmp_path_factory: pytest.TempPathFactory) -> str:
    text = rr.second_hand_mutated(rr.LOWER_STACK)
    return _report(text, tmp_path_factory.mktemp("t1"))[0]


def _facts(rows: rr.Rows) -> dict[str, tuple[str, ...]]:
    return {cells[0]: tuple(cells[1:]) for _, cells in rows if len(cells) == 3}


def test_a_stack_carry_shows_both_hands_side_by_side(lowered_stack: str) -> None:
    hand = rr.block(lowered_stack, "hand-pokerstars-300000000102")
    session = hand.split('id="hand-pokerstars-300000000102-session"')[1]
    assert "STACK-CARRY" in session
    table = session.split("</table>")[0]
    rows = rr.rows(table)
    facts = _facts(rows)
    assert facts["Hand"] == ("#300000000101", "#300000000102")
    assert facts["Started"] == ("2026-01-05 15:00:00 UTC", "2026-01-05 15:01:00 UTC")
    assert facts["Button"] == (f"seat 1 ({rr.ROGUE})", "seat 2 (Bea)")
    assert facts["Big blind"] == ("seat 3 (Cid)", f"seat 1 ({rr.ROGUE})")
    players = [(css, cells) for css, cells in rows if len(cells) == 6][1:]  # after the titles
    assert players == [
        ("", [rr.ROGUE, "1", "100.00", "100.00", "1", "100.00"]),
        ("differs", ["Bea", "2", "100.00", "99.50", "2", "90.00 (≠ 99.50)"]),
        ("", ["Cid", "3", "100.00", "100.50", "3", "100.50"]),
    ]
    bea = next(
        row for row in re.findall(r"<tr[^>]*>.*?</tr>", table, re.S) if "<td>Bea</td>" in row
    )
    assert bea.count('class="changed"') == 2  # her end before and her start now
    _assert_hostile_names_stay_text(lowered_stack)


def test_a_top_up_read_is_shown_and_its_stack_carries(tmp_path: Path) -> None:
    text = rr.mutated(
        rr.SESSION,
        ("Cid collected $1 from pot\n", "Cid collected $1 from pot\nCid adds $10\n"),
        ("Seat 3: Cid ($100.50 in chips)", "Seat 3: Cid ($110.50 in chips)"),
        rr.LOWER_STACK,
    )
    page, run = _report(text, tmp_path)
    assert run["totals"]["additions"]["by_site"] == {
        "pokerstars": {"top_up": 1, "rebuy": 0, "add_on": 0}
    }
    hand = rr.block(page, "hand-pokerstars-300000000102")
    table = hand.split('id="hand-pokerstars-300000000102-session"')[1].split("</table>")[0]
    players = [(css, cells) for css, cells in rr.rows(table) if len(cells) == 6][1:]
    assert players[1:] == [
        ("differs", ["Bea", "2", "100.00", "99.50", "2", "90.00 (≠ 99.50)"]),
        ("", ["Cid", "3", "100.00", "100.50 + 10.00 added", "3", "110.50"]),
    ]


def test_a_big_blind_in_the_wrong_seat_is_marked(tmp_path: Path) -> None:
    page, _ = _report(rr.second_hand_mutated(rr.WRONG_BIG_BLIND), tmp_path)
    hand = rr.block(page, "hand-pokerstars-300000000102")
    session = hand.split('id="hand-pokerstars-300000000102-session"')[1].split("</table>")[0]
    assert "BLIND-ROTATION" in session
    big_blind = re.search(r"<tr class=\"fact\"><th>Big blind</th>(.*?)</tr>", session, re.S)
    assert big_blind is not None
    cells = re.findall(r'<td colspan="\d"( class="differs")?>([^<]*)</td>', big_blind[1])
    assert cells == [("", "seat 3 (Cid)"), (' class="differs"', "seat 2 (Bea)")]
    assert 'class="differs"' not in rr.rows(session)[-1][0]  # nobody's stack moved


def test_hands_without_a_session_flag_get_no_side_by_side(main_pot_to_carl: str) -> None:
    assert 'class="session"' not in main_pot_to_carl
    assert 'id="hand-pokerstars-300000000001-pots"' in main_pot_to_carl  # the pots, not that


RAKE_SCHEDULE = """
[site.pokerstars.rake]
source = "made up for a test <b>2026</b>"
rate = 0.05
increment = 1
rounding = "down"
no_flop_no_drop = true
caps = [ { big_blind = 100, players = "2+", cap = 300 } ]
"""


def _rake_rows(page: str) -> rr.Rows:
    return rr.rows(page.split('id="rake-sites"')[1].split("</table>")[0])[1:]


def test_the_report_says_per_site_whether_rake_was_audited(
    lowered_stack: str, tmp_path: Path
) -> None:
    assert _rake_rows(lowered_stack) == [
        ("rake-not-audited", ["pokerstars", "rake not audited: no schedule", "", ""])
    ]
    page, run = _report(rr.SESSION, tmp_path, RAKE_SCHEDULE)
    judged = run["totals"]["rake"]["pokerstars"]["hands"]
    assert judged == 2
    assert _rake_rows(page) == [
        ("rake-audited", ["pokerstars", "audited", str(judged), "made up for a test <b>2026</b>"])
    ]
    assert "<b>2026" not in page


def _sequence_flags() -> AuditedTables[pl.LazyFrame]:
    """The report fixture's hands 1001 and 1002 made one session, 1002 renamed 999 (an id that
    goes backwards), each with a HAND-SEQUENCE flag: 1001 is the first of its session."""
    from dataclasses import replace

    import polars as pl
    import report_frames as rf

    tables = rf.tables()
    hands = tables.hands.with_columns(
        session_id=pl.when(pl.col("hand_key") < 2).then(7),
        session_seq=pl.when(pl.col("hand_key") < 2).then(pl.col("hand_key") + 1),
        hand_id=pl.when(pl.col("hand_key") == 1).then(pl.lit("999")).otherwise("hand_id"),
    )
    base = tables.violations.filter(pl.col("code") == "POT-TOTAL").collect()
    extra = pl.concat(
        base.with_columns(
            hand_key=pl.lit(key, dtype=pl.Int64),
            hand_id=pl.lit(hand_id),
            code=pl.lit("HAND-SEQUENCE"),
            category=pl.lit("session"),
            message=pl.lit("hand ids and times disagree"),
            flag_id=pl.lit(f"{key}:h:HAND-SEQUENCE"),
        )
        for key, hand_id in ((0, "1001"), (1, "999"))
    )
    violations = pl.concat([tables.violations.collect(), extra]).lazy()
    return replace(tables, hands=hands, violations=violations)


def test_ids_that_go_backwards_and_the_first_hand_of_a_session() -> None:
    import report_frames as rf

    from reports.html import render_report

    page = render_report(_sequence_flags(), rf.run_record())
    first = rr.block(page, "hand-pokerstars-1001-session").split("</table>")[0]
    assert "none (the first hand of its session)" in first
    players = [cells for _, cells in rr.rows(first) if len(cells) == 6][1:]
    assert players == [
        ["Alice", "", "", "", "1", "100.00"],
        [rf.XSS_PLAYER, "", "", "", "2", "100.00"],
        [rf.FORMULA_PLAYER, "", "", "", "3", "100.00"],
    ]
    later = rr.block(page, "hand-pokerstars-999-session").split("</table>")[0]
    assert '<td colspan="3" class="differs">#1001</td>' in later
    assert '<td colspan="2" class="differs">#999</td>' in later
    assert rf.XSS_PLAYER not in page and "&lt;script&gt;" in later


def test_a_record_from_before_rake_schedules_says_it_does_not_know() -> None:
    import report_frames as rf

    from reports.html import render_report

    record = rf.run_record()
    assert "rake" not in record["totals"]
    page = render_report(rf.tables(), record)
    assert "does not say whether rake was audited" in page and 'id="rake-sites"' not in page


def test_run_it_twice_shows_each_board_s_part(tmp_path: Path) -> None:
    """sample_data's run-it-twice hand (d0nkey's straight wins board 1, ivy.league's aces board 2)
    with both halves paid to ivy.league: one table per board."""
    text = (Path(__file__).parents[2] / "sample_data/NLHE-6max-EUR-1-2.run-it-twice.txt").read_text(
        encoding="utf-8"
    )
    paid = ("d0nkey collected €18.05 from pot", "ivy.league collected €18.05 from pot")
    page, _ = _report(rr.mutated(text, paid), tmp_path)
    hand = rr.block(page, "hand-pokerstars-210200000003")
    (first, one), (second, two), (_, payouts) = rr.tables(hand)
    assert first.startswith("Main pot · board 1 38.00 (this part 19.00) · board 8h 4c Ah 7d Ac")
    assert second.startswith("Main pot · board 2 38.00 (this part 19.00) · board 8h 4c Ah 2s Kd")
    assert one[0] == (
        "best",
        ["5", "d0nkey", "5c 6d", "8h 7d 6d 5c 4c", "straight (best)", "19.00"],
    )
    assert one[1] == ("", ["4", "ivy.league", "Jc As", "As Ah Ac Jc 8h", "trips", "0.00"])
    assert two[0] == (
        "best",
        ["4", "ivy.league", "Jc As", "As Ah Kd Jc 8h", "pair (best)", "19.00"],
    )
    assert [cells[1:5] for _, cells in payouts] == [
        ["ivy.league", "38.00", "19.00", "36.10"],
        ["d0nkey", "38.00", "19.00", "0.00"],
    ]


def test_a_hi_lo_pot_shows_its_high_and_low_halves(tmp_path: Path) -> None:
    page, _ = _report(rr.mutated(rr.HILO, *rr.HIGH_HALF_MORE), tmp_path)
    hand = rr.block(page, "hand-pokerstars-300000000070")
    assert "POT-SPLIT" in hand
    (high, high_rows), (low, low_rows), (_, paid) = rr.tables(hand)
    assert high.startswith("Main pot · high half 7.00 (this part 3.50) · board Ks 7h 2c 4d Kd")
    assert low.startswith("Main pot · low half 7.00 (this part 3.50)") and "best: Hana" in low
    assert high_rows[0] == ("best", ["1", "Gil", "Kh Qh Jd Js", "Kh Ks Kd Qh 7h", "trips (best)",
                                     "3.50"])  # fmt: skip
    assert low_rows == [
        ("best", ["2", "Hana", "Ah 3s 9c Tc", "7h 4d 3s 2c Ah", "low (best)", "3.50"]),
        ("", ["1", "Gil", "Kh Qh Jd Js", "", "no low", "0.00"]),
    ]
    assert [cells[1:5] for _, cells in paid] == [
        ["Gil", "7.00", "3.50", "3.60"],
        ["Hana", "7.00", "3.50", "3.40"],
    ]
