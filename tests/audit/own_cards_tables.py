"""Stud and draw hands for the showdown tests, described as `Hand`s and built as canonical
tables by the test-hand builder (audit/testing; no parser needed).

A `Hand`'s plays become the vector's actions (the builder's tracker prices the calls; a
`bring_in`, `complete`, `discard` or `stand_pat` is a kind of its own), its `Line`s the
vector's `card_lines`, read as docs/games.md describes a stud or draw parser's: `face` (down /
up) and `street` (the round a card is dealt or drawn in) on the hole cards, `discarded` rows
for the hero's discards, the common card of S-2 as a board row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import polars as pl

from audit.testing import cards_from_vector, tables_from_vector
from parsers.games import GAMES


@dataclass
class Line:
    """One card line: `player` (None: the board), `source`, its cards, and where the log says
    so the face and the round; `label` the log's name of a shown hand."""

    player: str | None
    source: str
    cards: str
    street: str | None = None
    face: str | None = None
    label: str | None = None


@dataclass
class Hand:
    game: str
    stacks: dict[str, int]
    plays: list[tuple]  # (street, player, kind, amount) amount: a wager's total, a discard's count
    lines: list[Line]
    collects: dict[str, int]
    hilo: bool = False
    button: str | None = None  # stud: none
    small_bet: int = 10
    ante: int = 1
    blinds: tuple[int, int] = (5, 10)
    rake: int = 0
    key: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def _vector(hand: Hand) -> dict[str, Any]:
    """The builder's description of `hand` (audit/testing): its plays as actions, its card
    lines as `card_lines`."""
    players = list(hand.stacks)
    stud = GAMES[hand.game].family == "stud"
    posts = (
        [{"kind": "ante", "amount": hand.ante, "player": p} for p in players]
        if stud
        else [
            {"kind": "sb", "amount": hand.blinds[0], "player": players[0]},
            {"kind": "bb", "amount": hand.blinds[1], "player": players[1]},
        ]
    )
    actions = []
    for street, player, kind, amount in hand.plays:
        action: dict[str, Any] = {"street": street, "player": player, "type": kind}
        if kind in ("bet", "raise", "bring_in", "complete") or (kind == "call" and amount):
            action["to"] = amount
        if kind == "discard":
            action["cards"] = amount
        actions.append(action)
    pot = sum(hand.collects.values()) + hand.rake
    return {
        "id": str(1000 + hand.key),
        "game": hand.game,
        "hilo": hand.hilo,
        "structure": "FL",
        "players": [{"id": p, "stack": s} for p, s in hand.stacks.items()],
        "stakes": {
            "sb": 0 if stud else hand.blinds[0],
            "bb": hand.small_bet if stud else hand.blinds[1],
            "small_bet": hand.small_bet,
            "big_bet": 2 * hand.small_bet,
        },
        **({} if stud else {"button": hand.button or players[0]}),
        "posts": posts,
        "actions": actions,
        "card_lines": [
            {
                "player": line.player,
                "source": line.source,
                "cards": line.cards.split(),
                "street": line.street,
                "face": line.face,
                "label": line.label,
            }
            for line in hand.lines
        ],
        "settlement": {
            "reported": {"collected": hand.collects, "rake": hand.rake, "total_pot": pot}
        },
        **hand.extra,
    }


def built(hand: Hand) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(hands, seats, actions, cards) of one built hand; the cards' lines come after the
    betting's (line 100 on, in the order given)."""
    vector = _vector(hand)
    hands, seats, actions = tables_from_vector(vector, hand.key, short_bb_call_full=False)
    return hands, seats, actions, cards_from_vector(vector, hand.key)


def stacked(*hands: Hand) -> tuple[pl.DataFrame, ...]:
    """The tables of several built hands, one frame each."""
    parts = [built(hand) for hand in hands]
    return tuple(pl.concat([part[at] for part in parts]) for at in range(4))
