"""RAKE-NFND: rake taken from a hand that ended before the flop ("no flop, no drop").

Judged on the cash hands of a site whose rake schedule (audit/sessions/rake.py) says no flop,
no drop: a hand won before any flop was dealt (everyone else folded preflop) pays no rake.

Violating:
    cash NL 5/10 table T
    schedule rate 5% increment 1 down nfnd cap 2+:30
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 1 pot 20 noflop: P1=1000 P2=1000 !

Legal:
    cash NL 5/10 table T
    schedule rate 5% increment 1 down nfnd cap 2+:30
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 0 pot 20 noflop: P1=1000 P2=1000
"""

from __future__ import annotations

from audit.rules._base import Rule, col, money, sentence

RULE = Rule(
    name="rake.no-flop-drop",
    reads=(
        "nfnd",
        "rake",
        "scale",
    ),
    code="RAKE-NFND",
    category="rake",
    severity="violation",
    structures=None,
    citation="RULES.md §12 R-2; the site's rake schedule",
    summary="Rake taken from a hand that ended before the flop (no flop, no drop)",
    violates=col("nfnd") & (col("rake") > 0),
    message=sentence(
        "rake {} taken from a hand that ended before the flop (the schedule says no flop, no drop)",
        money(col("rake")),
    ),
    session_frame="rake",
)
