"""The 888poker / Pacific / Cassava format (888poker and its regional sites 888poker.it, .es,
.de, .se, 888.pt, 888.ro BLAST ..., Cassava, Pacific Poker, and the network skins WSOP.com and
LuckyAcePoker.com).

Action lines are "<player> <verb> [amount]" (no colon: `actor_separator` " "). "raises [$N]"
gives the chips ADDED, the call part included (checked on real hands against the collected
pots): the pipeline normalises it to raise-to (`lone_raise_amount="added"`). Collects are
printed in the summary ("X collected [ $2.56 ]"), uncalled bets are never printed
(`implicit_uncalled`): mostly the collect leaves them out (a raise all fold to collects the
pot without it), in walks and some all-in shoves it holds them, which the hand's own sums
tell (`collect_may_hold_uncalled`). Localized clients write "0,02 $" / "3 023,50 $",
"( $ 552,72 )", and switch to "$0.08" inside a file or a hand: each amount is read in the form
its own text shows (money.CONTINENTAL_FORM). Only patterns live here.
"""

from __future__ import annotations

from parsers.core.grammar import CLIENT_NOTICES, Grammar
from parsers.core.lines import SUMMARY
from parsers.core.money import CONTINENTAL_FORM
from parsers.games import FLOP, PREFLOP, RIVER, TURN
from parsers.sites.p888.header import LOCALE, LOCALE_CONTINENTAL, read_888_header
from parsers.sites.p888.hooks import HOOKS

#: 888's own brands and the skins of its network that print the same format: the regional
#: sites ("888poker.it", "888poker.ca-on", "888.pt"), WSOP.com (the US network on 888's
#: software), LuckyAcePoker.com (a Pacific network skin, filed with Pacific's samples by the
#: italytoast parser's tests).
BRANDS = (
    r"(?:888poker(?:\.[\w-]+)?|888\.[\w-]+|Cassava|Pacific Poker|LuckyAcePoker(?:\.com)?"
    r"|WSOP(?:\.com)?(?:\.[\w-]+)?)"
    r"(?: BLAST| Snap Poker)?"  # the jackpot sit & go, the fast-fold tables
)
HEADER = rf"^\*{{5}} {BRANDS} Hand History for Game \d+ \*{{5}}"

STREET_MARKER = r"^\*\* (Dealing down cards|Dealing flop|Dealing turn|Dealing river|Summary) \*\*"
STREETS: dict[str, int] = {
    "Dealing down cards": PREFLOP,
    "Dealing flop": FLOP,
    "Dealing turn": TURN,
    "Dealing river": RIVER,
    "Summary": SUMMARY,
}

ACTOR_ACTION = (
    r"^(?P<verb>posts small blind|posts big blind|posts ante|posts dead blind|calls|bets"
    r"|raises|checks|folds|collected)"
    r"(?: \[ ?(?P<amount>[^\]]+?) ?\])?(?P<to>\x00)?(?P<all_in>\x00)?$"
)

VERBS: dict[str, str] = {
    "posts small blind": "post_sb",
    "posts big blind": "post_bb",
    "posts ante": "post_ante",
    "posts dead blind": "post_both",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "checks": "check",
    "folds": "fold",
    "collected": "collect",
}

ACTOR_IGNORED = r"^(?:shows|mucks|did not show)"

#: Lines the client adds that move no chips (`Grammar.no_chips`: skipped and counted): the
#: English clients' notices, and 888's time bank.
NO_CHIPS = CLIENT_NOTICES + r"| will be using his time bank"

_IGNORED_PATTERNS = (
    r"^#Game No ?: ?\d+",
    r"^Dealt to ",
    r"^Total number of players ?: ",
    r" Blinds (?:No|Pot|Fix) Limit .*- \*\*\*",  # the stakes line (read by the header)
    r"^\((?:Hi|Lo): [^()]*\)$",  # hand description under a showdown
)
IGNORED = "|".join(f"(?:{p})" for p in _IGNORED_PATTERNS)

P888 = Grammar(
    site="888poker",
    header=HEADER,
    read_header=read_888_header,
    street_marker=STREET_MARKER,
    streets=STREETS,
    second_board=r"^\x00",
    third_board=r"^\x00",
    table_line=(
        r"^(?:Table (?P<table>.+?)|Tournament #\S+.*?)(?: (?P<max_seats>\d+) Max)?"
        r" \([^()]*\)(?P<play_money>\x00)?$|^Seat (?P<button>\d+) is the button$"
    ),
    seat_line=r"^Seat (?P<seat>\d+): (?P<player>.+?) \( ?(?P<stack>[^()]+?) ?\)(?P<tail>.*)$",
    sitting_out=r"\x00",
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    named_lines=(("collect", r"^\x00(?P<player>\x00)(?P<amount>\x00)$"),),  # none here
    ignored=IGNORED,
    no_chips=NO_CHIPS,
    void_hand=((r"^Hand cancelled$", "hand cancelled"),),
    pot_line=r"^\x00(?P<pot>\x00)?(?P<rake>\x00)?(?P<jackpot>\x00)?(?P<stp>\x00)?",
    locale=LOCALE,
    keyword_fixes=(("\u00c2\u00a0", " "),),  # UTF-8 no-break space read as cp1252 ("Â ")
    actor_separator=" ",
    lone_raise_amount="added",
    header_span=4,
    summary_events=True,
    alt_locale=LOCALE_CONTINENTAL,
    alt_locale_when=CONTINENTAL_FORM,
    alt_locale_per_amount=True,  # the clients switch locale inside a file and a hand
    implicit_uncalled=True,
    collect_may_hold_uncalled=True,
    stakes_from_posts=True,  # only for the blinds the header does not state (header.py)
    idle_seats_sit_out=True,
    hooks=HOOKS,
)
