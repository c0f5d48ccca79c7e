"""Small inline PokerStars hands for the parser tests, and helpers to parse them."""

from __future__ import annotations

import polars as pl

from parsers import ParsedTables, parse_bytes

HEADER_CASH = (
    "PokerStars Hand #1001:  Hold'em No Limit ($0.05/$0.10 USD) - "
    "2014/01/06 13:21:05 CET [2014/01/06 7:21:05 ET]"
)
TABLE_6MAX = "Table 'Skat III' 6-max Seat #4 is the button"

BASIC_HAND = f"""\
{HEADER_CASH}
{TABLE_6MAX}
Seat 1: Player_L ($47.63 in chips)
Seat 2: H6U5r ($25 in chips)
Seat 3: LovID ($1,026.62 in chips)
Seat 4: Tunks2 ($20 in chips)
Seat 5: Nightfox82 ($26.17 in chips)
Seat 6: Asaki1 ($9.29 in chips)
Nightfox82: posts small blind $0.05
Asaki1: posts big blind $0.10
*** HOLE CARDS ***
Dealt to LovID [Ah Kd]
Player_L: calls $0.10
H6U5r: folds
LovID: raises $0.40 to $0.50
Tunks2: folds
Nightfox82: folds
Asaki1: raises $1 to $1.50
Player_L: folds
LovID: calls $1
*** FLOP *** [Qh Jc 3h]
Asaki1: checks
LovID: bets $0.95
Asaki1: raises $2 to $2.95
LovID: calls $2
*** TURN *** [Qh Jc 3h] [2c]
Asaki1: bets $4.84 and is all-in
LovID: folds
Uncalled bet ($4.84) returned to Asaki1
Asaki1 collected $9.10 from pot
Asaki1: doesn't show hand
*** SUMMARY ***
Total pot $9.15 | Rake $0.05
Board [Qh Jc 3h 2c]
Seat 1: Player_L folded before Flop
Seat 6: Asaki1 (big blind) collected ($9.10)
"""


def hand(body: str, header: str = HEADER_CASH, table: str = TABLE_6MAX) -> str:
    """A hand: header, table line, then `body` (seats, actions, summary) as given."""
    return f"{header}\n{table}\n{body.strip()}\n"


def parse_text(text: str, name: str = "inline.txt", file_id: int = 0) -> ParsedTables:
    return parse_bytes(text.encode("utf-8"), name, file_id)


def actions_of(tables: ParsedTables) -> list[tuple]:
    """(player, kind, amount, to_amount) for every action, in order."""
    frame = tables.actions.sort("hand_key", "seq")
    return list(
        zip(
            frame["player"].to_list(),
            frame["kind"].cast(pl.String).to_list(),
            frame["amount"].to_list(),
            frame["to_amount"].to_list(),
            strict=True,
        )
    )


def only_hand(tables: ParsedTables) -> dict:
    assert tables.quarantine.is_empty(), tables.quarantine["reason"].to_list()
    assert tables.hands.height == 1
    return tables.hands.row(0, named=True)
