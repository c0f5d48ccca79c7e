"""WPN card lines (parsers/core/card_lines.py).

The new format (`CARDS`) prints the PokerStars lines (parsers/sites/pokerstars/cards.py,
`COLON_CARDS`); a shown hand's name carries its five cards ("a pair of Jacks [Js Jc Kd 9h 8c]"),
which HAND-LABEL leaves out. The old format (`OLD_CARDS`, 2014-2017, `Game started at:`) prints
the hero's cards one a line, the shows and mucks in the summary and the whole board there:

    Player Hero received card: [10d]
    Player Bob received a card.                                   (hidden: no row)
    *Player Ann shows: Two pairs. Qs and 7s [7c 5c]. Bets: 2. Collects: 7.60. Wins: 5.60.
    Player Hero mucks (does not show: [10d 3s]). Bets: 2. Collects: 0. Loses: 2.
    Player Bob mucks (does not show cards). Bets: 2. Collects: 0. Loses: 2.
    Player Bob mucks cards
    Board: [Qh Jc Qs 7d 4s]

"does not show cards" without a muck is no concession (a winner nobody called prints it); a
player still in who shows nothing is a showdown "not judged" (his cards are not known).
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines
from parsers.sites.pokerstars.cards import COLON_CARDS

#: The new format's lines: the PokerStars ones, its separator being a space.
CARDS = COLON_CARDS

#: "Player " and the summary's "*" before the winner's name.
_PLAYER = r"^\*?Player (?P<player>.+?)"

OLD_CARDS = CardLines(
    hole=(
        (_PLAYER + r" received (?:a )?card: \[(?P<cards>[^\]]+)\]", "dealt"),
        (_PLAYER + r" shows: (?:(?P<label>[^\[]*?) )?\[(?P<cards>[^\]]+)\]", "shown"),
        (_PLAYER + r" mucks \(does not show: \[(?P<cards>[^\]]+)\]\)", "mucked"),
    ),
    conceded=(_PLAYER + r" mucks (?:cards$|\(does not show cards\))",),
    boards=((r"^Board: \[(?P<cards>[^\]]+)\]", None),),
)

__all__ = ["CARDS", "OLD_CARDS"]
