"""Hand values of the games without a board (RULES.md §13.4): stud high, eight-or-better low,
ace-to-five low (razz), deuce-to-seven low and badugi, vectorized; and the sites' names of them."""

from __future__ import annotations

from audit.showdown.values.hands import (
    KIND_DTYPE,
    VALUE_CLASS_DTYPE,
    VALUE_CLASSES,
    VALUE_KINDS,
    hand_values,
)

__all__ = [
    "KIND_DTYPE",
    "VALUE_CLASSES",
    "VALUE_CLASS_DTYPE",
    "VALUE_KINDS",
    "hand_values",
]
