"""generator -> PokerStars text -> parser gives back exactly the generator's tables."""

from __future__ import annotations

import polars as pl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from parsers import parse_bytes
from tools.synth import SynthOptions, generate

GAMES = st.lists(st.sampled_from(["NLHE", "PLO", "PLO5", "FLHE"]), min_size=1, unique=True)
CURRENCIES = st.lists(st.sampled_from(["USD", "EUR", "GBP", "play"]), min_size=1, unique=True)
SHARE = st.sampled_from([0.0, 0.3, 1.0])

options_strategy = st.builds(
    SynthOptions,
    games=GAMES.map(tuple),
    tournaments=SHARE,
    currencies=CURRENCIES.map(tuple),
    min_players=st.integers(2, 4),
    max_players=st.integers(4, 9),
    short_stacks=SHARE,
    straddles=SHARE,
    dead_blinds=SHARE,
    sitting_out=SHARE,
    chat=st.sampled_from([0.0, 0.2]),
    hands_per_table=st.integers(1, 6),
)

KEYS = {"hands": ["hand_key"], "seats": ["hand_key", "seat"], "actions": ["hand_key", "seq"]}


def parsed_tables(result) -> dict[str, pl.DataFrame]:
    parts = [
        parse_bytes(synth_file.text().encode("utf-8"), synth_file.name, file_id=file_id)
        for file_id, synth_file in enumerate(result.files)
    ]
    for part in parts:
        assert part.quarantine.is_empty(), part.quarantine.to_dicts()
    return {name: pl.concat([getattr(part, name) for part in parts]) for name in KEYS}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    n_hands=st.integers(1, 30),
    files=st.integers(1, 2),
    violation_rate=st.sampled_from([0.0, 0.5]),
    options=options_strategy,
)
def test_parser_reads_back_exactly_what_the_generator_meant(
    seed: int, n_hands: int, files: int, violation_rate: float, options: SynthOptions
) -> None:
    result = generate(
        n_hands, seed, violation_rate=violation_rate, options=options, files=files, name="rt.txt"
    )
    parsed = parsed_tables(result)
    for name, key in KEYS.items():
        expected = result.tables[name].sort(key)
        actual = parsed[name].sort(key)
        assert_frame_equal(actual, expected, check_dtypes=True, categorical_as_str=True)
