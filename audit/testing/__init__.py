"""The one way to build a test hand (shipped like `dataframely.testing`; docs/testing.md).

A hand is described once, as a *vector*: the dict of `../shared/rules_vectors.json` (players and
stacks, posts, actions in recorded order, boards, shown cards, the reported settlement). Write it
by hand as a dict, or as text in the rule docstrings' notation (`hand`, notation.py), which is
the short way:

    vector = hand('''
        NL 50/100; stacks 5000 x3; button P3
        preflop: P3 raise 300, P1 call, P2 check
    ''')

From a vector the builder makes what a test needs:

* `tables(vector, ...)`: the canonical tables (hands, seats, actions, cards; parsers/schema.py)
  of one or more hands (tables.py, cards.py; `hand_rows` and `card_rows` as plain rows);
* `pokerstars(vector)`: the hand as PokerStars text (pokerstars.py), which the parser reads back
  into the same tables (tests/audit/test_hand_builder.py holds the two outputs together).

The session rules' examples, several hands of one table, have their own line notation
(`parse_session`, sessions.py): they describe stacks across hands, not betting.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from audit.testing.cards import card_rows, cards_from_vector
from audit.testing.notation import example_sections, parse_example
from audit.testing.pokerstars import pokerstars, pokerstars_hands, site_hand
from audit.testing.sessions import parse_session
from audit.testing.tables import hand_rows, tables_from_vector
from parsers import schema
from parsers.tables import HandTables

__all__ = [
    "card_rows",
    "cards_from_vector",
    "example_sections",
    "hand",
    "hand_rows",
    "parse_example",
    "parse_session",
    "pokerstars",
    "pokerstars_hands",
    "renamed",
    "site_hand",
    "tables",
    "tables_from_vector",
]


def hand(text: str, **fields: Any) -> dict[str, Any]:
    """The vector of one hand written in the notation (notation.py), with `fields` added
    (`id`, `site`, `currency`, `table`, ...: tables.py and pokerstars.py read them)."""
    vector, _ = parse_example(text)
    return vector | fields


def tables(*vectors: dict[str, Any], first_key: int = 0) -> HandTables[pl.DataFrame]:
    """The canonical tables of `vectors`, one hand each (hand_key first_key, first_key + 1,
    ...), cards included and no quarantine: what parsing their log would give (but line
    numbers)."""
    parts = [
        (*tables_from_vector(vector, key), cards_from_vector(vector, key))
        for key, vector in enumerate(vectors, start=first_key)
    ]
    frames = zip(*parts, strict=True)
    hands, seats, actions, cards = (pl.concat(list(t), how="vertical_relaxed") for t in frames)
    quarantine = schema.empty("quarantine")
    return HandTables(hands, seats, actions, quarantine, cards)


def renamed(vector: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """`vector` with its players renamed (`{"P1": "Alice", ...}`): names the notation cannot
    hold (spaces, commas, `=`, hostile HTML or formulas) given after it."""

    def name(player: str) -> str:
        return names.get(player, player)

    def keyed(mapping: dict[str, Any]) -> dict[str, Any]:
        return {name(player): value for player, value in mapping.items()}

    reported = vector.get("settlement", {}).get("reported", {})
    out = vector | {
        "players": [p | {"id": name(p["id"])} for p in vector["players"]],
        "posts": [p | {"player": name(p["player"])} for p in vector.get("posts", [])],
        "actions": [a | {"player": name(a["player"])} for a in vector["actions"]],
        "settlement": {
            "reported": {
                key: keyed(value) if isinstance(value, dict) else value
                for key, value in reported.items()
            }
        },
    }
    for key in ("cards", "up", "drawn"):
        if key in vector:
            out[key] = keyed(vector[key])
    if vector.get("button"):
        out["button"] = name(vector["button"])
    return out
