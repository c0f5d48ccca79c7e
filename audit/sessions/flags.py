"""The session rules over the run's hands and seats: sessions, then flags (RULES.md §12)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import polars as pl

from audit.options import Options
from audit.rules._base import Rule
from audit.sessions.columns import CARRIES_FROM_PAIR
from audit.sessions.consecutive import button_moves, carry_frame, pairs_of, with_previous
from audit.sessions.facts import FACT_COLUMNS, session_facts
from audit.sessions.group import assign_sessions
from audit.sessions.pools import pool_counts, with_table_proof
from audit.sessions.rake import RakeSchedule
from audit.sessions.rake_checks import rake_frame
from audit.sessions.rotation import rotation
from audit.violations import VIOLATIONS_SCHEMA

SESSION_COLUMNS = ("hand_key", "session_id", "session_seq")
#: The frames the session rules read (Rule.session_frame; audit/sessions/columns.py).
ALL_FRAMES = ("hands", "pairs", "carries", "rake")
#: The violations of the session rules carry their session (a column of hands too).
SESSION_VIOLATIONS_SCHEMA = pl.Schema({**VIOLATIONS_SCHEMA, "session_id": pl.Int64()})


@dataclass
class SessionAudit:
    """Each placeable hand's session (SESSION_COLUMNS) and the session rules' flags."""

    sessions: pl.DataFrame
    violations: pl.DataFrame
    rake_judged: dict[str, int] = field(default_factory=dict)  # hands judged on rake, per site
    #: per site: pool hands, pool pairs and those judged (audit/sessions/pools.py pool_counts)
    pools: dict[str, dict[str, int]] = field(default_factory=dict)


def session_rules(codes: Sequence[str] | None = None) -> list[Rule]:
    """The registry's across-hands rules (all, or those among `codes`)."""
    from audit.rules import RULES

    chosen = [RULES[code] for code in (codes or RULES) if code in RULES]
    return [rule for rule in chosen if rule.session_frame is not None]


def _double_seated(seats: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, double_seated): the first player name seated in two seats of the hand."""
    twice = pl.len().over("hand_key", "player") > 1
    named = pl.col("player").is_not_null() & (pl.col("player") != "")
    return (
        seats.filter(named & twice)
        .group_by("hand_key")
        .agg(pl.col("player").min().alias("double_seated"))
    )


def _id_order(hands: pl.LazyFrame) -> pl.LazyFrame:
    """ids_backwards (this hand's id is below the previous one's) and ids_sequential (the
    session's ids are sequence numbers: audit/rules/hand_sequence.py); a pool's pairs only
    where the log proves them one table's (audit/sessions/pools.py)."""
    comparable = (
        pl.col("table_proven")
        & (pl.col("id_prefix") == pl.col("prev_id_prefix"))
        & pl.col("id_number").is_not_null()
        & pl.col("prev_id_number").is_not_null()
    )
    backwards = comparable & (pl.col("id_number") < pl.col("prev_id_number"))
    marked = hands.with_columns(
        _comparable=comparable.fill_null(False), ids_backwards=backwards.fill_null(False)
    )
    pairs = pl.col("_comparable").sum().over("session_id")
    descents = pl.col("ids_backwards").sum().over("session_id")
    allowed = pl.max_horizontal(pl.lit(1, dtype=pl.UInt32), pairs // 10)
    return marked.with_columns(ids_sequential=(pairs >= 10) & (descents <= allowed)).drop(
        "_comparable"
    )


def site_option(name: str, default: Options, per_site: Mapping[str, Options]) -> pl.Expr:
    """An option's value for each row's site (the site's options, else the default's)."""
    value = getattr(default, name)
    expr = pl.lit(value)
    for site, options in sorted(per_site.items()):  # a loop over the (few) configured sites
        if getattr(options, name) != value:
            expr = (
                pl.when(pl.col("site") == site).then(pl.lit(getattr(options, name))).otherwise(expr)
            )
    return expr


def _after_short(carries: pl.DataFrame) -> pl.DataFrame:
    """`after_short`: in the pair before (the previous hand and the one before it) the player
    started below his end stack plus what was added. One misprinted start then reads as a drop
    and, a hand later, a rise; the rise is that drop's consequence, not a second fault."""
    short = pl.col("stack") < pl.col("prev_end") + pl.col("added_between")
    previous = carries.select(
        pl.col("hand_key").alias("prev_hand_key"), "player", short.fill_null(False).alias("_short")
    )
    joined = carries.join(
        previous, on=["prev_hand_key", "player"], how="left", maintain_order="left"
    )
    return joined.with_columns(after_short=pl.col("_short").fill_null(False)).drop("_short")


def _frames(
    sessions: pl.DataFrame,
    seats: pl.LazyFrame,
    quarantine: pl.LazyFrame,
    button_rule: pl.Expr,
    additions_printed: pl.Expr,
    needed: Collection[str] = ALL_FRAMES,
) -> dict[str, pl.DataFrame]:
    """The frames rules name in `session_frame` among `needed`: hands, pairs, carries (the
    pairs' rotation reads the carries); and "previous", every placed hand with its previous
    hand's columns and the pool evidence (audit/sessions/pools.py), which the run counts. The
    two expressions are per-site options (site_option): button_rule,
    tournament_additions_printed."""
    # the hands and pairs read it
    placed = with_table_proof(with_previous(sessions.lazy()).collect(), seats)
    frames: dict[str, pl.DataFrame] = {"previous": placed}
    previous = placed.lazy()
    if "hands" in needed:
        frames["hands"] = (
            _id_order(previous)
            .join(_double_seated(seats), on="hand_key", how="left", maintain_order="left")
            .collect()
        )
    if not {"pairs", "carries"} & set(needed):
        return frames
    found = pairs_of(previous, quarantine)
    pairs = found.join(button_moves(found, seats), on="hand_key", how="left").collect()
    carries = carry_frame(pairs.lazy(), seats, keep=CARRIES_FROM_PAIR)
    frames["carries"] = _after_short(
        carries.with_columns(additions_printed=additions_printed).collect()
    )
    if "pairs" in needed:
        turns = rotation(pairs.lazy(), seats, frames["carries"].lazy(), button_rule)
        frames["pairs"] = pairs.join(turns.collect(), on="hand_key", how="left")
    return frames


def _flag_rows(frame: pl.DataFrame, rule: Rule) -> pl.DataFrame:
    flagged = frame.filter(rule.violates.fill_null(False))
    has_player = "player" in frame.columns
    player = pl.col("player") if has_player else pl.lit(None, dtype=pl.String)
    where = (
        pl.concat_str(pl.lit("s"), pl.col("seat").cast(pl.String)) if has_player else pl.lit("h")
    )
    severity = rule.severity_expr if rule.severity_expr is not None else pl.lit(rule.severity)
    null = pl.lit(None)
    return flagged.select(
        "hand_key",
        "site",
        "source_file",
        "line_no",
        "hand_id",
        null.cast(pl.String).alias("street"),
        null.cast(pl.Int32).alias("seq"),
        player.alias("player"),
        null.cast(pl.String).alias("action"),
        *(null.cast(pl.Int64).alias(name) for name in ("amount_to", "to_call", "min_to", "max_to")),
        pl.lit(rule.code).alias("code"),
        pl.lit(rule.category).alias("category"),
        severity.alias("severity"),
        rule.message.alias("message"),
        pl.concat_str(
            pl.col("hand_key").cast(pl.String), pl.lit(":"), where, pl.lit(":" + rule.code)
        ).alias("flag_id"),
        null.cast(pl.String).alias("caused_by"),
        (pl.col("session_id") if "session_id" in frame.columns else null).alias("session_id"),
    )


def sorted_flags(parts: Sequence[pl.DataFrame]) -> pl.DataFrame:
    """Session flags in SESSION_VIOLATIONS_SCHEMA, in their order (hand, code, player, message);
    also how the flags of several batches of tables are put together (hhaudit/run/sessions.py)."""
    empty = pl.DataFrame(schema=SESSION_VIOLATIONS_SCHEMA)
    cast = [pl.col(name).cast(dtype) for name, dtype in SESSION_VIOLATIONS_SCHEMA.items()]
    rows = pl.concat([empty, *(part.select(cast) for part in parts)])
    return rows.sort("hand_key", "code", "player", "message", nulls_last=True)


def _violations(frames: Mapping[str, pl.DataFrame], rules: Sequence[Rule]) -> pl.DataFrame:
    return sorted_flags(
        [_flag_rows(frames[rule.session_frame], rule) for rule in rules if rule.session_frame]
    )


@dataclass
class SessionInputs:
    """The run's tables and the options the across-hands step reads."""

    hands: pl.LazyFrame  # with FACT_COLUMNS when the units gave them (audit/sessions/facts.py)
    seats: pl.LazyFrame  # with end_stack (audit/sessions/ends.py)
    actions: pl.LazyFrame | None  # read only for hands without FACT_COLUMNS
    quarantine: pl.LazyFrame
    default: Options = field(default_factory=Options)
    per_site: Mapping[str, Options] = field(default_factory=dict)
    schedules: Mapping[str, RakeSchedule] = field(default_factory=dict)


def _facts(inputs: SessionInputs) -> pl.DataFrame:
    """FACT_COLUMNS per hand: carried by the hands (the units computed them), else from the
    actions."""
    if set(FACT_COLUMNS) <= set(inputs.hands.collect_schema().names()):
        return inputs.hands.select(FACT_COLUMNS).collect()
    if inputs.actions is None:
        raise ValueError("hands without the per-hand facts need the actions")
    return session_facts(inputs.actions).collect()


def session_frames(
    inputs: SessionInputs, needed: Collection[str] = ALL_FRAMES
) -> tuple[pl.DataFrame, dict[str, pl.DataFrame]]:
    """(the placed hands in session order, {frame name: frame}) for the session rules: the
    frames among `needed` (the rules selected read them), and always the rake frame and the
    "previous" one (run.json says per site how many hands they judged on rake and in pools)."""
    gaps = {site: options.session_gap_s for site, options in inputs.per_site.items()}
    facts = _facts(inputs)
    if set(FACT_COLUMNS) <= set(inputs.hands.collect_schema().names()):
        # the hands carry their facts: sorted with them (a join back cost ~0.06 s a batch)
        placed = assign_sessions(inputs.hands, gaps, inputs.default.session_gap_s,
                                 carried=FACT_COLUMNS[1:])  # fmt: skip
    else:
        placed = assign_sessions(inputs.hands, gaps, inputs.default.session_gap_s).join(
            facts.lazy(), on="hand_key", how="left", maintain_order="left"
        )
    sessions = placed.collect()
    rule = site_option("button_rule", inputs.default, inputs.per_site)
    printed = site_option("tournament_additions_printed", inputs.default, inputs.per_site)
    frames = _frames(sessions, inputs.seats, inputs.quarantine, rule, printed, needed)
    frames["rake"] = rake_frame(inputs.hands, facts.lazy(), inputs.seats, inputs.schedules)
    return sessions, frames


def audit_sessions(
    hands: pl.LazyFrame,
    seats: pl.LazyFrame,
    actions: pl.LazyFrame | None,
    quarantine: pl.LazyFrame,
    default: Options | None = None,
    per_site: Mapping[str, Options] | None = None,
    codes: Sequence[str] | None = None,
    schedules: Mapping[str, RakeSchedule] | None = None,
) -> SessionAudit:
    """Sessions of the run's hands and the flags of the session rules (all, or `codes`).

    `seats` needs end_stack (audit/sessions/ends.py); the options (session_gap_s,
    button_rule) are the site's from `per_site`, else `default`'s; `schedules` the rake
    schedules by site (audit/sessions/rake.py: a site without one gets no rake flag).
    `actions` are read only when `hands` lacks the per-hand facts (audit/sessions/facts.py).
    Session ids start at 1 (the run numbers a batch's after the previous batches':
    hhaudit/run/sessions.py)."""
    inputs = SessionInputs(
        hands,
        seats,
        actions,
        quarantine,
        default or Options(),
        per_site or {},
        schedules or {},
    )
    rules = session_rules(codes)
    sessions, frames = session_frames(inputs, {rule.session_frame or "" for rule in rules})
    counts = frames["rake"].group_by("site").len()
    judged = dict(zip(counts["site"].to_list(), counts["len"].to_list(), strict=True))
    pools = pool_counts(frames["previous"])
    return SessionAudit(sessions.select(SESSION_COLUMNS), _violations(frames, rules), judged, pools)
