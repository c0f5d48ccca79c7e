"""PokerStars card lines (parsers/core/card_lines.py): the hero's dealt cards, the shows and
mucks of the showdown, the summary's shown and mucked hands, and the summary boards
("Board [...]", "FIRST Board [...]" / "SECOND Board [...]" of a hand run twice).

    Dealt to Player1 [Qh 3c Ks 7c]
    Dealt to Hero [3d Th As] [Qc]          (stud 4th street; draw: the cards kept, then drawn)
    Hero: discards 2 cards [Tc Qd]
    Player3: shows [Jd Ts Qd Qs] (a pair of Queens)
    Player4: mucks hand
    Seat 4: Player4 showed [7s 9s 7h Jh] and lost with a pair of Nines
    Seat 2: Player2 (big blind) mucked [Ah Kd]
    FIRST Board [3d Kd 9h 8h 4s]
"""

from __future__ import annotations

from dataclasses import replace

from parsers.core.card_lines import CardLines

#: The summary's roles after a name; "(button blind)" in 6+ hold'em. Only these: a name may
#: hold parentheses itself ("Roni (LBK)", cash.zoom.2017.parens-in-playername.txt).
_ROLES = r"(?: \((?:button|small blind|big blind|button blind)\))*"

#: The hero's cards, on a line naming no seated actor.
#: The cards held before come first where a round deals more (stud's "Dealt to Hero [3d Th As]
#: [Qc]", a draw's "Dealt to Hero [Td Th 6h 4h] [Ks]"): the new cards are the last list.
DEALT = r"^Dealt to (?P<player>.+?)(?: \[[2-9TJQKAX][^\]]*\])? \[(?P<cards>[^\]]+)\]$"
#: After an actor's name (`CardLines.reads`): "shows [...] (label)", "mucks hand".
SHOWS = r"^shows \[(?P<cards>[^\]]+)\](?: \((?P<label>[^)]*)\))?"
MUCKS = r"^mucks hand"
#: A draw's discards, shown to the hero only: "discards 2 cards [Tc Qd]" ("[]" shows none).
DISCARDS = r"^discards \d+ cards? \[(?P<cards>[^\]]+)\]"
#: The summary's lines.
SHOWED = (
    rf"^Seat \d+: (?P<player>.+?){_ROLES} showed \[(?P<cards>[^\]]+)\]"
    r"(?: and (?:won|lost)(?: \([^)]*\)| \S+)? with (?P<label>.+?))?(?:, and .*)?$"
)
MUCKED = rf"^Seat \d+: (?P<player>.+?){_ROLES} mucked \[(?P<cards>[^\]]+)\]"
BOARD = r"^(?:(?P<board>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]+)\]"
#: The marker of the first betting street.
DEAL = r"^\*\*\* (?:HOLE CARDS|PRE-FLOP|DEALING HANDS) \*\*\*"

CARDS = CardLines(
    hole=(
        (DEALT, "dealt"),
        (SHOWS, "shown"),
        (SHOWED, "shown"),
        (MUCKED, "mucked"),
        (DISCARDS, "discarded"),
    ),
    conceded=(MUCKS,),
    boards=((BOARD, None),),
    deal_marker=DEAL,
    # a stud hand shown in full lists its cards as dealt: 3rd street's two down and one up,
    # 4th to 6th up, 7th down ("shows [Ac 4d 7d Td 3d Tc 2h]")
    shown_in_deal_order=True,
    reads=(
        (DEALT, "loose"),
        (SHOWS, "actor"),
        (MUCKS, "actor"),
        (DISCARDS, "actor"),
        (SHOWED, "summary"),
        (MUCKED, "summary"),
        (BOARD, "summary"),
        (DEAL, "deal"),
    ),
)


def _after_colon(pattern: str) -> str:
    """An actor-text pattern ("^shows ...") as a pattern of the whole line "<name>: shows ..."."""
    return r"^(?P<player>.+?): " + pattern.removeprefix("^")


#: The same lines for a grammar whose actor separator is not ": " (WPN's new format separates
#: the name by a space, so its actor texts are not those after "<name>: "): the shows and
#: mucks read every line, written with the colon.
COLON_CARDS = replace(
    CARDS,
    hole=(
        (DEALT, "dealt"),
        (_after_colon(SHOWS), "shown"),
        (SHOWED, "shown"),
        (MUCKED, "mucked"),
        (_after_colon(DISCARDS), "discarded"),
    ),
    conceded=(_after_colon(MUCKS),),
)
