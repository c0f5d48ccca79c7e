"""caused_by: a flag that follows from an earlier flag of the same hand names it (audit/causes.py).

Each hand is written in the rule docstrings' notation (audit/testing/notation.py); the tests read
the violations table's flag_id / caused_by and fail when a link is lost or a wrong one is made.
"""

from __future__ import annotations

import polars as pl

from audit import check
from audit.testing import parse_example, tables_from_vector


def _flags(*examples: str) -> pl.DataFrame:
    vectors = [parse_example(text)[0] for text in examples]
    tables = [tables_from_vector(vector, hand_key=i) for i, vector in enumerate(vectors)]
    hands, seats, actions = (pl.concat([t[i] for t in tables]) for i in range(3))
    return check(hands, seats, actions).violations


def _links(violations: pl.DataFrame) -> dict[str, str | None]:
    """code -> code of its cause (one flag per code in these hands)."""
    code_of = dict(zip(violations["flag_id"], violations["code"], strict=True))
    return {
        code: code_of.get(cause) if cause else None
        for code, cause in zip(violations["code"], violations["caused_by"], strict=True)
    }


SHORT_CALL = """
NL 50/100; stacks 5000 x3; button P3
preflop: P3 raise 300, P1 fold, P2 call 250
flop: P2 check, P3 check
turn: P2 check, P3 check
river: P2 check, P3 check
settle: collect P3 600; pot 600; rake 0
"""


def test_a_short_call_causes_the_open_round_the_missing_return_and_the_pot() -> None:
    violations = _flags(SHORT_CALL)
    assert _links(violations) == {
        "CALL-AMOUNT": None,
        "ROUND-INCOMPLETE": "CALL-AMOUNT",
        "UNCALLED-RETURN": "CALL-AMOUNT",
        "POT-TOTAL": "UNCALLED-RETURN",
    }
    assert violations["flag_id"].is_unique().all()
    assert violations.filter(pl.col("code") == "POT-TOTAL")["flag_id"].item() == "0:h:POT-TOTAL"


def test_a_raise_after_the_short_call_is_a_round_incomplete_of_its_own() -> None:
    # P1's short call is his last action, but P2 raised after it: P1 owes for the raise
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 call 250, P2 raise 1000, P3 call
        flop: P2 check, P3 check
        """
    )
    links = _links(violations)
    assert links["CALL-AMOUNT"] is None
    assert links["ROUND-INCOMPLETE"] is None


def test_a_round_left_open_by_another_seat_is_not_linked_to_the_short_call() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x4; button P4
        preflop: P3 raise 300, P4 call 250, P1 fold
        flop: P2 check, P3 check, P4 check
        """
    )
    incomplete = violations.filter(pl.col("code") == "ROUND-INCOMPLETE")
    assert "seat 2" in incomplete["message"].item()  # the BB never acted
    assert incomplete["caused_by"].item() is None


def test_a_pot_off_by_more_than_the_short_call_explains_is_a_root() -> None:
    text = SHORT_CALL.replace("pot 600", "pot 900").replace("collect P3 600", "collect P3 900")
    links = _links(_flags(text))
    assert links["UNCALLED-RETURN"] == "CALL-AMOUNT"
    assert links["POT-TOTAL"] is None  # 900 is not what the log put in (600) minus its returns
    assert links["CALL-AMOUNT"] is None


def test_a_wrong_reported_pot_causes_the_conservation_flag() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P3 check
        turn: P2 check, P3 check
        river: P2 check, P3 check
        settle: collect P3 650; pot 700; rake 0
        """
    )
    assert _links(violations) == {"POT-TOTAL": None, "CHIP-CONSERVATION": "POT-TOTAL"}


def test_collected_short_of_a_right_pot_is_a_root() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P3 check
        turn: P2 check, P3 check
        river: P2 check, P3 check
        settle: collect P3 600; pot 650; rake 0
        """
    )
    assert _links(violations) == {"CHIP-CONSERVATION": None}


def test_actions_of_a_folded_player_follow_from_his_first() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P1 check, P3 check, P1 check
        """
    )
    folded = violations.filter(pl.col("code") == "ACT-FOLDED").sort("seq")
    assert folded.height == 2
    assert folded["caused_by"].to_list() == [None, folded["flag_id"][0]]


def test_a_misplaced_block_is_one_street_order_finding() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P3 check
        turn: P2 check, P3 check
        flop: P2 check, P3 check
        """
    )
    order = violations.filter(pl.col("code") == "STREET-ORDER").sort("seq")
    assert order.height == 2
    assert order["caused_by"].to_list() == [None, order["flag_id"][0]]


def test_links_stay_inside_one_hand_and_keep_every_flag() -> None:
    alone = _flags(SHORT_CALL)
    together = _flags(SHORT_CALL, SHORT_CALL)
    first = together.filter(pl.col("hand_key") == 0)
    assert first.equals(alone)
    causes = together.filter(pl.col("caused_by").is_not_null())
    hand_of_cause = causes["caused_by"].str.split(":").list.first().cast(pl.Int64)
    assert (hand_of_cause == causes["hand_key"]).all()
    second = together.filter(pl.col("hand_key") == 1)
    assert _links(second) == _links(alone)
    assert second["flag_id"].str.starts_with("1:").all()


def test_void_actions_of_a_misplaced_block_follow_from_its_street_order() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P3 check
        preflop: P1 fold, P3 check
        """
    )
    by_seq = {
        (seq, code): cause
        for seq, code, cause in violations.select("seq", "code", "caused_by").iter_rows()
    }
    first = violations.filter(pl.col("code") == "STREET-ORDER").sort("seq")["flag_id"][0]
    seq = int(first.split(":")[1])
    assert by_seq[(seq, "STREET-ORDER")] is None
    assert by_seq[(seq, "ACT-FOLDED")] == first
    assert by_seq[(seq + 1, "STREET-ORDER")] == first
    assert by_seq[(seq + 1, "ACT-CLOSED")].endswith(f":{seq + 1}:STREET-ORDER")


def test_returns_to_the_wrong_seat_are_not_explained_by_a_short_call() -> None:
    # the total returned is right (50) but it went to P2, the short caller: a fault of its own
    text = SHORT_CALL.replace(
        "settle: collect P3 600; pot 600", "settle: return P2 50; collect P3 550; pot 550"
    )
    links = _links(_flags(text))
    assert links["UNCALLED-RETURN"] is None


def test_a_pot_without_rake_figure_is_not_linked_to_the_conservation_flag() -> None:
    violations = _flags(
        """
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 fold, P2 call
        flop: P2 check, P3 check
        turn: P2 check, P3 check
        river: P2 check, P3 check
        settle: collect P3 650; pot 700; final P1=4950 P2=4700 P3=5400
        """
    )
    # no rake figure: H-4's pot part cannot fire; a final stack is off, the pot does not explain it
    assert _links(violations) == {"POT-TOTAL": None, "CHIP-CONSERVATION": None}
