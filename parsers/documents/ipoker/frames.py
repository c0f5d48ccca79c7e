"""iPoker flat columns -> canonical hands, seats and actions frames (Polars expressions only).

See parsers/documents/ipoker/reader.py for the format's semantics. Every function returns frames
keyed by `hand_key` plus, where something is wrong, problem rows (hand_key, line_no, reason).
"""

from __future__ import annotations

import polars as pl

from parsers.core.money import EU, NumberLocale, currency_of, to_minor_units
from parsers.documents.ipoker.xml_columns import GENERAL_FIELDS, XmlColumns
from parsers.schema import ColumnType

#: `$1,480.50`, `1 480`: a decimal point, commas or spaces between thousands.
POINT = NumberLocale("ipoker-point", ".", ", \u00a0\u202f")
#: A Speed Poker (fast-fold) pool's table name. No such hand is in the corpus: the client
#: names the game "Speed" (its lobby tab, the "Speed Fold" button); a "Speed" word in the
#: table name is taken as the pool.
SPEED_POOL = r"(?i)\bspeed\b"
#: Action type codes -> raw kinds ("allin" is resolved by size, "notice" rows are dropped).
TYPES: dict[str, str] = {
    "0": "fold",
    "1": "post_sb",
    "2": "post_bb",
    "3": "call",
    "4": "check",
    "5": "bet",
    "6": "raise",
    "23": "raise_to",
    "7": "allin",
    "15": "post_ante",
    "8": "notice",
    "9": "notice",
}
PROBLEM_SCHEMA = pl.Schema({"hand_key": pl.Int64, "line_no": pl.Int32, "reason": pl.String})
#: The number formats of a game's amounts, whatever currency text follows ("2,50 kr", "€1.500").
_DECIMAL_COMMA = r",\d{1,2}[^\d]*$"


def money(text: pl.Expr) -> pl.Expr:
    """Minor units in the game's locale (columns `scale` and `eu` must be present)."""
    return (
        pl.when(pl.col("eu"))
        .then(to_minor_units(text, pl.col("scale"), EU))
        .otherwise(to_minor_units(text, pl.col("scale"), POINT))
    )


def _frame(group: dict[str, list[object]], names: tuple[str, ...]) -> pl.DataFrame:
    schema: dict[str, ColumnType] = {"file_id": pl.Int32, "game_ix": pl.Int32, "line_no": pl.Int32}
    schema |= {name: pl.String for name in names}
    if not group:
        return pl.DataFrame(schema=schema)
    return pl.DataFrame({name: group.get(name) for name in schema}, schema=schema)


def _problems(frame: pl.DataFrame, reason: pl.Expr) -> pl.DataFrame:
    return frame.select("hand_key", "line_no", reason.alias("reason")).cast(PROBLEM_SCHEMA)


def _eu_games(cols: XmlColumns) -> pl.DataFrame:
    """Games whose amounts show a decimal comma (`€0,50`)."""
    amounts = [
        _frame(cols.player, ("chips", "win", "bet")).unpivot(
            ["chips", "win", "bet"], index=["file_id", "game_ix"]
        ),
        _frame(cols.action, ("sum",)).unpivot(["sum"], index=["file_id", "game_ix"]),
    ]
    value = pl.col("value").str.strip_chars()
    return (
        pl.concat(amounts)
        .group_by("file_id", "game_ix")
        .agg(
            value.str.contains(_DECIMAL_COMMA).any().alias("_comma"),
            value.str.contains(r"\d\.\d{3}[^\d]*$").any().alias("_dot_thousands"),
            value.str.contains(r"\.\d{1,2}[^\d]*$").any().alias("_dot_decimal"),
        )
        .select(
            "file_id",
            "game_ix",
            (pl.col("_comma") | (pl.col("_dot_thousands") & ~pl.col("_dot_decimal"))).alias("eu"),
        )
    )


def _structure(gametype: pl.Expr) -> pl.Expr:
    text = gametype.fill_null("")
    return (
        pl.when(text.str.contains(r"(?i)\b(?:NL|SL|БЛ|no ?limit)\b"))
        .then(pl.lit("NL"))
        .when(text.str.contains(r"(?i)\b(?:PL|pot ?limit)\b"))
        .then(pl.lit("PL"))
        .when(text.str.contains(r"(?i)\b(?:L|FL|LH|limit|fixed)\b"))
        .then(pl.lit("FL"))
        .otherwise(pl.lit("UNKNOWN"))
    )


def _game(gametype: pl.Expr, hole: pl.Expr) -> pl.Expr:
    text = gametype.fill_null("")
    return (
        pl.when(text.str.contains(r"(?i)six plus|6\+"))
        .then(pl.lit("holdem_6plus"))
        .when(text.str.contains(r"(?i)\brazz\b"))
        .then(pl.lit("razz"))
        .when(text.str.contains(r"(?i)\b(?:5|five)[ -]?card stud\b"))
        .then(pl.lit("five_card_stud"))
        .when(text.str.contains(r"(?i)\b(?:7|seven) card stud\b"))  # and stud hi-lo (is_hilo)
        .then(pl.lit("stud"))
        .when(hole == 2)
        .then(pl.lit("holdem"))
        .when(hole == 4)
        .then(pl.lit("omaha4"))
        .when(hole == 5)
        .then(pl.lit("omaha5"))
        .when(hole == 6)
        .then(pl.lit("omaha6"))
        .when(text.str.contains(r"(?i)omaha"))
        .then(pl.lit("omaha4"))
        .when(text.str.contains(r"(?i)hold.?em|\bLH\b"))
        .then(pl.lit("holdem"))
        .otherwise(pl.lit("unknown"))
    )


def _started_at(text: pl.Expr) -> pl.Expr:
    formats = (
        "%Y-%m-%d %H:%M:%S",
        "%Y/%m/%d %H:%M:%S",
        "%d-%b-%Y %H:%M:%S",  # 20-Apr-2012 20:42:31
        "%d/%m/%Y %H:%M",
    )
    parsed = [text.str.to_datetime(f, strict=False, time_unit="us") for f in formats]
    return pl.coalesce(parsed).dt.replace_time_zone("UTC")


def _hole_counts(cols: XmlColumns) -> pl.DataFrame:
    cards = _frame(cols.cards, ("type", "player", "text"))
    pocket = cards.filter(pl.col("type").str.to_lowercase() == "pocket")
    return pocket.group_by("file_id", "game_ix").agg(
        pl.col("text").str.split(" ").list.len().max().alias("hole")
    )


def games_frame(cols: XmlColumns, headers: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """One row per hand header with the game-level columns, and the unreadable hands."""
    raw = pl.DataFrame(
        {
            "file_id": cols.game_file,
            "game_ix": cols.game_ix,
            "line_no": cols.game_line,
            "hand_id": cols.game_code,
            "closed": cols.game_closed,
            **{name: cols.game_fields[name] for name in GENERAL_FIELDS},
        },
        schema={
            "file_id": pl.Int32,
            "game_ix": pl.Int32,
            "line_no": pl.Int32,
            "hand_id": pl.String,
            "closed": pl.Boolean,
            **{name: pl.String for name in GENERAL_FIELDS},
        },
    )
    errors = pl.DataFrame(
        cols.errors,
        schema={"file_id": pl.Int32, "error_line": pl.Int32, "error": pl.String},
        orient="row",
    )
    games = headers.join(raw, on=["file_id", "line_no"], how="left")
    games = games.join(errors, on="file_id", how="left")
    unreadable = games.filter(pl.col("closed").is_null() | ~pl.col("closed"))
    reason = pl.coalesce(
        pl.format("{} (line {})", pl.col("error"), pl.col("error_line")),
        pl.lit("the <game> element is not closed"),
    )
    shared = games.filter(pl.len().over("hand_key") > 1)
    problems = pl.concat(
        [
            _problems(unreadable, reason),
            _problems(shared, pl.lit("several <game> elements start on this line")),
        ]
    )
    games = games.filter(pl.col("closed").fill_null(False)).unique("hand_key", keep="first")
    return _game_columns(games, cols), problems


def _game_columns(games: pl.DataFrame, cols: XmlColumns) -> pl.DataFrame:
    games = games.join(_eu_games(cols), on=["file_id", "game_ix"], how="left")
    games = games.join(_hole_counts(cols), on=["file_id", "game_ix"], how="left")
    tournament = pl.col("tournamentcode").fill_null("").str.len_chars() > 0
    tournament = tournament | (pl.col("tournamentname").fill_null("").str.len_chars() > 0)
    declared = pl.coalesce(
        pl.col("tablecurrency").str.strip_chars().replace("", None),
        pl.col("currency").str.strip_chars().replace("", None),
        currency_of(pl.col("gametype").fill_null("")),
    )
    return games.with_columns(
        pl.col("line_no").alias("hand_line"),
        pl.col("eu").fill_null(False) | pl.col("gametype").fill_null("").str.contains(r"\d,\d"),
        tournament.alias("is_tournament"),
        pl.when(tournament).then(pl.lit("chips")).otherwise(declared).alias("currency"),
        pl.when(tournament).then(pl.lit(1)).otherwise(pl.lit(100)).cast(pl.Int32).alias("scale"),
        _structure(pl.col("gametype")).alias("structure"),
        _game(pl.col("gametype"), pl.col("hole")).alias("game"),
        pl.col("gametype").fill_null("").str.contains(r"(?i)hi.?lo|h/l").alias("is_hilo"),
        _started_at(pl.col("startdate")).alias("started_at"),
        pl.col("tablename").alias("table_name"),
        pl.col("tablename").str.contains(SPEED_POOL).fill_null(False).alias("is_fast_fold"),
    )


def players_frame(cols: XmlColumns, games: pl.DataFrame) -> pl.DataFrame:
    """Seats: seat, player, starting stack (`chips`), dealer flag, sitting_out."""
    raw = _frame(cols.player, ("seat", "name", "chips", "dealer"))
    keys = games.select("file_id", "game_ix", "hand_key", "scale", "eu")
    frame = raw.join(keys, on=["file_id", "game_ix"], how="inner")
    kind = pl.col("type").replace_strict(TYPES, default=None, return_dtype=pl.String)
    acts = _frame(cols.action, ("player", "type")).with_columns(kind.fill_null("?").alias("kind"))
    player_keys = ["file_id", "game_ix", "player"]
    # Dealt in: pocket cards or any action but a seat notice (a player who posts and then sits
    # out is folded by the site: see ipoker_actions._sat_out_folds).
    acted = acts.filter(pl.col("kind") != "notice")
    pocket = _frame(cols.cards, ("type", "player"))
    pocket = pocket.filter(pl.col("type").str.to_lowercase() == "pocket")
    dealt = pl.concat([acted.select(player_keys), pocket.select(player_keys)])
    present = dealt.unique().with_columns(pl.lit(True).alias("in_hand"))
    frame = frame.join(
        present,
        left_on=["file_id", "game_ix", "name"],
        right_on=["file_id", "game_ix", "player"],
        how="left",
    )
    return frame.select(
        "hand_key",
        pl.col("seat").cast(pl.Int16, strict=False),
        pl.col("name").alias("player"),
        money(pl.col("chips")).alias("stack"),
        ~pl.col("in_hand").fill_null(False).alias("sitting_out"),
        (pl.col("dealer") == "1").alias("dealer"),
        pl.lit(None, dtype=pl.Int64).alias("final_stack"),
        "line_no",
    )
