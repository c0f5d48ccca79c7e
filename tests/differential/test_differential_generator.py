"""The PokerKit hand generator: deterministic, in rules_vectors.json format, varied enough."""

from __future__ import annotations

import json
from collections import Counter

import pytest

pytest.importorskip("pokerkit")

from conftest import VECTORS

from differential.generator import GeneratedHand, generate_hands
from differential.replay import replay, setup_from_vector

ACTION_KEYS = {"street", "player", "type", "to", "all_in"}
POST_KINDS = {"sb", "bb", "straddle", "ante"}


@pytest.fixture(scope="module")
def hands() -> list[GeneratedHand]:
    return list(generate_hands(seed=7, count=1500))


def _vectors_json(seed: int, count: int) -> str:
    return json.dumps([h.vector for h in generate_hands(seed, count)])


def test_same_seed_same_hands_other_seed_other_hands() -> None:
    assert _vectors_json(3, 60) == _vectors_json(3, 60)
    assert _vectors_json(3, 60) != _vectors_json(4, 60)


def test_vectors_use_the_rules_vectors_format(hands: list[GeneratedHand]) -> None:
    real = json.loads(VECTORS.read_text())["vectors"]
    real_keys = {k for v in real for a in v["actions"] for k in a} - {"n", "expect", "pokerkit"}
    assert real_keys <= ACTION_KEYS
    for hand in hands:
        v = hand.vector
        names = [p["id"] for p in v["players"]]
        assert names == [f"P{i + 1}" for i in range(len(names))]
        assert v["button"] == ("P1" if len(names) == 2 else names[-1])
        assert {p["kind"] for p in v["posts"]} <= POST_KINDS
        for action in v["actions"]:
            assert set(action) <= ACTION_KEYS and action["player"] in names
            assert action["type"] in ("fold", "check", "call", "bet", "raise")
            assert ("to" in action) == (action["type"] in ("bet", "raise", "call"))


def test_replaying_a_generated_vector_gives_the_same_pokerkit_answers(
    hands: list[GeneratedHand],
) -> None:
    for hand in hands[:400]:
        setup = setup_from_vector(hand.vector, fl_cap=hand.setup.fl_cap)
        assert setup == hand.setup
        assert replay(hand.vector, setup) == hand.views


def test_heads_up_seats_follow_the_vector_convention(hands: list[GeneratedHand]) -> None:
    heads_up = [h for h in hands if h.setup.players == 2 and h.vector["actions"]]
    assert heads_up
    for hand in heads_up:
        pairs = zip(hand.vector["actions"], hand.views, strict=True)
        actions = [a for a, v in pairs if v.same_actor]  # not the out-of-turn injections
        if actions and actions[0]["street"] == "preflop":
            assert actions[0]["player"] == "P1"  # button/SB acts first preflop
        flop = [a for a in actions if a["street"] == "flop"]
        if flop:
            assert flop[0]["player"] == "P2"  # BB acts first after the flop
        assert {p["kind"]: p["player"] for p in hand.vector["posts"] if p["kind"] != "ante"} == {
            "sb": "P1",
            "bb": "P2",
        }


def test_the_hands_cover_what_the_comparison_needs(hands: list[GeneratedHand]) -> None:
    setups = [h.setup for h in hands]
    assert {s.structure for s in setups} == {"NL", "PL", "FL"}
    assert {s.players for s in setups} == set(range(2, 10))
    assert {s.ante_mode for s in setups} == {"none", "each", "bb"}
    assert any(s.straddles for s in setups) and any(len(s.straddles) == 2 for s in setups)
    short_allins = sum(
        bool(a["type"] in ("bet", "raise") and a.get("all_in") and v.accepted)
        and a["to"] - v.current_bet < h.setup.min_bet(v.street)
        for h in hands
        for a, v in zip(h.vector["actions"], h.views, strict=True)
    )
    assert short_allins > 50
    short_bb = sum(
        p["kind"] == "bb" and p["amount"] < h.setup.bb for h in hands for p in h.vector["posts"]
    )
    assert short_bb > 20


def test_injected_illegal_actions_are_refused_by_pokerkit(hands: list[GeneratedHand]) -> None:
    verdicts: Counter[tuple[str, bool]] = Counter(
        (name, bool(view.accepted))
        for h in hands
        for name, view in zip(h.injected, h.views, strict=True)
        if name
    )
    kinds = {name for name, _ in verdicts}
    assert kinds >= {
        "undersized_raise",
        "over_pot",
        "wrong_fl_size",
        "check_facing_bet",
        "undercall",
        "over_stack",
    }
    for name in kinds:
        assert verdicts[(name, False)] >= verdicts[(name, True)], name
    for hand in hands:
        refused = [v for v in hand.views if not v.accepted]
        assert len(refused) <= 1 and (not refused or refused[0] is hand.views[-1])
