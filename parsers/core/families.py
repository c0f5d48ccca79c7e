"""The games without a board in the line formats: how a format writes a family's rounds.

The game table (parsers/games.py) says what the rounds of each game are; how a site marks them
in its log is the site's: PartyPoker opens stud's 3rd street with `** Dealing **`, old WPN writes
`*** Third street ***` for what is 4th street, Bovada's stud exports may print no marker after the
deal at all (each street's "Card dealt to a spot" lines). A format declares, per game family it
writes besides the board games, one `FamilyFormat` (`Grammar.families`): the family's street
markers (a pattern and marker word -> Street id, as `Grammar.streets` for the board games), an
optional deal line (the line that deals a player his cards: it opens the round of the first card
it deals, counted from the cards that player was dealt before in the hand, by the game's deals),
and the verbs whose kind differs in that family (Bovada's "Big blind/Bring in" is stud's
bring-in, hold'em's big blind).

The header reader names each hand's game first (`family_hands`); the hands of such a family then
get their sections from the family's markers instead of the board ones (`family_markers`), their
forced bets and their lines before the deal on the game's first round (`on_first_round`: antes
and the bring-in on 3rd street, the blinds on the pre-draw round), the first wager of a bring-in
round as the completion (`with_completions`), and no button where the game has no blinds. Every
step starts from the hands of `family_hands` and returns at once when there are none: a batch of
board games pays one filter of its header rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import polars as pl

from parsers.games import BLINDS, BRING_IN, GAMES, Round

if TYPE_CHECKING:
    from parsers.core.grammar import Grammar


@dataclass(frozen=True)
class FamilyFormat:
    """How one line format writes the rounds of one game family (module docstring)."""

    #: A street marker line of the family; its first group is a key of `streets`.
    marker: str
    #: Marker word -> section: a Street id of the family's rounds, SHOWDOWN, or SUMMARY.
    streets: Mapping[str, int]
    #: A line dealing a player cards (group `holder`: the text naming him; optional group
    #: `cards`: the cards, counted by their tokens; a line without it deals one card). It opens
    #: the round of the first card it deals (Bovada stud: "Seat+1 : Card dealt to a spot [9c]").
    deal_line: str = ""
    #: Verb as written -> raw kind, for the hands of this family (over `Grammar.verbs`).
    verbs: Mapping[str, str] = field(default_factory=dict)
    #: A draw line (a discard or a stand-pat) where the format prints no marker after the
    #: first round's betting: the first one of that round opens the next round, the round
    #: after the draw (PokerStars' single draw and 5 card draw: parsers/core/draws.py).
    draw_opens: str = ""


#: game -> family of the games without a board.
FAMILY_OF: dict[str, str] = {
    name: game.family for name, game in GAMES.items() if game.family != "board"
}
#: game -> Street id of its first round (the forced bets' round).
FIRST_ROUND: dict[str, int] = {name: game.rounds[0].street for name, game in GAMES.items()}
#: The rounds whose forced bet is a bring-in (stud's 3rd street, 5 card stud's 2nd): the first
#: wager of a hand's such first round completes.
BRING_IN_ROUNDS: tuple[int, ...] = tuple(
    sorted({game.rounds[0].street for game in GAMES.values() if BRING_IN in game.forced_bets})
)
#: Games without blinds, hence without a button (stud: the first actor is read from the cards).
NO_BLINDS: tuple[str, ...] = tuple(
    name
    for name, game in GAMES.items()
    if game.family != "board" and BLINDS not in game.forced_bets
)
#: Columns of `family_hands`.
FAMILY_SCHEMA = {"hand_key": pl.Int64, "game": pl.String, "family": pl.String, "first": pl.Int8}


def family_hands(header: pl.DataFrame) -> pl.DataFrame:
    """hand_key, game, family, first (the first round's Street id) of the hands whose game has
    no board (a header reader's rows: hand_key, game); empty for a batch of board games."""
    if "game" not in header.columns:
        return pl.DataFrame(schema=FAMILY_SCHEMA)
    game = pl.col("game")
    found = header.select("hand_key", "game").filter(game.is_in(list(FAMILY_OF)))
    return found.select(
        pl.col("hand_key").cast(pl.Int64),
        "game",
        game.replace_strict(FAMILY_OF, return_dtype=pl.String).alias("family"),
        game.replace_strict(FIRST_ROUND, return_dtype=pl.Int8).alias("first"),
    )


UNDECLARED = "unsupported game: {} (no {} street markers are known for this format)"


def undeclared_families(
    header: pl.DataFrame, families: pl.DataFrame, grammar: Grammar
) -> pl.DataFrame:
    """`header` with `header_problem` set on the hands of a family the grammar declares no
    FamilyFormat for: their rounds cannot be read (unsupported game, not a board game)."""
    undeclared = families.filter(~pl.col("family").is_in(list(grammar.families)))
    if undeclared.is_empty():
        return header
    reason = pl.format(UNDECLARED, pl.col("game"), pl.col("family"))
    problems = undeclared.select("hand_key", reason.alias("_undeclared"))
    header = header.join(problems, on="hand_key", how="left", maintain_order="left")
    problem = pl.coalesce("header_problem", "_undeclared").alias("header_problem")
    return header.with_columns(problem).drop("_undeclared")


def _hands_of(families: pl.DataFrame, family: str) -> pl.Series:
    return families.filter(pl.col("family") == family).get_column("hand_key")


def family_markers(
    lines: pl.DataFrame, marker: pl.Series, families: pl.DataFrame, grammar: Grammar
) -> pl.Series:
    """`marker` (the board markers of every line of `lines`: hand_key, line_no, text) with the
    lines of the family hands marked by their family's FamilyFormat instead."""
    for family, spec in grammar.families.items():
        keys = _hands_of(families, family)
        if keys.is_empty():
            continue
        rows = lines.select(pl.arg_where(pl.col("hand_key").is_in(keys.implode()))).to_series()
        part = lines.select("hand_key", "text").gather(rows)
        word = pl.col("text").str.extract(spec.marker, 1)
        own = part.select(
            word.replace_strict(dict(spec.streets), default=None, return_dtype=pl.Int8)
        )
        values = own.to_series()
        if spec.deal_line:
            values = _deal_markers(part, values, families, spec.deal_line)
        marker = marker.scatter(rows, values)
    return marker


def card_rounds() -> pl.DataFrame:
    """game, card (a player's n-th card dealt in the hand, from 0), street (the round dealing
    it), face ("down" or "up": a round deals its down cards first, stud's 3rd street two down
    then one up), for the games whose rounds deal cards to the players (a draw replaces cards:
    none)."""
    rows = [
        {"game": name, "card": first + index, "street": spec.street, "face": face}
        for name, game in GAMES.items()
        if game.family != "board"
        for spec, first in zip(game.rounds, _firsts(game.rounds), strict=True)
        for index, face in enumerate(["down"] * (spec.deals.down or 0) + ["up"] * spec.deals.up)
    ]
    schema = {"game": pl.String, "card": pl.Int32, "street": pl.Int8, "face": pl.String}
    return pl.DataFrame(rows, schema=schema)


def _firsts(rounds: tuple[Round, ...]) -> list[int]:
    """The index of the first card each round deals a player (cards dealt before it)."""
    firsts, dealt = [], 0
    for spec in rounds:
        firsts.append(dealt)
        dealt += (spec.deals.down or 0) + spec.deals.up
    return firsts


def _deal_markers(
    part: pl.DataFrame, values: pl.Series, families: pl.DataFrame, pattern: str
) -> pl.Series:
    """`values` with each deal line (`pattern`) marked by the round of its first card: the
    cards its holder was dealt before in the hand, counted by the game's deals (card_rounds)."""
    groups = pl.col("text").str.extract_groups(pattern)
    found = part.with_row_index("_i").with_columns(groups.alias("_g")).unnest("_g")
    found = found.filter(pl.col("holder").is_not_null())
    if found.is_empty():
        return values
    cards = pl.col("cards") if "cards" in found.columns else pl.lit(None, pl.String)
    count = cards.str.strip_chars().str.split(" ").list.len().fill_null(1).cast(pl.Int32)
    before = count.cum_sum().over("hand_key", "holder") - count
    found = found.with_columns(before.alias("card")).join(
        families.select("hand_key", "game"), on="hand_key", how="left"
    )
    rounds = card_rounds().drop("face")
    opened = found.join(rounds, on=["game", "card"], how="left").sort("_i")
    opened = opened.filter(pl.col("street").is_not_null())
    return values.scatter(opened.get_column("_i"), opened.get_column("street"))


def family_kinds(frame: pl.DataFrame, families: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """`frame` (events with `verb` and raw `kind`) with the kinds of the family verbs that
    differ (`FamilyFormat.verbs`) on the rows of the family's hands."""
    kind = pl.col("kind")
    for family, spec in grammar.families.items():
        keys = _hands_of(families, family)
        if keys.is_empty() or not spec.verbs:
            continue
        mine = pl.col("hand_key").is_in(keys.implode()) & pl.col("verb").is_in(list(spec.verbs))
        own = pl.col("verb").replace_strict(dict(spec.verbs), default=None, return_dtype=pl.String)
        frame = frame.with_columns(pl.when(mine).then(own).otherwise(kind).alias("kind"))
    return frame


def on_first_round(frame: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """`frame` (actions with `street`) with the rows of the family hands before their game's
    first round (the posts, which the board games put on PREFLOP, and the lines before the
    deal) on that round: antes and the bring-in on 3rd street, the blinds on the pre-draw round.
    The later rounds and the settlement (SHOWDOWN) come after it and keep their street."""
    if families.is_empty():
        return frame
    first = families.select("hand_key", pl.col("first").alias("_first"))
    frame = frame.join(first, on="hand_key", how="left", maintain_order="left")
    street = pl.max_horizontal("street", pl.col("_first")).cast(pl.Int8)
    moved = pl.when(pl.col("_first").is_null()).then(pl.col("street")).otherwise(street)
    return frame.with_columns(moved.alias("street")).drop("_first")


def with_completions(frame: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """`frame` (actions in hand order, kinds resolved) with the first bet or raise of each
    bring-in round (the hand's game's first round where it is one of BRING_IN_ROUNDS: stud's
    3rd street, 5 card stud's 2nd) as `complete`: the round's opening bet over the bring-in,
    whatever the site writes ("completes", "raises 2 to 4", "bets", the bring-in player opening
    for the full bet)."""
    if families.is_empty() or not BRING_IN_ROUNDS:
        return frame
    rounds = families.filter(pl.col("first").is_in(list(BRING_IN_ROUNDS)))
    first_round = rounds.select("hand_key", _bring_in_round=pl.col("first"))
    frame = frame.join(first_round, on="hand_key", how="left", maintain_order="left")
    kind = pl.col("kind")
    wager = kind.is_in(["bet", "raise"]) & (pl.col("street") == pl.col("_bring_in_round"))
    wager = wager.fill_null(False)
    first = wager & (wager.cast(pl.Int32).cum_sum().over("hand_key", "street") == 1)
    completed = pl.when(first).then(pl.lit("complete")).otherwise(kind)
    return frame.with_columns(completed.alias("kind")).drop("_bring_in_round")


def without_button(hands: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    """`hands` with no button seat and no blinds on the hands of a game without blinds (stud:
    a header's "Seat 0 is the button" is no seat, the first actor is read from the cards; the
    fixed-limit blinds a reader derives from the small bet are none)."""
    stud = families.filter(pl.col("game").is_in(list(NO_BLINDS))).get_column("hand_key")
    if stud.is_empty():
        return hands
    none = pl.col("hand_key").is_in(stud.implode())
    cleared = [c for c in ("button_seat", "small_blind", "big_blind") if c in hands.columns]
    return hands.with_columns(
        pl.when(none).then(None).otherwise(pl.col(name)).alias(name) for name in cleared
    )
