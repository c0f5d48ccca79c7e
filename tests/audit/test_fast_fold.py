"""Fast-fold pools (issue 27, item 1) on hands written for these tests in each site's format
(tests/audit/fast_fold/, tests/audit/session_logs/): the pool read per site from the header or
the table name, a fold before the player's turn, and a pool's hands across hands."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner

import audit
from hhaudit.cli import main
from parsers import parse_paths

HERE = Path(__file__).parent
POOLS = HERE / "fast_fold"

#: hand id -> is_fast_fold, for every hand of the pool samples (each site's pool and an
#: ordinary table of the same format).
EXPECTED = {
    "300000000001": True,  # "PokerStars Zoom Hand #"
    "300000000002": True,  # "PokerStars Game #", Table 'Klinkenberg Zoom 40-100 bb'
    "300000000003": True,  # "Zoom Tournament #"
    "300000000004": False,
    "300000000005": True,  # "Full Tilt Rush Hand #"
    "1700000001": True,  # "888poker Snap Poker Hand History"
    "1700000002": False,
    "1700000003": True,
    "3900000001": True,  # Ignition "Zone Poker ID#952"
    "3900000002": False,
    "RC3900000001": True,  # GGPoker Rush & Cash: the RC id
    "HD3900000002": False,
    "15400000001": True,  # PartyPoker "fastforward"
    "15400000002": False,  # "Table Speed #2356320": an ordinary PartyPoker table
    "9400001-28434-1490719852": True,  # 'Winamax Poker - Go Fast "Buzau"'
    "9400002-100-1490720852": False,
    "68200001": True,  # WPN "Blitz Poker 6-max"
    "68200002": False,
    "7000000401": True,  # iPoker <tablename>Speed Holdem NL 1, ...
    "7000000402": False,  # "Speedway"
}


def _run(log: Path, out: Path) -> tuple[pl.DataFrame, dict]:
    result = CliRunner().invoke(main, ["run", str(log), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    flags = pl.read_parquet(out / "violations.parquet").filter(pl.col("severity") != "info")
    return flags, json.loads((out / "run.json").read_text())


def test_each_sites_pool_is_read_from_its_header_or_table_name() -> None:
    tables = parse_paths(sorted(POOLS.iterdir()))
    assert tables.quarantine.is_empty()
    found = dict(tables.hands.select("hand_id", "is_fast_fold").iter_rows())
    assert found == EXPECTED


def test_a_fold_before_the_turn_in_a_pool_is_no_order_and_keeps_the_order() -> None:
    """Hand 1700000001 (Snap) and 1700000002 (an ordinary table) are the same hand: fritzi and
    emil fold before dora.k, who is first to act. In the pool nothing is flagged (dora.k, anna_b
    and the rest act in turn); at the table the early fold is out of turn. In Snap hand
    1700000003 emil's call before dora.k is still ORDER, fritzi's and dora.k's folds are not."""
    tables = parse_paths([POOLS / "888poker-snap-early-fold.txt"])
    flags = audit.check(tables.hands, tables.seats, tables.actions).violations
    order = flags.filter(pl.col("code") == "ORDER").select("hand_id", "player")
    assert order.filter(pl.col("hand_id") == "1700000001").is_empty()
    assert order.filter(pl.col("hand_id") == "1700000002").rows()[0] == ("1700000002", "fritzi")
    assert order.filter(pl.col("hand_id") == "1700000003").rows() == [("1700000003", "emil")]
    assert set(flags.get_column("code")) == {"ORDER"}


def test_a_pool_is_judged_across_hands_only_where_one_table_is_proven(tmp_path: Path) -> None:
    """888poker Snap, "Table Koblenz": Hero's two entries (starts $5.77 and $5.72) and other
    tables of the pool give four pairs of hands of one name; only the last seats the same six
    players in the same seats with the button one on, and there Hero starts one cent short.
    Hero's $5.77 -> $5.72 (hand 1800000003, the button and the blinds one on) and the id that
    goes back (1800000002 after 1800000003) are at other tables: not judged."""
    flags, run = _run(HERE / "session_logs" / "888poker-snap-pool-session.txt", tmp_path / "out")
    rows = flags.select("hand_id", "code", "player").rows()
    assert rows == [("1800000011", "STACK-CARRY", "Hero")]
    assert "5.76" in flags.get_column("message")[0]
    pools = run["totals"]["sessions"]["pools"]
    assert pools["by_site"] == {"888poker": {"hands": 5, "pairs": 4, "judged": 1, "unjudged": 3}}
    assert (pools["pairs"], pools["unjudged"]) == (4, 3)
    assert "same players in the same seats" in pools["reason"]
    report = (tmp_path / "out" / "report.html").read_text()
    section = report.split('<div id="pools">', 1)[1].split("</div>", 1)[0]
    assert "5 hands of fast-fold pools" in section and "3 were left unjudged" in section


def test_a_run_without_pools_says_so(tmp_path: Path) -> None:
    _, run = _run(HERE / "session_logs" / "888poker-auto-top-ups.txt", tmp_path / "out")
    pools = run["totals"]["sessions"]["pools"]
    assert (pools["hands"], pools["pairs"], pools["by_site"]) == (0, 0, {})
    assert '<div id="pools">' not in (tmp_path / "out" / "report.html").read_text()
