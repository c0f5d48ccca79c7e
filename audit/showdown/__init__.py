"""Cards and showdown (RULES.md §11): card ids and the vectorized hand evaluator."""

from __future__ import annotations

from audit.showdown.cards import card_id_expr, card_ids_expr, cards_text_expr, parse_cards
from audit.showdown.evaluate import HAND_CLASS_DTYPE, evaluate_high, evaluate_low
from audit.showdown.five import HAND_CLASSES

__all__ = [
    "HAND_CLASSES",
    "HAND_CLASS_DTYPE",
    "card_id_expr",
    "card_ids_expr",
    "cards_text_expr",
    "evaluate_high",
    "evaluate_low",
    "parse_cards",
]
