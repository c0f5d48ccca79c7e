"""POT-TOTAL: the reported pot differs from the contributions minus the uncalled bets.

What it checks (settled hands with a reported pot): total pot = antes + dead money + every
street commitment - the uncalled amounts computed from the actions. A null pot is skipped. A
pot reported net of the rake is accepted when pot + rake add up and the winners collected the
reported pot; so is, with option `uncontested_pot_keeps_uncalled`, an uncontested pot that
keeps the uncalled chips.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 1650; rake 0

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0
"""

from __future__ import annotations

from audit.rules._base import MONEY_READS, Rule, col, money, sentence

RULE = Rule(
    code="POT-TOTAL",
    name="settle.pot-total",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-3",
    summary="Reported pot differs from contributions minus uncalled returns",
    options=("uncontested_pot_keeps_uncalled", "uncontested_returns_whole_wager"),
    reads=(*MONEY_READS, "expected_pot", "kept_uncalled", "net_of_rake", "total_pot"),
    violates=col("total_pot").is_not_null()
    & (col("total_pot") != col("expected_pot"))
    & ~col("net_of_rake")
    & ~col("kept_uncalled"),
    message=sentence(
        "reported pot {}; the actions put in {} after uncalled bets",
        money(col("total_pot")),
        money(col("expected_pot")),
    ),
    hand_level=True,
)
