"""Legal all-in hands with showdowns, for the showdown mutation tests (test tooling).

One raise all-in preflop, each other player folds or calls (all-in for less when short), the
players left with chips check it down; random cards; the winners of each pot chosen by
PokerKit's evaluator (an outside oracle), the pots and shares computed here in plain Python
(levels from the contributions, odd chips clockwise from the button). The hands are vectors
in the notation of audit/testing/notation.py; `deal` also returns the facts the mutations need.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
BB, SB = 100, 50


@dataclass
class Pot:
    amount: int
    eligible: list[str]
    winners: list[str] = field(default_factory=list)
    shares: dict[str, int] = field(default_factory=dict)


@dataclass
class Deal:
    vector: dict[str, Any]
    pots: list[Pot]
    collected: dict[str, int]


def _tie_board(rng: random.Random) -> list[str]:
    """A broadway straight on the board with no three of a suit: every player plays it."""
    suits = rng.sample("cdhs", 3)
    pattern = [suits[0], suits[0], suits[1], suits[1], suits[2]]
    rng.shuffle(pattern)
    return [rank + suit for rank, suit in zip("TJQKA", pattern, strict=True)]


def _cards(rng: random.Random, ids: list[str], tie: bool) -> tuple[dict[str, list[str]], list[str]]:
    board = _tie_board(rng) if tie else []
    deck = [card for card in DECK if card not in board and (not tie or card[0] in "2345678")]
    drawn = rng.sample(deck, 2 * len(ids) + (0 if tie else 5))
    hole = {p: drawn[2 * i : 2 * i + 2] for i, p in enumerate(ids)}
    return hole, board or drawn[2 * len(ids) :]


def _betting(rng: random.Random, ids: list[str], stacks: dict[str, int], ante: int):
    """(actions, committed, folded): P3 (or P1 heads-up... never: 3+ players) raises all-in."""
    committed = {p: ante for p in ids}
    committed[ids[0]] += SB
    committed[ids[1]] += BB
    order = ids[2:] + ids[:2]
    raiser = order[0]
    actions: list[dict[str, Any]] = [
        {
            "street": "preflop",
            "player": raiser,
            "type": "raise",
            "to": stacks[raiser] - ante,
            "all_in": True,
        }
    ]
    committed[raiser] = stacks[raiser]
    folded: set[str] = set()
    for player in order[1:]:
        if rng.random() < 0.2:
            actions.append({"street": "preflop", "player": player, "type": "fold"})
            folded.add(player)
            continue
        total = min(stacks[player], stacks[raiser])
        action = {"street": "preflop", "player": player, "type": "call"}
        if total == stacks[player]:
            action["all_in"] = True
        committed[player] = max(committed[player], total)
        actions.append(action)
    with_chips = [p for p in ids if p not in folded and committed[p] < stacks[p]]
    if len(with_chips) >= 2:
        for street in ("flop", "turn", "river"):
            actions += [{"street": street, "player": p, "type": "check"} for p in with_chips]
    return actions, committed, folded


def _pots(committed: dict[str, int], folded: set[str], ante_total: int, ante: int) -> list[Pot]:
    live = {p: c - ante for p, c in committed.items()}
    levels = sorted({live[p] for p in live if p not in folded})
    pots, floor = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in live.values())
        eligible = [p for p in live if p not in folded and live[p] >= level]
        pots.append(Pot(amount, eligible))
        floor = level
    pots[0].amount += ante_total
    return pots


def _award(pots: list[Pot], hole: dict[str, list[str]], board: list[str], ids: list[str]) -> None:
    from pokerkit import StandardHighHand

    value = {p: StandardHighHand.from_game("".join(hole[p]), "".join(board)) for p in ids}
    for pot in pots:
        best = max(value[p] for p in pot.eligible)
        pot.winners = [p for p in ids if p in pot.eligible and value[p] == best]  # from the button
        share, odd = divmod(pot.amount, len(pot.winners))
        pot.shares = {p: share + (1 if i < odd else 0) for i, p in enumerate(pot.winners)}


def deal(seed: int, *, tie: bool = False) -> Deal | None:
    """One legal hand (None when everybody folded to the raise)."""
    rng = random.Random(seed)
    n = rng.randint(3, 6)
    ids = [f"P{i + 1}" for i in range(n)]
    ante = 1 if tie else rng.choice((0, 0, 10))
    stacks = {p: rng.randrange(3, 60) * BB + rng.choice((0, 0, 7, 33)) for p in ids}
    actions, committed, folded = _betting(rng, ids, stacks, ante)
    if len(folded) >= n - 1:
        return None
    raiser = ids[2]
    called = sorted((committed[p] for p in ids if p != raiser), reverse=True)[0]
    returns = {}
    if committed[raiser] > called:
        returns[raiser] = committed[raiser] - called
        committed[raiser] = called
    hole, board = _cards(rng, ids, tie)
    pots = _pots(committed, folded, ante * n, ante)
    _award(pots, hole, board, ids)
    collected: dict[str, int] = {}
    for pot in pots:
        for player, chips in pot.shares.items():
            collected[player] = collected.get(player, 0) + chips
    posts = [
        {"player": ids[0], "kind": "sb", "amount": SB},
        {"player": ids[1], "kind": "bb", "amount": BB},
    ]
    if ante:
        posts += [{"player": p, "kind": "ante", "amount": ante} for p in ids]
    vector = {
        "id": f"deal-{seed}",
        "structure": "NL",
        "stakes": {"sb": SB, "bb": BB},
        "players": [{"id": p, "stack": stacks[p]} for p in ids],
        "button": ids[-1],
        "posts": posts,
        "actions": actions,
        "cards": {
            p: {"cards": hole[p], "source": "shown", "label": None} for p in ids if p not in folded
        },
        "boards": [board],
        "settlement": {
            "reported": {
                "uncalled_returned": returns,
                "collected": collected,
                "total_pot": sum(p.amount for p in pots),
                "rake": 0,
            }
        },
    }
    return Deal(vector, pots, collected)
