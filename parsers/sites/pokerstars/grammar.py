"""The PokerStars format, and the clones written in it (Run It Once, PokerBros, PokerMaster,
PPPoker, Full Tilt on the PokerStars platform, HUD "converted" exports).

Only patterns live here; the pipeline is shared (parsers/core/pipeline.py).
"""

from __future__ import annotations

import polars as pl

from parsers.core.grammar import Grammar
from parsers.sites.pokerstars.header import read_stars_header

BRANDS = r"(?:PokerStars|Run It Once Poker|PokerBros|PokerMaster|PPPoker|Full Tilt)"
HEADER = rf"^{BRANDS}(?: Zoom| Home Game| Rush)? (?:Game|Hand) #[0-9A-Za-z-]+:"

STREET_MARKER = (
    r"^\*\*\* (?:(?:FIRST|SECOND|THIRD) )?"
    r"(HOLE CARDS|PRE-FLOP|DEALING HANDS|FLOP|TURN|RIVER|SHOW DOWN|SHOWDOWN|SUMMARY)"
    r"(?: [123])? \*\*\*"
)
STREETS: dict[str, int] = {
    "HOLE CARDS": 0,
    "PRE-FLOP": 0,
    "DEALING HANDS": 0,
    "FLOP": 1,
    "TURN": 2,
    "RIVER": 3,
    "SHOW DOWN": 4,
    "SHOWDOWN": 4,
    "SUMMARY": 5,
}

_AMOUNT = r"[^\s\[\]]+"
ACTOR_ACTION = (
    r"^(?P<verb>posts small & big blinds|posts small blind|posts big blind|posts the ante"
    r"|posts straddle|posts button blind|calls|bets|raises|checks|folds)"
    rf"(?: (?P<amount>{_AMOUNT}))?(?: to (?P<to>{_AMOUNT}))?"
    r"(?P<all_in> and is all-in)?(?: and has reached the \S+ cap)?(?: \[[^\]]*\])?$"
)

VERBS: dict[str, str] = {
    "posts small blind": "post_sb",
    "posts big blind": "post_bb",
    "posts small & big blinds": "post_both",
    "posts the ante": "post_ante",
    "posts straddle": "post_straddle",
    "posts button blind": "post_bb",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "checks": "check",
    "folds": "fold",
    "uncalled_return": "uncalled_return",
    "collect": "collect",
    "cash_out": "cash_out",
}

ACTOR_IGNORED = (
    r"^(?:shows|mucks|doesn't show|sits out|is sitting out|is disconnected|has timed out"
    r"|is connected|has returned|leaves the table|discards|stands pat|is away|waits for"
    r"|will be allowed|showed|reveals|Table deposit)"
)

NAMED_LINES: tuple[tuple[str, str], ...] = (
    ("uncalled_return", r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<player>.+)$"),
    (
        "collect",
        r"^(?P<player>.+) collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot(?:[- ]\d+)?$",
    ),
    (
        "cash_out",
        r"^(?P<player>.+) cashed out the hand for (?P<amount>\S+)(?: \| Cash Out Fee \S+)?$",
    ),
)

_IGNORED_PATTERNS = (
    r"^Dealt to ",
    r" said, \"",
    r": (?:sits out|is sitting out)$",
    r" (?:is sitting out|sits out)$",
    r" (?:has timed out|is disconnected|is connected|has returned|has reconnected)",
    r" (?:has been disconnected|leaves the table|was removed from the table)",
    r" joins the table at seat #\d+$",
    r" will be allowed to play after the button$",
    r" finished the tournament",
    r" wins the tournament",
    r" re-buys and receives ",
    r" takes the add-on",
    r" adds \S+",
    r" wins (?:the )?\S+ bounty",
    r" wins \S+ for (?:splitting the )?eliminat",
    r" split the \S+ bounty",
    r"^Hand was run (?:twice|three times)$",
    r"^Betting is capped$",
    r"^No low hand qualified$",
    r"^Table leave user$",
    r"^STP added: ",
    r"^\*+ # ?\d+ \*+$",
    r" (?:mucks|shows) ",
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

#: HUD converters of Bovada / Bodog hands to the PokerStars format name the table by Bovada's
#: table number ("Table '#11251690' 6-max", MTT "Table '#17 9'"; Bovada's own header says
#: "TBL#11251690"); PokerStars' table names never start so. Their seats are named by position
#: ("Big Blind", "UTGplus1") or Bovada's anonymous ids ("PLR_8776433RL"), the summary shows
#: every folded hand. Such hands are site "bovada" (its game rules and walk conventions).
CONVERTED_SITES = ((r"^#\d", "bovada"),)

POKERSTARS = Grammar(
    site="pokerstars",
    raise_to_may_be_added=("runitonce",),
    converted_sites=CONVERTED_SITES,
    header=HEADER,
    read_header=read_stars_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    second_board=r"^\*\*\* SECOND |^\*\*\* (?:FLOP|TURN|RIVER) 2 |^Hand was run twice",
    third_board=r"^\*\*\* THIRD |^\*\*\* (?:FLOP|TURN|RIVER) 3 |^Hand was run three times",
    table_line=(
        r"^Table (?:ID )?'(?P<table>.*)'(?: (?P<max_seats>\d+)-[mM]ax)?"
        r"(?P<play_money> \(Play Money\))?(?: Seat #(?P<button>\d+) is the button)?"
    ),
    seat_line=(
        r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*?) in chips"
        r"(?:, [^()]*)?\)(?P<tail>.*)$"
    ),
    sitting_out=r"is sitting out|out of hand",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    named_lines=NAMED_LINES,
    ignored=IGNORED,
    void_hand=((r"^Hand cancelled$", "hand cancelled"),),
    pot_line=(
        r"^Total pot (?P<pot>\S+)(?:.*?\| STP (?P<stp>\S+))?"
        r"(?:.*?\| Rake (?P<rake>\S+))?(?:.*?\| Jackpot (?P<jackpot>\S+))?"
    ),
)

#: Old PokerTracker exports of PokerStars hands are entirely upper case. Their keywords are put
#: back in PokerStars case before parsing (names stay upper case, consistently everywhere).
#: `str.replace_many` matches leftmost-first, so no key starts with a space that the previous
#: keyword already consumed.
UPPERCASE_KEYWORDS: dict[str, str] = {
    "POKERSTARS": "PokerStars",
    "GAME #": "Game #",
    "HAND #": "Hand #",
    "ZOOM ": "Zoom ",
    "HOME GAME ": "Home Game ",
    "TOURNAMENT #": "Tournament #",
    "HOLD'EM ": "Hold'em ",
    "OMAHA ": "Omaha ",
    "HI/LO ": "Hi/Lo ",
    "NO LIMIT ": "No Limit ",
    "POT LIMIT ": "Pot Limit ",
    "FIXED LIMIT ": "Fixed Limit ",
    "LIMIT (": "Limit (",
    "LIMIT - ": "Limit - ",
    "LEVEL ": "Level ",
    " CAP ": " Cap ",
    "TABLE '": "Table '",
    "-MAX ": "-max ",
    "(PLAY MONEY)": "(Play Money)",
    "SEAT #": "Seat #",
    " IS THE BUTTON": " is the button",
    "SEAT ": "Seat ",
    " IN CHIPS": " in chips",
    " IS SITTING OUT": " is sitting out",
    ": POSTS SMALL & BIG BLINDS ": ": posts small & big blinds ",
    ": POSTS SMALL BLIND ": ": posts small blind ",
    ": POSTS BIG BLIND ": ": posts big blind ",
    ": POSTS THE ANTE ": ": posts the ante ",
    ": POSTS STRADDLE ": ": posts straddle ",
    ": FOLDS": ": folds",
    ": CHECKS": ": checks",
    ": CALLS ": ": calls ",
    ": BETS ": ": bets ",
    ": RAISES ": ": raises ",
    " TO ": " to ",
    " AND IS ALL-IN": " and is all-in",
    " AND HAS REACHED THE ": " and has reached the ",
    ": SHOWS ": ": shows ",
    ": MUCKS HAND": ": mucks hand",
    ": DOESN'T SHOW HAND": ": doesn't show hand",
    ": SITS OUT": ": sits out",
    "DEALT TO ": "Dealt to ",
    ' SAID, "': ' said, "',
    " LEAVES THE TABLE": " leaves the table",
    " JOINS THE TABLE AT SEAT #": " joins the table at seat #",
    " IS DISCONNECTED": " is disconnected",
    " IS CONNECTED": " is connected",
    " HAS TIMED OUT": " has timed out",
    " HAS RETURNED": " has returned",
    "UNCALLED BET (": "Uncalled bet (",
    ") RETURNED TO ": ") returned to ",
    " COLLECTED ": " collected ",
    " FROM SIDE POT": " from side pot",
    " FROM MAIN POT": " from main pot",
    " FROM POT": " from pot",
    " CASHED OUT THE HAND FOR ": " cashed out the hand for ",
    " | CASH OUT FEE ": " | Cash Out Fee ",
    "TOTAL POT ": "Total pot ",
    " MAIN POT ": " Main pot ",
    " SIDE POT": " Side pot",
    "| RAKE ": "| Rake ",
    "HAND WAS RUN TWICE": "Hand was run twice",
    "HAND CANCELLED": "Hand cancelled",
    "NO LOW HAND QUALIFIED": "No low hand qualified",
    "BOARD [": "Board [",
}
UPPERCASE_HEADER = r"^POKERSTARS (?:ZOOM |HOME GAME )?(?:GAME|HAND) #"


def restore_case(lines: pl.DataFrame) -> pl.DataFrame:
    """Lines of one file: put PokerStars keywords back in case when the file is all upper case
    (an upper-case hand header in its first 50 lines)."""
    text = pl.col("text")
    if not lines.head(50).select(text.str.contains(UPPERCASE_HEADER).any()).item():
        return lines
    return lines.with_columns(
        text.str.replace_many(list(UPPERCASE_KEYWORDS), list(UPPERCASE_KEYWORDS.values()))
    )
