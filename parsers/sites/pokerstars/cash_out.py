"""PokerStars All-in Cash Out: the pot a cashed-out player wins is kept by the site.

    titoneopren cashed out the hand for $0.65 | Cash Out Fee $0.01       (cash_out +0.65)
    ...
    Seat 8: titoneopren (small blind) showed [Ah Qh] and won ($2.29) with a straight, Eight
    to Queen (pot not awarded as player cashed out)                      (collect 2.29 and
                                                                          cash_out -2.29)

The "cashed out the hand" line is a cash_out of what the player receives, outside the pot
(grammar.py NAMED_LINES). The fee is already out of it: titoneopren starts the next hand
(212114513537, HH20200416 Aksnes II) with $0.65, dafer1989 (HH20200422 Leonora II, hands
212514948432 and 212515008415) cashed out for $0.62 with a $0.01 fee and starts with $0.62;
so the fee is not read. A player who cashed out and loses is paid his cash-out and no pot
("lost with ... (cashed out)"); one who wins has his pot "not awarded": parsers/core/
settlement.py `kept_pots` reads it from the summary (a collect of it and a cash_out of minus
it), so the collects add up to the pot less the rake as in any hand, whoever cashed out.
"""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context
from parsers.core.settlement import kept_pots

#: The summary line of a cashed-out winner; the seat number names him (a name may hold
#: parentheses). Older logs end the line with a period.
KEPT_POT_LINE = (
    r"^Seat (?P<seat>\d+): .* and won \((?P<amount>[^)]+)\).*"
    r"\(pot not awarded as player cashed out\)\.?$"
)


def read_kept_pots(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    """`kept_pots` with PokerStars' summary line (the hook's lines and seats)."""
    assert context.seats is not None
    return kept_pots(actions, context.lines, context.seats, KEPT_POT_LINE, context.grammar)
