"""The packages are layers, parsers <- audit <- reports <- hhaudit: no module imports from above.

Every import statement counts (module level, inside functions, under TYPE_CHECKING), read with
`ast` so nothing is imported. The installed packages never import the developer tooling
(tools/, tests/, bench/), which `pip install .` does not install.
"""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LAYERS = ("parsers", "audit", "reports", "hhaudit")
NOT_INSTALLED = ("tools", "tests", "bench")


def imported_packages(path: Path) -> set[tuple[int, str]]:
    """(line, top-level package) of every absolute import in one module."""
    found: set[tuple[int, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add((node.lineno, node.module.split(".")[0]))
    return found


def upward_imports(package: str) -> list[str]:
    rank = LAYERS.index(package)
    above = set(LAYERS[rank + 1 :]) | set(NOT_INSTALLED)
    return [
        f"{path.relative_to(REPO)}:{line} imports {name}"
        for path in sorted((REPO / package).rglob("*.py"))
        for line, name in sorted(imported_packages(path))
        if name in above
    ]


@pytest.mark.parametrize("package", LAYERS)
def test_no_import_from_a_layer_above(package: str) -> None:
    assert upward_imports(package) == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from hhaudit.cli import main\n", encoding="utf-8")
    assert (2, "hhaudit") in imported_packages(module)


def test_pip_install_installs_the_layers_only() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    include = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    installed = {p.name for p in REPO.iterdir() if (p / "__init__.py").is_file()}
    installed = {name for name in installed if any(fnmatch.fnmatch(name, i) for i in include)}
    assert installed == set(LAYERS)
