"""A vector as PokerStars text: the builder's site output (audit/testing/__init__.py).

The text is written from the vector's rows of the canonical tables (tables.py `hand_rows`,
cards.py `card_rows`), so the chips of every call are priced once, there;
tests/audit/test_hand_builder.py parses the text back and requires the same tables (line
numbers aside). What the format cannot say is refused with a ValueError naming it: a live post
of a new player or dead money (PokerStars prints both as blinds), a player without a seat line
(the parsers seat him at -1, the builder in his place), an ante posted short of the
stakes' (the header does not print it), final stacks, a street after a later one, hi/lo
hold'em, the stud and draw games (not written yet: add their street markers here
the way the board games' are).

    vector = site_hand(hand("NL 50/100; stacks 5000 x3; button P3\\npreflop: P3 raise 300, ..."))
    text = pokerstars(vector)   # parse_bytes(text.encode(), ...) gives tables(vector)

`site_hand` gives a vector the header fields a PokerStars log fixes (site, hand id, table,
start time); a chip game is a tournament's, the only chips PokerStars prints without a currency.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from audit.testing.cards import card_rows
from audit.testing.tables import hand_rows
from parsers.games import FLOP, PREFLOP, RIVER, SHOWDOWN, TURN

GAME_LABELS = {"holdem": "Hold'em", "omaha4": "Omaha", "omaha5": "5 Card Omaha"}
STRUCTURE_LABELS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
EASTERN = ZoneInfo("America/New_York")
#: The street markers of the board games and the board cards shown at each.
MARKERS = {FLOP: ("FLOP", 3), TURN: ("TURN", 4), RIVER: ("RIVER", 5)}
#: The words before a run-it-twice board's markers and summary line.
BOARD_WORDS = ("FIRST ", "SECOND ", "THIRD ")
POST_VERBS = {
    "post_sb": "posts small blind",
    "post_bb": "posts big blind",
    "post_straddle": "posts straddle",
    "post_ante": "posts the ante",
}
LIVE = ("post_sb", "post_bb", "post_straddle")
STARTED_AT = datetime(2026, 1, 5, 15, 0, tzinfo=UTC)
#: An amount of the hand's integer steps as the log prints it ("$0.50", "1500").
Money = Callable[[int], str]


def site_hand(vector: dict[str, Any], hand_id: int = 1, *, source_file: str = "hands.txt") -> dict:
    """`vector` with the fields a PokerStars log sets: site, a numeric hand id, table, start
    time (one minute per hand id after 2026-01-05 10:00 ET), and a tournament for chips."""
    fields: dict[str, Any] = {
        "site": "pokerstars",
        "id": str(hand_id),
        "source_file": source_file,
        "table": vector.get("table", "Builder"),
        "started_at": vector.get("started_at")
        or STARTED_AT.replace(minute=hand_id % 60, hour=15 + (hand_id // 60) % 8),
        "max_seats": vector.get("max_seats", 6),
        "tournament": vector.get("currency", "chips") == "chips",
        "marks_all_in": True,
    }
    return vector | fields


def pokerstars_hands(vectors: Iterable[dict[str, Any]]) -> str:
    """A log of several hands, each followed by the two blank lines PokerStars prints."""
    return "".join(pokerstars(vector) + "\n\n" for vector in vectors)


def pokerstars(vector: dict[str, Any]) -> str:
    """One hand as PokerStars prints it (its lines, ending with a newline)."""
    rows, cards = hand_rows(vector), card_rows(vector)
    hand = rows.hand
    money = _money(hand["currency"])
    _refuse(vector, hand, rows.actions)
    lines = [_header(hand, money), _table_line(hand)]
    lines += [
        f"Seat {s['seat']}: {s['player']} ({money(s['stack'])} in chips)"
        + (" is sitting out" if s["sitting_out"] else "")
        for s in sorted(rows.seats, key=lambda seat: seat["seat"])
        if s["stack"] is not None
    ]
    board_rows = _cards(cards, "board")
    boards = [
        [c["raw"] for c in board_rows if c["board"] == b] for b in range(1, hand["boards"] + 1)
    ]
    lines += _action_lines(rows.actions, boards, money, _shows(cards))
    lines += _summary(hand, boards, cards, rows.seats, money)
    return "\n".join(lines) + "\n"


def _refuse(vector: dict[str, Any], hand: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    kinds = {row["kind"] for row in actions}
    streets = [row["street"] for row in actions]
    antes = [row["amount"] for row in actions if row["kind"] == "post_ante"]
    reported = vector.get("settlement", {}).get("reported", {})
    unwritable = {
        "a live post or dead money": bool(kinds & {"post_live", "post_dead"}),
        "a street after a later one": streets != sorted(streets),
        "an ante short of the stakes' ante": bool(antes) and max(antes) < hand["ante"],
        "final stacks": bool(reported.get("final_stacks")),
        "a player without a seat line": any(p.get("stack", 0) is None for p in vector["players"]),
        f"the game {hand['game']}": hand["game"] not in GAME_LABELS,
        f"the structure {hand['structure']}": hand["structure"] not in STRUCTURE_LABELS,
        "a hi/lo hold'em game": bool(hand["is_hilo"]) and hand["game"] == "holdem",
    }
    missing = [what for what, present in unwritable.items() if present]
    if missing:
        raise ValueError(f"hand {hand['hand_id']}: PokerStars text cannot say {missing}")


def _money(currency: str) -> Money:
    symbol = SYMBOLS.get(currency)

    def money(amount: int) -> str:
        if symbol is None:
            return str(amount)
        units, cents = divmod(amount, 100)
        return f"{symbol}{units}" + (f".{cents:02d}" if cents else "")

    return money


def _header(hand: dict[str, Any], money: Money) -> str:
    hilo = " Hi/Lo" if hand["is_hilo"] else ""
    game = f"{GAME_LABELS[hand['game']]}{hilo} {STRUCTURE_LABELS[hand['structure']]}"
    fixed = hand["structure"] == "FL"
    low, high = (
        (hand["small_bet"], hand["big_bet"]) if fixed else (hand["small_blind"], hand["big_blind"])
    )
    when = ""
    if hand["started_at"] is not None:
        local = hand["started_at"].astimezone(EASTERN)
        when = f" - {local:%Y/%m/%d} {local.hour}:{local:%M:%S} ET"
    start = f"PokerStars Hand #{hand['hand_id']}:"
    if hand["is_tournament"]:
        return f"{start} Tournament #1, $1+$0.10 USD {game} - Level I ({low}/{high}){when}"
    code = "" if hand["currency"] == "play" else f" {hand['currency']}"
    return f"{start}  {game} ({money(low)}/{money(high)}{code}){when}"


def _table_line(hand: dict[str, Any]) -> str:
    play = " (Play Money)" if hand["currency"] == "play" else ""
    button = f" Seat #{hand['button_seat']} is the button" if hand["button_seat"] else ""
    return f"Table '{hand['table_name']}' {hand['max_seats']}-max{play}{button}"


def _cards(cards: list[dict[str, Any]], *sources: str) -> list[dict[str, Any]]:
    """The rows of `sources`, in the order their hands were shown, each hand's by position."""
    rows = [card for card in cards if card["source"] in sources]
    return sorted(rows, key=lambda card: (card["line_no"], card["position"]))


def _by_player(cards: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    players: dict[str, list[dict[str, Any]]] = {}
    for card in cards:
        players.setdefault(card["player"], []).append(card)
    return players


def _shows(cards: list[dict[str, Any]]) -> list[str]:
    """The showdown's lines: shown hands (with the log's name of the hand), mucks unseen."""
    lines = []
    for player, rows in _by_player(_cards(cards, "shown", "conceded")).items():
        if rows[0]["source"] == "conceded":
            lines.append(f"{player}: mucks hand")
            continue
        named = f" ({rows[0]['label']})" if rows[0]["label"] else ""
        lines.append(f"{player}: shows [{' '.join(c['raw'] for c in rows)}]{named}")
    return lines


def _action_lines(
    actions: list[dict[str, Any]], boards: list[list[str]], money: Money, shows: list[str]
) -> list[str]:
    """The posts, the hole cards' marker, each street's marker and actions, the settlement
    (the builder writes the posts first, the settlement last)."""
    posts = [row for row in actions if row["kind"] in POST_VERBS]
    lines = [
        f"{r['player']}: {POST_VERBS[r['kind']]} {money(r['amount'])}{_allin(r)}" for r in posts
    ]
    lines.append("*** HOLE CARDS ***")
    committed: dict[str, int] = {}
    for post in (row for row in posts if row["kind"] in LIVE):
        committed[post["player"]] = committed.get(post["player"], 0) + post["amount"]
    street = PREFLOP
    for row in actions[len(posts) :]:
        if row["street"] != street:
            lines += _markers(street, row["street"], boards, shows)
            street, committed = row["street"], {}
        lines.append(_action(row, money, max(committed.values(), default=0)))
        if row["kind"] in ("call", "bet", "raise"):
            committed[row["player"]] = committed.get(row["player"], 0) + row["amount"]
    if street != SHOWDOWN:
        lines += _markers(street, SHOWDOWN, boards, shows)
    return lines


def _markers(street: int, to: int, boards: list[list[str]], shows: list[str]) -> list[str]:
    """The markers of the streets after `street` up to `to` (their board cards where known);
    when `to` is the settlement, those of the streets whose cards are known (a hand won before
    the flop deals none), each board's own after a run-it-twice ("*** FIRST TURN ***"), and
    the showdown's."""
    board = boards[0] if boards else []
    if to <= RIVER:
        return [_marker(next_street, board) for next_street in range(street + 1, to + 1)]
    dealt = [s for s, (_, count) in MARKERS.items() if s > street and len(board) >= count]
    shared = len(board) if len(boards) < 2 else _shared(boards)
    lines = [_marker(s, board) for s in dealt if MARKERS[s][1] <= shared]
    for word, cards in zip(BOARD_WORDS, boards if len(boards) > 1 else [], strict=False):
        lines += [_marker(s, cards, word) for s in dealt if MARKERS[s][1] > shared]
    if shows:
        lines += [f"*** {'FIRST ' if len(boards) > 1 else ''}SHOW DOWN ***", *shows]
    return lines


def _shared(boards: list[list[str]]) -> int:
    """The number of board cards the boards of a run-it-twice share."""
    return next((i for i, cards in enumerate(zip(*boards, strict=False)) if len(set(cards)) > 1), 5)


def _marker(street: int, board: list[str], word: str = "") -> str:
    """ "*** TURN *** [Ah 7d 2c] [Ks]", the cards left out where the board does not say them."""
    name, count = MARKERS[street]
    if len(board) < count:
        return f"*** {word}{name} ***"
    if street == FLOP:
        return f"*** {word}{name} *** [{' '.join(board[:count])}]"
    return f"*** {word}{name} *** [{' '.join(board[: count - 1])}] [{board[count - 1]}]"


def _action(row: dict[str, Any], money: Money, current: int) -> str:
    """One action's line; `current` the street's bet before it (a raise prints its increase)."""
    kind, player, amount = row["kind"], row["player"], row["amount"]
    if kind == "uncalled_return":
        return f"Uncalled bet ({money(amount)}) returned to {player}"
    if kind == "collect":
        return f"{player} collected {money(amount)} from pot"
    if kind in ("fold", "check"):
        return f"{player}: {kind}s" + _allin(row)
    if kind == "call":
        return f"{player}: calls {money(amount)}" + _allin(row)
    if kind == "bet":
        return f"{player}: bets {money(amount)}" + _allin(row)
    if kind == "raise":
        by = row["to_amount"] - current
        return f"{player}: raises {money(by)} to {money(row['to_amount'])}" + _allin(row)
    raise ValueError(f"hand {row['hand_id']}: PokerStars text cannot say a {kind} row")


def _allin(row: dict[str, Any]) -> str:
    return " and is all-in" if row["is_all_in"] else ""


def _summary(
    hand: dict[str, Any],
    boards: list[list[str]],
    cards: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    money: Money,
) -> list[str]:
    lines = ["*** SUMMARY ***"]
    if hand["total_pot"] is not None:
        rake = hand["rake"] or 0
        lines.append(f"Total pot {money(hand['total_pot'])} | Rake {money(rake)}")
    if len(boards) > 1:
        lines.append("Hand was run twice" if len(boards) == 2 else "Hand was run three times")
        lines += [
            f"{word}Board [{' '.join(cards)}]"
            for word, cards in zip(BOARD_WORDS, boards, strict=False)
        ]
    elif boards and boards[0]:
        lines.append(f"Board [{' '.join(boards[0])}]")
    seat_of = {seat["player"]: seat["seat"] for seat in seats}
    for player, rows in _by_player(_cards(cards, "mucked")).items():
        shown = " ".join(card["raw"] for card in rows)
        lines.append(f"Seat {seat_of[player]}: {player} mucked [{shown}]")
    return lines
