"""The house rules of parsers/: the shared pipeline knows no site, each site's steps live in its
folder (docs/sites.md, "Add a site"), and each grammar site is one line of FORMATS."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from parsers.core.hooks import Hooks
from parsers.detect import FORMATS

PARSERS = Path(__file__).resolve().parents[2] / "parsers"
SITE_FOLDERS = sorted(p.name for p in (PARSERS / "sites").iterdir() if (p / "grammar.py").exists())
GRAMMAR_FORMATS = [f for f in FORMATS if f.grammar is not None]


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted((PARSERS / "core").glob("*.py")), ids=lambda p: p.name)
def test_the_shared_pipeline_imports_no_site(path: Path) -> None:
    mentioned = [
        m for m in imported_modules(path) if m.startswith(("parsers.sites", "parsers.doc"))
    ]
    assert mentioned == []


def test_the_import_check_sees_a_site_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from parsers.sites.bovada.hooks import HOOKS\n")
    assert "parsers.sites.bovada.hooks" in imported_modules(module)


@pytest.mark.parametrize("folder", SITE_FOLDERS)
def test_a_site_folder_has_its_grammar_header_and_readme(folder: str) -> None:
    for name in ("__init__.py", "grammar.py", "header.py", "README.md"):
        assert (PARSERS / "sites" / folder / name).is_file(), name


def test_every_site_folder_is_a_format_and_every_grammar_lives_in_a_folder() -> None:
    folders = {f.grammar.read_header.__module__.split(".")[2] for f in GRAMMAR_FORMATS}
    assert folders == set(SITE_FOLDERS)


@pytest.mark.parametrize("site_format", GRAMMAR_FORMATS, ids=lambda f: f.name)
def test_a_sites_hooks_are_its_own(site_format) -> None:
    """Every hook a grammar names is a function of that site's folder."""
    grammar = site_format.grammar
    assert isinstance(grammar.hooks, Hooks)
    folder = grammar.read_header.__module__.rsplit(".", 1)[0]  # parsers.sites.<folder>
    steps = [step for step in vars(grammar.hooks).values() if step is not None]
    assert all(step.__module__.startswith(folder + ".") for step in steps), steps
