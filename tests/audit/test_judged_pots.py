"""The pots the showdown rules judged, kept for the hands they flag (audit/judged.py, #27): the
report shows these (reports/showdown_view.py) instead of judging the hands again."""

from __future__ import annotations

import polars as pl
import pytest
from conftest import SAMPLE_DATA

from audit.entry import AuditConfig, audit_hands
from audit.judged import PAYOUT_COLUMNS, POT_COLUMNS
from parsers import parse_paths
from parsers.tables import HandTables

BREAKDOWN_CODES = ("SHOWDOWN-WINNER", "POT-SPLIT", "SIDE-POT")


@pytest.fixture(scope="module")
def parsed():
    return parse_paths([SAMPLE_DATA])


def _flagged_keys(violations: pl.DataFrame) -> list[int]:
    flagged = violations.filter(pl.col("code").is_in(BREAKDOWN_CODES))
    return sorted(set(flagged.get_column("hand_key").to_list()))


def test_the_pots_of_the_flagged_hands_are_kept(parsed) -> None:
    audited = audit_hands(parsed)
    keys = _flagged_keys(audited.violations)
    assert keys  # sample_data's wrong-winner hand
    assert audited.pots.schema == POT_COLUMNS and audited.payouts.schema == PAYOUT_COLUMNS
    assert sorted(set(audited.pots.get_column("hand_key").to_list())) == keys
    assert sorted(set(audited.payouts.get_column("hand_key").to_list())) == keys
    winners = audited.pots.filter(pl.col("winner"))
    assert winners.height and winners.get_column("five_text").str.len_chars().min() == 14
    # the log paid the pot to a player who is not its best hand: paid and owed differ
    wrong = audited.payouts.filter(pl.col("collected") != pl.col("owed"))
    assert wrong.height >= 2


def test_no_cards_or_no_showdown_rule_keep_no_pots(parsed) -> None:
    without_cards = audit_hands(
        HandTables(parsed.hands, parsed.seats, parsed.actions, parsed.quarantine)
    )
    assert without_cards.pots.is_empty() and without_cards.payouts.is_empty()
    betting = AuditConfig(codes=("RAISE-MIN", "REOPEN"))
    unselected = audit_hands(parsed, betting)
    assert unselected.pots.is_empty() and unselected.pots.schema == POT_COLUMNS
