"""PHH flat columns -> canonical tables (Polars expressions; see parsers/documents/phh/reader.py for
the format).

Stages: hands (variant, blinds, scale) -> players (one row per pi) -> posts (antes, blinds,
straddles, derived from the hand's lists) and betting actions (parsed from the action strings)
-> chips: `cbr X` is a street total, `cc` calls up to the street's highest level or all-in,
which needs the chips each player put in on earlier streets (one vectorised pass per street).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from parsers.core.keys import file_of_key
from parsers.core.money import currency_of, to_minor_units
from parsers.core.pipeline import Tables
from parsers.core.quarantine_reasons import PHH_VARIANT_GAMES, UNSUPPORTED_GAME
from parsers.documents.phh.cards import phh_cards
from parsers.documents.phh.chips import with_chips
from parsers.documents.phh.implied import implied_postflop, implied_preflop
from parsers.documents.phh.settle import stated_results, with_settlement
from parsers.games import PREFLOP, RIVER
from parsers.schema import conform

SITE = "phh"
#: PHH variant code -> (game, structure, is_hilo). Board games only.
VARIANTS: dict[str, tuple[str, str, bool]] = {
    "NT": ("holdem", "NL", False),
    "FT": ("holdem", "FL", False),
    "NS": ("shortdeck", "NL", False),
    "PO": ("omaha4", "PL", False),
    "FO/8": ("omaha4", "FL", True),
}
LIST = pl.List(pl.String)
ROW_SCHEMA: dict[str, pl.DataType] = {
    "file_id": pl.Int32(),
    "header_line": pl.Int32(),
    "hand_line": pl.Int32(),
    "actions_line": pl.Int32(),
    "name": pl.String(),
    "error": pl.String(),
    **{k: LIST for k in ("antes", "blinds_or_straddles", "starting_stacks", "actions")},
    **{k: LIST for k in ("players", "seats", "winnings", "finishing_stacks")},
    **{k: pl.String() for k in ("min_bet", "small_bet", "big_bet", "seat_count", "minor_scale")},
    **{k: pl.String() for k in ("stated_pot", "stated_rake")},
    **{k: pl.String() for k in ("variant", "hand", "table", "currency_symbol", "currency")},
    "started_at": pl.Datetime("us", "UTC"),
    "is_tournament": pl.Boolean(),
}
_ACTION = r"^(?<actor>d|p\d+)\s+(?<verb>\S+)(?:\s+(?<arg>[^#]*?))?\s*(?:#.*)?$"


def _problem(frame: pl.DataFrame, line: str, reason: pl.Expr) -> pl.DataFrame:
    return frame.select(
        "hand_key", pl.col(line).cast(pl.Int32).alias("line_no"), reason.alias("reason")
    )


def _money(text: pl.Expr) -> pl.Expr:
    """Minor units; files written by hhaudit (`_hhaudit_scale`) already hold minor units."""
    return to_minor_units(text, pl.col("multiplier"))


def _hands(rows: dict[str, list[Any]], headers: pl.DataFrame) -> pl.DataFrame:
    raw = pl.DataFrame(rows or None, schema=ROW_SCHEMA)
    frame = headers.join(raw, on=["file_id", "header_line"], how="left")
    amounts = pl.concat_list(
        pl.col("antes").fill_null([]),
        pl.col("blinds_or_straddles").fill_null([]),
        pl.col("starting_stacks").fill_null([]),
        pl.concat_list(pl.col("min_bet"), pl.col("small_bet"), pl.col("big_bet")).list.drop_nulls(),
    )
    cbr_args = pl.col("actions").fill_null([]).list.eval(pl.element().str.extract(r" cbr (\S+)"))
    fractional = (
        amounts.list.eval(pl.element().str.contains(r"\.")).list.any()
        | cbr_args.list.eval(pl.element().str.contains(r"\.")).list.any()
    )
    symbol = pl.coalesce("currency", "currency_symbol")
    has_money = symbol.is_not_null()
    variant = pl.col("variant").fill_null("")
    known = variant.is_in(list(VARIANTS))
    minor = pl.col("minor_scale").cast(pl.Int32, strict=False)
    scale = pl.when(has_money | fractional.fill_null(False)).then(100).otherwise(1)
    return frame.with_columns(
        pl.col("starting_stacks").list.len().cast(pl.Int32).alias("n"),
        pl.coalesce(minor, scale).cast(pl.Int32).alias("scale"),
        pl.when(minor.is_not_null()).then(1).otherwise(scale).cast(pl.Int64).alias("multiplier"),
        pl.when(has_money)
        .then(pl.coalesce(currency_of(symbol), pl.lit("USD")))
        .otherwise(pl.lit("chips"))
        .alias("currency"),
        known.alias("known_variant"),
        pl.coalesce([pl.when(variant == k).then(pl.lit(v[0])) for k, v in VARIANTS.items()]).alias(
            "game"
        ),
        pl.coalesce([pl.when(variant == k).then(pl.lit(v[1])) for k, v in VARIANTS.items()]).alias(
            "structure"
        ),
        pl.coalesce([pl.when(variant == k).then(pl.lit(v[2])) for k, v in VARIANTS.items()]).alias(
            "is_hilo"
        ),
        pl.coalesce("hand", "name", pl.lit("1")).alias("hand_id"),
    )


def _players(hands: pl.DataFrame) -> pl.DataFrame:
    """One row per player: idx (0-based), name, seat, stack, ante, blind (signed)."""
    frame = hands.filter(pl.col("known_variant") & (pl.col("n") >= 2))
    frame = frame.with_columns(pl.int_ranges(0, pl.col("n"), dtype=pl.Int32).alias("idx"))
    frame = frame.explode("idx")
    at = pl.col("idx")
    # Heads-up, PokerKit swaps the blinds: p1 posts entry 1 (the big blind), p2 entry 0.
    position = pl.when(pl.col("n") == 2).then(1 - at).otherwise(at)
    blind_s = pl.col("blinds_or_straddles").list.get(position, null_on_oob=True)
    return frame.select(
        "hand_key",
        "hand_line",
        "scale",
        "multiplier",
        "n",
        "idx",
        position.alias("position"),
        pl.coalesce(
            pl.col("players").list.get(at, null_on_oob=True), pl.format("p{}", at + 1)
        ).alias("player"),
        pl.coalesce(
            pl.col("seats").list.get(at, null_on_oob=True).cast(pl.Int16, strict=False), at + 1
        )
        .cast(pl.Int16)
        .alias("seat"),
        _money(pl.col("starting_stacks").list.get(at, null_on_oob=True)).alias("stack"),
        _money(pl.col("antes").list.get(at, null_on_oob=True).fill_null("0")).alias("ante"),
        _money(blind_s.fill_null("0")).alias("blind"),
        blind_s.fill_null("").str.starts_with("-").alias("negative"),
        *stated_results(
            pl.col("winnings"), pl.col("finishing_stacks"), pl.col("starting_stacks"), at, _money
        ),
    ).with_columns(pl.min_horizontal("ante", "stack").alias("ante_paid"))


def _posts(players: pl.DataFrame) -> pl.DataFrame:
    """Antes (in player order), then blinds and straddles (in posting position order)."""
    antes = players.filter(pl.col("ante") > 0).select(
        "hand_key",
        "idx",
        pl.lit("post_ante").alias("kind"),
        pl.col("ante_paid").alias("target"),
        pl.col("idx").cast(pl.Float64).alias("order"),
    )
    kind = (
        pl.when(pl.col("negative"))
        .then(pl.lit("post_live"))
        .when((pl.col("position") == 0) & pl.col("lone_blind"))
        .then(pl.lit("post_bb"))
        .when(pl.col("position") == 0)
        .then(pl.lit("post_sb"))
        .when(pl.col("position") == 1)
        .then(pl.lit("post_bb"))
        .otherwise(pl.lit("post_straddle"))
    )
    # `[10, 0, ...]`: the only blind is the big blind (no small blind was posted).
    second = pl.col("blind").filter(pl.col("position") == 1).first().over("hand_key")
    players = players.with_columns((second.fill_null(0) == 0).alias("lone_blind"))
    blinds = players.filter(pl.col("blind") > 0).select(
        "hand_key",
        "idx",
        kind.alias("kind"),
        pl.min_horizontal("blind", pl.col("stack") - pl.col("ante_paid")).alias("target"),
        (pl.col("position") + 1000).cast(pl.Float64).alias("order"),
    )
    return pl.concat([antes, blinds]).with_columns(pl.lit(PREFLOP, dtype=pl.Int8).alias("street"))


def _parsed_actions(hands: pl.DataFrame) -> pl.DataFrame:
    """One row per action string: actor, verb, arg, street (board dealings so far: the board
    games' Street ids, PREFLOP..RIVER)."""
    frame = hands.filter(pl.col("known_variant")).select(
        "hand_key", "n", "multiplier", "actions_line", "actions"
    )
    frame = frame.with_columns(
        pl.int_ranges(0, pl.col("actions").list.len(), dtype=pl.Int32).alias("j")
    ).explode("actions", "j")
    frame = frame.filter(pl.col("actions").is_not_null())
    parts = pl.col("actions").str.strip_chars().str.extract_groups(_ACTION)
    frame = frame.with_columns(parts.alias("p")).unnest("p")
    board = ((pl.col("actor") == "d") & (pl.col("verb") == "db")).cast(pl.Int8)
    idx = pl.col("actor").str.strip_prefix("p").cast(pl.Int32, strict=False) - 1
    return frame.with_columns(
        board.cum_sum().over("hand_key", order_by="j").alias("street"),
        pl.when(pl.col("actor") != "d").then(idx).alias("idx"),
        _money(pl.col("arg")).alias("target"),
    )


def _action_problems(actions: pl.DataFrame) -> list[pl.DataFrame]:
    quoted = pl.lit("'") + pl.col("actions") + pl.lit("'")
    dealer_ok = (pl.col("actor") == "d") & pl.col("verb").is_in(["dh", "db"])
    player_ok = (pl.col("actor") != "d") & pl.col("verb").is_in(["f", "cc", "cbr", "sm"])
    return [
        _problem(
            actions.filter(~(dealer_ok | player_ok).fill_null(False)),
            "actions_line",
            pl.lit("unsupported action ") + quoted,
        ),
        _problem(
            actions.filter(
                (pl.col("actor") != "d") & ~pl.col("idx").is_between(0, pl.col("n") - 1)
            ),
            "actions_line",
            pl.lit("action by an unknown player ") + quoted,
        ),
        _problem(
            actions.filter((pl.col("verb") == "cbr") & pl.col("target").is_null()),
            "actions_line",
            pl.lit("amount unreadable in ") + quoted,
        ),
        _problem(
            actions.filter(pl.col("street") > RIVER),
            "actions_line",
            pl.lit("more than three board dealings (several boards are not supported) at ")
            + quoted,
        ),
    ]


def _unsupported_variant(variant: pl.Expr) -> pl.Expr:
    """ "unsupported game: Razz (PHH variant 'FR')" for a known game without a board, else
    "unsupported PHH variant 'X'" (parsers/core/quarantine_reasons.py classifies both)."""
    quoted = pl.lit("PHH variant '") + variant.fill_null("?") + pl.lit("'")
    game = variant.replace_strict(PHH_VARIANT_GAMES, default=None, return_dtype=pl.String)
    named = pl.lit(UNSUPPORTED_GAME) + game + pl.lit(" (") + quoted + pl.lit(")")
    return pl.when(game.is_not_null()).then(named).otherwise(pl.lit("unsupported ") + quoted)


def _hand_problems(hands: pl.DataFrame, players: pl.DataFrame) -> list[pl.DataFrame]:
    n = pl.col("n")
    bad_length = pl.lit(False)
    for key in ("players", "seats"):  # antes and blinds may be shorter (the rest are 0)
        bad_length = bad_length | (pl.col(key).list.len() != n).fill_null(False)
    return [
        _problem(hands.filter(pl.col("error").is_not_null()), "hand_line", pl.col("error")),
        _problem(
            hands.filter(pl.col("error").is_null() & ~pl.col("known_variant")),
            "hand_line",
            _unsupported_variant(pl.col("variant")),
        ),
        _problem(
            hands.filter(pl.col("known_variant") & ((n < 2) | n.is_null() | bad_length)),
            "hand_line",
            pl.lit("starting_stacks, players and seats disagree on the number of players"),
        ),
        _problem(
            players.filter(
                pl.col("stack").is_null() | pl.col("ante").is_null() | pl.col("blind").is_null()
            ),
            "hand_line",
            pl.format("amount unreadable for player p{}", pl.col("idx") + 1),
        ),
    ]


def _betting_rows(actions: pl.DataFrame) -> pl.DataFrame:
    betting = actions.filter((pl.col("actor") != "d") & pl.col("verb").is_in(["f", "cc", "cbr"]))
    return betting.select(
        "hand_key",
        "idx",
        pl.col("verb").alias("kind"),
        "target",
        (pl.col("j") + 1_000_000).cast(pl.Float64).alias("order"),
        pl.col("street").cast(pl.Int8),
    )


def _action_table(players: pl.DataFrame, actions: pl.DataFrame, bad: pl.DataFrame) -> pl.DataFrame:
    betting = _betting_rows(actions)
    implied = implied_preflop(betting, players)
    rows = pl.concat([_posts(players), betting, implied], how="vertical_relaxed")
    rows = rows.join(bad, on="hand_key", how="anti").sort("hand_key", "order")
    rows = rows.with_columns(pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key").alias("seq"))
    info = players.select("hand_key", "idx", "player", "seat", "stack", "ante_paid")
    rows = rows.join(info, on=["hand_key", "idx"], how="left", maintain_order="left")
    reached = actions.group_by("hand_key").agg(pl.col("street").max().alias("reached"))
    rows = implied_postflop(with_chips(rows), reached)
    return rows.with_columns(pl.lit(None, dtype=pl.Int32).alias("line_no"))


def _hand_table(hands: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    facts = players.group_by("hand_key").agg(
        pl.col("blind").filter(pl.col("position") == 0).first().alias("first"),
        pl.col("blind").filter(pl.col("position") == 1).first().alias("second"),
        pl.col("ante").max().alias("ante"),
        ((pl.col("ante") > 0).sum() == 1).alias("one_ante"),
        pl.col("position").filter(pl.col("ante") > 0).first().alias("ante_position"),
        ((pl.col("position") >= 2) & (pl.col("blind") > 0) & ~pl.col("negative"))
        .sum()
        .cast(pl.Int8)
        .alias("straddles"),
        pl.col("seat").filter(pl.col("idx") == pl.col("n") - 1).first().alias("button_seat"),
    )
    frame = hands.join(facts, on="hand_key", how="inner")
    is_fl = pl.col("structure") == "FL"
    return frame.with_columns(
        pl.lit(SITE).alias("site"),
        pl.col("hand_line").alias("line_no"),
        pl.when(pl.col("scale") == 1)
        .then(pl.lit("chips"))
        .otherwise(pl.lit("cents"))
        .alias("unit"),
        pl.when(pl.col("second") > 0).then(pl.col("first")).otherwise(0).alias("small_blind"),
        pl.coalesce(
            pl.col("second").replace(0, None),
            pl.col("first").replace(0, None),
            _money(pl.col("min_bet")),
        ).alias("big_blind"),
        pl.when(is_fl).then(_money(pl.col("small_bet"))).alias("small_bet"),
        pl.when(is_fl).then(_money(pl.col("big_bet"))).alias("big_bet"),
        pl.col("ante").fill_null(0),
        (pl.col("one_ante") & (pl.col("ante_position") == 1)).fill_null(False).alias("bb_ante"),
        pl.lit(None, dtype=pl.Int64).alias("cap"),
        pl.col("table").alias("table_name"),
        pl.col("seat_count").cast(pl.Int16, strict=False).alias("max_seats"),
        pl.lit(1, dtype=pl.Int8).alias("boards"),
        _money(pl.col("stated_pot")).alias("total_pot"),
        _money(pl.col("stated_rake")).alias("rake"),
    )


def _quarantine(problems: pl.DataFrame, hands: pl.DataFrame, sources: pl.DataFrame) -> pl.DataFrame:
    first = problems.sort("hand_key", "line_no").unique("hand_key", keep="first")
    frame = first.join(
        hands.select("hand_key", "hand_id", "hand_line", "header_line"), on="hand_key"
    )
    file_id = file_of_key()
    frame = frame.with_columns(file_id.alias("file_id")).join(sources, on="file_id", how="left")
    line = pl.coalesce("line_no", "hand_line", "header_line")
    return frame.select(
        pl.lit(SITE).alias("site"),
        "source_file",
        pl.coalesce("hand_line", "header_line").alias("line_no"),
        "hand_id",
        (pl.lit("line ") + line.cast(pl.String) + pl.lit(": ") + pl.col("reason")).alias("reason"),
    ).sort("source_file", "line_no")


def build_tables(
    rows: dict[str, list[Any]], headers: pl.DataFrame, sources: pl.DataFrame
) -> Tables:
    """Flat PHH rows + hand headers (file_id, header_line, hand_key) -> canonical tables."""
    hands = _hands(rows, headers)
    players = _players(hands)
    actions = _parsed_actions(hands)
    problems = pl.concat(
        [*_hand_problems(hands, players), *_action_problems(actions)], how="vertical_relaxed"
    )
    bad = problems.select("hand_key").unique()
    table = with_settlement(_action_table(players, actions, bad), players)
    good = _hand_table(hands, players).join(bad, on="hand_key", how="anti")
    file_of = file_of_key().alias("file_id")
    good = good.with_columns(file_of).join(sources, on="file_id", how="left")
    ids = good.select("hand_key", "hand_id")
    seats = players.join(ids, on="hand_key").with_columns(pl.lit(False).alias("sitting_out"))
    table = table.join(ids, on="hand_key")
    return Tables(
        hands=conform(good.sort("hand_key"), "hands"),
        seats=conform(seats.sort("hand_key", "seat"), "seats"),
        actions=conform(table.sort("hand_key", "seq"), "actions"),
        quarantine=conform(_quarantine(problems, hands, sources), "quarantine"),
        cards=phh_cards(actions, players, good, seats),
    )
