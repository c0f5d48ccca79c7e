"""The PokerStars format, and the clones written in it (Run It Once, PokerBros, PokerMaster,
PPPoker, Full Tilt on the PokerStars platform, HUD "converted" exports).

Only patterns live here; the pipeline is shared (parsers/core/pipeline.py).
"""

from __future__ import annotations

from parsers.core.families import FamilyFormat
from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.core.plain_seats import STARS_SEAT_LINE
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
from parsers.sites.pokerstars.header import read_stars_header
from parsers.sites.pokerstars.hooks import HOOKS

#: PokerStars and its regional sites ("PokerStars.fr", ".it", ".es", ".pt", ".de", ".eu", ".uk":
#: the same format in their currency, read as PokerStars), and the clones written in it.
BRANDS = (
    r"(?:PokerStars(?:\.[a-z]{2,3})?|Run It Once Poker|PokerBros|PokerMaster|PPPoker|Full Tilt)"
)
HEADER = rf"^{BRANDS}(?: Zoom| Home Game| Rush)? (?:Game|Hand) #[0-9A-Za-z-]+:"

STREET_MARKER = (
    r"^\*\*\* (?:(?:FIRST|SECOND|THIRD) )?"
    r"(HOLE CARDS|PRE-FLOP|DEALING HANDS|FLOP|TURN|RIVER|SHOW DOWN|SHOWDOWN|SUMMARY)"
    r"(?: [123])? \*\*\*"
)
STREETS: dict[str, int] = {
    "HOLE CARDS": PREFLOP,
    "PRE-FLOP": PREFLOP,
    "DEALING HANDS": PREFLOP,
    "FLOP": FLOP,
    "TURN": TURN,
    "RIVER": RIVER,
    "SHOW DOWN": SHOWDOWN,
    "SHOWDOWN": SHOWDOWN,
    "SUMMARY": SUMMARY,
}
_SETTLEMENT = {"SHOW DOWN": SHOWDOWN, "SHOWDOWN": SHOWDOWN, "SUMMARY": SUMMARY}
#: Stud (RULES.md §13 S-8): "*** 3rd STREET ***" .. "*** 6th STREET ***", then "*** RIVER ***"
#: for 7th street ("*** RIVER *** [6h]" when the deck runs short: the community card).
STUD = FamilyFormat(
    marker=r"^\*\*\* ([3-7](?:rd|th) STREET|RIVER|SHOW DOWN|SHOWDOWN|SUMMARY) \*\*\*",
    streets={
        "3rd STREET": THIRD,
        "4th STREET": FOURTH,
        "5th STREET": FIFTH,
        "6th STREET": SIXTH,
        "7th STREET": SEVENTH,
        "RIVER": SEVENTH,
        **_SETTLEMENT,
    },
)
#: Draw games: "*** DEALING HANDS ***" before the pre-draw betting, "*** FIRST DRAW ***" ..
#: "*** THIRD DRAW ***" in triple draw and badugi. Single draw and 5 card draw print no marker
#: after the pre-draw betting: their first draw line opens the round after the draw
#: ("Player2: discards 1 card", "Hero: discards 2 cards [Tc Qd]", "Hero: stands pat on [..]").
DRAW = FamilyFormat(
    marker=(
        r"^\*\*\* (DEALING HANDS|HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|SHOW DOWN"
        r"|SHOWDOWN|SUMMARY) \*\*\*"
    ),
    streets={
        "DEALING HANDS": PREDRAW,
        "HOLE CARDS": PREDRAW,
        "FIRST DRAW": FIRST_DRAW,
        "SECOND DRAW": SECOND_DRAW,
        "THIRD DRAW": THIRD_DRAW,
        **_SETTLEMENT,
    },
    draw_opens=r": (?:discards \d+ cards?|stands pat)(?: on)?(?: \[[^\]]*\])?$",
)

_AMOUNT = r"[^\s\[\]]+"
ACTOR_ACTION = (
    r"^(?P<verb>posts small & big blinds|posts small blind|posts big blind|posts the ante"
    r"|posts straddle|posts button blind|calls|bets|raises|checks|folds|Table deposit"
    r"|brings in for|discards|stands pat)"
    rf"(?: (?P<n_cards>\d+) cards?)?(?: (?P<amount>{_AMOUNT}))?(?: to (?P<to>{_AMOUNT}))?"
    r"(?P<all_in> and is all-in)?(?: and has reached the \S+ cap)?(?: (?:on )?\[[^\]]*\])?$"
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
    # stud: the bring-in; the completion is written as a raise ("raises $0.02 to $0.04"): the
    # pipeline names the first wager of 3rd street `complete` (parsers/core/families.py)
    "brings in for": "bring_in",
    # draw games: "discards 2 cards [Tc Qd]" (the cards to the hero only), "stands pat"
    "discards": "discard",
    "stands pat": "stand_pat",
    "uncalled_return": "uncalled_return",
    "collect": "collect",
    "cash_out": "cash_out",
}

#: Actor verbs adding chips to the stack from outside the hand (parsers/core/additions.py): the
#: Bovada hands converted to this format keep Bovada's "Small Blind: Table deposit $347.50".
ADDITION_VERBS: dict[str, str] = {"Table deposit": "top_up"}

ACTOR_IGNORED = r"^(?:shows|mucks|doesn't show|showed|reveals|Table deposit)"

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
    # chips added to the stack for the next hand (parsers/core/additions.py), printed after the
    # collects: "Hero re-buys and receives 3000 chips for $10.00" ("for 2 FPPs", "for 250
    # StarsCoin"), "X takes the add-on and receives 5000 chips for $5.00", cash "X adds $5"
    ("rebuy", r"^(?P<player>.+) re-buys and receives (?P<amount>\S+) chips for .+$"),
    ("add_on", r"^(?P<player>.+) takes the add-on and receives (?P<amount>\S+) chips for .+$"),
    ("top_up", r"^(?P<player>.+) adds (?P<amount>[$€£]?\d[\d,.]*)(?: chips)?$"),
)

_IGNORED_PATTERNS = (
    r"^Dealt to ",
    r" re-buys and receives ",
    r" takes the add-on",
    r" adds \S+",
    r"^Hand was run (?:twice|three times)$",
    r"^Betting is capped$",
    r"^No low hand qualified$",
    r"^Pair on board - a double bet is allowed$",
    r"^The deck is reshuffled$",
    r"^Table leave user$",
    r"^STP added: ",
    r"^\*+ # ?\d+ \*+$",
    r" (?:mucks|shows) ",
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

#: Lines the client adds that move no chips (`Grammar.no_chips`: skipped and counted): the
#: English clients' notices (CLIENT_NOTICES), chat, PokerStars' own seat notices, places,
#: bounties and satellite entries.
_NO_CHIPS_PATTERNS = (
    CLIENT_NOTICES,
    r" said, \"",
    r": (?:sits out|is sitting out|waits for|will be allowed)",
    r" joins the table at seat #\d+$",
    r" will be allowed to play after the button$",
    r" was removed from the table",
    r" finished the tournament",
    r" wins the tournament",
    r" wins \S+ for (?:splitting the )?eliminat",
    r" split the \S+ bounty",
)
NO_CHIPS = "|".join(f"(?:{p})" for p in _NO_CHIPS_PATTERNS)

#: HUD converters of Bovada / Bodog hands to the PokerStars format name the table by Bovada's
#: table number ("Table '#11251690' 6-max", MTT "Table '#17 9'"; Bovada's own header says
#: "TBL#11251690"); PokerStars' table names never start so. Their seats are named by position
#: ("Big Blind", "UTGplus1") or Bovada's anonymous ids ("PLR_8776433RL"), the summary shows
#: every folded hand. Such hands are site "bovada" (its game rules and walk conventions).
CONVERTED_SITES = ((r"^#\d", "bovada"),)

POKERSTARS = Grammar(
    site="pokerstars",
    hooks=HOOKS,
    converted_sites=CONVERTED_SITES,
    # older Zoom hands: "PokerStars Game #1: ..." at Table 'Triangulum Zoom 40-100 bb'
    fast_fold_table=r"\bZoom\b",
    header=HEADER,
    read_header=read_stars_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    families={"stud": STUD, "draw": DRAW},
    # "*** SECOND FLOP ***", not a draw game's "*** SECOND DRAW ***"
    second_board=(
        r"^\*\*\* SECOND (?:FLOP|TURN|RIVER|SHOW|BOARD)|^\*\*\* (?:FLOP|TURN|RIVER) 2 "
        r"|^Hand was run twice"
    ),
    third_board=(
        r"^\*\*\* THIRD (?:FLOP|TURN|RIVER|SHOW|BOARD)|^\*\*\* (?:FLOP|TURN|RIVER) 3 "
        r"|^Hand was run three times"
    ),
    table_line=(
        r"^Table (?:ID )?'(?P<table>.*)'(?: (?P<max_seats>\d+)-[mM]ax)?"
        r"(?P<play_money> \(Play Money\))?(?: Seat #(?P<button>\d+) is the button)?"
    ),
    seat_line=STARS_SEAT_LINE,
    sitting_out=r"is sitting out|out of hand",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    named_lines=NAMED_LINES,
    addition_verbs=ADDITION_VERBS,
    ignored=IGNORED,
    no_chips=NO_CHIPS,
    void_hand=((r"^Hand cancelled$", "hand cancelled"),),
    pot_line=(
        r"^Total pot (?P<pot>\S+)(?:.*?\| STP (?P<stp>\S+))?"
        r"(?:.*?\| Rake (?P<rake>\S+))?(?:.*?\| Jackpot (?P<jackpot>\S+))?"
    ),
)
