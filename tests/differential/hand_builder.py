"""Small hands written by hand, in rules_vectors.json format, for the named K-difference tests.

`hand("NL", (50, 100), [5000, 5000, 150], "pre P3 c, pre P1 f, ...")` with actions written
`<street> <player> <f|x|c|b|r>[<to>]` separated by commas: f fold, x check, c call (exact),
b/r bet/raise to <to>.
Posts are SB, BB, straddles then antes, each capped by the stack (antes first, like PokerKit,
unless `posts` is given explicitly).
"""

from __future__ import annotations

STREETS = {"pre": "preflop", "flop": "flop", "turn": "turn", "river": "river"}
TYPES = {"f": "fold", "x": "check", "c": "call", "b": "bet", "r": "raise"}


def _posts(stacks: list[int], blinds: list[int], ante: int, ante_mode: str) -> list[dict]:
    left = list(stacks)
    antes = []
    for seat in range(len(stacks)):
        amount = ante if ante_mode == "each" or (ante_mode == "bb" and seat == 1) else 0
        if amount:
            antes.append(
                {"player": f"P{seat + 1}", "kind": "ante", "amount": min(amount, left[seat])}
            )
            left[seat] -= antes[-1]["amount"]
    kinds = ["sb", "bb"] + ["straddle"] * (len(blinds) - 2)
    live = [
        {"player": f"P{seat + 1}", "kind": kind, "amount": min(amount, left[seat])}
        for seat, (kind, amount) in enumerate(zip(kinds, blinds, strict=False))
    ]
    return live + antes


def _action(text: str) -> dict:
    street, player, move = text.split()
    action: dict = {"street": STREETS[street], "player": player, "type": TYPES[move[0]]}
    if len(move) > 1:
        action["to"] = int(move[1:])
    return action


def hand(
    structure: str,
    blinds: tuple[int, ...],
    stacks: list[int],
    actions: str,
    ante: int = 0,
    ante_mode: str = "none",
    posts: list[dict] | None = None,
) -> dict:
    """A vector hand: `blinds` is (sb, bb, *straddles); FL bets are BB and 2 BB."""
    sb, bb = blinds[:2]
    stakes: dict = {"sb": sb, "bb": bb}
    if structure == "FL":
        stakes |= {"small_bet": bb, "big_bet": 2 * bb}
    vector: dict = {
        "id": "known",
        "structure": structure,
        "stakes": stakes,
        "button": "P1" if len(stacks) == 2 else f"P{len(stacks)}",
        "players": [{"id": f"P{i + 1}", "stack": s} for i, s in enumerate(stacks)],
        "posts": posts if posts is not None else _posts(stacks, list(blinds), ante, ante_mode),
        "actions": [_action(a) for a in actions.split(",")],
        "complete_hand": False,
    }
    if ante_mode != "none":
        vector["ante_rule"] = {"mode": ante_mode, "amount": ante}
    return vector
