"""The sites' names of stud, razz and draw hands, read into the values of `hands.py` (for C-7).

`read_value_labels(frame, kind, label=..., into=...)` reads one value kind's part of each shown
hand's name (a String column) into a struct column:

* `stated`: `value` when the name gives the whole value (a list of ranks, a badugi), `name` when
  it names a class and a rank or two ("a pair of Fives"), `no_low` when it says no low
  qualified; null when the text is not a name of this kind (never a guess);
* `value` (Int64): the stated value in the kind's encoding (docs/showdown.md), to compare with
  `hand_values`' `value`;
* `value_class`, `rank`, `second`: the named class and its ranks (2..14, the ace 14).

The shapes read (case does not matter; "T" or "10" for ten; ranks listed in any order):

* `eight_low`: `HI: ...; LO: 8,7,5,4,2`, `Lo: 8,5,3,2,A`; `HI: a pair of Aces` alone is a hand
  without a low (PokerStars); `8,5,3,2,A  for low.`, `8,5,3,2,A.` (PartyPoker); `Ace High - Lo
  (8-5-3-2-A)` (Merge); `No low hand qualified`, `There was no qualifying low hand`.
* `ace_five_low`, `deuce_seven_low`: `Lo: 7,5,3,2,A`, `Lo: a pair of Fives`, `Lo: a straight,
  Four to Eight` (PokerStars); `K,J,T,9,2`, `a pair of Sevens`, `a straight, Seven high` (Full
  Tilt); `9-8-7-6-4`, `Pair of Queens`, `Two Pair Tens and Fives`, `Full House - Queens over
  Nines` (Merge); `High card : 8` (Winamax); ace-to-five also a list of fewer ranks, the value
  of a razz hand of fewer cards (Merge's `K-7-A` on 3rd street).
* `badugi`: `Badugi: 8,4,3,A`, `a 3-card: 9,5,A`, `2-card: K,A` (PokerStars); `a 3-Card: 7, 2, A`
  (Full Tilt); `Badugi, K-9-4-A`, `Three Cards, Q-J-2`, `Two Cards, 4-A` (Merge).
* `high`: the class names above and PokerStars' (its `HI:` part), Winamax's (`One pair : Aces`,
  `Two pairs : Kings and 4`, `Straight King high`), Absolute's (`One pair, aces`) and Merge's
  (`Ace High - Lo (...)`): class and ranks only.

`label_disagrees(...)` compares a read name with the evaluated value, class and best cards.

Each distinct name is read once (a night's shown hands repeat a few thousand names), in steps
that materialize the cleaned text and the rank list, so no regex runs twice on a name.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import rank_expr
from audit.showdown.values.hands import VALUE_CLASS_DTYPE, VALUE_KINDS

STATED = ("value", "name", "no_low")
STATED_DTYPE = pl.Enum(STATED)
ACE = 14
_RANK_CHARS = {str(rank): rank for rank in range(2, 11)} | {"t": 10, "j": 11, "q": 12, "k": 13}
_NUMBERS = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
#: Rank words, singular and plural ("sixes"), with "deuce(s)" and "trey(s)"; not imported from
#: audit.showdown.labels, which imports the award (the showdown will import this module).
RANK_WORDS = {
    word: rank
    for rank, number in enumerate(_NUMBERS, 2)
    for word in (number, number + ("es" if number == "six" else "s"))
} | {"deuce": 2, "deuces": 2, "trey": 3, "treys": 3}
_WORD = r"(?P<{}>\w+)"
A, B = _WORD.format("a"), _WORD.format("b")
#: (pattern, class) of the class names, tried in order; `a` is the rank the name gives first.
NAMES: tuple[tuple[str, str], ...] = (
    (r"^(?:a )?royal flush$", "straight_flush"),
    (rf"^(?:a )?straight flush,? {A} to {B}$", "straight_flush"),
    (rf"^(?:a )?straight flush,? {A} high$", "straight_flush"),
    (rf"^four of a kind\s*[,:]?\s*{A}$", "quads"),
    (rf"^(?:a )?full house\s*[,:-]?\s*{A} (?:full of|over|and) {B}$", "full_house"),
    (rf"^(?:a )?flush,? {A} high$", "flush"),
    (rf"^(?:a )?straight,? {A} to {B}$", "straight"),
    (rf"^(?:a )?straight,? {A} high$", "straight"),
    (rf"^three of a kind\s*[,:]?\s*{A}$", "trips"),
    (rf"^two pairs?\s*[,:]?\s*{A} and {B}$", "two_pair"),
    (rf"^(?:a )?pair of {A}$", "pair"),
    (rf"^one pair\s*[,:]\s*{A}$", "pair"),
    (rf"^high card\s*:?\s*{A}$", "high_card"),
    (rf"^{A} high$", "high_card"),
)
_RANK_LIST = r"^(?:10|[2-9tjqka])(?:[,\s-]+(?:10|[2-9tjqka]))*$"
#: (pattern with the list in group `ranks`, badugi size or 0 when the list's length says it).
BADUGI_SHAPES: tuple[tuple[str, int], ...] = (
    (r"^(?:a )?badugi\s*[:,]\s*(?P<ranks>.+)$", 4),
    (r"^(?:a )?(?P<size>[1-4])-card\s*:\s*(?P<ranks>.+)$", 0),
    (r"^(?:one card|two cards|three cards)\s*,\s*(?P<ranks>.+)$", 0),
)
_SIZE_WORDS = {"one": 1, "two": 2, "three": 3}


def _rank_token(token: pl.Expr, *, ace: int) -> pl.Expr:
    """One rank word or character -> 2..14 (the ace `ace`), null when it is not a rank."""
    mapping = _RANK_CHARS | {"a": ace} | {word: rank for word, rank in RANK_WORDS.items()}
    return token.replace_strict(mapping, default=None, return_dtype=pl.Int8)


def _clean(label: pl.Expr) -> pl.Expr:
    text = label.str.strip_chars().str.to_lowercase().str.replace(r"\.$", "")
    return text.str.replace(r"\s*\[[^\]]*\]$", "").str.strip_chars()


def _with_ranks(frame: pl.DataFrame, *, ace: int, width: int) -> pl.DataFrame:
    """`_packed` and `_count` of the rank list in `_list` ("8,5,3,2,A", "K-9-4-A"): the ranks
    sorted highest first, four bits each over `width` fields (0 past the list); `_packed` null
    unless every token is a rank, none twice, at most `width` of them."""
    text = pl.col("_list").str.strip_chars()
    tokens = text.str.replace_all(r"[,\s-]+", ",").str.split(",")
    ranked = frame.with_columns(
        _ranks=pl.when(text.str.contains(_RANK_LIST)).then(
            tokens.list.eval(_rank_token(pl.element(), ace=ace)).list.sort(descending=True)
        )
    )
    ranks = pl.col("_ranks")
    count = ranks.list.len()
    packed: pl.Expr = pl.lit(0, pl.Int64)
    for at in range(width):
        packed = packed * 16 + ranks.list.get(at, null_on_oob=True).cast(pl.Int64).fill_null(0)
    readable = (
        (ranks.list.drop_nulls().list.len() == count)
        & (ranks.list.n_unique() == count)
        & (count <= width)
    )
    return ranked.with_columns(_packed=pl.when(readable).then(packed), _count=count)


def _low_part(text: pl.Expr) -> pl.Expr:
    """The low half of a hi/lo name: after `lo:`, inside `lo (...)`, before `for low`, or the
    whole name when it is a list of ranks."""
    return pl.coalesce(
        text.str.extract(r"\blo:\s*([^;]+)$", 1),
        text.str.extract(r"\blo \(([^)]*)\)", 1),
        text.str.extract(r"^(.*?)\s+for low$", 1),
        pl.when(text.str.contains(_RANK_LIST)).then(text),
    ).str.strip_chars()


def _straight_top(end: pl.Expr, other_end: pl.Expr) -> pl.Expr:
    """The top card of the straight "Four to Eight" / "Eight to Four"; "Ace to Five" (or
    "Five to Ace") is the wheel, topped by the five."""
    wheel = pl.min_horizontal(end, other_end) == 5
    return (
        pl.when(wheel & (pl.max_horizontal(end, other_end) == ACE))
        .then(pl.lit(5, pl.Int8))
        .otherwise(pl.max_horizontal(end, other_end))
    )


def _with_name(frame: pl.DataFrame) -> pl.DataFrame:
    """`_class`, `_rank`, `_second` of the class name in `_text` (nulls: none of NAMES); one
    regex pass per pattern."""
    text = pl.col("_text")
    klass: pl.Expr = pl.lit(None, pl.String)
    first: pl.Expr = pl.lit(None, pl.Int8)
    second: pl.Expr = pl.lit(None, pl.Int8)
    groups = {}
    for at, (pattern, _) in enumerate(NAMES):
        if "(?P<a>" in pattern:
            groups[f"_g{at}"] = text.str.extract_groups(pattern)
        else:
            groups[f"_g{at}"] = pl.struct(hit=text.str.contains(pattern))
    frame = frame.with_columns(**groups)
    for at, (pattern, name) in reversed(list(enumerate(NAMES))):
        group = pl.col(f"_g{at}")
        a = b = pl.lit(None, pl.Int8)
        if "(?P<a>" in pattern:
            hit = group.struct.field("a").is_not_null()
            a = _rank_token(group.struct.field("a"), ace=ACE)
        else:  # a royal flush
            hit, a = group.struct.field("hit"), pl.lit(ACE, pl.Int8)
        if "(?P<b>" in pattern:
            b = _rank_token(group.struct.field("b"), ace=ACE)
        if name in ("straight", "straight_flush") and "(?P<b>" in pattern:
            a, b = _straight_top(a, b), pl.lit(None, pl.Int8)
        klass = pl.when(hit).then(pl.lit(name)).otherwise(klass)
        first = pl.when(hit).then(a).otherwise(first)
        second = pl.when(hit).then(b).otherwise(second)
    return frame.with_columns(_class=klass, _rank=first, _second=second)


def _read(stated: pl.Expr, value: pl.Expr, klass: pl.Expr, rank: pl.Expr, second: pl.Expr):
    return pl.struct(
        stated.cast(STATED_DTYPE).alias("stated"),
        value.cast(pl.Int64).alias("value"),
        klass.cast(VALUE_CLASS_DTYPE).alias("value_class"),
        rank.cast(pl.Int8).alias("rank"),
        second.cast(pl.Int8).alias("second"),
    )


_LABEL = "_label"


def read_value_labels(
    frame: pl.DataFrame, kind: str, *, label: str = "label", into: str = "label_read"
) -> pl.DataFrame:
    """`frame` plus `into`: its `label` column (String) read as names of `kind` (see the module
    doc); null where the label is null."""
    if kind not in VALUE_KINDS:
        raise ValueError(f"unknown value kind {kind!r}; expected one of {VALUE_KINDS}")
    names = frame.select(pl.col(label).cast(pl.String).alias(_LABEL)).unique().drop_nulls()
    names = names.with_columns(_text=_clean(pl.col(_LABEL)))
    if kind == "eight_low":
        read = _read_eight_low(names)
    elif kind == "badugi":
        read = _read_badugi(names)
    else:
        read = _read_named(names, kind)
    read = read.select(_LABEL, read_struct=read.get_column("_read")).rename({"read_struct": into})
    return frame.join(read, left_on=label, right_on=_LABEL, how="left", maintain_order="left")


def _read_named(names: pl.DataFrame, kind: str) -> pl.DataFrame:
    """The high names, and the ace-to-five and deuce-to-seven lists and names."""
    if kind == "high":
        text = pl.col("_text").str.replace(r"^hi:\s*", "")
        names = names.with_columns(_text=text.str.replace(r"\s*(?:;|-\s*lo\b).*$", ""))
        named = _with_name(names)
        stated: pl.Expr = pl.when(pl.col("_class").is_not_null()).then(pl.lit("name"))
        return named.with_columns(
            _read=_read(stated, pl.lit(None), pl.col("_class"), pl.col("_rank"), pl.col("_second"))
        )
    names = names.with_columns(_text=pl.col("_text").str.replace(r"^lo:\s*", ""))
    names = _with_ranks(
        _with_name(names).with_columns(_list=pl.col("_text")),
        ace=1 if kind == "ace_five_low" else ACE,
        width=5,
    )
    # a razz hand of fewer cards (Merge names every street: "K-7-A") is the value of those cards
    fewest = 1 if kind == "ace_five_low" else 5
    listed = pl.col("_packed").is_not_null() & pl.col("_count").is_between(fewest, 5)
    stated = (
        pl.when(listed)
        .then(pl.lit("value"))
        .when(pl.col("_class").is_not_null())
        .then(pl.lit("name"))
    )
    return names.with_columns(
        _read=_read(
            stated,
            pl.when(listed).then("_packed"),  # five distinct ranks: high card, class 0
            pl.when(listed).then(pl.lit("high_card")).otherwise("_class"),
            pl.when(listed).then(None).otherwise("_rank"),
            pl.when(listed).then(None).otherwise("_second"),
        )
    )


def _read_eight_low(names: pl.DataFrame) -> pl.DataFrame:
    text = pl.col("_text")
    # PokerStars names a hi/lo hand "HI: ...; LO: ..." and a hand without a low "HI: ..." alone
    high_only = text.str.starts_with("hi:") & ~text.str.contains(r"\blo\b")
    no_low = high_only | text.str.contains(r"\bno (?:low hand qualified|qualifying low)")
    names = _with_ranks(names.with_columns(_list=_low_part(text), _no_low=no_low), ace=1, width=5)
    listed = pl.col("_packed").is_not_null() & (pl.col("_count") == 5)
    stated = pl.when("_no_low").then(pl.lit("no_low")).when(listed).then(pl.lit("value"))
    none = pl.lit(None, pl.Int8)
    return names.with_columns(
        _read=_read(
            stated,
            pl.when(listed & ~pl.col("_no_low")).then("_packed"),
            pl.when(listed & ~pl.col("_no_low")).then(pl.lit("low")),
            none,
            none,
        )
    )


def _read_badugi(names: pl.DataFrame) -> pl.DataFrame:
    text = pl.col("_text")
    ranks: pl.Expr = pl.lit(None, pl.String)
    size: pl.Expr = pl.lit(None, pl.Int8)
    for pattern, fixed in reversed(BADUGI_SHAPES):
        groups = text.str.extract_groups(pattern)
        if fixed:
            stated_size = pl.lit(fixed, pl.Int8)
        elif "(?P<size>" in pattern:
            stated_size = groups.struct.field("size").cast(pl.Int8, strict=False)
        else:
            word = text.str.extract(r"^(one|two|three)", 1)
            stated_size = word.replace_strict(_SIZE_WORDS, default=None, return_dtype=pl.Int8)
        listed = groups.struct.field("ranks")
        ranks = pl.when(listed.is_not_null()).then(listed).otherwise(ranks)
        size = pl.when(listed.is_not_null()).then(stated_size).otherwise(size)
    names = _with_ranks(names.with_columns(_list=ranks, _size=size), ace=1, width=4)
    count = pl.col("_count")
    listed = pl.col("_packed").is_not_null() & (count == pl.col("_size"))
    size_class = pl.lit(None, pl.String)
    for cards, name in ((1, "one_card"), (2, "two_card"), (3, "three_card"), (4, "badugi")):
        size_class = pl.when(count == cards).then(pl.lit(name)).otherwise(size_class)
    none = pl.lit(None, pl.Int8)
    value = ((4 - count.cast(pl.Int64)) * (1 << 16)) + pl.col("_packed")
    return names.with_columns(
        _read=_read(
            pl.when(listed).then(pl.lit("value")),
            pl.when(listed).then(value),
            pl.when(listed).then(size_class),
            none,
            none,
        )
    )


def label_disagrees(read: pl.Expr, value: pl.Expr, value_class: pl.Expr, best: pl.Expr) -> pl.Expr:
    """True when a read name (the column of `read_value_labels`) contradicts the row's `value`,
    `value_class` and `best_cards` (`hand_values`); false when it agrees; null when the name was
    not read.

    A stated value must equal the value (and a low must exist); `no_low` holds only without a
    qualifying low; a named class must be the class, its first rank the first best card's (the
    pair, the set, the top of a straight or flush, the highest card) and its second the other
    group's (two pair: either order; full house: the pair). Pass columns, not expressions:
    `read` is used several times.
    """
    stated = read.struct.field("stated")
    card = [rank_expr(best.list.get(at, null_on_oob=True)) for at in range(4)]
    rank, second = read.struct.field("rank"), read.struct.field("second")
    other = pl.when(value_class == "two_pair").then(card[2]).otherwise(card[3])
    two_pair_swapped = (value_class == "two_pair") & (rank == other) & (second == card[0])
    ranks_agree = (rank.is_null() | (rank == card[0])) & (second.is_null() | (second == other))
    name_off = (read.struct.field("value_class") != value_class).fill_null(True) | ~(
        ranks_agree.fill_null(False) | two_pair_swapped.fill_null(False)
    )
    value_off = (read.struct.field("value") != value).fill_null(True)
    return (
        pl.when(stated == "value")
        .then(value_off)
        .when(stated == "no_low")
        .then(value.is_not_null())
        .when(stated == "name")
        .then(name_off)
    )
