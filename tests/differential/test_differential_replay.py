"""The PokerKit driver reproduces the PokerKit answers recorded in rules_vectors.json."""

from __future__ import annotations

import json

import pytest
from conftest import VECTORS

from differential.replay import replay

VECTOR_LIST = json.loads(VECTORS.read_text())["vectors"]


def _recorded_pokerkit(action: dict) -> dict:
    block = action["pokerkit"]
    return {
        "to_call": block["to_call"],
        "min_to": block["min_to"],
        "max_to": block["max_to"],
        "can_raise": block["can_raise"],
    }


@pytest.mark.parametrize("vector", VECTOR_LIST, ids=[v["id"] for v in VECTOR_LIST])
def test_replay_matches_recorded_pokerkit_answers(vector: dict) -> None:
    views = replay(vector)
    recorded = [a for a in vector["actions"] if "pokerkit" in a]
    # The vectors' replay sent every check/call to check_or_call and counted actions after the
    # end of the hand as refused; ours refuses a check/call whose amount is not PokerKit's call
    # and stops when PokerKit has nobody left to act. Both agree on every action both compared.
    ours_stopped_early = len(views) < len(recorded)
    if ours_stopped_early:
        last = views[-1]
        assert (last.accepted is False and "call" in (last.reason or "")) or last.accepted
        recorded = recorded[: len(views)]
    for view, action in zip(views, recorded, strict=True):
        ours = {
            "to_call": view.to_call,
            "min_to": view.min_to,
            "max_to": view.max_to,
            "can_raise": view.can_raise,
        }
        assert ours == _recorded_pokerkit(action), f"action {action['n']}"
        if action["type"] in ("bet", "raise") and "accepts_amount" in action["pokerkit"]:
            assert view.accepted == action["pokerkit"]["accepts_amount"], f"action {action['n']}"
    if not ours_stopped_early:
        refused_at = next((i + 1 for i, v in enumerate(views) if not v.accepted), None)
        assert refused_at == vector["pokerkit_summary"]["rejected_at"]
