"""Config errors a person can fix: file, line (and column), the closest known name, the types."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import audit.options
from hhaudit.cli import main
from hhaudit.cli.config import ConfigError, known_sites, read_config


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "site.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # TOML syntax: file, line and column
        ("[default]\nfl_max_raises = = 4\n", ":2:17: TOML syntax error: Invalid value"),
        ('[default]\nfold_without_bet = "info\n', ":2:"),
        # unknown names: the closest known one
        ("[default]\nfl_max_raise = 4\n", ":2: unknown option `fl_max_raise` in [default] "
         "(did you mean `fl_max_raises`?)"),
        ("# options\n[defaults]\nfl_max_raises = 4\n",
         ":2: unknown table `defaults` (did you mean `default`?)"),
        ("[rule]\nselect = []\n", ":1: unknown table `rule` (did you mean `rules`?)"),
        ('[site.PokerStars]\nfold_without_bt = "ignore"\n',
         ":2: unknown option `fold_without_bt` in [site.PokerStars] (did you mean "
         "`fold_without_bet`?)"),
        ('[rules]\nselct = ["betting"]\n', ":2: unknown key `selct` in [rules] (did you mean "
         "`select`?)"),
        ("[site.pokerstars.rakes]\ncap = 1\n", ":1: unknown table [site.pokerstars.rakes]"),
        ("fl_max_raises = 4\n", ":1: option `fl_max_raises` is outside any table: put it under "
         "[default]"),
        # wrong types and values: expected vs given
        ('[default]\nfl_max_raises = "4"\n',
         ":2: [default] option fl_max_raises: expected an integer, got a string ('4')"),
        ("[default]\nshort_bb_call_full = 1\n",
         ":2: [default] option short_bb_call_full: expected a boolean, got an integer (1)"),
        ('\n[site.ipoker]\nfl_cap_heads_up = "sometimes"\n',
         ':3: [site.ipoker] option fl_cap_heads_up: expected one of "always_capped", '),
        ('[default]\nfold_without_bet = "warn"\n', "got 'warn' (did you mean `warning`?)"),
        ("[default]\nfl_reopen_fraction = 2\n",
         ":2: [default] option fl_reopen_fraction: expected a number in (0, 1], got 2"),
        ("[default]\nfl_max_raises = -1\n", "expected an integer >= 0, got -1"),
        ("[rules]\nselect = 3\n", ":2: [rules] select: expected an array of strings"),
        ('[rules.severity]\nLABEL = "warn"\n',
         ':2: [rules.severity] LABEL: expected one of "violation", "warning", "info", "ignore", '
         "got a string ('warn') (did you mean `warning`?)"),
        ("[default]\nfl_max_raises = [4]\n", "expected an integer, got an array ([4])"),
    ],
)  # fmt: skip
def test_config_errors_say_where_and_what(tmp_path: Path, text: str, expected: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        read_config(path)
    message = caught.value.format_message()
    assert message.startswith(f"bad configuration: {path}:"), message
    assert expected in message, message


def test_the_cli_prints_the_error_alone_and_exits_2(tmp_path: Path) -> None:
    path = _write(tmp_path, "[default]\nfl_max_raise = 4\n")
    for command in (["run", "--out", str(tmp_path / "out")], ["check"]):
        result = CliRunner().invoke(main, [*command, str(tmp_path), "--config", str(path)])
        assert result.exit_code == 2, result.output
        assert "did you mean `fl_max_raises`?" in result.stderr
        assert "Usage:" not in result.stderr and "Traceback" not in result.stderr


def test_a_site_no_parser_emits_is_an_error_listing_the_known_sites(tmp_path: Path) -> None:
    """A typo in [site.X] would leave its options applying to no hand: a usage error (exit 2)
    like every other mistake in the file, naming the line, the closest site and all of them."""
    path = _write(tmp_path, "[default]\nfl_max_raises = 4\n\n[site.pokerstar]\nfl_max_raises = 5\n")
    with pytest.raises(ConfigError) as caught:
        read_config(path)
    message = caught.value.format_message()
    assert message.startswith(f"bad configuration: {path}:4: unknown site `pokerstar` ")
    assert "(did you mean `pokerstars`?)" in message
    assert message.endswith("Known sites: " + ", ".join(known_sites()))
    for command in (["run", "--out", str(tmp_path / "out")], ["check"]):
        result = CliRunner().invoke(main, [*command, str(tmp_path), "--config", str(path)])
        assert result.exit_code == 2, result.output
        assert "unknown site `pokerstar`" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()  # refused before any work
    rake = '[site.pokerstarz.rake]\nsource = "a test"\nrate = "5%"\n'  # a sub-table alone too
    with pytest.raises(ConfigError, match=r":1: unknown site `pokerstarz`"):
        read_config(_write(tmp_path, rake))
    config = read_config(_write(tmp_path, "[site.PokerStars]\nfl_max_raises = 5\n"))
    assert config.per_site["pokerstars"].fl_max_raises == 5 and config.warnings == ()


def test_known_sites_are_what_the_parsers_emit() -> None:
    sites = set(known_sites())
    assert {"pokerstars", "winamax", "ggpoker", "wpn", "888poker", "partypoker"} <= sites
    assert {"bovada", "ipoker", "phh", "runitonce"} <= sites
    assert "wpn-old" not in sites  # a format name, its hands are site wpn


def test_site_subtables_are_declared_in_one_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[site.<name>.X] is accepted exactly for the names of audit/options.py SITE_SUBTABLES
    (`rake`, issue #16, read by audit/sessions/rake.py), and skipped by the options reader;
    others are errors."""
    rake = '[site.pokerstars.rake]\nsource = "a test"\nrate = "5%"\n'
    path = _write(tmp_path, "[site.pokerstars]\nfl_max_raises = 5\n" + rake)
    config = read_config(path)
    assert config.per_site["pokerstars"].fl_max_raises == 5
    assert config.rake["pokerstars"].source == "a test"
    with pytest.raises(ConfigError, match=r":3: \[site.pokerstars.rake\]: unknown key"):
        read_config(_write(tmp_path, "[site.pokerstars]\nfl_max_raises = 5\n" + rake + "cap = 3\n"))
    with pytest.raises(ConfigError, match=r"did you mean `rake`\?"):
        read_config(_write(tmp_path, "[site.pokerstars.rakes]\ncap = 3\n"))
    monkeypatch.setattr(audit.options, "SITE_SUBTABLES", ())
    path = _write(tmp_path, "[site.pokerstars]\nfl_max_raises = 5\n" + rake)
    with pytest.raises(ConfigError, match=r":3: unknown table \[site.pokerstars.rake\]"):
        read_config(path)


def test_a_good_file_reads_every_table(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "[default]\nfl_max_raises = 4\n\n"
        '[site.pokerstars]\nfold_without_bet = "ignore"\n\n'
        '[rules]\nselect = ["betting", "accounting"]\nignore = ["FOLD-NO-BET"]\n\n'
        '[rules.severity]\nLABEL = "info"\n',
    )
    config = read_config(path)
    assert config.default.fl_max_raises == 4
    assert config.per_site["pokerstars"].fold_without_bet == "ignore"
    assert config.per_site["pokerstars"].fl_max_raises == 4
    assert config.select == ("betting", "accounting") and config.ignore == ("FOLD-NO-BET",)
    assert config.severity == {"LABEL": "info"} and config.warnings == ()
