"""Conventions of PokerStars-format exports that are not PokerStars' own, on files written for
these tests (tests/sites/pokerstars/):

- Bovada hands converted to the PokerStars format ("Table '#12000001'", Bovada's table number):
  site "bovada", whose walks keep the uncalled blind in the pot or return the whole blind
  (options `uncontested_pot_keeps_uncalled`, `uncontested_returns_whole_wager`);
- Run It Once 2019 logs "checks" for players who cannot act (option
  `checks_logged_without_betting`);
- the Run It Once client of early 2019 (raise-to printed as chips added) prints no all-in
  marker: its hands without one have the markers "not recorded"
  (parsers/sites/pokerstars/added_raise.py).

The same lines under a PokerStars table name or brand are still flagged.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

import audit
from audit import SITE_PROFILES, Options
from parsers import parse_paths
from parsers.api import ParsedTables

SITES = Path(__file__).resolve().parents[1] / "sites" / "pokerstars"


def _parse(name: str) -> ParsedTables:
    tables = parse_paths([SITES / name])
    assert tables.quarantine.height == 0
    return tables


def _flags(tables: ParsedTables, **options: object) -> dict[str, list[str]]:
    """hand_id -> sorted non-info codes."""
    found = audit.check(
        tables.hands, tables.seats, tables.actions, options=Options(**options)
    ).violations.filter(pl.col("severity") != "info")
    by_hand: dict[str, list[str]] = {hand_id: [] for hand_id in tables.hands["hand_id"]}
    for hand_id, code in found.select("hand_id", "code").iter_rows():
        by_hand[hand_id].append(code)
    return {hand_id: sorted(codes) for hand_id, codes in by_hand.items()}


def _sites(tables: ParsedTables) -> dict[str, str]:
    return dict(tables.hands.select("hand_id", "site").iter_rows())


def test_converted_bovada_hands_are_recognised_by_their_table_name() -> None:
    tables = _parse("converted-bovada-walks.txt")
    assert _sites(tables) == {
        "3500000001": "bovada",
        "2700000002": "bovada",
        "3500000003": "bovada",
        "200000000004": "pokerstars",
    }


def test_converted_walks_that_give_the_winner_everything_are_clean() -> None:
    flags = _flags(_parse("converted-bovada-walks.txt"))
    # whole $2 big blind returned, the $1 small blind is the pot: the BB gets back all $3
    assert flags["3500000001"] == []
    # no return line, the pot keeps the uncalled $3: the BB collects all $9
    assert flags["2700000002"] == []


def test_converted_walk_that_loses_chips_is_still_flagged() -> None:
    flags = _flags(_parse("converted-bovada-walks.txt"))
    # $3 put in, $2 returned and $0.50 collected: $0.50 vanished
    assert flags["3500000003"] == ["POT-TOTAL", "UNCALLED-RETURN"]


def test_a_pokerstars_walk_returning_the_whole_blind_is_flagged() -> None:
    flags = _flags(_parse("converted-bovada-walks.txt"))
    assert flags["200000000004"] == ["POT-TOTAL", "UNCALLED-RETURN"]


def test_the_walk_options_are_what_accepts_the_converted_walks() -> None:
    tables = _parse("converted-bovada-walks.txt")
    off = dict(uncontested_pot_keeps_uncalled=False, uncontested_returns_whole_wager=False)
    assert SITE_PROFILES["bovada"]["uncontested_returns_whole_wager"] is True
    without = audit.check(
        tables.hands, tables.seats, tables.actions, site_options={"bovada": Options(**off)}
    ).violations
    flagged = without.filter(pl.col("severity") == "violation")
    assert set(flagged["hand_id"]) == {"3500000001", "2700000002", "3500000003", "200000000004"}


def test_run_it_once_checks_of_players_who_cannot_act_are_filler() -> None:
    tables = _parse("runitonce-2019-allin-checks.txt")
    assert _sites(tables)["30700001"] == "runitonce"
    flags = _flags(tables)
    # Ann B all-in on the flop; both players "check" the turn and the river
    assert flags["30700001"] == []
    audited = audit.check(tables.hands, tables.seats, tables.actions).actions
    checks = audited.filter((pl.col("hand_id") == "30700001") & (pl.col("kind") == "check"))
    assert checks["void_reason"].to_list() == ["filler"] * 4


def test_a_run_it_once_check_facing_a_bet_is_still_flagged() -> None:
    flags = _flags(_parse("runitonce-2019-allin-checks.txt"))
    assert flags["30700002"] == ["CHECK-FACING-BET"]


def test_a_pokerstars_check_by_an_all_in_player_is_flagged() -> None:
    flags = _flags(_parse("runitonce-2019-allin-checks.txt"))
    assert flags["200000000003"] == ["ACT-ALLIN", "ACT-CLOSED"]


def test_run_it_once_added_raise_hands_without_a_marker_record_none() -> None:
    tables = _parse("runitonce-2019-no-allin-marker.txt")
    flags = _flags(tables)
    marks = tables.actions.group_by("hand_id").agg(pl.col("is_all_in").is_null().all())
    unrecorded = dict(marks.iter_rows())
    # 30700101: Ann B's "raises €1.16 to €1.76" (chips added) puts her last €1.96 in, unmarked
    assert unrecorded["30700101"] and flags["30700101"] == []
    # 30700102: the same hand with markers keeps them: Carl D's marked call leaves him €3.00
    assert not unrecorded["30700102"] and flags["30700102"] == ["ALLIN-FLAG"]
    # 30700103: no raise, so no added reading: the unmarked all-in bet is still flagged
    assert not unrecorded["30700103"] and flags["30700103"] == ["ALLIN-FLAG"]
