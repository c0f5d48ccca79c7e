"""Seat lines of the PokerStars shape read by splits where their groups cannot be in doubt.

The PokerStars seat pattern (STARS_SEAT_LINE) reads `Seat 3: Name ($1.50 in chips)` with a lazy
`player` group: a capture pass that costs several times the plain match test. On a line of the
plain shape (PLAIN_STARS_SEAT: one `(`, one `)`, a stack without spaces) the pattern's groups
are fixed by the text, and splits read the same strings:

- `seat`: the digits between `Seat ` and the first `: ` (`\\d+` then `: `; digits hold no `: `);
- `player`: from there to the only ` (` (the lazy `.+?` stops at the first ` (` the rest
  matches after, and there is only one);
- `stack`: the text after `(` up to its first space (the lazy `[^()]*?` stops at the first
  ` in chips`, which starts at that space since the stack holds none);
- `tail`: after the only `)`.

Other lines (a name with a parenthesis, a stack with a space) take the pattern itself.
tests/parsers/test_parse_split_reads.py holds the splits to the pattern's groups.
"""

from __future__ import annotations

import polars as pl

#: The seat line of the PokerStars family (parsers/sites/pokerstars/grammar.py): groups seat,
#: player, stack, tail; an optional ", ..." after "in chips" (bounties, "$1 bounty").
STARS_SEAT_LINE = (
    r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^()]*?) in chips"
    r"(?:, [^()]*)?\)(?P<tail>.*)$"
)
#: The lines of STARS_SEAT_LINE whose groups the splits of `plain_groups` read exactly.
PLAIN_STARS_SEAT = r"^Seat \d+: [^()]+ \([^() ]+ in chips(?:, [^()]*)?\)[^()]*$"

GROUPS = ("seat", "player", "stack", "tail")


def plain_groups(text: pl.Expr) -> list[pl.Expr]:
    """The columns seat, player, stack, tail of STARS_SEAT_LINE, on PLAIN_STARS_SEAT lines."""
    name_part = text.str.splitn(" (", 2)
    seat_player = name_part.struct.field("field_0").str.splitn(": ", 2)
    inside_tail = name_part.struct.field("field_1").str.splitn(")", 2)
    inside = inside_tail.struct.field("field_0")
    return [
        seat_player.struct.field("field_0").str.slice(len("Seat ")).alias("seat"),
        seat_player.struct.field("field_1").alias("player"),
        inside.str.splitn(" ", 2).struct.field("field_0").alias("stack"),
        inside_tail.struct.field("field_1").alias("tail"),
    ]


def seat_groups(lines: pl.DataFrame, pattern: str, keep: list[str]) -> pl.DataFrame:
    """`keep` columns of `lines` plus the groups of the seat `pattern` read from `text`
    (null groups where it does not match), in row order."""
    groups = pl.col("text").str.extract_groups(pattern).alias("_g")
    if pattern != STARS_SEAT_LINE:
        return lines.select(*keep, groups).unnest("_g")
    plain = lines.select(pl.col("text").str.contains(PLAIN_STARS_SEAT)).to_series()
    if plain.all():  # the usual seat list
        return lines.select(*keep, *plain_groups(pl.col("text")))
    parts = [
        lines.filter(plain).select(*keep, *plain_groups(pl.col("text"))),
        lines.filter(~plain).select(*keep, groups).unnest("_g"),
    ]
    order = pl.concat([pl.arg_where(plain, eager=True), pl.arg_where(~plain, eager=True)])
    return pl.concat(parts).with_columns(_order=order).sort("_order").drop("_order")
