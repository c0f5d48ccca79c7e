"""Hand-history formats hhaudit recognises but has no parser for yet.

Each entry is (name, label, header): `name` is the site/format a file's run.json entry gives,
`label` how a quarantine reason names it ("line 3: no parser for OnGame hand histories yet"),
`header` a regex matching the one line that opens each hand (whitespace-stripped). XML and
JSON exports are matched by the element or key that opens each hand (`<HISTORY ID="…"`,
`{"history":[`), so their hands are counted one by one like text hands.

These formats come after every format with a parser in parsers.detect.FORMATS, so a header a
parser reads is never taken by them; the patterns are also anchored and specific enough not to
match a line inside another format's hand (any header line opens a new hand).
"""

from __future__ import annotations

#: (name, label, header pattern)
UNSUPPORTED: tuple[tuple[str, str, str], ...] = (
    ("fulltilt", "Full Tilt Poker", r"^(?:Full Tilt Poker|FullTiltPoker) Game #\d+"),
    # Absolute Poker / UltimateBet (Cereus network): "Stage #C282012441: Holdem  Normal …"
    ("cereus", "Absolute Poker / UltimateBet", r"^Stage #[A-Z]?\d+[: ]"),
    # Chico network skins: "BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02)"
    (
        "chico",
        "Chico (BetOnline)",
        r"^(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com|SportsBetting(?:\.ag)?"
        r"(?: Poker)?|Tiger Gaming) Game #\d+: ",
    ),
    # Betfair (before its move to its own platform): "***** Betfair Poker Hand History for
    # Game 100000000 *****"
    ("betfair", "Betfair", r"^\*{5} Betfair Poker Hand History for Game \d+ \*{5}"),
    ("boss-media", "Boss Media XML", r'^<HISTORY ID="\d+"'),
    # Cake network: "Hand#3008011667000561 - Melbourne (Turbo, 6-max) 11667 -- $3/$6 …"
    # (a doubled BOM at the start of some files is stripped by parsers/core/io.py)
    ("cake", "Cake", r"^Hand#[0-9A-Za-z]+ - "),
    # Unibet / Enet: "Game #19408739: Hold'em (€0,05/€0,10) - …", "Game #1463192545: Table …"
    ("unibet-enet", "Unibet / Enet", r"^Game #\d+: "),
    # Entraction: "Game # 1850568849 - Texas Hold'em No Limit EUR 0.10/0.20 - Table …"
    ("entraction", "Entraction", r"^Game # \d+ - "),
    # Everest: PokerTracker-style text and the client's XML (<HAND time="…" id="…">)
    ("everest", "Everest Poker", r'^EverestPoker Game #|^<HAND time="\d+" id="'),
    # Everleaf and its skins (Partouche in French): the line under "<skin> Game #N"
    (
        "everleaf",
        "Everleaf",
        r"^\*{5} Hand history for game #\d+ \*{5}|^\*{3} Historique des Mains pour la partie \d+",
    ),
    ("igt", "IGT (JSON)", r'^\{"history":\['),
    # Kings Club: "#37660193: Pot Limit Omaha 5 Card - 5/10"
    ("kingsclub", "Kings Club", r"^#\d+: (?:No Limit|Pot Limit|Fixed Limit|Limit) "),
    # Merge: PokerTracker-style text and the client's XML (<game id="33325037-500" …>)
    ("merge", "Merge", r'^(?:MERGE_GAME|Merge Game) #|^<game id="\d+-\d+"'),
    # Microgaming XML: <Game hhversion="4" id="5049092192" date=…>
    ("microgaming", "Microgaming XML", r'^<Game (?:hhversion="\d+" )?id="\d+"'),
    # OnGame: "***** History for hand R5-75443872-61 *****"
    ("ongame", "OnGame", r"^\*{5} History for hand [A-Z0-9]+-\d+-\d+"),
    # PKR: "Starting Hand #2103758909" (after "Table #39445473 - Top Pair")
    ("pkr", "PKR", r"^Starting Hand #\d+"),
    # PokerTracker's text export of iPoker hands: "GAME #8162156892 Version:18.5.6.4 …"
    ("pokertracker-ipoker", "PokerTracker iPoker text", r"^GAME #\d+[: ]"),
    # PokerTracker's text export of Microgaming hands: "** Game ID 4908778359 …",
    # "** Hand # 5029053937 starting - 2013-09-07 02:30:38"
    (
        "pokertracker-microgaming",
        "PokerTracker Microgaming text",
        r"^\*\* (?:Game ID \d+ |Hand # ?\d+ starting)",
    ),
    # Seals With Clubs: "Hand #6340502-110 - 2013-05-02 02:14:03"
    ("sealswithclubs", "Seals With Clubs", r"^Hand #\d+-\d+ - \d{4}-\d\d-\d\d "),
)
