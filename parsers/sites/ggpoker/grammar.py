"""The GGPoker format: PokerStars-like lines plus GG's own posts and money flows.

    Poker Hand #OM232604226: PLO ($5/$10) - 2021/01/20 20:13:50
    d379b979: posts missed blind $5                      (dead money)
    9e7f64d4: straddle $0.5                              (the player's blind total)
    42c6a201: Bet & Muck $0.05                           (a bet, to be mucked if called)
    42c6a201: Bet & Muck folds                           (that muck once called: no chips)
    oiesfcv1: Chooses to EV Cashout                      (no chips)
    88989dfa: Receives Cashout ($9.98)                   (cash_out, paid by the site)
    oiesfcv1: Pays Cashout Risk ($22.68)                 (cash_out, negative: paid to the site)
    23aca38f: pay premium of all-in insurance ($4)       (cash_out, negative)
    23aca38f: get main compensation of all-in insurance ($10.8)  (cash_out, paid by the site)
    Cash Drop to Pot : total $0.2                        (money the site adds to the pot)
    Total pot $194.36 | Rake $5 | Jackpot $1 | Bingo $0  (rake = rake + jackpot + bingo + ...)

Run it twice / three times: FIRST/SECOND/THIRD boards and showdowns, one collect per board.
Only patterns live here; the pipeline is shared (parsers/core/pipeline.py).
"""

from __future__ import annotations

from dataclasses import replace

from parsers.sites.ggpoker.header import read_gg_header
from parsers.sites.ggpoker.hooks import HOOKS
from parsers.sites.pokerstars.grammar import IGNORED as STARS_IGNORED
from parsers.sites.pokerstars.grammar import POKERSTARS
from parsers.sites.pokerstars.grammar import VERBS as STARS_VERBS

HEADER = r"^Poker Hand #[0-9A-Za-z]+: "
#: The parts of an all-in insurance ("premium ($0/$4/$0) for ... - (Mandatory/Main/Sub)").
INSURED_PARTS = ("main", "sub", "mandatory")

#: an amount has a digit ("Bet & Muck folds" is then no "Bet & Muck" of "folds")
_AMOUNT = r"[^\s\[\]()]*\d[^\s\[\]()]*"
ACTOR_ACTION = (
    r"^(?P<verb>posts small blind|posts big blind|posts the ante|posts missed blind"
    r"|posts button blind|straddle|calls|bets|raises|checks|folds|Bet & Muck"
    r"|Receives Cashout|Pays Cashout Risk|pay premium of all-in insurance"
    r"|get (?:main|sub|mandatory) compensation of all-in insurance)"
    rf"(?: \(?(?P<amount>{_AMOUNT})\)?)?(?: to (?P<to>{_AMOUNT}))?"
    r"(?P<all_in> and is all-in)?$"
)

VERBS: dict[str, str] = {
    **STARS_VERBS,
    "posts missed blind": "post_dead",
    "straddle": "post_straddle",
    "Bet & Muck": "bet",
    "Receives Cashout": "cash_out",
    "Pays Cashout Risk": "cash_out",
    "pay premium of all-in insurance": "cash_out",
    # the insured amount, paid when the insured hand loses (the "for ($0/$10.8/$0)" of "get an
    # all-in insurance"; no such hand in the corpus: the line as public GG parsers read it)
    **{f"get {part} compensation of all-in insurance": "cash_out" for part in INSURED_PARTS},
}
#: "Bet & Muck folds" follows the call of a "Bet & Muck" bet (the bettor chose to muck if
#: called): the muck at showdown, printed after the round closed, not a betting action.
ACTOR_IGNORED = (
    r"^(?:shows|mucks|doesn't show|Bet & Muck folds$|Chooses to EV Cashout"
    r"|get an all-in insurance)"
)

_IGNORED = (
    r"^Hand was run (?:two|three) times$",
    r"^(?:FIRST|SECOND|THIRD)$",
    r"^Cash Drop to Pot : total \S+$",
)
IGNORED = STARS_IGNORED + "|" + "|".join(f"(?:{p})" for p in _IGNORED)

#: "Total pot $N | Rake $N | Jackpot $N | Bingo $N | Fortune $N | Tax $N": rake = every fee
#: (the jackpot by the pipeline, the `fees` after it by parsers/core/settlement.py).
POT_LINE = (
    r"^Total pot (?P<pot>\S+)(?: \| Rake (?P<rake>\S+))?(?: \| Jackpot (?P<jackpot>\S+))?"
    r"(?P<fees>(?: \| [A-Za-z ]+ \S+)*)(?P<stp>\b\B)?"
)

GGPOKER = replace(
    POKERSTARS,
    site="ggpoker",
    header=HEADER,
    read_header=read_gg_header,
    actor_action=ACTOR_ACTION,
    verbs=VERBS,
    actor_ignored=ACTOR_IGNORED,
    ignored=IGNORED,
    pot_line=POT_LINE,
    hooks=HOOKS,
    site_money_line=r"^Cash Drop to Pot : total (\S+)$",
)
