"""`hand_uid`: the same key for the same hand in every run, whatever the file, order or cut.

A hand is the hand of duplicates.py: its site, its hand id and its betting (every action's
street, player, kind, amount and raise-to total, in recorded order). Site ids are not unique
enough alone: PHH numbers hands per file (or gives none: id "1"), and real exports reuse an id
for hands with other betting (tests/run/test_run_duplicates.py). So

    hand_uid = blake2b-128 hex of "hhaudit-hand-v1 \\x1f site \\x1f hand_id \\x1f betting"

where betting is one "street|player|kind|amount|to_amount" text per action, joined by
"\\x1e" in `seq` order (null as ""). The street is written as the first release numbered it,
0-3 the board streets and 4 the settlement, so a board game's hand keeps its uid since the
Street ids of parsers/games.py (the settlement is 13 there); a stud or draw round by its name
(`third`, `first_draw`: `_uid_street`). 32 hex characters; the algorithm and the text are fixed
(not Polars' hash, which changes between versions), so a warehouse can join nights. A
quarantined hand (never parsed to actions) has the digest of its site and id with no betting;
a quarantine row without a hand id has none. A later copy of a hand (same site, id and
betting: duplicates.py) has the first copy's uid.

`flag_id` is "<hand_uid>:<seq or h>:<code>" from here on: audit/causes.py builds it from the
within-run hand_key, and `with_stable_flag_ids` swaps that part for the hand_uid, so a flag's id
is the same in every run too.

The uids are computed per unit (hhaudit.run.batch, in the workers), so the combined tables only
carry them; the hashing is the one Python loop of a run over hands (~1 us a hand).
"""

from __future__ import annotations

import hashlib
import io

import numpy as np
import polars as pl

from parsers.games import BOARD_STREETS, SHOWDOWN, street_name

UID_VERSION = "hhaudit-hand-v1"
FIELD, RECORD = "\x1f", "\x1e"
BETTING_TEXT = ("street", "player", "kind", "amount", "to_amount")
SPAN_COLUMNS = ("_prefix", "_start", "_end")  # a hand's text: prefix + buffer[start:end]
#: The settlement's street in the uid text: its id before parsers/games.py.
UID_SETTLEMENT = "4"
#: Keyed by hand_key (pots and payouts: the judged pots of flagged hands, audit/judged.py).
UID_TABLES = ("hands", "seats", "actions", "cards", "violations", "pots", "payouts")


def digest_texts(texts: pl.Series) -> pl.Series:
    """blake2b-128 hex of each text (UTF-8); null stays null."""
    digests = [
        None if text is None else hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        for text in texts.to_list()
    ]  # a loop over hands: hashlib has no vectorized form, Polars' hash is not stable
    return pl.Series("hand_uid", digests, dtype=pl.String)


def _identity_text(betting: pl.Expr) -> pl.Expr:
    parts = [pl.lit(UID_VERSION), pl.col("site").fill_null(""), pl.col("hand_id").fill_null("")]
    return pl.concat_str([*parts, betting], separator=FIELD)


def _rows_as_csv(betting: pl.DataFrame) -> tuple[bytes, pl.Series] | None:
    """The rows' betting texts, each ended by RECORD, written as one CSV (separator "|", no
    quoting, null as ""): the same bytes as the texts cast and joined, at ~0.4x the CPU. With
    the position of each row's RECORD; None when a value holds a RECORD itself (the ends would
    be ambiguous) or a column is of a type whose CSV text may differ from its cast (floats)."""
    if not all(_written_as_cast(dtype) for dtype in betting.select(BETTING_TEXT).dtypes):
        return None
    out = io.BytesIO()
    betting.select(BETTING_TEXT).write_csv(
        out,
        include_header=False,
        separator="|",
        line_terminator=RECORD,
        quote_style="never",
        null_value="",
    )
    buffer = out.getvalue()
    ends = np.flatnonzero(np.frombuffer(buffer, dtype=np.uint8) == ord(RECORD))
    if len(ends) != betting.height:
        return None
    return buffer, pl.Series("_end", ends, dtype=pl.Int64)


def _written_as_cast(dtype: pl.DataType) -> bool:
    """A type that CSV writes as the text of its cast to String (integers, strings, enums)."""
    return dtype.is_integer() or isinstance(dtype, pl.String | pl.Enum | pl.Categorical)


def _rows_as_texts(betting: pl.DataFrame) -> tuple[bytes, pl.Series]:
    """The same buffer from Polars texts (the general way: any value), with the rows' ends."""
    text = pl.concat_str(
        [pl.col(name).cast(pl.String).fill_null("") for name in BETTING_TEXT], separator="|"
    )
    rows = betting.select(pl.concat_str(text, pl.lit(RECORD)).alias("_row"))
    ends = rows.get_column("_row").str.len_bytes().cast(pl.Int64).cum_sum() - 1
    return rows.get_column("_row").str.join("").item().encode(), ends.alias("_end")


def _in_betting_order(actions: pl.DataFrame) -> bool:
    """Whether the rows are already in strict (hand_key, seq) order, as the check leaves them
    (testing the order costs less than sorting); a null or a repeated key pair: not."""
    key, seq = pl.col("hand_key"), pl.col("seq")
    later = (key.diff() > 0) | ((key.diff() == 0) & (seq.diff() > 0))
    return bool(actions.select(later.fill_null(False).slice(1).all()).item())


def _betting_spans(actions: pl.DataFrame) -> tuple[bytes, pl.DataFrame]:
    """All actions' betting texts in (hand_key, seq) order, each ended by RECORD, as one
    buffer; and hand_key -> [_start, _end): the hand's rows joined by RECORD in that buffer."""
    betting = actions if _in_betting_order(actions) else actions.sort("hand_key", "seq")
    buffer, ends = _rows_as_csv(betting) or _rows_as_texts(betting)
    rows = betting.select("hand_key").with_columns(
        _start=ends.shift(1, fill_value=-1) + 1, _end=ends
    )
    key = pl.col("hand_key")  # sorted: a hand's rows are one run of its key
    first, last = key.ne_missing(key.shift(1)), key.ne_missing(key.shift(-1))
    spans = rows.select(
        key.filter(last), pl.col("_start").filter(first), pl.col("_end").filter(last)
    )
    return buffer, spans


def _uid_street(street: pl.Expr) -> pl.Expr:
    """The street as the uid text writes it (module docstring): the board streets' ids, 4 for
    the settlement, the name of any other round."""
    board = street.is_in(BOARD_STREETS)
    return (
        pl.when(board)
        .then(street.cast(pl.String))
        .when(street == SHOWDOWN)
        .then(pl.lit(UID_SETTLEMENT))
        .otherwise(street_name(street))
    )


def hand_uids(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """hand_key -> hand_uid for every hand of `hands`, in its order.

    The identity text is the hand's prefix (version, site, hand id) then its betting: the
    rows' texts of its actions joined by RECORD. All the rows are written once into one
    buffer, so each hand's betting is one byte span of it (the RECORD marks between its rows
    are the join); the digest is fed the prefix then the span: the same bytes as the text
    whole."""
    betting = actions.select(
        "hand_key", "seq", _uid_street(pl.col("street")).alias("street"), *BETTING_TEXT[1:]
    )
    buffer, spans = _betting_spans(betting)
    keyed = hands.select("hand_key", _identity_text(pl.lit("")).alias("_prefix")).join(
        spans, on="hand_key", how="left", maintain_order="left"
    )
    return keyed.select("hand_key", _span_digests(keyed, memoryview(buffer)))


def _span_digests(keyed: pl.DataFrame, buffer: memoryview) -> pl.Series:
    """blake2b-128 hex of each row's _prefix followed by buffer[_start:_end] (none: nothing)."""
    prefixes, starts, ends = (keyed.get_column(name).to_list() for name in SPAN_COLUMNS)
    fresh = hashlib.blake2b(digest_size=16).copy  # copying a ready hasher costs less than a new one
    digests = []
    for prefix, start, end in zip(prefixes, starts, ends, strict=True):  # a loop over hands
        digest = fresh()
        digest.update(prefix.encode())
        if start is not None:
            digest.update(buffer[start:end])
        digests.append(digest.hexdigest())
    return pl.Series("hand_uid", digests, dtype=pl.String)


def quarantine_uids(quarantine: pl.DataFrame) -> pl.Series:
    """A quarantined hand's uid: its site and id with no betting; null without an id."""
    has_id = pl.col("hand_id").is_not_null() & (pl.col("hand_id") != "")
    texts = quarantine.select(pl.when(has_id).then(_identity_text(pl.lit(""))).alias("_text"))
    return digest_texts(texts.get_column("_text"))


def with_stable_flag_ids(violations: pl.DataFrame) -> pl.DataFrame:
    """flag_id and caused_by with their hand_key part replaced by the hand's hand_uid (a flag's
    cause is a flag of the same hand)."""
    rest = r"(:[^:]+:[^:]+)$"  # ":<seq or h>:<code>"
    return violations.with_columns(
        pl.concat_str(pl.col("hand_uid"), pl.col(name).str.extract(rest)).alias(name)
        for name in ("flag_id", "caused_by")
    )


def with_hand_uids(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame]:
    """Every table with its `hand_uid` column (last), flag ids made stable; hands and actions
    are those of the same parse (a batch, a file or a chunk)."""
    uids = hand_uids(tables["hands"], tables["actions"])
    out = dict(tables)
    for name in (name for name in UID_TABLES if name in tables):
        out[name] = tables[name].join(uids, on="hand_key", how="left", maintain_order="left")
    out["violations"] = with_stable_flag_ids(out["violations"])
    quarantine = tables["quarantine"]
    out["quarantine"] = quarantine.with_columns(quarantine_uids(quarantine))
    return out
