"""hand_uid is the blake2b-128 of its documented text (hhaudit/run/identity.py), whatever the
players' names hold: the fast way (all rows written as one CSV buffer) and the general way
(Polars texts, taken when a value holds the record mark itself) give the same uids."""

from __future__ import annotations

import hashlib

import polars as pl
import pytest

from hhaudit.run import identity
from parsers.games import FIRST_DRAW, PREFLOP, RIVER, SHOWDOWN, THIRD

KIND = pl.Enum(["post_sb", "post_bb", "fold", "call", "raise"])
ODD_NAMES = ['say "hi"', "a|b", "two\nlines", "c,r\r\nx", "Jörg ✓", "", " pad ", "\\N"]


def _documented_uid(site: str | None, hand_id: str | None, rows: list[tuple]) -> str:
    """The uid text spelled out by hand: version, site, id, then the rows joined by RS."""
    betting = "\x1e".join(
        "|".join("" if value is None else str(value) for value in row) for row in rows
    )
    text = "\x1f".join(["hhaudit-hand-v1", site or "", hand_id or "", betting])
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _tables(names: list[str | None]) -> tuple[pl.DataFrame, pl.DataFrame, dict[int, list]]:
    """Three hands (the last without actions), actions out of order, `names` as players."""
    sites = ["pokerstars", None, "ggpoker"]
    hands = pl.DataFrame({"hand_key": [7, 3, 9], "site": sites, "hand_id": ["1", "2", None]})
    rows = {3: [], 7: []}
    actions = []
    for i, name in enumerate(names):
        key = (3, 7)[i % 2]
        row = (i % 4, name, ["post_sb", "call", "raise", "fold"][i % 4], i * 5 or None, None)
        rows[key].append(row)
        betting = dict(zip(identity.BETTING_TEXT, row, strict=True))
        actions.append({"hand_key": key, "seq": i, **betting})
    frame = pl.DataFrame(
        actions,
        schema={"hand_key": pl.Int64, "seq": pl.Int32, "street": pl.Int8, "player": pl.String,
                "kind": KIND, "amount": pl.Int64, "to_amount": pl.Int64},
    )  # fmt: skip
    return hands, frame.reverse(), rows


@pytest.mark.parametrize("mark", ["", "x\x1ey"], ids=["csv-buffer", "a-name-holds-the-mark"])
def test_hand_uids_are_the_documented_digests(mark: str) -> None:
    names = [*ODD_NAMES, None, mark or "plain"]
    hands, actions, rows = _tables(names)
    got = dict(identity.hand_uids(hands, actions).iter_rows())
    sites = {7: ("pokerstars", "1"), 3: (None, "2"), 9: ("ggpoker", None)}
    for key, (site, hand_id) in sites.items():
        assert got[key] == _documented_uid(site, hand_id, rows.get(key, [])), key
    written = identity._rows_as_csv(actions.sort("hand_key", "seq"))
    assert (written is None) == bool(mark)  # the mark makes the general way take over


def test_actions_in_order_or_not_give_the_same_uids() -> None:
    hands, actions, _ = _tables([*ODD_NAMES, None])
    in_order = actions.sort("hand_key", "seq")
    assert identity._in_betting_order(in_order) and not identity._in_betting_order(actions)
    assert identity.hand_uids(hands, in_order).equals(identity.hand_uids(hands, actions))


@pytest.mark.parametrize(
    ("keys", "seqs", "ordered"),
    [
        ([1, 1, 2], [0, 1, 0], True),
        ([], [], True),
        ([1, 1, 2], [0, 0, 1], False),  # a repeated (hand_key, seq): sorted, as before
        ([1, 1, 2], [0, None, 1], False),
        ([2, 1], [0, 0], False),
    ],
)
def test_the_order_test_takes_only_strict_key_order(
    keys: list[int], seqs: list[int | None], ordered: bool
) -> None:
    frame = pl.DataFrame(
        {"hand_key": keys, "seq": seqs}, schema={"hand_key": pl.Int64, "seq": pl.Int32}
    )
    assert identity._in_betting_order(frame) is ordered


def test_the_settlement_is_written_as_before_the_street_ids_and_new_rounds_by_name() -> None:
    """A board game's hand keeps the uid it had when the settlement's street was 4 (it is
    SHOWDOWN, 13, since parsers/games.py); a stud or draw round is written by its name."""
    hands = pl.DataFrame({"hand_key": [1], "site": ["pokerstars"], "hand_id": ["5"]})
    streets = [PREFLOP, RIVER, THIRD, FIRST_DRAW, SHOWDOWN]
    actions = pl.DataFrame(
        {"hand_key": [1] * 5, "seq": list(range(5)), "street": streets, "player": ["a"] * 5,
         "kind": ["post_sb", "call", "call", "fold", "raise"], "amount": [1, 2, 3, None, 5],
         "to_amount": [None] * 5},
        schema={"hand_key": pl.Int64, "seq": pl.Int32, "street": pl.Int8, "player": pl.String,
                "kind": KIND, "amount": pl.Int64, "to_amount": pl.Int64},
    )  # fmt: skip
    rows = [
        (0, "a", "post_sb", 1, None),
        (3, "a", "call", 2, None),
        ("third", "a", "call", 3, None),
        ("first_draw", "a", "fold", None, None),
        (4, "a", "raise", 5, None),
    ]
    got = identity.hand_uids(hands, actions).get_column("hand_uid").item()
    assert got == _documented_uid("pokerstars", "5", rows)
