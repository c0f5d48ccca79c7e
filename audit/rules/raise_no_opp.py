"""RAISE-NO-OPP: a bet or raise while every other player still in is all-in.

Nobody can call the excess, which can only come back as uncalled. Severity from option
`raise_without_opponent` (warning by default; PokerKit refuses such a raise). An opponent who
still has chips, even fewer than the bet (he can only call all-in), can still act: a wager
facing him does not trigger it (RULES.md I-15); only live players with no chip behind count
as all-in (`n_with_chips`, audit/state/turn.py). In the legal example P3 has 900 behind, less
than P2's raise, and calls all-in.

Violating:
    NL 50/100; stacks P1=5000 P2=5000 P3=1000; button P3
    preflop: P3 raise 1000, P1 fold, P2 raise 2000 !

Legal:
    NL 50/100; stacks P1=5000 P2=5000 P3=1000; button P3
    preflop: P3 call, P1 fold, P2 raise 2000, P3 call
"""

from __future__ import annotations

from audit.rules._base import KIND, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

RULE = Rule(
    code="RAISE-NO-OPP",
    name="raise.no-opponent",
    category="betting",
    severity="warning",
    structures=None,
    citation="RULES.md I-15; TDA 15-B, 65-A",
    summary="Bet/raise when no opponent can respond (all others folded or all-in)",
    options=("raise_without_opponent",),
    reads=(
        *WAGER_READS,
        *MONEY_READS,
        "current_bet",
        "kind",
        "n_live",
        "n_with_chips",
        "to_amount",
    ),
    violates=WAGER & (col("current_bet") < TO) & (col("n_live") >= 2) & (col("n_with_chips") <= 1),
    message=sentence(
        "{} to {} while every other player still in was all-in",
        KIND,
        money(TO),
    ),
    severity_option="raise_without_opponent",
)
