"""The checker's speed shortcuts (docs/audit-speed.md) give exactly what the plain forms give.

Each shortcut is compared with the straightforward expression it replaced, on random frames
that include the awkward cases (nulls, ties, out-of-range seats, streets that go back).
"""

from __future__ import annotations

import random

import polars as pl
import pytest
from conftest import SAMPLE_DATA

import audit.assemble
import audit.engine
import audit.state.turn
from audit import check
from audit.examples import parse_example
from audit.rules import RULES
from audit.rules._base import Rule
from audit.state.caps import allin_levels, any_true, count_true
from audit.state.passes import in_input_order
from audit.state.prepare import (
    MAX_FOLDED_HAND_KEY,
    _in_street_order,
    in_seq_order,
    left_join_players,
)
from audit.state.returns import _rank_key_fits, _street_rank_key, _top_two
from audit.state.turn import (
    _expected_seat,
    _expected_seat_by_distance,
    after_previous,
    seat_table,
)
from audit.state.void import _write_back
from audit.state.windows import (
    VALUE_BITS,
    ffill_in,
    first_flag,
    prev_any_in,
    prev_ffill_in,
    prev_sum_in,
    shift_in,
)
from audit.testing import tables_from_vector

SEATS = [1, 2, 3, 4, 5, 6]
RING = 10


def _owing_frame(rows: int, seed: int) -> pl.DataFrame:
    rng = random.Random(seed)
    data: dict[str, list[object]] = {
        f"_owes_{s}": [rng.choice([True, False, False, None]) for _ in range(rows)] for s in SEATS
    }
    data["previous_actor"] = [rng.choice([None, *range(-3, 14)]) for _ in range(rows)]
    data["nobody_owes"] = [rng.random() < 0.2 for _ in range(rows)]
    schema = {"previous_actor": pl.Int16} | {k: pl.Boolean for k in data if k != "previous_actor"}
    return pl.DataFrame(data, schema=schema)


@pytest.mark.parametrize("seed", range(5))
def test_expected_seat_chain_matches_clockwise_distance(seed: int) -> None:
    frame = _owing_frame(2000, seed).with_columns(_after=after_previous(RING))
    previous = pl.col("previous_actor").cast(pl.Int64)
    chained = frame.select(_expected_seat(SEATS, RING)).to_series()
    by_distance = frame.select(_expected_seat_by_distance(SEATS, RING, previous)).to_series()
    assert chained.dtype == by_distance.dtype == pl.Int16
    assert chained.to_list() == by_distance.to_list()
    assert chained.null_count() < len(chained)  # the frame exercises real answers


def test_expected_seat_negative_seats_use_the_distance_form() -> None:
    frame = pl.DataFrame(
        {"_owes_-1": [True], "_owes_2": [True], "previous_actor": [0], "nobody_owes": [False]}
    )  # no `_after` column: the distance form does not read it
    assert frame.select(_expected_seat([-1, 2], 5)).item() == 2


def _ordered_frame(seed: int) -> pl.DataFrame:
    rng = random.Random(seed)
    rows = []
    for hand in range(60):
        for seq in rng.sample(range(40), 12):  # distinct orders within a hand
            street = rng.choice([None, 0, 1, 2, 3, 4])
            order = rng.choice([None, seq * 2, -seq * 2 - 1])
            rows.append((1_000 + hand * 7, street, order))
    frame = pl.DataFrame(
        rows, schema={"hand_key": pl.Int64, "street": pl.Int8, "order": pl.Int64}, orient="row"
    )
    frame = frame.unique(maintain_order=True).sort("hand_key", maintain_order=True)
    return frame.with_columns(_hand_gid=pl.col("hand_key").rank("dense").cast(pl.Int64) - 1)


@pytest.mark.parametrize("seed", range(3))
def test_folded_street_order_key_sorts_like_the_three_columns(seed: int) -> None:
    frame = _ordered_frame(seed)
    expected = frame.sort("hand_key", "street", "order", maintain_order=True)
    assert _in_street_order(frame).equals(expected)


def _reference_top_two(final: pl.DataFrame) -> pl.DataFrame:
    """The former group_by with top_k / sort_by."""
    return final.group_by("hand_key", "s_gid").agg(
        top=pl.col("committed").max(),
        second=pl.col("committed").top_k(2).min().filter(pl.len() >= 2).first().fill_null(0),
        seat=pl.col("seat").sort_by("committed", descending=True).first(),
    )


def _commitments(seed: int, null_share: float) -> pl.DataFrame:
    rng = random.Random(seed)
    rows = []
    for street in range(300):
        for seat in rng.sample(range(1, 10), rng.randint(1, 5)):
            committed = rng.choice([0, 100, 200, 200, 300, rng.randint(0, 900)])
            if rng.random() < null_share:
                committed = None
            rows.append((street // 4, street, seat, committed))
    schema = {"hand_key": pl.Int64, "s_gid": pl.Int64, "seat": pl.Int16, "committed": pl.Int64}
    return pl.DataFrame(rows, schema=schema, orient="row")


@pytest.mark.parametrize(("seed", "null_share"), [(0, 0.0), (1, 0.0), (2, 0.0), (3, 0.02)])
def test_top_two_matches_top_k(seed: int, null_share: float) -> None:
    final = _commitments(seed, null_share)
    got = _top_two(final).sort("s_gid")
    want = _reference_top_two(final).sort("s_gid")
    assert got.select("hand_key", "top", "second").equals(want.select("hand_key", "top", "second"))
    # the seat only matters where something is returned (a unique top)
    uncalled = (pl.col("top") > pl.col("second")).fill_null(False)
    assert got.filter(uncalled)["seat"].equals(want.filter(uncalled)["seat"])
    assert got.filter(uncalled).height > 100


@pytest.mark.parametrize("seed", range(3))
def test_top_two_rank_key_sorts_like_the_two_keys(seed: int) -> None:
    """returns._street_rank_key (one folded key) against the two-key sort it replaced:
    the same (s_gid, committed) sequence; and _top_two on commitments outside the key's range
    (negative, >= 2**VALUE_BITS: the two-key sort) against the top_k reference."""
    final = _commitments(seed, 0.0)
    plain = final.sort("s_gid", "committed", descending=[False, True])
    assert _rank_key_fits(final)
    folded = final.sort(_street_rank_key())
    assert folded.select("s_gid", "committed").equals(plain.select("s_gid", "committed"))
    assert (folded.get_column("committed") > 0).sum() > 100
    rng = random.Random(seed)
    wide = final.with_columns(
        committed=pl.col("committed") * rng.choice([-1, (1 << VALUE_BITS) // 256])
    )
    assert not _rank_key_fits(wide)
    got, want = _top_two(wide).sort("s_gid"), _reference_top_two(wide).sort("s_gid")
    assert got.select("hand_key", "top", "second").equals(want.select("hand_key", "top", "second"))


def test_write_back_replaces_the_recomputed_rows() -> None:
    full = pl.DataFrame({"row": [0, 1, 2, 3], "void": [False] * 4, "x": [1, 2, 3, 4], "k": [9] * 4})
    part = pl.DataFrame({"row": [1, 3], "void": [True, False], "x": [20, 40], "k": [9, 9]})
    written = _write_back(full, part, inputs=["row", "void", "k"])
    assert written["x"].to_list() == [1, 20, 3, 40]
    assert written["void"].to_list() == [False, True, False, False]
    # a column typed differently on the subset falls back to concat + sort
    other = part.with_columns(pl.col("x").cast(pl.Float64))
    assert _write_back(full, other, inputs=["row", "void", "k"])["x"].to_list() == [1, 20, 3, 40]


def test_seq_order_sorts_only_when_needed() -> None:
    ordered = pl.DataFrame({"hand_key": [1, 1, 2], "seq": [0, 1, 0]})
    assert in_seq_order(ordered) is ordered
    went_back = pl.DataFrame({"hand_key": [1, 1, 2, None], "seq": [1, 0, 0, 0]})
    assert in_seq_order(went_back).equals(went_back.sort("hand_key", "seq"))
    ties = pl.DataFrame({"hand_key": [1, 1], "seq": [0, 0]})  # no unique order: sorted
    assert in_seq_order(ties) is not ties


def test_seat_table_keeps_a_sitting_out_player_who_posts() -> None:
    seats = pl.DataFrame(
        {
            "hand_key": [1, 1, 1, 2],
            "seat": [1, 2, 3, 1],
            "stack": [100, 200, 300, 400],
            "sitting_out": [False, True, True, None],
        },
        schema_overrides={"seat": pl.Int16},
    )
    kinds = pl.Enum(["post_bb", "fold", "collect"])
    actions = pl.DataFrame(
        {"hand_key": [1, 1], "seat": [2, 3], "kind": ["post_bb", "collect"]},
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "kind": kinds},
    )
    table = seat_table(seats, actions).sort("hand_key")
    assert table.columns == ["hand_key", "stack_1", "stack_2"]
    assert table.rows() == [(1, 100, 200), (2, 400, None)]


def test_void_rounds_settle_the_same_as_before() -> None:
    """Two void rounds (ACT-FOLDED, then the action after it), checked end to end."""
    vector, _ = parse_example(
        "NL 50/100; stacks 5000 x3; button P3\n"
        "preflop: P3 raise 300, P1 fold, P2 call, P1 call, P3 check"
    )
    result = check(*tables_from_vector(vector))
    codes = list(zip(result.violations["seq"], result.violations["code"], strict=True))
    assert (5, "ACT-FOLDED") in codes
    assert result.actions.filter(pl.col("void"))["seq"].to_list() == [5, 6]


def _stack_tables(seed: int, hand_offset: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Action rows and seat rows with null seats, null hand keys and seats outside the list."""
    rng = random.Random(seed)
    hands = [hand_offset + h for h in range(-20, 20)]
    seats = pl.DataFrame(
        {
            "hand_key": [h for h in hands for _ in range(4)] + [None, hands[0]],
            "seat": [s for _ in hands for s in rng.sample(range(-3, 12), 4)] + [1, None],
            "stack": [rng.randrange(1, 1000) for _ in range(len(hands) * 4 + 2)],
            "sitting_out": [rng.random() < 0.2 for _ in range(len(hands) * 4 + 2)],
        },
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "stack": pl.Int64, "sitting_out": bool},
    )
    rows = 1000
    frame = pl.DataFrame(
        {
            "hand_key": [rng.choice([None, *hands]) for _ in range(rows)],
            "seat": [rng.choice([None, *range(-3, 12)]) for _ in range(rows)],
            "seq": list(range(rows)),
        },
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "seq": pl.Int32},
    )
    return frame, seats


@pytest.mark.parametrize("hand_offset", [0, MAX_FOLDED_HAND_KEY - 10, -(1 << 62)])
@pytest.mark.parametrize("seed", range(3))
def test_stacks_join_on_the_folded_key_matches_the_two_key_join(
    seed: int, hand_offset: int
) -> None:
    frame, seats = _stack_tables(seed, hand_offset)
    plain = frame.join(seats, on=["hand_key", "seat"], how="left", maintain_order="left")
    joined = left_join_players(frame, seats)
    assert joined.equals(plain)
    assert joined.get_column("stack").null_count() < frame.height  # real matches


def _allin_frame(rows: int, seed: int) -> pl.DataFrame:
    rng = random.Random(seed)
    data: dict[str, list[object]] = {
        f"_allin_{s}": [
            rng.choice([None, None, 0, 100, 200, rng.randint(-50, 900)]) for _ in range(rows)
        ]
        for s in SEATS
    }
    data["current_bet"] = [rng.choice([0, 100, 150, 200, 500]) for _ in range(rows)]
    return pl.DataFrame(data, schema={k: pl.Int64 for k in data})


@pytest.mark.parametrize("seed", range(3))
def test_allin_levels_match_the_nullable_horizontal_maxima(seed: int) -> None:
    """caps.allin_levels (nulls filled before max_horizontal) against the plain nullable form."""
    frame = _allin_frame(3000, seed)
    allins = [pl.col(f"_allin_{s}") for s in SEATS]
    plain = frame.with_columns(_top=pl.max_horizontal(allins))
    plain = plain.with_columns(
        _second=pl.max_horizontal([pl.when(a < pl.col("_top")).then(a) for a in allins]),
        _at_top=pl.sum_horizontal(
            [(a == pl.col("_top")).fill_null(False).cast(pl.Int32) for a in allins]
        ),
    ).with_columns(
        _cb_top=pl.min_horizontal("current_bet", "_top"),
        _cb_second=pl.min_horizontal("current_bet", "_second"),
    )
    got = allin_levels(frame, SEATS)
    derived = ["_at_top", "_cb_top", "_cb_second"]
    assert got.select(derived).equals(plain.select(derived))
    # every seat's comparisons with the top come out the same (caps.contestable)
    mine = [(a == pl.col("_top")) & (pl.col("_at_top") == 1) for a in allins]
    assert got.select(mine).fill_null(False).equals(plain.select(mine).fill_null(False))
    assert plain["_top"].null_count() > 0  # rows without a live seat are exercised


def test_count_true_and_any_true_match_sum_horizontal() -> None:
    rng = random.Random(7)
    frame = pl.DataFrame({f"f{i}": [rng.random() < 0.4 for _ in range(500)] for i in range(9)})
    flags = [pl.col(f"f{i}") for i in range(9)]
    plain = pl.sum_horizontal([f.cast(pl.Int32) for f in flags])
    assert frame.select(count_true(flags)).equals(frame.select(plain))
    two = pl.DataFrame({"x": [1, 2]})
    assert two.with_columns(n=count_true([]))["n"].to_list() == [0, 0]
    anyone = frame.select(any_true(flags)).to_series()
    assert anyone.to_list() == frame.select(plain > 0).to_series().to_list()
    assert two.with_columns(a=any_true([]))["a"].to_list() == [False, False]


def _example_tables() -> list[tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]]:
    """sample_data (every variant the repo ships) and a hand that needs two void rounds."""
    from parsers import parse_paths

    parsed = parse_paths([SAMPLE_DATA])
    vector, _ = parse_example(
        "NL 50/100; stacks 5000 x3; button P3\n"
        "preflop: P3 raise 300, P1 fold, P2 call, P1 call, P3 check"
    )
    return [(parsed.hands, parsed.seats, parsed.actions), tables_from_vector(vector)]


def test_folded_and_acted_bits_match_the_forward_fills(monkeypatch: pytest.MonkeyPatch) -> None:
    """turn._flag_bits (two sums of first-row bits) against _carried_flags (a forward fill per
    seat and flag), end to end: the audited actions and the violations are identical."""
    for hands, seats, actions in _example_tables():
        by_bits = check(hands, seats, actions)
        monkeypatch.setattr(audit.state.turn, "MAX_BIT_SEATS", 0)
        carried = check(hands, seats, actions)
        monkeypatch.undo()
        assert by_bits.actions.equals(carried.actions)
        assert by_bits.violations.equals(carried.violations)
        assert by_bits.actions.height > 0


@pytest.mark.parametrize("seed", range(4))
def test_prev_any_in_matches_the_exclusive_sum(seed: int) -> None:
    """windows.prev_any_in (the last flagged row's group id, carried) against the plain form
    `prev_sum_in(flag) > 0`, with null flags, one-row groups and a flag on every first row."""
    rng = random.Random(seed)
    sizes = [rng.choice([1, 1, 2, 3, 7]) for _ in range(400)]
    gid = [g for g, size in enumerate(sizes) for _ in range(size)]
    flag = [rng.choice([True, False, False, None]) for _ in gid]
    frame = pl.DataFrame({"gid": gid, "flag": flag}, schema={"gid": pl.Int64, "flag": pl.Boolean})
    frame = frame.with_columns(gid_first=first_flag("gid"))
    plain = prev_sum_in(pl.col("flag").cast(pl.Int64), "gid") > 0
    got = frame.select(prev_any_in(pl.col("flag"), "gid")).to_series()
    assert got.to_list() == frame.select(plain).to_series().to_list()
    assert got.sum() > 100


def test_in_input_order_undoes_the_player_sort() -> None:
    rng = random.Random(3)
    frame = pl.DataFrame({"key": [rng.randrange(50) for _ in range(2000)], "v": range(2000)})
    frame = frame.with_columns(_pos=pl.int_range(pl.len(), dtype=pl.Int64))
    shuffled = frame.sort("key", maintain_order=True)
    back = in_input_order(shuffled.select("key", "v"), shuffled.get_column("_pos"))
    assert back.equals(frame.select("key", "v"))


def test_rules_on_the_flagged_rows_match_every_rule_on_the_whole_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """assemble.flagged_rows (rules and messages on the flagged rows only) against every rule
    over the whole state, on the example tables and with rule lists that flag nothing."""
    captured: list[tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, list[Rule]]] = []

    def spy(state, per_hand, hands, rules):  # type: ignore[no-untyped-def]
        captured.append((state, per_hand, hands, rules))
        return audit.assemble.violations_table(state, per_hand, hands, rules)

    monkeypatch.setattr(audit.engine, "violations_table", spy)
    for tables in _example_tables():
        check(*tables)
    quiet = [RULES["FL-CAP"], RULES["PL-MAX"]]  # no FL or PL hand in the sample NL hands
    for state, per_hand, hands, rules in captured:
        for chosen in (rules, rules[::-1], quiet, [RULES["POT-TOTAL"], *quiet]):
            got = audit.assemble.violations_table(state, per_hand, hands, chosen)
            plain = audit.assemble.assemble(state, per_hand, hands, chosen, chosen)
            assert got.equals(plain)
    assert sum(len(audit.assemble.flagged_rows(c[0], c[1], c[3])[0]) for c in captured) > 0
    # hand-level rules are kept when they flag a hand and dropped when not: both happen here
    kept = [
        [r.code for r in audit.assemble.flagged_rows(c[0], c[1], c[3])[1] if r.hand_level]
        for c in captured
    ]
    assert any(kept) and not all(kept)


@pytest.mark.parametrize("seed", range(4))
def test_prev_ffill_in_matches_shift_of_the_group_fill(seed: int) -> None:
    """windows.prev_ffill_in (no first-row test) against shift_in(ffill_in(x)), the plain form."""
    rng = random.Random(seed)
    sizes = [rng.choice([1, 1, 2, 3, 7]) for _ in range(400)]
    gid = [g for g, size in enumerate(sizes) for _ in range(size)]
    x = [rng.choice([None, None, None, 0, 1, 2, 5]) for _ in gid]
    frame = pl.DataFrame({"gid": gid, "x": x}, schema={"gid": pl.Int64, "x": pl.Int16})
    frame = frame.with_columns(gid_first=first_flag("gid"))
    plain = shift_in(ffill_in(pl.col("x"), "gid"), "gid")
    got = frame.select(prev_ffill_in(pl.col("x"), "gid")).to_series()
    assert got.dtype == pl.Int16
    assert got.to_list() == frame.select(plain).to_series().to_list()
    assert frame.height - got.null_count() > 100  # real values, not only nulls
