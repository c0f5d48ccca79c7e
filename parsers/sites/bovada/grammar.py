"""The Bovada / Ignition / Bodog format (one format, several brands).

Seats are named by position ("Dealer", "Small Blind", "UTG+1", " [ME]" marks the hero and is
dropped): the position name is the player name. Action lines are "<position> : <action>".
Amounts: "Raises $2 to $3" and the old "Raises $16" both give the raise-to total; "Calls",
"Bets", "All-in N" give the chips added; "All-in N" is a bet when nobody has bet on the street,
else a call (raw kind bet_or_call). Old exports have no street markers: the n-th
"Card dealt to table" line opens street n. Only patterns live here; the pipeline is shared.
"""

from __future__ import annotations

from parsers.core.families import FamilyFormat
from parsers.core.grammar import Grammar
from parsers.core.lines import SUMMARY
from parsers.games import FIFTH, FLOP, FOURTH, PREFLOP, RIVER, SEVENTH, SIXTH, THIRD, TURN
from parsers.sites.bovada.header import read_bovada_header
from parsers.sites.bovada.hooks import HOOKS

HEADER = r"^(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK)?) Hand #[0-9A-Za-z-]+"

STREET_MARKER = r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*"
STREETS: dict[str, int] = {
    "HOLE CARDS": PREFLOP,
    "FLOP": FLOP,
    "TURN": TURN,
    "RIVER": RIVER,
    "SUMMARY": SUMMARY,
}

#: Stud ("7CARD", "7CARD HiLo"): seats named "Seat+N" ("Seat+1 : Ante chip $0.05"), every
#: player's cards dealt in the open, one "Card dealt to a spot" line a street; the exports print
#: "*** 3RD STREET ***" ... "*** RIVER ***" (7th street) or only "*** HOLE CARDS ***" before the
#: first deal: each deal line opens the round of its first card (parsers/core/families.py).
#: "Big blind/Bring in 5" is the bring-in there (the big blind in the board games).
STUD = FamilyFormat(
    marker=r"^\*\*\* (HOLE CARDS|3RD STREET|4TH STREET|5TH STREET|6TH STREET|RIVER|SUMMARY) \*\*\*",
    streets={
        "HOLE CARDS": THIRD,
        "3RD STREET": THIRD,
        "4TH STREET": FOURTH,
        "5TH STREET": FIFTH,
        "6TH STREET": SIXTH,
        "RIVER": SEVENTH,
        "SUMMARY": SUMMARY,
    },
    deal_line=r"^(?P<holder>[^:]+?) : Card dealt to a spot \[(?P<cards>[^\]]+)\]",
    verbs={"Big blind/Bring in": "bring_in", "Big Blind/Bring in": "bring_in"},
)

_AMOUNT = r"[$\d][\d,.]*"
_NOTE = r"(?:\s*\([^)]*\))?"  # "(timeout)", "(auth)", "(Blind Disconnected)", ...
ACTOR_ACTION = (
    r"^(?P<verb>Ante/Small [Bb]lind|Small [Bb]lind|Big [Bb]lind/Bring in|Big [Bb]lind"
    r"|Posts dead chip|Posts chip|Ante chip|(?P<all_in>All-in)(?:\(raise(?:-timeout)?\))?"
    r"|Raises|Bets chip info|Bets|Double bets|D bets|Bring_in chip|Calls?|Checks|Folds?"
    r"|Return uncalled portion of bet"
    r"|Hand [Rr]esult(?:-Side [Pp]ot)?|Rebuyin|Double rebuys|Addon|Table deposit)"
    rf"{_NOTE}"
    rf"(?: (?P<amount>{_AMOUNT})(?: to (?P<to>{_AMOUNT}))?)?"
    r"(?: & [Ss]hows \[[^\]]*\](?: Show\d \[[^\]]*\])*)?$"
)

#: verb as written -> raw kind. "Raises N" (no "to") is a raise-to N (lone_raise_amount).
VERBS: dict[str, str] = {
    "Small Blind": "post_sb",
    "Small blind": "post_sb",
    "Ante/Small Blind": "post_sb",
    "Ante/Small blind": "post_sb",
    "Big Blind": "post_bb",
    "Big blind": "post_bb",
    "Big blind/Bring in": "post_bb",
    "Big Blind/Bring in": "post_bb",
    "Posts chip": "post_live",
    "Posts dead chip": "post_both",  # always small + big blind in the corpus ($0.35 at 0.10/0.25)
    "Ante chip": "post_ante",
    "All-in(raise)": "raise",
    "All-in(raise-timeout)": "raise",
    "All-in": "bet_or_call",
    "Raises": "raise",
    "Bets": "bet",
    "Bets chip info": "bet",
    "Double bets": "bet",  # stud's 4th street with a pair showing ("D bets $0.10" in 2012)
    "D bets": "bet",
    "Bring_in chip": "bring_in",  # stud cash ("Seat+5 [ME] : Bring_in chip $2.50")
    "Calls": "call",
    "Call": "call",
    "Checks": "check",
    "Folds": "fold",
    "Fold": "fold",
    "Return uncalled portion of bet": "uncalled_return",
    "Hand result": "collect",
    "Hand Result": "collect",
    "Hand result-Side pot": "collect",
    "Hand Result-Side Pot": "collect",
}

#: Chips added to the actor's stack from outside the hand (parsers/core/additions.py): "UTG+3 :
#: Rebuyin 1500", "UTG+4 : Double rebuys 3000" (the two rebuys' chips), "Dealer : Addon 6000",
#: cash "UTG+5 : Table deposit $1.40". A deposit without a position ("Table deposit $5", a player
#: sitting down) names no seat: it stays a quiet line.
ADDITION_VERBS: dict[str, str] = {
    "Rebuyin": "rebuy",
    "Double rebuys": "rebuy",
    "Addon": "add_on",
    "Table deposit": "top_up",
}

_QUIET_VERBS = (
    r"(?:Card dealt to a spot|Does not show|Showdown|Mucks|Table deposit|Draw for dealer"
    r"|Rebuyin|Double rebuys|Addon|Set dealer)"
)
ACTOR_IGNORED = "^" + _QUIET_VERBS
#: The client's seat notices and the tournament prizes paid outside the pot ("Prize Cash [$60]",
#: "Prize Tournament Ticket [Monthly Milly - $1,000,000 Gtd]", knockouts' "BOUNTY PRIZE [$5]"):
#: lines that move no chips, with or without a position (`Grammar.no_chips`: skipped, counted).
_NOTICE_VERBS = (
    r"(?:Leave|Enter|Seat sit|Sit out|Sitout|Re-join|Seat re-join|Seat stand|Stand"
    r"|Table enter user|Table leave user|Ranking|Prize |BOUNTY PRIZE|Bounty [Pp]rize)"
)
NO_CHIPS = rf"^(?:[^:]+ : )?{_NOTICE_VERBS}"

_IGNORED_PATTERNS = (
    r"^Table deposit",
    r"^Card (?:dealt )?to (?:the )?table ",
    r"^Board \[",
    r"^Seat\+\d+: ",
    r"^(?:Table|Player|Seating) Info: ",
    rf"^{_QUIET_VERBS}",  # the same notices without a position (an observer's seat)
    rf"^[^:]+ : {_QUIET_VERBS}",  # a player not in the seat list (sits down later)
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

#: Placeholder groups a format lacks (the pipeline reads them by name; they never match).
_NONE = r"(?P<{}>\x00)?"

BOVADA = Grammar(
    site="bovada",
    header=HEADER,
    read_header=read_bovada_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    second_board=r"^\*\*\* (?:FLOP|TURN|RIVER) 2 \*\*\*",
    third_board=r"^\*\*\* (?:FLOP|TURN|RIVER) 3 \*\*\*",
    table_line=(
        r"^.+? : Set dealer(?:/Bring in spot)? \[(?P<button>\d+)\]"
        + "".join(_NONE.format(name) for name in ("table", "max_seats", "play_money"))
    ),
    # "Seat 3: UTG ($5 in chips)"; stud "Seat+3 [ME]: $5 in chips" names no player (the
    # seat_list hook names him "Seat+3", as his action lines do)
    seat_line=(
        r"^Seat[ +](?P<seat>\d+)(?:: (?P<player>.+?) \(|(?: \[ME\])?: )(?P<stack>[^\s)]+)"
        r" in chips\)?(?P<tail>.*)$"
    ),
    sitting_out=r"\x00",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    named_lines=(("collect", r"^\x00(?P<player>\x00)(?P<amount>\x00)$"),),  # none in this format
    ignored=IGNORED,
    no_chips=NO_CHIPS,
    void_hand=((r"^Hand cancelled$", "hand cancelled"),),
    pot_line=(
        r"^Total Pot\((?P<pot>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?"
        + "".join(_NONE.format(name) for name in ("jackpot", "stp"))
    ),
    actor_separator=" : ",
    player_cleanup=r"\s*\[ME\]$",
    board_deal_line=r"^Card (?:dealt )?to (?:the )?table \[",
    stakes_from_posts=True,
    implicit_uncalled=True,
    board_line=r"^Board \[",
    lone_raise_amount="to",
    # every all-in opening bet below a full bet in the corpus is "All-in(raise)" (5 of 5; the
    # 124 full ones "All-in"): the label does not tell bet from raise
    wager_verbs=("All-in(raise)", "All-in(raise-timeout)"),
    idle_seats_sit_out=True,
    addition_verbs=ADDITION_VERBS,
    families={"stud": STUD},
    hooks=HOOKS,
)
