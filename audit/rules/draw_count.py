"""DRAW-COUNT: a draw that does not add up: a player receives another number of cards than he
discarded, discards more than the game allows, or draws after folding.

What it checks (RULES.md §13 W-2): between two betting rounds of a draw game each live player
discards 0 to N cards (N = 5 in 2-7 and 5 Card Draw, 4 in Badugi: `game_max_discard`) and
receives as many; standing pat is discarding none. Only what the log proves: the counts of
every player's discard lines (more than N, or a draw line after the player folded), and the
cards received where the log lists them, the hero's (`drawn_cards`, audit/state/draws.py: the
cards of the draw's round he did not hold before).

Violating:
    FL 10/20 bets 20/40; stacks 1000 x3; button P3; game triple_draw_27
    predraw: P3 call, P1 call, P2 check
    first_draw: P1 discard 2, P2 discard 6 !, P3 stand_pat, P1 check, P2 check, P3 check

Legal:
    FL 10/20 bets 20/40; stacks 1000 x3; button P3; game badugi
    predraw: P3 call, P1 call, P2 check
    first_draw: P1 discard 2, P2 discard 4, P3 stand_pat, P1 check, P2 check, P3 check
    drawn: P1 first_draw 5c Qs
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence

_DRAW = col("is_draw") & ~col("is_sentinel")
_DISCARDED = col("n_cards").fill_null(0)
_AFTER_FOLD = col("folded_before")
_TOO_MANY = (col("game_max_discard") < _DISCARDED).fill_null(False)
_RECEIVED_OFF = (col("drawn_cards") != _DISCARDED).fill_null(False)

RULE = Rule(
    code="DRAW-COUNT",
    name="draw.count",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md §13 W-2",
    summary="A draw that does not add up: cards received differ from those discarded, too "
    "many discarded, or a draw after folding",
    reads=(
        "drawn_cards",
        "folded_before",
        "game_max_discard",
        "is_draw",
        "is_sentinel",
        "n_cards",
    ),
    violates=_DRAW & (_AFTER_FOLD | _TOO_MANY | _RECEIVED_OFF),
    message=pl.when(_AFTER_FOLD)
    .then(sentence("drew {} cards after folding", _DISCARDED))
    .when(_TOO_MANY)
    .then(
        sentence(
            "discarded {} cards; the game replaces at most {}", _DISCARDED, col("game_max_discard")
        )
    )
    .otherwise(sentence("discarded {} cards but received {}", _DISCARDED, col("drawn_cards"))),
)
