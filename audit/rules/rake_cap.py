"""RAKE-CAP: the house took more rake than its schedule's cap.

Judged on the cash hands of a site with a rake schedule (`[site.<name>.rake]`,
audit/sessions/rake.py) that has a cap for the hand's big blind and players dealt in.

Violating:
    cash NL 5/10 table T
    schedule rate 5% increment 1 down nfnd cap 2+:30
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 31 pot 1000: P1=1000 P2=1000 !

Legal:
    cash NL 5/10 table T
    schedule rate 5% increment 1 down nfnd cap 2+:30
    hand 101 at 12:00:00 button 1 sb 2 bb 1 rake 30 pot 1000: P1=1000 P2=1000
"""

from __future__ import annotations

from audit.rules._base import Rule, col, money, sentence

RULE = Rule(
    name="rake.above-cap",
    reads=(
        "big_blind",
        "players_dealt",
        "rake",
        "rake_cap",
        "scale",
    ),
    code="RAKE-CAP",
    category="rake",
    severity="violation",
    structures=None,
    citation="RULES.md §12 R-1; the site's rake schedule",
    summary="Rake above the schedule's cap for the stakes and players dealt in",
    violates=col("rake") > col("rake_cap"),
    message=sentence(
        "rake {} is above the schedule's cap {} for big blind {} with {} players dealt in",
        money(col("rake")),
        money(col("rake_cap")),
        money(col("big_blind")),
        "players_dealt",
    ),
    session_frame="rake",
)
