"""The generator's own legal-play model (tools.synth.betting) against RULES.md §10's vectors.

The model is an independent oracle of what is legal: before every recorded action it must give
the same to_call, min_to, max_to, allin_to and raise_allowed as the vectors' `expect`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import VECTORS

from tools.synth.betting import Betting, Player
from tools.synth.spec import TableSpec

STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
VOID_CODES = {"ACT-FOLDED", "ACT-ALLIN", "ACT-CLOSED"}
#: Situations the generator never produces, so its model does not implement them.
NOT_MODELLED = {
    "short blind": "PL pot counted with a short or missing blind at its nominal size (D-14)",
    "straddle postflop": "straddle_sets_postflop_min_bet and other straddle options",
}


def load_vectors() -> list[dict[str, Any]]:
    return json.loads(Path(VECTORS).read_text(encoding="utf-8"))["vectors"]


def table_for(vector: dict[str, Any]) -> TableSpec:
    stakes = vector["stakes"]
    return TableSpec(
        structure=vector["structure"],
        small_blind=stakes["sb"],
        big_blind=stakes["bb"],
        small_bet=stakes.get("small_bet"),
        big_bet=stakes.get("big_bet"),
        currency="chips",
    )


def short_blind(vector: dict[str, Any]) -> bool:
    stakes = vector["stakes"]
    nominal = {"sb": stakes["sb"], "bb": stakes["bb"]}
    posted = {post["kind"] for post in vector["posts"]}
    return not {"sb", "bb"} <= posted or any(
        post["kind"] in nominal and post["amount"] < nominal[post["kind"]]
        for post in vector["posts"]
    )


def seat_up(vector: dict[str, Any]) -> tuple[Betting, dict[str, int], int]:
    """The model after the posts: (betting, index by player id, button index)."""
    spec = table_for(vector)
    players = [
        Player(i + 1, p["id"], p["stack"], p["stack"]) for i, p in enumerate(vector["players"])
    ]
    index = {p["id"]: i for i, p in enumerate(vector["players"])}
    betting = Betting(spec, players)
    last_live = index[vector["players"][0]["id"]]
    for post in vector["posts"]:
        live = post["kind"] in ("sb", "bb", "straddle", "post")
        betting.post(index[post["player"]], post["amount"], live=live)
        if post["kind"] == "straddle":
            betting.straddle = max(betting.straddle, post["amount"])
        if post["kind"] in ("bb", "straddle"):
            last_live = index[post["player"]]
    betting.open_preflop(last_live)
    return betting, index, index[vector["button"]]


def observed(betting: Betting, player: Player) -> dict[str, Any]:
    open_ = betting.betting_open(player)
    structure = betting.spec.structure
    max_to = betting.max_to(player)  # NL: all-in total; FL: the exact amount
    if structure == "PL":
        max_to = max(min(max_to, player.allin_to), betting.min_to())
    return {
        "to_call": betting.current_bet - player.committed,
        "allin_to": player.allin_to,
        "raise_allowed": open_,
        "min_to": betting.min_to() if open_ else None,
        "max_to": max_to if open_ else None,
    }


def apply(betting: Betting, index: int, action: dict[str, Any]) -> None:
    player = betting.players[index]
    kind = action["type"]
    if kind == "fold":
        betting.apply_fold(index)
    elif kind == "check":
        betting.finish_turn(index)
    elif kind == "call":
        target = action.get("to")
        chips = target - player.committed if target is not None else betting.to_call(player)
        betting.apply_call(index, min(chips, player.stack))
    else:
        betting.apply_wager(index, min(action["to"], player.allin_to))


VECTOR_LIST = load_vectors()


@pytest.mark.parametrize("vector", VECTOR_LIST, ids=lambda v: v["id"])
def test_model_matches_the_rules_vectors(vector: dict[str, Any]) -> None:
    if vector["structure"] == "PL" and short_blind(vector):
        pytest.skip(NOT_MODELLED["short blind"])
    betting, index, button = seat_up(vector)
    street = 0
    for action in vector["actions"]:
        if STREETS[action["street"]] != street:
            street = STREETS[action["street"]]
            betting.open_street(street, button)
        player_index = index[action["player"]]
        expect = action["expect"]
        if VOID_CODES & set(expect.get("flags", [])):
            continue
        got = observed(betting, betting.players[player_index])
        want = {key: expect.get(key) for key in got}
        assert got == want, f"action n={action['n']} ({action['player']} {action['type']})"
        apply(betting, player_index, action)
