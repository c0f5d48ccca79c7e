"""Property tests: mutated real-format hands never crash the parser or the audit, never hang,
and every hand header is accounted for (per file and in total).

CI runs a fixed-seed set of ~150 cases; `make fuzz` runs the long one (slow marker;
HHAUDIT_FUZZ_BATCHES batches of 200 cases per test, 250 by default: 2 x 50,000 cases).
"""

from __future__ import annotations

import os

import pytest
from fuzz_inputs import (
    Case,
    batches,
    check_batch,
    check_cases,
    header_count,
    mutate,
    random_cases,
    seeds,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

SLOW_BATCHES = int(os.environ.get("HHAUDIT_FUZZ_BATCHES", "250"))
SLOW_BATCH_SIZE = 200  # cases parsed in one pipeline run
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]  # report the failing case as found
SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large]


def test_seeds_cover_several_formats() -> None:
    from parsers import parse_many

    parsed = parse_many((data, f"seed-{k}", k) for k, data in enumerate(seeds()))
    sites = {report.site for report in parsed.files}
    assert {"pokerstars", "winamax", "ggpoker", "ipoker", "phh", "bovada"} <= sites


def test_unmutated_seeds_reconcile() -> None:
    assert check_batch(list(seeds())) == sum(header_count(data) for data in seeds())


def test_mutations_change_the_input() -> None:
    data = seeds()[0]
    changed = {mutate(data, op, 1234, 77) for op in range(12)}
    assert data not in changed or len(changed) > 10


@settings(
    max_examples=8,  # ~150 cases in 8 pipeline runs (each run's fixed cost paid once)
    derandomize=True,
    deadline=None,
    database=None,
    phases=NO_SHRINK,
    suppress_health_check=SUPPRESS,
)
@given(batches(12, 24))
def test_fuzz_fixed_seed(cases: list[Case]) -> None:
    check_batch([case.data() for case in cases], seconds=120)


# Two identical long tests (different seeds) so `make fuzz` keeps both xdist workers busy.
SLOW_SETTINGS = settings(
    max_examples=SLOW_BATCHES,
    deadline=None,
    database=None,
    phases=NO_SHRINK,
    suppress_health_check=SUPPRESS,
)


@pytest.mark.slow
@SLOW_SETTINGS
@given(st.integers(0, 1 << 62))
def test_fuzz_long_a(seed: int) -> None:
    check_cases(random_cases(seed, SLOW_BATCH_SIZE), seconds=600)


@pytest.mark.slow
@SLOW_SETTINGS
@given(st.integers(0, 1 << 62))
def test_fuzz_long_b(seed: int) -> None:
    check_cases(random_cases(seed + 1, SLOW_BATCH_SIZE), seconds=600)
