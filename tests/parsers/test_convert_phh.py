"""`hhaudit convert --to phh`: sample_data -> PHH -> PokerKit replay and hhaudit re-read."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA

import audit
from hhaudit.cli import main
from parsers import ParsedTables, parse_paths

BETTING = ["fold", "check", "call", "bet", "raise"]
TABLES = ("hands", "seats", "actions", "quarantine")


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, str]:
    out = tmp_path_factory.mktemp("phh")
    result = CliRunner().invoke(
        main, ["convert", str(SAMPLE_DATA), "--to", "phh", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "convert.json").read_text(encoding="utf-8"))
    return out, summary, result.output


@pytest.fixture(scope="module")
def both(converted: tuple[Path, dict, str]) -> tuple[Audited, Audited]:
    """The written hands read from the originals and from the PHH files, each audited once."""
    out, summary, _ = converted
    skipped = [s["hand_id"] for e in summary["inputs"] for s in e["skipped"]]
    original = parse_paths([SAMPLE_DATA])
    keep = ~pl.col("hand_id").is_in(skipped)
    original = ParsedTables(*(getattr(original, t).filter(keep) for t in TABLES))
    return Audited.of(original), Audited.of(parse_paths([out]))


@dataclass
class Audited:
    tables: ParsedTables
    result: audit.AuditResult

    @staticmethod
    def of(tables: ParsedTables) -> Audited:
        # Same rules on both sides of a conversion: PHH carries no site, so no site profile
        # (e.g. ipoker's fl_half_allin_level) applies to the original either.
        sites = tables.hands["site"].unique().to_list()
        plain = {site: audit.Options() for site in sites}
        result = audit.check(tables.hands, tables.seats, tables.actions, site_options=plain)
        return Audited(tables, result)


def _flags(found: audit.AuditResult) -> dict[tuple, list[str]]:
    """Codes per betting action, keyed by (hand, street, player, kind, n-th such action)."""
    acts = found.actions.filter(pl.col("kind").cast(pl.String).is_in(BETTING))
    nth = pl.int_range(pl.len()).over("hand_id", "street", "player", "kind")
    acts = acts.sort("hand_key", "seq").with_columns(nth.alias("nth"))
    codes = (
        found.violations.filter(pl.col("seq").is_not_null())
        .group_by("hand_key", "seq")
        .agg(pl.col("code").sort())
    )
    joined = acts.join(codes, on=["hand_key", "seq"], how="inner")
    keys = joined.select("hand_id", "street", "player", pl.col("kind").cast(pl.String), "nth")
    return dict(zip(keys.rows(), joined["code"].to_list(), strict=True))


def _betting(tables: ParsedTables) -> list[tuple]:
    acts = tables.actions.filter(pl.col("kind").cast(pl.String).is_in(BETTING))
    columns = ["hand_id", "street", "player", "kind", "amount", "to_amount", "is_all_in"]
    # A hand id may repeat across files (three iPoker files share one): sort by content too, so
    # the two copies' rows interleave the same way on both sides.
    acts = acts.sort("hand_id", "seq", *columns[2:], "player").select(columns)
    return acts.with_columns(pl.col("kind").cast(pl.String)).rows()


def test_every_hand_is_written_skipped_or_quarantined(converted: tuple[Path, dict, str]) -> None:
    out, summary, output = converted
    read = sum(entry["hands_read"] for entry in summary["inputs"])
    total = summary["hands_written"] + summary["hands_skipped"] + summary["hands_quarantined"]
    assert total == read
    reasons = {s["reason"] for e in summary["inputs"] for s in e["skipped"]}
    assert "several boards (run it twice)" in reasons
    assert "no PHH variant for holdem CAP" in reasons
    assert any(r.startswith("dead money posted by") for r in reasons)
    assert "skipped: several boards (run it twice)" in output
    assert (
        (out / "NLHE-6max-USD-0.50-1.00.basic.phhs").read_text(encoding="utf-8").startswith("[1]\n")
    )


def test_pokerkit_replays_every_legal_hand(
    converted: tuple[Path, dict, str], both: tuple[Audited, Audited]
) -> None:
    notation = pytest.importorskip("pokerkit.notation")
    out = converted[0]
    flagged = both[0].result.violations.filter(pl.col("severity") == "violation")
    illegal = set(flagged["hand_id"].to_list())
    legal = set(both[0].tables.hands["hand_id"].to_list()) - illegal
    replayed = set()
    for path in sorted(out.glob("*.phhs")):
        for history in notation.HandHistory.load_all(io.BytesIO(path.read_bytes())):
            if history.hand in illegal:
                continue
            list(history)  # raises if PokerKit refuses an action
            replayed.add(history.hand)
    assert replayed == legal
    assert len(replayed) >= 50


def test_reading_the_phh_gives_the_same_actions_and_flags(
    converted: tuple[Path, dict, str], both: tuple[Audited, Audited]
) -> None:
    original, again = both
    assert again.tables.quarantine.height == 0
    assert again.tables.hands.height == converted[1]["hands_written"]
    assert _betting(again.tables) == _betting(original.tables)
    assert _flags(again.result) == _flags(original.result)
    assert len(_flags(original.result)) >= 10  # the illegal samples' flags are compared too


@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")
def test_ipoker_and_phh_corpora_round_trip(corpus_dir: Path, tmp_path: Path) -> None:
    """Real iPoker and PHH hands -> PHH: PokerKit replays all but the one FL hand the checker
    also flags (a raise to 2 units over a 0.65-unit all-in), and the re-read is identical."""
    notation = pytest.importorskip("pokerkit.notation")
    inputs = [str(corpus_dir / "ipoker"), str(corpus_dir / "phh")]
    result = CliRunner().invoke(main, ["convert", *inputs, "--to", "phh", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "convert.json").read_text(encoding="utf-8"))
    refused = []
    for path in sorted(tmp_path.glob("*.phhs")):
        for history in notation.HandHistory.load_all(io.BytesIO(path.read_bytes())):
            try:
                list(history)
            except ValueError:
                refused.append(history.hand)
    assert refused == ["2855501026"]
    skipped = [s["hand_id"] for e in summary["inputs"] for s in e["skipped"]]
    original = parse_paths(inputs)
    keep = ~pl.col("hand_id").is_in(skipped)
    original = ParsedTables(*(getattr(original, t).filter(keep) for t in TABLES))
    again = parse_paths([tmp_path])
    assert again.hands.height == summary["hands_written"] == original.hands.height
    assert _betting(again) == _betting(original)
    assert _flags(Audited.of(again).result) == _flags(Audited.of(original).result)


def _collected(tables: ParsedTables) -> set[tuple]:
    collects = tables.actions.filter(pl.col("kind").cast(pl.String) == "collect")
    return set(collects.group_by("hand_id", "player").agg(pl.col("amount").sum()).rows())


def test_settlement_is_written_and_read_back(
    converted: tuple[Path, dict, str], both: tuple[Audited, Audited]
) -> None:
    """winnings, _hhaudit_total_pot and _hhaudit_rake carry each hand's settlement over (a hand
    with a cash-out gets none: PHH cannot state it); PokerKit reads the fields."""
    notation = pytest.importorskip("pokerkit.notation")
    original, again = (side.tables for side in both)
    cashed = set(
        original.actions.filter(pl.col("kind").cast(pl.String) == "cash_out")["hand_id"].to_list()
    )
    assert cashed  # sample_data has a Run It Once style cash-out
    keep = ~pl.col("hand_id").is_in(list(cashed))
    original, again = (
        ParsedTables(*(getattr(t, n).filter(keep) for n in TABLES)) for t in (original, again)
    )
    assert _collected(again) == _collected(original)
    assert len(_collected(original)) >= 50
    pots = ["hand_id", "total_pot", "rake"]
    assert set(again.hands.select(pots).rows()) == set(original.hands.select(pots).rows())
    path = converted[0] / "NLHE-6max-USD-0.50-1.00.uncalled-bet.phhs"
    history = next(iter(notation.HandHistory.load_all(io.BytesIO(path.read_bytes()))))
    assert history.winnings == [0, 0, 0, 0, 0, 2233]  # LuckyLou's pot after the $1.17 rake
    assert history.user_defined_fields["_hhaudit_total_pot"] == 2350


def test_a_hand_whose_posts_contradict_its_header_is_written_at_the_posts_stakes(
    tmp_path: Path,
) -> None:
    """GGPoker TM910001: header Level3(80/160), blinds posted at 60/120 (the level before). The
    audit judges it at the posts' stakes, so the PHH states min_bet 120 and PokerKit replays
    p3's raise to 300 (a raise of 180 over 120, legal at 60/120, below 160 + 160 at 80/160)."""
    notation = pytest.importorskip("pokerkit.notation")
    sample = Path(__file__).resolve().parents[1] / "sites" / "ggpoker"
    source = sample / "header_stakes_level_change.txt"
    result = CliRunner().invoke(
        main, ["convert", str(source), "--to", "phh", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    (written,) = tmp_path.glob("*.phhs")
    histories = list(notation.HandHistory.load_all(io.BytesIO(written.read_bytes())))
    first = next(h for h in histories if h.hand == "TM910001")
    assert first.min_bet == 120
    assert sorted(b for b in first.blinds_or_straddles if b) == [60, 120]
    list(first)  # PokerKit replays it (raises on an illegal action)


def _dealt(actions: list[str]) -> list[tuple[str, list[str]]]:
    """(who, cards) of each PHH dealing: ("p2", ["Ah", "??"]) for a hole deal, ("board", ...)."""
    found = []
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            found.append((words[2], [words[3][i : i + 2] for i in range(0, len(words[3]), 2)]))
        elif words[:2] == ["d", "db"]:
            found.append(("board", [words[2][i : i + 2] for i in range(0, len(words[2]), 2)]))
    return found


def test_cards_are_the_logs_and_unknown_ones_are_question_marks(
    converted: tuple[Path, dict, str],
) -> None:
    """A card PHH writes is one the log shows for that player (or that board); every other card
    is PHH's `??`, never a card made up (issue #29)."""
    import tomllib

    out = converted[0]
    source = parse_paths([SAMPLE_DATA])
    where = source.hands.select(
        pl.format("{}:{}", "source_file", "line_no").alias("source"), "hand_key"
    )
    known = source.cards.filter(pl.col("card").is_not_null())
    unknown = real = 0
    for path in sorted(out.glob("*.phhs")):
        for hand in tomllib.loads(path.read_text(encoding="utf-8")).values():
            key = where.filter(pl.col("source") == hand["_hhaudit_source"])["hand_key"].item()
            cards = known.filter(pl.col("hand_key") == key)
            assert "_hhaudit_cards" not in hand  # no placeholder note: nothing is placeholder
            for who, dealt in _dealt(hand["actions"]):
                if who == "board":
                    allowed = set(cards.filter(pl.col("source") == "board")["card"].to_list())
                else:
                    player = hand["players"][int(who[1:]) - 1]
                    mine = cards.filter(pl.col("player") == player)
                    allowed = set(mine["card"].to_list())
                for card in dealt:
                    if card == "??":
                        unknown += 1
                    else:
                        assert card in allowed, (hand["hand"], who, card)
                        real += 1
    assert unknown > 100 and real > 100  # both kinds on the sample hands
