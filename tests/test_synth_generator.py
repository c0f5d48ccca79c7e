"""The synthetic hand generator: determinism, truth file, accounting, every code, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from tools.synth import ALL_CODES, SynthOptions, generate, write_corpus
from tools.synth.__main__ import main as synth_cli

MIXED = SynthOptions(
    games=("NLHE", "PLO", "FLHE"),
    tournaments=0.3,
    currencies=("USD", "EUR", "play"),
    straddles=0.1,
    dead_blinds=0.1,
    sitting_out=0.2,
    hands_per_table=7,
)


def test_same_seed_same_text_other_seed_other_text() -> None:
    first = generate(40, 5, violation_rate=0.2, options=MIXED, tables=False)
    again = generate(40, 5, violation_rate=0.2, options=MIXED, tables=False)
    other = generate(40, 6, violation_rate=0.2, options=MIXED, tables=False)
    assert first.text == again.text and first.truth == again.truth
    assert first.text != other.text


def test_write_corpus_in_parallel_writes_what_generate_writes(tmp_path: Path) -> None:
    in_memory = generate(60, 9, violation_rate=0.3, options=MIXED, files=3, tables=False)
    in_memory.write_to(tmp_path / "a.txt")
    write_corpus(tmp_path / "b.txt", 60, 9, violation_rate=0.3, options=MIXED, files=3, workers=2)
    for k in range(3):
        assert (tmp_path / f"a-{k}.txt").read_text() == (tmp_path / f"b-{k}.txt").read_text()
    truth_a = json.loads((tmp_path / "a.txt.truth.json").read_text())
    truth_b = json.loads((tmp_path / "b.txt.truth.json").read_text())
    rename = [{**row, "file": row["file"].replace("b-", "a-")} for row in truth_b["violations"]]
    assert truth_a["violations"] == rename and truth_a["hands"] == truth_b["hands"] == 60


def test_truth_points_at_the_offending_lines() -> None:
    result = generate(300, 2, violation_rate=0.5, options=MIXED, name="t.txt")
    lines = result.text.splitlines()
    actions = result.tables["actions"]
    hands = result.tables["hands"]
    assert result.truth
    for row in result.truth:
        line = lines[row["line_no"] - 1]
        header = hands.filter(pl.col("hand_id") == row["hand_id"])["line_no"].item()
        assert header <= row["line_no"]
        if row["code"] == "POT-TOTAL":
            assert row["seq"] is None and line.startswith("Total pot")
        elif row["code"] == "CHIP-CONSERVATION":
            assert row["seq"] is None and " collected " in line
        else:
            action = actions.filter(
                (pl.col("hand_id") == row["hand_id"]) & (pl.col("seq") == row["seq"])
            )
            assert action["line_no"].item() == row["line_no"], row


def test_legal_hands_balance_their_books() -> None:
    """Without violations: collected + rake = reported pot = chips put in - chips returned."""
    result = generate(400, 3, options=MIXED)
    actions = result.tables["actions"].with_columns(pl.col("kind").cast(pl.String))
    money = actions.group_by("hand_key").agg(
        put_in=pl.col("amount")
        .filter(pl.col("kind").is_in(["collect", "uncalled_return"]).not_())
        .sum(),
        returned=pl.col("amount").filter(pl.col("kind") == "uncalled_return").sum(),
        collected=pl.col("amount").filter(pl.col("kind") == "collect").sum(),
    )
    books = result.tables["hands"].join(money, on="hand_key")
    assert books.height == 400
    assert (books["put_in"] - books["returned"] == books["total_pot"]).all()
    assert (books["collected"] + books["rake"] == books["total_pot"]).all()


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_can_be_injected(code: str) -> None:
    games = ("FLHE",) if code.startswith("FL-") else ("PLO",) if code == "PL-MAX" else ("NLHE",)
    options = SynthOptions(games=games, violation_codes=(code,), min_players=4, max_players=6)
    result = generate(400, 1, violation_rate=1.0, options=options, tables=False)
    codes = {row["code"] for row in result.truth}
    assert code in codes
    assert codes <= {code, "POT-TOTAL", "CHIP-CONSERVATION"}  # fallbacks when no turn suited
    assert len(result.truth) == 400  # exactly one per hand


def test_cli_writes_files_and_truth(tmp_path: Path) -> None:
    out = tmp_path / "cli.txt"
    args = [
        "--hands",
        "25",
        "--out",
        str(out),
        "--violations",
        "0.4",
        "--seed",
        "4",
        "--files",
        "2",
    ]
    outcome = CliRunner().invoke(synth_cli, [*args, "--games", "NLHE,PLO", "--edge-cases"])
    assert outcome.exit_code == 0, outcome.output
    truth = json.loads((tmp_path / "cli.txt.truth.json").read_text())
    assert truth["hands"] == 25 and [f["file"] for f in truth["files"]] == [
        "cli-0.txt",
        "cli-1.txt",
    ]
    text = (tmp_path / "cli-0.txt").read_text() + (tmp_path / "cli-1.txt").read_text()
    assert text.count("PokerStars Hand #") == 25


def test_cli_rejects_unknown_codes(tmp_path: Path) -> None:
    outcome = CliRunner().invoke(
        synth_cli, ["--hands", "1", "--out", str(tmp_path / "x.txt"), "--codes", "NOPE"]
    )
    assert outcome.exit_code != 0 and "NOPE" in outcome.output
