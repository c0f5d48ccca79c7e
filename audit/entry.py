"""The audit of canonical tables, in its two steps: each hand, then across hands.

The rules of RULES.md §4-5 and §11 judge each hand alone; those of §12 compare the consecutive
hands of a table, so they need every hand of the input together. An audit is therefore:

1. `audit_hands(tables, config)`: the canonical tables (parsers/tables.py HandTables) of any
   set of whole hands (a unit of `hhaudit run`, a batch of files or a chunk of one; the whole
   input of `hhaudit check`). Out (audit/tables.py AuditedTables): the flags of every
   per-hand rule, the actions with their betting state, the pots the showdown rules judged on
   the hands they flag (audit/judged.py), the hands with the facts the session rules read
   (audit/sessions/facts.py) and the seats with the stack each player ends the hand with
   (audit/sessions/ends.py). A hand's output does not depend on the other
   hands of the set, so the sets may be audited in parallel and put together (docs/scale.md).
2. `audit_across(hands, seats, quarantine, config)`: the hands and seats of step 1 put
   together (every unit's, later copies of a hand dropped), read in table groups (whole
   tables). Out: each hand's table session and the session and rake rules' flags (audit/sessions/).

`hhaudit run` runs step 1 in its parallel units (hhaudit/run/batch.py) and step 2 once on the
combined tables (hhaudit/run/sessions.py); `hhaudit check` runs both on the tables `hhaudit
parse` wrote, and `all_flags` puts the two steps' flags together as the run's
violations.parquet holds them. The options, the rules chosen and their severities are one
`AuditConfig` for both steps.
"""

from __future__ import annotations

import collections
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import polars as pl

from audit.engine import SLICE_HANDS, check
from audit.options import Options
from audit.tables import AuditedTables
from parsers.tables import HandTables

if TYPE_CHECKING:
    from audit.sessions.flags import SessionAudit
    from audit.sessions.rake import RakeSchedule

#: Hands per table group (whole tables) the across-hands step audits at once (memory follows
#: the group; two groups at a time in threads gave 2.5 % of the step's wall for ~230 MB more at
#: 400k hands).
TABLE_GROUP_HANDS = 100_000


@dataclass(frozen=True)
class AuditConfig:
    """What an audit is asked, for both steps: the default options and each site's
    (RULES.md §6, docs/options.md), the rule codes evaluated (None: every rule), severity
    overrides ((code, severity) pairs: `[rules.severity]`, applied to the flags after the
    check, so the cause links are those of the rules evaluated) and the rake schedules by site
    (audit/sessions/rake.py)."""

    default: Options | None = None
    per_site: Mapping[str, Options] = field(default_factory=dict)
    codes: tuple[str, ...] | None = None
    severity: tuple[tuple[str, str], ...] = ()
    schedules: Mapping[str, RakeSchedule] = field(default_factory=dict)

    def with_severities(self, violations: pl.DataFrame) -> pl.DataFrame:
        """`violations` with the severities of `severity` (a no-op without any)."""
        if not self.severity or violations.is_empty():
            return violations
        dtype = violations.schema["severity"]
        overridden = (
            pl.col("code")
            .replace_strict(dict(self.severity), default=pl.col("severity").cast(pl.String))
            .cast(dtype)
        )
        return violations.with_columns(overridden.alias("severity"))


@dataclass(frozen=True, kw_only=True)
class HandsAudit(AuditedTables[pl.DataFrame]):
    """Step 1's output (module docstring): the input's hands with FACT_COLUMNS, its seats with
    end_stack, its actions with STATE_COLUMNS (audit.engine), its quarantine and cards as
    given, the per-hand rules' flags (audit/violations.py VIOLATIONS_SCHEMA) and the judged
    pots and payouts (audit/judged.py)."""

    pots: pl.DataFrame
    payouts: pl.DataFrame


def audit_hands(
    tables: HandTables[pl.DataFrame],
    config: AuditConfig | None = None,
    slice_hands: int = SLICE_HANDS,
) -> HandsAudit:
    """Step 1 on canonical tables (parsers/tables.py; a parse's ParsedTables). No `cards`:
    the cards and showdown rules flag nothing. The betting state is computed in slices of at
    most `slice_hands` whole hands (memory; audit.engine.check)."""
    from audit.sessions.ends import with_end_stacks
    from audit.sessions.facts import with_session_facts

    config = config or AuditConfig()
    # a run's tables carry the end stacks of their audit: this one gives them again
    hands, seats = tables.hands, tables.seats.drop("end_stack", strict=False)
    result = check(
        hands,
        seats,
        tables.actions,
        options=config.default,
        site_options=dict(config.per_site),
        rules=list(config.codes) if config.codes is not None else None,
        cards=tables.cards,
        slice_hands=slice_hands,
    )
    return HandsAudit(
        hands=with_session_facts(hands, result.actions, result.session_facts),
        seats=with_end_stacks(seats, result.end_stacks),
        actions=result.actions,
        quarantine=tables.quarantine,
        cards=tables.cards,
        violations=config.with_severities(result.violations),
        pots=result.pots,
        payouts=result.payouts,
    )


@dataclass
class AcrossAudit:
    """Step 2's output: each placed hand's session (hand_key, session_id, session_seq;
    session ids of one pass over the input), the session and rake rules' flags
    (audit/sessions/flags.py SESSION_VIOLATIONS_SCHEMA) and the hands judged on rake per site."""

    sessions: pl.DataFrame
    flags: pl.DataFrame
    rake_judged: dict[str, int]
    #: per site, the fast-fold pool hands and pairs, judged and not (audit/sessions/pools.py)
    pools: dict[str, dict[str, int]] = field(default_factory=dict)


def own_strings(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` with strings of its own: a flag's text columns are views into the table group's
    hands (its source_file pinned the group's whole column, ~5 MB a group of 100k hands: ~160 MB
    of the groups' flags held to the end of the step at 2M hands; docs/history/scale.md)."""
    table = frame.to_arrow(compat_level=pl.CompatLevel.oldest())  # copies into plain strings
    return pl.DataFrame(pl.from_arrow(table, schema=frame.schema))


def _audit_table_group(
    tables: tuple[pl.LazyFrame, pl.LazyFrame, pl.LazyFrame | None, pl.LazyFrame],
    config: AuditConfig,
    keys: pl.Series,
) -> SessionAudit:
    """The session audit of one table group (its sessions numbered from 1)."""
    from audit.sessions import audit_sessions
    from audit.sessions.facts import FACT_COLUMNS
    from audit.sessions.group import HAND_COLUMNS, SEAT_COLUMNS
    from audit.sessions.rake_checks import RAKE_HAND_COLUMNS

    hands, seats, actions, quarantine = tables
    mine = pl.col("hand_key").is_in(keys.implode())
    # the columns the session audit reads (grouping, per-hand facts, rake)
    wanted = {*HAND_COLUMNS, *FACT_COLUMNS, *RAKE_HAND_COLUMNS}
    read = [name for name in hands.collect_schema().names() if name in wanted]
    seat_read = [name for name in seats.collect_schema().names() if name in SEAT_COLUMNS]
    # the group's hands and seats read once (the frames use the seats several times), only
    # the columns the rules read: each group scans the whole files to find its tables' rows
    found = audit_sessions(
        hands.select(read).filter(mine).collect().lazy(),
        seats.select(seat_read).filter(mine).collect().lazy(),
        # the actions are read only when the hands lack the per-hand facts
        actions.filter(mine) if actions is not None else None,
        quarantine,
        config.default,
        config.per_site,
        codes=config.codes,
        schedules=config.schedules,
    )
    found.violations = own_strings(found.violations)
    return found


def _renumbered(found: Sequence[SessionAudit]) -> tuple[list[pl.DataFrame], list[pl.DataFrame]]:
    """The table groups' sessions and flags with session ids of one pass: each group's after
    the previous groups' (groups come in table order: group.py table_groups)."""
    sessions, flags, last = [], [], 0
    for group in found:  # a loop over table groups
        shift = pl.col("session_id") + last
        sessions.append(group.sessions.with_columns(shift))
        flags.append(group.violations.with_columns(shift))
        last += cast("int | None", group.sessions.get_column("session_id").max()) or 0
    return sessions, flags


def audit_across(
    hands: pl.LazyFrame,
    seats: pl.LazyFrame,
    quarantine: pl.LazyFrame,
    config: AuditConfig | None = None,
    actions: pl.LazyFrame | None = None,
    group_hands: int = TABLE_GROUP_HANDS,
) -> AcrossAudit:
    """Step 2 on the hands and seats of step 1 put together (`HandsAudit.hands` and `.seats`,
    or a run's combined Parquet scans), in table groups (whole tables: group.py table_groups),
    each reading only its hands and seats: memory is bounded by the group, not the input.
    `quarantine`: the quarantined hands (a session is not judged across one); `actions` are
    read only for hands without the per-hand facts (tables written before step 1 gave them)."""
    from audit.sessions.flags import sorted_flags
    from audit.sessions.group import table_groups

    config = config or AuditConfig()
    groups = table_groups(hands, group_hands)
    keys = [group.get_column("hand_key") for _, group in
            sorted(groups.partition_by("table_group", as_dict=True).items())]  # fmt: skip
    tables = (hands, seats, actions, quarantine)
    found = [_audit_table_group(tables, config, chosen) for chosen in keys]  # a loop over groups
    sessions, flags = _renumbered(found)
    judged: collections.Counter[str] = collections.Counter()
    pools: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for group in found:  # a loop over table groups
        judged.update(group.rake_judged)
        for site, counts in group.pools.items():  # a loop over the sites with pools
            pools[site].update(counts)
    empty = pl.DataFrame(schema={"hand_key": pl.Int64, "session_id": pl.Int64,
                                 "session_seq": pl.Int64})  # fmt: skip
    placed = pl.concat(sessions) if sessions else empty
    summed = {site: {**dict.fromkeys(("hands", "pairs", "judged"), 0), **counts}
              for site, counts in pools.items()}  # fmt: skip
    flags_found = config.with_severities(sorted_flags(flags))
    return AcrossAudit(placed, flags_found, dict(judged), summed)


def all_flags(violations: pl.DataFrame, across: AcrossAudit) -> pl.DataFrame:
    """Both steps' flags as one table, as `hhaudit run` writes violations.parquet: the
    per-hand flags with their hand's session_id, then the session flags, by hand_key (each
    hand's per-hand flags first, in their order)."""
    from audit.sessions.flags import SESSION_VIOLATIONS_SCHEMA

    sessions = across.sessions.select("hand_key", "session_id")
    placed = violations.drop("session_id", strict=False).join(
        sessions, on="hand_key", how="left", maintain_order="left"
    )
    cast = [pl.col(name).cast(dtype) for name, dtype in SESSION_VIOLATIONS_SCHEMA.items()]
    both = pl.concat([placed.select(cast), across.flags.select(cast)])
    return both.sort("hand_key", maintain_order=True)


__all__ = [
    "TABLE_GROUP_HANDS",
    "AcrossAudit",
    "AuditConfig",
    "HandsAudit",
    "all_flags",
    "audit_across",
    "audit_hands",
]
