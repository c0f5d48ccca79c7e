"""The documented PokerKit 0.7.7 differences K-1..K-12 (RULES.md §8), one small hand each.

Each test shows PokerKit's answer and hhaudit's answer side by side, then, where an option exists,
that hhaudit with the PokerKit-like option gives PokerKit's answer.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")
audit = pytest.importorskip("audit")
if not hasattr(audit, "check"):
    pytest.skip("audit.check is not available yet", allow_module_level=True)

from pokerkit import Mode, NoLimitTexasHoldem  # noqa: E402

from audit import Options  # noqa: E402
from audit.testing import hand  # noqa: E402
from differential.compare import audit_hand, hand_codes, pokerkit_like_options  # noqa: E402
from differential.pk_setup import HandSetup, build_state  # noqa: E402
from differential.replay import replay, setup_from_vector  # noqa: E402

DEFAULT = Options()
PK_LIKE = pokerkit_like_options()


def test_k1_reopen_threshold_not_floored_at_bb() -> None:
    # Limper P3 faces only P4's short all-in (150 over the 100 BB): 50 more, less than a BB.
    v = hand(
        "NL 50/100; stacks P1=5000 P2=5000 P3=5000 P4=150 P5=5000; button P5\n"
        "preflop: P3 call, P4 raise 150, P5 fold, P1 fold, P2 call, P3 raise 300"
    )
    pk, hh = replay(v)[5], audit_hand(v, DEFAULT)[5]
    assert (pk.to_call, pk.last_increment) == (50, 50)
    assert pk.can_raise and pk.accepted  # PokerKit: 50 >= its increment 50, reopened
    assert not hh["raise_allowed"] and "REOPEN" in hh["codes"]  # spec: 50 < F = 100
    assert "REOPEN" in audit_hand(v, PK_LIKE)[5]["codes"]  # no option covers K-1


def test_k2_no_fl_half_bet_rule() -> None:
    # FL 10/20 flop: 20, 40, all-in 53 (+13 >= half of 20): P2 faces 13 and may re-raise.
    v = hand(
        "FL 10/20 bets 20/40; stacks P1=1000 P2=1000 P3=73 P4=1000; button P4\n"
        "preflop: P3 call, P4 call, P1 call, P2 check\n"
        "flop: P1 bet 20, P2 raise 40, P3 raise 53, P4 fold, P1 call, P2 raise 73"
    )
    pk, hh = replay(v)[9], audit_hand(v, DEFAULT)[9]
    assert not pk.can_raise and not pk.accepted
    assert hh["raise_allowed"] and hh["codes"] == []
    assert "REOPEN" in audit_hand(v, PK_LIKE)[9]["codes"]  # fl_reopen_fraction = 1.0


def test_k3_fl_completion_after_sub_half_allin() -> None:
    # FL flop: all-in bet of 5 (< half of 20); the spec completes to 20, PokerKit raises to 25.
    v = hand(
        "FL 10/20 bets 20/40; stacks P1=1000 P2=25 P3=1000; button P3\n"
        "preflop: P3 call, P1 call, P2 check\n"
        "flop: P1 check, P2 bet 5, P3 raise 20"
    )
    pk, hh = replay(v)[5], audit_hand(v, DEFAULT)[5]
    assert (pk.min_to, pk.max_to, pk.accepted) == (25, 25, False)
    assert (hh["min_to"], hh["max_to"], hh["codes"]) == (20, 20, [])
    like = audit_hand(v, PK_LIKE)[5]  # fl_short_allin_completion = raise_over_allin
    assert (like["min_to"], like["max_to"]) == (25, 25) and "FL-SIZE" in like["codes"]


def test_k4_fl_preflop_cap_counts_from_zero() -> None:
    # FL 10/20 preflop: the BB is the first bet; 40/60/80 cap it, so a raise to 100 is a 5th bet.
    v = hand(
        "FL 10/20 bets 20/40; stacks 1000 x4; button P4\n"
        "preflop: P3 raise 40, P4 raise 60, P1 raise 80, P2 raise 100"
    )
    pk, hh = replay(v)[3], audit_hand(v, DEFAULT)[3]
    assert pk.can_raise and pk.accepted  # preset: four completions after the BB
    assert not hh["raise_allowed"] and "FL-CAP" in hh["codes"]
    spec_streets = replay(v, setup_from_vector(v, fl_cap="spec"))[3]
    assert not spec_streets.can_raise  # PokerKit with 3 raises preflop agrees with the spec
    assert audit_hand(v, DEFAULT.replace(fl_max_raises=4))[3]["codes"] == []


def test_k5_fl_short_allins_always_count_to_cap() -> None:
    # FL flop 20/40/60, all-in 65 (+5, sub-half: does not count), then P5 raises to 80.
    v = hand(
        "FL 10/20 bets 20/40; stacks P1=1000 P2=1000 P3=1000 P4=85 P5=1000; button P5\n"
        "preflop: P3 call, P4 call, P5 call, P1 call, P2 check\n"
        "flop: P1 bet 20, P2 raise 40, P3 raise 60, P4 raise 65, P5 raise 80"
    )
    pk, hh = replay(v)[9], audit_hand(v, DEFAULT)[9]
    assert not pk.can_raise and "No more" in (pk.refusal or "")
    assert hh["raise_allowed"] and hh["codes"] == []
    assert "FL-CAP" in audit_hand(v, PK_LIKE)[9]["codes"]  # counts_to_cap = always


def test_k6_short_big_blind_priced_from_posted_amount() -> None:
    # BB posts 60 of 100: the spec makes callers owe 100 and the minimum raise 200.
    v = hand("NL 50/100; stacks P1=5000 P2=60 P3=5000 P4=5000; button P4\npreflop: P3 raise 160")
    pk, hh = replay(v)[0], audit_hand(v, DEFAULT)[0]
    assert (pk.to_call, pk.min_to, pk.accepted) == (60, 160, True)
    assert (hh["to_call"], hh["min_to"]) == (100, 200) and "RAISE-MIN" in hh["codes"]
    like = audit_hand(v, PK_LIKE)[0]  # short_bb_call_full = false
    assert (like["to_call"], like["min_to"], like["codes"]) == (60, 160, [])


def test_k7_straddle_min_raise_is_straddle_plus_bb() -> None:
    v = hand(
        "NL 50/100; stacks 5000 x5; button P5\n"
        "posts: P1 sb 50, P2 bb 100, P3 straddle 200\n"
        "preflop: P4 raise 300"
    )
    pk, hh = replay(v)[0], audit_hand(v, DEFAULT)[0]
    assert (pk.to_call, pk.min_to, pk.accepted) == (200, 300, True)
    assert hh["min_to"] == 400 and "RAISE-MIN" in hh["codes"]
    like = audit_hand(v, PK_LIKE)[0]  # straddle_sets_min_raise = false
    assert (like["min_to"], like["codes"]) == (300, [])


def test_k8_pl_preflop_pot_uses_posted_blinds() -> None:
    # PL 100/200, BB short-posts 100: TDA 54-B counts it as 200, so the pot raise is to 700.
    v = hand(
        "PL 100/200; stacks P1=10000 P2=100 P3=10000 P4=10000; button P4\npreflop: P3 raise 700"
    )
    pk, hh = replay(v)[0], audit_hand(v, DEFAULT)[0]
    assert (pk.max_to, pk.accepted) == (400, False)
    assert (hh["max_to"], hh["codes"]) == (700, [])
    like = audit_hand(v, PK_LIKE)[0]  # pl_preflop_nominal_blinds = false (+ short BB call)
    assert like["max_to"] == 400 and "PL-MAX" in like["codes"]


def test_k9_raise_with_no_live_opponent() -> None:
    v = hand(
        "NL 50/100; stacks P1=5000 P2=5000 P3=1000; button P3\n"
        "preflop: P3 raise 1000, P1 fold, P2 raise 2000"
    )
    pk, hh = replay(v)[2], audit_hand(v, DEFAULT)[2]
    assert not pk.can_raise and not pk.accepted and "every other player" in (pk.reason or "")
    assert hh["codes"] == ["RAISE-NO-OPP"]  # a warning: hhaudit accepts the action
    like = audit_hand(v, PK_LIKE)[2]  # raise_without_opponent = violation
    assert like["codes"] == ["RAISE-NO-OPP"]


def test_k10_ante_taken_before_short_big_blind() -> None:
    # BB ante 200, BB has 300: TDA RP-11 takes the blind (200) first, PokerKit the ante.
    v = hand(
        "NL 100/200; stacks P1=10000 P2=300 P3=10000 P4=10000; button P4; ante 200 bb\n"
        "posts: P1 sb 100, P2 bb 100, P2 ante 200\n"
        "preflop: P3 fold"
    )
    assert v["posts"][1] == {"player": "P2", "kind": "bb", "amount": 100}  # as PokerKit posts
    pk, hh = replay(v)[0], audit_hand(v, DEFAULT)[0]
    assert (pk.to_call, hh["to_call"]) == (100, 200)
    assert "POST-AMOUNT" in hand_codes(v, DEFAULT)
    assert "POST-AMOUNT" not in hand_codes(v, PK_LIKE)  # bb_ante_priority = ante_first
    assert audit_hand(v, PK_LIKE)[0]["to_call"] == 100


def test_k11_fl_heads_up_always_capped() -> None:
    v = hand(
        "FL 10/20 bets 20/40; stacks 1000 x2; button P1\n"
        "preflop: P1 call, P2 check\n"
        "flop: P2 bet 20, P1 raise 40, P2 raise 60, P1 raise 80, P2 raise 100"
    )
    pk, hh = replay(v)[6], audit_hand(v, DEFAULT)[6]
    assert not pk.can_raise and "FL-CAP" in hh["codes"]  # default: both capped
    rrop = audit_hand(v, DEFAULT.replace(fl_cap_heads_up="uncapped_when_heads_up"))[6]
    assert rrop["raise_allowed"] and rrop["codes"] == []  # PokerKit has no such mode


def test_k12_tournament_mode_refuses_fold_with_nothing_to_call() -> None:
    v = hand("NL 1/2; stacks 200 x2; button P1\npreflop: P1 call, P2 fold")
    hh = audit_hand(v, DEFAULT)[1]
    assert hh["codes"] == ["FOLD-NO-BET"]  # info only
    setup = HandSetup("NL", 1, 2, (200, 200))
    assert replay(v, setup)[1].accepted  # Mode.CASH_GAME (the generator's) accepts the fold
    state = NoLimitTexasHoldem.create_state(
        build_state(setup).automations, True, 0, (1, 2), 2, (200, 200), 2, mode=Mode.TOURNAMENT
    )
    state.check_or_call()
    with pytest.raises(ValueError, match="no reason for this player to fold"):
        state.fold()


def test_k13_cumulative_reopen_forgotten_after_another_short_allin() -> None:
    # Flop: P1 bets 100; all-ins to 160 (+60) and 230 (+70) add up to a full raise, then an
    # all-in to 250 (+20). P1 faces 150 >= 100: reopened (TDA 47, D-10); PokerKit says no.
    v = hand(
        "NL 50/100; stacks P1=5000 P2=260 P3=330 P4=350 P5=5000; button P5\n"
        "preflop: P3 call, P4 call, P5 call, P1 call, P2 check\n"
        "flop: P1 bet 100, P2 raise 160, P3 raise 230, P4 raise 250, P5 call, P1 raise 400"
    )
    pk, hh = replay(v)[10], audit_hand(v, DEFAULT)[10]
    assert (pk.to_call, pk.last_increment, pk.can_raise) == (150, 100, False)
    assert "already acted" in (pk.reason or "")
    assert hh["raise_allowed"] and (hh["min_to"], hh["codes"]) == (350, [])
    assert audit_hand(v, PK_LIKE)[10]["codes"] == []  # no option reproduces PokerKit here
