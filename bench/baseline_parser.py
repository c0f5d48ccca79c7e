"""A plain pure-Python PokerStars parser: line by line, one regex per line kind.

This is how most open-source hand-history parsers work (a loop over lines, `re.match`, Python
objects per action). It exists only as a speed reference for the benchmark: it reads hands,
seats and actions with amounts in cents, but checks nothing and covers only what the
benchmark's generated NLHE cash files contain.

    python -m bench.baseline_parser FILE...   # prints {"hands", "actions", "seconds"}
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from parsers.games import FLOP, PREFLOP, RIVER, SHOWDOWN, TURN

HEADER = re.compile(
    r"^PokerStars (?:Hand|Game) #(\d+):\s+(.+?) \((\S+?)/(\S+?)(?: (\w+))?\) - (.+)$"
)
TABLE = re.compile(r"^Table '(.+)' (\d+)-max(?: \(Play Money\))? Seat #(\d+) is the button")
SEAT = re.compile(r"^Seat (\d+): (.+) \((\S+) in chips(?:, [^)]*)?\)( is sitting out)?$")
ACTION = re.compile(
    r"^(.+?): (posts small blind|posts big blind|posts the ante|posts small & big blinds"
    r"|posts straddle|folds|checks|calls|bets|raises)(?: (\S+))?(?: to (\S+))?( and is all-in)?$"
)
UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$")
COLLECT = re.compile(r"^(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?$")
TOTAL = re.compile(r"^Total pot (\S+).*\| Rake (\S+)")
STREET = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*")
STREET_NUMBER = {
    "HOLE CARDS": PREFLOP,
    "FLOP": FLOP,
    "TURN": TURN,
    "RIVER": RIVER,
    "SHOW DOWN": SHOWDOWN,
    "SUMMARY": SHOWDOWN + 1,  # the summary section (parsers/core/lines.py SUMMARY)
}


def cents(text: str) -> int:
    """`$1,234.50` -> 123450; `1500` (chips) -> 1500."""
    digits = text.lstrip("$€£").replace(",", "")
    if "." in digits:
        whole, fraction = digits.split(".")
        return int(whole) * 100 + int(fraction.ljust(2, "0"))
    return int(digits) * (100 if text[:1] in "$€£" else 1)


@dataclass
class Hand:
    hand_id: str
    game: str
    small_blind: int
    big_blind: int
    table: str = ""
    button: int = 0
    seats: list[tuple[int, str, int, bool]] = field(default_factory=list)
    actions: list[tuple[int, str, str, int | None, int | None, bool]] = field(default_factory=list)
    total_pot: int | None = None
    rake: int | None = None


def parse_lines(lines: list[str]) -> list[Hand]:
    hands: list[Hand] = []
    hand: Hand | None = None
    street = PREFLOP
    for raw in lines:
        line = raw.rstrip("\r\n")
        if not line:
            continue
        if match := HEADER.match(line):
            hand = Hand(match[1], match[2], cents(match[3]), cents(match[4]))
            hands.append(hand)
            street = PREFLOP
        elif hand is None:
            continue
        elif match := STREET.match(line):
            street = STREET_NUMBER[match[1]]
        elif match := ACTION.match(line):
            amount = cents(match[3]) if match[3] else None
            to = cents(match[4]) if match[4] else None
            hand.actions.append((street, match[1], match[2], amount, to, bool(match[5])))
        elif match := SEAT.match(line):
            if street == PREFLOP and not hand.actions:
                hand.seats.append((int(match[1]), match[2], cents(match[3]), bool(match[4])))
        elif match := UNCALLED.match(line):
            hand.actions.append((street, match[2], "uncalled", cents(match[1]), None, False))
        elif match := COLLECT.match(line):
            hand.actions.append((SHOWDOWN, match[1], "collect", cents(match[2]), None, False))
        elif match := TOTAL.match(line):
            hand.total_pot, hand.rake = cents(match[1]), cents(match[2])
        elif match := TABLE.match(line):
            hand.table, hand.button = match[1], int(match[3])
    return hands


def parse_file(path: Path) -> list[Hand]:
    with path.open(encoding="utf-8-sig") as handle:
        return parse_lines(handle.readlines())


def main(paths: list[str]) -> None:
    started = time.perf_counter()
    hands = actions = 0
    for path in paths:  # one file at a time, like the other stages
        parsed = parse_file(Path(path))
        hands += len(parsed)
        actions += sum(len(hand.actions) for hand in parsed)
    seconds = time.perf_counter() - started
    print(json.dumps({"hands": hands, "actions": actions, "seconds": seconds}))


if __name__ == "__main__":
    main(sys.argv[1:])
