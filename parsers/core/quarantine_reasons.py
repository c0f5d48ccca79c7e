"""Why a hand is quarantined, in one word, and the games hhaudit does not audit.

`reason_code(reason)` is the one classifier of quarantine reasons (the `reason_code` column of
the quarantine table, docs/tables.md): every producer of quarantine rows goes through
`parsers.schema.conform`, which derives it from the reason text.

`unsupported_game(text)` names a stud, razz, draw, badugi or mixed game that a hand header (or
an iPoker `<gametype>`, or a PHH variant) names: such hands are quarantined as
"unsupported game: Razz", not as unreadable. `name_unsupported_games` applies it where a site's
header reader could not read the game (parsers/core/pipeline.py), for every site at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

UNSUPPORTED_GAME = "unsupported game: "

#: (pattern, name): the game a header names, most specific first (case-insensitive).
GAME_NAMES: tuple[tuple[str, str], ...] = (
    (r"razz", "Razz"),
    (r"stud[ -]?(?:hi[ /-]?lo|h/l|8|eight)|stud/8", "7 Card Stud Hi/Lo"),
    (r"\b7card hilo\b", "7 Card Stud Hi/Lo"),  # Bovada: "7CARD HiLo Fixed Limit"
    (r"(?:5|five)[ -]?card[ -]?stud", "5 Card Stud"),
    (r"\bstud\b|\b7card\b", "7 Card Stud"),
    (r"a-5 triple draw|triple draw a-5", "A-5 Triple Draw"),
    (r"triple[ -]?draw|2-7 ?td\b", "2-7 Triple Draw"),
    (r"single[ -]?draw", "2-7 Single Draw"),
    (r"badugi|badeucy|badacey", "Badugi"),
    (r"(?:5|five)[ -]?card[ -]?draw", "5 Card Draw"),
    (r"lowball|deuce[ -]to[ -]seven", "2-7 Lowball"),
    (r"double hold.?em", "Double Hold'em"),
)
#: (pattern, name): mixed-game rotations; a hand of one names its current game too.
MIXED_NAMES: tuple[tuple[str, str], ...] = (
    (r"\bH\.?O\.?R\.?S\.?E\b", "HORSE"),
    (r"\bH\.?O\.?S\.?E\b", "HOSE"),
    (r"\b8[ -]?game\b", "8-Game"),
    (r"\b10[ -]?game\b", "10-Game"),
    (r"dealer'?s choice", "Dealer's Choice"),
)
#: PHH variant codes of games without a board (the PHH specification's names).
PHH_VARIANT_GAMES: dict[str, str] = {
    "F7S": "7 Card Stud",
    "F7S/8": "7 Card Stud Hi/Lo",
    "FR": "Razz",
    "N2L1D": "2-7 Single Draw",
    "F2L3D": "2-7 Triple Draw",
    "FB": "Badugi",
    "PNLB": "Badugi",
    "N5CD": "5 Card Draw",
}


def _first_name(text: pl.Expr, names: tuple[tuple[str, str], ...]) -> pl.Expr:
    lowered = text.str.to_lowercase()
    chain: Then | ChainedThen = pl.when(lowered.str.contains(names[0][0].lower())).then(
        pl.lit(names[0][1])
    )
    for pattern, name in names[1:]:
        chain = chain.when(lowered.str.contains(pattern.lower())).then(pl.lit(name))
    return chain.otherwise(pl.lit(None, dtype=pl.String))


def unsupported_game(text: pl.Expr) -> pl.Expr:
    """The unsupported game `text` names ("Razz", "Razz (HORSE)", "8-Game"), else null."""
    game, mixed = _first_name(text, GAME_NAMES), _first_name(text, MIXED_NAMES)
    both = pl.concat_str(game, pl.lit(" ("), mixed, pl.lit(")"))
    return (
        pl.when(game.is_not_null() & mixed.is_not_null())
        .then(both)
        .otherwise(pl.coalesce(game, mixed))
    )


def name_unsupported_games(header: pl.DataFrame, headers: pl.DataFrame) -> pl.DataFrame:
    """`header` (a header reader's output) with `header_problem` = "unsupported game: X" where
    the reader could not read the game (a problem, or game "unknown") and the header text
    (`headers`: hand_key, text) names an unsupported game. Only those hands' texts are read."""
    suspect = pl.col("header_problem").is_not_null()
    if "game" in header.columns:
        suspect = suspect | (pl.col("game") == "unknown")
    keys = header.filter(suspect).select("hand_key")
    if keys.is_empty():
        return header
    named = keys.join(headers.select("hand_key", "text"), on="hand_key").select(
        "hand_key", unsupported_game(pl.col("text")).alias("_game")
    )
    named = named.filter(pl.col("_game").is_not_null())
    if named.is_empty():
        return header
    header = header.join(named, on="hand_key", how="left", maintain_order="left")
    problem = pl.when(pl.col("_game").is_not_null()).then(
        pl.lit(UNSUPPORTED_GAME) + pl.col("_game")
    )
    return header.with_columns(
        problem.otherwise(pl.col("header_problem")).alias("header_problem")
    ).drop("_game")


#: reason_code values, in the order the classifier tries them (docs/tables.md).
REASON_CODES: tuple[str, ...] = (
    "duplicate",
    "cancelled",
    "unsupported_game",
    "unsupported_format",
    "not_a_hand_history",
    "truncated",
    "unreadable_line",
    "unsupported_archive",
    "too_large",
    "unreadable_input",
    "internal_error",
    "damaged",
)
#: Codes of quarantined hands that are not readable hands: a later copy, a hand the site
#: cancelled, a game or a format that no parser reads (the real-corpus parse rate leaves them
#: out of its denominator: tests/corpus/test_real_corpus.py, tools/site_table.py).
NOT_READABLE_CODES = ("duplicate", "cancelled", "unsupported_game", "unsupported_format")
_PATTERNS: tuple[tuple[str, str], ...] = (
    ("duplicate", r"^duplicate of "),
    ("cancelled", r"hand cancelled"),
    ("unsupported_game", r"unsupported game: |unsupported PHH variant"),
    ("unsupported_format", r"no parser for "),
    ("not_a_hand_history", r"not a hand history|^empty file$"),
    ("truncated", r"no \*\*\* SUMMARY \*\*\*|truncated|not closed|ends before"),
    ("unreadable_line", r"unrecognised line|unrecognized line|amount unreadable"),
    # refused inputs (hhaudit/run/sources.py); the run also sets these codes itself
    ("unsupported_archive", r" are not supported$|^zip member not supported|^archive nested "),
    ("too_large", r"^possible archive bomb|members in all$|members, more than|has more than "),
    ("unreadable_input", r"archive|member|gzip|\bzip\b|^unreadable: |^cannot read|changed while"),
    ("internal_error", r"^audit failed|^parser failed|accounting mismatch"),
)


def reason_code(reason: pl.Expr) -> pl.Expr:
    """The one-word class of a quarantine reason (REASON_CODES; `damaged` when none fits)."""
    text = reason.fill_null("")
    chain: Then | ChainedThen = pl.when(text.str.contains(_PATTERNS[0][1])).then(
        pl.lit(_PATTERNS[0][0])
    )
    for code, pattern in _PATTERNS[1:]:
        chain = chain.when(text.str.contains(pattern)).then(pl.lit(code))
    return chain.otherwise(pl.lit("damaged"))
