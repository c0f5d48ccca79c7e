"""WPN card lines (parsers/core/card_lines.py).

The new format (`CARDS`) prints the PokerStars lines (parsers/sites/pokerstars/cards.py,
`COLON_CARDS`; its stud deal lines repeat the earlier streets' cards: `DEALT`); a shown
hand's name carries its five cards ("a pair of Jacks [Js Jc Kd 9h 8c]"), which HAND-LABEL
leaves out. The old format (`OLD_CARDS`, 2014-2017, `Game started at:`) prints
the hero's cards one a line, the shows and mucks in the summary and the whole board there:

    Player Hero received card: [10d]
    Player Bob received a card.                                   (hidden: no row)
    *Player Ann shows: Two pairs. Qs and 7s [7c 5c]. Bets: 2. Collects: 7.60. Wins: 5.60.
    Player Hero mucks (does not show: [10d 3s]). Bets: 2. Collects: 0. Loses: 2.
    Player Bob mucks (does not show cards). Bets: 2. Collects: 0. Loses: 2.
    Player Bob mucks cards
    Board: [Qh Jc Qs 7d 4s]

Stud: each card a line as dealt ("received a card." hides one: the others' down cards), and a
showdown lists the seven cards as dealt. "does not show cards" without a muck is no concession
(a winner nobody called prints it); a player still in who shows nothing is a showdown "not
judged" (his cards are not known).
"""

from __future__ import annotations

from dataclasses import replace

from parsers.core.card_lines import CardLines
from parsers.sites.pokerstars.cards import COLON_CARDS
from parsers.sites.pokerstars.cards import DEALT as STARS_DEALT

#: The hero's cards; in stud the cards of earlier streets come first, the new ones last
#: ("Dealt to Hero [As 2s Qs] [3c]": 3c dealt on this street), and another player's up card
#: alone ("Dealt to Player2 [Qd]").
DEALT = r"^Dealt to (?P<player>.+?) (?:\[[^\]]*\] )?\[(?P<cards>[^\]]+)\]$"

#: The new format's lines: the PokerStars ones (its separator being a space), its own deal.
CARDS = replace(
    COLON_CARDS,
    hole=((DEALT, "dealt"), *COLON_CARDS.hole[1:]),
    reads=tuple((DEALT if p == STARS_DEALT else p, r) for p, r in COLON_CARDS.reads),
)

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
    # stud: "shows: Two pairs. 8s and 3s [5d 3d 3s 6s 8s 8h Ad]" lists the cards as dealt
    shown_in_deal_order=True,
)

__all__ = ["CARDS", "OLD_CARDS"]
