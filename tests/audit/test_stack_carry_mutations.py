"""STACK-CARRY on real micro-stakes cash sessions with auto top-ups (issue 27, item 6).

The sessions: 888poker's 2NL tables (Base-R-Best-R, 50 files, ~2,900 hands) and PokerStars'
2NL tables (pokerregion, 29 files, ~1,350 hands, Zoom pools among them: audited, but a pool
forms no table session), where most players are topped up back to their buy-in after losing
their blinds. As written they draw no session flag above
info. Each mutant takes one cent from the start of a hand of a player whose stack did not move
since his previous hand (his start equals his end stack there; he was dealt in to both), the
way an engine losing a cent between hands would; STACK-CARRY must flag at least 95 % of them,
whatever top-ups the other players took.

Mutants are made in two rounds (the hands of even and of odd place in their session), one
player a hand, so a mutant's pair of hands holds no other mutant (the cent taken also makes
the next hand's start one cent above the mutated hand's end, which is info).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from hhaudit.cli import main

pytestmark = pytest.mark.corpus

FOLDERS = (
    "888poker/Base-R-Best-R+888-Poker-Hand-History-Analysis/2NL Hands",
    "pokerstars/pokerregion+poker/tests/handhistory/data/PokerStars",
)
TARGET_RATE = 0.95
#: A seat line's amount: "( $6.07 )", "( 0,86 $ )", "( 2 $ )" (888poker), "($2.01 in chips)".
AMOUNT = re.compile(r"\(\s*(?P<before>\$?\s?)(?P<number>\d+(?:[.,]\d{1,2})?)(?P<after>\s?\$?)")


@dataclass
class Sessions:
    files: dict[str, bytes]  # name in the copy -> original bytes
    hands: pl.DataFrame
    seats: pl.DataFrame


def _run(folder: Path, out: Path) -> pl.DataFrame:
    result = CliRunner().invoke(
        main, ["run", str(folder), "--out", str(out), "--exit-zero", "--workers", "1", "-q"]
    )
    assert result.exit_code == 0, result.output
    return pl.read_parquet(out / "violations.parquet")


def _copy(corpus: Path, into: Path) -> dict[str, bytes]:
    files = {}
    for number, folder in enumerate(FOLDERS):
        for path in sorted((corpus / folder).iterdir()):
            name = f"{number}-{path.name}"
            files[name] = path.read_bytes()
            (into / name).write_bytes(files[name])
    return files


@pytest.fixture(scope="module")
def sessions(corpus_dir: Path, tmp_path_factory) -> Sessions:
    for folder in FOLDERS:
        if not (corpus_dir / folder).is_dir():
            pytest.skip(f"{corpus_dir / folder} is absent: the top-up sessions are not there")
    logs = tmp_path_factory.mktemp("originals")
    files = _copy(corpus_dir, logs)
    out = tmp_path_factory.mktemp("original-run")
    flags = _run(logs, out)
    session_flags = flags.filter(pl.col("category") == "session", pl.col("severity") != "info")
    assert session_flags.select("hand_id", "code", "message").rows() == []
    hands = pl.read_parquet(out / "hands.parquet").with_columns(
        pl.col("source_file").str.split("/").list.last().alias("name")
    )
    seats = pl.read_parquet(out / "seats.parquet")
    return Sessions(files, hands, seats)


def _targets(found: Sessions) -> pl.DataFrame:
    """(name, site, line_no, next_line, hand_id, seq, seat, player, stack) of the players whose
    start equals their end stack in the previous hand of the session, dealt in to both."""
    # a fast-fold pool's name is no table: its hands form no session to carry stacks in
    # (audit/sessions/pools.py), so its players are no targets
    placed = pl.col("session_id").is_not_null() & ~pl.col("is_fast_fold")
    hands = found.hands.filter(placed).sort("name", "line_no")
    following = found.hands.sort("name", "line_no").select(
        "hand_key", next_line=pl.col("line_no").shift(-1).over("name")
    )
    columns = ("hand_key", "name", "site", "line_no", "next_line", "hand_id", "session_id",
               "session_seq")  # fmt: skip
    hands = hands.join(following, on="hand_key").select(columns)
    previous = hands.select(
        pl.col("hand_key").alias("prev_key"),
        "session_id",
        (pl.col("session_seq") + 1).alias("session_seq"),
    )
    dealt = ~pl.col("sitting_out").fill_null(False)
    seats = found.seats.filter(dealt).select("hand_key", "seat", "player", "stack", "end_stack")
    before = seats.select(
        pl.col("hand_key").alias("prev_key"), "player", pl.col("end_stack").alias("prev_end")
    )
    return (
        hands.join(previous, on=["session_id", "session_seq"])
        .join(seats, on="hand_key")
        .join(before, on=["prev_key", "player"])
        .filter(pl.col("stack") == pl.col("prev_end"), pl.col("stack") > 1)
        .sort("name", "line_no", "seat")
    )


def _one_per_hand(targets: pl.DataFrame, parity: int) -> pl.DataFrame:
    """One target in each hand of `parity` place in its session (a different player from hand
    to hand: the k-th of the hand's targets, k the hand's place)."""
    chosen = targets.filter(pl.col("session_seq") % 2 == parity).with_columns(
        _k=pl.int_range(pl.len()).over("hand_key"), _n=pl.len().over("hand_key")
    )
    return chosen.filter(pl.col("_k") == (pl.col("session_seq") // 2) % pl.col("_n"))


def _less_one_cent(number: str, after: str) -> str:
    """`number` less one cent, written the way it was: "6.07" -> "6.06", "0,86" -> "0,85",
    "2" -> "1.99" ("1,99" where the currency follows the number, the continental client)."""
    comma = "," in number or (after.strip() == "$" and "." not in number)
    whole, _, cents = number.replace(",", ".").partition(".")
    value = int(whole) * 100 + int((cents + "00")[:2]) - 1
    text = f"{value // 100}.{value % 100:02d}"
    return text.replace(".", ",") if comma else text


def _mutate(text: bytes, line_no: int, next_line: int | None, seat: int, player: str) -> bytes:
    lines = text.split(b"\n")
    end = (next_line - 1) if next_line is not None else len(lines)
    prefix = f"Seat {seat}: {player} ("
    for index in range(line_no - 1, end):
        line = lines[index].decode("utf-8", errors="surrogateescape")
        at = line.find(prefix)
        if at >= 0 and not line[:at].strip(" \ufeff"):
            match = AMOUNT.search(line, at + len(prefix) - 1)
            assert match, line
            new = _less_one_cent(match["number"], match["after"])
            start, stop = match.span("number")
            lines[index] = (line[:start] + new + line[stop:]).encode(errors="surrogateescape")
            return b"\n".join(lines)
    raise AssertionError(f"no seat line for {player} in the hand at line {line_no}")


def _round(found: Sessions, mutants: pl.DataFrame, tmp: Path) -> pl.DataFrame:
    """The mutants of one round with `caught`: STACK-CARRY flags the player on that hand."""
    logs, out = tmp / "logs", tmp / "out"
    logs.mkdir()
    texts = dict(found.files)
    # from the last line up, so the line numbers of the earlier hands still hold
    for row in mutants.sort("name", "line_no", descending=[False, True]).iter_rows(named=True):
        texts[row["name"]] = _mutate(
            texts[row["name"]], row["line_no"], row["next_line"], row["seat"], row["player"]
        )
    for name, text in texts.items():
        (logs / name).write_bytes(text)
    flags = _run(logs, out)
    caught = flags.filter(pl.col("code") == "STACK-CARRY", pl.col("severity") == "violation")
    keys = caught.select("hand_id", "player").unique().with_columns(caught=pl.lit(True))
    shutil.rmtree(logs)
    return mutants.join(keys, on=["hand_id", "player"], how="left").with_columns(
        pl.col("caught").fill_null(False)
    )


def test_a_cent_taken_between_hands_is_caught_despite_top_ups(
    sessions: Sessions, tmp_path: Path
) -> None:
    targets = _targets(sessions)
    rounds = []
    for parity in (0, 1):
        folder = tmp_path / f"round-{parity}"
        folder.mkdir()
        rounds.append(_round(sessions, _one_per_hand(targets, parity), folder))
    found = pl.concat(rounds)
    per_site = found.group_by("site").agg(pl.len(), pl.col("caught").mean()).sort("site")
    print(per_site)  # the figures (pytest -s)
    assert found.height > 2000
    assert set(per_site.get_column("site")) == {"888poker", "pokerstars"}
    assert (per_site.get_column("caught") >= TARGET_RATE).all(), per_site
