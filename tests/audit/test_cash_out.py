"""Cash-outs and all-in insurance (issue #27 point 2), on small files written in each site's format:
tests/sites/pokerstars/cash-out-shapes.txt (PokerStars All-in Cash Out: side pots, a split, two
cash-outs in a hand, a loser's cash-out) and tests/sites/ggpoker/insurance-and-ev-cashout.txt
(GGPoker all-in insurance and EV cash-out). The pot a cashed-out winner does not get is read as
his collect and a cash_out of minus it (docs/tables.md "Cash-outs"): accounting, the showdown
judge and the end stacks see every shape."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from site_helpers import SITES, not_judged, showdown_flags

import audit
from audit.options import load_options
from hhaudit.cli import main
from parsers import ParsedTables, parse_paths
from parsers.core.settlement import KEPT_POT_VERB
from parsers.games import SHOWDOWN

STARS = SITES / "pokerstars" / "cash-out-shapes.txt"
GG = SITES / "ggpoker" / "insurance-and-ev-cashout.txt"


def _parse_text(tmp_path: Path, text: str, name: str = "hands.txt") -> ParsedTables:
    path = tmp_path / name
    path.write_text(text)
    return parse_paths([path])


def _flags(tables: ParsedTables) -> list[tuple[str, str]]:
    default, per_site = load_options(None)
    found = audit.check(
        tables.hands, tables.seats, tables.actions, default, per_site, cards=tables.cards
    ).violations
    return sorted(zip(found["hand_id"].to_list(), found["code"].to_list(), strict=True))


def _end_stacks(tables: ParsedTables) -> dict[tuple[str, str], int | None]:
    default, per_site = load_options(None)
    result = audit.check(
        tables.hands, tables.seats, tables.actions, default, per_site, cards=tables.cards
    )
    assert result.end_stacks is not None
    ends = result.end_stacks.join(
        tables.seats.select("hand_key", "seat", "hand_id", "player"), on=["hand_key", "seat"]
    )
    return {(h, p): e for h, p, e in ends.select("hand_id", "player", "end_stack").iter_rows()}


def _settlement(tables: ParsedTables, hand_id: str) -> list[tuple[str, str, int]]:
    rows = tables.actions.filter((pl.col("hand_id") == hand_id) & (pl.col("street") == SHOWDOWN))
    kinds = rows.sort("seq").select("player", pl.col("kind").cast(pl.String), "amount")
    return list(kinds.iter_rows())


@pytest.fixture(scope="module")
def stars() -> ParsedTables:
    return parse_paths([STARS])


def test_a_kept_pot_is_the_winners_collect_handed_to_the_site(stars: ParsedTables) -> None:
    # side pots: Bob's cashed-out straight wins the main pot, Carl and Dana split the side pot
    assert _settlement(stars, "300000000001") == [
        ("Carl", "collect", 9),
        ("Dana", "collect", 9),
        ("Bob", "cash_out", 70),  # "cashed out the hand for $0.70 | Cash Out Fee $0.01"
        ("Bob", "collect", 232),  # "won ($2.32) ... (pot not awarded as player cashed out)"
        ("Bob", "cash_out", -232),
    ]
    # two cash-outs, no collect line at all: both tied winners' pots are kept
    assert _settlement(stars, "300000000003") == [
        ("Ivy", "cash_out", 1100),
        ("Kim", "cash_out", 1120),
        ("Ivy", "collect", 1175),
        ("Ivy", "cash_out", -1175),
        ("Kim", "collect", 1175),
        ("Kim", "cash_out", -1175),
    ]
    # a cashed-out loser: his cash-out only, the winner collects as in any hand
    assert _settlement(stars, "300000000005") == [
        ("Owen", "collect", 2575),
        ("Pia", "cash_out", 2277),
    ]
    verbs = stars.actions.filter(pl.col("amount") < 0).get_column("line_no").to_list()
    assert verbs == [35, 70, 102, 104, 131]  # the summary lines of the kept pots
    assert KEPT_POT_VERB  # the verb those rows carry before the actions table drops it


def test_every_shape_is_judged_and_clean(stars: ParsedTables) -> None:
    assert _flags(stars) == []
    assert set(not_judged(stars).values()) == {None}  # all five showdowns judged
    assert len(not_judged(stars)) == 5


def test_end_stacks_hold_the_cash_out_and_not_the_kept_pot(stars: ParsedTables) -> None:
    ends = _end_stacks(stars)
    assert ends[("300000000001", "Bob")] == 70  # all in for 0.80, cashed out for 0.70
    assert ends[("300000000001", "Carl")] == 9
    assert ends[("300000000002", "Finn")] == 60  # a split: his half kept, 0.60 paid
    assert ends[("300000000002", "Gail")] == 113
    assert (ends[("300000000003", "Ivy")], ends[("300000000003", "Kim")]) == (1100, 1320)
    assert (ends[("300000000004", "Liam")], ends[("300000000004", "Mia")]) == (1400, 7000)
    assert ends[("300000000005", "Pia")] == 1840 - 1350 + 2277


def test_a_kept_pot_of_a_hand_that_loses_is_a_wrong_winner(tmp_path: Path) -> None:
    """The pot the site kept is judged as the cashed-out player's: with Carl's king-high
    straight in the main pot, Bob's queen-high one won none of it."""
    text = STARS.read_text().replace("[9h 6h]", "[Qs Kd]")
    text = text.replace("[Qs Kd] (a straight, Seven to Jack)", "[Qs Kd] (a straight, Nine to King)")
    text = text.replace(
        "with a straight, Seven to Jack\nSeat 4", "with a straight, Nine to King\nSeat 4"
    )
    found = _flags(_parse_text(tmp_path, text))
    assert found == [("300000000001", "SHOWDOWN-WINNER")]


def test_a_kept_pot_that_does_not_add_up_is_flagged(tmp_path: Path) -> None:
    text = STARS.read_text().replace("won ($2.32)", "won ($2.22)")
    assert ("300000000001", "CHIP-CONSERVATION") in _flags(_parse_text(tmp_path, text))


def test_without_the_kept_pot_the_pot_is_short(tmp_path: Path) -> None:
    """What was flagged before the kept pot was read (HH20200416 Aksnes II hand 212114422825)."""
    text = STARS.read_text().replace(" (pot not awarded as player cashed out)", "")
    found = _flags(_parse_text(tmp_path, text))
    assert ("300000000001", "CHIP-CONSERVATION") in found


def test_a_kept_pot_without_its_cash_out_line_is_unpaid(tmp_path: Path) -> None:
    """Read per hand, whatever else the batch holds: a summary that says the pot was kept for
    a cash-out the hand never prints leaves the pot unpaid (the other hands' cash-outs still
    read)."""
    text = STARS.read_text().replace("Bob cashed out the hand for $0.70 | Cash Out Fee $0.01\n", "")
    assert _flags(_parse_text(tmp_path, text)) == [("300000000001", "CHIP-CONSERVATION")]


@pytest.fixture(scope="module")
def gg() -> ParsedTables:
    return parse_paths([GG])


def test_insurance_premium_compensation_and_ev_cashout_are_cash_outs(gg: ParsedTables) -> None:
    assert _settlement(gg, "HD900010") == [("cc33", "cash_out", -400), ("cc33", "collect", 3300)]
    assert _settlement(gg, "HD900011") == [
        ("cc33", "cash_out", -400),  # pay premium of all-in insurance ($4)
        ("cc33", "cash_out", 1080),  # get main compensation of all-in insurance ($10.8)
        ("aa11", "collect", 5800),
    ]
    assert _settlement(gg, "HD900012") == [("bb22", "cash_out", 3120), ("aa11", "collect", 7700)]
    assert showdown_flags(gg) == []
    assert _flags(gg) == []
    ends = _end_stacks(gg)
    assert ends[("HD900010", "cc33")] == 1700 - 1700 + 3300 - 400
    assert ends[("HD900011", "cc33")] == 2900 - 2900 - 400 + 1080
    assert ends[("HD900012", "bb22")] == 3120


def _run(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    inputs = tmp_path / "in"
    inputs.mkdir(parents=True)
    (inputs / "gg.txt").write_text(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    flags = pl.read_parquet(out / "violations.parquet").filter(pl.col("severity") != "info")
    assert json.loads((out / "run.json").read_text())["totals"]["hands_audited"] == 3
    return sorted(zip(flags["hand_id"].to_list(), flags["code"].to_list(), strict=True))


def test_the_next_hand_starts_with_the_insured_stack(tmp_path: Path) -> None:
    assert _run(tmp_path / "as-written", GG.read_text()) == []
    short = GG.read_text().replace("Seat 3: cc33 ($6.8 in chips)", "Seat 3: cc33 ($6.7 in chips)")
    assert _run(tmp_path / "short", short) == [("HD900012", "STACK-CARRY")]


def test_the_report_shows_what_was_paid_outside_the_pot(tmp_path: Path) -> None:
    text = STARS.read_text().replace("[9h 6h]", "[Qs Kd]")
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "stars.txt").write_text(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text(encoding="utf-8")
    assert 'Bob <span class="muted">(cash-out 0.70 from the site, 2.32 to the site)</span>' in page
