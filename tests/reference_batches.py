"""The batches of hands tests/audit/test_reference.py derives its inputs from
(tests/reference_inputs.py), each checked once.

"samples": sample_data, every rule's two examples, the §11 showdown vectors, the same vectors
with every collect moved and a board card shown again, and hands with void rows, as one batch;
"synth": generated hands of three games; "real": a few small files of each site folder of
../shared/corpus/real (the test skips where it is absent).
"""

from __future__ import annotations

import csv
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
from conftest import CORPUS, SAMPLE_DATA

from audit import Options, check
from audit.engine import SliceFrames, slice_frames, typed_tables
from audit.rules import RULES
from audit.testing import (
    cards_from_vector,
    example_sections,
    hand,
    parse_example,
    pokerstars,
    site_hand,
    tables_from_vector,
)
from parsers import parse_bytes, parse_paths

SHOWDOWN_VECTORS = Path(__file__).parent / "audit" / "showdown_vectors.json"
BATCHES = ("samples", "synth", "real")
#: Hands read from each site folder of the real corpus (whole files, smallest names first).
REAL_HANDS_PER_SITE = 300
REAL_SITES = (
    "888poker",
    "bovada",
    "ggpoker",
    "ipoker",
    "partypoker",
    "phh",
    "pokerstars",
    "winamax",
    "wpn",
)

#: Hands whose void rows the forms must treat alike: two void rounds (ACT-FOLDED, then the
#: action after it), an all-in player's void fold, a folded player's void flop bet.
VOID_HANDS = (
    "NL 50/100; stacks 5000 x3; button P3\n"
    "preflop: P3 raise 300, P1 fold, P2 call, P1 call, P3 check",
    "NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3\n"
    "preflop: P3 raise 500, P1 fold, P2 call\nflop: P2 check, P3 fold, P2 check",
    "NL 50/100; stacks 5000 x3; button P3\npreflop: P3 raise 300, P1 fold, P2 fold\n"
    "flop: P1 bet 100",
)
#: A short stack that owes an ante and a blind (the settlement's per-player facts; the hand of
#: tests/audit/test_ante_priority.py, its blinds printed first), as PokerStars text.
ANTE_AND_BLIND = pokerstars(
    site_hand(
        hand(
            "NL 20/40; stacks P1=1500 P2=1500 P3=30; button P1; ante 10\n"
            "posts: P2 sb 20, P3 bb 20, P1 ante 10, P2 ante 10, P3 ante 10 allin\n"
            "preflop: P1 fold, P2 call 30\ncards: P2 Ah Ad; P3 Kc Kd\nboard: 2c 7d Jh Qs 3d\n"
            "settle: collect P2 90; pot 90; rake 0",
            table="77 1",
            max_seats=9,
        ),
        2001,
    )
)
#: The option sets the states are computed under (the fixed-limit ones take other paths).
OPTION_SETS = {
    "default": Options(),
    "fl": Options(
        fl_short_allin_counts_to_cap="always",
        fl_cap_heads_up="uncapped_when_heads_up",
        fl_half_allin_level="full_bet",
        fl_reopen_scope="last_raise",
    ),
}


@dataclass
class Batch:
    hands: pl.DataFrame
    seats: pl.DataFrame
    actions: pl.DataFrame
    cards: pl.DataFrame

    @property
    def tables(self) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame]:
        return self.hands, self.seats, self.actions, self.cards


def _vector_hands() -> list[dict[str, Any]]:
    """Every rule example of one hand, the §11 showdown vectors and VOID_HANDS as vectors."""
    vectors = []
    for rule in RULES.values():
        if rule.session_frame is None:  # the session rules' examples have several hands
            vectors += [parse_example(text)[0] for text in example_sections(rule.doc).values()]
    for vector in json.loads(SHOWDOWN_VECTORS.read_text())["vectors"]:
        hand, _ = parse_example(vector["hand"])
        hand["id"] = vector["id"]
        vectors.append(hand)
    return vectors + [parse_example(text)[0] for text in VOID_HANDS]


def vector_batch() -> Batch:
    """Every vector of _vector_hands as one hand of one batch (hand_key = its position)."""
    tables: list[list[pl.DataFrame]] = [[], [], [], []]
    for key, vector in enumerate(_vector_hands()):
        frames = (*tables_from_vector(vector), cards_from_vector(vector))
        for slot, frame in enumerate(frames):
            tables[slot].append(frame.with_columns(hand_key=pl.lit(key, pl.Int64)))
    return Batch(*typed_tables(*(pl.concat(f, how="vertical_relaxed") for f in tables)))


def _shifted(batch: Batch, offset: int) -> Batch:
    return Batch(*(table.with_columns(pl.col("hand_key") + offset) for table in batch.tables))


def mutated(batch: Batch) -> Batch:
    """The batch with every collect moved one seat on and each hand's first shown card
    replaced by its river (showdown and duplicate-card flags everywhere)."""
    moved = pl.col("kind").cast(pl.String) == "collect"
    actions = batch.actions.with_columns(
        seat=pl.when(moved).then(pl.col("seat") % 9 + 1).otherwise(pl.col("seat"))
    )
    cards = batch.cards
    river = cards.filter((pl.col("source") == "board") & (pl.col("street") == 3))
    river = river.group_by("hand_key").agg(again=pl.col("card").first())
    first_shown = (pl.col("source") == "shown") & (
        pl.int_range(pl.len()).over("hand_key", "source") == 0
    )
    again = pl.col("again").is_not_null()
    cards = (
        cards.join(river, on="hand_key", how="left", maintain_order="left")
        .with_columns(card=pl.when(first_shown & again).then("again").otherwise("card"))
        .drop("again")
    )
    return Batch(batch.hands, batch.seats, actions, cards)


def _concat(batches: list[Batch]) -> Batch:
    return Batch(
        *(
            pl.concat(frames, how="vertical_relaxed")
            for frames in zip(*(b.tables for b in batches), strict=True)
        )
    )


def _parsed(paths: list[Path]) -> Batch:
    parsed = parse_paths(paths)
    return Batch(*typed_tables(parsed.hands, parsed.seats, parsed.actions, parsed.cards))


def _real_paths() -> list[Path]:
    """The smallest-named files of each site folder, up to REAL_HANDS_PER_SITE hands each."""
    with (CORPUS / "MANIFEST.csv").open(encoding="utf-8") as manifest:
        rows = sorted(csv.DictReader(manifest), key=lambda row: row["path"])
    taken: dict[str, int] = {}
    paths = []
    for row in rows:
        site = row["path"].split("/")[0]
        hands = int(row["hands"] or 0)
        if site in REAL_SITES and taken.get(site, 0) + hands <= REAL_HANDS_PER_SITE:
            taken[site] = taken.get(site, 0) + hands
            paths.append(CORPUS / row["path"])
    return paths


@functools.cache
def batch(source: str) -> Batch:
    if source == "samples":
        sample = _parsed([SAMPLE_DATA])
        offset = int(sample.hands.get_column("hand_key").max() or 0) + 1  # type: ignore[arg-type]
        vectors = _shifted(vector_batch(), offset)
        ante = parse_bytes(ANTE_AND_BLIND.encode(), "ante.txt", digest=False)
        tables = ante.hands, ante.seats, ante.actions, ante.cards
        ante_batch = _shifted(Batch(*typed_tables(*tables)), offset + 20_000)
        return _concat([sample, vectors, _shifted(mutated(vectors), 10_000), ante_batch])
    if source == "no-limit samples":  # no fixed-limit raise: the FL windows' constants
        return _parsed(sorted(p for p in SAMPLE_DATA.glob("*.txt") if "FL" not in p.name))
    if source == "synth":
        from tools.synth import SynthOptions, generate

        options = SynthOptions(games=("NLHE", "PLO", "FLHE"), straddles=0.1, sitting_out=0.2)
        made = generate(600, 31, violation_rate=0.2, options=options, tables=False)
        parsed = parse_bytes(made.text.encode("utf-8"), "synth.txt")
        return Batch(*typed_tables(parsed.hands, parsed.seats, parsed.actions, parsed.cards))
    assert source == "real"
    return _parsed(_real_paths())


def every_rule() -> list[Any]:
    return [rule for rule in RULES.values() if rule.session_frame is None]


@functools.cache
def frames(source: str, options: str = "default") -> SliceFrames:
    b = batch(source)
    return slice_frames(*b.tables, OPTION_SETS[options], None, every_rule())


@functools.cache
def audited(source: str) -> Any:
    hands, seats, actions, cards = batch(source).tables
    return check(hands, seats, actions, cards=cards)
