"""Cards as clients print them -> the canonical two-character form ("Ah", "Td", "Qc").

The one reader of card text for every site, as Polars expressions (nothing loops over rows).
Clients localize card names; the forms read here are the ones real exports show:

- English letters: `Ah`, `Td`, `AH` (upper-case exports), and `10h` for the ten;
- German suit words (888poker's German client): `3Karo`, `KKreuz`, `QHerz`, `JPik`, `10Karo`;
- Dutch ranks (888 Dutch client): `B` boer = J, `V` vrouw = Q, `H` heer = K;
- Swedish ranks (888 Swedish client): `Kn` knekt = J, `D` dam = Q, `E` ess = A;
- Russian ranks (888 Russian client): `В` валет = J, `Д` дама = Q, `К` король = K, `Т` туз = A,
  and the same letters of a cp1251 file read as cp1252 (`Â`, `Ä`, `Ê`, `Ò`), which is how a
  file that is not UTF-8 is decoded (parsers/core/io.py).

Every name means one card whatever the locale (German Bube and Dame agree with Dutch B and
Swedish D). French ranks are left out on purpose: their `V` (valet) is a jack where the Dutch
`V` (vrouw) is a queen, and no export in the corpus shows which one a French client writes.
A token that is no known card reads as null, never as a guess. Two layouts besides a rank
followed by a suit: iPoker XML writes the suit first (`H7`, `C10`, `DT`, `s5`:
`suit_first_card`), PHH packs the cards of a dealing without separators (`AcKd`:
`packed_card_tokens`). A hidden card (`X`, `x`, `xx`, PHH's `??`) is no card at all:
`is_hidden_card`, which the card readers drop before they make a row.
"""

from __future__ import annotations

import polars as pl

#: Rank name as printed -> canonical rank.
RANKS: dict[str, str] = {
    **{str(n): str(n) for n in range(2, 10)},
    "10": "T",
    "T": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
    "B": "J",  # Dutch boer, German Bube
    "V": "Q",  # Dutch vrouw
    "H": "K",  # Dutch heer
    "Kn": "J",  # Swedish knekt
    "D": "Q",  # Swedish dam, German Dame
    "E": "A",  # Swedish ess
    "В": "J",  # Russian валет
    "Д": "Q",  # Russian дама
    "К": "K",  # Russian король
    "Т": "A",  # Russian туз
    "Â": "J",  # the Russian letters of a cp1251 file decoded as cp1252
    "Ä": "Q",
    "Ê": "K",
    "Ò": "A",
}

#: Suit name as printed -> canonical suit.
SUITS: dict[str, str] = {
    "s": "s",
    "h": "h",
    "d": "d",
    "c": "c",
    "S": "s",
    "H": "h",
    "D": "d",
    "C": "c",
    "Pik": "s",
    "Herz": "h",
    "Karo": "d",
    "Kreuz": "c",
}


def _alternatives(names: dict[str, str]) -> str:
    """Names longest first, so `Kn` and `10` are tried before `K` and `1`."""
    return "|".join(sorted(names, key=len, reverse=True))


#: One card token: a rank name followed by a suit name, nothing else.
CARD = rf"^(?P<rank>{_alternatives(RANKS)})(?P<suit>{_alternatives(SUITS)})$"
#: A card the log does not show: iPoker's `X`/`x`, `[xx]`, PHH's `??` (and `?`).
HIDDEN = r"^(?:[xX]{1,2}|\?{1,2})$"
#: iPoker's suit-first card: `H7`, `C10`, `DT`, `s5`, `hK` (a suit letter, then a rank).
SUIT_FIRST = r"^(?P<suit>[SHDCshdc])(?P<rank>10|[2-9TJQKA])$"
#: Separators between the cards of a list: "[ 3Karo, KKreuz ]", "[Ah Kd]", "AsKd".
_SEPARATORS = r"[\s,\[\]]+"


def canonical_card(token: pl.Expr) -> pl.Expr:
    """The canonical two-character card of one token ("KKreuz" -> "Kc"), null if unknown."""
    parts = token.str.strip_chars().str.extract_groups(CARD)
    rank = parts.struct.field("rank").replace_strict(RANKS, default=None)
    suit = parts.struct.field("suit").replace_strict(SUITS, default=None)
    return rank + suit


def card_tokens(text: pl.Expr) -> pl.Expr:
    """The card tokens of a card list as printed ("[ 3Karo, KKreuz ]" -> ["3Karo", "KKreuz"])."""
    tokens = text.str.replace_all(_SEPARATORS, " ").str.strip_chars().str.split(" ")
    return tokens.list.eval(pl.element().filter(pl.element() != ""))


def read_cards(text: pl.Expr) -> pl.Expr:
    """The cards of a card list ("[ 3Karo, KKreuz ]", "Ah Kd") in order, each canonical (an
    unknown token is a null element); an empty list when the text names no card."""
    return card_tokens(text).list.eval(canonical_card(pl.element()))


def bracketed_cards(line: pl.Expr) -> pl.Expr:
    """The cards of the first `[...]` of a line ("** Dealing flop ** [ QHerz, JPik, 7Pik ]",
    "Dealt to Hero [ 7h, 8s ]"), canonical; null when the line has no brackets."""
    return read_cards(line.str.extract(r"\[([^\]]*)\]", 1))


def is_hidden_card(token: pl.Expr) -> pl.Expr:
    """True for a card the log hides (`X`, `xx`, `??`): not a card, not an unreadable one."""
    return token.str.strip_chars().str.contains(HIDDEN)


def suit_first_card(token: pl.Expr) -> pl.Expr:
    """iPoker's suit-first card ("H7", "C10", "s5") turned round and read by `canonical_card`
    ("7h", "Tc", "5s"); any other token goes to `canonical_card` as it is."""
    text = token.str.strip_chars()
    turned = text.str.replace(SUIT_FIRST, "${rank}${suit}")
    return canonical_card(turned)


def packed_card_tokens(text: pl.Expr) -> pl.Expr:
    """The two-character card tokens of PHH's packed cards ("AcKd" -> ["Ac", "Kd"], "????" ->
    ["??", "??"]); whitespace between them is allowed."""
    return text.str.replace_all(r"\s+", "").str.extract_all(r"..")
