"""A vector's cards table: the shown and mucked hands, the boards, stud's up cards and the draws'
cards (the builder's table output with tables.py; audit/testing/__init__.py)."""

from __future__ import annotations

from typing import Any

import polars as pl

from audit.testing.tables import _seats, _street
from parsers.games import GAMES


def cards_from_vector(vector: dict[str, Any], hand_key: int = 0) -> pl.DataFrame:
    """The canonical cards table of a vector's `cards` ({player: {cards, source, label}}) and
    `boards` (lists of five cards; a second board lists all five, the shared ones again)."""
    rows = card_rows(vector)
    from audit.showdown.known import as_cards_frame

    if not rows:
        return as_cards_frame(None)
    frame = pl.DataFrame(rows, infer_schema_length=None).with_columns(
        hand_key=pl.lit(hand_key, pl.Int64), hand_id=pl.lit(str(vector.get("id", hand_key)))
    )
    return as_cards_frame(frame)


def card_rows(vector: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards rows of a vector (without hand_key and hand_id): shown cards, boards, the
    stud up cards, the draws' cards and the card lines."""
    seat_of = _seats(vector)
    rows: list[dict[str, Any]] = []
    for line, (player, shown) in enumerate(vector.get("cards", {}).items(), start=100):
        texts = shown["cards"] or [None]
        for position, card in enumerate(texts):
            rows.append(
                dict(
                    seat=seat_of[player],
                    player=player,
                    source=shown["source"],
                    board=None,
                    street=None,
                    position=position,
                    card=card,
                    raw=card,
                    label=shown.get("label"),
                    line_no=line,
                )
            )
    streets = (1, 1, 1, 2, 3)
    for board, cards in enumerate(vector.get("boards", []), start=1):
        for position, card in enumerate(cards):
            rows.append(
                dict(
                    seat=None,
                    player=None,
                    source="board",
                    board=board,
                    street=streets[position],
                    position=position,
                    card=card,
                    raw=card,
                    label=None,
                    line_no=50 + board,
                )
            )
    return rows + _hole_rows(vector, seat_of) + _line_rows(vector, seat_of)


def _line_rows(vector: dict[str, Any], seat_of: dict[str, int]) -> list[dict[str, Any]]:
    """The rows of a vector's `card_lines`, card lines written out as a parser reads them
    (line 100 on, after the `cards`): [{player (None: the board), source, cards, street (a
    name, or None), face, label}], for what `cards`, `up` and `drawn` do not say (a stud hand's
    down cards, a draw's discards, stud's common card)."""
    first = 100 + len(vector.get("cards", {}))
    rows = []
    for line_no, line in enumerate(vector.get("card_lines", []), start=first):
        player, street = line.get("player"), line.get("street")
        for position, card in enumerate(line["cards"]):
            rows.append(
                dict(
                    seat=None if player is None else seat_of[player],
                    player=player,
                    source=line["source"],
                    board=1 if player is None else None,
                    street=None if street is None else _street(street),
                    position=position,
                    card=card,
                    raw=card,
                    label=line.get("label"),
                    line_no=line_no,
                    face=line.get("face"),
                )
            )
    return rows


def _hole_rows(vector: dict[str, Any], seat_of: dict[str, int]) -> list[dict[str, Any]]:
    """The cards rows of a stud vector's `up` cards (face up, one per round from the game's
    first: 3rd, 4th, ... street; 5 card stud 2nd, 3rd, ...; in the order dealt) and of a draw
    vector's `drawn` cards (the cards received in a draw's round)."""
    rows: list[dict[str, Any]] = []

    def row(player: str, street: int, position: int, card: str, face: str | None) -> dict:
        return dict(
            seat=seat_of[player],
            player=player,
            source="dealt",
            board=None,
            street=street,
            position=position,
            card=card,
            raw=card,
            label=None,
            line_no=200 + street,
            face=face,
        )

    game = GAMES.get(vector.get("game", "stud")) or GAMES["stud"]
    first = game.rounds[0].street
    for player, cards in vector.get("up", {}).items():
        rows += [row(player, first + i, 2, card, "up") for i, card in enumerate(cards)]
    for player, draws in vector.get("drawn", {}).items():
        for street, cards in draws.items():
            rows += [row(player, _street(street), i, card, None) for i, card in enumerate(cards)]
    return rows
