"""RAKE-RATE: more rake than the schedule's rate of the pot, rounded as the schedule says.

Judged on the cash hands of a site with a rake schedule (audit/sessions/rake.py) that report
their total pot: the allowed rake is rate x pot rounded to the increment (down, half to even or
up, as the schedule says).

Violating:
    cash NL 5/10 table T
    schedule rate 5% increment 5 down nfnd cap 2+:300
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 10 pot 199: P1=1000 P2=1000 !

Legal:
    cash NL 5/10 table T
    schedule rate 5% increment 5 down nfnd cap 2+:300
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 5 pot 199: P1=1000 P2=1000
"""

from __future__ import annotations

from audit.rules._base import Rule, col, money, sentence

RULE = Rule(
    name="rake.above-rate",
    reads=(
        "rake",
        "rake_allowed",
        "rate_text",
        "scale",
        "total_pot",
    ),
    code="RAKE-RATE",
    category="rake",
    severity="violation",
    structures=None,
    citation="RULES.md §12 R-3; the site's rake schedule",
    summary="Rake above the schedule's rate of the pot, rounded as the schedule says",
    violates=col("rake") > col("rake_allowed"),
    message=sentence(
        "rake {} is above the schedule's {} of the pot {} ({} once rounded)",
        money(col("rake")),
        "rate_text",
        money(col("total_pot")),
        money(col("rake_allowed")),
    ),
    session_frame="rake",
)
