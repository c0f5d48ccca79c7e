"""The PartyPoker format: the classic export and the 2026 one (alphanumeric hand ids).

Action lines are "<player> <verb> ..." (`actor_separator` " "). Classic: "raises [$2 USD]"
gives the chips ADDED (checked on real hands: the small blind then "calls [$1.50 USD]" to a
raise of $2), normalised to raise-to; "is all-In [$N]" adds N chips (bet, call or raise by
the state); "wins $N USD from the main pot" collects; uncalled bets are never printed.
2026: "raises 0.85 to 0.85", "calls (1.80)", "X is all-In." marks the action before it;
collects and cash-outs are the summary's "balance $B, bet $X, collected $C" lines. Only
patterns live here.
"""

from __future__ import annotations

from parsers.core.families import FamilyFormat
from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.core.money import EN, EU
from parsers.games import FIFTH, FLOP, FOURTH, PREFLOP, RIVER, SEVENTH, SIXTH, THIRD, TURN
from parsers.sites.partypoker.all_in_marker import MARKER_VERB
from parsers.sites.partypoker.header import read_party_header
from parsers.sites.partypoker.hooks import HOOKS

HEADER = r"^\*{5} Hand History [Ff]or Game \S+ \*{5}"

STREET_MARKER = r"^\*\* (Dealing down cards|Dealing Flop|Dealing Turn|Dealing River|Summary) \*\*"
STREETS: dict[str, int] = {
    "Dealing down cards": PREFLOP,
    "Dealing Flop": FLOP,
    "Dealing Turn": TURN,
    "Dealing River": RIVER,
    "Summary": SUMMARY,
}

#: Stud (7 Card Stud, Hi-Lo, Razz): "** Dealing **" deals 3rd street, "** Dealing River **" 7th.
STUD = FamilyFormat(
    marker=(
        r"^\*\* (Dealing Fourth street|Dealing Fifth street|Dealing Sixth street|Dealing River"
        r"|Dealing|Summary) \*\*"
    ),
    streets={
        "Dealing": THIRD,
        "Dealing Fourth street": FOURTH,
        "Dealing Fifth street": FIFTH,
        "Dealing Sixth street": SIXTH,
        "Dealing River": SEVENTH,
        "Summary": SUMMARY,
    },
)

_MONEY = r"[$€]?\s?\d[\d.,]*(?:\s*(?:USD|EUR|€))?"
ACTOR_ACTION = (
    r"^(?:(?P<suffix>Cashed out)\s+)?(?:balance [^,]*, (?:bet [^,]*, )?)?"
    r"(?P<verb>posts small blind|posts big blind \+ dead|posts big blind|posts ante(?: of)?"
    r"|posts dead blind|posts button blind|calls|bets|raises|checks|folds|is (?P<all_in>all-In)"
    r"|bring-ins|completes|double bets"
    r"|is all-in-marker"
    r"|wins|collected)"
    rf"(?:(?:\s+(?:Hi|Lo))?\s*[\[(]?\s*(?P<amount>{_MONEY})(?:\s*chips)?\s*[\])]?)?"
    rf"(?: to (?P<to>{_MONEY}))?\.?"
    r"(?:\s*chips)?(?:\s*(?:from .*|, net .*|\[.*))?$"
)

VERBS: dict[str, str] = {
    "posts small blind": "post_sb",
    "posts big blind": "post_bb",
    "posts big blind + dead": "post_both",
    "posts dead blind": "post_dead",
    "posts button blind": "post_bb",  # button-blind games (short deck): the only blind
    "posts ante": "post_ante",
    "posts ante of": "post_ante",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "checks": "check",
    "folds": "fold",
    "is all-In": "bet_or_call",
    # stud: "bring-ins [$3 USD]"; "completes [$10 USD]" (chips added: a bet, the completion by
    # parsers/core/families.py); "double bets [120]" (4th street with a pair showing)
    "bring-ins": "bring_in",
    "completes": "bet",
    "double bets": "bet",
    "is all-in-marker": "all_in_marker",  # 2026 "X is all-In.": marks the action before it
    "wins": "collect",
    "collected": "collect",  # 2026 summary: "balance $B, bet $X, collected $C"
    "collectedCashed out": "cash_out",  # "Cashed out balance ..., collected $C" (`suffix`)
}

ACTOR_IGNORED = (
    r"^(?:shows|mucks|doesn't show|does not show|did not show|Forward Folds|opens$"
    r"|Cash-out Premium|opted for cash-out|probabilty is|probability is|Cashout Amount is"
    r"|(?:Cashed out\s+)?balance |adds |rebuys)"
)
#: Lines the client adds that move no chips (`Grammar.no_chips`: skipped and counted): the
#: English clients' notices, Party's time bank, emotes, places and tournament wins.
_NO_CHIPS_PATTERNS = (
    CLIENT_NOTICES,
    r" (?:will be using|could not respond|is feeling|finished|wins the)\b",
    r"^Player .+ finished in ",
    r"^Congratulations to player ",
    r"^Your time bank will be activated",
    r"^Player \S+ has (?:joined|left)",
)
NO_CHIPS = "|".join(_NO_CHIPS_PATTERNS)

_IGNORED_PATTERNS = (
    r"^Game #\S+ starts\.$",
    r"^#Game No ?: ?\S+",
    r"^Dealt to ",
    r"^Total number of players ?: ",
    r"^Trny: ?\S+ ",
    r"^(?:Blinds|Blinds-Antes|Stakes|Stakes-Antes)\(",
    r"^>You have options at ",
    r"^Due to current high memory use",
    r"^Creating (?:Main|Side) Pot",
    r"^Board: ",
    r"^(?:Main|Side) Pot",
    r": ",  # chat ("player: text") and other notices with a colon
    r"^$",  # what `actor_prefix` leaves of "X is sitting out"
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

#: Placeholder groups a format lacks (the pipeline reads them by name; they never match).
_NONE = r"(?P<{}>\x00)?"

PARTYPOKER = Grammar(
    site="partypoker",
    header=HEADER,
    read_header=read_party_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    second_board=r"^\x00",
    third_board=r"^\x00",
    table_line=(
        r"^(?:Table (?P<table>.*?) ?(?:\(No DP\) ?)?\( ?(?:Real|Play) Money ?\)(?: -- )?)?"
        r"(?:Seat (?P<button>\d+) is the button)?$"
        r"|^Total number of players ?: ?\d+ ?/ ?(?P<max_seats>\d+)" + _NONE.format("play_money")
    ),
    seat_line=r"^Seat (?P<seat>\d+): (?P<player>.+?) \(\s*(?P<stack>[^()]*?)\s*\)(?P<tail>.*)$",
    sitting_out=r"\x00",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    named_lines=(("collect", r"^\x00(?P<player>\x00)(?P<amount>\x00)$"),),  # none here
    ignored=IGNORED,
    no_chips=NO_CHIPS,
    void_hand=((r"^Hand cancelled$", "hand cancelled"),),
    pot_line=r"^Main Pot: \$?(?P<pot>[\d.,]+)(?P<side_pots>(?: Side Pot \d+: \$?[\d.,]+)*)"
    r"(?: Rake: \$?(?P<rake>[\d.,]+))?"
    + "".join(_NONE.format(name) for name in ("jackpot", "stp")),
    locale=EN,
    keyword_fixes=(
        (" is all-In.", " " + MARKER_VERB),  # parsers/sites/partypoker/all_in_marker.py
        *((f"seat{n}: ", f"Seat {n}: ") for n in range(1, 11)),  # Mac client: "seat1: X"
        *((f"seat {n}: ", f"Seat {n}: ") for n in range(1, 11)),
    ),
    actor_separator=" ",
    lone_raise_amount="added",
    header_span=5,
    summary_events=True,
    summary_required=False,
    alt_locale=EU,
    alt_locale_when=r"\d,\d{2}(?:[^\d]|$)",  # "$24,72 USD", "0,35 €": a decimal comma
    alt_locale_per_amount=True,
    implicit_uncalled=True,
    pot_net_of_rake=True,
    pot_excludes_uncalled=True,
    stakes_from_posts=True,
    idle_seats_sit_out=True,
    # "Player3 is sitting outPlayer4 posts big blind [$0,25 USD]." (Mac export, two lines glued
    # together): the sitting-out notice (no chips) is dropped, the post after it is read
    actor_prefix=r"\S+ is sitting out",
    families={"stud": STUD},
    hooks=HOOKS,
)
