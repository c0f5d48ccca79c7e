"""The audit settings of a run: options, per-site overrides, the rule selection, rake schedules.

`AuditSettings` travels with every batch (hhaudit.run.batch) to the workers; its `fingerprint`
keeps --resume from reusing parts audited under other settings or written with other columns.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hhaudit.run.selection import RuleSelection

if TYPE_CHECKING:  # the audit is imported where it is used: importing this module stays cheap
    from audit.entry import AuditConfig
    from audit.options import Options
    from audit.sessions.rake import RakeSchedule


@dataclass(frozen=True)
class AuditSettings:
    """Options in force: a default and per-site overrides (from --config), the rule selection."""

    default: Options | None = None  # None means audit's own defaults
    per_site: Mapping[str, Options] = field(default_factory=dict)
    selection: RuleSelection = field(default_factory=RuleSelection)  # --select / --ignore
    #: {site: schedule} from [site.<name>.rake] (judged after the units)
    rake: Mapping[str, RakeSchedule] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        found = {
            "default": _options_dict(self.default),
            "sites": {site: _options_dict(opts) for site, opts in sorted(self.per_site.items())},
            "rules": self.selection.to_dict(),
        }
        if self.rake:  # the schedules in force (run.json totals.rake says where rake was judged)
            found["rake"] = {site: rake.to_dict() for site, rake in sorted(self.rake.items())}
        return found

    def config(self) -> AuditConfig:
        """The audit's view of these settings (audit.entry.AuditConfig), for both steps."""
        from audit.entry import AuditConfig

        return AuditConfig(
            default=self.default,
            per_site=dict(self.per_site),
            codes=self.selection.codes,
            severity=self.selection.severity,
            schedules=dict(self.rake),
        )

    def fingerprint(self) -> str:
        """A digest of the options and of the table layout, so --resume never reuses parts
        audited differently or written with other columns."""
        from hhaudit.run.batch import empty_tables  # the batch imports this module

        layout = {name: list(frame.columns) for name, frame in empty_tables().items()}
        return hashlib.sha256(repr((self.to_dict(), layout)).encode()).hexdigest()[:16]


def _options_dict(options: Options | None) -> dict[str, Any]:
    if options is None:
        from audit import Options

        options = Options()
    return options.to_dict()
