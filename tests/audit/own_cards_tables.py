"""Stud and draw hands built as canonical tables for the showdown tests (no parser needed).

`built(...)` takes the betting in audit/testing.py's vector form (its tracker prices the
calls) and recasts the kinds the vectors do not know: a `bring_in` or `complete` is written as
a wager to its total, a `discard` carries `n_cards`. The cards table is written row by row as
docs/games.md describes a stud or draw parser's: `face` (down / up) and `street` (the round a
card is dealt or drawn in) on the hole cards, `discarded` rows for the hero's discards, the
common card of S-2 as a board row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import polars as pl

from audit.showdown.known import as_cards_frame
from audit.testing import tables_from_vector
from parsers.games import GAMES

#: A vector type the builder writes for each kind it recasts.
RECAST = {"bring_in": "bet", "complete": "raise", "discard": "check", "stand_pat": "check"}


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
        action: dict[str, Any] = {
            "street": street,
            "player": player,
            "type": RECAST.get(kind, kind),
        }
        if kind in ("bet", "raise", "bring_in", "complete") or (kind == "call" and amount):
            action["to"] = amount
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
        "button": hand.button or players[0],
        "posts": posts,
        "actions": actions,
        "settlement": {
            "reported": {"collected": hand.collects, "rake": hand.rake, "total_pot": pot}
        },
        **hand.extra,
    }


def _recast(actions: pl.DataFrame, hand: Hand) -> pl.DataFrame:
    """The kinds and discard counts of `hand.plays` on the built rows (after the posts, one
    row per play in order; the settlement rows last)."""
    rows = actions.with_columns(pl.col("kind").cast(pl.String)).to_dicts()
    plays = iter(hand.plays)
    for row in rows:
        if row["kind"].startswith("post_") or row["kind"] in ("collect", "uncalled_return"):
            continue
        _, _, kind, amount = next(plays)
        row["kind"] = kind
        if kind in ("discard", "stand_pat"):
            row.update(amount=0, n_cards=amount if kind == "discard" else 0)
        if kind == "bring_in":
            row["to_amount"] = None
    frame = pl.DataFrame(rows, schema={**actions.schema, "kind": pl.String})
    return frame.cast(actions.schema)


def _cards(hand: Hand, seat_of: dict[str, int]) -> pl.DataFrame:
    rows = []
    for line_no, line in enumerate(hand.lines, start=100):
        for position, card in enumerate(line.cards.split()):
            street = None if line.street is None else _street_id(line.street)
            rows.append(
                dict(
                    seat=None if line.player is None else seat_of[line.player],
                    player=line.player,
                    source=line.source,
                    board=1 if line.player is None else None,
                    street=street,
                    position=position,
                    card=card,
                    raw=card,
                    label=line.label,
                    line_no=line_no,
                    face=line.face,
                )
            )
    frame = pl.DataFrame(rows, infer_schema_length=None).with_columns(
        hand_key=pl.lit(hand.key, pl.Int64), hand_id=pl.lit(str(1000 + hand.key))
    )
    return as_cards_frame(frame)


def _street_id(name: str) -> int:
    from parsers.schema import STREET_NAMES

    return STREET_NAMES.index(name)


def built(hand: Hand) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(hands, seats, actions, cards) of one built hand; the cards' lines come after the
    betting's (line 100 on, in the order given)."""
    vector = _vector(hand)
    hands, seats, actions = tables_from_vector(vector, hand.key, short_bb_call_full=False)
    if GAMES[hand.game].family == "stud":
        hands = hands.with_columns(button_seat=pl.lit(None, hands.schema["button_seat"]))
    seat_of = {player: index + 1 for index, player in enumerate(hand.stacks)}
    return hands, seats, _recast(actions, hand), _cards(hand, seat_of)


def stacked(*hands: Hand) -> tuple[pl.DataFrame, ...]:
    """The tables of several built hands, one frame each."""
    parts = [built(hand) for hand in hands]
    return tuple(pl.concat([part[at] for part in parts]) for at in range(4))
