"""Small PokerStars logs for the report tests, written by the test-hand builder (audit/testing)
from the notation, legal and mutated (a mutation edits the written log: the log lies), and a
helper that runs `hhaudit run` on one (test tooling; the hands are made up, not from the corpus).

* POTS: a three-way all-in hand with a main pot (the short stack's trip nines win it) and a
  side pot (Bigs' aces beat Carl's kings); no rake, so the shares are the payouts exactly.
  Mutations: the main pot paid to Carl (SHOWDOWN-WINNER), the side pot paid to the short stack,
  who was not in it (SIDE-POT); RAKED takes a rake of 2.00 from the side pot.
* SPLIT: two players play a broadway straight on the board for a 0.35 pot: 0.18 to the first
  left of the button (the small blind), 0.17 to the button; the odd cent moved: POT-SPLIT.
* HILO: Omaha hi/lo, Gil's trip kings win the high half, Hana's 7-4-3-2-A the low; the
  mutation pays Gil 0.10 of the low half: POT-SPLIT.
* SESSION: two consecutive hands of one table, the button moving one seat. Mutations: Bea
  starts the second hand with 90.00 instead of 99.50 (STACK-CARRY), Bea posts the big blind that
  belongs to seat 1 (BLIND-ROTATION).

Player names are hostile on purpose (HTML that must stay text). `block`, `rows` and `tables`
read a hand, its table rows and its pot tables back from report.html.
"""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from audit.testing import hand, pokerstars, renamed, site_hand

Rows = list[tuple[str, list[str]]]

SHORT = '<script>alert("pwn")</script>'
ROGUE = "<img src=x onerror=alert(2)>"


def _log(notation: str, hand_id: int, table: str, minutes: int, names: dict[str, str]) -> str:
    """One hand in the notation as PokerStars text (USD, 2026-01-05 10:00 ET + `minutes`)."""
    vector = hand(
        notation,
        currency="USD",
        table=table,
        started_at=datetime(2026, 1, 5, 15, tzinfo=UTC) + timedelta(minutes=minutes),
    )
    return pokerstars(site_hand(renamed(vector, names), hand_id)) + "\n\n"


POTS = _log(
    """NL 100/200; stacks P1=1000 P2=10000 P3=10000; button P1
    posts: P2 sb 100, P3 bb 200
    preflop: P1 raise 1000 allin, P2 call, P3 call
    flop: P2 bet 2000, P3 call
    turn: P2 check, P3 check
    river: P2 check, P3 check
    cards: P2 Ah Ad "a pair of Aces"; P3 Kh Kd "a pair of Kings"; P1 9s 9d "three of a kind, Nines"
    board: 2c 7d 9h Js 3s
    settle: collect P2 4000; collect P1 3000; pot 7000; rake 0""",
    300000000001,
    "Report Pots",
    0,
    {"P1": SHORT, "P2": "Bigs", "P3": "Carl"},
)

MAIN_POT_TO_CARL = (f"{SHORT} collected $30 from pot", "Carl collected $30 from pot")
RAKED = (
    ("Bigs collected $40 from pot", "Bigs collected $38 from pot"),
    ("Total pot $70 | Rake $0", "Total pot $70 | Rake $2"),
)
SIDE_POT_TO_SHORT = ("Bigs collected $40 from pot", f"{SHORT} collected $40 from pot")

SPLIT = _log(
    """NL 2/5; stacks 500 x3; button P1
    posts: P2 sb 2, P3 bb 5
    preflop: P1 raise 15, P2 call, P3 fold
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P2 2c 3h "a straight, Ten to Ace"; P1 4h 5s "a straight, Ten to Ace"
    board: Ts Jh Qd Kc Ad
    settle: collect P2 18; collect P1 17; pot 35; rake 0""",
    300000000050,
    "Report Split",
    60,
    {"P1": "Dora", "P2": "Emil", "P3": "Finn"},
)

ODD_CHIP_MOVED = (
    ("Emil collected $0.18", "Emil collected $0.17"),
    ("Dora collected $0.17", "Dora collected $0.18"),
)

HILO = _log(
    """PL 50/100; stacks 10000 x3; button P1; game omaha4; hilo
    posts: P2 sb 50, P3 bb 100
    preflop: P1 raise 300, P2 call, P3 fold
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P2 Ah 3s 9c Tc "HI: a pair of Kings; LO: 7,4,3,2,A"
    cards: P1 Kh Qh Jd Js "HI: three of a kind, Kings"
    board: Ks 7h 2c 4d Kd
    settle: collect P1 350; collect P2 350; pot 700; rake 0""",
    300000000070,
    "Report HiLo",
    120,
    {"P1": "Gil", "P2": "Hana", "P3": "Ivo"},
)
HIGH_HALF_MORE = (
    ("Gil collected $3.50", "Gil collected $3.60"),
    ("Hana collected $3.50", "Hana collected $3.40"),
)

SESSION_NAMES = {"P1": ROGUE, "P2": "Bea", "P3": "Cid"}
_FIRST = _log(
    """NL 50/100; stacks 10000 x3; button P1
    posts: P2 sb 50, P3 bb 100
    preflop: P1 fold, P2 fold
    settle: return P3 50; collect P3 100; pot 100; rake 0""",
    300000000101,
    "Report Session",
    0,
    SESSION_NAMES,
)
SECOND = _log(
    """NL 50/100; stacks P1=10000 P2=9950 P3=10050; button P2
    posts: P3 sb 50, P1 bb 100
    preflop: P2 fold, P3 fold
    settle: return P1 50; collect P1 100; pot 100; rake 0""",
    300000000102,
    "Report Session",
    1,
    SESSION_NAMES,
)

SESSION = _FIRST + SECOND
LOWER_STACK = ("Seat 2: Bea ($99.50 in chips)", "Seat 2: Bea ($90 in chips)")
WRONG_BIG_BLIND = (f"{ROGUE}: posts big blind $1", "Bea: posts big blind $1")


def mutated(text: str, *changes: tuple[str, str]) -> str:
    """`text` with each (old, new) replaced; each old text must be there exactly once."""
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def second_hand_mutated(*changes: tuple[str, str]) -> str:
    """SESSION with the changes made in its second hand only."""
    return _FIRST + mutated(SECOND, *changes)


def run_log(
    text: str | bytes, folder: Path, config: str | None = None, name: str = "log.txt"
) -> dict[str, Any]:
    """`hhaudit run` on `text` (one file, `name`, run from `folder` so the report names it
    as that) into folder/out; returns run.json, the report is folder/out/report.html."""
    import os

    from click.testing import CliRunner

    from hhaudit.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    log = folder / name
    log.write_bytes(text) if isinstance(text, bytes) else log.write_text(text, encoding="utf-8")
    args = ["run", name, "--out", "out", "--exit-zero", "-q"]
    if config is not None:
        (folder / "opts.toml").write_text(config, encoding="utf-8")
        args += ["--config", "opts.toml"]
    here = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return json.loads((folder / "out" / "run.json").read_text(encoding="utf-8"))


def block(page: str, element_id: str) -> str:
    """The HTML of the element with `element_id` up to the end of its hand (or div)."""
    start = page.index(f'id="{element_id}"')
    end = page.find("</details>\n", start)
    return page[start:end]


def rows(fragment: str) -> Rows:
    """(tr class, [cell text]) of each body row of the tables in `fragment`."""
    found = []
    for attributes, body in re.findall(r"<tr([^>]*)>(.*?)</tr>", fragment, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", body, re.S)
        text = [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in cells]
        css = re.search(r'class="([^"]*)"', attributes)
        found.append((css[1] if css else "", text))
    return found


def tables(fragment: str) -> list[tuple[str, Rows]]:
    """(caption text, body rows) of each table of `fragment`."""
    tables = []
    for table in re.findall(r"<table class=\"pot[^\"]*\">(.*?)</table>", fragment, re.S):
        caption = re.search(r"<caption>(.*?)</caption>", table, re.S)
        title = html.unescape(re.sub(r"<[^>]+>", "", caption[1])) if caption else ""
        body = table.split("<tbody>")[1] if "<tbody>" in table else ""
        tables.append((" ".join(title.split()), rows(body)))
    return tables
