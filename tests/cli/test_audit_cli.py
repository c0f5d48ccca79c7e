"""`hhaudit check`, `hhaudit rules`, `hhaudit rule` through click's runner."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from audit.rules import RULES
from audit.testing import example_sections, parse_example, tables_from_vector
from hhaudit.cli import main
from parsers.games import SHOWDOWN


def _write_tables(directory: Path, example: str) -> None:
    vector, _ = parse_example(example)
    directory.mkdir(parents=True, exist_ok=True)
    for name, frame in zip(("hands", "seats", "actions"), tables_from_vector(vector), strict=True):
        frame.write_parquet(directory / f"{name}.parquet")


def _example(code: str, which: str) -> str:
    return example_sections(RULES[code].doc)[which]


def test_check_writes_violations_and_exits_1(tmp_path: Path) -> None:
    _write_tables(tmp_path, _example("RAISE-MIN", "Violating"))
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1, result.output
    written = pl.read_parquet(tmp_path / "violations.parquet")
    assert "RAISE-MIN" in written["code"].to_list()
    assert pl.read_csv(tmp_path / "violations.csv").height == written.height


def test_check_clean_hand_exits_0_into_out(tmp_path: Path) -> None:
    _write_tables(tmp_path / "in", _example("RAISE-MIN", "Legal"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["check", str(tmp_path / "in"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (
        pl.read_parquet(out / "violations.parquet")
        .filter(pl.col("severity") == "violation")
        .is_empty()
    )


def test_check_config_changes_the_verdict(tmp_path: Path) -> None:
    _write_tables(tmp_path, _example("FOLD-NO-BET", "Violating"))
    config = tmp_path / "options.toml"
    config.write_text('[default]\nfold_without_bet = "violation"\n')
    assert CliRunner().invoke(main, ["check", str(tmp_path)]).exit_code == 0
    assert (
        CliRunner().invoke(main, ["check", str(tmp_path), "--config", str(config)]).exit_code == 1
    )


def test_check_usage_errors_exit_2(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["check", str(tmp_path)]).exit_code == 2
    _write_tables(tmp_path, _example("RAISE-MIN", "Legal"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[default]\nno_such_option = 1\n")
    assert CliRunner().invoke(main, ["check", str(tmp_path), "--config", str(bad)]).exit_code == 2
    assert CliRunner().invoke(main, ["check", str(tmp_path), "--select", "NOPE"]).exit_code == 2


def test_check_select_restricts_codes(tmp_path: Path) -> None:
    _write_tables(tmp_path, _example("RAISE-MIN", "Violating"))
    result = CliRunner().invoke(main, ["check", str(tmp_path), "--select", "REOPEN"])
    assert result.exit_code == 0
    assert pl.read_parquet(tmp_path / "violations.parquet").is_empty()


def test_rules_lists_every_code() -> None:
    output = CliRunner().invoke(main, ["rules"]).output
    assert all(code in output for code in RULES)
    lines = {line.split()[0]: line.split()[1] for line in output.splitlines()}
    assert lines == {code: rule.category for code, rule in RULES.items()}
    assert lines["CALL-AMOUNT"] == "accounting" and lines["LABEL"] == "log"


def test_rule_prints_citation_and_examples() -> None:
    result = CliRunner().invoke(main, ["rule", "reopen"])
    assert result.exit_code == 0
    assert "TDA 47-A" in result.output and "Violating:" in result.output
    assert "category: betting" in result.output
    assert CliRunner().invoke(main, ["rule", "XX"]).exit_code == 2


def test_python_dash_m_hhaudit_is_the_same_command_line() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "hhaudit", "rules"], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines()[0].split()[:3] == ["NL-BET-MIN", "betting", "violation"]


def test_check_fail_on_levels_and_quarantine_table(tmp_path: Path) -> None:
    _write_tables(tmp_path, _example("FOLD-NO-BET", "Violating"))  # one info flag
    levels = {
        level: CliRunner().invoke(main, ["check", str(tmp_path), "--fail-on", level]).exit_code
        for level in ("violation", "warning", "info", "quarantine", "never")
    }
    assert levels == {"violation": 0, "warning": 0, "info": 1, "quarantine": 1, "never": 0}
    _write_tables(tmp_path, _example("RAISE-MIN", "Legal"))
    quarantine = pl.DataFrame({"reason": ["line 9: truncated"], "reason_code": ["truncated"]})
    quarantine.write_parquet(tmp_path / "quarantine.parquet")
    strict = ["check", str(tmp_path), "--fail-on", "quarantine"]
    assert CliRunner().invoke(main, ["check", str(tmp_path)]).exit_code == 0
    failed = CliRunner().invoke(main, strict)
    assert failed.exit_code == 1
    assert failed.stderr.splitlines()[-1] == (
        "hhaudit: exit status 1 (--fail-on quarantine): 1 quarantine entry not readable "
        "(1 truncated)"
    )  # why a nightly job sees 1
    pl.DataFrame({"reason": ["duplicate of a:1"], "reason_code": ["duplicate"]}).write_parquet(
        tmp_path / "quarantine.parquet"
    )
    assert CliRunner().invoke(main, strict).exit_code == 0


def test_check_reads_the_tables_of_a_run_folder(tmp_path: Path) -> None:
    """A `hhaudit run` folder names the street (an Enum); check reads it as the parser's."""
    from run_fixtures import stars_file

    (tmp_path / "a.txt").write_text(stars_file(100, 3, undersized_every=2))
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["run", str(tmp_path / "a.txt"), "--out", str(out),
                                     "-q", "--workers", "1"]).exit_code == 1  # fmt: skip
    result = CliRunner().invoke(main, ["check", str(out), "--out", str(tmp_path / "again")])
    assert result.exit_code == 1, result.output
    again = pl.read_parquet(tmp_path / "again" / "violations.parquet")
    first = pl.read_parquet(out / "violations.parquet")
    assert again["code"].to_list() == first["code"].to_list() == ["RAISE-MIN", "RAISE-MIN"]
    assert again["hand_id"].to_list() == first["hand_id"].to_list()


def test_check_reads_the_street_by_name_or_as_an_older_release_wrote_it(tmp_path: Path) -> None:
    """`hhaudit parse` writes the Street Enum; check reads it back as the ids, by name (an
    Enum of an older release too). An integer street with no id above 4 is a table of a
    release before the Street ids, whose 4 was the settlement."""
    from parse_samples import BASIC_HAND

    from hhaudit.cli.commands.check import _canonical
    from parsers import parse_paths

    (tmp_path / "a.txt").write_text(BASIC_HAND)
    parsed = tmp_path / "parsed"
    assert CliRunner().invoke(main, ["parse", str(tmp_path / "a.txt"), "--out", str(parsed)])
    result = CliRunner().invoke(main, ["check", str(parsed), "--out", str(tmp_path / "out")])
    assert result.exit_code in (0, 1), result.output
    ids = parse_paths([tmp_path / "a.txt"]).actions.get_column("street")
    assert SHOWDOWN in ids.to_list()
    written = pl.read_parquet(parsed / "actions.parquet")
    assert isinstance(written.schema["street"], pl.Enum)
    assert _canonical(written).get_column("street").equals(ids)
    old_enum = pl.Enum(["preflop", "flop", "turn", "river", "showdown"])
    old_named = written.with_columns(pl.col("street").cast(pl.String).cast(old_enum))
    assert _canonical(old_named).get_column("street").equals(ids)
    first_release = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}
    old_ids = written.with_columns(
        pl.col("street").cast(pl.String).replace_strict(first_release, return_dtype=pl.Int8)
    )
    assert 4 in old_ids.get_column("street").to_list()
    assert _canonical(old_ids).get_column("street").equals(ids)
    assert _canonical(written.with_columns(street=ids)).get_column("street").equals(ids)
