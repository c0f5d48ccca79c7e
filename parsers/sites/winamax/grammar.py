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

from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.games import FLOP, PREFLOP, RIVER, SHOWDOWN, TURN
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

_AMOUNT = r"[^\s\[\]()]+"
ACTOR_ACTION = (
    r"^(?P<verb>posts small blind|posts big blind|posts ante|calls|bets|raises|checks|folds"
    r"|collected)"
    rf"(?: (?P<amount>{_AMOUNT}))?(?: to (?P<to>{_AMOUNT}))?"
    # "from pot (HI)" and, in 2016 Hi/Lo exports, "from pot(HI)" without the space
    r"(?: from (?:main |side )?pot(?: \d+)?(?: ?\((?:HI|LO)\))?)?"
    r"(?P<suffix> out of position)?(?P<all_in> and is all-in)?$"
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
    second_board=r"^\*\*\* SECOND ",
    third_board=r"^\*\*\* THIRD ",
    # play_money never matches: the header reader knows play money (amounts keep cents).
    table_line=(
        r"^Table:? '(?P<table>.*)' (?P<max_seats>\d+)-max(?: \([a-z ]+\))?(?P<play_money>\b\B)?"
        r" Seat #?0*(?P<button>\d+) is the button"
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
