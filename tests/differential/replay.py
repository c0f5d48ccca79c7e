"""Replay a hand in rules_vectors.json format through PokerKit 0.7.7."""

from __future__ import annotations

from .pk_setup import HandSetup, build_state
from .pk_view import PkView, apply_action, waiting_for_bet_action


def setup_from_vector(vector: dict, fl_cap: str = "preset") -> HandSetup:
    """The PokerKit set-up of a vector hand: stakes, stacks, straddles and antes."""
    stakes = vector["stakes"]
    straddles = tuple(p["amount"] for p in vector["posts"] if p["kind"] == "straddle")
    ante_rule = vector.get("ante_rule") or {}
    seat_of = {p["id"]: i for i, p in enumerate(vector["players"])}
    live = [p for p in vector["posts"] if p["kind"] in ("sb", "bb", "straddle")]
    expected_kinds = ["sb", "bb"] + ["straddle"] * (len(live) - 2)
    standard = [p["player"] for p in live] == [f"P{i + 1}" for i in range(len(live))] and [
        p["kind"] for p in live
    ] == expected_kinds[: len(live)]
    raw_blinds = None
    if not standard:
        per_seat = [0] * len(vector["players"])
        for post in live:
            per_seat[seat_of[post["player"]]] = post["amount"]
        raw_blinds = tuple(per_seat)
    return HandSetup(
        structure=vector["structure"],
        sb=stakes["sb"],
        bb=stakes["bb"],
        stacks=tuple(p["stack"] for p in vector["players"]),
        ante=ante_rule.get("amount", 0),
        ante_mode=ante_rule.get("mode", "none"),
        straddles=straddles,
        small_bet=stakes.get("small_bet"),
        big_bet=stakes.get("big_bet"),
        fl_cap=fl_cap,  # type: ignore[arg-type]
        raw_blinds=raw_blinds,
    )


def replay(vector: dict, setup: HandSetup | None = None) -> list[PkView]:
    """PokerKit's view before each action, up to and including the first action it refuses."""
    setup = setup or setup_from_vector(vector)
    state = build_state(setup)
    views: list[PkView] = []
    for action in vector["actions"]:
        if not waiting_for_bet_action(state):
            break
        view = apply_action(state, setup, action)
        views.append(view)
        if not view.accepted:
            break
    return views
