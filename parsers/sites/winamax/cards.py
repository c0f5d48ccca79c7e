"""Winamax card lines (parsers/core/card_lines.py).

    Dealt to Mikrethor [Td 5d]
    Dealt to Player0 [X X 8h] [4h]           (stud 4th street: the cards held, then the new)
    titi12 shows [7d Jd] (One pair : 7)
    Seat 1: titi12 (small blind) (button) showed [7d Jd] and won 5€ with One pair : 7
    Seat 2: Barthez1 (big blind) mucked
    Board: [9s 4d Tc 2d]

Hands are named in Winamax's own words ("One pair : 7"): HAND-LABEL does not judge them. "X does
not show" is no concession (the winner of an uncontested pot says it too): his cards are unknown.
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines

_ROLES = r"(?: \((?:button|small blind|big blind)\))*"

CARDS = CardLines(
    hole=(
        # stud's later rounds list the cards held first: the new cards are the last list
        (r"^Dealt to (?P<player>.+?)(?: \[[2-9TJQKAX][^\]]*\])? \[(?P<cards>[^\]]+)\]$", "dealt"),
        (r"^(?P<player>.+?) shows \[(?P<cards>[^\]]+)\]", "shown"),
        (rf"^Seat \d+: (?P<player>.+?){_ROLES} showed \[(?P<cards>[^\]]+)\]", "shown"),
    ),
    conceded=(rf"^Seat \d+: (?P<player>.+?){_ROLES} mucked$",),
    boards=((r"^Board: \[(?P<cards>[^\]]+)\]", None),),
    # a stud hand shown in full lists its cards as dealt ("shows [8c Td 9h Kh Kd Qc Jc]")
    shown_in_deal_order=True,
)
