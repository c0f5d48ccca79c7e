"""The canonical tables (parsers/schema.py) a synthetic hand should parse into."""

from __future__ import annotations

from typing import Any

import polars as pl

from parsers.games import BLINDS, GAMES
from tools.synth.record import HandRecord

SITE = "pokerstars"


class TableBuilder:
    """Collects hands, seats and actions rows column by column, then builds the frames."""

    def __init__(self) -> None:
        self.hands: list[dict[str, Any]] = []
        self.seats: list[tuple[Any, ...]] = []
        self.actions: list[tuple[Any, ...]] = []
        self.cards: list[tuple[Any, ...]] = []

    def add(
        self, hand: HandRecord, *, file_id: int, index: int, source_file: str, line_no: int
    ) -> None:
        """Add one hand whose header is at `line_no` (1-based) of `source_file`."""
        spec = hand.spec
        key = (file_id << 32) | index
        straddles = sum(1 for row in hand.actions if row[3] == "post_straddle")
        self.hands.append(
            {
                "hand_key": key,
                "site": SITE,
                "hand_id": hand.hand_id,
                "source_file": source_file,
                "line_no": line_no,
                "game": spec.game,
                "is_hilo": spec.is_hilo,
                "structure": spec.structure,
                "is_tournament": spec.is_tournament,
                "currency": spec.currency,
                "unit": spec.unit,
                "scale": spec.scale,
                # a game without blinds (stud) has none, as the parsers read it
                "small_blind": spec.small_blind if _has_blinds(spec.game) else None,
                "big_blind": spec.big_blind if _has_blinds(spec.game) else None,
                "small_bet": spec.small_bet,
                "big_bet": spec.big_bet,
                "ante": spec.ante,
                "bb_ante": spec.bb_ante,
                "straddles": straddles,
                "cap": None,
                "table_name": spec.table_name,
                "max_seats": spec.max_seats,
                "button_seat": hand.button_seat,
                "started_at": hand.started_utc,
                "boards": hand.boards,
                "total_pot": hand.total_pot,
                "rake": hand.rake,
            }
        )
        for seat, name, stack, out in hand.seats:
            self.seats.append((key, hand.hand_id, seat, name, stack, out, None))
        for seq, row in enumerate(hand.actions):
            street, player, seat, kind, amount, to_amount, all_in, offset = row
            self.actions.append(
                (key, hand.hand_id, seq, street, player, seat, kind, amount, to_amount, all_in,
                 line_no + offset, hand.n_cards.get(seq))
            )  # fmt: skip
        for seat, player, source, street, position, card, label, offset, face in hand.cards:
            self.cards.append(
                (key, hand.hand_id, seat, player, source, None, street, position, card, card,
                 label, line_no + offset, face)
            )  # fmt: skip

    def frames(self) -> dict[str, pl.DataFrame]:
        """hands, seats and actions in the canonical Polars schemas."""
        from parsers.schema import conform, empty  # here: generating text needs no parser

        if self.hands:
            hands = pl.DataFrame(self.hands, infer_schema_length=None).with_columns(
                pl.col("started_at").dt.replace_time_zone("UTC")
            )
            hands = conform(hands, "hands")
        else:
            hands = empty("hands")
        seats = pl.DataFrame(self.seats, schema=SEATS_COLUMNS, orient="row")
        actions = pl.DataFrame(self.actions, schema=ACTIONS_COLUMNS, orient="row")
        cards = pl.DataFrame(self.cards, schema=CARDS_COLUMNS, orient="row")
        return {
            "hands": hands,
            "seats": conform(seats, "seats"),
            "actions": conform(actions, "actions"),
            "cards": conform(cards, "cards"),
        }


SEATS_COLUMNS = {
    "hand_key": pl.Int64,
    "hand_id": pl.String,
    "seat": pl.Int16,
    "player": pl.String,
    "stack": pl.Int64,
    "sitting_out": pl.Boolean,
    "final_stack": pl.Int64,
}
ACTIONS_COLUMNS = {
    "hand_key": pl.Int64,
    "hand_id": pl.String,
    "seq": pl.Int32,
    "street": pl.Int8,
    "player": pl.String,
    "seat": pl.Int16,
    "kind": pl.String,
    "amount": pl.Int64,
    "to_amount": pl.Int64,
    "is_all_in": pl.Boolean,
    "line_no": pl.Int32,
    "n_cards": pl.Int8,
}
#: The known cards of the stud and draw hands (the board games' generator writes none).
CARDS_COLUMNS = {
    "hand_key": pl.Int64,
    "hand_id": pl.String,
    "seat": pl.Int16,
    "player": pl.String,
    "source": pl.String,
    "board": pl.Int8,
    "street": pl.Int8,
    "position": pl.Int8,
    "card": pl.String,
    "raw": pl.String,
    "label": pl.String,
    "line_no": pl.Int32,
    "face": pl.String,
}


def _has_blinds(game: str) -> bool:
    """Whether `game` posts blinds (parsers/games.py): stud posts antes and a bring-in."""
    return game not in GAMES or BLINDS in GAMES[game].forced_bets
