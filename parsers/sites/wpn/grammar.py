"""Winning Poker Network (WPN / ACR / Yatahay): the old and the new export formats.

Old (2014-2017), players named after "Player ", amounts in brackets, raise = chips added:
    Game started at: 2014/3/8 22:22:29
    Game ID: 261409590 2/4 Braunite (Omaha)             (the limit is never stated)
    Player digbick30 has small blind (2)
    Player digbick30 raises (6)                         (adds 6: raise to 8)
    Player X allin (14.40)                              (bet, call or raise: from the state)
    ------ Summary ------
    *Player digbick30 mucks (does not show cards). Bets: 24. Collects: 47. Wins: 23.
New (2019-):
    Hand #61150000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC
    Player3 raises $0.08 to $0.08                       (raise-to)
    Main pot $17.50 | Rake $0.50                        (running pot: ignored)
    Seat 4: Player4 did not show and won $0.20          (the collect when no line says it)
Both report the pot net of the rake. Only patterns live here; the pipeline is shared.
"""

from __future__ import annotations

from parsers.core.families import FamilyFormat
from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.games import (
    FIFTH,
    FLOP,
    FOURTH,
    PREFLOP,
    RIVER,
    SEVENTH,
    SHOWDOWN,
    SIXTH,
    THIRD,
    TURN,
)
from parsers.sites.pokerstars.grammar import NAMED_LINES as STARS_NAMED
from parsers.sites.wpn.header import read_wpn_header
from parsers.sites.wpn.hooks import NEW_HOOKS, OLD_HOOKS

#: Old format, stud ("Seven Cards Stud", "Seven Cards Stud HiLow"): 3rd street has no marker
#: (the deal: "Player X received a card." / "received card: [6h]", one card a line), then
#: "*** Third street ***" opens what is 4th street ... "*** Sixth street ***" 7th street.
OLD_STUD = FamilyFormat(
    marker=(
        r"^(?:\*\*\* |-+ )(Third street|Fourth street|Fifth street|Sixth street|SHOW DOWN"
        r"|Summary)\b"
    ),
    streets={
        "Third street": FOURTH,
        "Fourth street": FIFTH,
        "Fifth street": SIXTH,
        "Sixth street": SEVENTH,
        "SHOW DOWN": SHOWDOWN,
        "Summary": SUMMARY,
    },
    deal_line=r"^Player (?P<holder>.+?) received (?:a card\.|card: \[(?P<cards>[^\]]+)\])$",
)
#: New format, stud ("7Stud(Fixed Limit)"): "*** 3rd STREET ***" ... "*** 7th STREET ***".
NEW_STUD = FamilyFormat(
    marker=(
        r"^\*\*\* (3rd STREET|4th STREET|5th STREET|6th STREET|7th STREET|SHOW DOWN|SUMMARY)"
        r" \*\*\*"
    ),
    streets={
        "3rd STREET": THIRD,
        "4th STREET": FOURTH,
        "5th STREET": FIFTH,
        "6th STREET": SIXTH,
        "7th STREET": SEVENTH,
        "SHOW DOWN": SHOWDOWN,
        "SUMMARY": SUMMARY,
    },
)

OLD_HEADER = r"^Game started at: \d{4}/"
NEW_HEADER = r"^(?:Game )?Hand #\d+ - .*\((?:No Limit|Pot Limit|Fixed Limit|Limit)\)"

_UNCALLED = STARS_NAMED[0]

OLD_ACTION = (
    r"^(?:(?:does not show cards|doesn't show cards|mucks \(does not show[^)]*\)|shows: .*?)\.? ?"
    r"Bets: [0-9.]+\. )?"
    r"(?P<verb>Collects:|has small blind|has big blind|straddle|posts ante|posts|ante|bring in"
    r"|calls|bets|raises|allin|caps|checks|folds)"
    # amounts are never zero: "Collects: 0." lines fall through to the ignored summary lines
    r"(?: \(?(?P<amount>0*[1-9][0-9.,]*|0\.[0-9]*[1-9][0-9]*)\)?)?(?P<suffix> as a dead bet)?"
    # the 2018 "data mined" export ends "Wins: 0" without the final period
    r"(?:\. (?:Wins|Loses): [0-9.]+\.?)?(?P<all_in>\b\B)?(?P<to>\b\B)?$"
)
OLD_VERBS: dict[str, str] = {
    "has small blind": "post_sb",
    "has big blind": "post_bb",
    "straddle": "post_straddle",
    "posts": "post_bb",
    "posts as a dead bet": "post_dead",
    "posts ante": "post_ante",
    "ante": "post_ante",
    "bring in": "bring_in",  # stud: "Player X bring in (0.40)"
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "allin": "bet_or_call",
    "caps": "bet_or_call",
    "checks": "check",
    "folds": "fold",
    "Collects:": "collect",
    "uncalled_return": "uncalled_return",
}
OLD_IGNORED_ACTOR = (
    r"^(?:received|mucks cards|does not show|doesn't show|mucks \(|shows|sitting out|wait BB"
    r"|is all-in|will be allowed)"
)
#: Lines the client adds that move no chips (`Grammar.no_chips`: skipped and counted).
NO_CHIPS = CLIENT_NOTICES + r"| is timed out"
OLD_IGNORED = (
    r"^(?:Pot: |Board: |Game ID: |Game ended at: |Main pot |Side pot|Uncalled bet )"
    # "Player  sitting out": a nameless seat's notices (the prefix is already removed)
    r"|^ (?:is timed out\.|sitting out|does not show)"
)

WPN_OLD = Grammar(
    site="wpn",
    header=OLD_HEADER,
    read_header=read_wpn_header,
    street_marker=(
        r"^(?:\*\*\* |-+ |(?:Player )?.+ )(FLOP|TURN|RIVER|SHOW DOWN|Summary|received)\b"
    ),
    streets={
        "received": PREFLOP,
        "FLOP": FLOP,
        "TURN": TURN,
        "RIVER": RIVER,
        "SHOW DOWN": SHOWDOWN,
        "Summary": SUMMARY,
    },
    second_board=r"^\*\*\* (?:FLOP|TURN|RIVER) 2 ",
    third_board=r"^\*\*\* (?:FLOP|TURN|RIVER) 3 ",
    table_line=(
        r"^Seat (?P<button>\d+) is the button(?P<table>\b\B)?(?P<max_seats>\b\B)?"
        r"(?P<play_money>\b\B)?"
    ),
    seat_line=r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*)\)\.?(?P<tail>.*)$",
    sitting_out=r"sitting out",
    actor_action=OLD_ACTION,
    verbs=OLD_VERBS,
    actor_ignored=OLD_IGNORED_ACTOR,
    named_lines=(_UNCALLED,),
    ignored=OLD_IGNORED,
    no_chips=NO_CHIPS,
    void_hand=(
        (r"^\*\*\* FLOP \*\*\*:$", "flop marker without cards (corrupted export)"),
        (
            r"^Player .+ is disconnected and ALL IN\.$",
            "disconnect protection: all-in without chips (not modelled)",
        ),
    ),
    pot_line=(
        r"^Pot: (?P<pot>\d+(?:\.\d+)?)\.?(?: Rake (?P<rake>\d+(?:\.\d+)?))?"
        r"(?:\. JP fee (?P<jackpot>\d+(?:\.\d+)?))?"
        r"(?P<stp>\b\B)?"
    ),
    actor_separator=" ",
    actor_prefix=r"\*?Player ",
    header_span=3,
    summary_events=True,
    lone_raise_amount="added",
    pot_net_of_rake=True,
    idle_seats_sit_out=True,
    families={"stud": OLD_STUD},
    hooks=OLD_HOOKS,
)

NEW_ACTION = (
    r"^(?P<verb>posts the small blind|posts the big blind|posts dead|posts ante|posts|brings in"
    r"|calls|bets|raises|caps|checks|folds|collected)"
    r"(?: (?P<amount>[^\s()]+))?(?: to (?P<to>[^\s()]+))?"
    r"(?: from (?:main |side )?pot(?:[- ]?\d+)?)?(?P<all_in> and is all-in)?$"
)
NEW_VERBS: dict[str, str] = {
    "posts the small blind": "post_sb",
    "posts the big blind": "post_bb",
    "posts dead": "post_dead",
    "posts ante": "post_ante",
    "posts": "post_bb",
    "brings in": "bring_in",  # stud: "Player1 brings in $0.02"
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "checks": "check",
    "folds": "fold",
    # "caps $0.55" (capped tables): the chips added, reaching the table's cap (30 big blinds:
    # "ccZORBAcc bets $0.11", "IrishPimp2233 caps $0.55", "ccZORBAcc calls $0.44")
    "caps": "bet_or_call",
    "collected": "collect",
    "won": "collect",
    "uncalled_return": "uncalled_return",
}
NEW_WON = (
    "won",
    r"^Seat \d+: (?P<player>.+?)(?: \((?:button|small blind|big blind)\))*"
    r" (?:did not show and won|showed \[[^\]]*\] and won|won) (?P<amount>\$?[0-9.,]+)",
)
NEW_IGNORED_ACTOR = r"^(?:shows|mucks|does not show|waits for big blind)"
NEW_IGNORED = r"^(?:Dealt to |Main pot |Side pot|Total pot |Board |Seat \d+: |\*\*\* RUN IT )"

WPN = Grammar(
    site="wpn",
    # Blitz Poker, WPN's fast-fold pools: "Blitz Poker 6-max Seat #1 is the button"
    fast_fold_table=r"^Blitz\b",
    header=NEW_HEADER,
    read_header=read_wpn_header,
    street_marker=r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY)(?: \d)? \*\*\*",
    streets={
        "HOLE CARDS": PREFLOP,
        "FLOP": FLOP,
        "TURN": TURN,
        "RIVER": RIVER,
        "SHOW DOWN": SHOWDOWN,
        "SUMMARY": SUMMARY,
    },
    second_board=r"^\*\*\* (?:FLOP|TURN|RIVER|SHOW DOWN) 2 ",
    third_board=r"^\*\*\* (?:FLOP|TURN|RIVER|SHOW DOWN) 3 ",
    table_line=(
        r"^(?:Table )?'?(?P<table>.*?)'? (?P<max_seats>\d+)-max Seat #(?P<button>\d+) is the"
        r" button(?P<play_money>\b\B)?"
    ),
    seat_line=r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*)\)(?P<tail>.*)$",
    sitting_out=r"sitting out",
    actor_action=NEW_ACTION,
    verbs=NEW_VERBS,
    actor_ignored=NEW_IGNORED_ACTOR,
    named_lines=(_UNCALLED, NEW_WON),
    ignored=NEW_IGNORED,
    no_chips=NO_CHIPS,
    void_hand=(),
    pot_line=(
        r"^Total pot (?P<pot>\S+)(?: \| Rake (?P<rake>\S+))?(?: \| JP Fee (?P<jackpot>\S+))?"
        r"(?P<stp>\b\B)?"
    ),
    actor_separator=" ",
    summary_events=True,
    hooks=NEW_HOOKS,
    dead_sb_includes_bb=True,
    implicit_uncalled=True,
    pot_net_of_rake=True,
    idle_seats_sit_out=True,
    families={"stud": NEW_STUD},
)
