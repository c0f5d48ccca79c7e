"""PokerStars card lines (parsers/core/card_lines.py): the hero's dealt cards, the shows and
mucks of the showdown, the summary's shown and mucked hands, and the summary boards
("Board [...]", "FIRST Board [...]" / "SECOND Board [...]" of a hand run twice).

    Dealt to Player1 [Qh 3c Ks 7c]
    Player3: shows [Jd Ts Qd Qs] (a pair of Queens)
    Player4: mucks hand
    Seat 4: Player4 showed [7s 9s 7h Jh] and lost with a pair of Nines
    Seat 2: Player2 (big blind) mucked [Ah Kd]
    FIRST Board [3d Kd 9h 8h 4s]
"""

from __future__ import annotations

from parsers.core.card_lines import CardLines

#: The summary's roles after a name; "(button blind)" in 6+ hold'em. Only these: a name may
#: hold parentheses itself ("Roni (LBK)", cash.zoom.2017.parens-in-playername.txt).
_ROLES = r"(?: \((?:button|small blind|big blind|button blind)\))*"

CARDS = CardLines(
    hole=(
        (r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]]+)\]$", "dealt"),
        (r"^(?P<player>.+?): shows \[(?P<cards>[^\]]+)\](?: \((?P<label>[^)]*)\))?", "shown"),
        (
            rf"^Seat \d+: (?P<player>.+?){_ROLES} showed \[(?P<cards>[^\]]+)\]"
            r"(?: and (?:won|lost)(?: \([^)]*\)| \S+)? with (?P<label>.+?))?(?:, and .*)?$",
            "shown",
        ),
        (rf"^Seat \d+: (?P<player>.+?){_ROLES} mucked \[(?P<cards>[^\]]+)\]", "mucked"),
    ),
    conceded=(r"^(?P<player>.+?): mucks hand",),
    boards=((r"^(?:(?P<board>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]+)\]", None),),
    deal_marker=r"^\*\*\* (?:HOLE CARDS|PRE-FLOP|DEALING HANDS) \*\*\*",
)
