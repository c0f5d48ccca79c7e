"""The Winamax format: players named without a colon, currency after the number.

    Winamax Poker - CashGame - HandId: #6935619-5785-1419437602 - Omaha pot limit (2€/4€) - ...
    Table: 'Wloclawek' 5-max (real money) Seat #3 is the button
    Seat 1: Incognito 1 (789€)
    *** ANTE/BLINDS ***
    Incognito 2 posts small blind 2€ out of position      (dead money)
    *** PRE-FLOP ***
    Incognito 3 raises 8€ to 12€                            (raise by 8 to 12)
    Hero collected 56€ from pot
    *** SUMMARY ***
    Total pot 56€ | No rake

Winamax never prints uncalled-bet returns: the uncalled part of the top bet is in the winner's
collect and in "Total pot", which is net of the rake. The shared pipeline normalises that
(`implicit_uncalled`, `pot_net_of_rake`; see parsers/core/settlement.py). Only patterns live here.
"""

from __future__ import annotations

from parsers.core.families import FamilyFormat
from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.games import (
    FIFTH,
    FIRST_DRAW,
    FLOP,
    FOURTH,
    PREDRAW,
    PREFLOP,
    RIVER,
    SECOND_DRAW,
    SEVENTH,
    SHOWDOWN,
    SIXTH,
    THIRD,
    THIRD_DRAW,
    TURN,
)
from parsers.sites.winamax.header import read_winamax_header
from parsers.sites.winamax.hooks import HOOKS

#: "HandId: #" is Winamax's own; a header whose brand is garbled ("Winaax Poker") is still
#: counted as a hand and quarantined by the header reader with the reason.
HEADER = r"^\S+ Poker - .*HandId: #"

STREET_MARKER = r"^\*\*\* (ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SHOWDOWN|SUMMARY) \*\*\*"
STREETS: dict[str, int] = {
    "ANTE/BLINDS": PREFLOP,
    "PRE-FLOP": PREFLOP,
    "FLOP": FLOP,
    "TURN": TURN,
    "RIVER": RIVER,
    "SHOW DOWN": SHOWDOWN,
    "SHOWDOWN": SHOWDOWN,
    "SUMMARY": SUMMARY,
}
_SETTLEMENT = {"SHOW DOWN": SHOWDOWN, "SHOWDOWN": SHOWDOWN, "SUMMARY": SUMMARY}
#: Stud: the antes under "*** ANTE/BLINDS ***" are rows of 3rd street; "*** 3rd STREET ***" ..
#: "*** 7th STREET ***" (8-Game tables), "*** THIRD ***" .. "*** SEVENTH ***" (play money).
STUD = FamilyFormat(
    marker=(
        r"^\*\*\* (ANTE/BLINDS|[3-7](?:rd|th) STREET|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH"
        r"|SHOW DOWN|SHOWDOWN|SUMMARY) \*\*\*"
    ),
    streets={
        "ANTE/BLINDS": THIRD,
        "3rd STREET": THIRD,
        "4th STREET": FOURTH,
        "5th STREET": FIFTH,
        "6th STREET": SIXTH,
        "7th STREET": SEVENTH,
        "THIRD": THIRD,
        "FOURTH": FOURTH,
        "FIFTH": FIFTH,
        "SIXTH": SIXTH,
        "SEVENTH": SEVENTH,
        **_SETTLEMENT,
    },
)
#: Draw games: a betting marker per round and a draw marker before it ("*** FIRST-BET ***",
#: "*** FIRST-DRAW ***", "*** SECOND-BET ***", ...): a draw and the betting after it are one
#: round (the draw comes before the round's betting, parsers/games.py Round.draw).
DRAW = FamilyFormat(
    marker=(
        r"^\*\*\* (ANTE/BLINDS|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)|SHOW DOWN|SHOWDOWN"
        r"|SUMMARY) \*\*\*"
    ),
    streets={
        "ANTE/BLINDS": PREDRAW,
        "FIRST-BET": PREDRAW,
        "FIRST-DRAW": FIRST_DRAW,
        "SECOND-BET": FIRST_DRAW,
        "SECOND-DRAW": SECOND_DRAW,
        "THIRD-BET": SECOND_DRAW,
        "THIRD-DRAW": THIRD_DRAW,
        "FOURTH-BET": THIRD_DRAW,
        **_SETTLEMENT,
    },
)

_AMOUNT = r"[^\s\[\]()]+"
ACTOR_ACTION = (
    r"^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|raises|checks|folds"
    r"|collected|brings in|bring-in|discards|discard|stands pat)"
    # draw games: "discard 2 cards", "discard 0 card", "stands pat [2h Td 8c 7c 8s]"
    rf"(?: (?P<n_cards>\d+) cards?)?(?: (?P<amount>{_AMOUNT}))?(?: to (?P<to>{_AMOUNT}))?"
    # "from pot (HI)" and, in 2016 Hi/Lo exports, "from pot(HI)" without the space
    r"(?: from (?:main |side )?pot(?: \d+)?(?: ?\((?:HI|LO)\))?)?"
    r"(?P<suffix> out of position)?(?P<all_in> and is all-in)?(?: \[[^\]]*\])?$"
)

VERBS: dict[str, str] = {
    "posts small blind": "post_sb",
    "posts big blind": "post_bb",
    "posts small blind out of position": "post_dead",
    "posts big blind out of position": "post_live",
    "posts ante": "post_ante",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "checks": "check",
    "folds": "fold",
    "collected": "collect",
    # stud: "brings in 10€" (2016 8-Game), "bring-in 0.02" (2016 play money)
    "brings in": "bring_in",
    "bring-in": "bring_in",
    "discards": "discard",
    "discard": "discard",
    "stands pat": "stand_pat",
}

ACTOR_IGNORED = r"^(?:shows|mucks|doesn't show|denies big blind|deny BB)"

_IGNORED_PATTERNS = (
    r"^Dealt to ",
    r" (?:denies big blind|deny BB \S+)$",
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

WINAMAX = Grammar(
    site="winamax",
    header=HEADER,
    read_header=read_winamax_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    families={"stud": STUD, "draw": DRAW},
    second_board=r"^\*\*\* SECOND ",
    third_board=r"^\*\*\* THIRD [^*]",  # not stud's "*** THIRD ***"
    # play_money never matches: the header reader knows play money (amounts keep cents).
    table_line=(
        r"^Table:? '(?P<table>.*)' (?P<max_seats>\d+)-max(?: \([a-z ]+\))?(?P<play_money>\b\B)?"
        # a stud hand of an 8-Game table prints no button
        r"(?: Seat #?0*(?P<button>\d+) is the button)?$"
    ),
    seat_line=(
        r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^(),]*)(?:, [^()]*)?\)(?P<tail>.*)$"
    ),
    sitting_out=r"sitting out|out of hand",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    # no line names a player elsewhere than at its start (collects are actor lines here)
    named_lines=(("collect", r"^(?P<player>\b\B)(?P<amount>\b\B)"),),
    ignored=IGNORED,
    no_chips=CLIENT_NOTICES,  # seat notices, places, prizes: skipped and counted
    void_hand=(),
    # "Total pot 3.37k": an abbreviated pot is not read (pot stays null); jackpot/stp never occur.
    pot_line=(
        r"^Total pot (?:\S*\dk|(?P<pot>\S+))(?: \| (?:No rake|Rake (?P<rake>\S+)))?$"
        r"(?P<jackpot>\b\B)?(?P<stp>\b\B)?"
    ),
    actor_separator=" ",
    implicit_uncalled=True,
    pot_net_of_rake=True,
    idle_seats_sit_out=True,
    dead_sb_includes_bb=True,
    hooks=HOOKS,
)
