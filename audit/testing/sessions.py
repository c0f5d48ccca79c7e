"""The session notation of the across-hands rules' docstring examples (and session vectors).

    cash NL 50/100 table T                        cash or tournament, structure sb/bb, table
                                                  (`pool T`: a fast-fold pool's hands)
    schedule rate 5% increment 1 down nfnd cap 2+:30      optional: the site's rake schedule
                                                  (rounding down/half_even/up, `nfnd` no flop no
                                                  drop, caps `players:cap` for the title's bb)
    hand 101 at 12:00:00 button 1 sb 2 bb 3: P1=5000>4900 P2@4=5000 ... !

One line per hand: its id, start time (a day of 2026-01-01, UTC), button seat, optional blind
seats (`sb`/`bb`), `rake N`, `pot N`, `noflop` (the pot was won preflop), `out P` (P sits
out), `game G` (a game of parsers/games.py GAMES, hold'em when absent: a mixed rotation's
hands; a stud hand has no button and no blinds); then its seats: `name=stack` or
`name=stack>end` (the end stack), `name@seat=...` for
an explicit seat (else seats 1, 2, ... in order), `...+N` chips a top-up, rebuy or add-on line
of the hand adds for the next hand (seats.added; `+N:rebuy` names the kind, else top_up in
cash and rebuy in a tournament). `!` at the end marks a hand the rule flags.
"""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime
from typing import Any

import polars as pl

from audit.sessions.rake import RakeSchedule, schedule_from_table
from parsers.games import GAMES
from parsers.schema import conform, empty

_TITLE = re.compile(
    r"^(?P<kind>cash|tournament) (?P<structure>[A-Z]+) (?P<sb>\d+)/(?P<bb>\d+)"
    r" (?P<where>table|pool) (?P<table>\S+)$"
)
_HAND = re.compile(
    r"^hand (?P<id>\S+) at (?P<time>\d\d:\d\d:\d\d)(?P<rest>[^:]*): (?P<seats>.*?)\s*(?P<mark>!)?$"
)
_SEAT = re.compile(
    r"^(?P<name>[^=@]+)(?:@(?P<seat>\d+))?=(?P<stack>\d+)(?:>(?P<end>\d+))?"
    r"(?:\+(?P<added>\d+)(?::(?P<kind>top_up|rebuy|add_on))?)?$"
)


def _hand_options(rest: str) -> dict[str, Any]:
    words = rest.split()
    options: dict[str, Any] = {"noflop": "noflop" in words, "out": set()}
    for key, value in itertools.pairwise(words):
        if key in ("button", "sb", "bb", "rake", "pot"):
            options[key] = int(value)
        elif key == "out":
            options["out"].add(value)
        elif key == "game":
            options["game"] = value
    return options


def _seat_rows(
    spec: str, hand_key: int, hand_id: str, out: set[str], tournament: bool
) -> list[dict[str, Any]]:
    rows = []
    for index, token in enumerate(spec.split()):
        match = _SEAT.match(token)
        if not match:
            raise ValueError(f"bad seat {token!r}")
        end, added = match["end"], match["added"]
        kind = match["kind"] or ("rebuy" if tournament else "top_up")
        rows.append({
            "hand_key": hand_key, "hand_id": hand_id, "player": match["name"],
            "seat": int(match["seat"]) if match["seat"] else index + 1,
            "stack": int(match["stack"]), "sitting_out": match["name"] in out,
            "final_stack": None, "end_stack": int(end) if end is not None else None,
            "added": int(added) if added else None, "added_before": None,
            "added_line": hand_key * 10 + 9 if added else None,
            "added_kinds": kind if added else None,
        })  # fmt: skip
    return rows


def _schedule(line: str, site: str, big_blind: int) -> RakeSchedule:
    words = line.split()[1:]
    caps = [
        {"big_blind": big_blind, "players": word.split(":")[0], "cap": int(word.split(":")[1])}
        for key, word in itertools.pairwise(words)
        if key == "cap"
    ]
    table = {
        "source": "example", "rate": words[words.index("rate") + 1],
        "increment": int(words[words.index("increment") + 1]) if "increment" in words else 1,
        "rounding": next((w for w in words if w in ("down", "half_even", "up")), "down"),
        "no_flop_no_drop": "nfnd" in words, "caps": caps,
    }  # fmt: skip
    return schedule_from_table(site, table)


def parse_session(text: str, site: str = "vectors") -> tuple[dict[str, Any], list[str]]:
    """(hands, seats, actions, quarantine) frames of a session example and its rake schedules
    ({site: RakeSchedule} under "schedules"), and the marked ids."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    title = _TITLE.match(lines[0])
    if not title:
        raise ValueError(f"bad session title {lines[0]!r}")
    schedules = {}
    if len(lines) > 1 and lines[1].startswith("schedule "):
        schedules[site] = _schedule(lines.pop(1), site, int(title["bb"]))
    hands, seats, actions, marked = [], [], [], []
    for key, line in enumerate(lines[1:]):
        match = _HAND.match(line)
        if not match:
            raise ValueError(f"bad hand line {line!r}")
        options = _hand_options(match["rest"])
        hour, minute, second = (int(part) for part in match["time"].split(":"))
        hands.append({
            "hand_key": key, "site": site, "hand_id": match["id"], "source_file": "session.txt",
            "line_no": key * 10 + 1, "game": options.get("game", "holdem"), "is_hilo": False,
            "structure": title["structure"], "is_tournament": title["kind"] == "tournament",
            "currency": "chips", "unit": "chips", "scale": 1, "small_blind": int(title["sb"]),
            "big_blind": int(title["bb"]), "small_bet": None, "big_bet": None, "ante": 0,
            "bb_ante": False, "straddles": 0, "cap": None, "table_name": title["table"],
            "max_seats": 9, "button_seat": options.get("button"),
            "started_at": datetime(2026, 1, 1, hour, minute, second, tzinfo=UTC), "boards": 1,
            "total_pot": options.get("pot"), "rake": options.get("rake"), "site_added": 0,
            "is_fast_fold": title["where"] == "pool",
        })  # fmt: skip
        tournament = title["kind"] == "tournament"
        seats += _seat_rows(match["seats"], key, match["id"], options["out"], tournament)
        actions += _post_rows(key, match["id"], options, int(title["sb"]), int(title["bb"]))
        if match["mark"]:
            marked.append(match["id"])
    return {**_frames(hands, seats, actions), "schedules": schedules}, marked


def _post_rows(key: int, hand_id: str, options: dict[str, Any], sb: int, bb: int) -> list[dict]:
    posts = [("post_sb", options.get("sb"), sb), ("post_bb", options.get("bb"), bb)]
    first = GAMES[options.get("game", "holdem")].rounds[0].street
    rows = [
        {"hand_key": key, "hand_id": hand_id, "seq": seq, "street": first, "player": None,
         "seat": seat, "kind": kind, "amount": amount, "to_amount": None, "is_all_in": False,
         "line_no": key * 10 + 2 + seq}
        for seq, (kind, seat, amount) in enumerate(posts) if seat is not None
    ]  # fmt: skip
    # a hand won in the first round: the first poster folds; else a check in the second
    rounds = GAMES[options.get("game", "holdem")].rounds
    street, kind = (rounds[0].street, "fold") if options["noflop"] else (rounds[1].street, "check")
    base = rows[0] if rows else {"hand_key": key, "hand_id": hand_id, "seat": 1, "player": None,
                                 "is_all_in": False, "to_amount": None}  # fmt: skip
    rows.append({**base, "seq": len(rows), "street": street, "kind": kind, "amount": 0,
                 "line_no": key * 10 + 5})  # fmt: skip
    return rows


def _frames(hands: list[dict], seats: list[dict], actions: list[dict]) -> dict[str, pl.DataFrame]:
    nullable = {
        "final_stack": pl.Int64,
        "end_stack": pl.Int64,
        "added": pl.Int64,
        "added_before": pl.Int64,
        "added_line": pl.Int32,
        "added_kinds": pl.String,
    }
    seat_frame = pl.DataFrame(seats, schema_overrides=nullable)
    ends = seat_frame.select("hand_key", "seat", "end_stack")
    frames = {
        "hands": conform(pl.DataFrame(hands, infer_schema_length=None), "hands"),
        "seats": conform(seat_frame, "seats").join(ends, on=["hand_key", "seat"], how="left"),
        "actions": conform(pl.DataFrame(actions, infer_schema_length=None), "actions"),
        "quarantine": empty("quarantine"),
    }  # fmt: skip
    return frames
