"""Canonical tables -> PHH text (one `[n]` table per hand), for replay in PokerKit.

The per-player lists and the action strings are built as Polars expressions; only the final
TOML text of each hand is formatted in Python. Players are numbered from the first dealt-in
seat after the button (p1 the small blind, pn the button; heads-up p1 the big blind and p2 the
button, PokerKit's convention). Amounts are written as integers in the hand's minor units with
`_hhaudit_scale` (hhaudit's reader takes them back as they are; PokerKit does not care about
units). Cards are the log's (the `cards` table: the hole cards a player was dealt, showed or
mucked face up, and the board); a card the log does not show is PHH's unknown card `??`
(`d dh p2 ????`), never one made up (see `_known_cards`).

Settlement: `winnings` (each player's collects: PHH's winnings are the pots collected, after the
rake) when the hand was settled, `finishing_stacks` when the source stated every dealt player's
final stack, and the source's `total_pot` and `rake` as `_hhaudit_total_pot` / `_hhaudit_rake`
(PHH has no field for them). Uncalled returns are not written: the notation implies them. A
hand with a cash-out, or whose collects go to a player not dealt in, gets no settlement fields.

A hand is skipped, with a reason, when PHH cannot express it: no PHH variant for its game and
structure (pot-limit hold'em, capped or unknown structure, ...), dead money posts, a player
posting twice, several boards, an unknown button or stack.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import polars as pl

from parsers.games import FLOP
from parsers.schema import ColumnType

#: (game, structure, is_hilo) -> PHH variant code (PokerKit 0.7.7's board games).
VARIANTS: dict[tuple[str, str, bool], str] = {
    ("holdem", "NL", False): "NT",
    ("holdem", "FL", False): "FT",
    ("shortdeck", "NL", False): "NS",
    ("holdem_6plus", "NL", False): "NS",
    ("omaha4", "PL", False): "PO",
    ("omaha4", "FL", True): "FO/8",
}
HOLE_CARDS = {"omaha4": 4, "omaha5": 5, "omaha6": 6}
BETTING = ("fold", "check", "call", "bet", "raise")
LIVE = ("post_sb", "post_bb", "post_straddle", "post_live")
PLAYER_FIELDS = ("idx", "position", "ante", "blind", "stack", "player", "seat", "won", "final")
SETTLEMENT = ("uncalled_return", "collect", "cash_out")


@dataclass(frozen=True)
class PhhOutput:
    """Written hands (hand_key, text) and skipped hands (hand_key, hand_id, line_no, reason)."""

    written: list[tuple[int, str]]
    skipped: pl.DataFrame


def _variant(hands: pl.DataFrame) -> pl.DataFrame:
    codes = pl.DataFrame(
        [(g, s, h, v) for (g, s, h), v in VARIANTS.items()],
        schema={
            "game": pl.String,
            "structure": pl.String,
            "is_hilo": pl.Boolean,
            "variant": pl.String,
        },
        orient="row",
    )
    return hands.join(codes, on=["game", "structure", "is_hilo"], how="left")


def _players(hands: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Dealt-in players in PHH order with their ante and blind (signed, as PHH writes it)."""
    in_play = actions.filter(~pl.col("kind").is_in(SETTLEMENT))
    acted = in_play.select("hand_key", "seat").unique().with_columns(pl.lit(True).alias("acted"))
    dealt = seats.join(acted, on=["hand_key", "seat"], how="left")
    dealt = dealt.filter(~pl.col("sitting_out") | pl.col("acted").fill_null(False))
    dealt = dealt.join(hands.select("hand_key", "button_seat"), on="hand_key")
    after_button = (pl.col("seat") - pl.col("button_seat") - 1) % 1000
    dealt = dealt.sort("hand_key", after_button).with_columns(
        pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key").alias("idx"),
        pl.len().over("hand_key").cast(pl.Int32).alias("n"),
    )
    dealt = dealt.join(_won(actions), on=["hand_key", "seat"], how="left")
    return dealt.join(_posts(hands, actions), on=["hand_key", "seat"], how="left").with_columns(
        pl.col("won").fill_null(0),
        pl.col("final_stack").alias("final"),
        pl.col("ante").fill_null(0),
        pl.col("blind").fill_null(0),
        pl.col("live_posts").fill_null(0),
        pl.col("dead_posts").fill_null(0),
        pl.when(pl.col("n") == 2).then(1 - pl.col("idx")).otherwise("idx").alias("position"),
    )


def _won(actions: pl.DataFrame) -> pl.DataFrame:
    """Per seat: the chips collected (PHH `winnings`)."""
    collects = actions.filter(pl.col("kind") == "collect")
    return collects.group_by("hand_key", "seat").agg(pl.col("amount").sum().alias("won"))


def _settled(actions: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, settled): collects, all to dealt-in players, and no cash-out."""
    kind = pl.col("kind")
    dealt = players.select("hand_key", "seat").with_columns(pl.lit(True).alias("dealt"))
    rows = actions.filter(kind.is_in(["collect", "cash_out"]))
    rows = rows.join(dealt, on=["hand_key", "seat"], how="left")
    return rows.group_by("hand_key").agg(
        (
            (kind == "collect").any()
            & (kind != "cash_out").all()
            & pl.col("dealt").is_not_null().all()
        ).alias("settled")
    )


def _posts(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Per seat: ante, signed live blind (a short all-in blind is written at its nominal size,
    which PokerKit trims to the stack), and counts of live and dead posts."""
    kind = pl.col("kind")
    rows = actions.join(hands.select("hand_key", "small_blind", "big_blind"), on="hand_key")
    short = pl.col("is_all_in")
    value = (
        pl.when((kind == "post_sb") & short)
        .then(pl.max_horizontal("amount", "small_blind"))
        .when((kind == "post_bb") & short)
        .then(pl.max_horizontal("amount", "big_blind"))
        .when(kind == "post_live")
        .then(-pl.col("amount"))
        .otherwise("amount")
    )
    return rows.group_by("hand_key", "seat").agg(
        pl.col("amount").filter(kind == "post_ante").sum().alias("ante"),
        value.filter(kind.is_in(LIVE)).sum().alias("blind"),
        kind.is_in(LIVE).sum().alias("live_posts"),
        (kind == "post_dead").sum().alias("dead_posts"),
    )


UNKNOWN_CARD = "??"  # PHH's card not shown


def _known_cards(cards: pl.DataFrame | None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per (hand_key, seat) the hole cards the log shows (`holes`, a list in the order first
    seen: dealt, then shown or mucked face up), and per (hand_key, street) the first board's
    cards (`boards`); each card once."""
    holes_schema: dict[str, ColumnType] = {
        "hand_key": pl.Int64,
        "seat": pl.Int16,
        "known": pl.List(pl.String),
    }
    boards_schema: dict[str, ColumnType] = {
        "hand_key": pl.Int64,
        "street": pl.Int8,
        "known": pl.List(pl.String),
    }
    if cards is None or cards.is_empty():
        return pl.DataFrame(schema=holes_schema), pl.DataFrame(schema=boards_schema)
    seen = cards.filter(pl.col("card").is_not_null()).sort("hand_key", "line_no", "position")
    holes = seen.filter(
        pl.col("source").is_in(["dealt", "shown", "mucked"]), pl.col("seat").is_not_null()
    )
    holes = holes.group_by("hand_key", "seat", maintain_order=True).agg(
        pl.col("card").unique(maintain_order=True).alias("known")
    )
    board = seen.filter((pl.col("source") == "board") & (pl.col("board") == 1))
    boards = (
        board.sort("hand_key", "street", "position")
        .group_by("hand_key", "street", maintain_order=True)
        .agg(pl.col("card").unique(maintain_order=True).alias("known"))
    )
    return holes.cast(holes_schema), boards.cast(boards_schema)  # type: ignore[arg-type]


def _cards_text(known: pl.Expr, count: pl.Expr) -> pl.Expr:
    """`count` cards as PHH writes them: the known ones (at most `count`), then `??` for each
    card the log does not show."""
    shown = known.fill_null([]).list.head(count)
    missing = (count - shown.list.len()).clip(lower_bound=0)
    return shown.list.join("") + pl.lit(UNKNOWN_CARD).repeat_by(missing).list.join("")


def _action_strings(
    hands: pl.DataFrame,
    players: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """Per hand, the PHH action list: hole dealings, then betting with board dealings."""
    who = players.select("hand_key", "seat", "idx")
    bets = actions.filter(pl.col("kind").is_in(BETTING)).join(who, on=["hand_key", "seat"])
    actor = pl.format("p{} ", pl.col("idx") + 1)
    verb = (
        pl.when(pl.col("kind") == "fold")
        .then(pl.lit("f"))
        .when(pl.col("kind").is_in(["check", "call"]))
        .then(pl.lit("cc"))
        .otherwise(pl.format("cbr {}", pl.col("to_amount")))
    )
    bets = bets.select(
        "hand_key", "street", pl.col("seq").cast(pl.Int64), (actor + verb).alias("text")
    )
    last = bets.group_by("hand_key").agg(pl.col("street").max().alias("last"))
    boards = last.with_columns(pl.int_ranges(FLOP, pl.col("last") + 1).alias("street")).explode(
        "street"
    )
    known_holes, known_boards = _known_cards(cards)
    size = pl.when(pl.col("street") == FLOP).then(3).otherwise(1)  # flop 3 cards, turn, river 1
    boards = boards.filter(pl.col("street").is_not_null()).with_columns(
        pl.col("street").cast(pl.Int8)
    )
    boards = boards.join(known_boards, on=["hand_key", "street"], how="left").select(
        "hand_key",
        "street",
        pl.lit(-1, dtype=pl.Int64).alias("seq"),
        (pl.lit("d db ") + _cards_text(pl.col("known"), size)).alias("text"),
    )
    hole_count = hands.select(
        "hand_key", pl.col("game").replace_strict(HOLE_CARDS, default=2).alias("k")
    )
    holes = (
        players.join(hole_count, on="hand_key")
        .join(known_holes, on=["hand_key", "seat"], how="left")
        .select(
            "hand_key",
            pl.lit(-1, dtype=pl.Int8).alias("street"),
            pl.col("idx").cast(pl.Int64).alias("seq"),
            (
                pl.format("d dh p{} ", pl.col("idx") + 1)
                + _cards_text(pl.col("known"), pl.col("k"))
            ).alias("text"),
        )
    )
    lines = pl.concat([holes, boards, bets.with_columns(pl.col("street").cast(pl.Int8))])
    lines = lines.sort("hand_key", "street", "seq")
    return lines.group_by("hand_key", maintain_order=True).agg(pl.col("text").alias("actions"))


def _skips(hands: pl.DataFrame, players: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Every reason a hand cannot be written (hand_key, reason)."""
    hilo = pl.when(pl.col("is_hilo")).then(pl.lit(" hi-lo")).otherwise(pl.lit(""))
    is_fl = pl.col("structure") == "FL"
    count = players.group_by("hand_key").agg(pl.len().alias("n"))
    parts = [
        hands.filter(pl.col("variant").is_null()).select(
            "hand_key", pl.format("no PHH variant for {} {}", "game", "structure") + hilo
        ),
        hands.filter(pl.col("button_seat").is_null()).select(
            "hand_key", pl.lit("the button seat is unknown")
        ),
        hands.filter(pl.col("boards") > 1).select(
            "hand_key", pl.lit("several boards (run it twice)")
        ),
        hands.filter(is_fl & (pl.col("small_bet").is_null() | pl.col("big_bet").is_null())).select(
            "hand_key", pl.lit("fixed-limit bet sizes unknown")
        ),
        hands.filter(~is_fl & pl.col("big_blind").is_null()).select(
            "hand_key", pl.lit("big blind unknown")
        ),
        players.filter(pl.col("dead_posts") > 0).select(
            "hand_key", pl.format("dead money posted by {} (PHH has no dead blinds)", "player")
        ),
        players.filter(pl.col("live_posts") > 1).select(
            "hand_key", pl.format("{} posted more than one blind", "player")
        ),
        players.filter(pl.col("stack").fill_null(0) <= 0).select(
            "hand_key", pl.format("stack of {} unknown or empty", "player")
        ),
        actions.filter(pl.col("seat").is_null()).select(
            "hand_key", pl.lit("an action by a player with no seat")
        ),
        count.filter(pl.col("n") < 2).select("hand_key", pl.lit("fewer than two players dealt in")),
    ]
    frames = [p.rename({p.columns[1]: "reason"}) for p in parts]
    return pl.concat(frames).unique("hand_key", keep="first", maintain_order=True)


def _toml_value(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _hand_text(number: int, fields: dict[str, object]) -> str:
    body = [f"{key} = {_toml_value(value)}" for key, value in fields.items() if value is not None]
    return f"[{number}]\n" + "\n".join(body) + "\n"


def _fields(
    hand: dict[str, object], people: dict[str, object], actions: list[str]
) -> dict[str, object]:
    n = len(people["idx"])  # type: ignore[arg-type]
    blinds = [0] * n
    for position, blind in zip(people["position"], people["blind"], strict=True):  # type: ignore[call-overload]
        blinds[position] = blind
    fixed = hand["structure"] == "FL"
    return {
        "variant": hand["variant"],
        "antes": people["ante"],
        "blinds_or_straddles": blinds,
        "min_bet": None if fixed else hand["big_blind"],
        "small_bet": hand["small_bet"] if fixed else None,
        "big_bet": hand["big_bet"] if fixed else None,
        "starting_stacks": people["stack"],
        "actions": actions,
        "players": people["player"],
        "seats": people["seat"],
        "seat_count": hand["max_seats"],
        "hand": hand["hand_id"],
        "table": hand["table_name"],
        "currency": hand["currency"],
        **_settlement_fields(hand, people),
        "_hhaudit_scale": hand["scale"],
        "_hhaudit_source": f"{hand['source_file']}:{hand['line_no']}",
    }


def _settlement_fields(hand: dict[str, object], people: dict[str, object]) -> dict[str, object]:
    if not hand["settled"]:
        return {}
    finals: list[object] = people["final"]  # type: ignore[assignment]
    return {
        "winnings": people["won"],
        "finishing_stacks": finals if all(v is not None for v in finals) else None,
        "_hhaudit_total_pot": hand["total_pot"],
        "_hhaudit_rake": hand["rake"],
    }


def to_phh(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame | None = None,
) -> PhhOutput:
    """PHH text of every hand PHH can express, in hand_key order, and the skipped hands; the
    cards from `cards` (the parsed cards table), `??` where the log shows none."""
    hands = _variant(hands.sort("hand_key"))
    players = _players(hands, seats, actions)
    skipped = _skips(hands, players, actions)
    good = hands.join(skipped, on="hand_key", how="anti")
    strings = _action_strings(good, players, actions, cards)
    per_player = (
        players.sort("hand_key", "idx")
        .group_by("hand_key")
        .agg(*(pl.col(name).alias(f"p_{name}") for name in PLAYER_FIELDS))
    )
    rows = good.join(per_player, on="hand_key").join(strings, on="hand_key", how="left")
    rows = rows.join(_settled(actions, players), on="hand_key", how="left").with_columns(
        pl.col("settled").fill_null(False)
    )
    written: list[tuple[int, str]] = []
    for number, row in enumerate(rows.sort("hand_key").iter_rows(named=True), start=1):
        people = {name: row[f"p_{name}"] for name in PLAYER_FIELDS}
        fields = _fields(row, people, row["actions"] or [])
        written.append((row["hand_key"], _hand_text(number, fields)))
    report = skipped.join(hands.select("hand_key", "hand_id", "line_no"), on="hand_key")
    return PhhOutput(written, report.select("hand_key", "hand_id", "line_no", "reason"))
