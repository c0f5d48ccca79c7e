"""A quiet set-up (issue #29): `make install` / `make demo` print no packaging warning.

setuptools deprecates `license = { text = ... }` (a TOML table) for an SPDX expression string,
which it reads from version 77 on; the build therefore asks for setuptools >= 77. The slow test
builds the wheel as pip does (an isolated build with the build-system requirements) and reads
the backend's warnings.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SPDX_ID = re.compile(r"^[A-Za-z0-9.+-]+(?: (?:AND|OR|WITH) [A-Za-z0-9.+-]+)*$")


def _pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_string_and_the_build_reads_it() -> None:
    project = _pyproject()
    assert isinstance(project["project"]["license"], str)  # a table is deprecated
    assert SPDX_ID.match(project["project"]["license"])
    requires = project["build-system"]["requires"]
    setuptools = next(item for item in requires if item.startswith("setuptools"))
    found = re.search(r">=\s*(\d+)", setuptools)
    assert found and int(found[1]) >= 77, setuptools  # 77: license as an SPDX expression


@pytest.mark.slow
def test_building_the_wheel_prints_no_backend_warning(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path), str(REPO)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0 and "No matching distribution" in done.stderr:
        pytest.skip("the package index has no setuptools >= 77 for the isolated build")
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "BuildBackendWarning" not in said and "deprecated" not in said.lower(), said
    assert list(tmp_path.glob("hhaudit-*.whl"))
