"""Options: defaults as RULES.md §6, TOML loading, site profiles, per-site options in one batch."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from audit import SITE_PROFILES, Options, check, load_options
from audit.rules import RULES
from audit.testing import example_sections, parse_example, tables_from_vector


def test_defaults_match_the_vectors_file(vectors_path: Path) -> None:
    defaults = json.loads(vectors_path.read_text())["default_options"]
    assert {k: v for k, v in Options().to_dict().items() if k in defaults} == defaults
    assert set(defaults) <= set(Options().to_dict())


def test_toml_default_and_site_tables(tmp_path: Path) -> None:
    path = tmp_path / "o.toml"
    path.write_text(
        '[default]\nfl_max_raises = 4\n\n[site.PokerStars]\nfold_without_bet = "ignore"\n'
    )
    default, sites = load_options(path)
    assert default.fl_max_raises == 4
    assert sites["pokerstars"].fl_max_raises == 4
    assert sites["pokerstars"].fold_without_bet == "ignore"
    for site, profile in SITE_PROFILES.items():
        assert all(getattr(sites[site], k) == v for k, v in profile.items())


@pytest.mark.parametrize(
    "text",
    [
        "[default]\nno_such = 1\n",
        '[default]\nfl_cap_heads_up = "sometimes"\n',
        '[default]\nfl_max_raises = "4"\n',
        "[default]\nshort_bb_call_full = 1\n",
        "[other]\n",
    ],
)
def test_bad_toml_fails_loudly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "o.toml"
    path.write_text(text)
    with pytest.raises(ValueError):
        load_options(path)


def test_integer_fraction_is_accepted() -> None:
    assert Options(fl_reopen_fraction=1).reopen_fraction == 1


def test_no_file_gives_defaults() -> None:
    default, sites = load_options(None)
    assert default == Options()
    assert set(sites) == set(SITE_PROFILES)


def _fold_hand(site: str, key: int) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    vector, _ = parse_example(example_sections(RULES["FOLD-NO-BET"].doc)["Violating"])
    return tables_from_vector(vector | {"site": site}, hand_key=key)


def test_site_options_apply_per_hand_in_one_batch() -> None:
    parts = [_fold_hand("a", 1), _fold_hand("b", 2)]
    hands, seats, actions = (pl.concat([p[i] for p in parts]) for i in range(3))
    result = check(hands, seats, actions, site_options={"b": Options(fold_without_bet="violation")})
    flagged = result.violations.filter(pl.col("code") == "FOLD-NO-BET")
    assert dict(zip(flagged["hand_key"], flagged["severity"], strict=True)) == {
        1: "info",
        2: "violation",
    }
    ignored = check(hands, seats, actions, options=Options(fold_without_bet="ignore"))
    assert "FOLD-NO-BET" not in ignored.violations["code"].to_list()


HALF_ALLIN = """FL 10/20 bets 20/40; stacks P1=1000 P2=35 P3=1000; button P3
preflop: P3 call, P1 call, P2 check
flop: P1 check, P2 bet 15 allin, P3 raise {to}, P1 call"""


def _fl_size_flags(to: int, site: str, **options: str) -> list[str]:
    vector, _ = parse_example(HALF_ALLIN.format(to=to))
    hands, seats, actions = tables_from_vector(vector | {"site": site})
    result = check(hands, seats, actions, options=Options(**options))
    return result.violations.filter(pl.col("code") == "FL-SIZE")["code"].to_list()


@pytest.mark.parametrize("site", ["ipoker", "bovada"])
def test_half_allin_level_full_bet(site: str) -> None:
    # a 15 all-in on a 20 flop counts (>= half a unit): RULES.md D-12 sets L = 15, so the next
    # raise is to 35; iPoker and Bovada treat it as a full bet (L = 20), so the raise is to 40
    assert _fl_size_flags(35, "vector") == []
    assert _fl_size_flags(40, "vector") == ["FL-SIZE"]
    assert _fl_size_flags(40, "vector", fl_half_allin_level="full_bet") == []
    assert _fl_size_flags(35, "vector", fl_half_allin_level="full_bet") == ["FL-SIZE"]
    assert SITE_PROFILES[site]["fl_half_allin_level"] == "full_bet"
    assert _fl_size_flags(40, site) == []
    assert _fl_size_flags(35, site) == ["FL-SIZE"]
