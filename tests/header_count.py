"""Hand headers counted independently of parsers/: the reconciliation that `hands_read` is
checked against (tests/corpus/test_header_counts.py, the site tests' corpus counts).

Written for the tests from the formats' own text (docs/sites.md, the corpus), not from
parsers/detect.py: its own decoding (BOMs, UTF-16 with or without BOM, cp1252), its own line
split, and one pattern per format for the line that opens a hand. A line counts once, whatever
it holds; XML and JSON formats count the element or key that opens a hand.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

#: The line that opens one hand, per format (matched on the stripped line; case matters but for
#: the PokerStars family, whose hands some trackers export in upper case).
HEADERS: dict[str, str] = {
    # PokerStars' regional clients write their own name ("PokerStars.fr Hand #")
    "pokerstars": r"(?i:^(?:pokerstars(?:\.[a-z]{2,3}){0,2}|run it once poker|pokerbros|pokermaster"
    r"|pppoker|full tilt)"
    r"(?: zoom| home game| rush)? (?:hand|game) #[\w-]+: )",
    "winamax": r"^\S+ Poker - .*HandId: #",
    "ggpoker": r"^Poker Hand #\w+: ",
    "wpn": r"^(?:Game )?Hand #\d+ - .*\((?:No|Pot|Fixed)? ?Limit\)|^Game started at: \d{4}/",
    # 888 (and its skins), partypoker, Betfair: "***** <brand> Hand History for Game N *****"
    "star-banner": r"^\*{5} (?:.+ )?Hand History [Ff]or Game \S+ \*{5}",
    "bovada": r"^(?:Bovada|Ignition|Bodog)(?:\.com|\.eu| UK)? Hand #",
    "ipoker": r"<game\s[^>]*gamecode=",
    "phh": r"^variant\s*=\s*['\"]",
    "fulltilt": r"^Full ?Tilt ?Poker Game #\d+",
    "cereus": r"^Stage #\w+",
    "chico": r"^(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com|SportsBetting\S*"
    r"(?: Poker)?|Tiger Gaming) Game #\d+: ",
    "boss-media": r"^<HISTORY ID=\"\d+\"",
    "cake": r"^Hand#\w+ - ",
    "unibet-enet": r"^Game #\d+: ",
    "entraction": r"^Game # \d+ - ",
    "everest": r"^EverestPoker Game #|^<HAND time=\"\d+\" id=",
    "everleaf": r"^\*{5} Hand history for game #\d+|^\*{3} Historique des Mains pour la partie",
    "igt": r"^\{\"history\":\[",
    "kingsclub": r"^#\d+: (?:No Limit|Pot Limit|Fixed Limit|Limit) ",
    "merge": r"^(?:MERGE_GAME|Merge Game) #|^<game id=\"\d+-\d+\"",
    "microgaming": r"^<Game (?:hhversion=\"\d+\" )?id=\"\d+\"",
    "ongame": r"^\*{5} History for hand \w+-\d+-\d+",
    "pkr": r"^Starting Hand #\d+",
    "pokertracker-ipoker": r"^GAME #\d+[: ]",
    "pokertracker-microgaming": r"^\*\* (?:Game ID \d+ |Hand # ?\d+ starting)",
    "sealswithclubs": r"^Hand #\d+-\d+ - \d{4}-",
}
ANY_HEADER = re.compile("|".join(f"(?:{pattern})" for pattern in HEADERS.values()))


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le' or '-be' when every other byte of the start is NUL (ASCII text)."""
    sample = data[:2000]
    if len(sample) < 8:
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if odd > len(sample) // 4 and even == 0:
        return "utf-16-le"
    if even > len(sample) // 4 and odd == 0:
        return "utf-16-be"
    return None


def text_of(data: bytes) -> str:
    """The text of a hand-history file, whatever encoding it was exported in."""
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", errors="replace")
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace")
    encoding = _utf16_without_bom(data)
    if encoding:
        return data.decode(encoding, errors="replace")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text


def count_headers(data: bytes) -> int:
    """Hand headers in one file's bytes: lines that open a hand."""
    text = text_of(data).replace("\x00", "")
    count = 0
    for line in re.split(r"\r\n|\r|\n", text):
        stripped = line.strip().lstrip("\ufeff").lstrip("ï»¿").strip()
        if ANY_HEADER.search(stripped):
            count += 1
    return count


def count_file(path: Path) -> int:
    return count_headers(path.read_bytes())
