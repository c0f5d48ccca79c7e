"""Bovada / Ignition card lines (parsers/core/card_lines.py). The log deals every seat's
cards in the open, so each showdown's hands are known from the deal:

    UTG+1 : Card dealt to a spot [2c Ad]
    Big Blind  [ME] : Card dealt to a spot [Qc Th]
    UTG : Mucks [Qs As] (High Card)
    Board [Ks Tc 3d 8h 9s]

"Big Blind  [ME] : Showdown [Th Tc Ks Qc 9s] (One pair)" prints the best five cards, not the
hole cards: not read. Hands are named in Bovada's words ("One pair"): HAND-LABEL does not
judge them. "Mucks" concedes (unless the player is all-in: audit/showdown/pots.py).
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines

_PLAYER = r"^(?P<player>.+?)(?:\s+\[ME\])?\s*:"

CARDS = CardLines(
    hole=(
        (rf"{_PLAYER} Card dealt to a spot \[(?P<cards>[^\]]+)\]", "dealt"),
        (rf"{_PLAYER} Mucks \[(?P<cards>[^\]]+)\]", "mucked"),
    ),
    boards=((r"^Board \[(?P<cards>[^\]]+)\]", None),),
)
