"""HEADER-STAKES: the posts contradict the header's stakes (hhaudit extension to RULES.md §5).

What it checks: the stakes a hand is audited at come from the evidence
(audit/state/stakes.py). When the blind posts agree with one another and contradict the
header's blinds (a tournament level that changed between the header and the posts, an edited
header), the posts define the hand and this one flag, on the first contradicting post, says so
instead of a cascade of POST-AMOUNT, RAISE-MIN or NL-BET-MIN flags on legal play. When the posts
contradict the header without giving one reading (they disagree with one another, or a blind
is known only from a short all-in post), the flag says the stakes are ambiguous and the rules
that depend on them skip the hand.

Violating:
    NL 80/160; stacks 5000 x3; button P3
    posts: P1 sb 60 !, P2 bb 120
    preflop: P3 raise 240, P1 fold, P2 fold

Legal:
    NL 60/120; stacks 5000 x3; button P3
    posts: P1 sb 60, P2 bb 120
    preflop: P3 raise 240, P1 fold, P2 fold
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="HEADER-STAKES",
    name="log.header-stakes",
    category="log",
    severity="warning",
    structures=None,
    citation=(
        "RULES.md §5 (hhaudit extension: H-1 reads the structure from the log; "
        "where the header and the posts disagree the posts are the evidence)"
    ),
    summary="The blind posts contradict the header's stakes (the posts define the hand)",
    reads=("is_sentinel", "seq", "stakes_message", "stakes_reading", "stakes_seq"),
    violates=~col("is_sentinel")
    & col("stakes_reading").is_not_null()
    & (col("seq") == col("stakes_seq")),
    message=col("stakes_message"),
)
