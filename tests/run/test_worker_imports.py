"""A worker's memory: what it imports counts in every worker process (docs/scale.md, "Memory").

pyarrow's libraries are ~35 MB of each process's resident memory; the workers parse and check
in Polars alone, so a unit (parse, check with showdowns, parts) must not import it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

UNIT_IN_A_FRESH_PROCESS = """
import json, sys, tempfile
from pathlib import Path
from hhaudit.engines.worker import WARM_MODULES
from hhaudit.run.warm import import_quietly
import_quietly(*WARM_MODULES)
from hhaudit.run.settings import AuditSettings
from hhaudit.run.sources import InputSource
from hhaudit.run.units import WorkUnit, plan_file, run_unit
paths = sorted(Path(sys.argv[1]).glob("*.txt"))
plans = tuple(plan_file(i, InputSource(name=p.name, path=p), 0) for i, p in enumerate(paths))
settings = AuditSettings()
placed = run_unit(WorkUnit(plans), tempfile.mkdtemp(), settings, settings.fingerprint())
print(json.dumps({
    "hands": sum(part.entry.hands_audited for _, part in placed),
    "pyarrow": sorted(name for name in sys.modules if name.split(".")[0] == "pyarrow"),
}))
"""


def test_a_unit_with_showdowns_imports_no_pyarrow() -> None:
    done = subprocess.run(
        [sys.executable, "-c", UNIT_IN_A_FRESH_PROCESS, str(REPO / "sample_data")],
        capture_output=True, text=True, cwd=REPO, check=True,
    )  # fmt: skip
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["hands"] > 0
    assert found["pyarrow"] == []
