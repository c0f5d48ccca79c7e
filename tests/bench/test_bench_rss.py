"""bench's process-tree RSS: the memory of a parent and its children alive together."""

from __future__ import annotations

import sys

import pytest

from bench.rss import descendants
from bench.run import timed_process

HOLD = 150  # MB each process keeps resident for a moment
CHILD = f"b = b'x' * ({HOLD} << 20); import time; time.sleep(1.0)"
PARENT = (
    f"import subprocess, sys; b = b'x' * ({HOLD} << 20); "
    f"subprocess.run([sys.executable, '-c', {CHILD!r}], check=True)"
)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_tree_peak_is_the_sum_of_processes_alive_together() -> None:
    done = timed_process([sys.executable, "-c", PARENT])
    assert HOLD < done.peak_rss_mb < 1.6 * HOLD  # the largest single process
    assert done.tree_rss_mb > 1.9 * HOLD  # parent and child together


def test_descendants_walks_the_whole_tree() -> None:
    parents = {2: 1, 3: 2, 4: 2, 5: 3, 6: 9}
    assert sorted(descendants(1, parents)) == [1, 2, 3, 4, 5]
