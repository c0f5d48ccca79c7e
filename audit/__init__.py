"""The vectorized rules checker: `check(hands, seats, actions) -> AuditResult`."""

from __future__ import annotations

from audit.engine import STATE_COLUMNS, AuditResult, check
from audit.options import SITE_PROFILES, Options, load_options
from audit.rules import RULES

__all__ = [
    "RULES",
    "SITE_PROFILES",
    "STATE_COLUMNS",
    "AuditResult",
    "Options",
    "check",
    "load_options",
]
