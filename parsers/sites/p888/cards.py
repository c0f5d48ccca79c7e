"""888poker card lines (parsers/core/card_lines.py); card names may be German ("6Kreuz").

    Dealt to B2B_Suckouts [ 6Kreuz, 10Herz ]
    B2B_Suckouts shows [ AHerz, 8Karo ]
    Detleffcb mucks [ 6Pik, 8Pik ]
    ** Dealing flop ** [ 9Herz, AKaro, 8Herz ]   (turn, river: one card each)

"X mucks [..]" concedes (unless he is all-in: audit/showdown/pots.py); "X did not show his
hand" is no concession: his cards are unknown.
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines
from parsers.games import FLOP, RIVER, TURN

CARDS = CardLines(
    hole=(
        (r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]]+)\]$", "dealt"),
        (r"^(?P<player>.+?) shows \[(?P<cards>[^\]]+)\]", "shown"),
        (r"^(?P<player>.+?) mucks \[(?P<cards>[^\]]+)\]", "mucked"),
    ),
    boards=(
        (r"^\*\* Dealing flop \*\* \[(?P<cards>[^\]]+)\]", FLOP),
        (r"^\*\* Dealing turn \*\* \[(?P<cards>[^\]]+)\]", TURN),
        (r"^\*\* Dealing river \*\* \[(?P<cards>[^\]]+)\]", RIVER),
    ),
)
