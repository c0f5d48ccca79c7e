"""The named points where the shared pipeline calls a site's own steps.

A site's quirks live in its folder (parsers/sites/<site>/hooks.py): the pipeline
(parsers/core/pipeline.py) calls each point a site supplies, in this order, and skips the
others. What every format shares is declared as data in its `Grammar` (patterns, verbs,
conventions such as `implicit_uncalled` that several sites have); a step only one site needs is
a hook. Every hook is vectorised like the pipeline: frames in, frames out, no loop over rows.

| point | gets | runs |
| --- | --- | --- |
| file_lines | every file's lines (file_id, line_no, text) | before hands are found (api.py) |
| seat_list | seat rows (hand_key, line_no, _row, seat, player, stack_s) | before stacks are read |
| header | one row a hand: HEADER_COLUMNS + table facts | before seats and events read amounts |
| body | the hands' lines (hand_key, line_no, section, text, ...) | before events are classified |
| events | chip-moving lines (EVENT_COLUMNS) | before they become actions |
| raw_posts | actions with the verbs' raw kinds | before the posts are refined |
| posts | actions with the posts refined | before post_both is split |
| streets | actions of the hand's lines | before commitments are summed |
| hands | actions and the assembled hands | before the shared settlement conventions |
| actions | actions, settled | before the hands' problems are listed |
| seats | seats (stacks read) | before placeholder stacks are marked unknown |

`Context` carries what the pipeline knows at each point (the grammar, the hand's lines, the
header rows, the seats, the assembled hands once they exist).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from parsers.core.grammar import Grammar


@dataclass
class Context:
    """What the pipeline knows so far about the hands of one format in one batch."""

    grammar: Grammar
    #: The hands' lines (hand_key, line_no, text, section, marker, is_header, ...).
    lines: pl.DataFrame
    #: One row a hand: HEADER_COLUMNS, table facts, alt_locale (from the `header` point on).
    header: pl.DataFrame | None = None
    #: Seat rows with `stack` read (from the `events` point on; players without a seat line
    #: from the `hands` point on).
    seats: pl.DataFrame | None = None
    #: hand_key of the hands whose listed stacks are placeholders (parsers/core/unseated.py).
    placeholder: pl.DataFrame | None = None
    #: The assembled hands table (from the `actions` point on).
    hands: pl.DataFrame | None = None
    #: The hands of the games without a board (parsers/core/families.py `family_hands`:
    #: hand_key, game, family, first), empty in a batch of board games.
    families: pl.DataFrame | None = None


Step = Callable[[pl.DataFrame, Context], pl.DataFrame]
HandsStep = Callable[[pl.DataFrame, pl.DataFrame, Context], tuple[pl.DataFrame, pl.DataFrame]]


@dataclass(frozen=True)
class Hooks:
    """A site's own steps, one per pipeline point it needs (see the module docstring)."""

    file_lines: Callable[[pl.DataFrame], pl.DataFrame] | None = None
    seat_list: Step | None = None
    header: Step | None = None
    #: Only the event classification sees what this returns (`Context.lines` keeps every line).
    body: Step | None = None
    events: Step | None = None
    raw_posts: Step | None = None
    posts: Step | None = None
    #: A site with this hook reads the streets the markers leave unknown itself (the shared
    #: "board shown but no street marker" quarantine does not apply to it).
    streets: Step | None = None
    hands: HandsStep | None = None
    actions: Step | None = None
    seats: Step | None = None


def run(step: Step | None, frame: pl.DataFrame, context: Context) -> pl.DataFrame:
    """`step(frame, context)`, or `frame` when the site has no such step."""
    return frame if step is None else step(frame, context)
