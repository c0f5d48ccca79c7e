"""Mutation tests of the showdown rules (issue #15 point 6) on legal generated hands
(tests/audit/showdown_deals.py: PokerKit picks the winners): each hand audits clean, and each
mutation is flagged by the code that names it:

* the collecting player swapped with a loser: SHOWDOWN-WINNER (SIDE-POT when the loser now
  holds more than the pots he was in, or was in none of the pots the winner won);
* the odd chip of a split moved to another tied hand: POT-SPLIT;
* a board card dealt again to a player: CARD-DUP;
* a side pot paid to a player who was not in it: SIDE-POT.
"""

from __future__ import annotations

import copy
from typing import Any

import polars as pl
import pytest
from showdown_deals import Deal, deal

from audit import check
from audit.testing import cards_from_vector, tables_from_vector

FAST_SEEDS = range(60)
SLOW_SEEDS = range(60, 1500)


def _codes_of(vectors: list[dict[str, Any]]) -> list[list[str]]:
    """The codes flagged on each vector, all audited in one `check` (hand_key = position)."""
    tables = [tables_from_vector(v, hand_key=i) for i, v in enumerate(vectors)]
    hands, seats, actions = (pl.concat([t[i] for t in tables]) for i in range(3))
    cards = pl.concat([cards_from_vector(v, hand_key=i) for i, v in enumerate(vectors)])
    flags = check(hands, seats, actions, cards=cards).violations
    found: dict[int, list[str]] = {}
    for key, code in zip(flags["hand_key"], flags["code"], strict=True):
        found.setdefault(key, []).append(code)
    return [sorted(found.get(i, [])) for i in range(len(vectors))]


def _collected(vector: dict[str, Any]) -> dict[str, int]:
    return vector["settlement"]["reported"]["collected"]


def _with_collects(deal_: Deal, collected: dict[str, int]) -> dict[str, Any]:
    vector = copy.deepcopy(deal_.vector)
    vector["settlement"]["reported"]["collected"] = {p: c for p, c in collected.items() if c}
    return vector


def _swap(deal_: Deal) -> tuple[dict[str, Any], str] | None:
    """A collector's chips to a player of the showdown who won nothing."""
    won = set(deal_.collected)
    shown = [p for p in deal_.vector["cards"] if p not in won]
    if not won or not shown:
        return None
    winner, loser = sorted(won)[0], shown[0]
    collected = dict(deal_.collected)
    collected[loser] = collected.pop(winner)
    # SIDE-POT when the loser now holds more than all the pots he was in (and was not in all),
    # or none of the winner's pots had him in it; else he collected without a best hand
    his_pots = sum(pot.amount for pot in deal_.pots if loser in pot.eligible)
    beyond = collected[loser] > his_pots and his_pots < sum(pot.amount for pot in deal_.pots)
    pots_won = [pot for pot in deal_.pots if winner in pot.winners]
    outside = not any(loser in pot.eligible for pot in pots_won)
    return _with_collects(deal_, collected), "SIDE-POT" if beyond or outside else "SHOWDOWN-WINNER"


def _move_odd_chip(deal_: Deal) -> dict[str, Any] | None:
    for pot in deal_.pots:
        if len(pot.winners) >= 2 and pot.amount % len(pot.winners):
            first, last = pot.winners[0], pot.winners[-1]
            collected = dict(deal_.collected)
            collected[first] -= 1
            collected[last] += 1
            return _with_collects(deal_, collected)
    return None


def _redeal_board_card(deal_: Deal) -> dict[str, Any]:
    vector = copy.deepcopy(deal_.vector)
    player = next(iter(vector["cards"]))
    vector["cards"][player]["cards"][1] = vector["boards"][0][2]
    return vector


def _side_pot_to_outsider(deal_: Deal) -> dict[str, Any] | None:
    """A side pot's shares to a main pot winner who was not in it. Only where the side pot's
    winners win no pot the outsider was in: the collects are totals per player, so chips
    moved between two players who shared a pot could as well be that pot split wrong."""
    main = deal_.pots[0]
    for pot in deal_.pots[1:]:
        outsiders = [p for p in main.winners if p not in pot.eligible]
        shared = any(
            outsiders[0] in other.eligible and set(pot.winners) & set(other.winners)
            for other in deal_.pots
            if outsiders
        )
        if outsiders and pot.shares and not shared:
            collected = dict(deal_.collected)
            for player, chips in pot.shares.items():
                collected[player] -= chips
            collected[outsiders[0]] = collected.get(outsiders[0], 0) + pot.amount
            return _with_collects(deal_, collected)
    return None


def _deals(seeds: range, *, tie: bool = False) -> list[Deal]:
    return [d for d in (deal(seed, tie=tie) for seed in seeds) if d is not None]


def _check_deals(deals: list[Deal]) -> dict[str, int]:
    """Audit each deal and its mutations; returns how many of each mutation were tried."""
    cases: list[tuple[str, dict[str, Any], list[str]]] = []
    for deal_ in deals:
        cases.append(("clean", deal_.vector, []))
        swapped = _swap(deal_)
        if swapped:
            cases.append(("swap", swapped[0], [swapped[1]]))
        moved = _move_odd_chip(deal_)
        if moved:
            cases.append(("odd_chip", moved, ["POT-SPLIT"]))
        cases.append(("redeal", _redeal_board_card(deal_), ["CARD-DUP"]))
        outsider = _side_pot_to_outsider(deal_)
        if outsider:
            cases.append(("side_pot", outsider, ["SIDE-POT"]))
    found = _codes_of([vector for _, vector, _ in cases])
    wrong = [
        (name, vector["id"], expected, codes)
        for (name, vector, expected), codes in zip(cases, found, strict=True)
        if codes != expected
    ]
    assert wrong == []
    tried = {"clean": 0, "swap": 0, "odd_chip": 0, "redeal": 0, "side_pot": 0}
    for name, _, _ in cases:
        tried[name] += 1
    return tried


def test_generated_showdowns_and_their_mutations() -> None:
    tried = _check_deals(_deals(FAST_SEEDS))
    assert tried["clean"] >= 40 and tried["swap"] >= 20 and tried["side_pot"] >= 3, tried


def test_generated_ties_and_their_odd_chips() -> None:
    tried = _check_deals(_deals(range(25), tie=True))
    assert tried["odd_chip"] >= 5, tried


@pytest.mark.slow
def test_many_generated_showdowns_and_their_mutations() -> None:
    tried = _check_deals(_deals(SLOW_SEEDS) + _deals(SLOW_SEEDS, tie=True))
    assert tried["side_pot"] >= 100 and tried["odd_chip"] >= 100, tried
