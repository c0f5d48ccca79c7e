"""A vector's canonical tables: the builder's table output (audit/testing/__init__.py).

A vector names its players P1..Pn (any ids: the i-th player sits in seat i+1, one without a
seat line at -1, -2, ...), lists the posts (`sb`, `bb`, `straddle`, `post` live, `dead`, `ante`,
`bring_in`) and the actions in recorded
order, each with `street`, `player`, `type` and, for a bet/raise/complete (optionally a call),
`to`: the player's total commitment on the street after the action. A call without `to` is an
exact call; its chips come from a tiny commitment tracker (current bet, each player's commitment
and stack), which is the only bookkeeping done here: the checker itself never sees anything but
the tables.

Stud and draw games (RULES.md §13; `game` a parsers/games.py name): the posts are on the game's
first round; `stakes` may give `small_bet`, `big_bet` and `bring_in` without blinds and
`button` may be absent; a `bring_in` may also be an action (`"type": "bring_in", "to": 10`: a
live post in the order of the actions); `discard` actions give `cards` (the number discarded),
`stand_pat` none. `cards_from_vector` reads `up` ({player: the up cards in the order dealt,
3rd street first}) and `drawn` ({player: {street: the cards received in that draw}}).

The hand's header fields a site's log fixes (`site`, `source_file`, `table`, `currency`:
"chips" by default, "play", or a currency of cents such as "USD", `tournament`, `started_at`, a
UTC datetime, `max_seats`, `marks_all_in`: the log marks every all-in, so an action without
`all_in` is not one) are optional keys of the vector: its amounts are the integer steps of its
currency (cents for "USD").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from audit.state.unknown_stack import UNKNOWN_STACK
from parsers.games import FALLBACK_GAME, GAMES, PREFLOP, SHOWDOWN
from parsers.schema import STREET_NAMES, conform

POST_KINDS_BY_VECTOR = {
    "sb": "post_sb",
    "bb": "post_bb",
    "straddle": "post_straddle",
    "post": "post_live",
    "dead": "post_dead",
    "ante": "post_ante",
    "bring_in": "bring_in",
}
LIVE_POSTS = {"sb", "bb", "straddle", "post", "bring_in"}
#: Action types whose `to` is the player's total commitment after them.
RAISES_TO = ("bet", "raise", "complete")
#: Draw actions: no chips; `cards` is the number discarded.
DRAWS = ("discard", "stand_pat")


class _Tracker:
    """Per-street commitments and stacks, just enough to price an exact call."""

    def __init__(
        self, stacks: Mapping[str, int], big_blind: int, short_bb_call_full: bool, first: int
    ):
        self.stack = dict(stacks)
        self.big_blind = big_blind
        self.short_bb_call_full = short_bb_call_full
        self.first = first  # the street of the game's first round: the posts' (parsers/games.py)
        self.street = first
        self.committed: dict[str, int] = {}
        self.current_bet = 0

    def enter_street(self, street: int) -> None:
        if street != self.street:
            self.street = street
            self.committed = {}
            self.current_bet = 0

    def to_call(self, player: str) -> int:
        floor = self.big_blind if self.street == self.first and self.short_bb_call_full else 0
        return max(self.current_bet, floor) - self.committed.get(player, 0)

    def move(self, player: str, chips: int, live: bool) -> None:
        self.stack[player] -= chips
        if live:
            self.committed[player] = self.committed.get(player, 0) + chips

    def raise_to(self, player: str, to: int) -> int:
        chips = to - self.committed.get(player, 0)
        self.move(player, chips, live=True)
        self.current_bet = max(self.current_bet, self.committed[player])
        return chips


def _seats(vector: dict[str, Any]) -> dict[str, int]:
    """Each player's `seat`, else the i-th player sits in seat i + 1; a player without a seat
    line (stack None) sits where a parser seats him, -1, -2, ... in the order listed (the
    PokerStars writer refuses him)."""
    seat_of: dict[str, int] = {}
    for index, player in enumerate(vector["players"]):
        if "seat" in player:
            seat_of[player["id"]] = player["seat"]
        elif player["stack"] is None:
            seat_of[player["id"]] = -1 - sum(seat < 0 for seat in seat_of.values())
        else:
            seat_of[player["id"]] = index + 1
    return seat_of


def _street(name: str | int) -> int:
    return name if isinstance(name, int) else STREET_NAMES.index(name)


def _action_rows(vector: dict[str, Any], tracker: _Tracker, seat_of: dict[str, int]) -> list[dict]:
    rows: list[dict] = []
    amount: int | None
    for post in vector.get("posts", []):
        kind, amount, player = post["kind"], int(post["amount"]), post["player"]
        if kind in LIVE_POSTS:
            tracker.raise_to(player, tracker.committed.get(player, 0) + amount)
        else:
            tracker.move(player, amount, live=False)
        row = dict(street=tracker.first, player=player, kind=POST_KINDS_BY_VECTOR[kind])
        rows.append(row | {"amount": amount, "is_all_in": post.get("all_in")})
    for action in vector["actions"]:
        street, player, kind = _street(action["street"]), action["player"], action["type"]
        tracker.enter_street(street)
        to = action.get("to")
        amount = 0
        if kind in (*RAISES_TO, "bring_in") or (kind == "call" and to is not None):
            amount = tracker.raise_to(player, int(to))
        elif kind == "call":
            amount = max(0, min(tracker.to_call(player), tracker.stack[player]))
            tracker.move(player, amount, live=True)
        elif kind in DRAWS:
            amount = 0  # no chips, as the parsers write a draw row
        row = dict(street=street, player=player, kind=kind, amount=amount)
        row["to_amount"] = int(to) if kind in RAISES_TO else None
        row["is_all_in"] = action.get("all_in")
        if kind in DRAWS:
            row["n_cards"] = int(action.get("cards", 0))
        rows.append(row)
    rows.extend(_settlement_rows(vector, rows))
    for seq, row in enumerate(rows):
        row.update(seq=seq, line_no=seq + 1, seat=seat_of[row["player"]])
        row.setdefault("to_amount", None)
        row.setdefault("is_all_in", None)
        row.setdefault("n_cards", None)
    return rows


def _settlement_rows(vector: dict[str, Any], rows: list[dict]) -> list[dict]:
    reported = vector.get("settlement", {}).get("reported", {})
    last_street = max((row["street"] for row in rows), default=PREFLOP)
    out = [
        dict(street=last_street, player=player, kind="uncalled_return", amount=int(amount))
        for player, amount in reported.get("uncalled_returned", {}).items()
    ]
    out += [
        dict(street=SHOWDOWN, player=player, kind="collect", amount=int(amount))
        for player, amount in reported.get("collected", {}).items()
    ]
    return out


@dataclass(frozen=True)
class HandRows:
    """One hand's rows of the canonical tables as plain dicts (what the site writers read)."""

    hand: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]]


def hand_rows(
    vector: dict[str, Any], hand_key: int = 0, *, short_bb_call_full: bool = True
) -> HandRows:
    """The rows of one vector: the hand's, its seats' and its actions' (posts, the actions, the
    settlement), each exact call priced by the tracker."""
    seat_of = _seats(vector)
    stakes = vector["stakes"]
    given = {p["id"]: p["stack"] for p in vector["players"]}  # None: unknown (no seat line)
    stacks = {p: UNKNOWN_STACK if s is None else int(s) for p, s in given.items()}
    game = GAMES.get(vector.get("game", "holdem")) or GAMES[FALLBACK_GAME]
    big_blind = int(stakes.get("bb") or 0)
    tracker = _Tracker(stacks, big_blind, short_bb_call_full, game.rounds[0].street)
    hand_id = str(vector.get("id", hand_key))
    actions = _action_rows(vector, tracker, seat_of)
    for row in actions:
        row.update(hand_key=hand_key, hand_id=hand_id)
        if vector.get("marks_all_in") and row["is_all_in"] is None:
            row["is_all_in"] = False  # a site's log marks every all-in
    finals = vector.get("settlement", {}).get("reported", {}).get("final_stacks", {})
    seats = [
        dict(
            hand_key=hand_key,
            hand_id=hand_id,
            seat=seat_of[player],
            player=player,
            stack=stack,
            sitting_out=False,
            final_stack=finals.get(player),
        )
        for player, stack in given.items()
    ]
    return HandRows(_hand_row(vector, hand_key, hand_id, seat_of), seats, actions)


def tables_from_vector(
    vector: dict[str, Any], hand_key: int = 0, *, short_bb_call_full: bool = True
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(hands, seats, actions) canonical frames for one vector.

    `short_bb_call_full` only prices exact calls without `to` (use False for hands generated by
    an engine where a call against a short big blind pays the posted amount).
    """
    rows = hand_rows(vector, hand_key, short_bb_call_full=short_bb_call_full)
    hands = pl.DataFrame([rows.hand], infer_schema_length=None, schema_overrides=_TIME)
    seats = pl.DataFrame(rows.seats, schema_overrides={"final_stack": pl.Int64})
    actions = pl.DataFrame(rows.actions, schema_overrides={"n_cards": pl.Int8})
    actions = actions.with_columns(pl.col("kind").cast(pl.String))
    return conform(hands, "hands"), conform(seats, "seats"), conform(actions, "actions")


def _hand_row(
    vector: dict[str, Any], hand_key: int, hand_id: str, seat_of: dict[str, int]
) -> dict[str, Any]:
    stakes = vector["stakes"]
    structure = vector.get("structure", "NL")
    small_bet = stakes.get("small_bet", stakes.get("bb") if structure == "FL" else None)
    big_bet = stakes.get("big_bet", 2 * small_bet if small_bet is not None else None)
    ante_rule = vector.get("ante_rule") or {}
    reported = vector.get("settlement", {}).get("reported", {})
    currency = vector.get("currency", "chips")
    scale = 1 if currency in ("chips", "play") else 100
    return {
        "hand_key": hand_key,
        "site": vector.get("site", "vector"),
        "hand_id": hand_id,
        "source_file": vector.get("source_file", "rules_vectors.json"),
        "line_no": 1,
        "game": vector.get("game", "holdem"),
        "is_hilo": bool(vector.get("hilo", False)),
        "structure": structure,
        "is_tournament": bool(vector.get("tournament", False)),
        "currency": currency,
        "unit": "chips" if scale == 1 else "cents",
        "scale": scale,
        "small_blind": _optional(stakes.get("sb")),
        "big_blind": _optional(stakes.get("bb")),
        "small_bet": small_bet,
        "big_bet": big_bet,
        "ante": int(ante_rule.get("amount", 0)),
        "bb_ante": ante_rule.get("mode") == "bb",
        "straddles": sum(p["kind"] == "straddle" for p in vector.get("posts", [])),
        "cap": None,
        "table_name": vector.get("table", "vectors"),
        "max_seats": vector.get("max_seats", max(len(seat_of), 2)),
        "button_seat": seat_of[vector["button"]] if vector.get("button") else None,
        "started_at": vector.get("started_at"),
        "boards": max(len(vector.get("boards", [])), 1),
        "total_pot": reported.get("total_pot"),
        "rake": reported.get("rake"),
        "bring_in": _optional(stakes.get("bring_in")),
    }


_TIME = {"started_at": pl.Datetime("us", "UTC")}


def _optional(amount: Any) -> int | None:
    return None if amount is None else int(amount)
