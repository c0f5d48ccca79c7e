"""`--select` / `--ignore` / [rules] on `check` and `run`: codes, prefixes, categories, TOML."""

from __future__ import annotations

import json
from pathlib import Path

import click
import polars as pl
import pytest
from click.testing import CliRunner
from run_fixtures import stars_file, stars_hand, stars_text
from test_exit_policy import FOLD_NO_BET

from audit.rules import RULES, SHOWDOWN_CODES
from audit.rules._base import CATEGORIES
from hhaudit.cli import main
from hhaudit.cli.config import Config, ConfigError
from hhaudit.cli.selection import resolve, rule_selection

#: One file per severity: RAISE-MIN (violation, betting), LABEL (warning, log), FOLD-NO-BET
#: (info, betting).
FILES = {
    "raise.txt": stars_file(2000, 2, undersized_every=2),
    "label.txt": stars_hand(3000).replace("raises $0.20 to $0.30", "bets $0.30"),
    "fold.txt": stars_text(FOLD_NO_BET, 3500),
}
ALL = {"RAISE-MIN", "LABEL", "FOLD-NO-BET"}


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stderr


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("selection")
    for name, text in FILES.items():
        (root / name).write_text(text, encoding="utf-8")
    assert _invoke("parse", str(root), "--out", str(root / "tables"))[0] == 0
    return root


def _check(tables: Path, tmp_path: Path, *args: str) -> tuple[int, dict[str, str]]:
    out = tmp_path / "out"
    code, stderr = _invoke("check", str(tables / "tables"), "--out", str(out), *args)
    assert code in (0, 1), stderr
    flags = pl.read_parquet(out / "violations.parquet")
    return code, dict(zip(flags["code"], flags["severity"].cast(pl.String), strict=True))


def _config(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hhaudit.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), ALL),
        (("--select", "RAISE-MIN"), {"RAISE-MIN"}),
        (("--select", "raise-min,label"), {"RAISE-MIN", "LABEL"}),  # any case, comma-separated
        (("--select", "betting"), {"RAISE-MIN", "FOLD-NO-BET"}),  # a category
        (("--select", "log"), {"LABEL"}),
        (("--select", "RAISE-"), {"RAISE-MIN"}),  # a prefix: RAISE-MIN and RAISE-NO-OPP
        (("--select", "FOLD"), {"FOLD-NO-BET"}),
        (("--ignore", "betting"), {"LABEL"}),
        (("--ignore", "RAISE-MIN,FOLD-"), {"LABEL"}),
        (("--select", "betting", "--ignore", "FOLD-NO-BET"), {"RAISE-MIN"}),
        # a repeated option counts every occurrence, not only the last
        (("--ignore", "RAISE-MIN", "--ignore", "FOLD-"), {"LABEL"}),
        (("--select", "RAISE-MIN", "--select", "log"), {"RAISE-MIN", "LABEL"}),
    ],
)
def test_select_and_ignore_on_check(
    tables: Path, tmp_path: Path, args: tuple[str, ...], expected: set[str]
) -> None:
    code, flags = _check(tables, tmp_path, *args)
    assert set(flags) == expected
    assert code == int("RAISE-MIN" in expected)


def test_toml_rules_table_and_severity(tables: Path, tmp_path: Path) -> None:
    config = _config(
        tmp_path,
        '[rules]\nselect = ["betting", "LABEL"]\nignore = ["RAISE-MIN"]\n\n'
        '[rules.severity]\nFOLD-NO-BET = "violation"\nlog = "info"\n',
    )
    code, flags = _check(tables, tmp_path, "--config", config)
    assert flags == {"FOLD-NO-BET": "violation", "LABEL": "info"}
    assert code == 1  # FOLD-NO-BET is a violation now
    code, flags = _check(tables, tmp_path, "--config", config, "--select", "log")
    assert flags == {"LABEL": "info"} and code == 0  # --select replaces the file's select
    code, flags = _check(tables, tmp_path, "--config", config, "--ignore", "LABEL")
    assert flags == {"FOLD-NO-BET": "violation"}  # --ignore adds to the file's ignore


def test_severity_ignore_drops_a_rule_and_the_most_specific_key_wins(
    tables: Path, tmp_path: Path
) -> None:
    config = _config(
        tmp_path,
        '[rules.severity]\nFOLD-NO-BET = "ignore"\nbetting = "warning"\nRAISE- = "info"\n',
    )
    code, flags = _check(tables, tmp_path, "--config", config)
    assert flags == {"RAISE-MIN": "info", "LABEL": "warning"}
    assert code == 0


def test_run_takes_the_same_selection_and_records_it(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    config = _config(
        tmp_path, '[rules]\nignore = ["log"]\n[rules.severity]\nRAISE-MIN = "warning"\n'
    )
    out = tmp_path / "out"
    code, _ = _invoke("run", str(tmp_path), "--out", str(out), "-q", "--workers", "1",
                      "--config", config, "--ignore", "FOLD-NO-BET",
                      "--ignore", "cards,showdown", "--ignore", "HAND-LABEL")  # fmt: skip
    assert code == 0  # the one violation is a warning now
    record = json.loads((out / "run.json").read_text("utf-8"))
    assert record["totals"]["by_code"] == {"RAISE-MIN": 1}
    assert record["totals"]["warnings"] == 1 and record["totals"]["violations"] == 0
    rules = record["options"]["rules"]
    assert "LABEL" not in rules["select"] and "FOLD-NO-BET" not in rules["select"]
    assert not set(SHOWDOWN_CODES) & set(rules["select"])  # every --ignore counted
    assert rules["severity"] == {"RAISE-MIN": "warning"}


@pytest.mark.parametrize(
    ("selector", "hint"),
    [("RAISE-MN", "RAISE-MIN"), ("bettin", "betting"), ("accountng", "accounting")],
)
def test_unknown_selector_is_a_usage_error_with_a_suggestion(
    tables: Path, selector: str, hint: str
) -> None:
    for option in ("--select", "--ignore"):
        code, stderr = _invoke("check", str(tables / "tables"), option, selector)
        assert code == 2
        assert f"unknown rule code, prefix or category `{selector}`" in stderr
        assert f"did you mean `{hint}`?" in stderr


def test_unknown_code_in_toml_names_the_file_and_line(tables: Path, tmp_path: Path) -> None:
    config = _config(tmp_path, '[rules]\nselect = ["betting"]\nignore = ["POT-TOTL"]\n')
    code, stderr = _invoke("check", str(tables / "tables"), "--config", config)
    assert code == 2
    assert f"{config}:3: [rules] ignore: unknown rule code" in stderr
    assert "did you mean `POT-TOTAL`?" in stderr


def test_a_selection_that_leaves_no_rule_is_a_usage_error(tables: Path) -> None:
    code, stderr = _invoke("check", str(tables / "tables"), "--select", "log", "--ignore", "log")
    assert code == 2 and "leaves no rule" in stderr


def test_categories_come_from_the_registry() -> None:
    for category in CATEGORIES:
        codes = {code for code, rule in RULES.items() if rule.category == category}
        if codes:
            assert set(resolve(category, "--select")) == codes
            assert set(resolve(category.upper(), "--select")) == codes
    every = rule_selection(Config(), None, None)
    assert every.codes is None and every.severity == ()  # the default: every rule, as is
    with pytest.raises(click.UsageError):
        resolve("NO-SUCH-RULE", "--select")
    with pytest.raises(ConfigError):
        rule_selection(Config(select=("nope",)), None, None)
