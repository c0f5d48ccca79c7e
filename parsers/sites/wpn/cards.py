"""WPN card lines: the PokerStars lines (parsers/sites/pokerstars/cards.py); a shown hand's name
carries its five cards ("a pair of Jacks [Js Jc Kd 9h 8c]"), which HAND-LABEL leaves out."""

from __future__ import annotations

from parsers.sites.pokerstars.cards import CARDS

__all__ = ["CARDS"]
