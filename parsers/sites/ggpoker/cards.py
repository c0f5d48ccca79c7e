"""GGPoker card lines: the PokerStars lines (parsers/sites/pokerstars/cards.py). GG prints
"Dealt to X" without cards for the other players (not read: no cards), names hands in its own
words ("Pair of Aces": not judged by HAND-LABEL) and runs boards twice as "FIRST Board [...]"."""

from __future__ import annotations

from parsers.sites.pokerstars.cards import CARDS

__all__ = ["CARDS"]
