"""partypoker card lines (parsers/core/card_lines.py).

    Dealt to Hero [  Ah Kd ]
    Dr_ZeR0 shows [ As, Kc ]a pair of Aces with King kicker.
    ** Dealing Flop ** [ Ah, 6h, 3s ]   (Turn, River: one card each)

Stud: the hero's cards of each street ("Dealt to Hero [  3h 8c 7c ]" after "** Dealing **",
"[  2c ]" after "** Dealing Fourth street **"); the others' up cards are not printed, a
showdown lists the seven cards in the order dealt.

Hands are named in partypoker's words ("two pairs, Queens and Fours."): HAND-LABEL does not
judge them. "X does not show cards." is no concession: his cards are unknown.
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines
from parsers.games import FLOP, RIVER, TURN

CARDS = CardLines(
    hole=(
        (r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]]+)\]", "dealt"),
        (r"^(?P<player>.+?) shows \[(?P<cards>[^\]]+)\]", "shown"),
    ),
    boards=(
        (r"^\*\* Dealing Flop \*\* \[(?P<cards>[^\]]+)\]", FLOP),
        (r"^\*\* Dealing Turn \*\* \[(?P<cards>[^\]]+)\]", TURN),
        (r"^\*\* Dealing River \*\* \[(?P<cards>[^\]]+)\]", RIVER),
    ),
    shown_in_deal_order=True,  # stud: "shows [ Ah, 4h, 4d, Td, Qd, Kc, 8s ]" as dealt
)
