"""The iPoker XML format: sessions of `<game>` elements with numeric action codes.

parsers/documents/ipoker/xml_columns.py flattens each file into columns; this module does the
semantics as Polars
expressions over all the games of a batch at once:
- `<action sum=...>` is the amount the action adds to the player's chips in front of him (a
  code-6 raise "sum" of $30 from the $10 small blind is a raise to $40), except code 23 whose
  sum is the raise-to total; checked against every player's `bet` total in the corpus.
- Action codes (read off the corpus): 0 fold, 1 small blind, 2 big blind, 3 call, 4 check,
  5 bet, 6 raise (sum added), 23 raise (sum = raise-to), 7 all-in (a bet, raise or call by its
  size against the street's highest commitment), 15 ante; 8 and 9 with a zero sum are seat
  notices (sitting out, waiting), ignored. Any other code quarantines the hand.
- `<round no="0">` holds the posts, 1 is preflop, 2..4 flop, turn, river; actions are ordered
  by their `no` attribute (some exports write them out of order). Stud (7 Card Stud, Hi-Lo,
  Razz): its rounds, its bring-in code 16 and its cards by street are declared in
  parsers/documents/ipoker/families.py.
- Amounts: `$1,480.50`, `€0,50`, `1 480`: a game whose amounts show a decimal comma is read
  with the EU locale, the others with a point and comma/space thousands.
Cards: parsers/documents/ipoker/cards.py (`<cards type="Pocket|Flop|Turn|River">`, suit first).
Settlement: parsers/documents/ipoker/settle.py (collects and uncalled returns from `win`, total_pot
from `bet`, rake 0 in tournaments).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import without_button
from parsers.core.keys import file_of_key, hand_key
from parsers.core.pipeline import Tables
from parsers.core.quarantine_reasons import UNSUPPORTED_GAME, unsupported_game
from parsers.documents.ipoker.actions import actions_frame, finish_hands
from parsers.documents.ipoker.cards import ipoker_cards
from parsers.documents.ipoker.families import ipoker_families
from parsers.documents.ipoker.frames import _problems, games_frame, players_frame
from parsers.documents.ipoker.settle import settle
from parsers.documents.ipoker.xml_columns import XmlColumns, read_xml
from parsers.schema import conform

SITE = "ipoker"
#: A hand header line: one `<game gamecode=...>` element opens each hand.
HEADER = r"<game\s[^>]*gamecode="


def _read_files(lines: pl.DataFrame) -> XmlColumns:
    """One expat pass per file over the file's own lines (line numbers kept)."""
    cols = XmlColumns()
    for (file_id,), part in lines.sort("file_id", "line_no").group_by(
        "file_id", maintain_order=True
    ):
        read_xml(cols, "\n".join(part["text"].to_list()), int(file_id))
    return cols


def _headers(lines: pl.DataFrame) -> pl.DataFrame:
    key = hand_key()
    return lines.filter(pl.col("is_header")).select(
        "file_id", "line_no", "hand_ix", key.alias("hand_key")
    )


def _quarantine(problems: pl.DataFrame, hands: pl.DataFrame, sources: pl.DataFrame) -> pl.DataFrame:
    first = problems.sort("hand_key", "line_no").unique("hand_key", keep="first")
    frame = first.join(hands.select("hand_key", "hand_id", "hand_line"), on="hand_key", how="left")
    file_id = file_of_key()
    frame = frame.with_columns(file_id.alias("file_id")).join(sources, on="file_id", how="left")
    reason = pl.lit("line ") + pl.col("line_no").cast(pl.String) + pl.lit(": ") + pl.col("reason")
    return frame.select(
        pl.lit(SITE).alias("site"),
        "source_file",
        pl.coalesce("hand_line", "line_no").alias("line_no"),
        "hand_id",
        reason.alias("reason"),
    ).sort("source_file", "line_no")


def _unsupported_games(games: pl.DataFrame) -> pl.DataFrame:
    """Hands whose <gametype> names a stud, draw, badugi or mixed game that the game table
    does not read (quarantine_reasons: 5 Card Stud, the draw games)."""
    game = unsupported_game(pl.col("gametype").fill_null(""))
    named = games.with_columns(game.alias("_game")).filter(
        pl.col("_game").is_not_null() & (pl.col("game") == "unknown")
    )
    return _problems(named, pl.lit(UNSUPPORTED_GAME) + pl.col("_game"))


def _stack_problems(players: pl.DataFrame) -> pl.DataFrame:
    """A <player> whose `chips` the game's number format does not read: the hand cannot be
    audited without his stack (as a line format's "seat N stack unreadable")."""
    unreadable = players.filter(pl.col("stack").is_null())
    reason = pl.format("seat {} stack unreadable ({})", pl.col("seat"), pl.col("player"))
    return _problems(unreadable, reason)


def parse_ipoker(lines: pl.DataFrame, sources: pl.DataFrame) -> Tables:
    """Lines of whole iPoker files (file_id, line_no, text, is_header, hand_ix) -> tables."""
    cols = _read_files(lines)
    headers = _headers(lines)
    games, game_problems = games_frame(cols, headers)
    players = players_frame(cols, games)
    actions, action_problems = actions_frame(cols, games, players)
    problems = pl.concat(
        [_unsupported_games(games), game_problems, _stack_problems(players), *action_problems],
        how="vertical_relaxed",
    )
    bad = problems.select("hand_key").unique()
    actions, pots = settle(cols, games, players, actions.join(bad, on="hand_key", how="anti"))
    hands = finish_hands(games, actions, players).join(bad, on="hand_key", how="anti")
    hands = without_button(hands, ipoker_families(games))  # stud: no button
    hands = hands.join(pots, on="hand_key", how="left")
    file_of = file_of_key().alias("file_id")
    hands = hands.with_columns(file_of).join(sources, on="file_id", how="left")
    hands = hands.with_columns(pl.lit(SITE).alias("site"), pl.col("hand_line").alias("line_no"))
    seats = players.join(hands.select("hand_key", "hand_id"), on="hand_key")
    actions = actions.join(hands.select("hand_key", "hand_id"), on="hand_key")
    return Tables(
        hands=conform(hands.sort("hand_key"), "hands"),
        seats=conform(seats.sort("hand_key", "seat"), "seats"),
        actions=conform(actions.sort("hand_key", "seq"), "actions"),
        quarantine=conform(_quarantine(problems, games, sources), "quarantine"),
        cards=ipoker_cards(cols, games, hands, seats),
    )
