"""Small PokerStars logs written for the report tests, legal and mutated, and a helper that runs
`hhaudit run` on one (test tooling; the hands are made up, not from the corpus).

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
from pathlib import Path
from typing import Any

Rows = list[tuple[str, list[str]]]

SHORT = '<script>alert("pwn")</script>'
ROGUE = "<img src=x onerror=alert(2)>"


def _header(hand_id: str, stakes: str, time: str) -> str:
    return f"PokerStars Hand #{hand_id}:  Hold'em No Limit ({stakes} USD) - 2026/01/05 {time} ET\n"


POTS = (
    _header("300000000001", "$1/$2", "10:00:00")
    + f"""Table 'Report Pots' 6-max Seat #1 is the button
Seat 1: {SHORT} ($10 in chips)
Seat 2: Bigs ($100 in chips)
Seat 3: Carl ($100 in chips)
Bigs: posts small blind $1
Carl: posts big blind $2
*** HOLE CARDS ***
{SHORT}: raises $8 to $10 and is all-in
Bigs: calls $9
Carl: calls $8
*** FLOP *** [2c 7d 9h]
Bigs: bets $20
Carl: calls $20
*** TURN *** [2c 7d 9h] [Js]
Bigs: checks
Carl: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Bigs: checks
Carl: checks
*** SHOW DOWN ***
Bigs: shows [Ah Ad] (a pair of Aces)
Carl: shows [Kh Kd] (a pair of Kings)
{SHORT}: shows [9s 9d] (three of a kind, Nines)
Bigs collected $40 from side pot
{SHORT} collected $30 from main pot
*** SUMMARY ***
Total pot $70 Main pot $30. Side pot $40. | Rake $0
Board [2c 7d 9h Js 3s]
Seat 1: {SHORT} (button) showed [9s 9d] and won ($30) with three of a kind, Nines
Seat 2: Bigs (small blind) showed [Ah Ad] and won ($40) with a pair of Aces
Seat 3: Carl (big blind) showed [Kh Kd] and lost with a pair of Kings


"""
)

MAIN_POT_TO_CARL = (f"{SHORT} collected $30 from main pot", "Carl collected $30 from main pot")
RAKED = (
    ("Bigs collected $40 from side pot", "Bigs collected $38 from side pot"),
    ("Side pot $40. | Rake $0", "Side pot $38. | Rake $2"),
    ("won ($40) with a pair of Aces", "won ($38) with a pair of Aces"),
)
SIDE_POT_TO_SHORT = ("Bigs collected $40 from side pot", f"{SHORT} collected $40 from side pot")

SPLIT = (
    _header("300000000050", "$0.02/$0.05", "11:00:00")
    + """Table 'Report Split' 6-max Seat #1 is the button
Seat 1: Dora ($5 in chips)
Seat 2: Emil ($5 in chips)
Seat 3: Finn ($5 in chips)
Emil: posts small blind $0.02
Finn: posts big blind $0.05
*** HOLE CARDS ***
Dora: raises $0.10 to $0.15
Emil: calls $0.13
Finn: folds
*** FLOP *** [Ts Jh Qd]
Emil: checks
Dora: checks
*** TURN *** [Ts Jh Qd] [Kc]
Emil: checks
Dora: checks
*** RIVER *** [Ts Jh Qd Kc] [Ad]
Emil: checks
Dora: checks
*** SHOW DOWN ***
Emil: shows [2c 3h] (a straight, Ten to Ace)
Dora: shows [4h 5s] (a straight, Ten to Ace)
Emil collected $0.18 from pot
Dora collected $0.17 from pot
*** SUMMARY ***
Total pot $0.35 | Rake $0
Board [Ts Jh Qd Kc Ad]
Seat 1: Dora (button) showed [4h 5s] and won ($0.17) with a straight, Ten to Ace
Seat 2: Emil (small blind) showed [2c 3h] and won ($0.18) with a straight, Ten to Ace
Seat 3: Finn (big blind) folded before Flop


"""
)

ODD_CHIP_MOVED = (
    ("Emil collected $0.18", "Emil collected $0.17"),
    ("Dora collected $0.17", "Dora collected $0.18"),
)

HILO = (
    "PokerStars Hand #300000000070:  Omaha Hi/Lo Pot Limit ($0.50/$1 USD)"
    " - 2026/01/05 12:00:00 ET\n"
    + """Table 'Report HiLo' 6-max Seat #1 is the button
Seat 1: Gil ($100 in chips)
Seat 2: Hana ($100 in chips)
Seat 3: Ivo ($100 in chips)
Hana: posts small blind $0.50
Ivo: posts big blind $1
*** HOLE CARDS ***
Gil: raises $2 to $3
Hana: calls $2.50
Ivo: folds
*** FLOP *** [Ks 7h 2c]
Hana: checks
Gil: checks
*** TURN *** [Ks 7h 2c] [4d]
Hana: checks
Gil: checks
*** RIVER *** [Ks 7h 2c 4d] [Kd]
Hana: checks
Gil: checks
*** SHOW DOWN ***
Hana: shows [Ah 3s 9c Tc] (HI: a pair of Kings; LO: 7,4,3,2,A)
Gil: shows [Kh Qh Jd Js] (HI: three of a kind, Kings)
Gil collected $3.50 from pot
Hana collected $3.50 from pot
*** SUMMARY ***
Total pot $7 | Rake $0
Board [Ks 7h 2c 4d Kd]
Seat 1: Gil (button) showed [Kh Qh Jd Js] and won ($3.50) with HI: three of a kind, Kings
Seat 2: Hana (small blind) showed [Ah 3s 9c Tc] and won ($3.50) with LO: 7,4,3,2,A
Seat 3: Ivo (big blind) folded before Flop


"""
)
HIGH_HALF_MORE = (
    ("Gil collected $3.50", "Gil collected $3.60"),
    ("Hana collected $3.50", "Hana collected $3.40"),
)

_FIRST = (
    _header("300000000101", "$0.50/$1", "10:00:00")
    + f"""Table 'Report Session' 6-max Seat #1 is the button
Seat 1: {ROGUE} ($100 in chips)
Seat 2: Bea ($100 in chips)
Seat 3: Cid ($100 in chips)
Bea: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
{ROGUE}: folds
Bea: folds
Uncalled bet ($0.50) returned to Cid
Cid collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: {ROGUE} (button) folded before Flop (didn't bet)
Seat 2: Bea (small blind) folded before Flop
Seat 3: Cid (big blind) collected ($1)


"""
)

SECOND = (
    _header("300000000102", "$0.50/$1", "10:01:00")
    + f"""Table 'Report Session' 6-max Seat #2 is the button
Seat 1: {ROGUE} ($100 in chips)
Seat 2: Bea ($99.50 in chips)
Seat 3: Cid ($100.50 in chips)
Cid: posts small blind $0.50
{ROGUE}: posts big blind $1
*** HOLE CARDS ***
Bea: folds
Cid: folds
Uncalled bet ($0.50) returned to {ROGUE}
{ROGUE} collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: {ROGUE} (big blind) collected ($1)
Seat 2: Bea (button) folded before Flop (didn't bet)
Seat 3: Cid (small blind) folded before Flop


"""
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
