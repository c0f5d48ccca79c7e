"""The rules a run evaluates and the severities it gives them (`--select`, `--ignore`, [rules]).

`codes` are the rule codes to evaluate (None: every rule), already resolved from codes, prefixes
and categories by hhaudit/cli/selection.py. `severity` replaces a rule's severity in the
violations table (after the check, so the cause links of audit/causes.py are those of the rules
evaluated); a code set to "ignore" is left out of `codes` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl


@dataclass(frozen=True)
class RuleSelection:
    codes: tuple[str, ...] | None = None
    severity: tuple[tuple[str, str], ...] = ()  # (code, violation / warning / info), sorted

    def to_dict(self) -> dict[str, Any]:
        """For run.json's options (and the --resume fingerprint)."""
        return {
            "select": list(self.codes) if self.codes is not None else "all",
            "severity": dict(self.severity),
        }

    def apply(self, violations: pl.DataFrame) -> pl.DataFrame:
        """The violations with the severities of `severity` (a no-op without any)."""
        if not self.severity or violations.is_empty():
            return violations
        dtype = violations.schema["severity"]
        mapping = dict(self.severity)
        overridden = (
            pl.col("code")
            .replace_strict(mapping, default=pl.col("severity").cast(pl.String))
            .cast(dtype)
        )
        return violations.with_columns(overridden.alias("severity"))
