"""The report's pots and previous-hand views on real logs of the corpus (read, never copied):
iPoker's HMExport_1.txt hand 742000000, a known SHOWDOWN-WINNER (tests/corpus/real_corpus/
ipoker.py KNOWN_FLAGS: the straight's pot paid half to a pair of nines), and the PokerStars
tournament session of tests/audit/test_session_mutations.py with HO4.'s start lowered."""

from __future__ import annotations

from pathlib import Path

import pytest
import report_runs as rr

pytestmark = pytest.mark.corpus

IPOKER = "ipoker/italytoast-phhp/CashGame/ValidHandTests/HMExport_1.txt"
SESSION = (
    "pokerstars/DominikFischer86+pokertracker/db/handhistories/demo/"
    "HH20220115 T3339171319 No Limit Hold'em $3.92 + $0.48.txt"
)


def _page(text: str | bytes, folder: Path) -> str:
    rr.run_log(text, folder)
    return (folder / "out" / "report.html").read_text(encoding="utf-8")


def test_a_real_pot_paid_to_the_wrong_hand(corpus_dir: Path, tmp_path: Path) -> None:
    page = _page((corpus_dir / IPOKER).read_text(encoding="utf-8"), tmp_path)
    hand = rr.block(page, "hand-ipoker-742000000")
    (pot, rows), (paid, payouts) = rr.tables(hand)
    assert pot.startswith("Main pot 480.00 · board Kd Tc 7c 9d 2h")
    assert rows[0] == ("best", ["10", "Player5", "Qc 6h Jd Ks", "Kd Qc Jd Tc 9d", "straight (best)",
                                "480.00"])  # fmt: skip
    assert rows[1][1][1] == "Player4" and rows[1][1][4:] == ["pair", "0.00"]
    assert "pots 480.00, paid out 476.00: the rest is the rake" in paid
    assert payouts == [
        ("differs", ["8", "Player4", "480.00", "0.00", "238.00", "differs"]),
        ("differs", ["10", "Player5", "480.00", "480.00", "238.00", "differs"]),
    ]


def test_a_real_session_with_a_lowered_stack(corpus_dir: Path, tmp_path: Path) -> None:
    text = (corpus_dir / SESSION).read_bytes()  # its names are not all UTF-8
    start = text.index(b"PokerStars Hand #233166262690")
    end = text.index(b"PokerStars Hand #", start + 1)
    second = text[start:end].replace(b"HO4. (8114 in chips", b"HO4. (8100 in chips")
    assert second != text[start:end]
    page = _page(text[:start] + second + text[end:], tmp_path)
    hand = rr.block(page, "hand-pokerstars-233166262690")
    table = hand.split('id="hand-pokerstars-233166262690-session"')[1].split("</table>")[0]
    rows = rr.rows(table)
    assert ("fact", ["Hand", "#233166232687", "#233166262690"]) in rows
    assert ("fact", ["Big blind", "seat 5 (ph_boxer)", "seat 6 (tvoiboy666)"]) in rows
    marked = [cells for css, cells in rows if css == "differs"]
    assert marked == [["HO4.", "1", "8129", "8114", "1", "8100 (≠ 8114)"]]
