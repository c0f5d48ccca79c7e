"""POT-SPLIT: a split pot not shared as the rules say (RULES.md §11 C-5).

What it checks (judged hands whose amounts are exact, audit/showdown/judge.py): tied best hands
get equal shares, the odd chips to the first tied hands clockwise from the button (option
`odd_chip` = `left_of_button`, TDA 20) or to the highest card by suit (`high_card_suit`); a
hi/lo pot is halved when a low qualifies, the odd chip to the high half (TDA 21); each board of
a run-it-twice gets its share of the pot (the odd chip to the first board).

Sites place odd chips their own way: when every player got his share give or take the odd chips
and the site's odd-chip rule is not configured (option `odd_chip_configured`, set with `odd_chip`
by a site profile or an options file), the flag is a warning and says whether the other rule
places them so; run.json names such files a likely convention (hhaudit/run/conventions.py).

Violating:
    NL 50/100; stacks 5000 x3; button P3; ante 1
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
    turn: P1 check, P2 check, P3 check
    river: P1 check, P2 check, P3 check
    cards: P1 As 2d; P2 Ad 3c; P3 7c 8c
    board: Kc Kd Qh Qs Jh
    settle: collect P1 150; collect P2 153; pot 303; rake 0

Legal:
    NL 50/100; stacks 5000 x3; button P3; ante 1
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
    turn: P1 check, P2 check, P3 check
    river: P1 check, P2 check, P3 check
    cards: P1 As 2d; P2 Ad 3c; P3 7c 8c
    board: Kc Kd Qh Qs Jh
    settle: collect P1 152; collect P2 151; pot 303; rake 0
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col

RULE = Rule(
    code="POT-SPLIT",
    name="showdown.split",
    category="showdown",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-5; TDA 20-21, RRoP §1",
    summary="Tied hands or hi/lo halves not shared as the rules say",
    options=("odd_chip", "odd_chip_configured", "pots_reported"),
    reads=("pot_split", "pot_split_severity"),
    violates=col("pot_split").is_not_null(),
    message=col("pot_split"),
    hand_level=True,
    severity_expr=pl.coalesce(col("pot_split_severity"), pl.lit("violation")),
)
